"""MLflow's attributes on a framework's own GenAI span: which of the two records to read.

An MLflow autolog usually records a run in spans of its own (scope
``mlflow.tracing.provider``), with ``mlflow.*`` keys only, read by `._mlflow`. mlflow 3.17.2's
``mlflow.strands.autolog()`` (over strands-agents 1.62.0) does not: it adds its attributes
(``mlflow.spanType``, ``mlflow.spanInputs`` / ``mlflow.spanOutputs``...) to Strands' own
spans (scope ``strands.telemetry.tracer``), which keep the GenAI conventions' record Strands
writes (``gen_ai.operation.name``, ``gen_ai.tool.name``, ``gen_ai.agent.name``, the
``gen_ai.{system,user,assistant,tool}.message`` and ``gen_ai.choice`` events). The two
records are not equally whole: on a ``chat`` span MLflow's inputs keep only the user and
tool messages (the system prompt and the assistant's call turn are only in the events, and
the tool turn's results are one message of ``toolResult`` blocks, no id); its outputs of
``toolUse`` blocks read as no message; a TOOL or AGENT span has no name but the span's
(``execute_tool get_weather``, ``invoke_agent weather_agent``) where the GenAI record has
``gen_ai.tool.name`` / ``gen_ai.agent.name``.

So such a span is read by both (`genai_record`: the GenAI conventions' reading, when the span
carries ``gen_ai.operation.name``), and the record that holds more (`holds_more`) decides
what the span is, the other filling what it left empty, as OpenInference and the GenAI
conventions on one span are settled (`._auto`, D0). What a record holds (`held`): a model
call's messages that say something; a tool call's id, arguments, result, error and name; an
agent run's messages, output, name, model, input and usage, a name only the span's own
counting for nothing (the span's name names the operation). On a tie MLflow's reading stands,
as it does on every span of MLflow's own (which carries no GenAI record).
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg
from .._spans import Span
from .._steps import AgentRun, ModelCall, Step, ToolRun
from ._otel import interpret_otel

__all__ = ["genai_record", "held", "holds_more"]

_OPERATION = "gen_ai.operation.name"


def genai_record(span: Span) -> Step | None:
    """The span as the GenAI conventions read it, when it carries their record (else None).

    Examples:
        >>> tool = Span("t", "s", None, "execute_tool get_weather", 0, 1, "ok", None, {
        ...     "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather",
        ...     "mlflow.spanType": '"TOOL"'})
        >>> genai_record(tool).call.name
        'get_weather'
        >>> genai_record(Span("t", "s", None, "get_weather", 0, 1, "ok", None, {
        ...     "mlflow.spanType": '"TOOL"'})) is None
        True
    """
    op = span.attributes.get(_OPERATION)
    return interpret_otel(span) if isinstance(op, str) and op else None


def holds_more(first: Step, second: Step) -> bool:
    """Whether `first` is a reading of the same kind as `second` that holds more of the span.

    Examples:
        >>> span = Span("t", "s", None, "chat", 0, 1, "ok", None, {})
        >>> events = ModelCall(span, [Msg("system", "Be brief."), Msg("user", "Hi")], [])
        >>> inputs = ModelCall(span, [Msg("user", "Hi")], [])
        >>> holds_more(events, inputs), holds_more(inputs, events), holds_more(inputs, inputs)
        (True, False, False)
    """
    return type(first) is type(second) and held(first) > held(second)


def held(step: Step) -> int:
    """How much of its span a reading holds (the measure `holds_more` compares).

    Examples:
        >>> from fourfold.trace import ToolCall
        >>> span = Span("t", "s", None, "execute_tool get_weather", 0, 1, "ok", None, {})
        >>> by_span = ToolCall(name="execute_tool get_weather", arguments={"city": "Oslo"})
        >>> named = ToolCall(name="get_weather", arguments={"city": "Oslo"})
        >>> held(ToolRun(span, by_span)), held(ToolRun(span, named))
        (1, 2)
    """
    if isinstance(step, ModelCall):
        return _said(step.inputs) + _said(step.outputs)
    if isinstance(step, ToolRun):
        call = step.call
        recorded = _given(call.id, call.arguments, call.result, call.error)
        return recorded + _named(step.span, call.name)
    if isinstance(step, AgentRun):
        told = _said(step.inputs) + _said(step.outputs) + _said(step.history)
        given = _given(step.output_value, step.model, step.input_value, step.input_tokens)
        return told + given + _named(step.span, step.name)
    return 0


def _given(*values: Any) -> int:
    """How many of the values are there (not None, empty text or an empty object)."""
    return sum(v is not None and v != "" and v != {} for v in values)


def _said(messages: list[Msg]) -> int:
    """The messages that say something: a text, or calls requested or answered."""
    return sum(bool(m.content or m.tool_calls or m.tool_call_id) for m in messages)


def _named(span: Span, name: str | None) -> int:
    """1 for a name the record gives, 0 for none or only the span's own name."""
    return int(bool(name) and name != span.name)
