"""Reordering what the order should not matter for: earlier turns of a conversation, list items.

* **A conversation** (a case whose input is a list of messages): the exchanges before the
  last user turn are shuffled. An exchange is a user turn with the assistant and tool turns
  that answer it, kept together (a tool result stays after the call it answers); system
  turns stay first and the last user turn, with anything after it, stays last.
* **A list in the text** (a single message, or the last user turn when the conversation
  has fewer than two earlier exchanges): the items of each run of two or more lines
  starting with ``-``, ``*``, ``•`` or ``1.``/``1)`` are shuffled; the markers stay where
  they were, so a numbered list stays numbered 1, 2, 3.

The order drawn is never the one given. A case with nothing to reorder gets no variant.
"""

from __future__ import annotations

import random
import re
from typing import Any

from ..trace import Message

__all__ = ["reorder_items", "reorder_turns"]

_ITEM = re.compile(r"^(\s*(?:[-*•]|\d+[.)])\s+)(.*)$")


def reorder_turns(
    messages: list[Message], rng: random.Random
) -> tuple[list[Message], dict[str, Any]] | None:
    """The conversation with its earlier exchanges shuffled, or None when it has fewer than two.

    Examples:
        >>> turns = [Message(role="user", content=t) for t in ("a", "b", "c")]
        >>> out, done = reorder_turns(turns, random.Random(0))
        >>> [m.content for m in out], done
        (['b', 'a', 'c'], {'unit': 'turns', 'order': [1, 0]})
    """
    last_user = max((i for i, m in enumerate(messages) if m.role == "user"), default=None)
    if last_user is None:
        return None
    head = 0
    while head < last_user and messages[head].role == "system":
        head += 1
    exchanges: list[list[Message]] = []
    for message in messages[head:last_user]:
        if message.role == "user" or not exchanges:
            exchanges.append([message])
        else:
            exchanges[-1].append(message)
    order = _new_order(len(exchanges), rng)
    if order is None:
        return None
    shuffled = [m for i in order for m in exchanges[i]]
    return [*messages[:head], *shuffled, *messages[last_user:]], {"unit": "turns", "order": order}


def reorder_items(text: str, rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    r"""`text` with the items of each list in it shuffled, or None when it holds no list.

    Examples:
        >>> out, done = reorder_items("Please:\n- a\n- b\n- c", random.Random(0))
        >>> out.splitlines()[1:], done["unit"]
        (['- a', '- c', '- b'], 'items')
    """
    lines = text.split("\n")
    runs: list[list[int]] = []
    for n, line in enumerate(lines):
        if _ITEM.match(line):
            if runs and runs[-1][-1] == n - 1:
                runs[-1].append(n)
            else:
                runs.append([n])
    runs = [r for r in runs if len(r) >= 2]
    if not runs:
        return None
    orders: list[list[int]] = []
    for run in runs:
        order = _new_order(len(run), rng)
        assert order is not None  # every run has two items or more
        matches = [_ITEM.match(lines[n]) for n in run]
        bodies = [m.group(2) for m in matches if m is not None]
        for n, i in zip(run, order, strict=True):
            marker = _ITEM.match(lines[n])
            assert marker is not None
            lines[n] = marker.group(1) + bodies[i]
        orders.append(order)
    return "\n".join(lines), {"unit": "items", "order": orders[0] if len(orders) == 1 else orders}


def _new_order(n: int, rng: random.Random) -> list[int] | None:
    """A random order of ``range(n)`` other than the given one (None below two)."""
    if n < 2:
        return None
    order = list(range(n))
    while order == sorted(order):
        rng.shuffle(order)
    return order
