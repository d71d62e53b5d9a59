"""MLflow's other autologs: model calls recorded as the provider SDK's or framework's own
objects (``mlflow.gemini``, ``mlflow.bedrock``, ``mlflow.pydantic_ai``), the agent's own name
as an attribute, and a CrewAI crew whose model calls made no spans (``mlflow.crewai``); each
rule on small spans written as MLflow 3.17.2 exports them (tests/data/traces/mlflow). Before:
the Gemini file was unreadable (a response's unset text is null), the Converse and pydantic-ai
calls gave no conversation, pydantic-ai's agent no name and the crew no messages, no model and
no usage; smolagents' tool arguments and results came as MLflow bound and serialised them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fourfold.integrations._answer import provider_message
from tests.helpers.span_builders import import_one, stepped_span
from tests.helpers.span_builders import mlflow_attributes as _attrs

TRACE = "cd" * 16
ASK = "What is the weather in Oslo?"
SAID = "Oslo: snow, -3 C."
SYSTEM = "Be brief."


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = None) -> Any:
    return stepped_span(n, name, attrs, trace=TRACE, parent=parent)


def _loop() -> Any:
    """``@mlflow.trace(span_type=AGENT) def weather_loop()``: no inputs, no outputs."""
    fn = {"mlflow.spanFunctionName": "weather_loop"}
    return _span(1, "weather_loop", _attrs("AGENT", {}, None, **fn))


def _usage(pair: tuple[int, int]) -> dict[str, Any]:
    return {"mlflow.chat.tokenUsage": {"input_tokens": pair[0], "output_tokens": pair[1]}}


def _part(**set_: Any) -> dict[str, Any]:
    """A google-genai ``Part`` as ``model_dump()`` writes it: every unset field null."""
    return {"text": None, "thought": None, "function_call": None, "function_response": None} | set_


def _gemini(n: int, name: str, contents: list[Any], reply: list[Any], parent: int) -> Any:
    request = {"model": "gemini-2.5-flash", "contents": contents}
    request["config"] = {"system_instruction": SYSTEM, "temperature": None}
    response = {"candidates": [{"content": {"role": "model", "parts": reply}, "index": 0}]}
    usage = (20, 5) if len(contents) == 1 else (40, 8)
    more = {"mlflow.message.format": "gemini", "mlflow.llm.model": "gemini-2.5-flash"}
    attrs = _attrs("LLM", request, response, **more, **_usage(usage))
    return _span(n, name, attrs, parent=parent)


def test_a_gemini_call_under_mlflows_gemini_autolog(tmp_path: Path) -> None:
    asked = {"role": "user", "parts": [_part(text=ASK)]}
    call = _part(function_call={"id": None, "name": "get_weather", "args": {"city": "Oslo"}})
    answer = {"id": None, "name": "get_weather", "response": {"result": "snow, -3 C"}}
    turn = {"role": "model", "parts": [call]}
    back = {"role": "user", "parts": [_part(function_response=answer)]}
    second = [asked, turn, back]
    spans = [
        _loop(),  # each call: the public method's span over the inner one's, the same record
        _gemini(2, "Models.generate_content", [asked], [call], parent=1),
        _gemini(3, "Models._generate_content", [asked], [call], parent=2),
        _gemini(4, "Models.generate_content", second, [_part(text=SAID)], parent=1),
        _gemini(5, "Models._generate_content", second, [_part(text=SAID)], parent=4),
    ]
    imported = import_one(tmp_path, spans)
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", SYSTEM),
        ("user", ASK),
        ("assistant", None),
        ("tool", '{"result": "snow, -3 C"}'),
        ("assistant", SAID),
    ]
    assert [r.name for r in trace.messages[2].tool_calls] == ["get_weather"]
    [ran] = trace.tool_calls
    assert (ran.name, ran.arguments, ran.result) == (
        "get_weather",
        {"city": "Oslo"},
        {"result": "snow, -3 C"},
    )
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (60, 13)  # each call once
    assert (imported.input, trace.output, imported.metadata["model"]) == (
        ASK,
        SAID,
        "gemini-2.5-flash",
    )


def test_a_converse_call_under_mlflows_bedrock_autolog(tmp_path: Path) -> None:
    use = {"toolUse": {"toolUseId": "tooluse_1", "name": "get_weather", "input": {"city": "Oslo"}}}
    result = {"toolResult": {"toolUseId": "tooluse_1", "content": [{"text": "snow, -3 C"}]}}
    first = [{"role": "user", "content": [{"text": ASK}]}]
    second = [
        *first,
        {"role": "assistant", "content": [use]},
        {"role": "user", "content": [result]},
    ]

    def converse(n: int, messages: list[Any], reply: list[Any], usage: tuple[int, int]) -> Any:
        model = "us.anthropic.claude-sonnet-4-6"
        request = {"modelId": model, "system": [{"text": SYSTEM}], "messages": messages}
        response = {"output": {"message": {"role": "assistant", "content": reply}}}
        more = {"mlflow.message.format": "bedrock", "mlflow.llm.model": model, **_usage(usage)}
        attrs = _attrs("CHAT_MODEL", request, response | {"stopReason": "end_turn"}, **more)
        return _span(n, "BedrockRuntime.converse", attrs, parent=1)

    spans = [
        _loop(),
        converse(2, first, [use], (20, 5)),
        converse(3, second, [{"text": SAID}], (40, 8)),
    ]
    imported = import_one(tmp_path, spans)
    trace = imported.trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("system", SYSTEM, None),
        ("user", ASK, None),
        ("assistant", None, None),
        ("tool", "snow, -3 C", "tooluse_1"),
        ("assistant", SAID, None),
    ]
    [ran] = trace.tool_calls
    assert (ran.name, ran.arguments, ran.result, ran.id) == (
        "get_weather",
        {"city": "Oslo"},
        "snow, -3 C",
        "tooluse_1",
    )
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (60, 13)
    assert imported.metadata["model"] == "us.anthropic.claude-sonnet-4-6"


def test_pydantic_ai_under_mlflows_autolog(tmp_path: Path) -> None:
    prompt = {"part_kind": "user-prompt", "content": ASK, "timestamp": "2026-12-05 16:23:43"}
    request = {"kind": "request", "parts": [prompt], "instructions": SYSTEM, "run_id": "r1"}
    call = {"part_kind": "tool-call", "tool_name": "get_weather", "args": '{"city": "Oslo"}'}
    turn = {"kind": "response", "parts": [call | {"tool_call_id": "call_1"}], "model_name": "m"}
    back = {"part_kind": "tool-return", "tool_name": "get_weather", "content": "snow, -3 C"}
    returned = {"kind": "request", "parts": [back | {"tool_call_id": "call_1"}]}
    returned["instructions"] = SYSTEM
    answer = {"kind": "response", "parts": [{"part_kind": "text", "content": SAID}]}
    fields = {"name": "weather_agent", "output_type": "str", "mlflow.message.format": "pydantic_ai"}
    run = {"output": SAID, "_output_tool_name": None, "_state": {}}

    def request_span(n: int, messages: list[Any], reply: Any, usage: tuple[int, int]) -> Any:
        inputs = {"messages": messages, "model_settings": {}}
        attrs = _attrs("LLM", inputs, reply, **{"mlflow.llm.model": "gpt-4o-mini"}, **_usage(usage))
        return _span(n, "OpenAIChatModel.request", attrs, parent=2)

    tool = _attrs("TOOL", {"city": "Oslo"}, "snow, -3 C")
    spans = [
        _span(1, "Agent.run_sync", _attrs("AGENT", {"user_prompt": ASK}, run, **fields)),
        _span(
            2,
            "Agent.run",
            _attrs("AGENT", {"user_prompt": ASK, "compact": False}, run, **fields),
            1,
        ),
        request_span(3, [request], turn, (20, 5)),
        _span(4, "get_weather", tool, parent=2),
        request_span(5, [request, turn, returned], answer, (40, 8)),
    ]
    imported = import_one(tmp_path, spans)
    trace = imported.trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("system", SYSTEM, None),  # the instructions pydantic-ai sends, once
        ("user", ASK, None),
        ("assistant", None, None),
        ("tool", "snow, -3 C", "call_1"),
        ("assistant", SAID, None),
    ]
    assert [(r.id, r.name, r.arguments) for r in trace.messages[2].tool_calls] == [
        ("call_1", "get_weather", {"city": "Oslo"})
    ]
    assert [c.id for c in trace.tool_calls] == ["call_1"]
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (60, 13)
    # the Agent's own name field, on spans named after the patched methods
    assert imported.metadata["agent_name"] == "weather_agent"


def test_smolagents_under_mlflows_autolog(tmp_path: Path) -> None:
    """``mlflow.smolagents.autolog()`` (mlflow-smolagents): the tool's call bound as
    ``Tool.__call__`` takes it, no ``args``, and smolagents' ``AgentText`` results and answer
    serialised as their fields. Before: the arguments were the bound call and every result,
    tool message and the answer the ``{"_value": ...}`` object."""
    fields = {"name": "weather_agent", "agent_name": "ToolCallingAgent", "tools": "[{}]"}
    answer = {"_value": SAID}
    call = {"sanitize_inputs_outputs": True, "kwargs": {"city": "Oslo"}}
    spans = [
        _span(1, "ToolCallingAgent.run", _attrs("AGENT", {"task": ASK}, answer, **fields)),
        _span(2, "SimpleTool.__call__", _attrs("TOOL", call, {"_value": "snow, -3 C"}), 1),
    ]
    imported = import_one(tmp_path, spans)
    trace = imported.trace
    assert imported.input == ASK
    assert trace.output == SAID
    assert [(c.arguments, c.result) for c in trace.tool_calls] == [({"city": "Oslo"}, "snow, -3 C")]
    assert [(m.role, m.content) for m in trace.messages] == [("tool", "snow, -3 C")]
    assert imported.metadata["agent_name"] == "weather_agent"


def test_a_crewai_crew_under_mlflows_autolog(tmp_path: Path) -> None:
    requested = {
        "id": "call_1",
        "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'},
    }
    researched = [
        {"role": "system", "content": "You are Researcher."},
        {"role": "user", "content": "Current Task: look it up"},
        {"role": "assistant", "content": "", "tool_calls": [requested]},
        {"role": "tool", "content": "snow, -3 C", "tool_call_id": "call_1", "name": "get_weather"},
        {"role": "assistant", "content": "Oslo: snow."},
    ]
    written = [
        {"role": "system", "content": "You are Writer."},
        {"role": "user", "content": "Current Task: answer"},
    ]

    def task(n: int, role: str, messages: list[Any], raw: str) -> list[Any]:
        output = {"raw": raw, "agent": role, "messages": messages, "pydantic": None}
        agent = _attrs("AGENT", {"task": {"description": "..."}}, raw, role=role, llm="gpt-4o-mini")
        return [
            _span(n, "Task.execute_sync", _attrs("CHAIN", {"agent": {}}, output), parent=1),
            _span(n + 1, role, agent, parent=n),
        ]

    usage = {"prompt_tokens": 90, "completion_tokens": 20, "successful_requests": 3}
    crew = {"raw": SAID, "tasks_output": [], "token_usage": usage}
    spans = [
        _span(1, "Crew.kickoff", _attrs("CHAIN", {"inputs": {"question": ASK}}, crew, name="crew")),
        *task(2, "Researcher", researched, "Oslo: snow."),
        *task(4, "Writer", written, SAID),
    ]
    imported = import_one(tmp_path, spans)
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", "You are Researcher."),
        ("user", "Current Task: look it up"),
        ("assistant", None),
        ("tool", "snow, -3 C"),
        ("assistant", "Oslo: snow."),
        ("system", "You are Writer."),
        ("user", "Current Task: answer"),
        ("assistant", SAID),  # the writer's answer: its task output's raw
    ]
    assert [(c.name, c.id, c.result) for c in trace.tool_calls] == [
        ("get_weather", "call_1", "snow, -3 C")
    ]
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (90, 20)  # the crew's own
    assert imported.metadata["model"] == "gpt-4o-mini"  # the agents' llm field
    assert imported.metadata["agent_name"] == "Researcher"
    assert (imported.input, trace.output) == (ASK, SAID)  # the kickoff inputs' one question


def test_a_gemini_response_with_unset_texts_is_read() -> None:
    """google-genai's ``model_dump()`` writes an unset text as null: no text, no error."""
    call = _part(function_call={"name": "f", "args": {}})
    said = provider_message({"candidates": [{"content": {"parts": [call, _part(text="Hi")]}}]})
    assert said is not None and said.content == "Hi"
