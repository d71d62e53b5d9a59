"""Google ADK's and CrewAI's own span shapes (tests/data/traces/google-adk/, crewai/), each on
small spans written the way the framework writes them, so each rule is checked apart from the
export that showed it broken.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16


def _span(n: int, name: str, attrs: dict[str, Any], **kw: Any) -> dict[str, Any]:
    start = kw.pop("start", float(n))
    return span(n, name, attrs, trace=TRACE, start=start, end=start + 0.5, **kw)


def _roles(imported: Any) -> list[tuple[str, str | None, str | None]]:
    return [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]


def _adk_tool(n: int, call_id: str, city: str, value: str, **keys: str) -> dict[str, Any]:
    args = keys.get("args", "gen_ai.tool.call.arguments")
    out = keys.get("result", "gen_ai.tool.call.result")
    return _span(
        n,
        "execute_tool get_weather",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "get_weather",
            "gen_ai.tool.call.id": call_id,
            args: json.dumps({"city": city}),
            out: json.dumps({"result": value}),
        },
        parent=1,
    )


def _merged(n: int) -> dict[str, Any]:
    """ADK's span for merging the parallel calls' responses into one event."""
    return _span(
        n,
        "execute_tool (merged)",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "(merged tools)",
            "gen_ai.tool.description": "(merged tools)",
            "gen_ai.tool.call.id": "0a17ffab-7709-4a0f-a91f-3dd834046984",
            "gcp.vertex.agent.tool_call_args": "N/A",
            "gcp.vertex.agent.tool_response": json.dumps(
                [
                    {"id": "c1", "name": "get_weather", "response": {"result": "sunny"}},
                    {"id": "c2", "name": "get_weather", "response": {"result": "rain"}},
                ]
            ),
        },
        parent=1,
    )


def test_adk_merged_tools_span_is_no_tool_call(tmp_path: Path) -> None:
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    imported = import_one(
        tmp_path,
        [
            _span(1, "invoke_agent weather_agent", agent, start=0.0),
            _adk_tool(2, "c1", "Paris", "sunny"),
            _adk_tool(3, "c2", "Tokyo", "rain"),
            _merged(4),
        ],
    )
    calls = [(c.name, c.id, c.result) for c in imported.trace.tool_calls]
    assert calls == [
        ("get_weather", "c1", {"result": "sunny"}),
        ("get_weather", "c2", {"result": "rain"}),
    ]


def _adk_chat(n: int, agent: str, system: str, inputs: list[Any], outputs: list[Any]) -> Any:
    return _span(
        n,
        "generate_content openai/gpt-4o-mini",
        {
            "gen_ai.operation.name": "generate_content",
            "gen_ai.request.model": "openai/gpt-4o-mini",
            "gen_ai.agent.name": agent,
            "gen_ai.system_instructions": json.dumps([{"type": "text", "content": system}]),
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(outputs),
        },
        parent=1,
    )


def test_a_transfer_result_only_its_tool_span_records_follows_its_request(
    tmp_path: Path,
) -> None:
    """ADK's ``transfer_to_agent``: the sub-agent's input quotes the transfer as user text,
    so no history holds the result as a tool message; the tool span's result is added after
    its request, with the root agent's turns that follow the sub-agent's conversation."""
    user = {"role": "user", "parts": [{"type": "text", "content": "Weather in Paris?"}]}
    quoted = {"role": "user", "parts": [{"type": "text", "content": "[triage] called tool"}]}
    transfer = {"type": "tool_call", "id": "h1", "name": "transfer_to_agent"}
    transfer["arguments"] = {"agent_name": "weather"}
    answer = {"role": "assistant", "parts": [{"type": "text", "content": "Sunny."}]}
    workflow = {"gen_ai.operation.name": "invoke_workflow", "gen_ai.workflow.name": "triage"}
    imported = import_one(
        tmp_path,
        [
            _span(1, "invoke_workflow triage", workflow, start=0.0),
            _adk_chat(2, "triage", "Triage.", [user], [{"role": "assistant", "parts": [transfer]}]),
            _span(
                3,
                "execute_tool transfer_to_agent",
                {
                    "gen_ai.operation.name": "execute_tool",
                    "gen_ai.tool.name": "transfer_to_agent",
                    "gen_ai.tool.call.id": "h1",
                    "gen_ai.tool.call.arguments": json.dumps({"agent_name": "weather"}),
                    "gen_ai.tool.call.result": json.dumps({"result": None}),
                },
                parent=1,
            ),
            _adk_chat(4, "weather", "Weather.", [user, quoted], [answer]),
        ],
    )
    assert _roles(imported) == [
        ("system", "Weather.", None),
        ("user", "Weather in Paris?", None),
        ("user", "[triage] called tool", None),
        ("assistant", "Sunny.", None),
        ("system", "Triage.", None),
        ("assistant", None, None),
        ("tool", '{"result": null}', "h1"),
    ]


def test_gemini_contents_are_messages() -> None:
    # google-genai Content: roles user/model, parts text / function_call / function_response
    from fourfold.integrations._messages import parse_messages

    contents = [
        {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
        {
            "role": "model",
            "parts": [
                {"function_call": {"id": "c1", "name": "get_weather", "args": {"city": "Paris"}}}
            ],
        },
        {
            "role": "user",
            "parts": [
                {
                    "functionResponse": {
                        "id": "c1",
                        "name": "get_weather",
                        "response": {"result": "sunny"},
                    }
                }
            ],
        },
        {"role": "model", "parts": [{"text": "thinking...", "thought": True}, {"text": "Sunny."}]},
    ]
    user, asked, answer, said = parse_messages(json.dumps(contents))
    assert (user.role, user.content) == ("user", "Weather in Paris?")
    assert (asked.role, asked.content) == ("assistant", None)
    assert [(r.id, r.name, r.arguments) for r in asked.tool_calls] == [
        ("c1", "get_weather", {"city": "Paris"})
    ]
    assert (answer.role, answer.tool_call_id, answer.result) == ("tool", "c1", {"result": "sunny"})
    assert (said.role, said.content) == ("assistant", "Sunny.")


def _call_llm(n: int, contents: list[Any], reply: dict[str, Any], usage: int) -> dict[str, Any]:
    """ADK's legacy model-call span: the request and the reply only as its own JSON."""
    request = {
        "model": "openai/gpt-4o-mini",
        "config": {"system_instruction": "Be brief.", "labels": {"adk_agent_name": "a"}},
        "contents": contents,
    }
    return _span(
        n,
        "call_llm",
        {
            "gen_ai.system": "gcp.vertex.agent",
            "gen_ai.request.model": "openai/gpt-4o-mini",
            "gcp.vertex.agent.llm_request": json.dumps(request),
            "gcp.vertex.agent.llm_response": json.dumps(
                {"model_version": "gpt-4o-mini-2024-07-18", "content": reply}
            ),
            "gen_ai.usage.input_tokens": usage,
            "gen_ai.usage.output_tokens": 5,
        },
        parent=1,
    )


def test_adk_call_llm_request_and_response_are_the_model_calls_messages(tmp_path: Path) -> None:
    question = {"role": "user", "parts": [{"text": "Weather in Paris?"}]}
    asked = {
        "role": "model",
        "parts": [
            {"function_call": {"id": "c1", "name": "get_weather", "args": {"city": "Paris"}}}
        ],
    }
    answered = {
        "role": "user",
        "parts": [
            {
                "function_response": {
                    "id": "c1",
                    "name": "get_weather",
                    "response": {"result": "sunny"},
                }
            }
        ],
    }
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "a"}
    imported = import_one(
        tmp_path,
        [
            _span(0, "invocation", {}, start=0.0),
            _span(1, "invoke_agent a", agent, start=0.1, parent=0),
            _call_llm(2, [question], asked, 10),
            _adk_tool(
                3,
                "c1",
                "Paris",
                "sunny",
                args="gcp.vertex.agent.tool_call_args",
                result="gcp.vertex.agent.tool_response",
            ),
            _call_llm(
                4, [question, asked, answered], {"role": "model", "parts": [{"text": "Sunny."}]}, 20
            ),
        ],
    )
    assert imported.input == "Weather in Paris?"
    assert _roles(imported) == [
        ("system", "Be brief.", None),
        ("user", "Weather in Paris?", None),
        ("assistant", None, None),
        ("tool", '{"result": "sunny"}', "c1"),
        ("assistant", "Sunny.", None),
    ]
    assert imported.trace.output == "Sunny."
    assert (imported.trace.usage.input_tokens, imported.trace.usage.output_tokens) == (30, 10)


def _crew_llm(n: int, inputs: list[dict[str, Any]], output: Any, parent: int) -> dict[str, Any]:
    """A CrewAI model call as OpenInference's event listener writes it."""
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        "input.value": json.dumps(inputs),
        "output.value": output if isinstance(output, str) else json.dumps(output),
        "llm.token_count.prompt": 10,
        "llm.token_count.completion": 5,
    }
    for i, m in enumerate(inputs):
        attrs[f"llm.input_messages.{i}.message.role"] = m["role"]
        if m.get("content") is not None:
            attrs[f"llm.input_messages.{i}.message.content"] = m["content"]
        for k, c in enumerate(m.get("tool_calls") or []):
            prefix = f"llm.input_messages.{i}.message.tool_calls.{k}.tool_call."
            attrs[prefix + "id"] = c["id"]
            attrs[prefix + "function.name"] = f"'{c['function']['name']}'"  # as written: a repr
            attrs[prefix + "function.arguments"] = c["function"]["arguments"]
        if m.get("tool_call_id"):
            attrs[f"llm.input_messages.{i}.message.tool_call_id"] = m["tool_call_id"]
    if isinstance(output, str):
        attrs["llm.output_messages.0.message.role"] = "assistant"
        attrs["llm.output_messages.0.message.content"] = output
    return _span(n, "gpt-4o-mini.llm_call", attrs, parent=parent)


def _crew_tool(n: int, city: str, value: str, parent: int) -> dict[str, Any]:
    attrs = {
        "openinference.span.kind": "TOOL",
        "tool.name": "get_weather",
        "input.value": json.dumps({"city": city}),
        "output.value": value,
    }
    return _span(n, "get_weather.run", attrs, parent=parent)


_REQUESTS = [
    {
        "id": "c1",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
    },
    {
        "id": "c2",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city": "Tokyo"}'},
    },
]


def test_crewai_tool_call_reply_ids_and_kickoff_input(tmp_path: Path) -> None:
    # the tool-requesting reply is only output.value, a JSON list of tool calls; the TOOL spans
    # have no ids; the crew's kickoff inputs hold the question
    system = {"role": "system", "content": "You are Researcher."}
    task = {"role": "user", "content": "Current Task: look up the weather"}
    asked = {"role": "assistant", "content": None, "tool_calls": _REQUESTS}
    results = [
        {"role": "tool", "tool_call_id": "c1", "content": "sunny"},
        {"role": "tool", "tool_call_id": "c2", "content": "rain"},
    ]
    crew = {
        "openinference.span.kind": "CHAIN",
        "input.value": json.dumps({"question": "Weather in Paris and Tokyo?"}),
        "output.value": json.dumps({"raw": "Sunny and rainy.", "agent": "Researcher"}),
    }
    agent = {
        "openinference.span.kind": "AGENT",
        "graph.node.id": "Researcher",
        "input.value": "look up the weather",
        "output.value": "Sunny and rainy.",
    }
    imported = import_one(
        tmp_path,
        [
            _span(1, "crew.kickoff", crew, start=0.0),
            _span(2, "Researcher.look up.execute", agent, start=0.1, parent=1),
            _crew_llm(3, [system, task], _REQUESTS, parent=2),
            _crew_tool(4, "Paris", "sunny", parent=2),
            _crew_tool(5, "Tokyo", "rain", parent=2),
            _crew_llm(6, [system, task, asked, *results], "Sunny and rainy.", parent=2),
        ],
    )
    assert imported.input == "Weather in Paris and Tokyo?"
    assert _roles(imported) == [
        ("system", "You are Researcher.", None),
        ("user", "Current Task: look up the weather", None),
        ("assistant", None, None),
        ("tool", "sunny", "c1"),
        ("tool", "rain", "c2"),
        ("assistant", "Sunny and rainy.", None),
    ]
    calls = [(c.name, c.arguments, c.result, c.id) for c in imported.trace.tool_calls]
    assert calls == [
        ("get_weather", {"city": "Paris"}, "sunny", "c1"),
        ("get_weather", {"city": "Tokyo"}, "rain", "c2"),
    ]


def _gemini_part(city: str) -> dict[str, Any]:
    """A google-genai ``Part`` with a function call, as CrewAI's Gemini provider returns it
    and the event listener dumps it (the argument in repr quotes, no id)."""
    call = {"id": None, "args": {"city": f"'{city}'"}, "name": "get_weather"}
    return {"function_call": call, "function_response": None, "text": None, "thought": None}


def test_crewai_on_gemini_the_quoted_names_of_the_repeated_turn_are_its_calls_names(
    tmp_path: Path,
) -> None:
    # CrewAI's native Gemini provider: the reply that requests the tools is google-genai Parts
    # without ids; the turn is whole only in the next input, its names in repr quotes
    system = {"role": "system", "content": "You are Researcher."}
    task = {"role": "user", "content": "Current Task: look up the weather"}
    asked = {"role": "assistant", "content": None, "tool_calls": _REQUESTS}
    results = [
        {"role": "tool", "tool_call_id": "c1", "content": "sunny"},
        {"role": "tool", "tool_call_id": "c2", "content": "rain"},
    ]
    agent = {"openinference.span.kind": "AGENT", "graph.node.id": "Researcher"}
    imported = import_one(
        tmp_path,
        [
            _span(1, "crew.kickoff", {"openinference.span.kind": "CHAIN"}, start=0.0),
            _span(2, "Researcher.look up.execute", agent, start=0.1, parent=1),
            _crew_llm(3, [system, task], [_gemini_part("Paris"), _gemini_part("Tokyo")], 2),
            _crew_tool(4, "Paris", "sunny", parent=2),
            _crew_tool(5, "Tokyo", "rain", parent=2),
            _crew_llm(6, [system, task, asked, *results], "Sunny and rainy.", parent=2),
        ],
    )
    assert _roles(imported) == [
        ("system", "You are Researcher.", None),
        ("user", "Current Task: look up the weather", None),
        ("assistant", None, None),
        ("tool", "sunny", "c1"),
        ("tool", "rain", "c2"),
        ("assistant", "Sunny and rainy.", None),
    ]
    requested = [(r.name, r.id) for m in imported.trace.messages for r in m.tool_calls]
    assert requested == [("get_weather", "c1"), ("get_weather", "c2")]
    calls = [(c.name, c.arguments, c.result, c.id) for c in imported.trace.tool_calls]
    assert calls == [
        ("get_weather", {"city": "Paris"}, "sunny", "c1"),
        ("get_weather", {"city": "Tokyo"}, "rain", "c2"),
    ]


def test_crewai_on_gemini_a_last_reply_of_parts_is_its_own_turn_of_calls(tmp_path: Path) -> None:
    # the run ends on the reply that asks for tools (no next call repeats the turn): its
    # record, the JSON of its google-genai Parts (each argument the repr of its value), holds
    # the turn; a thought part is no text, a text part is
    system = {"role": "system", "content": "You are Researcher."}
    task = {"role": "user", "content": "Current Task: look up the weather"}
    paris, tokyo = _gemini_part("Paris"), _gemini_part("Tokyo")
    paris["function_call"]["args"]["days"] = "3"  # the repr of the number 3
    thought = {**_gemini_part("x"), "function_call": None, "text": "Both.", "thought": True}
    said = {**_gemini_part("x"), "function_call": None, "text": "Looking up both."}
    agent = {"openinference.span.kind": "AGENT", "graph.node.id": "Researcher"}
    imported = import_one(
        tmp_path,
        [
            _span(1, "crew.kickoff", {"openinference.span.kind": "CHAIN"}, start=0.0),
            _span(2, "Researcher.look up.execute", agent, start=0.1, parent=1),
            _crew_llm(3, [system, task], [thought, said, paris, tokyo], 2),
        ],
    )
    assert _roles(imported) == [
        ("system", "You are Researcher.", None),
        ("user", "Current Task: look up the weather", None),
        ("assistant", "Looking up both.", None),
    ]
    requested = [(r.name, r.arguments) for m in imported.trace.messages for r in m.tool_calls]
    assert requested == [
        ("get_weather", {"city": "Paris", "days": 3}),
        ("get_weather", {"city": "Tokyo"}),
    ]


def _task_output(agent: str, messages: list[dict[str, Any]], raw: str) -> str:
    return json.dumps({"raw": raw, "agent": agent, "output_format": "raw", "messages": messages})


def test_crewai_wrapper_spans_give_the_task_conversations_and_the_crew_usage(
    tmp_path: Path,
) -> None:
    # OpenInference's default CrewAI mode makes no model-call spans: each task's output holds
    # its agent's conversation (the answer only as raw when the messages stop before it), the
    # crew's output the usage
    asked = {"role": "assistant", "content": "", "tool_calls": _REQUESTS[:1]}
    researcher = [
        {"role": "system", "content": "You are Researcher."},
        {"role": "user", "content": "Current Task: look up"},
        asked,
        {"role": "tool", "tool_call_id": "c1", "name": "get_weather", "content": "sunny"},
        {"role": "assistant", "content": "Paris: sunny."},
    ]
    writer = [
        {"role": "system", "content": "You are Writer."},
        {"role": "user", "content": "Current Task: answer"},
    ]
    crew = {
        "openinference.span.kind": "CHAIN",
        "input.value": json.dumps({"question": "Weather in Paris?"}),
        "output.value": json.dumps(
            {
                "raw": "It is sunny in Paris.",
                "tasks_output": [],
                "token_usage": {"total_tokens": 40, "prompt_tokens": 30, "completion_tokens": 10},
            }
        ),
    }

    def agent(role: str, messages: list[dict[str, Any]], raw: str) -> dict[str, Any]:
        return {
            "openinference.span.kind": "AGENT",
            "graph.node.id": role,
            "input.value": json.dumps({"agent": {"role": role}, "context": "", "tools": []}),
            "output.value": _task_output(role, messages, raw),
        }

    imported = import_one(
        tmp_path,
        [
            _span(1, "Crew_1.kickoff", crew, start=0.0),
            _span(
                2,
                "Researcher._execute_core",
                agent("Researcher", researcher, "Paris: sunny."),
                start=0.1,
                parent=1,
            ),
            _crew_tool(3, "Paris", "sunny", parent=2),
            _span(
                4,
                "Writer._execute_core",
                agent("Writer", writer, "It is sunny in Paris."),
                start=1.0,
                parent=1,
            ),
        ],
    )
    assert imported.input == "Weather in Paris?"
    assert _roles(imported) == [
        ("system", "You are Researcher.", None),
        ("user", "Current Task: look up", None),
        ("assistant", None, None),
        ("tool", "sunny", "c1"),
        ("assistant", "Paris: sunny.", None),
        ("system", "You are Writer.", None),
        ("user", "Current Task: answer", None),
        ("assistant", "It is sunny in Paris.", None),
    ]
    calls = [(c.name, c.arguments, c.result, c.id) for c in imported.trace.tool_calls]
    assert calls == [("get_weather", {"city": "Paris"}, "sunny", "c1")]
    usage = imported.trace.usage
    assert (usage.known, usage.input_tokens, usage.output_tokens) == (True, 30, 10)
    assert imported.trace.output == "It is sunny in Paris."


# ADK on a native Gemini model (google-adk-gemini-*): the model sends calls without ids


def _gemini_call(n: int, inputs: list[Any], outputs: list[Any], *, scope: str) -> Any:
    written = _span(
        n,
        "generate_content gemini-2.5-flash",
        {
            "gen_ai.operation.name": "generate_content",
            "gen_ai.request.model": "gemini-2.5-flash",
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(outputs),
        },
        parent=1,
    )
    return {**written, "instrumentation_scope": {"name": scope}}


def _gemini_run(first_ids: tuple[str, str], *, scope: str = "gcp.vertex.agent") -> list[Any]:
    """ADK's spans of the weather run: the first call's requests named `first_ids`, the tool
    spans' ids ``adk-1`` / ``adk-2``, the second call's input with ADK's stand-ins."""
    user = {"role": "user", "parts": [{"type": "text", "content": "Weather?"}]}

    def turn(ids: tuple[str, str]) -> dict[str, Any]:
        calls = [
            {"type": "tool_call", "id": i, "name": "get_weather", "arguments": {"city": city}}
            for i, city in zip(ids, ("Paris", "Tokyo"), strict=True)
        ]
        return {"role": "assistant", "parts": calls}

    stand_ins = ("get_weather_0", "get_weather_1")
    results = {
        "role": "user",
        "parts": [
            {"type": "tool_call_response", "id": i, "response": {"result": value}}
            for i, value in zip(stand_ins, ("sunny", "rain"), strict=True)
        ],
    }
    answer = {"role": "assistant", "parts": [{"type": "text", "content": "Sunny; rain."}]}
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    return [
        _span(1, "invoke_agent weather_agent", agent, start=0.0),
        _gemini_call(2, [user], [{**turn(first_ids), "finish_reason": "stop"}], scope=scope),
        _adk_tool(3, "adk-1", "Paris", "sunny"),
        _adk_tool(4, "adk-2", "Tokyo", "rain"),
        _gemini_call(5, [user, turn(stand_ins), results], [answer], scope=scope),
    ]


def test_adks_stand_in_ids_are_no_ids_and_the_tool_spans_name_the_calls(tmp_path: Path) -> None:
    """ADK writes a call the model sent without an id as ``<name>_<part index>``: the calls
    are the tool spans' (``adk-...``), once each, and the results answer them."""
    imported = import_one(tmp_path, _gemini_run(("get_weather_0", "get_weather_1")))
    assert [(c.id, c.result) for c in imported.trace.tool_calls] == [
        ("adk-1", {"result": "sunny"}),
        ("adk-2", {"result": "rain"}),
    ]
    [turn] = [m for m in imported.trace.messages if m.tool_calls]
    assert [r.id for r in turn.tool_calls] == ["adk-1", "adk-2"]
    assert [m.tool_call_id for m in imported.trace.messages if m.role == "tool"] == [
        "adk-1",
        "adk-2",
    ]


def test_another_instrumentations_name_and_position_ids_stand(tmp_path: Path) -> None:
    """The rule is ADK's and the google-genai instrumentation's: the same ids under another
    scope are the only names the calls have."""
    imported = import_one(
        tmp_path, _gemini_run(("get_weather_0", "get_weather_1"), scope="other.instrumentation")
    )
    [turn, *_] = [m for m in imported.trace.messages if m.tool_calls]
    assert [r.id for r in turn.tool_calls] == ["get_weather_0", "get_weather_1"]


def test_the_google_genai_instrumentations_stand_ins_are_no_ids(tmp_path: Path) -> None:
    """opentelemetry-instrumentation-google-genai numbers the calls of each content as ADK
    does (``<name>_<part index>``), so a later turn's ``get_weather_0`` is another call
    (google-genai-otel-tool-error): the calls have no id, and each turn's results answer its
    own requests in order."""
    scope = "opentelemetry.instrumentation.google_genai"
    user = {"role": "user", "parts": [{"type": "text", "content": "Weather?"}]}

    def turn(*cities: str) -> dict[str, Any]:
        parts = [
            {
                "type": "tool_call",
                "id": f"get_weather_{i}",
                "name": "get_weather",
                "arguments": {"city": city},
            }
            for i, city in enumerate(cities)
        ]
        return {"role": "assistant", "parts": parts}

    def results(*values: str) -> dict[str, Any]:
        parts = [
            {"type": "tool_call_response", "id": f"get_weather_{i}", "response": {"result": v}}
            for i, v in enumerate(values)
        ]
        return {"role": "user", "parts": parts}

    answer = {"role": "assistant", "parts": [{"type": "text", "content": "Sunny; rain."}]}
    first, second = turn("Paris", "Tokio"), turn("Tokyo")
    spans = [
        _span(1, "weather_loop", {}, start=0.0),
        _gemini_call(2, [user], [first], scope=scope),
        _gemini_call(3, [user, first, results("sunny", "none")], [second], scope=scope),
        _gemini_call(
            4,
            [user, first, results("sunny", "none"), second, results("rain")],
            [answer],
            scope=scope,
        ),
    ]
    imported = import_one(tmp_path, spans)
    calls = [(c.id, c.arguments["city"], c.result) for c in imported.trace.tool_calls]
    assert calls == [
        (None, "Paris", {"result": "sunny"}),
        (None, "Tokio", {"result": "none"}),
        (None, "Tokyo", {"result": "rain"}),
    ]
    assert [m.tool_call_id for m in imported.trace.messages if m.role == "tool"] == [None] * 3


def test_a_turn_recorded_with_ids_then_without_is_one_turn(tmp_path: Path) -> None:
    """Streamed, the first reply holds ADK's ids and the next input the same turn without:
    one assistant turn, its results once."""
    imported = import_one(tmp_path, _gemini_run(("adk-1", "adk-2")))
    assert _roles(imported) == [
        ("user", "Weather?", None),
        ("assistant", None, None),
        ("tool", '{"result": "sunny"}', "adk-1"),
        ("tool", '{"result": "rain"}', "adk-2"),
        ("assistant", "Sunny; rain.", None),
    ]


def test_a_reply_recorded_only_as_unfinished_pieces_is_one_message(tmp_path: Path) -> None:
    """ADK's streamed Gemini reply: text chunks with an empty finish reason, then the last
    with ``stop``, and no whole reply after them: one answer."""
    user = {"role": "user", "parts": [{"type": "text", "content": "Weather?"}]}
    pieces = [
        {
            "role": "assistant",
            "parts": [{"type": "text", "content": "Sunny;"}],
            "finish_reason": "",
        },
        {
            "role": "assistant",
            "parts": [{"type": "text", "content": " rain."}],
            "finish_reason": "stop",
        },
    ]
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    imported = import_one(
        tmp_path,
        [
            _span(1, "invoke_agent weather_agent", agent, start=0.0),
            _gemini_call(2, [user], pieces, scope="gcp.vertex.agent"),
        ],
    )
    assert _roles(imported) == [("user", "Weather?", None), ("assistant", "Sunny; rain.", None)]
    assert imported.trace.output == "Sunny; rain."


def test_a_result_naming_no_call_answers_its_own_turn_not_a_later_one(tmp_path: Path) -> None:
    """ADK's transfer on Gemini: the transfer (its stand-in id taken off) is answered in no
    history, only by its tool span; the weather agent's results, which name no call either,
    answer the weather agent's calls, not the transfer before them."""
    user = {"role": "user", "parts": [{"type": "text", "content": "Weather?"}]}
    quoted = {"role": "user", "parts": [{"type": "text", "content": "[triage] called tool"}]}
    transfer = {"type": "tool_call", "id": "transfer_to_agent_0", "name": "transfer_to_agent"}
    transfer["arguments"] = {"agent_name": "weather"}
    calls = {
        "role": "assistant",
        "parts": [
            {"type": "tool_call", "id": f"get_weather_{i}", "name": "get_weather"}
            | {"arguments": {"city": city}}
            for i, city in enumerate(("Paris", "Tokyo"))
        ],
    }
    results = {
        "role": "user",
        "parts": [
            {"type": "tool_call_response", "id": f"get_weather_{i}", "response": {"result": v}}
            for i, v in enumerate(("sunny", "rain"))
        ],
    }
    answer = {"role": "assistant", "parts": [{"type": "text", "content": "Sunny; rain."}]}
    workflow = {"gen_ai.operation.name": "invoke_workflow", "gen_ai.workflow.name": "triage"}
    handed = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "transfer_to_agent",
        "gen_ai.tool.call.id": "adk-h",
        "gen_ai.tool.call.arguments": json.dumps({"agent_name": "weather"}),
        "gen_ai.tool.call.result": json.dumps({"result": None}),
    }
    adk = "gcp.vertex.agent"
    imported = import_one(
        tmp_path,
        [
            _span(1, "invoke_workflow triage", workflow, start=0.0),
            _gemini_call(2, [user], [{"role": "assistant", "parts": [transfer]}], scope=adk),
            _span(3, "execute_tool transfer_to_agent", handed, parent=1),
            _gemini_call(4, [user, quoted], [calls], scope=adk),
            _adk_tool(5, "adk-1", "Paris", "sunny"),
            _adk_tool(6, "adk-2", "Tokyo", "rain"),
            _gemini_call(7, [user, quoted, calls, results], [answer], scope=adk),
        ],
    )
    tools = {m.tool_call_id: m.content for m in imported.trace.messages if m.role == "tool"}
    assert tools == {
        "adk-1": '{"result": "sunny"}',
        "adk-2": '{"result": "rain"}',
        "adk-h": '{"result": null}',
    }


def _crew_flow(tmp_path: Path) -> Any:
    """A CrewAI Flow as OpenInference's event listener writes it: no inputs; its ``@start``
    step kicks off a crew (its kickoff inputs the question), its ``@listen`` step makes a
    plain model call on the research."""
    system = {"role": "system", "content": "You are Researcher."}
    task = {"role": "user", "content": "Current Task: look up the weather"}
    asked = {"role": "user", "content": "Answer from this research: sunny"}
    chain = {"openinference.span.kind": "CHAIN"}
    crew = {**chain, "input.value": json.dumps({"question": "Weather in Paris?"})}
    agent = {
        "openinference.span.kind": "AGENT",
        "graph.node.id": "Researcher",
        "input.value": "look up the weather",
        "output.value": "sunny",
    }
    answer = {**chain, "input.value": json.dumps({"_0": "sunny"}), "output.value": "Sunny."}
    return import_one(
        tmp_path,
        [
            _span(1, "WeatherFlow.kickoff", {**chain, "output.value": "Sunny."}, start=0.0),
            _span(2, "WeatherFlow.research", {**chain, "output.value": "sunny"}, parent=1),
            _span(3, "crew.kickoff", crew, start=2.1, parent=2),
            _span(4, "Researcher.look up.execute", agent, start=2.2, parent=3),
            _crew_llm(5, [system, task], "sunny", parent=4),
            _span(6, "WeatherFlow.answer", answer, start=6.0, parent=1),
            _crew_llm(7, [asked], "Sunny.", parent=6),
        ],
    )


def test_a_flow_steps_own_model_call_is_a_turn_not_a_teams(tmp_path: Path) -> None:
    # the call inside no agent is in a step of its own (no agent runs in it): its prompt and
    # reply are the run's, not a team's call beside its agents (D15)
    imported = _crew_flow(tmp_path)
    assert _roles(imported) == [
        ("system", "You are Researcher.", None),
        ("user", "Current Task: look up the weather", None),
        ("assistant", "sunny", None),
        ("user", "Answer from this research: sunny", None),
        ("assistant", "Sunny.", None),
    ]
    assert imported.trace.output == "Sunny."
    assert (imported.trace.usage.input_tokens, imported.trace.usage.output_tokens) == (20, 10)


def test_the_input_of_a_flow_with_none_is_its_crews_kickoff_inputs(tmp_path: Path) -> None:
    # neither the flow nor its start step records an input; the crew inside the step does
    # (its agent only its task prompt, the next step an earlier step's output)
    assert _crew_flow(tmp_path).input == "Weather in Paris?"
