"""traceloop-sdk's decorators (OpenLLMetry's ``@agent``, ``@workflow``, ``@task``, ``@tool``), on
small spans written the way traceloop-sdk 0.62.4 writes them (tests/data/traces/openllmetry/
traceloop-sdk-*): each says what it is only by ``traceloop.span.kind``, records the function's
arguments and return value as JSON (``traceloop.entity.input`` / ``.output``) when content
tracing is on, and the SDK writes ``gen_ai.agent.name`` on every span inside an ``@agent``.

- a decorated tool is a tool call, its arguments the call's keywords and its result the
  return value, one call with the model's request it executes;
- a ``@task`` is no agent run, though it carries ``gen_ai.agent.name``;
- what the ``@agent`` / ``@workflow`` function returned is the run's answer; the agent's name
  is its ``traceloop.entity.name`` when no ``gen_ai.agent.name`` says it;
- with content tracing off, what the spans do not say stays unknown.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._spans import Span
from fourfold.integrations.otel._auto import interpret_span
from fourfold.integrations.otel._operations import operation
from tests.helpers.span_builders import import_one, span

TRACE = "7e" * 16
ASK = "What is the weather in Oslo?"


def _span(n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)


def _agent(output: str | None = None, **extra: Any) -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "traceloop.span.kind": "agent",
        "traceloop.entity.name": "weather_agent",
        "gen_ai.agent.name": "weather_agent",
        **extra,
    }
    if output is not None:
        attrs["traceloop.entity.output"] = json.dumps(output)
    return attrs


def _tool(arguments: Any = None, result: Any = None) -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "traceloop.span.kind": "tool",
        "traceloop.entity.name": "get_weather",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.agent.name": "weather_agent",
    }
    if arguments is not None:
        attrs["traceloop.entity.input"] = json.dumps(arguments)
    if result is not None:
        attrs["traceloop.entity.output"] = json.dumps(result)
    return attrs


def _chat(inputs: list[Any], outputs: list[Any], usage: tuple[int, int]) -> dict[str, Any]:
    return {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.agent.name": "weather_agent",
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps(outputs),
        "gen_ai.usage.input_tokens": usage[0],
        "gen_ai.usage.output_tokens": usage[1],
    }


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


_REQUEST = {
    "role": "assistant",
    "parts": [{"type": "tool_call", "id": "call_1", "name": "get_weather", "arguments": {}}],
}


def test_a_decorated_tool_without_a_model_span_keeps_its_arguments_and_result(
    tmp_path: Path,
) -> None:
    # a loop on a model client OpenLLMetry does not instrument: only the decorators' spans.
    # Before, the tool span's entity input and output were not read: arguments {}, no result
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_agent.agent", _agent("Oslo: snow, -3 C.")),
            _span(
                2,
                "get_weather.tool",
                _tool({"args": [], "kwargs": {"city": "Oslo"}}, "snow, -3 C"),
                parent=1,
            ),
        ],
    )
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"city": "Oslo"},
        "snow, -3 C",
        None,
    )
    # what the @agent function returned is the answer (before: none, no model reply)
    assert imported.trace.output == "Oslo: snow, -3 C."
    assert imported.metadata["agent_name"] == "weather_agent"


def test_a_decorated_tool_is_the_execution_of_the_models_request(tmp_path: Path) -> None:
    request = {**_REQUEST, "parts": [{**_REQUEST["parts"][0], "arguments": {"city": "Oslo"}}]}
    answer = "Oslo has snow at -3 C."
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_agent.agent", _agent(answer)),
            _span(2, "openai.chat", _chat([_text("user", ASK)], [request], (20, 5)), parent=1),
            _span(
                3,
                "get_weather.tool",
                _tool({"args": [], "kwargs": {"city": "Oslo"}}, "snow, -3 C"),
                parent=1,
            ),
            _span(
                4,
                "openai.chat",
                _chat(
                    [
                        _text("user", ASK),
                        request,
                        {
                            "role": "tool",
                            "parts": [
                                {
                                    "type": "tool_call_response",
                                    "id": "call_1",
                                    "response": "snow, -3 C",
                                }
                            ],
                        },
                    ],
                    [_text("assistant", answer)],
                    (40, 8),
                ),
                parent=1,
            ),
        ],
    )
    [call] = imported.trace.tool_calls  # one call, not the request and the span apart
    assert (call.arguments, call.result, call.id) == ({"city": "Oslo"}, "snow, -3 C", "call_1")
    assert [m.role for m in imported.trace.messages] == ["user", "assistant", "tool", "assistant"]
    assert imported.trace.output == answer


def test_positional_values_are_no_named_arguments_the_request_gives_them(tmp_path: Path) -> None:
    # get_weather("Oslo"): the span says the value, not its name
    request = {**_REQUEST, "parts": [{**_REQUEST["parts"][0], "arguments": {"city": "Oslo"}}]}
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_agent.agent", _agent()),
            _span(2, "openai.chat", _chat([_text("user", ASK)], [request], (20, 5)), parent=1),
            _span(
                3,
                "get_weather.tool",
                _tool({"args": ["Oslo"], "kwargs": {}}, "snow, -3 C"),
                parent=1,
            ),
        ],
    )
    [call] = imported.trace.tool_calls
    assert (call.arguments, call.result, call.id) == ({"city": "Oslo"}, "snow, -3 C", "call_1")


def _read(attrs: dict[str, Any]) -> Span:
    return Span(
        trace_id=TRACE,
        span_id="01" * 8,
        parent_id=None,
        name="ask_model.task",
        start_ns=0,
        end_ns=1,
        status="unset",
        status_message=None,
        attributes=attrs,
    )


def test_a_task_inside_an_agent_is_no_agent_run() -> None:
    # the SDK writes gen_ai.agent.name on every span inside the @agent: before, each @task
    # was read as another run of the agent
    task = {
        "traceloop.span.kind": "task",
        "traceloop.entity.name": "ask_model",
        "gen_ai.agent.name": "weather_agent",
        "traceloop.entity.output": json.dumps({"role": "assistant", "content": "Hi"}),
    }
    assert operation(_read(task)) == "execute_task"
    assert interpret_span(_read(task)) is None
    # a span that names its operation (OpenLLMetry's LangChain instrumentation) keeps it
    workflow = {"traceloop.span.kind": "workflow", "gen_ai.operation.name": "invoke_agent"}
    assert operation(_read(workflow)) == "invoke_agent"


def test_an_agent_named_only_by_its_decorator_and_a_workflows_result(tmp_path: Path) -> None:
    # an SDK that writes no gen_ai.agent.name: the @agent's entity name is the agent's name;
    # the @workflow above it returned the answer
    agent = {"traceloop.span.kind": "agent", "traceloop.entity.name": "weather_agent"}
    workflow = {
        "traceloop.span.kind": "workflow",
        "traceloop.entity.name": "weather_chat",
        "traceloop.entity.output": json.dumps("Snow."),
    }
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_chat.workflow", workflow),
            _span(2, "weather_agent.agent", agent, parent=1),
            _span(
                3,
                "get_weather.tool",
                _tool({"args": [], "kwargs": {"city": "Oslo"}}, "snow"),
                parent=2,
            ),
        ],
    )
    assert imported.metadata["agent_name"] == "weather_agent"
    assert imported.trace.output == "Snow."


def test_without_content_what_the_spans_do_not_say_stays_unknown(tmp_path: Path) -> None:
    # TRACELOOP_TRACE_CONTENT=false: no entity input or output, no messages
    chat = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o-mini"}
    chat |= {"gen_ai.usage.input_tokens": 20, "gen_ai.usage.output_tokens": 5}
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_agent.agent", _agent()),
            _span(2, "openai.chat", chat, parent=1),
            _span(3, "get_weather.tool", _tool(), parent=1),
        ],
    )
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == ("get_weather", {}, None, None)
    assert imported.trace.messages == []  # no tool message made up for an unknown result
    assert (imported.input, imported.trace.output) == (None, None)
    assert imported.metadata["agent_name"] == "weather_agent"


def _task(given: Any, returned: Any) -> dict[str, Any]:
    return {
        "traceloop.span.kind": "task",
        "traceloop.entity.name": "ask_model",
        "traceloop.entity.input": json.dumps(given),
        "traceloop.entity.output": json.dumps(returned),
    }


_ASKED = [{"role": "user", "content": ASK}]
_CALLS = {
    "role": "assistant",
    "content": None,
    "tool_calls": [
        {
            "id": "call_1",
            "type": "function",
            "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'},
        }
    ],
}


def test_a_task_around_a_model_call_no_span_records_is_that_call(tmp_path: Path) -> None:
    # a loop posting with plain httpx: only the decorators' spans. Before, the tasks were
    # steps of no kind: no message, and the tool call without the id its request gave it
    followed = [*_ASKED, _CALLS, {"role": "tool", "tool_call_id": "call_1", "content": "snow"}]
    answer = {"role": "assistant", "content": "Oslo: snow."}
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather.workflow", {"traceloop.span.kind": "workflow"}),
            _span(2, "ask_model.task", _task({"args": [_ASKED], "kwargs": {}}, _CALLS), parent=1),
            _span(
                3,
                "get_weather.tool",
                _tool({"args": [], "kwargs": {"city": "Oslo"}}, "snow"),
                parent=1,
            ),
            _span(4, "ask_model.task", _task({"args": [followed], "kwargs": {}}, answer), parent=1),
        ],
    )
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages] == [
        ("user", ASK),
        ("assistant", None),
        ("tool", "snow"),
        ("assistant", "Oslo: snow."),
    ]
    [call] = trace.tool_calls
    assert (call.id, call.arguments, call.result) == ("call_1", {"city": "Oslo"}, "snow")
    assert trace.output == "Oslo: snow."
    assert not trace.usage.known and imported.metadata.get("model") is None  # none is named


def test_a_task_beside_a_recorded_model_call_stays_a_step(tmp_path: Path) -> None:
    # the model client is instrumented: its span is the call, the task around it no second one
    request = {**_REQUEST, "parts": [{**_REQUEST["parts"][0], "arguments": {"city": "Oslo"}}]}
    imported = import_one(
        tmp_path,
        [
            _span(1, "ask_model.task", _task({"args": [_ASKED], "kwargs": {}}, _CALLS)),
            _span(2, "openai.chat", _chat([_text("user", ASK)], [request], (20, 5)), parent=1),
        ],
    )
    assert [m.role for m in imported.trace.messages] == ["user", "assistant"]
    assert imported.trace.usage is not None and imported.trace.usage.input_tokens == 20


def test_a_task_given_text_or_returning_text_is_no_model_call(tmp_path: Path) -> None:
    # an application step: a question in, an answer out, no chat messages either side
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather.workflow", {"traceloop.span.kind": "workflow"}),
            _span(2, "plan.task", _task({"args": [ASK], "kwargs": {}}, _CALLS), parent=1),
            _span(3, "ask.task", _task({"args": [_ASKED], "kwargs": {}}, "snow"), parent=1),
        ],
    )
    assert imported.trace.messages == []
