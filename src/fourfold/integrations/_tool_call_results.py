"""A LlamaIndex tool call whose span records no output, given the result its workflow passed on.

LlamaIndex's agent workflows (llama-index-core 0.14's ``FunctionAgent``, ``ReActAgent`` and
``CodeActAgent``, traced by openinference-instrumentation-llama-index 4.x) run each tool in a
``call_tool`` step, whose span is the parent of the tool's own ``FunctionTool.acall`` span. A
tool that raises leaves that span in error with an ``exception`` event and no ``output.value``;
the workflow catches the exception and makes of its text the ``ToolOutput`` the model is
given (``is_error=True``), then passes it on as a ``ToolCallResult`` event. OpenInference
writes the events as their Python reprs in the step spans' values: the ``call_tool`` span's
input is ``{"ctx": ..., "ev": "ToolCall(tool_name=..., tool_kwargs={...}, tool_id='...')"}``,
its output the ``ToolCallResult`` (cut short after a few hundred characters), and the next
step's, ``aggregate_tool_results``, input is ``{"ctx": ..., "ev": "ToolCallResult(tool_name=...,
tool_kwargs={...}, tool_id='...', tool_output=ToolOutput(blocks=[TextBlock(...)], tool_name=...,
raw_input={...}, raw_output='unknown city: Tokio', is_error=True), return_direct=False)"}``,
whole.

So a tool span that records no result takes the result of the ``ToolCallResult`` whose
``tool_id`` is the one its ``call_tool`` step was given (the nearest ``call_tool`` span it runs
inside), naming the same tool: what the model was given for the call (`tool_output_result`: the
``raw_output``, else the text of its blocks). Its error stays the span's. This matters where
no tool message carries that text: a ``CodeActAgent`` hands the code's output back as a user
message (``Result of executing the code given:``), no tool message, so the conversation gives
the call nothing (`._text_answers`). A repr cut short does not parse and gives nothing; values
are read as literals, never evaluated.

LlamaIndex's own OpenTelemetry integration records the same workflow (`._step_summaries`): the
tool's span (``FunctionTool.acall``) records no result at all, its ``call_tool`` step's span
carries the ``ToolCall`` summary as its ``llamaindex.step.input_summary`` and returns the
``ToolCallResult``'s summary as a ``step.output`` event (the next step is given it as its
input summary), cut at 200 characters. Such a summary gives what it holds whole: the
``tool_id`` and ``tool_name``, and the ``ToolOutput``'s blocks when the cut came after them
(`summary_fields`): their text, what the model was given, is the result.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import Any

from ._cut_reprs import Cut, holds_unread
from ._item_reprs import model_fields
from ._messages import try_json
from ._spans import Span, ancestors
from ._step_summaries import INPUT_EVENT, INPUT_SUMMARY, step_outputs, summary_fields
from ._steps import Step, ToolRun
from ._tool_outputs import tool_output_result

__all__ = ["with_tool_call_results"]

_CALL_STEP = re.compile(r"\.call_tool$")
"""The workflow step that runs a tool (``BaseWorkflowAgent.call_tool``,
``AgentWorkflow.call_tool``)."""
_RESULT_STEPS = re.compile(r"\.(?:call_tool|aggregate_tool_results)$")
"""The steps whose values hold a ``ToolCallResult``: ``call_tool``'s output, the next step's
input."""
_VALUES = ("input.value", "output.value")
"""Where OpenInference writes a step's arguments and result."""
_REPR_LIMIT = 100_000
"""Longer reprs are not read (``ast`` parses them whole)."""


def with_tool_call_results(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> dict[int, Step | None]:
    """`steps` with each tool call that records no result given its ``ToolCallResult``'s.

    `ordered`: the trace's spans in start order; `steps`: what each is, by ``id(span)``;
    `by_id`: the spans by span id. The steps of other spans are returned as they were.
    """
    results: dict[str, dict[str, Any]] | None = None
    for span in ordered:
        run = steps[id(span)]
        if not isinstance(run, ToolRun) or run.result_recorded or run.call.result is not None:
            continue
        tool_id = _step_tool_id(span, by_id)
        if tool_id is None:
            continue
        if results is None:
            results = _tool_call_results(ordered)
        found = results.get(tool_id)
        if found is None or found.get("tool_name") != run.call.name:
            continue
        result = _result(found.get("tool_output"))
        if result is not None:
            steps[id(span)] = replace(run, call=run.call.model_copy(update={"result": result}))
    return steps


def _step_tool_id(span: Span, by_id: dict[str, Span]) -> str | None:
    """The ``tool_id`` of the ``ToolCall`` the nearest ``call_tool`` step over `span` was given."""
    step = next((a for a in ancestors(span, by_id) if _CALL_STEP.search(a.name)), None)
    if step is None:
        return None
    event = _workflow_event(step.attributes.get("input.value"), "ToolCall")
    if event is None and step.attributes.get(INPUT_EVENT) == "ToolCall":
        event = summary_fields(step.attributes.get(INPUT_SUMMARY), "ToolCall")
    tool_id = event.get("tool_id") if event is not None else None
    return tool_id if isinstance(tool_id, str) and tool_id else None


def _tool_call_results(ordered: list[Span]) -> dict[str, dict[str, Any]]:
    """The whole ``ToolCallResult`` events the workflow's steps record, by ``tool_id``."""
    out: dict[str, dict[str, Any]] = {}
    for span in ordered:
        if not _RESULT_STEPS.search(span.name):
            continue
        found = [_workflow_event(span.attributes.get(k), "ToolCallResult") for k in _VALUES]
        summaries = [span.attributes.get(INPUT_SUMMARY), *step_outputs(span)]
        found += [summary_fields(text, "ToolCallResult") for text in summaries]
        for event in found:
            tool_id = event.get("tool_id") if event is not None else None
            if event is not None and isinstance(tool_id, str) and tool_id:
                out.setdefault(tool_id, event)
    return out


def _workflow_event(value: Any, kind: str) -> dict[str, Any] | None:
    """The fields of the workflow event of class `kind` a step's value holds as a repr.

    The value is the repr itself (a step's ``output.value``) or a step's arguments as JSON
    whose ``ev`` is the repr (its ``input.value``). None: no such event, or one cut short.

    Examples:
        >>> import json
        >>> event = "ToolCall(tool_name='f', tool_id='t1')"
        >>> value = json.dumps({"ctx": "<Context>", "ev": event})
        >>> _workflow_event(value, "ToolCall")
        {'tool_name': 'f', 'tool_id': 't1'}
        >>> _workflow_event("ToolCallResult(tool_name='f', tool_id='t1', t...", "ToolCallResult")
        >>> _workflow_event(value, "ToolCallResult")
    """
    if not isinstance(value, str) or len(value) > _REPR_LIMIT:
        return None
    if not value.startswith(f"{kind}("):
        arguments = try_json(value)
        value = arguments.get("ev") if isinstance(arguments, dict) else None
        if not isinstance(value, str) or not value.startswith(f"{kind}("):
            return None
    try:
        fields = model_fields(ast.parse(value, mode="eval").body)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    return fields if isinstance(fields, dict) else None


def _result(output: Any) -> Any:
    """What a ``ToolOutput``'s fields say the tool gave back: its ``raw_output``, else its text.

    A ``raw_output`` that is no literal (an object's repr) reads as None: the text of the
    output's blocks, which the model was given, stands for it. Of a ``ToolOutput`` cut short
    (a `Cut`), only the fields it holds whole count, its blocks only when the list is whole.

    Examples:
        >>> _result({"blocks": [{"text": "no city"}], "raw_output": "no city", "is_error": True})
        'no city'
        >>> _result({"blocks": [{"text": "Doc(id=1)"}], "raw_output": None})
        'Doc(id=1)'
        >>> _result(None) is None
        True
        >>> _result(Cut({"blocks": [{"text": "sunny"}], "tool_name": "f"}))
        'sunny'
        >>> _result(Cut({"blocks": Cut([{"text": "sunny"}])})) is None  # more blocks may follow
        True
    """
    if isinstance(output, Cut) and isinstance(output.whole, dict):
        output = output.whole
    if not isinstance(output, dict):
        return None
    output = {k: v for k, v in output.items() if not holds_unread(v)}
    result = tool_output_result(output)
    if result is not None:
        return result
    blocks = output.get("blocks")
    blocks = blocks if isinstance(blocks, list) else []
    said = [t for b in blocks if isinstance(b, dict) and isinstance(t := b.get("text"), str)]
    return "".join(said) if said else None
