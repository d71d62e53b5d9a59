"""A failed LangChain tool under openlit: its call id is LangChain's run id, not the call's.

openlit's LangChain instrumentation (openlit 1.45.0, ``openlit.instrumentation.langchain``)
writes a tool's ``execute_tool`` span's ``gen_ai.tool.call.id`` twice: when the tool starts,
the LangChain run id (a UUID, the same form as the spans' ``gen_ai.agent.id``), and when it
ends, the ``tool_call_id`` of the ``ToolMessage`` it returned, which replaces it. A tool
that raised ends in ``on_tool_error``, with no ``ToolMessage``: its span keeps the run id,
and records an error (status ERROR, ``error.type``) and no result. That UUID names no call
(the model asked for the call by its own id, ``call_e1``, and LangGraph's ``ToolNode``
answered it by that id): it is dropped, and the call is matched to its request by name and
arguments (`attach_tool_runs`), as a call whose span records no id is, which gives it the
request's id and, as its answer, the text the model was given (``Error: ValueError(...)``).
"""

from __future__ import annotations

import dataclasses
import re

from .._spans import Span
from .._steps import ToolRun

__all__ = ["without_run_id"]

_SCOPE = "openlit.instrumentation.langchain"
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)


def without_run_id(span: Span, run: ToolRun) -> ToolRun:
    """`run` without its call id when it is the run id openlit left on a failed tool's span.

    Only on openlit's LangChain spans, for a call that failed and recorded no result, whose
    id is a UUID; any other run is returned as it is.

    Examples:
        >>> from ...trace import ToolCall
        >>> span = Span("t1", "s1", None, "execute_tool get_weather", 0, 1, "error",
        ...             "unknown city: Tokio", {}, scope=_SCOPE)
        >>> failed = ToolCall(name="get_weather", error="unknown city: Tokio",
        ...                   id="01a24b17-fc4d-711a-bcac-470f5c4d4a22")
        >>> without_run_id(span, ToolRun(span, failed, result_recorded=False)).call.id is None
        True
        >>> done = ToolCall(name="get_weather", result="sunny", id="call_w1")
        >>> without_run_id(span, ToolRun(span, done)).call.id
        'call_w1'
    """
    call = run.call
    if (
        span.scope != _SCOPE
        or call.error is None
        or run.result_recorded
        or call.id is None
        or not _UUID.fullmatch(call.id)
    ):
        return run
    return dataclasses.replace(run, call=call.model_copy(update={"id": None}))
