"""Haystack's chat components and its ``Agent`` under Haystack's own OpenTelemetry tracer.

The tracer (content tracing on) writes only ``haystack.*`` attributes; a chat generator's
input and replies, a ``ToolInvoker``'s tool messages and an ``Agent``'s input and output are
serialised ``ChatMessage`` objects: ``{role, meta, name, content: [parts]}``, a part
``{text}``, ``{tool_call: {tool_name, arguments, id, extra}}``, ``{tool_call_result: {result,
origin, error}}`` or ``{reasoning: {...}}``. Real exports: ``haystack-agent-otel`` and
``haystack-chat-rag-otel`` in ``tests/data/traces/haystack/``.
"""

from __future__ import annotations

import json
from typing import Any

from fourfold.integrations import from_otel
from tests.helpers.haystack_messages import call as _call
from tests.helpers.haystack_messages import message
from tests.helpers.haystack_messages import result_part as _result
from tests.helpers.span_builders import iso_span

MODEL = "gpt-4o-mini-2024-07-18"
SYSTEM = "You are a weather assistant."
USER = "Weather in Paris and Tokyo?"
ANSWER = "Paris is sunny; Tokyo has rain."


def _span(span_id: int, parent: int | None, name: str, attrs: dict[str, Any]) -> dict[str, Any]:
    return iso_span(span_id, parent, name, attrs, trace="7b" * 16)


def _message(role: str, *parts: dict[str, Any], usage: tuple[int, int] | None = None) -> Any:
    meta: dict[str, Any] = {}
    if usage is not None:
        meta = {"model": MODEL, "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1]}}
    return message(role, *parts, meta=meta)


SYSTEM_MSG = _message("system", {"text": SYSTEM})
USER_MSG = _message("user", {"text": USER})
CALLS = _message(
    "assistant",
    {"tool_call": _call("Paris", "call_1")},
    {"tool_call": _call("Tokyo", "call_2")},
    usage=(61, 34),
)
RESULTS = [
    _message("tool", _result("Paris", "call_1", "sunny")),
    _message("tool", _result("Tokyo", "call_2", "rain")),
]
REPLY = _message("assistant", {"text": ANSWER}, usage=(118, 21))


def _component(span_id: int, kind: str, given: Any, output: Any, parent: int = 1) -> Any:
    attrs = {
        "haystack.component.name": kind.lower(),
        "haystack.component.type": kind,
        "haystack.component.input": json.dumps(given),
        "haystack.component.output": json.dumps(output),
    }
    return _span(span_id, parent, "haystack.component.run", attrs)


def _agent(given: list[Any], output: list[Any]) -> Any:
    attrs = {
        "haystack.agent.max_steps": 100,
        "haystack.agent.input": json.dumps({"messages": given, "streaming_callback": None}),
        "haystack.agent.output": json.dumps({"messages": output}),
        "haystack.agent.steps_taken": 2,
    }
    return _span(1, None, "haystack.agent.run", attrs)


def test_an_agents_chat_generator_and_tool_invoker_are_read():
    """The agent span is the run; each chat generator a model call, its input and replies
    ChatMessages (tool calls with ids and arguments, the usage and model in the reply's meta);
    the ToolInvoker no step (its tool messages are the next model input's)."""
    history = [SYSTEM_MSG, USER_MSG, CALLS, *RESULTS]
    spans = [
        _agent([USER_MSG], [*history, REPLY]),
        _component(
            2, "OpenAIChatGenerator", {"messages": [SYSTEM_MSG, USER_MSG]}, {"replies": [CALLS]}
        ),
        _component(3, "ToolInvoker", {"messages": [CALLS]}, {"tool_messages": RESULTS}),
        _component(4, "OpenAIChatGenerator", {"messages": history}, {"replies": [REPLY]}),
    ]
    [imported] = from_otel({"spans": spans})
    trace = imported.trace
    assert imported.input == USER
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("system", SYSTEM, None),
        ("user", USER, None),
        ("assistant", None, None),
        ("tool", "sunny", "call_1"),
        ("tool", "rain", "call_2"),
        ("assistant", ANSWER, None),
    ]
    assert [(c.name, c.arguments, c.result, c.id, c.error) for c in trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "sunny", "call_1", None),
        ("get_weather", {"city": "Tokyo"}, "rain", "call_2", None),
    ]
    assert trace.output == ANSWER
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (179, 55)
    assert imported.metadata.get("model") == MODEL
    assert imported.metadata.get("agent_name") is None
    assert trace.passages == []


def test_a_failed_tool_and_a_run_ended_by_a_tool_come_from_the_agents_output():
    """A tool_call_result marked ``error`` is a failed call (its text what the model got);
    an agent that stops on a tool (``exit_conditions``) has no later model input, so its
    output's messages give the results."""
    failed = [
        _message("tool", _result("Paris", "call_1", "sunny")),
        _message("tool", _result("Tokyo", "call_2", "unknown city: Tokyo", error=True)),
    ]
    spans = [
        _agent([USER_MSG], [SYSTEM_MSG, USER_MSG, CALLS, *failed]),
        _component(
            2, "OpenAIChatGenerator", {"messages": [SYSTEM_MSG, USER_MSG]}, {"replies": [CALLS]}
        ),
        _component(3, "ToolInvoker", {"messages": [CALLS]}, {"tool_messages": failed}),
    ]
    [imported] = from_otel({"spans": spans})
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages][-2:] == [
        ("tool", "sunny"),
        ("tool", "unknown city: Tokyo"),
    ]
    assert [(c.id, c.result, c.error) for c in trace.tool_calls] == [
        ("call_1", "sunny", None),
        ("call_2", "unknown city: Tokyo", "unknown city: Tokyo"),
    ]
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (61, 34)


def test_a_chat_pipelines_generator_is_the_model_call_and_its_documents_one_retrieval():
    """Retriever, ChatPromptBuilder, OpenAIChatGenerator: the generator's ChatMessages are the
    conversation and its reply the answer (the pipeline's output is empty); the prompt
    builder's rendered prompt is no model call, and the documents it was given are the
    retriever's, not passages again."""
    question = "How long does shipping take?"
    document = {"id": "d1", "content": "Ships in 2 days.", "score": 1.2, "source": "s.md"}
    prompt = [
        _message("system", {"text": "Answer from the context."}),
        _message("user", {"text": "Context:\nShips in 2 days.\nQuestion: " + question}),
    ]
    reply = _message("assistant", {"text": "2 days."}, usage=(40, 3))
    data = {"retriever": {"query": question}, "prompt_builder": {"question": question}}
    pipeline = {
        "haystack.pipeline.input_data": json.dumps(data),
        "haystack.pipeline.output_data": "{}",
    }
    builder_input = {"documents": [document], "question": question}
    spans = [
        _span(1, None, "haystack.pipeline.run", pipeline),
        _component(2, "InMemoryBM25Retriever", {"query": question}, {"documents": [document]}),
        _component(3, "ChatPromptBuilder", builder_input, {"prompt": prompt}),
        _component(4, "OpenAIChatGenerator", {"messages": prompt}, {"replies": [reply]}),
    ]
    [imported] = from_otel({"spans": spans})
    trace = imported.trace
    assert imported.input == question
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", "Answer from the context."),
        ("user", "Context:\nShips in 2 days.\nQuestion: " + question),
        ("assistant", "2 days."),
    ]
    assert trace.output == "2 days."
    assert [(p.id, p.text, p.source, p.score) for p in trace.passages] == [
        ("d1", "Ships in 2 days.", "s.md", 1.2)
    ]
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (40, 3)
    assert imported.metadata.get("model") == MODEL


def test_a_replys_usage_in_the_providers_own_names_is_counted():
    """anthropic-haystack's streamed reply keeps Anthropic's usage as it came
    (``input_tokens`` / ``output_tokens``, not OpenAI's ``prompt_tokens`` /
    ``completion_tokens``): the same counts (haystack-agent-anthropic-streamed-otel)."""

    def anthropic_usage(message: Any, counts: tuple[int, int]) -> Any:
        usage = {
            "input_tokens": counts[0],
            "output_tokens": counts[1],
            "cache_read_input_tokens": 0,
        }
        return {**message, "meta": {**message["meta"], "usage": usage}}

    calls, reply = anthropic_usage(CALLS, (61, 34)), anthropic_usage(REPLY, (118, 21))
    history = [SYSTEM_MSG, USER_MSG, calls, *RESULTS]
    spans = [
        _agent([USER_MSG], [*history, reply]),
        _component(2, "AnthropicChatGenerator", {"messages": history[:2]}, {"replies": [calls]}),
        _component(3, "ToolInvoker", {"messages": [calls]}, {"tool_messages": RESULTS}),
        _component(4, "AnthropicChatGenerator", {"messages": history}, {"replies": [reply]}),
    ]
    [imported] = from_otel({"spans": spans})
    usage = imported.trace.usage
    assert usage.known
    assert (usage.input_tokens, usage.output_tokens) == (179, 55)
    assert imported.metadata.get("model") == MODEL


def test_a_chat_generator_given_a_plain_text_and_replying_with_reasoning():
    """``messages`` given as one string is the user's message; a reply's reasoning part is
    not what the model said."""
    reasoning = {"reasoning": {"reasoning_text": "The user wants a greeting.", "extra": {}}}
    reply = _message("assistant", reasoning, {"text": "Hello!"}, usage=(5, 2))
    spans = [
        _component(1, "OpenAIChatGenerator", {"messages": "Say hi"}, {"replies": [reply]}, 0),
    ]
    [imported] = from_otel({"spans": spans})
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages] == [
        ("user", "Say hi"),
        ("assistant", "Hello!"),
    ]
    assert trace.output == "Hello!"


def test_haystack_3s_agent_steps_are_read():
    """haystack-ai 3.x's tracer (opentelemetry-haystack) writes an agent run as
    ``haystack.agent.step`` spans, each with a ``haystack.agent.step.llm`` (the model call:
    ``.input`` ``{messages}``, ``.output`` ``{replies}``, ChatMessages) and a
    ``haystack.agent.step.tool`` span per call (``haystack.tool.name``, ``.input`` the
    arguments as JSON, ``.output`` the result; no call id)."""
    history = [SYSTEM_MSG, USER_MSG, CALLS, *RESULTS]

    def llm(span_id: int, parent: int, given: list[Any], reply: Any) -> Any:
        attrs = {
            "haystack.agent.step.llm.input": json.dumps({"messages": given, "tools": []}),
            "haystack.agent.step.llm.output": json.dumps({"replies": [reply]}),
        }
        return _span(span_id, parent, "haystack.agent.step.llm", attrs)

    def tool(span_id: int, city: str, result: str) -> Any:
        attrs = {
            "haystack.tool.name": "get_weather",
            "haystack.agent.step.tool.input": json.dumps({"city": city}),
            "haystack.agent.step.tool.output": result,
        }
        return _span(span_id, 2, "haystack.agent.step.tool", attrs)

    spans = [
        _agent([USER_MSG], [*history, REPLY]),
        _span(2, 1, "haystack.agent.step", {"haystack.agent.step": 0}),
        llm(3, 2, [SYSTEM_MSG, USER_MSG], CALLS),
        tool(4, "Paris", "sunny"),
        tool(5, "Tokyo", "rain"),
        _span(6, 1, "haystack.agent.step", {"haystack.agent.step": 1}),
        llm(7, 6, history, REPLY),
    ]
    [imported] = from_otel({"spans": spans})
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", SYSTEM),
        ("user", USER),
        ("assistant", None),
        ("tool", "sunny"),
        ("tool", "rain"),
        ("assistant", ANSWER),
    ]
    assert [(c.name, c.arguments, c.result, c.id) for c in trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "sunny", "call_1"),
        ("get_weather", {"city": "Tokyo"}, "rain", "call_2"),
    ]
    assert all(c.started_at is not None for c in trace.tool_calls)
    assert trace.output == ANSWER
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (179, 55)
    assert imported.metadata.get("model") == MODEL
    assert trace.turns == 2


def test_haystack_3s_failed_tool_step_is_an_error_with_the_text_the_model_was_handed():
    # the step's span status says nothing; haystack.tool.error and an {"error": ...} output do
    message = "Failed to invoke Tool `get_weather` with parameters {'city': 'Tokio'}. Error: boom"
    step = _span(
        4,
        1,
        "haystack.agent.step.tool",
        {
            "haystack.tool.name": "get_weather",
            "haystack.tool.error": True,
            "haystack.agent.step.tool.input": json.dumps({"city": "Tokio"}),
            "haystack.agent.step.tool.output": json.dumps({"error": message}),
        },
    )
    fine = _span(
        5,
        1,
        "haystack.agent.step.tool",
        {
            "haystack.tool.name": "get_weather",
            "haystack.tool.error": False,
            "haystack.agent.step.tool.input": json.dumps({"city": "Paris"}),
            "haystack.agent.step.tool.output": json.dumps({"error": "a field of the result"}),
        },
    )
    [imported] = from_otel({"spans": [_agent([USER_MSG], [USER_MSG, REPLY]), step, fine]})
    calls = imported.trace.tool_calls
    assert [(c.arguments, c.result, c.error) for c in calls] == [
        ({"city": "Tokio"}, message, message),
        ({"city": "Paris"}, {"error": "a field of the result"}, None),
    ]


def test_a_runs_input_no_model_input_holds_is_said_first():
    # haystack-ai 3.x steps whose inputs the tracer could not write: the model calls give
    # only their replies, and the user's question is only the agent's input; it was said
    # when the run started, before the replies (not after them)
    def llm(span_id: int, reply: Any) -> Any:
        attrs = {"haystack.agent.step.llm.output": json.dumps({"replies": [reply]})}
        return _span(span_id, 1, "haystack.agent.step.llm", attrs)

    spans = [_agent([USER_MSG], []), llm(3, CALLS), llm(7, REPLY)]
    [imported] = from_otel({"spans": spans})
    roles = [m.role for m in imported.trace.messages]
    assert roles.index("user") < roles.index("assistant")
    assert imported.trace.messages[roles.index("user")].content == USER


def _repr_call(city: str) -> str:
    return f"ToolCall(tool_name='get_weather', arguments={{'city': {city!r}}}, id=None, extra=None)"


def _repr_message(role: str, *parts: str) -> str:
    return (
        f"ChatMessage(_role=<ChatRole.{role.upper()}: {role!r}>, _content=[{', '.join(parts)}], "
        "_name=None, _meta={})"
    )


def _repr_result(city: str, result: str, error: bool = False) -> str:
    return _repr_message(
        "tool", f"ToolCallResult(result={result!r}, origin={_repr_call(city)}, error={error})"
    )


def test_a_chat_generators_input_written_as_a_repr_is_its_model_input():
    # haystack-ai 2.x's tracer writes a component's input as the input dict's Python repr
    # when it does not serialise (a tool whose function is defined in a function), as 3.x's
    # does for its steps: the ChatMessage reprs under 'messages' are the model's input, here
    # the only record of the question and the results (the generators run with no agent span)
    failure = "Failed to invoke Tool `get_weather` with parameters {'city': 'Tokio'}. Error: boom"
    text = [_repr_message("system", f"TextContent(text={SYSTEM!r})")]
    text.append(_repr_message("user", f"TextContent(text={USER!r})"))
    first = [_repr_message("assistant", _repr_call("Paris"), _repr_call("Tokio"))]
    first += [_repr_result("Paris", "sunny"), _repr_result("Tokio", failure, error=True)]
    second = [_repr_message("assistant", _repr_call("Tokyo")), _repr_result("Tokyo", "rain")]
    tools = "'tools': [Tool(name='get_weather', function=<function run.<locals>.get_weather>)]"

    def given(messages: list[str]) -> str:
        return "{'messages': [" + ", ".join(messages) + "], " + tools + "}"

    def calls(*cities: str, usage: tuple[int, int]) -> Any:
        parts = [{"tool_call": {**_call(city, ""), "id": None}} for city in cities]
        return _message("assistant", *parts, usage=usage)

    def results(*outcomes: tuple[str, str, bool]) -> list[Any]:
        out = []
        for city, result, error in outcomes:
            part = _result(city, "", result, error)
            part["tool_call_result"]["origin"]["id"] = None
            out.append(_message("tool", part))
        return out

    turn_1 = calls("Paris", "Tokio", usage=(61, 34))
    turn_2 = calls("Tokyo", usage=(118, 17))
    reply = _message("assistant", {"text": ANSWER}, usage=(150, 21))
    answers_1 = results(("Paris", "sunny", False), ("Tokio", failure, True))
    answers_2 = results(("Tokyo", "rain", False))

    def generator(span_id: int, messages: list[str], replied: Any) -> Any:
        span = _component(span_id, "OllamaChatGenerator", {}, {"replies": [replied]}, 0)
        span["attributes"]["haystack.component.input"] = given(messages)
        return span

    spans = [
        generator(2, text, turn_1),
        _component(3, "ToolInvoker", {}, {"tool_messages": answers_1}, 0),
        generator(4, text + first, turn_2),
        _component(5, "ToolInvoker", {}, {"tool_messages": answers_2}, 0),
        generator(6, text + first + second, reply),
    ]
    [imported] = from_otel({"spans": spans})
    trace = imported.trace
    assert [(m.role, m.content, [r.name for r in m.tool_calls]) for m in trace.messages] == [
        ("system", SYSTEM, []),
        ("user", USER, []),
        ("assistant", None, ["get_weather", "get_weather"]),
        ("tool", "sunny", []),
        ("tool", failure, []),
        ("assistant", None, ["get_weather"]),
        ("tool", "rain", []),
        ("assistant", ANSWER, []),
    ]
    assert [(c.arguments, c.result, c.error) for c in trace.tool_calls] == [
        ({"city": "Paris"}, "sunny", None),
        ({"city": "Tokio"}, failure, failure),
        ({"city": "Tokyo"}, "rain", None),
    ]
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (329, 72)


def test_a_runs_record_keeps_id_less_results_before_the_next_turn():
    # the model calls record only their replies (inputs the tracer could not write), the
    # agent's output the whole conversation; the calls have no ids (Ollama's, Gemini's): the
    # first turn's second result is not moved past the second turn's request, which the
    # record itself places after it (a result follows the request it answers)
    def calls(*cities: str, usage: tuple[int, int]) -> Any:
        parts = [{"tool_call": {**_call(city, ""), "id": None}} for city in cities]
        return _message("assistant", *parts, usage=usage)

    def answer(city: str, result: str) -> Any:
        part = _result(city, "", result)
        part["tool_call_result"]["origin"]["id"] = None
        return _message("tool", part)

    turn_1, turn_2 = calls("Paris", "Tokio", usage=(61, 34)), calls("Tokyo", usage=(118, 17))
    reply = _message("assistant", {"text": ANSWER}, usage=(150, 21))
    results_1 = [answer("Paris", "sunny"), answer("Tokio", "unknown city")]
    conversation = [SYSTEM_MSG, USER_MSG, turn_1, *results_1, turn_2, answer("Tokyo", "rain")]

    def generator(span_id: int, replied: Any) -> Any:
        span = _component(span_id, "OllamaChatGenerator", {}, {"replies": [replied]})
        span["attributes"]["haystack.component.input"] = "<not written>"
        return span

    spans = [
        _agent([USER_MSG], [*conversation, reply]),
        generator(2, turn_1),
        generator(4, turn_2),
        generator(6, reply),
    ]
    [imported] = from_otel({"spans": spans})
    trace = imported.trace
    assert [(m.role, m.content, len(m.tool_calls)) for m in trace.messages] == [
        ("system", SYSTEM, 0),
        ("user", USER, 0),
        ("assistant", None, 2),
        ("tool", "sunny", 0),
        ("tool", "unknown city", 0),
        ("assistant", None, 1),
        ("tool", "rain", 0),
        ("assistant", ANSWER, 0),
    ]
    assert [(c.arguments["city"], c.result) for c in trace.tool_calls] == [
        ("Paris", "sunny"),
        ("Tokio", "unknown city"),
        ("Tokyo", "rain"),
    ]
