r"""A tool execution span, whichever convention or framework wrote it, as one `ToolCall`.

Where each field is looked for, first found wins:

- name: ``gen_ai.tool.name``, ``tool.name`` (OpenInference), ``ai.toolCall.name`` (Vercel),
  ``name`` on a Logfire ``Function: {name}`` span, the name in ``running tool: <name>`` or
  ``execute_tool <name>``, a span name yielding to the name its LangChain ``ToolMessage``
  result gives (OpenLLMetry JS's ``execute_tool DynamicStructuredTool``: `_js_tool_runs`);
  never another span name (a span naming none is a call with no
  name, matched to the request its arguments are and named by it, `.._call_requests`);
- arguments: ``gen_ai.tool.call.arguments``, ``gen_ai.tool.args`` (any-agent),
  ``tool_arguments`` (pydantic-ai), ``ai.toolCall.args`` (Vercel), ``input.value``
  (OpenInference), ``input`` (Logfire), ``tool_call.function.arguments``,
  ``gcp.vertex.agent.tool_call_args`` (ADK), ``traceloop.entity.input`` (traceloop-sdk's
  ``@tool``), one ``code.function.parameters.<p>.value`` per parameter (otel contrib
  google-genai), ``tool.parameters`` when it is not a JSON Schema, the ``gen_ai.tool.message``
  event's ``content`` (Strands); AG2's ``{name, arguments}`` function call (OpenInference's) the
  JSON object inside (`_ag2_tools`); a dict written as its Python repr (``{'city': 'Paris'}``,
  openlit's LangChain tools) is that dict; a Python call's bound arguments ``{"args": [],
  "kwargs": {...}}`` (smolagents, traceloop-sdk) are the keyword arguments, and a call given
  positional values whose names the span does not say is kept as ``{"args": [...], **kwargs}``,
  a JS function's one argument object (``{"args": [<object or its JSON>]}``, OpenLLMetry
  JS's) that object (`_js_tool_runs`),
  not recorded as the arguments (the request's stand); a LangChain callback's ``on_tool_start``
  record (``{input_str, tags, metadata, inputs, kwargs}``, OpenLLMetry's) is its ``inputs``, its
  ``kwargs.tool_call_id`` the id; a value that is not a JSON object (LangChain's TOOL spans
  record the tool's input string) is kept as ``{"input": value}`` and the run says the arguments
  were not recorded, so the request the call answers gives them (`ToolRun.arguments_recorded`);
- result: ``gen_ai.tool.call.result``, ``tool_response``, ``ai.toolCall.result``,
  ``output.value``, ``output``, ``gen_ai.output`` (any-agent), ``code.function.return.value``,
  ``gcp.vertex.agent.tool_response``, ``traceloop.entity.output`` (traceloop-sdk's ``@tool``:
  the return value as JSON), the ``gen_ai.choice`` event's ``message`` (Strands);
  ADK's ``{id, name, response}`` wrapper is unwrapped to ``response``, a LangChain
  callback's ``on_tool_end`` record (``{output, kwargs}``) to its ``output``, LangChain.js's
  run outputs ``{output: <ToolMessage>}`` to the message (`_wrapped_tool_messages`), LangChain's
  ``ToolMessage`` (serialised, or written as its ``str()``, ``content='...' name='...'
  tool_call_id='...'``, as openlit does) to its ``content`` (and its ``tool_call_id``), as
  is langchain-azure-ai's ``{name, tool_call_id, content}`` of it (the same reader),
  Agno's ``FunctionExecutionResult`` written as its ``str()`` (``status='success'
  result='...' error=None ...``, OpenLLMetry's Agno tool spans) to its ``result``, a
  ``failure`` its ``error`` the call's error (`_agno_results`),
  a LangGraph ``Command`` (``{graph, update, resume, goto}``, langgraph-supervisor's
  hand-off tools) to the ``ToolMessage`` its update carries for the call
  (`command_tool_message`),
  text-only content blocks (LangChain's keep their own ``id``: `.._text_block`) and MCP's one
  ``{"type": "text", "text"}`` block to their text, the AI SDK's MCP ``CallToolResult``
  (``{content, isError}``) and Mastra's on an ``mcp_tool_call`` span to its content blocks,
  read so (`_ai_sdk_mcp`, `_mastra_mcp`),
  AG2's ``[true, {name, role: function, content}]`` to its ``content`` (`_ag2_tools`),
  and a JSON string literal (``"\\"text\\""``) decodes to its text;
  a span with none of these recorded no result (`ToolRun.result_recorded`), which is not a
  recorded ``null``, nor does one whose result is only a generator's or coroutine's repr
  (`_generator_reprs`: Agno's async delegation under openlit);
- id: ``gen_ai.tool.call.id``, ``tool_call.id``, ``tool.id``, ``ai.toolCall.id``, the
  events' ``id``; an id written
  as a list (``[run id, call id]``) is its last element that looks like a call id;
- passages (D14): a LangChain ``content_and_artifact`` tool's artifact ``Document``s, else the
  ``sources`` of Mastra's vector query tool's result (`_mastra_vector_query`);
- not a call: ADK's ``(merged tools)`` span, the merge of parallel calls' responses
  (`merges_responses`);
- error: the ``exception`` event (``type: message``), else the ``exception.*`` attributes of a
  failed span (BeeAI TypeScript's ``error`` event span), else the status message when the
  status is error (OpenInference's holds the exception's repr and traceback; LangChain.js's
  the message and its JavaScript stack, whose first line is the error, `._js_stacks`; the
  OpenAI Agents SDK's ``Error running tool (non-fatal): {'tool_name': ..., 'error': ...}``
  its data's ``error``, `.._nonfatal_errors`), the
  ``error.type`` attribute, or a framework ``error`` attribute; an error that only repeats
  ``error.type`` on a result marked failed (MCP's ``isError``), or none on a LangChain
  ``ToolMessage`` with ``status: "error"``, is that result's text (`_failed_results`), and so
  is the AI SDK's or Mastra's MCP result with ``isError: true`` on a span that says nothing
  failed.
"""

from __future__ import annotations

import json
from typing import Any

from ...trace import Passage, ToolCall
from .._document_passages import document_passage, named_source
from .._exception_events import (
    exception_attributes_error,
    exception_error,
    span_typed,
    status_typed,
)
from .._js_stacks import stack_error
from .._messages import call_id, parse_arguments, result_value, try_json
from .._nonfatal_errors import nonfatal_error
from .._passages import Retrieval
from .._spans import Span, ns_to_datetime
from .._steps import ToolRun
from .._tool_outputs import is_tool_output, tool_output_result
from ._ag2_tools import function_call_arguments, function_result
from ._agno_results import agno_execution_result
from ._ai_sdk_mcp import ai_sdk_mcp_result
from ._callback_records import callback_arguments, callback_output
from ._command_results import command_tool_message
from ._failed_results import failed_result_error
from ._generator_reprs import unrun_object
from ._js_tool_runs import single_argument_object, tool_message_name
from ._mastra_mcp import mastra_mcp_result
from ._mastra_vector_query import vector_query_sources
from ._model_str import python_dict
from ._pending_approvals import pending_approval
from ._shapes import (
    call_kwargs,
    langchain_artifact_documents,
    langchain_tool_message,
    text_blocks,
)
from ._wrapped_tool_messages import wrapped_tool_message

__all__ = ["call_id", "merges_responses", "tool_error", "tool_run"]

_NAME_KEYS = ("gen_ai.tool.name", "tool.name", "ai.toolCall.name", "tool_call.function.name")
_ARGUMENT_KEYS = (
    "gen_ai.tool.call.arguments",
    "gen_ai.tool.args",
    "tool_arguments",
    "ai.toolCall.args",
    "input.value",
    "input",
    "tool_call.function.arguments",
    "gcp.vertex.agent.tool_call_args",
    "traceloop.entity.input",
)
_RESULT_KEYS = (
    "gen_ai.tool.call.result",
    "tool_response",
    "ai.toolCall.result",
    "output.value",
    "output",
    "gen_ai.output",
    "code.function.return.value",
    "gcp.vertex.agent.tool_response",
    "traceloop.entity.output",
)
_ID_KEYS = ("gen_ai.tool.call.id", "tool_call.id", "tool.id", "ai.toolCall.id")
_NAME_PREFIXES = ("running tool:", "execute_tool")


def tool_run(span: Span, attrs: dict[str, Any] | None = None) -> ToolRun:
    """The tool call a span executed (`attrs`: the span's attributes, flattened if nested)."""
    attrs = span.attributes if attrs is None else attrs
    name = _name(span, attrs)
    events = _events(span)
    raw = _first(attrs, _RESULT_KEYS)
    if raw is None:
        raw = events.get("gen_ai.choice", {}).get("message")
    if unrun_object(raw) or pending_approval(raw):  # a generator's repr, a paused call's
        raw = None  # record: what ran is not in it
    recorded = raw is not None  # a result, even JSON null; without one, nothing is known
    raw = callback_output(raw)  # a LangChain callback's record of it: what the tool returned
    raw = wrapped_tool_message(raw)  # LangChain.js's run outputs: {output: <ToolMessage>}
    output = raw
    found_id = _first(attrs, _ID_KEYS)
    carried = command_tool_message(raw, call_id(found_id), name)
    if carried is not None:  # a LangGraph Command: the tool message it carries for the call
        raw = output = carried
        found_id = None  # which answers the call by its id (openlit's span id is the run's)
    documents = langchain_artifact_documents(raw)
    message = langchain_tool_message(raw)  # also langchain-azure-ai's flattened one
    if message is not None:  # LangChain's ToolMessage: the tool's output and its call id
        if _first(attrs, _NAME_KEYS) in (None, ""):  # a span name naming a class, not the tool
            name = tool_message_name(raw) or name
        raw, found_id = message[0], found_id or message[1]
    agno = agno_execution_result(raw)  # Agno's FunctionExecutionResult, written as its str()
    raw, failed = agno if agno is not None else (raw, None)
    result = try_json(raw) if attrs.get("gen_ai.output.type") == "json" else result_value(raw)
    if found_id is None:
        found_id = next((e["id"] for e in events.values() if e.get("id")), None)
    arguments, given, recorded_id = _arguments(attrs, events)
    called = function_call_arguments(arguments, name)  # AG2's {name, arguments} (OpenInference)
    if called is not None:
        arguments, given = called, True
    found_id = found_id or recorded_id
    result = function_result(_unwrap(result, name), name)  # AG2's [true, {function message}]
    error = tool_error(span) or failed
    # the AI SDK's and Mastra's MCP results: their content blocks, as given
    mcp = ai_sdk_mcp_result(attrs) or mastra_mcp_result(attrs)
    if mcp is not None:
        result, error = mcp[0], error or mcp[1]
    call = ToolCall(
        name=name or None,
        arguments=arguments,
        result=result,
        error=failed_result_error(span, error, output, result),
        id=call_id(found_id),
        started_at=ns_to_datetime(span.start_ns),
        ended_at=ns_to_datetime(span.end_ns),
    )
    # a LangChain artifact's Documents, or the sources Mastra's vector query tool found
    found = [_passage(span, i, d) for i, d in enumerate(documents)]
    found = found or vector_query_sources(attrs, span.span_id)
    return ToolRun(
        span,
        call,
        arguments_recorded=given,
        result_recorded=recorded,
        retrieval=Retrieval(span, found) if found else None,
    )


def _passage(span: Span, index: int, document: dict[str, Any]) -> Passage:
    """A LangChain ``Document`` (``{id, page_content, metadata}``) as a passage."""
    meta = document.get("metadata")
    meta = meta if isinstance(meta, dict) else {}
    source = named_source(meta)
    return document_passage(
        span.span_id, index, id=document.get("id"), text=document["page_content"], source=source
    )


def merges_responses(attrs: dict[str, Any]) -> bool:
    """Whether a tool span only merges the responses of calls that ran in parallel.

    Google ADK records, after the calls' own spans, an ``execute_tool (merged)`` span whose
    tool name is the placeholder ``(merged tools)`` and whose result lists their responses:
    no tool ran in it.
    """
    return any(attrs.get(key) == _MERGED for key in _NAME_KEYS)


_MERGED = "(merged tools)"


def _name(span: Span, attrs: dict[str, Any]) -> str | None:
    found = _first(attrs, _NAME_KEYS)
    if found not in (None, ""):
        return str(found)
    template = str(attrs.get("logfire.msg_template") or span.name)
    if template.startswith("Function:") and attrs.get("name"):
        return str(attrs["name"])
    for prefix in _NAME_PREFIXES:
        if span.name.startswith(prefix):
            return span.name.removeprefix(prefix).strip() or None
    for method in _TOOL_METHODS:  # DSPy's tools under OpenInference: "get_weather.__call__"
        if span.name.endswith(method):
            return span.name.removesuffix(method) or None
    return None


_TOOL_METHODS = (".__call__", ".acall")
"""The methods a span names a tool by (``<tool>.<method>``) when no attribute names it: DSPy's
``Tool.__call__`` and, in a program run with ``acall``, its ``Tool.acall``
(openinference-instrumentation-dspy names the span after the tool and the method)."""


def _events(span: Span) -> dict[str, dict[str, Any]]:
    """The semconv 1.28-1.36 events of a tool span, by name (Strands Agents' tool spans).

    ``gen_ai.tool.message`` holds the arguments (``content``) and ``gen_ai.choice`` the
    result (``message``), each with the call's ``id``.
    """
    out: dict[str, dict[str, Any]] = {}
    for event in span.events:
        name = event.get("name")
        if name in ("gen_ai.tool.message", "gen_ai.choice") and name not in out:
            out[str(name)] = dict(event.get("attributes") or {})
    return out


def _arguments(
    attrs: dict[str, Any], events: dict[str, dict[str, Any]]
) -> tuple[dict[str, Any], bool, str | None]:
    """The arguments, whether recorded as a JSON object, and the call id beside them.

    The id is the one a LangChain callback's record of the arguments gives (`callback_arguments`).
    """
    found = _first(attrs, _ARGUMENT_KEYS)
    if found is None:
        found = events.get("gen_ai.tool.message", {}).get("content")
    if found is not None:
        found, recorded_id = callback_arguments(found)
        found = single_argument_object(found)  # OpenLLMetry JS: {"args": [<the object>]}
        found = call_kwargs(found, attrs.get("tool.parameters"))
        positional = _positional(found)
        if positional is not None:
            return positional, False, recorded_id
        literal = python_dict(found)  # a dict's Python repr (openlit's LangChain tools)
        if literal is not None:
            return literal, True, recorded_id
        return parse_arguments(found), isinstance(try_json(found), dict), recorded_id
    prefix, suffix = "code.function.parameters.", ".value"
    params = {
        key[len(prefix) : -len(suffix)]: try_json(value)
        for key, value in attrs.items()
        if key.startswith(prefix) and key.endswith(suffix)
    }
    if params:
        return params, True, None
    schema = try_json(attrs.get("tool.parameters"))
    if isinstance(schema, dict) and ("properties" in schema or schema.get("type") == "object"):
        return {}, False, None
    return parse_arguments(schema), isinstance(schema, dict), None


def _positional(value: Any) -> dict[str, Any] | None:
    """A Python call given positional values, as ``{"args": [...], **kwargs}``; else None.

    ``{"args": [...], "kwargs": {...}}`` with values in ``args``: the values have no names.

    Examples:
        >>> _positional('{"args": ["Paris"], "kwargs": {"unit": "C"}}')
        {'args': ['Paris'], 'unit': 'C'}
        >>> _positional({"args": [], "kwargs": {"city": "Paris"}}) is None
        True
    """
    parsed = try_json(value)
    if not (isinstance(parsed, dict) and set(parsed) == {"args", "kwargs"}):
        return None
    args, kwargs = parsed["args"], parsed["kwargs"]
    if not (isinstance(args, list) and args and isinstance(kwargs, dict)):
        return None
    return {"args": args, **{k: v for k, v in kwargs.items() if k != "args"}}


def _unwrap(result: Any, name: str | None) -> Any:
    """The tool's own result, out of a framework's wrapper.

    ADK's FunctionResponse ``{id, name, response}``; a list of text-only content blocks
    (Strands' ``[{"text": ...}]``, MCP's ``[{"type": "text", "text": ...}]``), or one typed
    text block (MCP's, as the OpenAI Agents SDK records an MCP tool's result), is its text.
    LlamaIndex's ``ToolOutput`` (``{blocks, tool_name, raw_input, raw_output, is_error}``) is
    what the tool returned (`tool_output_result`).
    """
    parsed = try_json(result) if isinstance(result, str) else result
    if is_tool_output(parsed):
        result = tool_output_result(parsed)
    result = text_blocks(result)
    if isinstance(result, dict) and set(result) == {"id", "name", "response"}:
        if name is None or result.get("name") == name:
            return result["response"]
    if isinstance(result, str) and result.startswith('"') and result.endswith('"'):
        decoded = try_json(result)
        if isinstance(decoded, str):
            return result_value(decoded)
    return result


def tool_error(span: Span) -> str | None:
    """Why the tool failed.

    An ``exception`` event (``type: message``), else on a failed span the exception's
    attributes (BeeAI TypeScript's ``error`` event span), the status message, ``error.type`` or
    a framework ``error`` attribute (a tool that raised is often recorded with status unset).
    """
    said = exception_error(span.events)
    if said is not None:  # its type as the span's error.type names it, where it does
        return span_typed(said, span.attributes.get("error.type"))
    if span.status == "error":  # the exception as the failed span's attributes (BeeAI TS)
        said = exception_attributes_error(span.attributes)
        if said is not None:
            return said
    if span.status == "error" and span.status_message:  # a JS stack after it: its first line
        message = span.status_message  # the Agents SDK's non-fatal error data: its error, as
        # OpenInference words it (under the OpenTelemetry project's instrumentation the data's
        # error is the SDK's redaction notice, and the readings keep the message whole)
        inner = nonfatal_error(message) if "openinference.span.kind" in span.attributes else None
        return stack_error(message) or inner or status_typed(message, span.attributes)
    error = span.attributes.get("error.type") or span.attributes.get("error")
    if error not in (None, "", {}):
        return error if isinstance(error, str) else json.dumps(error, default=str)
    return span.error


def _first(attrs: dict[str, Any], keys: tuple[str, ...]) -> Any:
    for key in keys:
        if attrs.get(key) is not None:
            return attrs[key]
    return None
