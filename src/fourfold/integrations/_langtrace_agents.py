"""Langtrace's OpenAI Agents SDK spans: the agent each names, the calls its history holds.

langtrace-python-sdk (3.8.21)'s ``openai_agents`` instrumentation wraps the SDK's
``Runner._get_new_response``, one model turn of an agent, in a span named
``openai_agents.<the agent's name>`` (``openai_agents.agent_response`` when it has none),
``langtrace.service.type`` ``framework``, whose ``openai_agents.inputs`` is JSON of what the
turn was given: ``agent`` (its ``name``, ``instructions``, ``handoffs``), ``instructions``,
``message_history`` (the SDK's input items, in the Responses API's shape, each cut to
``content, role, id, type, status``, a ``function_call`` with its ``arguments, call_id,
name`` too, a ``function_call_output`` with its ``call_id, output``), ``run_context`` and
``run_config``; ``openai_agents.outputs`` is the turn's ``ModelResponse``. The model call
under it is the provider instrumentation's (``openai.chat.completions.create``), which records
the conversation. The SDK's own trace makes no span, so each turn's span is the root of a
trace of its own: a run of two turns is two unlinked traces.

Two things are read of such a span (`agents_turn_inputs` tells one; another tracer's span,
or another Langtrace framework span, is not one):

- it is the agent's run (`langtrace_agents_run`), its name the ``agent.name`` of its inputs
  (the span's name repeats it; a span name is never read as the agent). Its counts and
  events are not read: its counts repeat the model call's, and its prompt event renders the
  item history as ``{role, content}`` entries (a call an empty user message);
- the Chat Completions call under it replays a turn that requested tools, written from the
  SDK's dicts as ``{"id": "", "type": ""}`` stubs: the turn's calls known by the tool
  messages' ids, with no arguments (`.otel._langtrace_streams.stub_turn`). The span's
  ``message_history`` holds those calls as ``function_call`` items, each with its
  ``call_id``, ``name`` and ``arguments``: a call with no arguments in the input of a model
  call under such a span takes those of the item with its id and name
  (`with_history_arguments`). A call with arguments of its own, or whose id or name no item
  gives, is as it was. Each trace is read alone: the turn's own span holds the history.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ._langtrace_spans import is_langtrace
from ._messages import Msg, ToolRequest, parse_arguments, try_json
from ._spans import Span, ancestors
from ._steps import AgentRun, ModelCall, Step

__all__ = ["agents_turn_inputs", "langtrace_agents_run", "with_history_arguments"]

_INPUTS = "openai_agents.inputs"


def agents_turn_inputs(span: Span) -> dict[str, Any] | None:
    """The inputs of one of Langtrace's Agents SDK turn spans, as JSON; None for another span.

    Examples:
        >>> import json
        >>> inputs = {"agent": {"name": "weather_agent"}, "message_history": []}
        >>> attrs = {"langtrace.sdk.name": "langtrace-python-sdk", _INPUTS: json.dumps(inputs)}
        >>> agents_turn_inputs(Span("t", "s", None, "x", 1, 2, "ok", None, attrs))["agent"]
        {'name': 'weather_agent'}

        Another tracer's span, inputs that are no JSON object of an agent, or Langtrace's
        hand-offs span (its ``openai_agents.agents``, no inputs): not one.

        >>> agents_turn_inputs(Span("t", "s", None, "x", 1, 2, "ok", None,
        ...                         {_INPUTS: json.dumps(inputs)})) is None
        True
        >>> agents_turn_inputs(Span("t", "s", None, "x", 1, 2, "ok", None,
        ...                         {**attrs, _INPUTS: "{'agent': None}"})) is None
        True
        >>> agents_turn_inputs(Span("t", "s", None, "openai_agents.available_handoffs", 1, 2,
        ...     "ok", None, {"langtrace.sdk.name": "langtrace-python-sdk",
        ...                  "openai_agents.agents": "[]"})) is None
        True
    """
    if _INPUTS not in span.attributes or not is_langtrace(span):
        return None
    inputs = try_json(span.attributes[_INPUTS])
    if not isinstance(inputs, dict) or not isinstance(inputs.get("agent"), dict):
        return None
    return inputs


def langtrace_agents_run(span: Span) -> AgentRun | None:
    """The agent's run a Langtrace Agents SDK turn span is, named by its inputs' agent.

    Examples:
        >>> import json
        >>> attrs = {"langtrace.sdk.name": "langtrace-python-sdk", _INPUTS: json.dumps(
        ...     {"agent": {"name": "weather_agent"}, "message_history": []})}
        >>> run = langtrace_agents_run(Span("t", "s", None, "openai_agents.weather_agent", 1, 2,
        ...                                 "ok", None, attrs))
        >>> run.kind, run.name, run.outputs, run.output_value
        ('agent', 'weather_agent', [], None)
        >>> langtrace_agents_run(Span("t", "s", None, "openai_agents.weather_agent", 1, 2, "ok",
        ...                           None, {"langtrace.sdk.name": "langtrace-python-sdk"}))
    """
    inputs = agents_turn_inputs(span)
    if inputs is None:
        return None
    name = inputs["agent"].get("name")
    return AgentRun(span, kind="agent", name=name if isinstance(name, str) and name else None)


def with_history_arguments(
    ordered: list[Span], steps: dict[int, Step | None], by_id: Mapping[str, Span]
) -> dict[int, Step | None]:
    """`steps`, the argument-less calls a turn span's model call replays given its history's.

    `ordered`: the trace's spans in time order; `steps`: their steps by ``id(span)``;
    `by_id`: the spans by span id.

    Examples:
        >>> import json
        >>> history = [{"content": "Weather?", "role": "user"},
        ...            {"type": "function_call", "call_id": "c1", "name": "get_weather",
        ...             "arguments": '{"city": "Paris"}'},
        ...            {"type": "function_call_output", "call_id": "c1", "output": "sunny"}]
        >>> turn = Span("t", "a", None, "openai_agents.weather_agent", 1, 9, "ok", None, {
        ...     "langtrace.sdk.name": "langtrace-python-sdk",
        ...     _INPUTS: json.dumps({"agent": {"name": "w"}, "message_history": history})})
        >>> chat = Span("t", "c", "a", "openai.chat.completions.create", 2, 8, "ok", None, {})
        >>> replay = Msg("assistant", tool_calls=[ToolRequest("get_weather", {}, "c1")])
        >>> steps = {id(turn): None, id(chat): ModelCall(chat, [replay], [])}
        >>> by_id = {"a": turn, "c": chat}
        >>> out = with_history_arguments([turn, chat], steps, by_id)
        >>> out[id(chat)].inputs[0].tool_calls
        [ToolRequest(name='get_weather', arguments={'city': 'Paris'}, id='c1')]

        Another id or name, arguments of its own, or a call under no turn span: as it was.

        >>> other = Msg("assistant", tool_calls=[ToolRequest("get_time", {}, "c1"),
        ...     ToolRequest("get_weather", {}, "c2"), ToolRequest("get_weather", {"c": 1}, "c1")])
        >>> steps[id(chat)] = ModelCall(chat, [other], [])
        >>> with_history_arguments([turn, chat], steps, by_id)[id(chat)].inputs[0] == other
        True
        >>> alone = Span("t", "c", None, "openai.chat.completions.create", 2, 8, "ok", None, {})
        >>> steps = {id(alone): ModelCall(alone, [replay], [])}
        >>> with_history_arguments([alone], steps, {"c": alone})[id(alone)].inputs[0] == replay
        True
    """
    out = dict(steps)
    for span in ordered:
        call = steps.get(id(span))
        if not isinstance(call, ModelCall):
            continue
        turn = next((a for a in ancestors(span, by_id) if agents_turn_inputs(a)), None)
        items = _history_calls(agents_turn_inputs(turn)) if turn is not None else {}
        if not items:
            continue
        inputs = [_given(m, items) for m in call.inputs]
        if inputs != call.inputs:
            out[id(span)] = replace(call, inputs=inputs)
    return out


def _history_calls(inputs: dict[str, Any] | None) -> dict[str, tuple[str, dict[str, Any]]]:
    """The ``function_call`` items of a turn's history: name and arguments, by call id."""
    history = inputs.get("message_history") if inputs else None
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for item in history if isinstance(history, list) else []:
        if not isinstance(item, dict) or item.get("type") != "function_call":
            continue
        call_id, name = item.get("call_id"), item.get("name")
        if isinstance(call_id, str) and call_id and isinstance(name, str) and name:
            out.setdefault(call_id, (name, parse_arguments(item.get("arguments"))))
    return out


def _given(msg: Msg, items: dict[str, tuple[str, dict[str, Any]]]) -> Msg:
    """`msg` with each argument-less call the history names by its id and name given its."""
    if not msg.tool_calls:
        return msg
    calls = [_request(r, items) for r in msg.tool_calls]
    return msg if calls == msg.tool_calls else replace(msg, tool_calls=calls)


def _request(call: ToolRequest, items: dict[str, tuple[str, dict[str, Any]]]) -> ToolRequest:
    found = items.get(call.id) if call.id else None
    if call.arguments or found is None or found[0] != call.name:
        return call
    return replace(call, arguments=found[1])
