"""MLflow Tracing's span shapes (``mlflow.*`` attributes, every value JSON text), each on small
spans written the way MLflow exports them, so each rule is checked apart from the export that
showed it (tests/data/traces/mlflow). Before, none of these spans was read: a file of them
imported nothing ("none of the spans is an OpenTelemetry GenAI span").

- a CHAT_MODEL span's request (``mlflow.spanInputs``: the OpenAI request's keyword arguments,
  LangChain's messages, the Agents SDK's message list) and reply (``mlflow.spanOutputs``: a
  ChatCompletion, ``{"choices": [...]}``, a reply list) are its messages; its usage is
  ``mlflow.chat.tokenUsage``; its model the request's, not ``mlflow.llm.model`` when that is
  the answering model;
- a TOOL span is a tool call named by the span, its arguments the inputs, its result the
  outputs (LangChain's ``ToolMessage`` as ``model_dump()`` unwrapped, the id beside);
- an AGENT span names the agent, a function the application traced as one included
  (``@mlflow.trace(span_type="AGENT")`` on ``weather_loop``), unless it is MLflow's runner
  root (``mlflow.openai.agent_run_root``);
- a CHAIN's LangGraph state (messages as ``model_dump()``) gives the answer and the name
  the agent's replies carry; the Agents SDK agent span's ``{"output_type"}`` is no output;
- a RETRIEVER span's documents are passages;
- a CHAT_MODEL span whose outputs are an object's repr (the anthropic SDK's ``Stream``,
  ``create(stream=True)``) records no reply: the next request holds it, and the last call's,
  the answer, is in no span (`_unread_replies`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span, stepped_span
from tests.helpers.span_builders import mlflow_attributes as _attrs

TRACE = "ab" * 16
ASK = "What is the weather in Oslo?"
SAID = "Oslo: snow, -3 C."
REQUESTED = {
    "id": "call_1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'},
}


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = None) -> Any:
    return stepped_span(n, name, attrs, trace=TRACE, parent=parent)


def _completion(message: dict[str, Any], usage: tuple[int, int]) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "model": "gpt-4o-mini-2024-07-18",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1]},
    }


def _openai_call(n: int, messages: list[Any], reply: dict[str, Any], usage: tuple[int, int]) -> Any:
    attrs = _attrs(
        "CHAT_MODEL",
        {"model": "gpt-4o-mini", "messages": messages, "tools": []},
        _completion(reply, usage),
        **{
            "mlflow.message.format": "openai",
            "mlflow.llm.model": "gpt-4o-mini-2024-07-18",  # the answering model, as autologged
            "mlflow.chat.tokenUsage": {"input_tokens": usage[0], "output_tokens": usage[1]},
        },
    )
    return _span(n, "Completions", attrs, parent=1)


def _tool_loop(agent_attrs: dict[str, Any]) -> list[Any]:
    first = [{"role": "user", "content": ASK}]
    turn = {"role": "assistant", "content": None, "tool_calls": [REQUESTED]}
    second = [*first, turn, {"role": "tool", "tool_call_id": "call_1", "content": "snow, -3 C"}]
    return [
        _span(1, "weather_loop", agent_attrs),
        _openai_call(2, first, turn, (20, 5)),
        _span(3, "get_weather", _attrs("TOOL", {"city": "Oslo"}, "snow, -3 C"), parent=1),
        _openai_call(4, second, {"role": "assistant", "content": SAID}, (40, 7)),
    ]


def test_an_openai_tool_loop_traced_by_mlflow_is_read_whole(tmp_path: Path) -> None:
    loop = _attrs("AGENT", {"question": ASK}, SAID, **{"mlflow.spanFunctionName": "weather_loop"})
    imported = import_one(tmp_path, _tool_loop(loop))
    trace = imported.trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("user", ASK, None),
        ("assistant", None, None),
        ("tool", "snow, -3 C", "call_1"),
        ("assistant", SAID, None),
    ]
    assert [r.id for r in trace.messages[1].tool_calls] == ["call_1"]
    [call] = trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"city": "Oslo"},
        "snow, -3 C",
        "call_1",  # the request it answers: the TOOL span has no id
    )
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (60, 12)
    assert (imported.input, trace.output) == (ASK, SAID)
    # the request's model, not mlflow.llm.model (the answering one)
    assert imported.metadata["model"] == "gpt-4o-mini"
    assert imported.metadata["response_model"] == "gpt-4o-mini-2024-07-18"
    # a function the application traced as an agent names the agent (the trace says so)
    assert imported.metadata["agent_name"] == "weather_loop"


def test_an_agent_span_that_is_no_function_names_the_agent(tmp_path: Path) -> None:
    named = _attrs("AGENT", ASK, SAID)  # mlflow.start_span(name=..., span_type=AGENT)
    imported = import_one(tmp_path, _tool_loop(named))
    assert imported.metadata["agent_name"] == "weather_loop"


def test_mlflows_root_around_the_agents_sdk_runner_is_no_agent(tmp_path: Path) -> None:
    root = _attrs("AGENT", ASK, SAID, **{"mlflow.openai.agent_run_root": True})
    sdk_agent = _attrs("AGENT", None, {"output_type": "str"}, tools=["get_weather"])
    generation = _attrs(
        "CHAT_MODEL",
        [{"role": "system", "content": "Be brief."}, {"role": "user", "content": ASK}],
        [{"role": "assistant", "content": SAID, "tool_calls": None}],
        **{
            "mlflow.message.format": "openai-agent",
            "mlflow.llm.model": "gpt-4o-mini",
            "mlflow.chat.tokenUsage": {"input_tokens": 9, "output_tokens": 4},
        },
    )
    imported = import_one(
        tmp_path,
        [
            _span(1, "AgentRunner.run", root),
            _span(2, "weather_agent", sdk_agent, parent=1),
            _span(3, "Generation", generation, parent=2),
        ],
    )
    assert imported.metadata["agent_name"] == "weather_agent"
    assert imported.metadata["model"] == "gpt-4o-mini"
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("system", "Be brief."),
        ("user", ASK),
        ("assistant", SAID),
    ]
    assert imported.trace.output == SAID


def test_the_agents_sdk_agent_spans_output_type_is_no_answer(tmp_path: Path) -> None:
    sdk_agent = _attrs("AGENT", None, {"output_type": "str"})
    imported = import_one(tmp_path, [_span(1, "weather_agent", sdk_agent)])
    assert imported.trace.output is None


def _lc(kind: str, content: str, **more: Any) -> dict[str, Any]:
    """A LangChain message as its ``model_dump()``."""
    return {
        "content": content,
        "additional_kwargs": {},
        "response_metadata": {},
        "type": kind,
        "name": None,
        "id": None,
        **more,
    }


def test_a_langgraph_agent_under_mlflows_langchain_autolog(tmp_path: Path) -> None:
    call = {"name": "get_weather", "args": {"city": "Oslo"}, "id": "call_1", "type": "tool_call"}
    asked = _lc("ai", "", name="bot", tool_calls=[call])
    answered = _lc("tool", "snow, -3 C", name="get_weather", tool_call_id="call_1")
    state = [_lc("human", ASK), asked, answered, _lc("ai", SAID, name="bot", tool_calls=[])]
    openai_form = [
        {"role": "user", "content": ASK, "tool_calls": None, "tool_call_id": None},
        {"role": "assistant", "content": None, "tool_calls": [REQUESTED], "tool_call_id": None},
        {"role": "tool", "content": "snow, -3 C", "tool_calls": None, "tool_call_id": "call_1"},
    ]

    def chat(n: int, messages: list[Any], reply: dict[str, Any], usage: tuple[int, int]) -> Any:
        attrs = _attrs(
            "CHAT_MODEL",
            {"messages": messages},
            {"choices": [{"message": reply, "finish_reason": None}]},
            invocation_params={"model": "gpt-4o-mini", "temperature": 0.0},
            **{
                "mlflow.message.format": "langchain",
                "mlflow.llm.model": "gpt-4o-mini",
                "mlflow.chat.tokenUsage": {"input_tokens": usage[0], "output_tokens": usage[1]},
            },
        )
        return _span(n, "ChatOpenAI", attrs, parent=2)

    tool = _attrs("TOOL", {"city": "Oslo"}, answered, tool_call_id="call_1")
    graph = _attrs("CHAIN", {"messages": [["user", ASK]]}, {"messages": state})
    node = _attrs("CHAIN", {"messages": state[:1]}, {"messages": state[1:2]})
    imported = import_one(
        tmp_path,
        [
            _span(1, "bot", graph),
            _span(2, "agent", node, parent=1),
            chat(3, openai_form[:1], openai_form[1], (20, 5)),
            _span(4, "get_weather", tool, parent=1),
            chat(5, openai_form, {"role": "assistant", "content": SAID}, (40, 7)),
        ],
    )
    trace = imported.trace
    [run] = trace.tool_calls
    assert (run.name, run.arguments, run.result, run.id) == (
        "get_weather",
        {"city": "Oslo"},
        "snow, -3 C",  # the ToolMessage's content, not its model_dump()
        "call_1",
    )
    assert [m.role for m in trace.messages] == ["user", "assistant", "tool", "assistant"]
    assert trace.output == SAID
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (60, 12)
    assert imported.metadata["model"] == "gpt-4o-mini"
    # the name the agent's replies carry in the graph's state (no AGENT span)
    assert imported.metadata["agent_name"] == "bot"


def test_a_retriever_spans_documents_are_passages(tmp_path: Path) -> None:
    documents = [
        {"page_content": "Ships in 2 days.", "metadata": {"source": "faq.md"}, "id": "d1"},
        {"page_content": "Refunds in 14 days.", "metadata": {"doc_uri": "refunds.md"}, "id": None},
    ]
    retriever = _attrs("RETRIEVER", "shipping?", documents)
    imported = import_one(tmp_path, [_span(1, "retrieve", retriever)])
    assert [(p.id, p.text, p.source) for p in imported.trace.passages] == [
        ("d1", "Ships in 2 days.", "faq.md"),
        (f"{1:016x}:1", "Refunds in 14 days.", "refunds.md"),
    ]


def test_an_anthropic_requests_system_prompt_comes_first(tmp_path: Path) -> None:
    request = {
        "model": "claude",
        "system": "Be brief.",
        "messages": [{"role": "user", "content": ASK}],
    }
    reply = {"role": "assistant", "content": [{"type": "text", "text": SAID}], "model": "claude-1"}
    imported = import_one(tmp_path, [_span(1, "Messages", _attrs("CHAT_MODEL", request, reply))])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("system", "Be brief."),
        ("user", ASK),
        ("assistant", SAID),
    ]
    assert imported.metadata["model"] == "claude"


def _anthropic_stream(n: int, messages: list[Any], returned: Any) -> Any:
    """``Messages.create(stream=True)`` under MLflow's anthropic autolog: the request, and as
    outputs what the call returned."""
    request = {"model": "claude", "stream": True, "system": "Be brief.", "messages": messages}
    return _span(n, "Messages.create", _attrs("CHAT_MODEL", request, returned), parent=1)


def test_an_anthropic_stream_recorded_as_its_repr_is_no_reply(tmp_path: Path) -> None:
    """The replies only in the next request; the answer, the last call's, in no span: no
    output (the first turn's text before its calls is no answer), no repr taken as text."""
    asked = {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Let me look.", "citations": None},
            {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "Oslo"}},
        ],
    }
    result = {
        "role": "user",
        "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "snow"}],
    }
    user = {"role": "user", "content": ASK}
    spans = [
        _span(1, "weather_loop", _attrs("AGENT", {}, None)),
        _anthropic_stream(2, [user], "<anthropic.Stream object at 0x7f077aa866d0>"),
        _anthropic_stream(3, [user, asked, result], "<anthropic.Stream object at 0x7f0778095710>"),
    ]
    imported = import_one(tmp_path, spans)
    said = [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]
    assert said == [
        ("system", "Be brief.", None),
        ("user", ASK, None),
        ("assistant", "Let me look.", None),
        ("tool", "snow", "toolu_1"),
    ]
    assert imported.trace.output is None
    [call] = imported.trace.tool_calls
    assert (call.id, call.result) == ("toolu_1", "snow")


def test_a_last_reply_that_is_recorded_stays_the_answer(tmp_path: Path) -> None:
    """Only a call that returned an object leaves the answer unknown: the same loop with its
    last reply recorded (unstreamed), or with a text that merely mentions an object, answers."""
    user = {"role": "user", "content": ASK}
    first = _anthropic_stream(2, [user], "<anthropic.Stream object at 0x7f077aa866d0>")
    whole = {"role": "assistant", "content": [{"type": "text", "text": SAID}]}
    mentions = "Oslo: <snow> at 0x10 C."
    for n, (returned, reply) in enumerate([(whole, SAID), (mentions, mentions)]):
        spans = [
            _span(1, "weather_loop", _attrs("AGENT", {}, None)),
            first,
            _anthropic_stream(3, [user], returned),
        ]
        (tmp_path / str(n)).mkdir()
        assert import_one(tmp_path / str(n), spans).trace.output == reply


def _chunk(delta: dict[str, Any] | None, **more: Any) -> dict[str, Any]:
    choices = [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": None}]
    item = {"id": "c", "object": "chat.completion.chunk", "choices": choices, **more}
    return {"name": "", "attributes": {"mlflow.chunk.value": json.dumps(item)}}


def test_a_streamed_calls_reply_is_its_chunks_not_mlflows_assembly(tmp_path: Path) -> None:
    # MLflow 3.17's ChatCompletion built from a stream drops the tool-call deltas: the first
    # reply read "" (an empty assistant message) and the turn's calls were lost
    pieces = [
        {"role": "assistant", "content": ""},
        {"tool_calls": [{"index": 0, "id": "call_1", "function": {"name": "get_weather"}}]},
        {"tool_calls": [{"index": 0, "function": {"arguments": '{"city": '}}]},
        {"tool_calls": [{"index": 0, "function": {"arguments": '"Oslo"}'}}]},
        {},
    ]
    events = [_chunk(p) for p in pieces] + [_chunk(None, usage={"prompt_tokens": 20})]
    for n, event in enumerate(events):
        event["name"] = f"mlflow.chunk.item.{n}"
    assembled = {"role": "assistant", "content": "", "tool_calls": None}
    attrs = _attrs(
        "CHAT_MODEL",
        {"model": "m", "messages": [{"role": "user", "content": ASK}], "stream": True},
        _completion(assembled, (20, 5)),
        **{"mlflow.chat.tokenUsage": {"input_tokens": 20, "output_tokens": 5}},
    )
    call = span(1, "Completions", attrs, trace=TRACE, events=events)
    imported = import_one(tmp_path, [call])
    [asked, reply] = imported.trace.messages
    assert (reply.role, reply.content) == ("assistant", None)
    assert [(r.id, r.name, r.arguments) for r in reply.tool_calls] == [
        ("call_1", "get_weather", {"city": "Oslo"})
    ]


def _dspy_react(root_usage: Any, tool_name: Any) -> list[Any]:
    """``mlflow.dspy.autolog()``'s spans of a ReAct step and its extraction: the root AGENT
    ``ReAct.forward`` holds the summed usage, the LM calls none; the tool span is
    ``Tool.<name>`` with the Tool's fields as attributes; the observation goes back in text."""
    system = {"role": "system", "content": "Your input fields are: question, trajectory"}
    step = [system, {"role": "user", "content": f"[[ ## question ## ]]\n{ASK}"}]
    chose = "[[ ## next_tool_name ## ]]\nget_weather\n\n[[ ## completed ## ]]"
    seen = f"[[ ## question ## ]]\n{ASK}\n\n[[ ## observation_0 ## ]]\nsnow, -3 C"
    answered = f"[[ ## answer ## ]]\n{SAID}\n\n[[ ## completed ## ]]"
    lm = {"model": "openai/gpt-4o-mini", "mlflow.message.format": "dspy"}
    outputs = {"trajectory": {"observation_0": "snow, -3 C"}, "answer": SAID}
    return [
        _span(1, "ReAct.forward", _attrs("AGENT", {"question": ASK}, outputs, **root_usage)),
        _span(2, "Predict.forward", _attrs("LLM", {"question": ASK}, {"x": 1}), parent=1),
        _span(3, "LM.__call__", _attrs("CHAT_MODEL", {"messages": step}, [chose], **lm), parent=2),
        _span(
            4,
            "Tool.get_weather",
            _attrs("TOOL", {"city": "Oslo"}, "snow, -3 C", name=tool_name, args={"city": {}}),
            parent=1,
        ),
        _span(
            5,
            "LM.__call__",
            _attrs(
                "CHAT_MODEL",
                {"messages": [system, {"role": "user", "content": seen}]},
                [answered],
                **lm,
            ),
            parent=1,
        ),
    ]


def test_dspy_under_mlflows_autolog(tmp_path: Path) -> None:
    usage = {"mlflow.chat.tokenUsage": {"input_tokens": 70, "output_tokens": 12}}
    imported = import_one(tmp_path, _dspy_react(usage, "get_weather"))
    trace = imported.trace
    # the tool's name is the span's name attribute, not the span's Tool.get_weather; so the
    # observation told back in the next prompt is no tool message of its own
    [call] = trace.tool_calls
    assert (call.name, call.arguments, call.result) == (
        "get_weather",
        {"city": "Oslo"},
        "snow, -3 C",
    )
    assert [m.role for m in trace.messages] == ["system", "user", "assistant", "user", "assistant"]
    # the root's usage, the LM calls having none
    assert (trace.usage.known, trace.usage.input_tokens, trace.usage.output_tokens) == (
        True,
        70,
        12,
    )
    # ReAct.forward is the module's method the autolog patched, not an agent's name
    assert "agent_name" not in imported.metadata
    assert (imported.input, trace.output) == (ASK, SAID)


def test_dspy_spans_with_odd_values_are_read_without_raising(tmp_path: Path) -> None:
    odd = {"mlflow.chat.tokenUsage": "many"}
    imported = import_one(tmp_path, _dspy_react(odd, ["not", "a", "name"]))
    assert [c.name for c in imported.trace.tool_calls] == ["Tool.get_weather"]
    assert not imported.trace.usage.known


def test_llamaindex_under_mlflows_autolog(tmp_path: Path) -> None:
    def message(role: str, text: str) -> dict[str, Any]:
        return {
            "role": role,
            "additional_kwargs": {},
            "blocks": [{"block_type": "text", "text": text}],
        }

    request = {"messages": [message("system", "Answer from the context."), message("user", ASK)]}
    reply = {"message": message("assistant", SAID), "raw": {"id": "chatcmpl-1"}, "delta": None}
    chat = _attrs(
        "CHAT_MODEL",
        request,
        reply,
        model_name="gpt-4o-mini",
        **{
            "mlflow.message.format": "llamaindex",
            "mlflow.llm.model": "gpt-4o-mini",
            "mlflow.chat.tokenUsage": {"input_tokens": 30, "output_tokens": 6},
        },
    )
    found = [{"page_content": "Snow in Oslo.", "metadata": {"score": 0.5}, "id": "doc-oslo"}]
    odd = _attrs(
        "CHAT_MODEL", {"messages": [{"role": "user", "blocks": "text"}, 3]}, {"message": 4}
    )
    spans = [
        _span(1, "RetrieverQueryEngine.query", _attrs("CHAIN", {"q": ASK}, {"response": SAID})),
        _span(2, "VectorIndexRetriever.retrieve", _attrs("RETRIEVER", ASK, found), parent=1),
        _span(3, "OpenAI.chat", chat, parent=1),
        _span(4, "OpenAI.chat", odd, parent=1),  # odd values: read without raising
    ]
    imported = import_one(tmp_path, spans)
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages][:3] == [
        ("system", "Answer from the context."),
        ("user", ASK),
        ("assistant", SAID),
    ]
    assert [(p.id, p.text, p.score) for p in trace.passages] == [("doc-oslo", "Snow in Oslo.", 0.5)]
    assert imported.metadata["model"] == "gpt-4o-mini"


def _hand_traced_call(n: int, messages: list[Any], reply: dict[str, Any], **more: Any) -> Any:
    # mlflow.start_span(span_type="LLM") with the request and the response set by hand
    request = {"model": "gpt-4o-mini", "messages": messages}
    return _span(n, "chat", _attrs("LLM", request, _completion(reply, (20, 5)), **more), parent=1)


def test_a_hand_traced_calls_usage_is_its_responses(tmp_path: Path) -> None:
    # no mlflow.chat.tokenUsage: the recorded response's usage (before: unknown), not the
    # application's own attributes that say the same under names of its choosing
    loop = _attrs("AGENT", {"question": ASK}, SAID)
    reply = {"role": "assistant", "content": SAID}
    counts = {"prompt_tokens": 999, "model": "gpt-4o-mini-2024-07-18"}
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_loop", loop),
            _hand_traced_call(2, [{"role": "user", "content": ASK}], reply, **counts),
        ],
    )
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (20, 5)
    assert imported.metadata["model"] == "gpt-4o-mini"  # the request's, not the app's attribute


def _litellm_call(n: int, messages: list[Any], reply: dict[str, Any], **more: Any) -> Any:
    # mlflow.litellm.autolog(): the messages only as inputs, LiteLLM's payload beside them
    attrs = _attrs(
        "LLM",
        {"messages": messages},
        _completion(reply, (20, 5)),
        **{"litellm_call_id": "c-1", "call_type": "completion", **more},
    )
    return _span(n, "litellm-completion", attrs, parent=1)


def test_litellms_autolog_names_the_model_asked_for(tmp_path: Path) -> None:
    loop = _attrs("AGENT", {}, None)
    reply = {"role": "assistant", "content": SAID}
    asked = [{"role": "user", "content": ASK}]
    imported = import_one(
        tmp_path,
        [_span(1, "weather_loop", loop), _litellm_call(2, asked, reply, model="gpt-4o-mini")],
    )
    # LiteLLM's payload's model, not the answering one (before: none at all)
    assert imported.metadata["model"] == "gpt-4o-mini"
    again = import_one(tmp_path, [_span(1, "weather_loop", loop), _litellm_call(2, asked, reply)])
    # nothing asked for in the trace: the answering model, as the contract says
    assert again.metadata["model"] == "gpt-4o-mini-2024-07-18"


def test_a_span_mlflow_gave_no_type_is_read_by_its_other_conventions(tmp_path: Path) -> None:
    # MLflow's Agno autolog exports OpenInference's spans with a null mlflow.spanType; the
    # file was refused before ("none of the spans is an OpenInference span")
    untyped = {"mlflow.spanType": "null", "mlflow.traceRequestId": '"tr-1"'}
    agent = {**untyped, "openinference.span.kind": "AGENT", "agent.name": "weather_agent",
             "input.value": ASK, "output.value": SAID}  # fmt: skip
    tool = {**untyped, "openinference.span.kind": "TOOL", "tool.name": "get_weather",
            "input.value": '{"city": "Oslo"}', "output.value": "snow, -3 C"}  # fmt: skip
    imported = import_one(
        tmp_path, [_span(1, "weather_agent.run", agent), _span(2, "get_weather", tool, parent=1)]
    )
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result) == (
        "get_weather",
        {"city": "Oslo"},
        "snow, -3 C",
    )
    assert (imported.metadata["agent_name"], imported.trace.output) == ("weather_agent", SAID)


def test_autogens_messages_under_mlflows_autogen_autolog(tmp_path: Path) -> None:
    # the model client's inputs are autogen-core's LLMMessages, its reply a CreateResult, the
    # agent's output AgentChat's TaskResult; no TOOL span. Before: the messages read as user
    # texts, no call, the TaskResult's JSON the output and the agent named weather_agent.run
    asked = {"content": ASK, "source": "user", "type": "UserMessage"}
    calls = [{"id": "call_1", "name": "get_weather", "arguments": '{"city": "Oslo"}'}]
    turn = {
        "content": calls,
        "thought": None,
        "source": "weather_agent",
        "type": "AssistantMessage",
    }
    result = {
        "content": "snow, -3 C",
        "name": "get_weather",
        "call_id": "call_1",
        "is_error": False,
    }
    done = {"type": "FunctionExecutionResultMessage", "content": [result]}

    def create(n: int, messages: list[Any], reply: Any) -> Any:
        result = {"finish_reason": "stop", "content": reply, "thought": None, "cached": False}
        attrs = _attrs(
            "LLM", {"messages": messages}, result, **{"mlflow.message.format": "autogen"}
        )
        return _span(n, "OpenAIChatCompletionClient.create", attrs, parent=1)

    said = [
        {"type": "TextMessage", "source": "user", "content": ASK},
        {"type": "ToolCallRequestEvent", "source": "weather_agent", "content": calls},
        {"type": "TextMessage", "source": "weather_agent", "content": SAID},
    ]
    run = _attrs("AGENT", {"task": ASK}, {"messages": said, "stop_reason": None})
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_agent.run", run),
            create(2, [asked], calls),
            create(3, [asked, turn, done], SAID),
        ],
    )
    trace = imported.trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("user", ASK, None),
        ("assistant", None, None),
        ("tool", "snow, -3 C", "call_1"),
        ("assistant", SAID, None),
    ]
    [call] = trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"city": "Oslo"},
        "snow, -3 C",
        "call_1",
    )
    assert (trace.output, imported.metadata["agent_name"]) == (SAID, "weather_agent")


def test_an_agent_span_named_like_a_method_whose_output_is_no_agentchat_result_is_unchanged(
    tmp_path: Path,
) -> None:
    # a function the application traced as weather.loop: no AgentChat message names the agent
    imported = import_one(tmp_path, [_span(1, "weather.loop", _attrs("AGENT", {"q": ASK}, SAID))])
    assert (imported.metadata["agent_name"], imported.trace.output) == ("weather.loop", SAID)
