"""LangChain.js under Langfuse's JS/TS CallbackHandler, on small spans written the way
@langfuse/langchain 5.11.1 (with @langfuse/otel 5.11.1) writes LangChain.js 1.5.14's
``createAgent`` run (tests/data/traces/langfuse/langfuse-js-langchain-tool-error-*):

- a tool message is written with its tool's name as its role (``"role": "get_weather"``),
  ``additional_kwargs`` beside it and no ``tool_call_id``: it is a tool message, its id the
  call's (the tool observation's ``ToolMessage`` gives it);
- a tool that raised is marked only by Langfuse's level ``ERROR`` and status message, the
  span's status unset, no ``exception`` event: that message is the call's error, and the
  text the model was given for it (the next request's tool message) its result;
- the root, a plain ``span`` named as the agent, outputs the graph's message state in the
  handler's objects: the run's answer is its last assistant text, and its
  ``metadata.lc_agent_name`` names the agent.

Before, the tool messages were dropped (the failed call's with them: nothing recorded its
result), the failed call had no error, the output was the state's JSON and no agent was named.
The Python SDK's records are read as before (the level rule leaves a span whose status says
error, and levels other than ``ERROR``, alone; a ``role: tool`` message is unchanged).
"""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations._spans import Span
from fourfold.integrations._steps import ToolRun
from fourfold.integrations.otel._langfuse import langfuse_step
from fourfold.integrations.otel._langfuse_js_messages import handler_message, handler_messages
from fourfold.integrations.otel._langfuse_levels import failed_observation
from tests.helpers.span_builders import import_one, langfuse_observation, stepped_span

TRACE = "2a" * 16
ASK = "What is the weather in Oslo and in Atlantis?"
SYSTEM = "You are a weather assistant."
ANSWER = "Oslo has snow at -3 C; Atlantis is unknown."
FAILED = "Error: unknown city: Atlantis"
_META = "langfuse.observation.metadata."


def _span(n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None) -> Any:
    return stepped_span(n, name, attrs, trace=TRACE, parent=parent)


def _observation(kind: str, input_: Any = None, output: Any = None, **extra: Any) -> Any:
    agent = {_META + "lc_agent_name": "weather_agent"}
    return langfuse_observation(kind, input_, output, **agent, **extra)


def _call(call_id: str, city: str) -> dict[str, Any]:
    arguments = json.dumps({"city": city})
    return {
        "id": call_id,
        "type": "function",
        "function": {"name": "get_weather", "arguments": arguments},
    }


_TURN = {
    "content": "",
    "role": "assistant",
    "tool_calls": [_call("call_1", "Oslo"), _call("call_2", "Atlantis")],
}
_FIRST = [
    {"content": [{"type": "text", "text": SYSTEM}], "role": "system"},
    {"content": ASK, "role": "user"},
]
# the handler's ToolMessage: its tool's name as its role, no tool_call_id
_RESULTS = [
    {"content": "snow, -3 C", "additional_kwargs": {}, "role": "get_weather"},
    {"content": FAILED, "additional_kwargs": {}, "role": "get_weather"},
]
_OFFERED = [{"type": "function", "function": {"name": "get_weather", "parameters": {}}}]


def _generation(messages: list[Any], reply: Any, usage: dict[str, int]) -> Any:
    return _observation(
        "generation",
        {"messages": messages, "tools": _OFFERED},
        reply,
        **{
            "langfuse.observation.model.name": "gpt-4o-mini-2024-07-18",
            "langfuse.observation.usage_details": json.dumps(usage),
            _META + "ls_model_name": "gpt-4o-mini",
        },
    )


def _tool_message(content: str, call_id: str) -> dict[str, Any]:
    return {
        "lc": 1,
        "type": "constructor",
        "id": ["langchain_core", "messages", "ToolMessage"],
        "kwargs": {
            "status": "success",
            "content": content,
            "tool_call_id": call_id,
            "name": "get_weather",
        },
    }


def _create_agent_run() -> list[Any]:
    """weather_agent > model_request > ChatOpenAI; two tools > get_weather; model_request."""
    user = [{"role": "user", "content": ASK}]
    state = {"messages": [*user, _TURN, *_RESULTS, {"content": ANSWER, "role": "assistant"}]}
    return [
        _span(
            1,
            "weather_agent",
            _observation(
                "span", {"messages": user}, state, **{"langfuse.internal.is_app_root": True}
            ),
        ),
        _span(2, "model_request", _observation("span", user, {"output": []}), parent=1),
        _span(3, "ChatOpenAI", _generation(_FIRST, _TURN, {"input": 20, "output": 9}), parent=2),
        _span(4, "tools", _observation("span", [], {"messages": _RESULTS[:1]}), parent=1),
        _span(
            5,
            "get_weather",
            _observation("tool", {"city": "Oslo"}, _tool_message("snow, -3 C", "call_1")),
            parent=4,
        ),
        _span(6, "tools", _observation("span", [], {"messages": _RESULTS[1:]}), parent=1),
        _span(
            7,
            "get_weather",
            _observation(
                "tool",
                {"city": "Atlantis"},
                **{
                    "langfuse.observation.level": "ERROR",
                    "langfuse.observation.status_message": FAILED,
                },
            ),
            parent=6,
        ),
        _span(8, "model_request", _observation("span", [], {"output": []}), parent=1),
        _span(
            9,
            "ChatOpenAI",
            _generation(
                [*_FIRST, _TURN, *_RESULTS],
                {"content": ANSWER, "role": "assistant"},
                {"input": 40, "output": 12},
            ),
            parent=8,
        ),
    ]


def test_the_js_handlers_create_agent_run(tmp_path: Any) -> None:
    imported = import_one(tmp_path, _create_agent_run())
    trace = imported.trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("system", SYSTEM, None),
        ("user", ASK, None),
        ("assistant", None, None),
        ("tool", "snow, -3 C", "call_1"),
        ("tool", FAILED, "call_2"),  # its id the request's: the tool span recorded none
        ("assistant", ANSWER, None),
    ]
    ok, failed = trace.tool_calls
    assert (ok.id, ok.arguments, ok.result, ok.error) == (
        "call_1",
        {"city": "Oslo"},
        "snow, -3 C",
        None,
    )
    # Langfuse's level ERROR and its status message: the error; the model's text: the result
    assert (failed.id, failed.arguments, failed.result, failed.error) == (
        "call_2",
        {"city": "Atlantis"},
        FAILED,
        FAILED,
    )
    assert trace.output == ANSWER  # the state's last assistant text, not the state
    assert imported.metadata["agent_name"] == "weather_agent"  # lc_agent_name on a plain span
    assert imported.metadata["model"] == "gpt-4o-mini"
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (60, 21)


def _raw(
    name: str, attrs: dict[str, Any], status: str = "unset", message: str | None = None
) -> Span:
    return Span(TRACE, "s", "p", name, None, None, status, message, attrs)  # type: ignore[arg-type]


def test_level_error_is_the_failure_the_js_sdk_leaves_unset() -> None:
    tool = {"langfuse.observation.type": "tool", "langfuse.observation.input": '{"city": "X"}'}
    js = _raw(
        "get_weather",
        {
            **tool,
            "langfuse.observation.level": "ERROR",
            "langfuse.observation.status_message": FAILED,
        },
    )
    run = langfuse_step(js)
    assert isinstance(run, ToolRun)
    assert run.call.error == FAILED


def test_the_python_sdks_failed_tool_and_other_levels_are_unchanged() -> None:
    # the Python SDK sets the span's status as well: its status message stays the error
    python = _raw(
        "get_weather",
        {
            "langfuse.observation.level": "ERROR",
            "langfuse.observation.status_message": "unknown city: X",
        },
        "error",
        "unknown city: X",
    )
    assert failed_observation(python) is python
    # a DEFAULT level with a status message (a LangGraph Command bubbling up) is no failure
    command = _raw(
        "tools",
        {
            "langfuse.observation.level": "DEFAULT",
            "langfuse.observation.status_message": "Command(...)",
        },
    )
    assert failed_observation(command) is command
    debug = _raw("__start__", {"langfuse.observation.level": "DEBUG"})
    assert failed_observation(debug).status == "unset"


def test_only_the_handlers_tool_messages_take_the_tool_role() -> None:
    # the Python handler's tool message, and a message of a known role, stay as written
    python = {"role": "tool", "content": "snow", "tool_call_id": "call_1"}
    assert handler_message(python) is python
    ai = {"role": "assistant", "content": "", "additional_kwargs": {"tool_calls": []}}
    assert handler_message(ai) is ai
    # a message named so without additional_kwargs (a generic ChatMessage) is no tool message
    named = {"role": "narrator", "content": "Once"}
    assert handler_message(named) is named
    assert handler_messages({"messages": [named]}) is None
    [msg] = handler_messages([_RESULTS[0]]) or []
    assert (msg.role, msg.name, msg.content, msg.tool_call_id) == (
        "tool",
        "get_weather",
        "snow, -3 C",
        None,
    )
