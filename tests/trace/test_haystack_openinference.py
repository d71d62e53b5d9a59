"""A Haystack ``Agent`` under openinference-instrumentation-haystack (D3).

OpenInference writes a Haystack ``ChatMessage``'s role and text only as
``llm.input_messages`` / ``llm.output_messages``: the tool calls' ids, an assistant's
tool-call turn and the tool results in a model's input are only in ``input.value`` /
``output.value``, JSON objects whose ``ChatMessage``s are Python reprs
(``ChatMessage(_role=<ChatRole.TOOL: 'tool'>, _content=[ToolCallResult(...)], ...)``). Real
export: ``haystack-agent`` in ``tests/data/traces/haystack/``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from fourfold.integrations import from_openinference
from fourfold.integrations.otel._chat_reprs import chat_message_reprs, repr_messages
from tests.helpers.span_builders import iso_span as _span

SYSTEM = "You are a weather assistant."
USER = "Weather in Paris and Tokyo?"
ANSWER = "Paris is sunny; Tokyo has 'rain'."
META = "{'model': 'gpt-4o-mini-2024-07-18', 'index': 0, 'usage': {'prompt_tokens': 61}}"


def _text(role: str, text: str, meta: str = "{}") -> str:
    kind = role.upper()
    return (
        f"ChatMessage(_role=<ChatRole.{kind}: '{role}'>, _content=[TextContent(text={text!r})],"
        f" _name=None, _meta={meta})"
    )


def _call(city: str, call_id: str) -> str:
    arguments = f"{{'city': {city!r}}}"
    return f"ToolCall(tool_name='get_weather', arguments={arguments}, id={call_id!r}, extra=None)"


CALLS = (
    "ChatMessage(_role=<ChatRole.ASSISTANT: 'assistant'>, _content=["
    f"{_call('Paris', 'call_1')}, {_call('Tokyo', 'call_2')}], _name=None, _meta={META})"
)


def _result(city: str, call_id: str, result: str, error: bool = False) -> str:
    return (
        "ChatMessage(_role=<ChatRole.TOOL: 'tool'>, _content=[ToolCallResult("
        f"result={result!r}, origin={_call(city, call_id)}, error={error})],"
        " _name=None, _meta={})"
    )


RESULTS = [_result("Paris", "call_1", "sunny"), _result("Tokyo", "call_2", "boom", error=True)]


def test_chat_message_reprs_are_read() -> None:
    value = json.dumps({"messages": [_text("system", SYSTEM), CALLS, *RESULTS], "state": "<x>"})
    found = chat_message_reprs(value)
    assert found is not None
    assert [(m.role, m.content) for m in found] == [
        ("system", SYSTEM),
        ("assistant", None),
        ("tool", "sunny"),
        ("tool", "boom"),
    ]
    assert [(c.name, c.arguments, c.id) for c in found[1].tool_calls] == [
        ("get_weather", {"city": "Paris"}, "call_1"),
        ("get_weather", {"city": "Tokyo"}, "call_2"),
    ]
    assert [(m.tool_call_id, m.name, m.error) for m in found[2:]] == [
        ("call_1", "get_weather", None),
        ("call_2", "get_weather", "boom"),
    ]
    # the last message, as an Agent's output names it, is read too
    last = chat_message_reprs(
        json.dumps({"messages": [], "last_message": _text("assistant", ANSWER)})
    )
    assert last is not None and [(m.role, m.content) for m in last] == [("assistant", ANSWER)]


def test_values_that_hold_no_chat_message_reprs_are_none() -> None:
    assert chat_message_reprs(json.dumps({"replies": ["Orders ship in 2 days."]})) is None
    assert (
        chat_message_reprs(json.dumps({"messages": ["ChatMessage(role=<MessageRole.USER"]})) is None
    )
    assert chat_message_reprs("plain text") is None
    assert chat_message_reprs(json.dumps({"messages": [{"role": "user", "content": USER}]})) is None


def _llm(n: int, given: list[str], roles: list[str], reply: str, texts: list[str]) -> Any:
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini-2024-07-18",
        "input.value": json.dumps({"messages": given, "tools": ["Tool(name='get_weather')"]}),
        "output.value": json.dumps({"replies": [reply]}),
        "llm.token_count.prompt": 10,
        "llm.token_count.completion": 2,
        "llm.output_messages.0.message.role": "assistant",
    }
    for i, role in enumerate(roles):  # what OpenInference writes: the role, and any text
        attrs[f"llm.input_messages.{i}.message.role"] = role
        if texts[i]:
            attrs[f"llm.input_messages.{i}.message.content"] = texts[i]
    return _span(n, 1, "OpenAIChatGenerator.run", attrs)


def test_a_haystack_agent_under_openinference() -> None:
    agent = _span(
        1,
        None,
        "Agent.run",
        {
            "openinference.span.kind": "CHAIN",
            "input.value": json.dumps({"messages": [_text("user", USER)]}),
            "output.value": json.dumps(
                {
                    "messages": [_text("user", USER), CALLS, *RESULTS, _text("assistant", ANSWER)],
                    "last_message": _text("assistant", ANSWER),
                }
            ),
        },
    )
    asked = [_text("system", SYSTEM), _text("user", USER)]
    first = _llm(2, asked, ["system", "user"], CALLS, [SYSTEM, USER])
    first["attributes"]["llm.output_messages.0.message.tool_calls.0.tool_call.function.name"] = (
        "get_weather"
    )
    invoker = _span(
        3,
        1,
        "ToolInvoker.run",
        {
            "openinference.span.kind": "CHAIN",
            "input.value": json.dumps({"messages": [CALLS], "state": "<State>"}),
            "output.value": json.dumps({"tool_messages": RESULTS, "state": "<State>"}),
        },
    )
    roles = ["system", "user", "assistant", "tool", "tool"]
    second = _llm(
        4,
        [*asked, CALLS, *RESULTS],
        roles,
        _text("assistant", ANSWER, META),
        [SYSTEM, USER, "", "", ""],
    )
    second["attributes"]["llm.output_messages.0.message.content"] = ANSWER
    [imported] = from_openinference([agent, first, invoker, second])
    trace = imported.trace
    _is_the_weather_run(trace)
    assert imported.input == USER


def _is_the_weather_run(trace: Any) -> None:
    """The agent's run as every test here records it: its messages, calls and answer."""
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("system", SYSTEM, None),
        ("user", USER, None),
        ("assistant", None, None),
        ("tool", "sunny", "call_1"),
        ("tool", "boom", "call_2"),
        ("assistant", ANSWER, None),
    ]
    assert [(c.name, c.arguments, c.id, c.result, c.error) for c in trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "call_1", "sunny", None),
        ("get_weather", {"city": "Tokyo"}, "call_2", "boom", "boom"),
    ]
    assert trace.output == ANSWER


def _agent_only(messages: list[str], last: str) -> dict[str, Any]:
    """An ``Agent.run`` span whose model calls made no span (haystack-ai 3.x with only
    ``Agent`` imported before instrumenting: its chat generator is never wrapped)."""
    usage = {"prompt_tokens": 179, "completion_tokens": 55, "total_tokens": 234}
    return _span(
        1,
        None,
        "Agent.run",
        {
            "openinference.span.kind": "CHAIN",
            "input.value": json.dumps({"messages": [_text("user", USER)]}),
            "output.value": json.dumps(
                {"messages": messages, "token_usage": usage, "last_message": last}
            ),
        },
    )


def test_an_agent_whose_model_calls_made_no_span_is_read_from_its_output() -> None:
    answer = _text("assistant", ANSWER, META.replace("61", "118"))
    conversation = [_text("system", SYSTEM), _text("user", USER), CALLS, *RESULTS, answer]
    builder = _span(
        2,
        1,
        "ChatPromptBuilder.run",
        {
            "openinference.span.kind": "CHAIN",
            "input.value": "{}",
            "output.value": json.dumps({"prompt": [_text("system", SYSTEM)]}),
        },
    )
    [imported] = from_openinference([_agent_only(conversation, answer), builder])
    trace = imported.trace
    _is_the_weather_run(trace)
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (179, 55)
    assert imported.metadata.get("model") == "gpt-4o-mini-2024-07-18"  # the replies' _meta


def test_the_agent_output_gives_no_model_when_no_reply_names_one() -> None:
    answer = _text("assistant", ANSWER)  # _meta={}: no model named
    [imported] = from_openinference([_agent_only([_text("user", USER), answer], answer)])
    assert imported.metadata.get("model") is None
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", USER),
        ("assistant", ANSWER),
    ]


def test_an_agent_in_a_pipeline_is_named_by_its_component_and_answers_the_run() -> None:
    # Pipeline.run's output is the outputs by component: the Agent's under its name in the
    # pipeline (D17); the run's answer is its last assistant text, not the object
    answer = _text("assistant", ANSWER, META)
    outputs = {"messages": [_text("user", USER), answer], "last_message": answer}
    pipeline = _span(
        1,
        None,
        "Pipeline.run",
        {
            "openinference.span.kind": "CHAIN",
            "input.value": json.dumps({"data": {"prompt_builder": {"question": USER}}}),
            "output.value": json.dumps({"weather_agent": outputs}),
        },
    )
    agent = _span(
        2,
        1,
        "Agent.run",
        {
            "openinference.span.kind": "CHAIN",
            "input.value": json.dumps({"messages": [_text("user", USER)]}),
            "output.value": json.dumps(outputs),
        },
    )
    llm = _llm(3, [_text("user", USER)], ["user"], answer, [USER])
    llm["parent_id"] = f"{2:016x}"
    llm["attributes"]["llm.output_messages.0.message.content"] = ANSWER
    [imported] = from_openinference([pipeline, agent, llm])
    assert imported.trace.output == ANSWER
    assert imported.metadata.get("agent_name") == "weather_agent"
    assert imported.input == USER


def test_a_pipeline_without_an_agent_component_names_no_agent() -> None:
    replies = {"replies": [_text("assistant", ANSWER, META)]}  # a chat generator's outputs
    pipeline = _span(
        1,
        None,
        "Pipeline.run",
        {"openinference.span.kind": "CHAIN", "output.value": json.dumps({"llm": replies})},
    )
    [imported] = from_openinference([pipeline])
    assert imported.metadata.get("agent_name") is None


def test_model_call_spans_still_give_the_messages_not_the_agent_output() -> None:
    # the agent's output says more than its one model call (a record of another run): with a
    # model-call span in the trace, the calls' histories are the conversation, as before
    extra = _text("user", "Something else?")
    answer = _text("assistant", ANSWER, META)
    agent = _agent_only([extra, _text("user", USER), answer], answer)
    llm = _llm(2, [_text("user", USER)], ["user"], answer, [USER])
    llm["attributes"]["llm.output_messages.0.message.content"] = ANSWER
    [imported] = from_openinference([agent, llm])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", USER),
        ("assistant", ANSWER),
    ]


def test_an_input_written_whole_as_a_python_repr_is_read() -> None:
    # haystack-ai 3.x's tracer falls back to the input dict's repr when it does not
    # serialise (a tool's function): the messages list is cut out by its tokens and read,
    # whatever else the dict holds (a ']' or a quote inside a text is the text's)
    tricky = "Answer with [brackets] and 'quotes' (and a <tag>)."
    value = (
        "{'messages': ["
        + ", ".join([_text("system", SYSTEM), _text("user", tricky), CALLS, *RESULTS])
        + "], 'tools': [Tool(name='get_weather', function=<function get_weather at 0x7f0>)],"
        " 'generation_kwargs': {}}"
    )
    found = repr_messages(value)
    assert found is not None
    assert [(m.role, m.content) for m in found] == [
        ("system", SYSTEM),
        ("user", tricky),
        ("assistant", None),
        ("tool", "sunny"),
        ("tool", "boom"),
    ]
    assert [m.tool_call_id for m in found[3:]] == ["call_1", "call_2"]


@pytest.mark.parametrize(
    "value",
    [
        "{'messages': [], 'tools': []}",
        "{'tools': [ChatMessage(_role=<ChatRole.USER: 'user'>, _content=[], _name=None)]}",
        "{'messages': None, 'tools': [" + _text("user", USER) + "]}",
        "{'messages': [ChatMessage(_role=<ChatRole.USER: 'user'>, _content=[TextContent(",
        "{'messages': [" + _text("user", USER) + ", 'not a message']}",
        json.dumps({"messages": [_text("user", USER)]}),
    ],
)
def test_reprs_that_are_no_messages_dict_are_none(value: str) -> None:
    assert repr_messages(value) is None
