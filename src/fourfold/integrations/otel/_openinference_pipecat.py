"""Pipecat under OpenInference's Pipecat instrumentation: what its spans keep apart.

`openinference-instrumentation-pipecat` (scope ``openinference.instrumentation.pipecat``)
records a Pipecat pipeline's LLM service calls as ``pipecat.llm`` spans (LLM) and its
function calls as ``pipecat.tool.<name>`` spans (TOOL), in OpenInference's keys, but keeps
three things where no OpenInference key has them:

- the service's settings as the JSON text of ``metadata``: ``model``, the model the service
  asks for (its ``llm.model_name`` is ``unknown`` on the first call and then the dated name
  the replies give), and ``system_instruction``, the system prompt Pipecat puts before the
  context's messages (the context it records as ``llm.input_messages`` holds none):
  `asked_model`, `system_prompt`;
- a function that raised: its TOOL span ends OK, holding the text Pipecat gave the model
  (``The function `get_weather` failed and returned no result.``), the exception as
  ``frame.error.message`` (``ValueError: unknown city: Tokio``): `frame_error`.

A span is the instrumentation's by its scope and its name; a dump that keeps no scope (the
SDK's console exporter) is read by its name alone.
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json
from .._spans import PLACEHOLDER_MODELS, Span

__all__ = ["asked_model", "frame_error", "system_prompt"]

PIPECAT_SCOPE = "openinference.instrumentation.pipecat"


def _pipecat(span: Span, prefix: str) -> bool:
    return span.scope in (PIPECAT_SCOPE, None) and span.name.startswith(prefix)


def _settings(span: Span) -> dict[str, Any]:
    if not _pipecat(span, "pipecat.llm"):
        return {}
    settings = try_json(span.attributes.get("metadata"))
    return settings if isinstance(settings, dict) else {}


def asked_model(span: Span) -> str | None:
    """The model a ``pipecat.llm`` span's service asks for, from its settings.

    Examples:
        >>> span = Span("t", "s", None, "pipecat.llm", 1, 2, "ok", None,
        ...             {"metadata": '{"model": "gpt-4o-mini"}', "llm.model_name": "unknown"},
        ...             scope=PIPECAT_SCOPE)
        >>> asked_model(span)
        'gpt-4o-mini'
        >>> other = Span("t", "s", None, "chat", 1, 2, "ok", None,
        ...              {"metadata": '{"model": "gpt-4o-mini"}'}, scope="my_app")
        >>> asked_model(other) is None  # another tracer's metadata: not Pipecat's settings
        True
    """
    model = _settings(span).get("model")
    if not isinstance(model, str) or model.strip().lower() in PLACEHOLDER_MODELS:
        return None
    return model


def system_prompt(span: Span) -> str | None:
    """The system prompt a ``pipecat.llm`` span's service gives the model.

    Examples:
        >>> span = Span("t", "s", None, "pipecat.llm", 1, 2, "ok", None,
        ...             {"metadata": '{"system_instruction": "Be brief."}'})
        >>> system_prompt(span)  # no scope (a console dump): its name says whose it is
        'Be brief.'
    """
    said = _settings(span).get("system_instruction")
    return said if isinstance(said, str) and said else None


def frame_error(span: Span) -> str | None:
    """The exception a ``pipecat.tool.<name>`` span's function raised, if it raised.

    Examples:
        >>> failed = Span("t", "s", None, "pipecat.tool.get_weather", 1, 2, "ok", None,
        ...               {"frame.error.message": "ValueError: unknown city: Tokio"},
        ...               scope=PIPECAT_SCOPE)
        >>> frame_error(failed)
        'ValueError: unknown city: Tokio'
    """
    if not _pipecat(span, "pipecat.tool."):
        return None
    error = span.attributes.get("frame.error.message")
    return error if isinstance(error, str) and error else None
