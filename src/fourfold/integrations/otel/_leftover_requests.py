"""A flattened reply's requests beyond those its raw Gemini response lists: an earlier call's.

OpenInference writes a model call's reply twice: flattened, one key a field
(``llm.output_messages.0.message.tool_calls.<k>.tool_call.function.name`` ...), and whole,
the response as the provider returned it in ``output.value``. When an instrumentation writes
two calls on one span (openinference-instrumentation-google-adk on ADK 2.x writes each model
call of a turn on the agent's ``invoke_agent`` span, `._agent_span_calls`), the second call's
keys overwrite the first's index by index, but a key only the first wrote stays: a first
reply requesting two calls and a second requesting one leaves the first reply's
``tool_calls.1`` beside the second's ``tool_calls.0``
(tests/data/traces/google-adk/openinference-google-adk-gemini-output-schema-*). The whole
response is one value, written over at once: it holds the last reply only.

The rule, `without_leftover_requests`: where ``output.value`` is a Gemini response that lists the
reply's parts (ADK's ``LlmResponse``, ``{content: {role, parts}}``, or google-genai's
``GenerateContentResponse`` of one candidate, ``{candidates: [{content: {parts}}]}``), the
reply requests as many calls as it has ``function_call`` parts; the flattened requests after
those (by index, the order both are written in) are a leftover of an earlier call, not
requests of this reply, and are dropped. The rule holds only when the requests it keeps are
the parts' calls, by name and in order; otherwise the response is not this reply's record
and nothing changes. A response listing no parts, several candidates, or a partial one (a
stream's chunk, ``partial: true``) says nothing of the reply's requests.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .._messages import Msg

__all__ = ["without_leftover_requests"]


def without_leftover_requests(outputs: list[Msg], response: Any) -> list[Msg]:
    """`outputs` without the requests after those `response` (the raw Gemini reply) lists.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> flat = [Msg("assistant", tool_calls=[ToolRequest("set_model_response", {"a": 1}),
        ...                                      ToolRequest("get_weather", {"city": "X"})])]
        >>> call = {"function_call": {"name": "set_model_response", "args": {"a": 1}}}
        >>> raw = {"content": {"role": "model", "parts": [call]}}
        >>> [r.name for r in without_leftover_requests(flat, raw)[0].tool_calls]
        ['set_model_response']
        >>> said = [Msg("assistant", "Sunny.", tool_calls=[ToolRequest("get_weather", {})])]
        >>> text = {"content": {"role": "model", "parts": [{"text": "Sunny."}]}}
        >>> [(m.content, m.tool_calls) for m in without_leftover_requests(said, text)]
        [('Sunny.', [])]
        >>> other = {"content": {"parts": [{"function_call": {"name": "get_time"}}]}}
        >>> without_leftover_requests(flat, other) is flat
        True
        >>> without_leftover_requests(flat, {"choices": []}) is flat
        True
    """
    names = _called_names(response)
    asked = [r for m in outputs if m.role == "assistant" for r in m.tool_calls]
    if names is None or len(asked) <= len(names):
        return outputs
    if [r.name for r in asked[: len(names)]] != names:
        return outputs
    kept = {id(r) for r in asked[: len(names)]}
    trimmed = [
        replace(m, tool_calls=[r for r in m.tool_calls if id(r) in kept])
        if m.role == "assistant" and m.tool_calls
        else m
        for m in outputs
    ]
    return [m for m in trimmed if not _empty(m)]


def _called_names(response: Any) -> list[str] | None:
    """The names of the ``function_call`` parts of a Gemini response, in order, else None.

    None when `response` is no Gemini response listing its reply's parts (see the module).

    Examples:
        >>> _called_names({"candidates": [{"content": {"parts": [
        ...     {"text": "Checking."}, {"function_call": {"name": "f", "args": {}}}]}}]})
        ['f']
        >>> _called_names({"content": {"parts": []}}), _called_names("text")
        (None, None)
        >>> _called_names({"content": {"parts": [{"text": "a"}]}, "partial": True}) is None
        True
    """
    if not isinstance(response, dict) or response.get("partial") is True:
        return None
    content = response.get("content")
    candidates = response.get("candidates")
    if content is None and isinstance(candidates, list) and len(candidates) == 1:
        first = candidates[0]
        content = first.get("content") if isinstance(first, dict) else None
    parts = content.get("parts") if isinstance(content, dict) else None
    if not isinstance(parts, list) or not parts or not all(isinstance(p, dict) for p in parts):
        return None
    calls = [p["function_call"] for p in parts if p.get("function_call") is not None]
    if not all(isinstance(c, dict) and isinstance(c.get("name"), str) for c in calls):
        return None
    return [str(c["name"]) for c in calls]


def _empty(message: Msg) -> bool:
    return message.role == "assistant" and not message.content and not message.tool_calls
