"""The events of a LlamaIndex workflow's steps, as llama-index-workflows summarises them.

llama-index-workflows (2.x) tags every span a workflow step opens with the event the step was
given, ``llamaindex.step.input_event`` (its class, ``ToolCall``) and
``llamaindex.step.input_summary`` (its summary), and reports what the step returned as an
instrumentation event ``step.output`` (the run's result as ``workflow.output``), its
``output`` the returned event's summary. LlamaIndex's own OpenTelemetry integration
(llama-index-observability-otel) writes the tags as span attributes, on the step's span and
on every span inside it, and the events as span events of the step's (the run's) span.

A summary (``summarize_event``) is ``Class(field=value, ...)``, each field's value its repr,
but a string over 50 characters is cut to 50 and ``...`` before its repr is taken (so its
repr looks whole: ``'<50 characters>...'``), a list over 3 items is ``[N items]`` and a dict
over 3 keys ``{N keys}``; the whole is cut at 200 characters, its end ``...``
(`.._cut_reprs`). So a field's value is what it held only where the summary holds it whole:
`summary_fields` reads the fields so, a string cut to 50 characters being no value.
"""

from __future__ import annotations

from typing import Any, Final

from ._cut_reprs import CUT_MARK, Cut, cut_repr
from ._literals import UNREAD
from ._spans import Span

__all__ = [
    "INPUT_EVENT",
    "INPUT_SUMMARY",
    "run_output",
    "step_outputs",
    "summary_fields",
    "summary_kind",
]

INPUT_EVENT: Final = "llamaindex.step.input_event"
"""The class of the event a step was given (a tag on the step's span and the spans inside it)."""
INPUT_SUMMARY: Final = "llamaindex.step.input_summary"
"""That event's summary."""
_STEP_OUTPUT: Final = "step.output"
_RUN_OUTPUT: Final = "workflow.output"
_FIELD_LIMIT: Final = 50
"""The characters of a string field a summary keeps before its ``...``."""


def summary_fields(text: Any, kind: str) -> dict[str, Any] | None:
    """The fields of the summary `text` of an event of class `kind` that it holds whole.

    A field the 200-character cut reached is left out, or, for a model, list or dict, a `Cut`
    of what it holds whole; a string field of 50 characters and ``...`` (cut to 50) is left
    out. None when `text` is no summary of such an event.

    Examples:
        >>> summary_fields("ToolCall(tool_name='f', tool_kwargs={'city': 'Paris'}, "
        ...     "tool_id='c1')", "ToolCall")
        {'tool_name': 'f', 'tool_kwargs': {'city': 'Paris'}, 'tool_id': 'c1'}
        >>> long = "x" * 50 + "..."
        >>> summary_fields(f"AgentInput(input=[], current_agent_name={long!r})", "AgentInput")
        {'input': []}
        >>> summary_fields("AgentInput(input=[], current_agent_name='...", "AgentInput")
        {'input': []}
        >>> summary_fields("AgentInput(input=[ChatMessage(role='user', ...", "AgentInput")
        {'input': Cut([Cut({'role': 'user'})])}
        >>> summary_fields("ToolCall(tool_name='f')", "AgentInput") is None
        True
    """
    found = cut_repr(text, kind)
    if found is None:
        return None
    fields = found.whole if isinstance(found, Cut) else found
    if not isinstance(fields, dict):
        return None
    return {
        key: value
        for key, value in fields.items()
        if isinstance(key, str) and value is not UNREAD and not _field_cut(value)
    }


def summary_kind(text: Any) -> str | None:
    """The class of the event a summary summarises (what comes before its ``(``).

    Examples:
        >>> summary_kind("ToolCallResult(tool_name='f', ..."), summary_kind("sunny") is None
        ('ToolCallResult', True)
    """
    if not isinstance(text, str):
        return None
    name, paren, _ = text.partition("(")
    return name if paren and name.isidentifier() else None


def step_outputs(span: Span) -> list[str]:
    """The summaries of the events the step whose span `span` is returned (``step.output``)."""
    return _outputs(span, _STEP_OUTPUT)


def run_output(span: Span) -> str | None:
    """The summary of the event a workflow run ended on (``workflow.output``), if it is there."""
    found = _outputs(span, _RUN_OUTPUT)
    return found[-1] if found else None


def _outputs(span: Span, name: str) -> list[str]:
    out = []
    for event in span.events:
        attributes = event.get("attributes") or {}
        said = attributes.get("output") if isinstance(attributes, dict) else None
        if event.get("name") == name and isinstance(said, str):
            out.append(said)
    return out


def _field_cut(value: Any) -> bool:
    """Whether a string field's value is what the summariser cut to 50 characters."""
    return (
        isinstance(value, str)
        and len(value) == _FIELD_LIMIT + len(CUT_MARK)
        and value.endswith(CUT_MARK)
    )
