"""A LlamaIndex agent workflow under MLflow's autolog, and runs that carry one conversation on.

Small spans written the way ``mlflow.llama_index.autolog()`` (MLflow 3.17.2, llama-index-core
0.14) exports a ``FunctionAgent`` run (tests/data/traces/mlflow/mlflow-llamaindex-agent-*):

- the streamed ``astream_chat`` span's outputs are an async generator's repr: its reply is the
  ``AgentOutput`` its ``run_agent_step`` CHAIN outputs (`_step_replies`), the call turn's
  requests from its ``additional_kwargs.tool_calls``;
- ``_prepare_chat_with_tools``, typed LLM, outputs the request it built: no model call;
- the tool messages' ids are their ``additional_kwargs.tool_call_id``;
- the AGENT span ``FunctionAgent.run`` outputs ``{"result": AgentOutput}``: its response's
  text is the answer, its ``current_agent_name`` the agent.

And (tests/data/traces/llamaindex/llamaindex-memory-*) two runs side by side in one trace, the
later one's answer unreadable: the earlier run's answer is no answer of the trace
(`_superseded_runs`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16
SYSTEM = "You are a weather assistant."
ASK = "What is the weather in Oslo?"
SAID = "Oslo: snow, -3 C."
GENERATOR = "<async_generator object llm_chat_callback.<locals>.wrapped_gen at 0x7f4a60857350>"


def _attrs(kind: str, inputs: Any, outputs: Any, **more: Any) -> dict[str, Any]:
    attrs = {"mlflow.spanType": json.dumps(kind), "mlflow.traceRequestId": '"tr-1"'}
    attrs["mlflow.spanInputs"] = json.dumps(inputs)
    if outputs is not None:
        attrs["mlflow.spanOutputs"] = json.dumps(outputs)
    attrs.update({key: json.dumps(value) for key, value in more.items()})
    return attrs


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = 1) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)


def _message(role: str, text: str, **extra: Any) -> dict[str, Any]:
    return {
        "role": role,
        "additional_kwargs": extra,
        "blocks": [{"block_type": "text", "text": text}],
    }


_CALL = {
    "index": 0,
    "id": "call_o1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'},
}
_TURN = {
    **_message("assistant", "", tool_calls=[_CALL]),
    "blocks": [
        {"block_type": "text", "text": ""},
        {
            "block_type": "tool_call",
            "tool_call_id": "call_o1",
            "tool_name": "get_weather",
            "tool_kwargs": '{"city": "Oslo"}',
        },
    ],
}
_FIRST = [_message("system", SYSTEM), _message("user", ASK)]
_SECOND = [*_FIRST, _TURN, _message("tool", "snow, -3 C", tool_call_id="call_o1")]


def _agent_output(response: dict[str, Any]) -> dict[str, Any]:
    return {
        "response": response,
        "structured_response": None,
        "current_agent_name": "weather_agent",
        "tool_calls": [],
        "retry_messages": [],
    }


def _step(n: int, history: list[Any], response: dict[str, Any], streamed: bool = True) -> list[Any]:
    """A ``run_agent_step`` CHAIN over its two LLM spans."""
    chat = {"mlflow.message.format": "llamaindex", "model_name": "gpt-4o-mini"}
    prepared = {"messages": history, "tools": [{"type": "function"}], "tool_choice": "auto"}
    reply = GENERATOR if streamed else {"message": response, "raw": {}}
    return [
        _span(n, "BaseWorkflowAgent.run_agent_step", _attrs("CHAIN", {}, _agent_output(response))),
        _span(
            n + 1,
            "OpenAI._prepare_chat_with_tools",
            _attrs("LLM", {"chat_history": history}, prepared, **chat),
            parent=n,
        ),
        _span(
            n + 2,
            "OpenAI.astream_chat",
            _attrs("CHAT_MODEL", {"messages": history}, reply, **chat),
            parent=n,
        ),
    ]


def _tool(n: int) -> list[Any]:
    output = {
        "blocks": [{"block_type": "text", "text": "snow, -3 C"}],
        "tool_name": "get_weather",
        "raw_input": {"args": [], "kwargs": {"city": "Oslo"}},
        "raw_output": "snow, -3 C",
        "is_error": False,
    }
    called = {
        "ev": {"tool_name": "get_weather", "tool_kwargs": {"city": "Oslo"}, "tool_id": "call_o1"}
    }
    tool = _attrs("TOOL", {"kwargs": {"city": "Oslo"}}, output, name="get_weather")
    return [
        _span(n, "BaseWorkflowAgent.call_tool", _attrs("CHAIN", called, None)),
        _span(n + 1, "FunctionTool.acall", tool, parent=n),
    ]


def _run(answer: Any, streamed: bool = True) -> list[Any]:
    root = _attrs("AGENT", {"user_msg": ASK, "memory": None}, answer)
    return [
        _span(1, "FunctionAgent.run", root, parent=None),
        *_step(2, _FIRST, _TURN, streamed),
        *_tool(5),
        *_step(7, _SECOND, _message("assistant", SAID), streamed),
    ]


def test_a_function_agent_under_mlflows_llamaindex_autolog(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _run({"result": _agent_output(_message("assistant", SAID))}))
    trace = imported.trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("system", SYSTEM, None),
        ("user", ASK, None),
        ("assistant", None, None),  # its empty text block beside the calls: no text
        ("tool", "snow, -3 C", "call_o1"),
        ("assistant", SAID, None),
    ]
    assert [r.id for r in trace.messages[2].tool_calls] == ["call_o1"]
    [call] = trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"city": "Oslo"},
        "snow, -3 C",  # the ToolOutput's raw_output
        "call_o1",
    )
    assert trace.turns == 2  # the _prepare_chat_with_tools spans are no calls
    assert (imported.input, trace.output) == (ASK, SAID)
    assert imported.metadata["agent_name"] == "weather_agent"  # not FunctionAgent.run


def test_the_streamed_replies_are_their_steps_outputs(tmp_path: Path) -> None:
    """With no answer on the root, the last reply is only in its run_agent_step's outputs."""
    trace = import_one(tmp_path, _run(None)).trace
    assert [(m.role, m.content) for m in trace.messages][-1] == ("assistant", SAID)
    assert trace.output == SAID


def test_a_reply_the_chat_span_records_is_kept(tmp_path: Path) -> None:
    """Unstreamed, the chat span's ChatResponse is the reply, as in mlflow-llamaindex-rag."""
    spans = _run({"result": _agent_output(_message("assistant", SAID))}, streamed=False)
    trace = import_one(tmp_path, spans).trace
    assert [m.role for m in trace.messages] == ["system", "user", "assistant", "tool", "assistant"]
    assert [r.id for r in trace.messages[2].tool_calls] == ["call_o1"]
    assert trace.output == SAID


def _openinference_run(
    n: int, parent: int, answer: str, stop: str, start: float, kind: str = "CHAIN"
) -> list[Any]:
    """An OpenInference FunctionAgent.run CHAIN, its StopEvent repr as written, and its call."""
    run = {"openinference.span.kind": kind, "output.value": stop}
    messages = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": ASK,
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": answer,
    }
    return [
        span(n, "FunctionAgent.run", run, trace=TRACE, parent=parent, start=start, end=start + 1),
        span(
            n + 1,
            "OpenAI.astream_chat",
            messages,
            trace=TRACE,
            parent=n,
            start=start + 0.1,
            end=start + 0.5,
        ),
    ]


_HEAD = (
    "StopEvent(result=AgentOutput(response=ChatMessage(role=<MessageRole.ASSISTANT: "
    "'assistant'>, additional_kwargs={}, blocks=[TextBlock(block_type='text', text="
)


def _conversation(second_stop: str) -> list[Any]:
    first = "Oslo: snow today."
    return [
        span(1, "conversation", {}, trace=TRACE, start=0.0, end=9.0),
        *_openinference_run(2, 1, first, _HEAD + repr(first) + ")]), stru...", 1.0),
        *_openinference_run(4, 1, SAID, second_stop, 3.0),
    ]


def test_a_later_run_with_no_readable_answer_supersedes_the_earlier_answer(
    tmp_path: Path,
) -> None:
    """The second run's StopEvent repr cut inside its block: its call's reply, not the first's."""
    spans = _conversation(_HEAD + repr(SAID) + "...")
    assert import_one(tmp_path, spans).trace.output == SAID


def test_a_later_runs_readable_answer_stands(tmp_path: Path) -> None:
    spans = _conversation(_HEAD + repr(SAID) + ")]), stru...")
    assert import_one(tmp_path, spans).trace.output == SAID


def test_runs_inside_an_unreadable_run_still_answer(tmp_path: Path) -> None:
    """A root run whose own answer is cut short: the agent run inside it answers, as before."""
    inner = "Oslo: snow today."
    root = {"openinference.span.kind": "AGENT", "output.value": _HEAD + "'Oslo: sn..."}
    spans = [
        span(1, "AgentWorkflow.run", root, trace=TRACE, start=0.0, end=9.0),
        *_openinference_run(2, 1, SAID, _HEAD + repr(inner) + ")]), stru...", 1.0, "AGENT"),
    ]
    assert import_one(tmp_path, spans).trace.output == inner
