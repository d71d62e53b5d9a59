"""One tool execution recorded again inside its own tool span, and what only that record says.

An MCP server's ``tools/call <name>`` span (the MCP SDK's, ``execute_tool``), parented by the
client's propagated context under the agent framework's tool span of the same tool, is that
call recorded at a second depth: no call of its own. A failure it records is the call's,
though. A tool that fails inside an MCP server returns its error as content (a
``CallToolResult`` with ``isError: true``), which the client's framework may hand on as the
tool's result, recorded as a success (the OpenAI Agents SDK's TOOL span: the error text, status
OK), while the server's span records the failure (status error, ``error.type`` ``tool_error``,
the MCP conventions' value for ``isError``). The call failed: its error is its result's text,
as written (as Anthropic's ``tool_result`` with ``is_error``), where the repeat names only a
kind of failure (a bare type such as ``tool_error``), else the repeat's own error. AutoGen
under OpenInference's AgentChat instrumentation records a tool twice too: OpenInference's TOOL
span, which keeps what the model was given for a tool that raised (the exception's message,
status OK), and autogen-core's ``execute_tool`` inside it, which records the exception (status
``ValueError: unknown city: Tokio``): that says the failure whole, and is the call's error,
as the contract's D11 reads a failed span.

A call a workflow step ran (a Mastra network's ``tool-execution-step``, `ToolRun.run_by_step`)
is the same: a tool span that records it again, inside the step or anywhere in the trace under
the call's id, is no call of its own.
"""

from __future__ import annotations

import re
from typing import Any

from ._spans import Span, ancestors
from ._steps import Step, ToolRun

__all__ = ["fold_failure", "repeat_of"]


def repeat_of(
    span: Span, run: ToolRun, steps: dict[int, Step | None], by_id: dict[str, Span]
) -> ToolRun | None:
    """The tool run `span` is inside and repeats (the same tool, recorded again), or None.

    A tool run inside another tool's (a sub-agent's tools, the tools a code interpreter ran)
    is a call of its own: None. A tool span with the id of a call a workflow step ran repeats
    that step's run, wherever it is.
    """
    outer = next((steps.get(id(a)) for a in ancestors(span, by_id) if _runs_tool(a, steps)), None)
    if isinstance(outer, ToolRun) and outer.call.name == run.call.name:
        return outer
    if run.run_by_step or run.call.id is None:
        return None
    return next(  # the call a workflow step ran, recorded by a tool span beside it
        (
            step
            for step in steps.values()
            if isinstance(step, ToolRun) and step.run_by_step and step.call.id == run.call.id
        ),
        None,
    )


def fold_failure(outer: ToolRun, repeat: ToolRun) -> None:
    """Mark `outer`'s call failed when its repeat failed and it records no error itself."""
    if repeat.call.error is not None and outer.call.error is None:
        outer.call.error = failure(outer.call.result, repeat.call.error)


def failure(result: Any, error: str) -> str:
    """The error of a call whose result a repeated record marks failed: the result's text.

    Examples:
        >>> failure("Error executing tool get_station: no station", "tool_error")
        'Error executing tool get_station: no station'
        >>> failure([{"type": "image", "data": "iVBO"}], "tool_error"), failure(" ", "tool_error")
        ('tool_error', 'tool_error')
        >>> failure("unknown city: Tokio", "ValueError: unknown city: Tokio")  # says it whole
        'ValueError: unknown city: Tokio'
    """
    if not _BARE_KIND.fullmatch(error):
        return error  # the repeat's own account of the failure: an exception, a status
    return result if isinstance(result, str) and result.strip() else error


_BARE_KIND = re.compile(r"[\w.]+")
"""An error that only names a kind of failure (``tool_error``, ``ValueError``): no message."""


def _runs_tool(span: Span, steps: dict[int, Step | None]) -> bool:
    return isinstance(steps.get(id(span)), ToolRun)
