"""A Responses API reply recorded as one message: its turns, one an output item.

openinference-instrumentation-openai-agents (2.6) writes a ``response`` span's reply
flattened as ``llm.output_messages``: one assistant message holding all the reply's
function calls (``tool_calls.0``, ``.1``...), and its text, where ``output.value``, the whole
``Response``, holds them as output items, a ``function_call`` each. The Responses API has no
message requesting two tools: each item is an assistant turn requesting its one call, as the
API and the next input (``function_call`` items in a row, then their outputs) write them (the
contract, tests/data/traces/README.md). Where a next input replays the items the history
says so already; where none does (the Agents SDK chaining its calls with
``previous_response_id``: the next input holds only the ``function_call_output`` items, the
server keeping the rest), the one message is all there is of the reply.

The rule, `item_turns`: an assistant message of a reply whose ``Response`` holds its requests
as distinct output items (a ``function_call``'s ``call_id``, a hosted call's ``id``) and its
text as a ``message`` item is split into one turn an item, in the items' order, each turn
knowing its place among the reply's (`Msg.reply_item`), so the answers to its calls follow
all its turns (`.._item_runs`). A message whose requests the response does not hold as items
of their own (a request with no id) is left whole; so is a reply the API did not make: the
Agents SDK's Chat Completions model, streamed, builds a ``Response`` from the chunks under its
stand-in id ``__fake_id__`` (``agents.models.fake_id.FAKE_RESPONSES_ID``), but the reply was
one Chat Completions message requesting both calls, as the next request writes it.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg

__all__ = ["item_turns"]

_FAKE_ID = "__fake_id__"
"""The Agents SDK's id for a ``Response`` it built itself (``FAKE_RESPONSES_ID``)."""


def item_turns(outputs: list[Msg], response: Any) -> list[Msg]:
    """`outputs`, each message holding several of `response`'s output items split, a turn each.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> asked = [ToolRequest("f", {"x": 1}, "c1"), ToolRequest("f", {"x": 2}, "c2")]
        >>> items = [{"type": "function_call", "call_id": "c1", "id": "fc_1"},
        ...          {"type": "function_call", "call_id": "c2", "id": "fc_2"}]
        >>> turns = item_turns([Msg("assistant", None, tool_calls=asked)],
        ...                    {"object": "response", "output": items})
        >>> [([r.id for r in m.tool_calls], m.reply_item) for m in turns]
        [(['c1'], (0, 2)), (['c2'], (1, 2))]
        >>> whole = [Msg("assistant", None, tool_calls=asked)]
        >>> item_turns(whole, {"object": "chat.completion"}) == whole
        True
        >>> item_turns(whole, {"object": "response", "id": "__fake_id__", "output": items}) == whole
        True
    """
    output = _output(response)
    if not output:
        return outputs
    places: dict[str, int] = {}
    for n, item in enumerate(output):
        for key in ("call_id", "id"):
            ident = item.get(key)
            if isinstance(ident, str) and item.get("type") != "message":
                places.setdefault(ident, n)
    said = next((n for n, i in enumerate(output) if i.get("type") == "message"), None)
    turns: list[Msg] = []
    for msg in outputs:
        split = _split(msg, places, said)
        turns.extend(split if split is not None else [msg])
    return turns


def _split(msg: Msg, places: dict[str, int], said: int | None) -> list[Msg] | None:
    """`msg`'s turns, one an item, in the items' order; None when it is one item's or unknown.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> one = Msg("assistant", "On it.", tool_calls=[ToolRequest("f", {}, "c1")])
        >>> [(m.content, [r.id for r in m.tool_calls]) for m in _split(one, {"c1": 0}, 1)]
        [(None, ['c1']), ('On it.', [])]
        >>> _split(one, {"c1": 0}, None) is None  # the text in no message item
        True
        >>> _split(Msg("assistant", None, tool_calls=[ToolRequest("f", {}, "c1")]), {"c1": 0}, 1)
    """
    if msg.role != "assistant" or not msg.tool_calls:
        return None
    at = [places.get(r.id) if r.id else None for r in msg.tool_calls]
    known = [n for n in at if n is not None]
    if len(known) != len(at) or len(set(known)) != len(known):
        return None
    parts = [
        (n, Msg("assistant", None, tool_calls=[r]))
        for n, r in zip(known, msg.tool_calls, strict=True)
    ]
    if msg.content is not None:
        if said is None:
            return None
        parts.append((said, Msg("assistant", msg.content)))
    if len(parts) < 2:
        return None
    turns = [turn for _, turn in sorted(parts, key=lambda p: p[0])]
    for n, turn in enumerate(turns):
        turn.reply_item = (n, len(turns))
    return turns


def _output(response: Any) -> list[dict[str, Any]]:
    """A ``Response`` object's output items; none for anything else."""
    if not isinstance(response, dict) or response.get("object") != "response":
        return []
    if response.get("id") == _FAKE_ID:  # built by the SDK from a Chat Completions stream
        return []
    output = response.get("output")
    return [i for i in output if isinstance(i, dict)] if isinstance(output, list) else []
