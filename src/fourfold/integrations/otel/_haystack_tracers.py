"""Haystack pipelines under tracers other than Haystack's own (`._haystack`): what they misname.

- OpenLLMetry's reply for a generator is its output's names, not what the model said:
  opentelemetry-instrumentation-haystack (Traceloop's, 0.62.4) wraps ``OpenAIGenerator.run``
  and ``OpenAIChatGenerator.run`` in a span ``haystack.openai.completion`` /
  ``haystack.openai.chat`` and writes the reply by enumerating what ``run`` returned: a
  Haystack component returns a dict of its outputs (``{"replies": [...], "meta": [...]}``),
  so each ``gen_ai.completion.{i}.content`` is an output's name (``replies``, ``meta``). The
  span's prompt is what the generator was given; its reply is none of the model's: the model
  call inside it (OpenLLMetry's OpenAI instrumentation beside it, as ``Traceloop.init()`` has
  it) says the reply, and without it the reply is not in the trace (`without_output_names`).
- openlit's pipeline span (``invoke_workflow``, ``gen_ai.component.class_name`` ``Pipeline``)
  writes the pipeline's inputs by component as ``gen_ai.framework.pipeline.input_data``, as
  Haystack's own tracer writes ``haystack.pipeline.input_data``: the run's input is the one
  text they give the components (`pipeline_question`), not the prompt the prompt builder
  made of it.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, try_json
from .._spans import Span
from ._haystack import haystack_question

__all__ = ["pipeline_question", "without_output_names"]

_SCOPE = "opentelemetry.instrumentation.haystack"
_GENERATOR_SPANS = frozenset({"haystack.openai.completion", "haystack.openai.chat"})


def without_output_names(span: Span, outputs: list[Msg]) -> list[Msg]:
    """`outputs`, none of them when `span` is OpenLLMetry's Haystack generator span.

    Examples:
        >>> span = Span("t", "s", None, "haystack.openai.completion", None, None, "ok", None,
        ...     {}, scope="opentelemetry.instrumentation.haystack")
        >>> without_output_names(span, [Msg(role="assistant", content="replies")])
        []
        >>> span.scope = "opentelemetry.instrumentation.openai.v1"
        >>> [m.content for m in without_output_names(span, [Msg(role="assistant", content="Hi")])]
        ['Hi']
    """
    if span.scope in (_SCOPE, None) and span.name in _GENERATOR_SPANS:
        return []  # (a span dump names no scope: the span's name is OpenLLMetry's alone)
    return outputs


def pipeline_question(attrs: dict[str, Any]) -> str | None:
    """The one text openlit's Haystack pipeline span says its components were given, or None.

    Examples:
        >>> pipeline_question({"gen_ai.framework.pipeline.input_data":
        ...     '{"retriever": {"query": "When?"}, "prompt_builder": {"question": "When?"}}'})
        'When?'
        >>> pipeline_question({"gen_ai.framework.pipeline.input_data":
        ...     '{"retriever": {"query": "a"}, "prompt_builder": {"question": "b"}}'})
        >>> pipeline_question({"gen_ai.input.messages": "[]"})
    """
    data = try_json(attrs.get("gen_ai.framework.pipeline.input_data"))
    return haystack_question(data) if isinstance(data, dict) else None
