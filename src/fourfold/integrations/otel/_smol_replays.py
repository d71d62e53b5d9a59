r"""smolagents' own turns as a chat API is sent them: its replays in plain roles.

smolagents keeps a step's calls and their observation in its memory in roles of its own,
``tool-call`` (``Calling tools:\n`` and a Python repr of the calls) and ``tool-response``
(``Observation:\n...``), which OpenInference's smolagents instrumentation records as they are
(`._shapes.smolagents_message`). A model class sending that memory to a chat API
(``OpenAIServerModel``, measured on smolagents 1.26.0) first maps them to ``assistant`` and
``user`` and joins each run of messages of one role into one, their texts by a newline: what
an instrumentation of the API client records (openlit's ``chat`` spans under its smolagents
instrumentation). So a later input gives

- a ToolCallingAgent's step as the assistant text ``Calling tools:\n[{'id': 'call_w2', ...}]``:
  the turn that requested those calls, as the model's reply wrote it (no text of its own);
- a CodeAgent's step as its text, then ``\nCalling tools:\n[...]`` (the code action, a
  ``python_interpreter`` call with an id): the model's text requesting that call. smolagents
  completes the text with the code block's closing tag the request's stop sequence cut off
  (``</code>``): a model's reply never holds a stop sequence, so a text ending in one of the
  request's ``gen_ai.request.stop_sequences`` ends in what the framework added, and the turn as
  the model wrote it is the text before it (the contract: a turn as the model wrote it, where
  a later input replays it in other words);
- the step's observation as the user text that follows such a turn, ``Observation:\n...``
  (or a failed code step's ``Call id: <id>\nError:\n...``): the tool message answering it, read
  as `._shapes.smolagents_message` reads a ``tool-response``.

Any other message is as written: a user text holding a failed step's ``Error:`` after the task
(smolagents drops the failed step, and joins its error to the task's user message) stays that
user message.
"""

from __future__ import annotations

import re
from typing import Any

from .._messages import Msg, try_json
from ._shapes import smolagents_message

__all__ = ["restated_turns"]

_CALLS = re.compile(r"(?:\A|\n)(Calling tools:\n\[.*\])\Z", re.DOTALL)
"""A turn restated: its text (if any), then smolagents' ``Calling tools:`` and the calls."""

_ANSWERS = re.compile(r"Observation:\n|Call id: \S+\nError:\n")
"""The start of a step's observation, or of a failed code step's error naming its call."""


def restated_turns(history: list[Msg], stop_sequences: Any = None) -> list[Msg]:
    r"""`history` with smolagents' restated turns and their observations read as what they are.

    `stop_sequences`: the request's ``gen_ai.request.stop_sequences`` (a list or its JSON).
    A history that holds no restated turn comes back unchanged.

    Examples:
        >>> said = [Msg("user", "New task:\nWeather?"),
        ...         Msg("assistant", "Calling tools:\n[{'id': 'call_1', 'type': 'function', "
        ...             "'function': {'name': 'get_weather', 'arguments': {'city': 'Paris'}}}]"),
        ...         Msg("user", "Observation:\nsunny")]
        >>> [(m.role, m.content, [r.id for r in m.tool_calls], m.tool_call_id)
        ...  for m in restated_turns(said)]  # doctest: +NORMALIZE_WHITESPACE
        [('user', 'New task:\nWeather?', [], None), ('assistant', None, ['call_1'], None),
         ('tool', 'Observation:\nsunny', [], 'call_1')]
        >>> code = Msg("assistant", "Thought: go.\n<code>\nprint(1)\n</code>\nCalling tools:\n"
        ...     "[{'id': 'call_1', 'type': 'function', 'function': {'name': "
        ...     "'python_interpreter', 'arguments': 'print(1)'}}]")
        >>> [turn] = restated_turns([code], ["Observation:", "</code>"])
        >>> turn.content, turn.tool_calls[0].arguments
        ('Thought: go.\n<code>\nprint(1)\n', {'input': 'print(1)'})
        >>> restated_turns([Msg("user", "Observation:\nsunny")])[0].role  # no turn before it
        'user'
    """
    if not any(_restated(m) is not None for m in history):
        return history
    stops = try_json(stop_sequences)
    stops = [s for s in stops if isinstance(s, str) and s] if isinstance(stops, list) else []
    out: list[Msg] = []
    for msg in history:
        calls = _restated(msg)
        if calls is not None:
            text = (msg.content or "")[: -len(calls)].removesuffix("\n")
            text = next((text[: -len(s)] for s in stops if text.endswith(s)), text)
            turn = Msg(role="assistant", content=text or None)
            smolagents_message("tool-call", calls, [turn])  # the turn, with its requests
            out.append(turn)
            continue
        last = out[-1] if out else None
        restating = last is not None and last.role == "assistant" and bool(last.tool_calls)
        if (
            restating
            and msg.role == "user"
            and _ANSWERS.match(msg.content or "")
            and smolagents_message("tool-response", msg.content, out)
        ):
            continue
        out.append(msg)
    return out


def _restated(msg: Msg) -> str | None:
    """The ``Calling tools:`` part of an assistant text that restates a turn, else None."""
    if msg.role != "assistant" or msg.tool_calls or not msg.content:
        return None
    found = _CALLS.search(msg.content)
    return found[1] if found else None
