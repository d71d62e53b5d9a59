"""A LangGraph.js supervisor under OpenInference's JS instrumentation, on small spans.

Shapes from ``langgraph/langgraph-js-supervisor-2026-12-06c.json``
(@langchain/langgraph-supervisor 1.1.3 over @langchain/langgraph 1.7.3, traced by
@arizeai/openinference-instrumentation-langchain 4.1.1): every graph run is a CHAIN, the
agents' nodes named as the agents, whose AI messages carry that name; a hand-off tool's
``output.value`` is ``{"output": <Command>}`` (``{lg_name: "Command", update, goto}``); the
``Transferring back to supervisor`` message langgraph-supervisor writes when a worker ends
holds its ``transfer_back_to_supervisor`` request only in its serialised form, answered by
the tool message after it, with no span. What other shapes hold (a request the flattened
message already has, a Python ``Command``, a run that names its agent) reads as before.
"""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations import from_openinference
from tests.helpers.langchain_js_messages import lc as _lc
from tests.helpers.span_builders import hex_span

_TRACE = "0x" + "5e" * 16
_SYSTEM = "You are a team supervisor."
_QUESTION = "What is the weather in Paris?"
_HANDED = "Successfully transferred to weather_agent"
_WORKER = "Paris is sunny at 22 C."
_BACK = "Transferring back to supervisor"
_RETURNED = "Successfully transferred back to supervisor"
_UUID = "652ea5ea-18c2-4b3a-b1fe-0f92ba1c45d5"
_ANSWER = "Paris is sunny: pack light."


_HANDOFF = {"name": "transfer_to_weather_agent", "args": {}, "type": "tool_call", "id": "call_h1"}
_TURN = _lc(
    "AIMessage",
    content="",
    name="supervisor",
    tool_calls=[_HANDOFF],
    additional_kwargs={"tool_calls": [{"id": "call_h1", "type": "function"}]},
)
_HANDED_MESSAGE = _lc(
    "ToolMessage", content=_HANDED, name="transfer_to_weather_agent", tool_call_id="call_h1"
)
_BACK_REQUEST = {"name": "transfer_back_to_supervisor", "args": {}, "id": _UUID}
_BACK_MESSAGE = _lc(
    "AIMessage",
    content=_BACK,
    name="weather_agent",
    tool_calls=[_BACK_REQUEST],
    additional_kwargs={},
)
_RETURNED_MESSAGE = _lc(
    "ToolMessage", content=_RETURNED, name="transfer_back_to_supervisor", tool_call_id=_UUID
)
_PROMPT = [
    _lc("SystemMessage", content=_SYSTEM),
    _lc("HumanMessage", content=_QUESTION),
    _TURN,
    _HANDED_MESSAGE,
    _lc("AIMessage", content=_WORKER, name="weather_agent"),
    _BACK_MESSAGE,
    _RETURNED_MESSAGE,
]


def _span(name: str, span_id: int, parent: int | None, **attributes: Any) -> dict[str, Any]:
    return hex_span(name, span_id, parent, trace=_TRACE, **attributes)


def _node(name: str, span_id: int, parent: int, **attributes: Any) -> dict[str, Any]:
    meta = {"ls_integration": "langgraph", "langgraph_node": name}
    return _span(
        name,
        span_id,
        parent,
        **{"openinference.span.kind": "CHAIN", "metadata": json.dumps(meta)},
        **attributes,
    )


def _flat(prompt: list[dict[str, Any]]) -> dict[str, Any]:
    """The prompt as the JS instrumentation flattens it: roles and texts, no id, and the
    requests only of a message that holds them in ``additional_kwargs`` (a model's)."""
    out: dict[str, Any] = {}
    for i, message in enumerate(prompt):
        kwargs = message["kwargs"]
        key = f"llm.input_messages.{i}.message"
        out[f"{key}.role"] = {"SystemMessage": "system", "HumanMessage": "user"}.get(
            message["id"][-1], "tool" if message["id"][-1] == "ToolMessage" else "assistant"
        )
        out[f"{key}.content"] = kwargs["content"]
        if kwargs.get("additional_kwargs", {}).get("tool_calls"):
            for j, call in enumerate(kwargs["tool_calls"]):
                out[f"{key}.tool_calls.{j}.tool_call.function.name"] = call["name"]
                out[f"{key}.tool_calls.{j}.tool_call.function.arguments"] = "{}"
    return out


def _model(span_id: int, parent: int, prompt: list[dict[str, Any]], reply: str) -> dict[str, Any]:
    return _span(
        "ChatOpenAI",
        span_id,
        parent,
        **{
            "openinference.span.kind": "LLM",
            "llm.model_name": "gpt-4o-mini",
            "input.value": json.dumps({"messages": [prompt]}),
            "output.value": json.dumps(
                {"generations": [[{"text": reply, "message": _lc("AIMessage", content=reply)}]]}
            ),
            **_flat(prompt),
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": reply,
        },
    )


def _handoff(span_id: int, parent: int, output: Any) -> dict[str, Any]:
    return _span(
        "transfer_to_weather_agent",
        span_id,
        parent,
        **{
            "openinference.span.kind": "TOOL",
            "tool.name": "transfer_to_weather_agent",
            "input.value": "{}",
            "output.value": json.dumps({"output": output}),
        },
    )


_COMMAND = {
    "lg_name": "Command",
    "update": {"messages": [_lc("HumanMessage", content=_QUESTION), _TURN, _HANDED_MESSAGE]},
    "goto": ["weather_agent"],
}


def _supervisor_run(command: Any = _COMMAND) -> list[dict[str, Any]]:
    """Root ``LangGraph`` > a ``supervisor`` node handing off (its ``agent`` node, its
    hand-off tool), the ``weather_agent`` node, a ``supervisor`` node answering."""
    worker_state = {"messages": [_lc("AIMessage", content=_WORKER, name="weather_agent")]}
    final_state = {"messages": [*_PROMPT[1:], _lc("AIMessage", content=_ANSWER, name="supervisor")]}
    return [
        _span(
            "LangGraph",
            1,
            None,
            **{
                "openinference.span.kind": "CHAIN",
                "input.value": json.dumps({"messages": [{"role": "user", "content": _QUESTION}]}),
                "metadata": json.dumps({"ls_integration": "langgraph"}),
            },
        ),
        _node("supervisor", 2, 1),
        _node("agent", 3, 2, **{"output.value": json.dumps({"messages": [_TURN]})}),
        _handoff(4, 2, command),
        _node("weather_agent", 5, 1, **{"output.value": json.dumps(worker_state)}),
        _node("supervisor", 6, 1, **{"output.value": json.dumps(final_state)}),
        _model(7, 6, _PROMPT, _ANSWER),
    ]


def _messages(spans: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    [imported] = from_openinference(spans)
    return [
        (m.role, m.content, [(r.name, r.id) for r in m.tool_calls], m.tool_call_id)
        for m in imported.trace.messages
    ]


def test_the_transfer_back_request_comes_from_the_serialised_message() -> None:
    assert _messages(_supervisor_run())[5:8] == [
        ("assistant", _BACK, [("transfer_back_to_supervisor", _UUID)], None),
        ("tool", _RETURNED, [], _UUID),
        ("assistant", _ANSWER, [], None),
    ]


def test_the_transfer_back_request_answered_with_no_span_is_a_call() -> None:
    [imported] = from_openinference(_supervisor_run())
    calls = [(c.name, c.arguments, c.result, c.id, c.error) for c in imported.trace.tool_calls]
    assert calls == [
        ("transfer_to_weather_agent", {}, _HANDED, "call_h1", None),
        ("transfer_back_to_supervisor", {}, _RETURNED, _UUID, None),
    ]


def test_serialised_requests_without_ids_give_the_message_none() -> None:
    # a request no answer can pair with is not read into a message that had none
    spans = _supervisor_run()
    prompt = json.loads(spans[6]["attributes"]["input.value"])["messages"][0]
    prompt[5]["kwargs"]["tool_calls"] = [{"name": "transfer_back_to_supervisor", "args": {}}]
    spans[6]["attributes"]["input.value"] = json.dumps({"messages": [prompt]})
    assert _messages(spans)[5] == ("assistant", _BACK, [], None)


def test_the_flattened_requests_stay() -> None:
    # a message the flattened form gives requests keeps them (their ids from its twin)
    assert _messages(_supervisor_run())[2] == (
        "assistant",
        None,
        [("transfer_to_weather_agent", "call_h1")],
        None,
    )


def test_a_command_in_the_runs_output_is_the_tool_message_it_carries() -> None:
    [imported] = from_openinference(_supervisor_run())
    handoff = imported.trace.tool_calls[0]
    assert (handoff.result, handoff.id, handoff.error) == (_HANDED, "call_h1", None)


def test_another_object_in_the_runs_output_is_the_tools_own_result() -> None:
    spans = _supervisor_run({"lg_name": "Send", "node": "weather_agent"})
    [imported] = from_openinference(spans)
    assert imported.trace.tool_calls[0].result == {
        "output": {"lg_name": "Send", "node": "weather_agent"}
    }


def test_the_node_named_as_its_messages_writer_first_is_the_agent() -> None:
    [imported] = from_openinference(_supervisor_run())
    assert imported.metadata["agent_name"] == "supervisor"


def test_nodes_no_message_is_named_after_name_no_agent() -> None:
    spans = _supervisor_run()
    for span in spans:
        value = span["attributes"].get("output.value")
        if span["attributes"].get("openinference.span.kind") == "CHAIN" and value:
            state = json.loads(value)
            for message in state["messages"]:
                message["kwargs"].pop("name", None)
            span["attributes"]["output.value"] = json.dumps(state)
    [imported] = from_openinference(spans)
    assert imported.metadata.get("agent_name") is None


def test_a_run_that_names_its_agent_names_it_first() -> None:
    # an AGENT span (Python's instrumentation) or a createAgent CHAIN names the agent
    spans = _supervisor_run()
    spans[4]["attributes"]["openinference.span.kind"] = "AGENT"
    [imported] = from_openinference(spans)
    assert imported.metadata["agent_name"] == "weather_agent"
