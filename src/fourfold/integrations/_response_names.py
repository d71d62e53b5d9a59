"""The response a model call's span names: its ``gen_ai.response.id``, else its response object's.

Two records of one call beside each other are known as one by the response they both name
(`_same_call`). The OpenTelemetry GenAI conventions write it as ``gen_ai.response.id`` (the
anthropic SDK's own ``anthropic.messages.create`` span, OpenLLMetry's); OpenInference writes
no such attribute, but its LLM span's ``output.value`` is the response object as JSON
(openinference-instrumentation-anthropic 3.1's ``messages.stream`` span: the final
``Message`` assembled from the stream, ``{"id": "msg_...", "model": ..., "content": [...]}``;
its OpenAI one the ``ChatCompletion``), whose ``id`` is the same one. The anthropic SDK 2.17
streamed under OpenInference leaves its own span beside the instrumentation's, not under it
(the instrumentation does not make its span current around the stream), so without that id
each streamed call was counted twice.

The rule, `response_id`: ``gen_ai.response.id`` when it is a non-empty text; else, when
``output.value`` holds a JSON object naming both an ``id`` and a ``model`` (texts: a model's
response, not a tool's or a chain's output that has an id), that ``id``; else none.
"""

from __future__ import annotations

from ._messages import try_json
from ._spans import Span

__all__ = ["response_id"]

_RESPONSE_ID = "gen_ai.response.id"
_OUTPUT = "output.value"


def response_id(span: Span) -> str | None:
    """The id of the response `span` records, if it names one.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> def at(attrs):
        ...     return Span("t", "s", None, "messages.stream", None, None, "unset", None, attrs)
        >>> response_id(at({"gen_ai.response.id": "msg_1"}))
        'msg_1'
        >>> response_id(at({"output.value": '{"id": "msg_2", "model": "claude", "content": []}'}))
        'msg_2'
        >>> response_id(at({"output.value": '{"id": 7, "name": "a row"}'})) is None
        True
    """
    named = span.attributes.get(_RESPONSE_ID)
    if isinstance(named, str) and named:
        return named
    output = span.attributes.get(_OUTPUT)
    response = try_json(output) if isinstance(output, str) else output
    if not isinstance(response, dict):
        return None
    found, model = response.get("id"), response.get("model")
    if isinstance(found, str) and found and isinstance(model, str) and model:
        return found
    return None
