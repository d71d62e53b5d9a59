"""Agno's tool execution result written as its ``str()``: the tool's result, or its error.

Agno runs a tool through ``FunctionCall.execute()``, which returns a
``FunctionExecutionResult``, a pydantic model whose fields are ``status`` (``success`` or
``failure``), ``result`` (what the tool returned), ``error`` (``str()`` of what it raised:
Agno catches it, so the call still ends), then ``updated_session_state``, ``images``,
``videos``, ``audios``, ``files``. OpenLLMetry's Agno instrumentation
(``opentelemetry.instrumentation.agno``, its ``<tool>.tool`` spans) records that object as
the span's ``traceloop.entity.output`` with ``str()``: ``status='success' result='sunny, 22 C'
error=None updated_session_state=None images=None ...`` (openllmetry-agno). The tool
returned its ``result``, the text the model was given; a ``failure`` is the call's
``error``, which the span, ended OK, says nowhere else.

The rule, `agno_execution_result`: a result text that is a pydantic model's ``str()``
(`._model_str.model_str_fields`: fields read as literals, never evaluated) whose fields begin
``status``, ``result``, ``error``, the status ``success`` or ``failure``, is that object:
the call's result its ``result`` and, on a failure, its error its ``error``. A text whose
``result`` is no literal (a nested model's repr) stays as written; so does any other
``str()``, a LangChain ``ToolMessage``'s (``content='...' ... status='success'``, read by
`._shapes.langchain_tool_message`) or text that only mentions a status.
"""

from __future__ import annotations

from typing import Any

from ._model_str import model_str_fields

__all__ = ["agno_execution_result"]

_FIELDS = ("status", "result", "error")
_STATUSES = ("success", "failure")


def agno_execution_result(raw: Any) -> tuple[Any, str | None] | None:
    """(result, error) of Agno's ``FunctionExecutionResult`` written as `raw`; else None.

    Examples:
        >>> agno_execution_result("status='success' result='sunny, 22 C' error=None "
        ...     "updated_session_state=None images=None videos=None audios=None files=None")
        ('sunny, 22 C', None)
        >>> agno_execution_result("status='failure' result=None error='unknown city: Tokio' "
        ...     "updated_session_state=None images=None")
        (None, 'unknown city: Tokio')
        >>> agno_execution_result("status='success' result={'temp': 22} error=None")
        ({'temp': 22}, None)

        Not Agno's: a LangChain ``ToolMessage``'s ``str()``, another status, fields in
        another order, a result that is no literal, plain text:

        >>> agno_execution_result("content='sunny' name='w' tool_call_id='c1' status='success'")
        >>> agno_execution_result("status='ok' result='sunny' error=None")
        >>> agno_execution_result("result='sunny' status='success' error=None")
        >>> agno_execution_result("status='success' result=Weather(t=22) error=None")
        >>> agno_execution_result("sunny, 22 C")
    """
    fields = model_str_fields(raw)
    if fields is None or tuple(fields)[:3] != _FIELDS or fields["status"] not in _STATUSES:
        return None
    error = fields["error"]
    failed = fields["status"] == "failure"
    return fields["result"], (str(error) if error is not None else "failure") if failed else None
