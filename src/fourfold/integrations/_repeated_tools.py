"""One tool execution recorded again inside its own tool span, and what only that record says.

An MCP server's ``tools/call <name>`` span (the MCP SDK's, ``execute_tool``), parented by the
client's propagated context under the agent framework's tool span of the same tool, is that
call recorded at a second depth: no call of its own. A failure it records is the call's,
though. A tool that fails inside an MCP server returns its error as content (a
``CallToolResult`` with ``isError: true``), which the client's framework may hand on as the
tool's result, recorded as a success (the OpenAI Agents SDK's TOOL span: the error text, status
OK), while the server's span records the failure (status error, ``error.type`` ``tool_error``,
the MCP conventions' value for ``isError``). The call failed: its error is its result's text,
as written (as Anthropic's ``tool_result`` with ``is_error``), else the repeat's own error.
"""

from __future__ import annotations

from typing import Any

from ._spans import Span, ancestors
from ._steps import Step, ToolRun

__all__ = ["repeats_tool_above"]


def repeats_tool_above(
    span: Span, run: ToolRun, steps: dict[int, Step | None], by_id: dict[str, Span]
) -> bool:
    """Whether a tool span is the execution of the tool run it is inside, recorded again.

    A tool run inside another tool's (a sub-agent's tools, the tools a code interpreter ran)
    is a call of its own. When it is a repeat that failed and the run above records no error,
    the run above failed (`failure`): its call is marked so.
    """
    outer = next((steps.get(id(a)) for a in ancestors(span, by_id) if _runs_tool(a, steps)), None)
    if not (isinstance(outer, ToolRun) and outer.call.name == run.call.name):
        return False
    if run.call.error is not None and outer.call.error is None:
        outer.call.error = failure(outer.call.result, run.call.error)
    return True


def failure(result: Any, error: str) -> str:
    """The error of a call whose result a repeated record marks failed: the result's text.

    Examples:
        >>> failure("Error executing tool get_station: no station", "tool_error")
        'Error executing tool get_station: no station'
        >>> failure([{"type": "image", "data": "iVBO"}], "tool_error"), failure(" ", "tool_error")
        ('tool_error', 'tool_error')
    """
    return result if isinstance(result, str) and result.strip() else error


def _runs_tool(span: Span, steps: dict[int, Step | None]) -> bool:
    return isinstance(steps.get(id(span)), ToolRun)
