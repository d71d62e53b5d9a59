"""The turns google-genai's automatic function calling ran inside one model-call span.

google-genai's ``Models.generate_content`` given Python functions as ``tools`` calls them
itself (automatic function calling, AFC): it sends the request, runs the functions the reply
asks for, sends their results back, and so on until the model answers; the caller sees one
response. openinference-instrumentation-google-genai 1.4.14 (google-genai 3.6.1) wraps that
whole loop in ONE ``GenerateContent`` span (LLM): ``llm.input_messages`` the caller's request
(system instruction and ``contents``), ``llm.output_messages`` the final answer, the usage the
last request's, and no span for the turns between
(tests/data/traces/google-genai/openinference-google-genai-afc-*). Those turns are recorded
only in the final response, ``output.value``'s ``automatic_function_calling_history``: the
request's ``contents``, then each ``model`` turn that asked for calls (``function_call``
parts, no ids from the Gemini API) and the ``user`` turn of its ``function_response`` parts.
(The instrumentation also writes the requests as bare ``message.tool_calls.<k>...`` keys,
without ``llm.output_messages``' prefix; the history says more, the results too.)

The span is read as the last request the SDK sent: its input is the caller's request
followed by the history's turns after the request's own ``contents`` (so the question is
said once), its reply the final answer. The requests are then answered by the tool messages
after them, by order when there are no ids. An empty history (no function ran, or AFC off)
or a request whose turns the input already holds changes nothing.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, parse_messages, try_json

__all__ = ["afc_turns"]

_HISTORY = "automatic_function_calling_history"
"""The field of google-genai's ``GenerateContentResponse`` that holds the AFC turns."""


def afc_turns(inputs: list[Msg], request: Any, response: Any) -> list[Msg]:
    """The AFC turns `response` records after `request`'s contents, not already in `inputs`.

    `request`: the span's ``input.value`` (``{contents, ...}``); `response`: its
    ``output.value`` (a google-genai response, ``automatic_function_calling_history`` in it).

    Examples:
        >>> request = {"contents": [{"role": "user", "parts": [{"text": "Weather in Paris?"}]}]}
        >>> history = [{"parts": [{"text": "Weather in Paris?"}]},
        ...     {"role": "model", "parts": [{"function_call": {"name": "get_weather",
        ...                                                    "args": {"city": "Paris"}}}]},
        ...     {"role": "user", "parts": [{"function_response": {"name": "get_weather",
        ...                                  "response": {"result": "sunny"}}}]}]
        >>> asked = [Msg("user", "Weather in Paris?")]
        >>> turns = afc_turns(asked, request, {"automatic_function_calling_history": history})
        >>> [(m.role, m.content, [r.name for r in m.tool_calls]) for m in turns]
        [('assistant', None, ['get_weather']), ('tool', '{"result": "sunny"}', [])]
        >>> afc_turns(asked, request, {"automatic_function_calling_history": []})
        []
    """
    body = try_json(response)
    history = body.get(_HISTORY) if isinstance(body, dict) else None
    sent = _sent_contents(try_json(request))
    if not isinstance(history, list) or sent is None or len(history) <= sent:
        return []
    turns = [m for m in parse_messages(history[sent:], default_role="user") if m.role != "system"]
    held = {m.key() for m in inputs}
    if not turns or any(m.key() in held for m in turns):
        return []  # the request already records them (or they say nothing)
    return turns


def _sent_contents(request: Any) -> int | None:
    """How many ``Content`` turns the request's ``contents`` is (a text or one turn: one)."""
    if not isinstance(request, dict):
        return None
    contents = request.get("contents")
    if isinstance(contents, list):
        return len(contents)
    if isinstance(contents, str | dict):
        return 1
    return None
