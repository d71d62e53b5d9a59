r"""A reasoning agent's reply replayed to the main agent inside ``<thinking>`` tags.

Agno's reasoning (``Agent(reasoning_model=...)``) runs a reasoning agent of its own first: a
model call inside its ``invoke_agent`` span, given the main agent's system prompt and the
user's message, whose reply is its reasoning. Agno then hands that reasoning to the main
agent's model as an assistant message of its own making, the reply's text wrapped as
``<thinking>\n{reasoning}\n</thinking>`` (``agno.reasoning``'s ``get_*_reasoning``: one
format for every provider), and every later model input of the run replays it so.

That message is the reasoning turn replayed in other words, not a second turn: one
message, with the text as the reasoning model wrote it (both readings of
``openlit-agno-reasoning``; the contract: "an assistant turn as the model wrote it, where a
later input replays it in other words"). `thinking_key` is what the two records share, the
text inside the tags; the reply, merged first, keeps its own words.
"""

from __future__ import annotations

import re

__all__ = ["thinking_key"]

_WRAPPED = re.compile(r"<thinking>\n(?P<text>(?:(?!</thinking>).)*)\n</thinking>", re.DOTALL)


def thinking_key(text: str) -> str:
    r"""`text` without Agno's ``<thinking>`` wrapping, when it is wrapped whole so; else `text`.

    Examples:
        >>> thinking_key("<thinking>\nTwo cities: call get_weather twice.\n</thinking>")
        'Two cities: call get_weather twice.'
        >>> thinking_key("Two cities: call get_weather twice.")
        'Two cities: call get_weather twice.'
        >>> thinking_key("<thinking>\nFirst.\n</thinking>\nThe answer.")  # more than the tags
        '<thinking>\nFirst.\n</thinking>\nThe answer.'
    """
    found = _WRAPPED.fullmatch(text)
    return found.group("text").strip() if found is not None else text
