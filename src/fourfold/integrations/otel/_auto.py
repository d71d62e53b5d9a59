"""A span read by every convention it carries, not one convention per file.

OpenLLMetry writes ``llm.*`` keys next to ``gen_ai.*``; Google ADK writes its ``gen_ai.*``
spans with OpenInference attributes on them; Koog, pydantic-ai, Logfire and the Vercel AI SDK
add their own keys. MLflow's spans (``mlflow.spanType``, no GenAI keys unless MLflow translates
them) are read by `._mlflow`; a framework's own GenAI span MLflow's autolog added its keys to
(Strands under ``mlflow.strands.autolog()``) by the record that holds more, the other filling
what it left empty (`._mlflow_genai`). LlamaIndex's own OpenTelemetry integration's spans (its
scope, no convention's keys: LlamaIndex's events and workflow tags) are read by
`._llamaindex_otel`. Other spans are interpreted by OpenInference when they have
``openinference.span.kind`` and by the OpenTelemetry GenAI conventions (with the framework
shapes `interpret_otel` knows); when both say something, the explicit one (the OpenInference
span kind, else the GenAI operation) decides what the span *is*, and the other fills in
what the first left empty (a tool call's id, a model call's usage...). A model call's
messages are read from the record that kept more of them (`._two_records`).
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from .._spans import Span
from .._steps import AgentRun, ModelCall, Step, ToolRun
from ._agent_span_calls import agent_span_call
from ._llamaindex_otel import interpret_llamaindex_otel, is_llamaindex_otel
from ._mlflow import interpret_mlflow, is_mlflow
from ._mlflow_genai import genai_record, holds_more
from ._openinference import interpret_openinference
from ._otel import interpret_otel
from ._two_records import fuller_messages

__all__ = ["interpret_span"]


def interpret_span(span: Span) -> Step | None:
    """What one span is, by every convention it carries.

    A model call is read as `agent_span_call` says: on an agent's run span, a wrapper of the
    agent's turns; its reply without the requests its own request answers.
    """
    step = _interpret(span)
    return agent_span_call(step) if isinstance(step, ModelCall) else step


def _interpret(span: Span) -> Step | None:
    if is_mlflow(span):
        mlflow, genai = interpret_mlflow(span), genai_record(span)
        if mlflow is None or genai is None or type(genai) is not type(mlflow):
            return mlflow
        # MLflow's keys on a framework's GenAI span: the record that holds more decides
        return _both(genai, mlflow) if holds_more(genai, mlflow) else _both(mlflow, genai)
    if is_llamaindex_otel(span):
        return interpret_llamaindex_otel(span)  # LlamaIndex's integration: its events, its tags
    first = interpret_openinference(span) if "openinference.span.kind" in span.attributes else None
    second = interpret_otel(span)
    if first is None:
        return second
    if second is None or type(second) is not type(first):
        return first
    return _both(first, second)


def _both(first: Step, second: Step) -> Step:
    """One span's two readings of the same kind: the first's, with what only the second has."""
    if isinstance(first, ToolRun) and isinstance(second, ToolRun):
        return _tool_run(first, second)
    if isinstance(first, ModelCall) and isinstance(second, ModelCall):
        # the call's messages as the record that kept more of them has them
        inputs = fuller_messages(first.inputs, second.inputs)
        outputs = fuller_messages(first.outputs, second.outputs)
        first = replace(first, inputs=inputs, outputs=outputs)
    if isinstance(first, ModelCall | AgentRun):
        return replace(first, **_missing(first, second))
    return first


def _tool_run(first: ToolRun, second: ToolRun) -> ToolRun:
    """One tool run: the first's call, with what only the second recorded."""
    call = first.call
    other = second.call
    update = {
        key: getattr(other, key)
        for key in ("id", "result", "error")
        if getattr(call, key) in (None, "") and getattr(other, key) not in (None, "")
    }
    arguments = first.arguments_recorded
    if (not call.arguments or not arguments) and other.arguments and second.arguments_recorded:
        update["arguments"], arguments = other.arguments, True
    elif not call.arguments and other.arguments:
        update["arguments"] = other.arguments
    result = first.result_recorded or second.result_recorded
    if not update and result == first.result_recorded:
        return first
    # the first's other fields kept (a call run by a workflow step stays one)
    return replace(
        first,
        call=call.model_copy(update=update),
        arguments_recorded=arguments,
        result_recorded=result,
    )


def _missing(first: Any, second: Any) -> dict[str, Any]:
    out = {}
    for f in fields(first):
        if f.name == "span":
            continue
        mine, theirs = getattr(first, f.name), getattr(second, f.name)
        if mine in (None, "", []) and theirs not in (None, "", []):
            out[f.name] = theirs
    return out
