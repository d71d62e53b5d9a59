"""A LlamaIndex tool failure recorded only in a workflow step's output, as OpenLLMetry writes it.

LlamaIndex's agent workflows (llama-index-core 0.14's ``FunctionAgent``) run each tool in a
``call_tool`` step; a tool that raises is caught there, and the workflow makes of the
exception's text the ``ToolOutput`` the model is given (``is_error=True``), passed on as a
``ToolCallResult`` event. OpenLLMetry's opentelemetry-instrumentation-llamaindex 0.62.4 records
every step as a ``BaseWorkflowAgent.task`` span whose ``traceloop.entity.output`` is the
step's return value as JSON: for ``call_tool``, ``{tool_name, tool_kwargs, tool_id,
tool_output: {blocks, tool_name, raw_input, raw_output, is_error}, return_direct}``. The failing
tool's own ``FunctionTool.task`` span may be missing (the instrumentation lost its context as
the tool raised), no span has an error status, and the model's requests and later inputs give
the call (its id, its result): ``is_error: true`` in that step output is the only mark of the
failure.

So a call of the trace whose id is such an output's ``tool_id``, naming the same tool and with
no error of its own, failed: its error is that output's text (its blocks' text, else its
``raw_output`` as text), as written, as the contract reads a result the trace marks failed
with no tool span. Its result stays what the model was given. An output with ``is_error``
false marks nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..trace import ToolCall
from ._messages import Msg, try_json
from ._spans import Span
from ._tool_outputs import is_tool_output

__all__ = ["step_tool_errors", "with_step_tool_errors"]

_OUTPUT = "traceloop.entity.output"


def with_step_tool_errors(
    requested: list[tuple[ToolCall, Msg | None]], spans: Iterable[Span]
) -> list[tuple[ToolCall, Msg | None]]:
    """`requested`, each call a step output marks failed given that output's text as error.

    `requested`: the calls the model's requests made, each with the message answering it;
    `spans`: the trace's spans.
    """
    failed: dict[str, tuple[str, str]] | None = None
    out: list[tuple[ToolCall, Msg | None]] = []
    for call, answer in requested:
        if call.id and call.error is None:
            if failed is None:
                failed = step_tool_errors(spans)
            found = failed.get(call.id)
            if found is not None and found[0] == call.name:
                call = call.model_copy(update={"error": found[1]})
        out.append((call, answer))
    return out


def step_tool_errors(spans: Iterable[Span]) -> dict[str, tuple[str, str]]:
    """The tool name and error text of each failed ``ToolCallResult`` step output, by tool id.

    Examples:
        >>> import json
        >>> done = {"tool_name": "f", "tool_id": "c1", "tool_output": {"blocks": [
        ...     {"text": "no city"}], "tool_name": "f", "raw_input": {}, "raw_output":
        ...     "no city", "is_error": True}}
        >>> step = Span("t", "s", None, "BaseWorkflowAgent.task", 1, 2, "ok", None,
        ...             {"traceloop.entity.output": json.dumps(done)})
        >>> step_tool_errors([step])
        {'c1': ('f', 'no city')}
    """
    out: dict[str, tuple[str, str]] = {}
    for span in spans:
        event = try_json(span.attributes.get(_OUTPUT))
        if not isinstance(event, dict):
            continue
        tool_id, name, output = (
            event.get("tool_id"),
            event.get("tool_name"),
            event.get("tool_output"),
        )
        if not (isinstance(tool_id, str) and tool_id and isinstance(name, str)):
            continue
        if not isinstance(output, dict) or not is_tool_output(output):
            continue
        if output.get("is_error") is not True:
            continue
        text = _text(output)
        if text is not None:
            out.setdefault(tool_id, (name, text))
    return out


def _text(output: dict[str, Any]) -> str | None:
    """The text of a ``ToolOutput``: its blocks' texts joined, else its ``raw_output``'s."""
    blocks = output.get("blocks")
    blocks = blocks if isinstance(blocks, list) else []
    said = [t for b in blocks if isinstance(b, dict) and isinstance(t := b.get("text"), str)]
    if said:
        return "".join(said)
    raw = output.get("raw_output")
    return raw if isinstance(raw, str) and raw else None
