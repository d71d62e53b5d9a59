"""The span shapes of the generated framework exports (tests/data/traces/{langgraph,smolagents,
strands,semantic-kernel,autogen,...}), each on small spans written the way the framework writes
them, so each rule is checked apart from the one export that showed it broken.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "cd" * 16


def _span(
    n: int,
    name: str,
    attrs: dict[str, Any],
    *,
    parent: int | None = None,
    start: float = 1.0,
    events: list[tuple[str, dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    return span(
        n,
        name,
        attrs,
        trace=TRACE,
        parent=parent,
        start=start,
        end=start + 0.5,
        events=[{"name": e, "attributes": a} for e, a in events or []],
    )


_import = import_one


def _roles(imported: Any) -> list[tuple[str, str | None, str | None]]:
    return [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]


_USE = [{"toolUse": {"toolUseId": "c1", "name": "lookup", "input": {"q": "x"}}}]
_RESULT = [{"toolResult": {"toolUseId": "c1", "status": "success", "content": [{"text": "42"}]}}]


def test_converse_content_blocks_in_message_events_are_turns_and_tool_messages(
    tmp_path: Path,
) -> None:
    # Strands, default conventions: per-message events whose content is Converse blocks
    agent = _span(
        1,
        "invoke_agent a",
        {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "a"},
        events=[("gen_ai.choice", {"message": "The answer is 42.\n"})],
    )
    chat = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}
    first = _span(
        2,
        "chat",
        {**chat, "gen_ai.usage.input_tokens": 3},
        parent=1,
        events=[
            ("gen_ai.user.message", {"content": json.dumps([{"text": "Ask"}])}),
            ("gen_ai.choice", {"message": json.dumps(_USE), "finish_reason": "tool_use"}),
        ],
    )
    tool = _span(
        3,
        "execute_tool lookup",
        {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "lookup"},
        parent=1,
        start=2.0,
        events=[
            ("gen_ai.tool.message", {"role": "tool", "content": '{"q": "x"}', "id": "c1"}),
            ("gen_ai.choice", {"message": json.dumps([{"text": "42"}]), "id": "c1"}),
        ],
    )
    second = _span(
        4,
        "chat",
        chat,
        parent=1,
        start=3.0,
        events=[
            ("gen_ai.user.message", {"content": json.dumps([{"text": "Ask"}])}),
            ("gen_ai.assistant.message", {"content": json.dumps(_USE)}),
            ("gen_ai.tool.message", {"content": json.dumps(_RESULT)}),
            ("gen_ai.choice", {"message": json.dumps([{"text": "The answer is 42."}])}),
        ],
    )
    imported = _import(tmp_path, [agent, first, tool, second])
    assert _roles(imported) == [
        ("user", "Ask", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "The answer is 42.", None),
    ]
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == ("lookup", {"q": "x"}, "42", "c1")
    assert imported.trace.output == "The answer is 42.\n"  # the agent span's reply, as written


def test_an_agent_reply_that_is_a_structured_object_is_the_structured_answer(
    tmp_path: Path,
) -> None:
    # Strands' structured_output_model: the model calls the output tool named after the model
    # class; the agent span's choice is str(AgentResult), the object's JSON: no message
    report = {"summary": "It is 42.", "cities": ["Paris"]}
    use = [{"toolUse": {"toolUseId": "f1", "name": "Report", "input": report}}]
    done = [{"text": "Successfully validated Report structured output"}]
    agent = _span(
        1,
        "invoke_agent a",
        {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "a"},
        events=[
            ("gen_ai.user.message", {"content": json.dumps([{"text": "Ask"}])}),
            ("gen_ai.choice", {"message": json.dumps(report), "finish_reason": "tool_use"}),
        ],
    )
    chat = _span(
        2,
        "chat",
        {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"},
        parent=1,
        events=[
            ("gen_ai.user.message", {"content": json.dumps([{"text": "Ask"}])}),
            ("gen_ai.choice", {"message": json.dumps(use), "finish_reason": "tool_use"}),
        ],
    )
    tool = _span(
        3,
        "execute_tool Report",
        {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "Report"},
        parent=1,
        start=2.0,
        events=[
            ("gen_ai.tool.message", {"role": "tool", "content": json.dumps(report), "id": "f1"}),
            ("gen_ai.choice", {"message": json.dumps(done), "id": "f1"}),
        ],
    )
    imported = _import(tmp_path, [agent, chat, tool])
    assert imported.trace.structured == report  # the run's answer, not an empty turn
    assert json.loads(imported.trace.output or "") == report
    assert _roles(imported) == [
        ("user", "Ask", None),
        ("assistant", None, None),
        ("tool", "Successfully validated Report structured output", "f1"),
    ]


def test_details_events_one_attribute_each_are_read_together(tmp_path: Path) -> None:
    # Strands, gen_ai_latest_experimental: system, input and output as three details events
    details = "gen_ai.client.inference.operation.details"
    system = json.dumps([{"type": "text", "content": "Be brief."}])
    user = json.dumps([{"role": "user", "parts": [{"type": "text", "content": "Hi"}]}])
    reply = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": "Hello"}]}])
    chat = _span(
        1,
        "chat",
        {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"},
        events=[
            (details, {"gen_ai.system_instructions": system}),
            (details, {"gen_ai.input.messages": user}),
            (details, {"gen_ai.output.messages": reply}),
        ],
    )
    imported = _import(tmp_path, [chat])
    assert _roles(imported) == [
        ("system", "Be brief.", None),
        ("user", "Hi", None),
        ("assistant", "Hello", None),
    ]


def test_a_result_of_text_blocks_is_its_text(tmp_path: Path) -> None:
    tool = _span(
        1,
        "execute_tool lookup",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "lookup",
            "gen_ai.tool.call.result": json.dumps([{"text": "sunny"}]),
        },
    )
    [call] = _import(tmp_path, [tool]).trace.tool_calls
    assert call.result == "sunny"


def test_python_call_arguments_are_the_keywords(tmp_path: Path) -> None:
    # smolagents' TOOL spans: input.value is the bound call
    bound = {"args": [], "sanitize_inputs_outputs": True, "kwargs": {"city": "Oslo"}}
    tool = _span(
        1,
        "SimpleTool",
        {
            "openinference.span.kind": "TOOL",
            "tool.name": "get_weather",
            "input.value": json.dumps(bound),
            "output.value": "cold",
        },
    )
    [call] = _import(tmp_path, [tool]).trace.tool_calls
    assert call.arguments == {"city": "Oslo"}


def test_smolagents_run_span_gives_the_agent_name_and_the_task(tmp_path: Path) -> None:
    def run(name: str) -> Any:
        root = _span(
            1,
            name,
            {
                "openinference.span.kind": "AGENT",
                "input.value": json.dumps({"task": "Weather?", "stream": False}),
                "output.value": "Cold.",
            },
        )
        return _import(tmp_path, [root])

    named = run("weather_agent.run")
    assert named.metadata.get("agent_name") == "weather_agent"
    assert named.input == "Weather?"
    assert run("ToolCallingAgent.run").metadata.get("agent_name") is None  # a class name


def _lc(kind: str, **data: Any) -> dict[str, Any]:
    return {"type": kind, "data": data}


def test_langgraph_state_and_tool_message(tmp_path: Path) -> None:
    state = {
        "messages": [
            _lc("human", content="Weather?"),
            _lc("ai", content="", name="bot", tool_calls=[{"name": "w", "args": {}, "id": "c1"}]),
            _lc("tool", content="cold", tool_call_id="c1", name="w"),
            _lc("ai", content="It is cold.", name="bot"),
        ]
    }
    root = _span(
        1,
        "LangGraph",
        {"openinference.span.kind": "AGENT", "output.value": json.dumps(state)},
    )
    tool = _span(
        2,
        "w",
        {
            "openinference.span.kind": "TOOL",
            "tool.name": "w",
            "input.value": "{}",
            "output.value": json.dumps(_lc("tool", content="cold", tool_call_id="c1")),
        },
        parent=1,
    )
    imported = _import(tmp_path, [root, tool])
    assert imported.trace.output == "It is cold."  # not the state's JSON
    assert imported.metadata.get("agent_name") == "bot"
    [call] = imported.trace.tool_calls
    assert (call.result, call.id) == ("cold", "c1")  # not the serialised ToolMessage


def test_openinference_request_model_from_invocation_parameters(tmp_path: Path) -> None:
    llm = _span(
        1,
        "ChatOpenAI",
        {
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini-2024-07-18",
            "llm.invocation_parameters": json.dumps({"model": "gpt-4o-mini"}),
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": "Hi",
        },
    )
    imported = _import(tmp_path, [llm])
    assert imported.metadata.get("model") == "gpt-4o-mini"
    assert imported.metadata.get("response_model") == "gpt-4o-mini-2024-07-18"


def _requests(n: int, calls: list[tuple[str | None, str, str]], **attrs: Any) -> dict[str, Any]:
    """An OpenInference LLM span whose reply requests `calls` ((id, tool, arguments JSON))."""
    out = "llm.output_messages.0.message."
    request = {f"{out}role": "assistant"}
    for i, (cid, name, arguments) in enumerate(calls):
        at = f"{out}tool_calls.{i}.tool_call."
        request |= {f"{at}function.name": name, f"{at}function.arguments": arguments}
        if cid is not None:
            request[f"{at}id"] = cid
    user = {
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "?",
    }
    return _span(n, "ChatOpenAI", {"openinference.span.kind": "LLM", **user, **request, **attrs})


def _tool(n: int, name: str, given: str, output: str, *, start: float) -> dict[str, Any]:
    attrs = {"openinference.span.kind": "TOOL", "tool.name": name, "input.value": given}
    return _span(n, name, {**attrs, "output.value": output}, start=start)


def test_a_tool_input_that_is_not_an_arguments_object_takes_the_requests_arguments(
    tmp_path: Path,
) -> None:
    # LangChain's TOOL span: input.value is the tool's input string, the call id in its output
    llm = _requests(1, [("c1", "w", '{"city": "Paris"}'), ("c2", "w", '{"city": "Tokyo"}')])
    tools = [
        _tool(n, "w", city, json.dumps(_lc("tool", content="ok", tool_call_id=cid)), start=n)
        for n, city, cid in [(2, "Tokyo", "c2"), (3, "Paris", "c1")]
    ]
    calls = _import(tmp_path, [llm, *tools]).trace.tool_calls
    assert [(c.id, c.arguments) for c in calls] == [
        ("c1", {"city": "Paris"}),
        ("c2", {"city": "Tokyo"}),
    ]  # matched by id, not by order (c2 ran first); listed as the turn requested them


def test_without_ids_the_request_is_matched_by_tool_name_and_order(tmp_path: Path) -> None:
    llm = _requests(1, [(None, "w", '{"city": "Paris"}'), (None, "w", '{"city": "Tokyo"}')])
    tools = [_tool(n, "w", city, "ok", start=n) for n, city in [(2, "Paris"), (3, "Tokyo")]]
    calls = _import(tmp_path, [llm, *tools]).trace.tool_calls
    assert [c.arguments for c in calls] == [{"city": "Paris"}, {"city": "Tokyo"}]


def test_a_tool_span_that_records_an_arguments_object_keeps_its_own(tmp_path: Path) -> None:
    llm = _requests(1, [("c1", "w", '{"city": "Paris"}')])
    tool = _tool(2, "w", '{"city": "Paris", "units": "C"}', "ok", start=2)
    tool["attributes"]["tool_call.id"] = "c1"
    [call] = _import(tmp_path, [llm, tool]).trace.tool_calls
    assert call.arguments == {"city": "Paris", "units": "C"}  # what was executed


def test_a_tool_call_with_no_recorded_result_adds_no_tool_message(tmp_path: Path) -> None:
    # AutoGen: an agent span and execute_tool spans with a name and an id, nothing else
    agent = _span(1, "invoke_agent a", {"gen_ai.operation.name": "invoke_agent"})
    run = {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "w"}
    tools = [
        _span(n, "execute_tool w", {**run, "gen_ai.tool.call.id": f"c{n}"}, parent=1, start=n)
        for n in (2, 3)
    ]
    imported = _import(tmp_path, [agent, *tools])
    assert [(c.id, c.result) for c in imported.trace.tool_calls] == [("c2", None), ("c3", None)]
    assert imported.trace.messages == []
    failed = _span(4, "execute_tool w", {**run, "error.type": "Timeout"}, parent=1, start=4)
    assert _roles(_import(tmp_path, [agent, failed])) == [("tool", "Timeout", None)]
    # a recorded JSON null is a result (any-agent: a tool returning None)
    none = {**run, "gen_ai.output": "null", "gen_ai.output.type": "json"}
    returned = _span(5, "execute_tool w", none, parent=1, start=5)
    assert _roles(_import(tmp_path, [agent, returned])) == [("tool", None, None)]


def _oi_llm(n: int, start: float, inputs: list[Any], outputs: list[Any]) -> dict[str, Any]:
    attrs = {"openinference.span.kind": "LLM", "llm.model_name": "m"}
    attrs |= openinference_messages("llm.input_messages", inputs)
    attrs |= openinference_messages("llm.output_messages", outputs)
    return _span(n, "llm", attrs, parent=1, start=start)


def _oi_tool(n: int, start: float, attrs: dict[str, Any], **kw: Any) -> dict[str, Any]:
    base = {"openinference.span.kind": "TOOL", "tool.name": "get_weather"}
    return _span(n, "get_weather", base | attrs, parent=1, start=start, **kw)


def test_a_tool_span_that_raised_takes_its_own_request_and_the_text_the_model_got(
    tmp_path: Path,
) -> None:
    # LangGraph's ToolNode(handle_tool_errors=True): the failed TOOL span has only its input
    # string and an exception event (no ToolMessage, so no call id); it started first
    asked = {"role": "assistant", "tool_calls": [("c1", "get_weather", {"city": "A"})]}
    asked["tool_calls"].append(("c2", "get_weather", {"city": "B"}))
    user = {"role": "user", "content": "Weather in A and B?"}
    replies = [
        {"role": "tool", "content": "sunny", "tool_call_id": "c1"},
        {"role": "tool", "content": "Error: ValueError('no B')", "tool_call_id": "c2"},
    ]
    message = {"type": "tool", "data": {"content": "sunny", "tool_call_id": "c1"}}
    spans = [
        _span(1, "graph", {"openinference.span.kind": "AGENT"}, start=0.0),
        _oi_llm(2, 0.1, [user], [asked]),
        _oi_tool(3, 1.0, {"input.value": "B"}, events=[("exception", _EXC)]),
        _oi_tool(4, 1.1, {"input.value": "A", "output.value": json.dumps(message)}),
        _oi_llm(5, 2.0, [user, asked, *replies], [{"role": "assistant", "content": "ok"}]),
    ]
    imported = _import(tmp_path, spans)
    calls = [(c.id, c.arguments, c.result, c.error) for c in imported.trace.tool_calls]
    assert calls == [
        ("c1", {"city": "A"}, "sunny", None),
        ("c2", {"city": "B"}, "Error: ValueError('no B')", "ValueError: no B"),
    ]
    assert [m.tool_call_id for m in imported.trace.messages if m.role == "tool"] == ["c1", "c2"]


_EXC = {"exception.type": "ValueError", "exception.message": "no B"}


def test_smolagents_code_agent_step_is_one_turn_answered_by_its_observation(
    tmp_path: Path,
) -> None:
    # CodeAgent: the model writes code (cut at the stop sequence </code>); the next call's
    # input replays it completed, then smolagents' 'tool-call' and 'tool-response' messages
    code = "Thought: go\n<code>\nx = get_weather(city='A')\nprint(x)\n"
    calls = "Calling tools:\n[{'id': 'call_1', 'type': 'function', 'function': "
    calls += "{'name': 'python_interpreter', 'arguments': \"x = get_weather(city='A')\"}}]"
    user = {"role": "user", "content": "Weather in A?"}
    replayed = [
        user,
        {"role": "assistant", "content": code + "</code>"},
        {"role": "tool-call", "content": calls},
        {"role": "tool-response", "content": "Observation:\nsunny"},
    ]
    final = {"tool.name": "final_answer", "tool.parameters": '{"answer": {"type": "any"}}'}
    final["input.value"] = '{"args": ["sunny"], "sanitize_inputs_outputs": false, "kwargs": {}}'
    kwargs = '{"args": [], "sanitize_inputs_outputs": false, "kwargs": {"city": "A"}}'
    spans = [
        _span(1, "a.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _oi_llm(2, 0.1, [user], [{"role": "assistant", "content": code}]),
        _oi_tool(3, 1.0, {"input.value": kwargs, "output.value": "sunny"}),
        _oi_llm(4, 2.0, replayed, [{"role": "assistant", "content": "final_answer('sunny')"}]),
        _oi_tool(5, 3.0, final | {"output.value": "sunny"}),
    ]
    imported = _import(tmp_path, spans)
    assert _roles(imported) == [
        ("user", "Weather in A?", None),
        ("assistant", code + "</code>", None),
        ("tool", "Observation:\nsunny", "call_1"),
        ("assistant", "final_answer('sunny')", None),
    ]
    # the interpreter action (call_1, no span) was requested before the code ran its tools
    assert [(c.name, c.arguments) for c in imported.trace.tool_calls] == [
        ("python_interpreter", {"input": "x = get_weather(city='A')"}),
        ("get_weather", {"city": "A"}),
        ("final_answer", {"answer": "sunny"}),
    ]


def test_smolagents_joined_observation_of_several_calls_is_not_a_tool_message(
    tmp_path: Path,
) -> None:
    # ToolCallingAgent: 'tool-call' restates the model's two calls; the one observation
    # joins both results, which the tool spans give apart
    asked = {"role": "assistant", "tool_calls": [("c1", "get_weather", {"city": "A"})]}
    asked["tool_calls"].append(("c2", "get_weather", {"city": "B"}))
    calls = "Calling tools:\n[{'id': 'c1', 'type': 'function', 'function': {'name': "
    calls += "'get_weather', 'arguments': {'city': 'A'}}}, {'id': 'c2', 'type': 'function', "
    calls += "'function': {'name': 'get_weather', 'arguments': {'city': 'B'}}}]"
    user = {"role": "user", "content": "Weather in A and B?"}
    replayed = [
        user,
        {"role": "tool-call", "content": calls},
        {"role": "tool-response", "content": "Observation:\nsunny\nrain"},
    ]
    spans = [
        _span(1, "a.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _oi_llm(2, 0.1, [user], [asked]),
        _oi_tool(3, 1.0, {"input.value": '{"city": "A"}', "output.value": "sunny"}),
        _oi_tool(4, 1.1, {"input.value": '{"city": "B"}', "output.value": "rain"}),
        _oi_llm(5, 2.0, replayed, [{"role": "assistant", "content": "done"}]),
    ]
    imported = _import(tmp_path, spans)
    assert [r[0] for r in _roles(imported)] == ["user", "assistant", "tool", "tool", "assistant"]
    assert [m.content for m in imported.trace.messages if m.role == "tool"] == ["sunny", "rain"]


def test_smolagents_failed_step_is_answered_by_its_error_observation_alone(
    tmp_path: Path,
) -> None:
    # ToolCallingAgent, a tool raising in a turn of two calls: smolagents keeps none of the
    # step's calls, so the next input holds no assistant turn and no 'Calling tools', only
    # the 'Error:' observation naming the tool and its arguments. It answers the failed call
    # (its result: what the model was given); the call that ran beside it returned a result
    # the model never got, so no tool message stands for it
    asked = {"role": "assistant", "tool_calls": [("c1", "get_weather", {"city": "A"})]}
    asked["tool_calls"].append(("c2", "get_weather", {"city": "B"}))
    user = {"role": "user", "content": "Weather in A and B?"}
    error = "Error:\nError executing tool 'get_weather' with arguments {'city': 'B'}: "
    error += "ValueError: no B\nPlease try again or use another tool\nNow let's retry.\n"
    bound = '{{"args": [], "sanitize_inputs_outputs": true, "kwargs": {{"city": "{}"}}}}'
    failed = _oi_tool(4, 1.1, {"input.value": bound.format("B")}, events=[("exception", _EXC)])
    failed["status"] = {"status_code": "ERROR", "description": "ValueError: no B"}
    spans = [
        _span(1, "a.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _oi_llm(2, 0.1, [user], [asked]),
        _oi_tool(3, 1.0, {"input.value": bound.format("A"), "output.value": "sunny"}),
        failed,
        _oi_llm(
            5,
            2.0,
            [user, {"role": "tool-response", "content": error}],
            [{"role": "assistant", "content": "done"}],
        ),
    ]
    imported = _import(tmp_path, spans)
    assert _roles(imported) == [
        ("user", "Weather in A and B?", None),
        ("assistant", None, None),
        ("tool", error, "c2"),
        ("assistant", "done", None),
    ]
    assert [(c.id, c.result, c.error) for c in imported.trace.tool_calls] == [
        ("c1", "sunny", None),
        ("c2", error, "ValueError: no B"),
    ]


_RETRY = (
    "\nNow let's retry: take care not to repeat previous errors! If you have retried several "
    "times, try a completely different approach.\n"
)
"""What smolagents 1.26.0's ``ActionStep.to_messages`` (smolagents/memory.py) writes after a
step's error; before it, ``Call id: <the step's first call's id>\n`` when the step kept its
calls, then ``Error:\n`` and the error."""


def test_smolagents_error_naming_its_call_answers_that_call(tmp_path: Path) -> None:
    """smolagents 1.26.0, ``ActionStep.to_messages``: a CodeAgent step whose code raised
    kept its ``python_interpreter`` call (``call_1``), so its error observation is
    ``Call id: call_1\nError:\n...``, after the ``Observation:`` of what the code printed
    before it raised. Both answer call_1 (before, the error, its call already answered, was
    dropped); the first is the call's result (the text after smolagents' ``Observation:\n``
    label: tests/trace/test_smolagents_observations.py), the second, marked failed, gives it
    its error (before, the call had none: the run's failed code read as a call that
    succeeded)."""
    code = "Thought: go\n<code>\nprint(get_weather(city='A'))\nget_weather(city='B')\n"
    calls = "Calling tools:\n[{'id': 'call_1', 'type': 'function', 'function': "
    calls += "{'name': 'python_interpreter', 'arguments': \"get_weather(city='B')\"}}]"
    error = "Call id: call_1\nError:\nCode execution failed at line "
    error += "'get_weather(city=\\'B\\')' due to: ValueError: no B" + _RETRY
    user = {"role": "user", "content": "Weather in A and B?"}
    replayed = [
        user,
        {"role": "assistant", "content": code + "</code>"},
        {"role": "tool-call", "content": calls},
        {"role": "tool-response", "content": "Observation:\nExecution logs:\nsunny\n"},
        {"role": "tool-response", "content": error},
    ]
    kwargs = '{{"args": [], "sanitize_inputs_outputs": false, "kwargs": {{"city": "{}"}}}}'
    failed = _oi_tool(4, 1.1, {"input.value": kwargs.format("B")}, events=[("exception", _EXC)])
    failed["status"] = {"status_code": "ERROR", "description": "ValueError: no B"}
    spans = [
        _span(1, "a.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _oi_llm(2, 0.1, [user], [{"role": "assistant", "content": code}]),
        _oi_tool(3, 1.0, {"input.value": kwargs.format("A"), "output.value": "sunny"}),
        failed,
        _oi_llm(5, 2.0, replayed, [{"role": "assistant", "content": "done"}]),
    ]
    imported = _import(tmp_path, spans)
    assert _roles(imported) == [
        ("user", "Weather in A and B?", None),
        ("assistant", code + "</code>", None),
        ("tool", "Observation:\nExecution logs:\nsunny\n", "call_1"),
        ("tool", error, "call_1"),
        ("assistant", "done", None),
    ]
    assert [(c.name, c.result, c.error) for c in imported.trace.tool_calls] == [
        ("python_interpreter", "Execution logs:\nsunny\n", error),
        ("get_weather", "sunny", None),
        ("get_weather", None, "ValueError: no B"),
    ]


def test_smolagents_call_ids_each_agent_numbers_are_two_calls(tmp_path: Path) -> None:
    """smolagents numbers each agent's calls from ``call_1``: a manager CodeAgent's code step
    (calling its managed agent) and the managed CodeAgent's first code step are both
    ``call_1``. Each agent's next input answers its own call_1 with its own observation: two
    tool messages, two ``python_interpreter`` calls (before, the manager's observation read
    as the managed agent's, recorded again, and was lost with its call)."""

    def code(step: str) -> tuple[str, str]:
        said = f"Thought: go\n<code>\n{step}\n"
        calls = "Calling tools:\n[{'id': 'call_1', 'type': 'function', 'function': "
        calls += f"{{'name': 'python_interpreter', 'arguments': \"{step}\"}}}}]"
        return said, calls

    def replay(user: dict[str, Any], step: str, seen: str) -> list[dict[str, Any]]:
        said, calls = code(step)
        return [
            user,
            {"role": "assistant", "content": said + "</code>"},
            {"role": "tool-call", "content": calls},
            {"role": "tool-response", "content": f"Observation:\n{seen}"},
        ]

    manager = {"role": "user", "content": "Weather in A?"}
    worker = {"role": "user", "content": "Task: weather in A"}
    ask, look = "print(weather_agent(task='weather in A'))", "print(get_weather(city='A'))"
    kwargs = '{"args": [], "sanitize_inputs_outputs": false, "kwargs": {"city": "A"}}'
    inner = _span(3, "weather_agent.run", {"openinference.span.kind": "AGENT"}, parent=1)
    spans = [
        _span(1, "manager.run", {"openinference.span.kind": "AGENT"}, start=0.0),
        _oi_llm(2, 0.1, [manager], [{"role": "assistant", "content": code(ask)[0]}]),
        inner,
        _oi_llm(4, 1.1, [worker], [{"role": "assistant", "content": code(look)[0]}]),
        _oi_tool(5, 1.2, {"input.value": kwargs, "output.value": "sunny"}),
        _oi_llm(6, 1.3, replay(worker, look, "sunny"), [{"role": "assistant", "content": "A"}]),
        _oi_llm(7, 2.0, replay(manager, ask, "A sunny"), [{"role": "assistant", "content": "B"}]),
    ]
    imported = _import(tmp_path, spans)
    assert [(m.role, m.content) for m in imported.trace.messages if m.role == "tool"] == [
        ("tool", "Observation:\nA sunny"),
        ("tool", "Observation:\nsunny"),
    ]
    assert [(c.name, c.id, c.result) for c in imported.trace.tool_calls] == [
        ("python_interpreter", "call_1", "A sunny"),
        ("python_interpreter", "call_1", "sunny"),
        ("get_weather", None, "sunny"),
    ]


def _mastra(n: int, name: str, kind: str, attrs: dict[str, Any], **kw: Any) -> dict[str, Any]:
    """A span as @mastra/otel-exporter writes it: ``mastra.span.type`` and its own op names."""
    ops = {"agent_run": "agent.run", "model_generation": "chat", "model_step": "model.step"}
    ops |= {"tool_call": "tool.execute", "model_chunk": "model.chunk"}
    base = {"mastra.span.type": kind, "gen_ai.operation.name": ops.get(kind, kind)}
    return _span(n, name, base | attrs, **kw)


def _mastra_run() -> list[dict[str, Any]]:
    user = {"role": "user", "content": "Look up x"}
    asked = {"role": "assistant", "content": "", "tool_calls": [_chat_call("c1", "lookup")]}
    answer = {"role": "tool", "tool_call_id": "c1", "content": "42"}
    call = {"toolCallId": "c1", "toolName": "lookup", "args": {"q": "x"}}
    return [
        _mastra(1, "agent.helper", "agent_run", {"agent.id": "helper", "input": "Look up x"}),
        _mastra(
            2,
            "chat m",
            "model_generation",
            {
                "gen_ai.prompt": json.dumps({"messages": [user]}),
                "gen_ai.completion": json.dumps({"text": "It is 42.", "files": []}),
                "gen_ai.request.model": "m",
                "gen_ai.usage.input_tokens": 30,
                "gen_ai.usage.output_tokens": 12,
            },
            parent=1,
            start=0.1,
        ),
        _mastra(
            3,
            "step: 0",
            "model_step",
            {
                "input": json.dumps({"body": json.dumps({"messages": [user]})}),
                "output": json.dumps({"text": "", "toolCalls": [call]}),
            },
            parent=2,
            start=0.2,
        ),
        _mastra(
            4,
            "chunk: 'tool-call'",
            "model_chunk",
            {"output": json.dumps({"toolName": "lookup", "toolCallId": "c1"})},
            parent=3,
            start=0.3,
        ),
        _mastra(
            5,
            "tool.execute lookup",
            "tool_call",
            {"gen_ai.tool.name": "lookup", "input": '{"q": "x"}', "output": "42"},
            parent=3,
            start=0.4,
        ),
        _mastra(
            6,
            "step: 1",
            "model_step",
            {
                "input": json.dumps({"body": json.dumps({"messages": [user, asked, answer]})}),
                "output": json.dumps({"text": "It is 42.", "toolCalls": []}),
            },
            parent=2,
            start=1.0,
        ),
    ]


def _chat_call(call_id: str, name: str) -> dict[str, Any]:
    arguments = json.dumps({"q": "x"})
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def test_mastra_steps_are_the_model_calls_and_the_generation_gives_their_usage(
    tmp_path: Path,
) -> None:
    imported = _import(tmp_path, _mastra_run())
    assert _roles(imported) == [
        ("user", "Look up x", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "It is 42.", None),
    ]
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == ("lookup", {"q": "x"}, "42", "c1")
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (30, 12)
    assert imported.trace.turns == 2
    assert imported.trace.output == "It is 42."
    assert imported.metadata["agent_name"] == "helper"
    assert imported.metadata["model"] == "m"


def test_mastra_generation_usage_is_not_added_to_steps_that_carry_their_own(
    tmp_path: Path,
) -> None:
    spans = _mastra_run()
    spans[2]["attributes"] |= {"gen_ai.usage.input_tokens": 10, "gen_ai.usage.output_tokens": 5}
    spans[5]["attributes"] |= {"gen_ai.usage.input_tokens": 20, "gen_ai.usage.output_tokens": 7}
    imported = _import(tmp_path, spans)
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (30, 12)  # 10+20, 5+7: not 60, 24


def _mastra1_run(parent: int | None = None) -> list[dict[str, Any]]:
    """Mastra 1.x: ``mastra.<type>.input/output``, an ``agent_step`` per turn over its
    ``model_inference`` (the request model and usage; a tool-call turn's reply an empty text),
    the tools under the step, the step's input writing earlier tool turns only as tags; the
    agent run under the span `parent` (a workflow's step) when given."""
    system = {"role": "system", "content": "Be brief."}
    user = {"role": "user", "content": "Look up x"}
    call = {"toolCallId": "c1", "toolName": "lookup", "args": {"q": "x"}}
    empty = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": ""}]}])
    said = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": "It is 42."}]}])
    tags = [
        {"role": "assistant", "content": "[tool: lookup]"},
        {"role": "tool", "content": "[tool-result: lookup]"},
    ]

    def inference(n: int, parent: int, start: float, reply: str, usage: int) -> dict[str, Any]:
        attrs = {
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": "m",
            "gen_ai.output.messages": reply,
            "gen_ai.usage.input_tokens": usage,
            "gen_ai.usage.output_tokens": 5,
        }
        return _mastra(n, "chat m", "model_inference", attrs, parent=parent, start=start)

    def step(n: int, start: float, given: list[Any], reply: dict[str, Any]) -> dict[str, Any]:
        attrs = {
            "gen_ai.operation.name": "agent_step",
            "mastra.model_step.input": json.dumps(given),
            "mastra.model_step.output": json.dumps(reply),
        }
        return _mastra(n, "agent_step helper", "model_step", attrs, parent=2, start=start)

    return [
        _mastra(
            1,
            "invoke_agent helper",
            "agent_run",
            {
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": "helper",
                "mastra.agent_run.input": "Look up x",
                "mastra.agent_run.output": json.dumps({"text": "It is 42.", "files": []}),
            },
            parent=parent,
        ),
        _mastra(
            2,
            "model_generation m",
            "model_generation",
            {"mastra.model_generation.input": json.dumps({"messages": [system, user]})},
            parent=1,
            start=0.1,
        ),
        step(3, 0.2, [system, user], {"text": "", "toolCalls": [call]}),
        inference(4, 3, 0.25, empty, 10),
        _mastra(
            5,
            "execute_tool lookup",
            "tool_call",
            {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "lookup",
                "gen_ai.tool.call.id": "c1",
                "gen_ai.tool.call.arguments": '{"q": "x"}',
                "gen_ai.tool.call.result": "42",
            },
            parent=3,
            start=0.4,
        ),
        step(6, 1.0, [system, user, *tags], {"text": "It is 42.", "toolCalls": []}),
        inference(7, 6, 1.05, said, 20),
    ]


def test_mastra_1_steps_are_turns_over_their_inference_calls(tmp_path: Path) -> None:
    imported = _import(tmp_path, _mastra1_run())
    assert _roles(imported) == [
        ("system", "Be brief.", None),
        ("user", "Look up x", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "It is 42.", None),
    ]
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == ("lookup", {"q": "x"}, "42", "c1")
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (30, 10)
    assert imported.input == "Look up x"
    assert imported.trace.output == "It is 42."
    assert imported.metadata["agent_name"] == "helper"
    assert imported.metadata["model"] == "m"


def test_mastra_1_stream_chunks_are_no_messages(tmp_path: Path) -> None:
    """agent.stream(): each inference span holds chunk spans (a text part, a tool call's
    input) that repeat what its step holds; they add no message, call or usage."""
    chunks = [
        _mastra(
            n,
            "model_chunk helper",
            "model_chunk",
            {"mastra.model_chunk.output": said},
            parent=p,
            start=t,
        )
        for n, said, p, t in [
            (8, json.dumps({"toolName": "lookup", "toolCallId": "c1"}), 4, 0.3),
            (9, json.dumps({"text": "It is 42."}), 7, 1.1),
        ]
    ]
    imported = _import(tmp_path, _mastra1_run() + chunks)
    assert [m.role for m in imported.trace.messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "assistant",
    ]
    assert len(imported.trace.tool_calls) == 1
    assert imported.trace.usage.input_tokens == 30


def _mastra_workflow() -> list[dict[str, Any]]:
    """Mastra 1.x's workflow: a ``workflow_run`` over two ``workflow_step`` spans, the first
    running the agent of `_mastra1_run`, the second formatting its answer."""
    report = {"report": "Report: It is 42."}

    def step(n: int, step_id: str, start: float, given: Any, out: Any) -> dict[str, Any]:
        attrs = {
            "gen_ai.operation.name": "workflow_step",
            "mastra.workflow_step.step_id": step_id,
            "mastra.workflow_step.input": json.dumps(given),
            "mastra.workflow_step.output": json.dumps(out),
        }
        return _mastra(
            n, f"workflow_step {step_id}", "workflow_step", attrs, parent=20, start=start
        )

    workflow = {
        "gen_ai.operation.name": "invoke_workflow",
        "mastra.workflow_run.input": json.dumps({"question": "Look up x"}),
        "mastra.workflow_run.output": json.dumps(report),
        "mastra.workflow_run.status": "success",
    }
    return [
        _mastra(20, "invoke_workflow lookup-flow", "workflow_run", workflow, start=0.0),
        step(21, "ask-helper", 0.01, {"question": "Look up x"}, {"answer": "It is 42."}),
        *_mastra1_run(parent=21),
        step(22, "format", 2.0, {"answer": "It is 42."}, report),
    ]


def test_mastra_workflow_answers_with_its_result_and_its_steps_are_no_agents(
    tmp_path: Path,
) -> None:
    """The workflow's result (the object its last step returned) is the run's answer, not the
    agent's text inside its first step; the steps are no agents, calls or messages; the
    workflow's input object names the question: the input is its text, the user's message."""
    imported = _import(tmp_path, _mastra_workflow())
    assert imported.trace.structured == {"report": "Report: It is 42."}
    assert imported.input == "Look up x"
    assert imported.metadata["agent_name"] == "helper"
    assert [m.content for m in imported.trace.messages if m.role == "assistant"] == [
        None,
        "It is 42.",
    ]
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (30, 10)


def test_mastra_network_loop_is_asked_its_task_and_answers_its_result(tmp_path: Path) -> None:
    """Mastra's agent network with internal spans: the loop's workflow alone in its trace (the
    routing agent's calls have no spans, the chosen agent's run a trace of its own); its input
    is the loop's state object, whose ``task`` is what the user asked (the ids and flags
    beside it are no question); its output state's ``result`` is the network's answer."""
    state = {
        "task": "Look up x",
        "primitiveId": "",
        "primitiveType": "none",
        "iteration": -1,
        "threadId": "thread-1",
        "isOneOff": False,
    }
    done = {**state, "isComplete": True, "result": "It is 42.", "primitiveId": "helper"}
    workflow = {
        "gen_ai.operation.name": "invoke_workflow",
        "mastra.workflow_run.input": json.dumps(state),
        "mastra.workflow_run.output": json.dumps(done),
        "mastra.workflow_run.status": "success",
    }
    routing = {
        "gen_ai.operation.name": "workflow_step",
        "mastra.workflow_step.step_id": "routing-agent-step",
        "mastra.workflow_step.input": json.dumps(state),
        "mastra.workflow_step.output": json.dumps({**state, "primitiveId": "helper"}),
    }
    spans = [
        _mastra(30, "invoke_workflow agent-loop-main-workflow", "workflow_run", workflow),
        _mastra(31, "workflow_step routing-agent-step", "workflow_step", routing, parent=30),
    ]
    imported = _import(tmp_path, spans)
    assert imported.input == "Look up x"
    assert imported.trace.output == "It is 42."
    assert imported.trace.messages == []
    assert imported.metadata.get("agent_name") is None


def test_a_reply_of_only_an_empty_text_part_is_no_message() -> None:
    from fourfold.integrations._messages import parse_messages

    empty = [{"role": "assistant", "parts": [{"type": "text", "content": ""}]}]
    assert parse_messages(json.dumps(empty), default_role="assistant") == []
    called = {"type": "tool_call", "id": "c1", "name": "f", "arguments": "{}"}
    [turn] = parse_messages([{"role": "assistant", "parts": [empty[0]["parts"][0], called]}])
    assert [r.id for r in turn.tool_calls] == ["c1"]


def _oa_llm(n: int, start: float, inputs: list[Any], outputs: list[Any]) -> dict[str, Any]:
    """An OpenInference LLM span of the OpenAI Agents SDK (Chat Completions messages)."""
    attrs = {
        "openinference.span.kind": "LLM",
        "input.value": json.dumps(inputs),
        "output.value": json.dumps(outputs),
    }
    return _span(n, "generation", attrs, parent=1, start=start)


def test_openai_agents_handoff_span_is_not_a_second_call_and_the_transfer_comes_first(
    tmp_path: Path,
) -> None:
    user = {"role": "user", "content": "Weather in A?"}
    transfer = {"id": "h1", "type": "function", "function": {"name": "transfer_to_b"}}
    transfer["function"]["arguments"] = "{}"
    asked = {"role": "assistant", "content": None, "tool_calls": [transfer]}
    moved = {"role": "tool", "tool_call_id": "h1", "content": '{"assistant": "b"}'}
    lookup = {"id": "w1", "type": "function", "function": {"name": "get_weather"}}
    lookup["function"]["arguments"] = '{"city": "A"}'
    wants = {"role": "assistant", "content": None, "tool_calls": [lookup]}
    result = {"role": "tool", "tool_call_id": "w1", "content": "sunny"}
    tool = {"openinference.span.kind": "TOOL"}
    spans = [
        _span(1, "Agent workflow", {"openinference.span.kind": "AGENT"}, start=0.0),
        _oa_llm(2, 0.1, [user], [asked]),
        _span(3, "handoff to b", tool | {"input.value": "a", "output.value": "b"}, parent=1),
        _oa_llm(4, 1.2, [user, asked, moved], [wants]),
        _span(
            5,
            "get_weather",
            tool
            | {"tool.name": "get_weather", "input.value": '{"city": "A"}'}
            | {"output.value": "sunny"},
            parent=1,
            start=1.5,
        ),
        _oa_llm(
            6, 2.5, [user, asked, moved, wants, result], [{"role": "assistant", "content": "ok"}]
        ),
    ]
    imported = _import(tmp_path, spans)
    got = [(c.name, c.arguments, c.result, c.id) for c in imported.trace.tool_calls]
    assert got == [
        ("transfer_to_b", {}, {"assistant": "b"}, "h1"),
        ("get_weather", {"city": "A"}, "sunny", "w1"),
    ]
    assert [m.role for m in imported.trace.messages] == [
        "user",
        "assistant",
        "tool",
        "assistant",
        "tool",
        "assistant",
    ]


def test_the_js_instrumentations_handoff_span_is_no_call_either(tmp_path: Path) -> None:
    """@arizeai/openinference-instrumentation-openai-agents names the handoff TOOL span the
    same, ``handoff to b``, but writes ``tool.name`` ``handoff_to_b`` and ``{from_agent}`` /
    ``{to_agent}``: still the transfer's record, no second call or tool message (before, a
    call ``handoff_to_b`` and a tool message ``{to_agent}``). A function tool whose span has
    that name but its own ``tool.name`` is a call; filtered, the JS span answers the request."""
    user = {"role": "user", "content": "Weather in A?"}
    transfer = {"id": "h1", "type": "function", "function": {"name": "transfer_to_b"}}
    transfer["function"]["arguments"] = "{}"
    asked = {"role": "assistant", "content": None, "tool_calls": [transfer]}
    moved = {"role": "tool", "tool_call_id": "h1", "content": '{"assistant": "b"}'}
    answer = {"role": "assistant", "content": "Sunny in A."}
    js = {"openinference.span.kind": "TOOL", "tool.name": "handoff_to_b"}
    js |= {"input.value": '{"from_agent":"a"}', "output.value": '{"to_agent":"b"}'}
    spans = [
        _span(1, "Agent workflow", {"openinference.span.kind": "AGENT"}, start=0.0),
        _oa_llm(2, 0.1, [user], [asked]),
        _span(3, "handoff to b", js, parent=1, start=0.7),
        _oa_llm(4, 1.2, [user, asked, moved], [answer]),
    ]
    imported = _import(tmp_path, spans)
    got = [(c.name, c.arguments, c.result, c.id) for c in imported.trace.tool_calls]
    assert got == [("transfer_to_b", {}, {"assistant": "b"}, "h1")]
    assert [m.role for m in imported.trace.messages] == ["user", "assistant", "tool", "assistant"]
    # a tool of its own name (tool.name not the handoff's) stays a call of that tool
    own = js | {"tool.name": "handoff to b"}
    (tmp_path / "own").mkdir()
    named = _import(tmp_path / "own", [*spans[:2], _span(3, "handoff to b", own, parent=1)])
    assert "handoff to b" in [c.name for c in named.trace.tool_calls]
    # filtered out of the next history: the JS span answers the request, its output as written
    filtered = [*spans[:3], _oa_llm(4, 1.2, [user], [answer])]
    (tmp_path / "filtered").mkdir()
    calls = _import(tmp_path / "filtered", filtered).trace.tool_calls
    assert [(c.name, c.result, c.id) for c in calls] == [("transfer_to_b", {"to_agent": "b"}, "h1")]


def test_a_filtered_handoff_is_the_call_its_span_answers(tmp_path: Path) -> None:
    """A handoff whose input filter (``remove_all_tools``) took its request and answer out of
    the next agent's history: no tool message answers ``h1``, so the ``handoff to b`` span
    beside the call that asked is its record, its output the result; no tool message is
    made up. A handoff span beside a call that asked for no transfer is no call."""
    user = {"role": "user", "content": "Weather in A?"}
    transfer = {"id": "h1", "type": "function", "function": {"name": "transfer_to_b"}}
    transfer["function"]["arguments"] = "{}"
    asked = {"role": "assistant", "content": None, "tool_calls": [transfer]}
    tool = {"openinference.span.kind": "TOOL"}
    handoff = tool | {"input.value": "a", "output.value": "b"}
    answer = {"role": "assistant", "content": "Sunny in A."}
    spans = [
        _span(1, "Agent workflow", {"openinference.span.kind": "AGENT"}, start=0.0),
        _oa_llm(2, 0.1, [user], [asked]),
        _span(3, "handoff to b", handoff, parent=1, start=0.7),
        _oa_llm(4, 1.2, [user], [answer]),  # the filtered history: the question alone
    ]
    imported = _import(tmp_path, spans)
    got = [(c.name, c.arguments, c.result, c.id) for c in imported.trace.tool_calls]
    assert got == [("transfer_to_b", {}, "b", "h1")]
    assert imported.trace.tool_calls[0].started_at is not None
    assert [m.role for m in imported.trace.messages] == ["user", "assistant", "assistant"]
    unasked = [*spans[:1], _oa_llm(2, 0.1, [user], [answer]), spans[2]]
    (tmp_path / "unasked").mkdir()
    assert _import(tmp_path / "unasked", unasked).trace.tool_calls == []
    # the transfer answered in the next history, beside it a request nothing ran: the span is
    # the answered transfer's, no record of the other
    lookup = {"id": "w1", "type": "function", "function": {"name": "get_weather"}}
    lookup["function"]["arguments"] = '{"city": "A"}'
    both = {"role": "assistant", "content": None, "tool_calls": [transfer, lookup]}
    moved = {"role": "tool", "tool_call_id": "h1", "content": '{"assistant": "b"}'}
    kept = [*spans[:1], _oa_llm(2, 0.1, [user], [both]), spans[2]]
    kept.append(_oa_llm(4, 1.2, [user, both, moved], [answer]))
    (tmp_path / "kept").mkdir()
    calls = _import(tmp_path / "kept", kept).trace.tool_calls
    assert [(c.id, c.result) for c in calls] == [("h1", {"assistant": "b"})]


def _streamed_response(items: list[dict[str, Any]], usage: tuple[int, int]) -> dict[str, Any]:
    """The Responses API object the OpenAI Agents SDK builds from a streamed Chat Completions
    reply (what its generation span records, inside a list, as ``output.value``)."""
    return {
        "id": "__fake_id__",
        "object": "response",
        "model": "m",
        "output": items,
        "usage": {"input_tokens": usage[0], "output_tokens": usage[1]},
    }


def test_openai_agents_streamed_generation_reads_the_response_in_its_output_list(
    tmp_path: Path,
) -> None:
    user = {"role": "user", "content": "Weather in A?"}
    call = {"type": "function_call", "call_id": "w1", "name": "get_weather"}
    call["arguments"] = '{"city": "A"}'
    text = {"type": "output_text", "text": "A is sunny.", "annotations": []}
    said = {"type": "message", "role": "assistant", "content": [text]}
    lookup = {"id": "w1", "type": "function", "function": {"name": "get_weather"}}
    lookup["function"]["arguments"] = '{"city": "A"}'
    wants = {"role": "assistant", "content": None, "tool_calls": [lookup]}
    result = {"role": "tool", "tool_call_id": "w1", "content": "sunny"}
    tool = {"openinference.span.kind": "TOOL", "tool.name": "get_weather"}
    spans = [
        _span(1, "Agent workflow", {"openinference.span.kind": "AGENT"}, start=0.0),
        _oa_llm(2, 0.1, [user], [_streamed_response([call], (10, 4))]),
        _span(3, "get_weather", tool | {"output.value": "sunny"}, parent=1, start=0.7),
        _oa_llm(4, 1.2, [user, wants, result], [_streamed_response([said], (20, 5))]),
    ]
    spans[1]["attributes"] |= {"llm.token_count.prompt": 10, "llm.token_count.completion": 4}
    imported = _import(tmp_path, spans)
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", "Weather in A?"),
        ("assistant", None),
        ("tool", "sunny"),
        ("assistant", "A is sunny."),
    ]
    assert imported.trace.output == "A is sunny."
    got = [(c.name, c.arguments, c.id) for c in imported.trace.tool_calls]
    assert got == [("get_weather", {"city": "A"}, "w1")]
    usage = imported.trace.usage  # the span's counts, else its response's: each call once
    assert (usage.input_tokens, usage.output_tokens) == (30, 9)


def test_llamaindex_predict_wraps_its_chat_call_and_the_retriever_gives_the_passages(
    tmp_path: Path,
) -> None:
    llm = {"openinference.span.kind": "LLM", "llm.model_name": "m"}
    chain = {"openinference.span.kind": "CHAIN"}
    chat = llm | {
        "llm.input_messages.0.message.role": "system",
        "llm.input_messages.0.message.content": "Answer from the context.",
        "llm.input_messages.1.message.role": "user",
        "llm.input_messages.1.message.content": "Context: A ships in 2 days.\nQuery: When?",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": "In 2 days.",
        "llm.token_count.prompt": 30,
        "llm.token_count.completion": 4,
    }
    documents = {
        "retrieval.documents.0.document.id": "doc-a",
        "retrieval.documents.0.document.content": "A ships in 2 days.",
        "retrieval.documents.0.document.score": 0.9,
    }
    retriever = {"openinference.span.kind": "RETRIEVER", "input.value": "When?"}
    spans = [
        _span(1, "RetrieverQueryEngine.query", chain | {"input.value": "When?"}, start=0.0),
        _span(2, "VectorIndexRetriever.retrieve", retriever | documents, parent=1, start=0.1),
        _span(3, "VectorIndexRetriever._retrieve", retriever, parent=2, start=0.2),
        _span(4, "CompactAndRefine.synthesize", chain, parent=1, start=0.5),
        # predict: a prompt template, no messages and no counts, the answer as output.value
        _span(5, "OpenAI.predict", llm | {"output.value": "In 2 days."}, parent=4, start=0.6),
        _span(6, "OpenAI.chat", chat, parent=5, start=0.7),
    ]
    spans[0]["attributes"]["output.value"] = "In 2 days."
    imported = _import(tmp_path, spans)
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", "Answer from the context."),
        ("user", "Context: A ships in 2 days.\nQuery: When?"),
        ("assistant", "In 2 days."),
    ]
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (30, 4)
    assert trace.turns == 1
    assert [(p.id, p.text) for p in trace.passages] == [("doc-a", "A ships in 2 days.")]
    assert imported.input == "When?"
    assert trace.output == "In 2 days."
