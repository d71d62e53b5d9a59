"""Stand-in ids (ADK's, google-genai's): a call the model sent without an id has none.

The Gemini API gives a function call no id. ADK gives each call one of its own
(``adk-<uuid>``, on the ``execute_tool`` span), but strips it from the request before the
model sees it; when its semantic-conventions telemetry (``gen_ai.input.messages`` /
``gen_ai.output.messages`` on ADK's ``generate_content`` spans, scope ``gcp.vertex.agent``)
writes a ``tool_call`` or ``tool_call_response`` part with no id, it writes ``<name>_<i>``
instead, ``i`` the part's position in its message (``_experimental_semconv._to_part``:
``get_weather_0``, ``get_weather_1``). Those are not the calls' ids: the tool spans of the same
calls say ``adk-...``, and a later turn's ``get_weather_0`` is another call.

The rule, `without_stand_in_ids`: on ADK's spans, a requested call whose id is its name and
its part's position is a call without an id, and a function response whose id is one of
those stand-ins (or its bare position) answers that call without naming it: both lose the
id, and the call is known by its name and arguments, as any call the model sent without an
id (its executed tool span gives it its id). Any other id stands.

The OpenTelemetry project's opentelemetry-instrumentation-google-genai (scope
``opentelemetry.instrumentation.google_genai``) writes the same stand-ins for the same
reason, each content's calls numbered from 0: turn 2's one call is ``get_weather_0`` again
(google-genai-otel-tool-error), and so does its Vertex AI instrumentation
(``opentelemetry.instrumentation.vertexai``, vertex-ai-otel). The rule holds on their spans
too (`STAND_IN_SCOPES`).
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, try_json
from .._spans import Span

__all__ = ["ADK_SCOPE", "STAND_IN_SCOPES", "without_stand_in_ids"]

ADK_SCOPE = "gcp.vertex.agent"
GENAI_SCOPE = "opentelemetry.instrumentation.google_genai"
VERTEXAI_SCOPE = "opentelemetry.instrumentation.vertexai"
STAND_IN_SCOPES = frozenset({ADK_SCOPE, GENAI_SCOPE, VERTEXAI_SCOPE})
"""The scopes whose semconv parts write stand-ins: ADK's and the OpenTelemetry project's
google-genai and Vertex AI instrumentations', which number the calls of each content the same
way (the Vertex AI one, 2.2b0, on util-genai: Vertex lines calls up by position, not id)."""
_TOOLS = "gen_ai.tool.definitions"


def stand_in_ids(raw: Any, tools: Any = None) -> set[str]:
    """The stand-in ids of a semconv message list (JSON text or parsed).

    A call's stand-in is its name and position; a function response's is its position, alone
    or after the name of a call in the list or of a tool in `tools`
    (``gen_ai.tool.definitions``; a response part does not say its function's name).

    Examples:
        >>> call = {"type": "tool_call", "name": "get_weather", "arguments": {}}
        >>> sorted(stand_in_ids([{"role": "assistant", "parts": [
        ...     {**call, "id": "get_weather_0"}, {**call, "id": "get_weather_1"}]}]))
        ['get_weather_0', 'get_weather_1']
        >>> stand_in_ids([{"role": "assistant", "parts": [{**call, "id": "get_weather_3"}]}])
        set()
        >>> answer = {"type": "tool_call_response", "response": {}}
        >>> sorted(stand_in_ids([{"role": "user", "parts": [{**answer, "id": "0"},
        ...     {**answer, "id": "get_weather_1"}, {**answer, "id": "call_2"}]}],
        ...     '[{"name": "get_weather", "type": "function"}]'))
        ['0', 'get_weather_1']
    """
    messages, declared = try_json(raw), try_json(tools)
    if not isinstance(messages, list):
        return set()
    parts = [
        (i, part)
        for message in messages
        if isinstance(message, dict) and isinstance(message.get("parts"), list)
        for i, part in enumerate(message["parts"])
        if isinstance(part, dict)
    ]
    names = {str(p.get("name")) for _, p in parts if p.get("type") == "tool_call"}
    if isinstance(declared, list):
        names |= {str(t.get("name")) for t in declared if isinstance(t, dict)}
    found: set[str] = set()
    for i, part in parts:
        kind, given = part.get("type"), part.get("id")
        if kind == "tool_call" and given in (f"{part.get('name')}_{i}", str(i)):
            found.add(str(given))
        elif kind == "tool_call_response" and given in {str(i), *(f"{n}_{i}" for n in names)}:
            found.add(str(given))
    return found


def without_stand_in_ids(span: Span, messages: list[Msg], key: str) -> list[Msg]:
    """`messages` (read from the span's attribute `key`) with ADK's stand-in ids taken off.

    On a span of `STAND_IN_SCOPES` only (or, in a span dump that names no scope, such as the
    SDK's ``ConsoleSpanExporter`` writes, one whose attributes are ADK's or Gemini's); a
    function response keeps an id
    that no stand-in of the list's calls (nor its own position) explains.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> from fourfold.integrations._spans import Span
        >>> raw = [{"role": "assistant", "parts": [{"type": "tool_call", "id": "f_0",
        ...     "name": "f", "arguments": {}}]}, {"role": "user", "parts": [
        ...     {"type": "tool_call_response", "id": "f_0", "response": {}}]}]
        >>> span = Span("t", "s", None, "generate_content", 1, 2, "ok",
        ...     None, {"gen_ai.input.messages": raw}, scope="gcp.vertex.agent")
        >>> msgs = [Msg("assistant", tool_calls=[ToolRequest("f", {}, "f_0")]),
        ...     Msg("tool", "{}", tool_call_id="f_0")]
        >>> out = without_stand_in_ids(span, msgs, "gen_ai.input.messages")
        >>> [out[0].tool_calls[0].id, out[1].tool_call_id]
        [None, None]
    """
    if not _writes_stand_ins(span):
        return messages
    stand_ins = stand_in_ids(span.attributes.get(key), span.attributes.get(_TOOLS))
    if not stand_ins:
        return messages
    for msg in messages:
        for request in msg.tool_calls:
            if request.id in stand_ins:
                request.id = None
        if msg.role == "tool" and msg.tool_call_id in stand_ins:
            msg.tool_call_id = None
    return messages


_GEMINI_PROVIDERS = frozenset({"gemini", "gcp.gemini", "gcp.gen_ai", "gcp.vertex_ai"})


def _writes_stand_ins(span: Span) -> bool:
    """Whether `span` is one whose semconv parts write stand-ins.

    Its scope says so or, when the export names no scope, its attributes are ADK's or its
    provider, or the model it asks for, Gemini (the Vertex AI instrumentation names no
    provider; the Gemini API gives no call ids, so an id there is made up).
    """
    if span.scope is not None:
        return span.scope in STAND_IN_SCOPES
    attrs = span.attributes
    if any(key.startswith("gcp.vertex.agent.") for key in attrs):
        return True
    if str(attrs.get("gen_ai.request.model") or "").startswith("gemini-"):
        return True
    return str(attrs.get("gen_ai.provider.name") or attrs.get("gen_ai.system")) in _GEMINI_PROVIDERS
