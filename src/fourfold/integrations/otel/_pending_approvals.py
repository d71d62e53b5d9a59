"""A tool span that records a call awaiting a person's approval: no result of the tool's.

The OpenAI Agents SDK runs a tool marked ``needs_approval=True`` only once the application
approves it: the run pauses on a ``ToolApprovalItem``, and the span openlit 1.45 makes for the
call (``execute_tool <name>``, status OK) records as its ``gen_ai.tool.call.result`` the
``str()`` of the SDK's ``FunctionToolResult`` for the paused call: ``output=None``, its
``run_item`` the approval item. The tool never ran; what the call came to is what the model
was given when the run went on (the SDK's ``Tool execution was not approved.`` for a denied
call, the tool's output for an approved one), which both readings of
``openlit-openai-agents-approval-denied-2026-12-07zn`` took as its result. So such a record is
no result (`pending_approval`), as a generator's repr is none (`._generator_reprs`).
"""

from __future__ import annotations

from typing import Any

__all__ = ["pending_approval"]

_RESULT = "FunctionToolResult("
_NO_OUTPUT = " output=None,"
_APPROVAL = "run_item=ToolApprovalItem("


def pending_approval(raw: Any) -> bool:
    """Whether a recorded tool result is the SDK's record of a call awaiting approval.

    Examples:
        >>> pending_approval("FunctionToolResult(tool=FunctionTool(name='issue_refund'), "
        ...                  "output=None, run_item=ToolApprovalItem(agent=Agent()))")
        True
        >>> pending_approval("FunctionToolResult(tool=FunctionTool(name='f'), output='ok', "
        ...                  "run_item=ToolCallOutputItem())")
        False
        >>> pending_approval("sunny, 22 C"), pending_approval(None)
        (False, False)
    """
    if not isinstance(raw, str) or not raw.startswith(_RESULT):
        return False
    return _NO_OUTPUT in raw and _APPROVAL in raw
