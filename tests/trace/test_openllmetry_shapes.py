"""The span shapes of OpenLLMetry (Traceloop's instrumentations), each on small spans written
the way they write them, so each rule is checked apart from the export that showed it
(tests/data/traces/openllmetry):

- one model call recorded by two spans (an instrumentation over another, or beside the
  client SDK's own span) is one call, its record the two together (`_same_call`), also when
  the SDK's span beside it names no response and records only the counts
  (`_unnamed_repeats`: mistralai 1.x's own spans beside ``mistralai.chat``);
- the flattened ``gen_ai.prompt.{i}`` / ``gen_ai.completion.{i}`` keys (`otel._flat_content`):
  an input entry that is a role alone is no message; a content written as JSON text of
  content items is their text, a Cohere turn of calls' last item its tool plan, not said;
- a LangChain callback's record of a tool run (``{input_str, ..., inputs, kwargs}`` /
  ``{output, kwargs}``) is unwrapped to the tool's arguments, id and result;
- ``llm.request.type`` ``chat`` makes a model call whatever operation name OpenLLMetry gives;
- its LangChain retriever span (``vector_db_retrieve``) gives its callback record's documents
  as passages (no ids there: ``<span id>:<index>``); its LCEL chain, written ``invoke_agent``
  named by the runnable's class (``RunnableSequence``), is no agent, and the one text the chain
  was given (``{inputs: <text>, ...}``) is the run's input;
- on the Responses API, a request replayed under its ``function_call`` item's id (``fc_...``)
  is known by the call id its result answers (`_item_turns`), and the model asked for is the
  record's that names a request model, not the answering model another record falls back to.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16
ASK = "What is the weather in Oslo?"


def _span(
    n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None, at: float = 0.0
) -> Any:
    start = float(n) if not at else at
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=start + 0.5)


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def test_a_call_whose_reply_and_usage_only_the_inner_span_records_keeps_them(
    tmp_path: Path,
) -> None:
    # openai-agents' openai.response (the request only) over the OpenAI instrumentation's
    # openai.chat (request, reply, usage): before, the inner span was skipped as a repeat
    request = json.dumps([_text("user", ASK)])
    outer = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}
    outer["gen_ai.input.messages"] = request
    inner = {
        **outer,
        "gen_ai.output.messages": json.dumps([_text("assistant", "Sunny.")]),
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 3,
    }
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "a"}
    imported = import_one(
        tmp_path,
        [
            _span(1, "a.agent", agent),
            _span(2, "openai.response", outer, parent=1),
            span(3, "openai.chat", inner, trace=TRACE, parent=2, start=2.1, end=2.4),
        ],
    )
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", ASK),
        ("assistant", "Sunny."),
    ]
    assert imported.trace.output == "Sunny."
    usage = imported.trace.usage
    assert (usage.known, usage.input_tokens, usage.output_tokens) == (True, 10, 3)


def test_a_client_sdk_span_beside_the_instrumentations_is_the_same_call(tmp_path: Path) -> None:
    # OpenLLMetry's anthropic.chat, and the anthropic SDK's own span beside it (same parent,
    # same response id, inside its time): its usage was counted again
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "claude",
        "gen_ai.response.id": "msg_1",
        "gen_ai.input.messages": json.dumps([_text("user", ASK)]),
        "gen_ai.output.messages": json.dumps([_text("assistant", "Sunny.")]),
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 3,
    }
    sdk = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "claude",
        "gen_ai.response.id": "msg_1",
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 3,
    }
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_loop", {}),
            span(2, "anthropic.chat", chat, trace=TRACE, parent=1, start=1.1, end=1.9),
            span(3, "anthropic.messages.create", sdk, trace=TRACE, parent=1, start=1.2, end=1.8),
        ],
    )
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (10, 3)
    assert imported.trace.turns == 1
    assert [m.content for m in imported.trace.messages] == [ASK, "Sunny."]


def test_calls_one_after_the_other_naming_one_response_id_are_two_calls(tmp_path: Path) -> None:
    # a server naming every response alike (the same id) is no repeat: the calls do not
    # overlap in time
    def chat(n: int, tokens: int) -> Any:
        attrs = {
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": "m",
            "gen_ai.response.id": "chatcmpl-test",
            "gen_ai.input.messages": json.dumps([_text("user", ASK)]),
            "gen_ai.output.messages": json.dumps([_text("assistant", f"Reply {n}.")]),
            "gen_ai.usage.input_tokens": tokens,
            "gen_ai.usage.output_tokens": 1,
        }
        return _span(n, "openai.chat", attrs, parent=1)

    imported = import_one(tmp_path, [_span(1, "loop", {}), chat(2, 10), chat(3, 10)])
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens, imported.trace.turns) == (20, 2, 2)


def test_a_langchain_callbacks_record_of_a_tool_run_is_unwrapped(tmp_path: Path) -> None:
    # OpenLLMetry's LangChain instrumentation: gen_ai.tool.call.arguments / .result are what
    # on_tool_start / on_tool_end were handed
    arguments = {
        "input_str": "{'city': 'Oslo'}",
        "tags": ["seq:step:1"],
        "metadata": {"langgraph_node": "tools"},
        "inputs": {"city": "Oslo"},
        "kwargs": {"color": "green", "name": None, "tool_call_id": "call_1"},
    }
    message = {"content": "sunny", "type": "tool", "name": "get_weather", "tool_call_id": "call_1"}
    result = {
        "output": {
            "lc": 1,
            "type": "constructor",
            "id": ["langchain", "schema", "messages", "ToolMessage"],
            "kwargs": message,
        },
        "kwargs": {"tags": ["seq:step:1"], "name": "get_weather"},
    }
    tool = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.arguments": json.dumps(arguments),
        "gen_ai.tool.call.result": json.dumps(result),
    }
    [call] = import_one(tmp_path, [_span(1, "execute_tool get_weather", tool)]).trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"city": "Oslo"},
        "sunny",
        "call_1",
    )


def test_llm_request_type_chat_is_a_model_call_whatever_the_operation_name(
    tmp_path: Path,
) -> None:
    # OpenLLMetry's LangChain instrumentation before 0.54: gen_ai.operation.name llm_request,
    # the flattened gen_ai.prompt.N / gen_ai.completion.N keys
    attrs = {
        "llm.request.type": "chat",
        "gen_ai.operation.name": "llm_request",
        "gen_ai.system": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.prompt.0.role": "user",
        "gen_ai.prompt.0.content": ASK,
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": "Sunny.",
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 3,
    }
    imported = import_one(tmp_path, [_span(1, "ChatOpenAI.chat", attrs)])
    assert [m.content for m in imported.trace.messages] == [ASK, "Sunny."]
    assert imported.metadata["model"] == "gpt-4o-mini"
    assert imported.trace.usage.input_tokens == 10


def _call(name: str, call_id: str, city: str) -> dict[str, Any]:
    return {"type": "tool_call", "name": name, "id": call_id, "arguments": {"city": city}}


def test_a_turn_replayed_under_its_item_ids_is_known_by_the_ids_its_results_answer(
    tmp_path: Path,
) -> None:
    # OpenLLMetry's openai-agents instrumentation on the Responses API: the reply names the
    # call ids, the next input replays the calls under the item ids (fc_...) before results
    # answering the call ids; before, the turn was there twice, once never answered
    first = [_text("user", ASK)]
    reply = [
        {"role": "assistant", "parts": [_call("get_weather", "call_1", "Oslo")]},
        {"role": "assistant", "parts": [_call("get_weather", "call_2", "Bergen")]},
    ]
    replayed = [
        {"role": "assistant", "parts": [_call("get_weather", "fc_1", "Oslo")]},
        {"role": "assistant", "parts": [_call("get_weather", "fc_2", "Bergen")]},
    ]
    results = [
        {"role": "tool", "parts": [{"type": "tool_call_response", "id": i, "response": r}]}
        for i, r in (("call_1", "sunny"), ("call_2", "rain"))
    ]
    base = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}
    one = {
        **base,
        "gen_ai.input.messages": json.dumps(first),
        "gen_ai.output.messages": json.dumps(reply),
    }
    two = {
        **base,
        "gen_ai.input.messages": json.dumps(first + replayed + results),
        "gen_ai.output.messages": json.dumps([_text("assistant", "Sunny, then rain.")]),
    }
    imported = import_one(
        tmp_path,
        [
            _span(1, "a.agent", {"gen_ai.operation.name": "invoke_agent"}),
            _span(2, "openai.response", one, parent=1),
            _span(3, "openai.response", two, parent=1),
        ],
    )
    messages = imported.trace.messages
    assert [(m.role, [r.id for r in m.tool_calls], m.tool_call_id) for m in messages] == [
        ("user", [], None),
        ("assistant", ["call_1"], None),
        ("assistant", ["call_2"], None),
        ("tool", [], "call_1"),
        ("tool", [], "call_2"),
        ("assistant", [], None),
    ]


def test_the_model_asked_for_is_the_record_that_names_it(tmp_path: Path) -> None:
    # openai-agents' openai.response on the Responses API names only the answering model;
    # the OpenAI instrumentation's span inside it names the request's: before, the model
    # was the answering one
    request = json.dumps([_text("user", ASK)])
    answered = {"gen_ai.response.model": "m-2024-07-18", "gen_ai.response.id": "resp_1"}
    outer = {"gen_ai.operation.name": "chat", "gen_ai.input.messages": request, **answered}
    inner = {**outer, "gen_ai.request.model": "m"}
    inner["gen_ai.output.messages"] = json.dumps([_text("assistant", "Sunny.")])
    imported = import_one(
        tmp_path,
        [
            _span(1, "a.agent", {"gen_ai.operation.name": "invoke_agent"}),
            _span(2, "openai.response", outer, parent=1),
            span(3, "openai.response", inner, trace=TRACE, parent=2, start=2.1, end=2.4),
        ],
    )
    assert imported.metadata.get("model") == "m"


def test_a_streamed_calls_arguments_recorded_empty_are_the_replayed_turns(
    tmp_path: Path,
) -> None:
    # OpenLLMetry's Bedrock instrumentation on invoke_model_with_response_stream writes each
    # tool_use block as it starts (arguments {}); the next call's input replays the turn with
    # them (openllmetry-bedrock-invoke-streamed): before, the calls kept the empty arguments
    asked = [_text("user", ASK)]
    empty = {"type": "tool_call", "name": "get_weather", "id": "t1", "arguments": {}}
    turn = {"role": "assistant", "parts": [empty]}
    replay = {"role": "assistant", "parts": [_call("get_weather", "t1", "Oslo")]}
    result = {"type": "tool_call_response", "id": "t1", "response": "sunny"}
    base = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}
    one = {
        **base,
        "gen_ai.input.messages": json.dumps(asked),
        "gen_ai.output.messages": json.dumps([turn]),
    }
    two = {
        **base,
        "gen_ai.input.messages": json.dumps(asked + [replay, {"role": "user", "parts": [result]}]),
        "gen_ai.output.messages": json.dumps([_text("assistant", "Sunny in Oslo.")]),
    }
    spans = [_span(1, "weather_loop", {}), _span(2, "chat m", one, parent=1)]
    imported = import_one(tmp_path, [*spans, _span(3, "chat m", two, parent=1)])
    [call] = imported.trace.tool_calls
    assert (call.id, call.arguments, call.result) == ("t1", {"city": "Oslo"}, "sunny")
    [request] = imported.trace.messages[1].tool_calls
    assert request.arguments == {"city": "Oslo"}
    # a request no record gives arguments to keeps none (unanswered, it ran no tool)
    imported = import_one(tmp_path, spans)
    assert imported.trace.messages[1].tool_calls[0].arguments == {}
    assert imported.trace.tool_calls == []


def test_a_client_sdk_span_beside_naming_no_response_is_the_same_call(tmp_path: Path) -> None:
    # OpenLLMetry's mistralai.chat and mistralai 1.x's own span beside it (same parent,
    # inside its time, the same counts, no response id, no message): its usage was counted
    # again (358 for 179)
    chat = {
        "llm.request.type": "chat",
        "gen_ai.request.model": "mistral-small",
        "gen_ai.response.id": "cmpl-1",
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": "Sunny.",
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 3,
    }
    sdk = {
        "gen_ai.request.model": "mistral-small",
        "gen_ai.usage.prompt_tokens": 10,
        "gen_ai.usage.output_tokens": 3,
    }
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_loop", {}),
            span(2, "mistralai.chat", chat, trace=TRACE, parent=1, start=1.1, end=1.9),
            span(3, "chat_completion_post", sdk, trace=TRACE, parent=1, start=1.2, end=1.8),
        ],
    )
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens, imported.trace.turns) == (10, 3, 1)
    assert imported.trace.output == "Sunny."


def test_a_span_beside_counting_otherwise_is_another_call(tmp_path: Path) -> None:
    # the same shape with other counts: a request of its own, counted too
    chat = {
        "llm.request.type": "chat",
        "gen_ai.request.model": "m",
        "gen_ai.response.id": "cmpl-1",
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": "Sunny.",
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 3,
    }
    other = {"gen_ai.request.model": "m", "gen_ai.usage.prompt_tokens": 7}
    other["gen_ai.usage.output_tokens"] = 2
    imported = import_one(
        tmp_path,
        [
            _span(1, "loop", {}),
            span(2, "mistralai.chat", chat, trace=TRACE, parent=1, start=1.1, end=1.9),
            span(3, "chat_completion_post", other, trace=TRACE, parent=1, start=1.2, end=1.8),
        ],
    )
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (17, 5)


def test_a_prompt_entry_that_is_a_role_alone_is_no_message(tmp_path: Path) -> None:
    # OpenLLMetry's Mistral instrumentation writes gen_ai.prompt.0.role "user" and fails on
    # the dict messages; its Cohere instrumentation writes a turn of calls sent back as its
    # role alone: before, each was an empty message (the turn twice)
    base = {"llm.request.type": "chat", "gen_ai.request.model": "m", "gen_ai.system": "Cohere"}
    first = {
        **base,
        "gen_ai.prompt.0.role": "user",
        "gen_ai.prompt.0.content": ASK,
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.tool_calls.0.id": "get_weather_1",
        "gen_ai.completion.0.tool_calls.0.name": "get_weather",
        "gen_ai.completion.0.tool_calls.0.arguments": '{"city": "Oslo"}',
    }
    second = {
        **base,
        "gen_ai.prompt.0.role": "user",
        "gen_ai.prompt.0.content": ASK,
        "gen_ai.prompt.1.role": "assistant",
        "gen_ai.prompt.2.role": "tool",
        "gen_ai.prompt.2.content": "sunny",
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": "Sunny in Oslo.",
    }
    imported = import_one(
        tmp_path,
        [_span(1, "loop", {}), _span(2, "cohere.chat", first, parent=1)]
        + [_span(3, "cohere.chat", second, parent=1)],
    )
    messages = imported.trace.messages
    assert [(m.role, m.content, [r.id for r in m.tool_calls]) for m in messages] == [
        ("user", ASK, []),
        ("assistant", None, ["get_weather_1"]),
        ("tool", "sunny", []),
        ("assistant", "Sunny in Oslo.", []),
    ]
    assert [c.result for c in imported.trace.tool_calls] == ["sunny"]


def test_a_content_of_json_text_items_is_their_text_a_cohere_plan_included(
    tmp_path: Path,
) -> None:
    # OpenLLMetry's Cohere instrumentation dumps the reply's content items as JSON text and
    # appends the tool plan of a turn of calls as one more text item: before, the JSON was
    # the turn's text and the answer; the plan the trace records as content is the turn's
    # text (until 2026-12-06 it was left out)
    def items(text: str) -> str:
        return json.dumps([{"type": "text", "text": text}])

    base = {"llm.request.type": "chat", "gen_ai.request.model": "m", "gen_ai.system": "Cohere"}
    first = {
        **base,
        "gen_ai.prompt.0.role": "user",
        "gen_ai.prompt.0.content": ASK,
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": items("I will look up Oslo."),
        "gen_ai.completion.0.tool_calls.0.id": "get_weather_1",
        "gen_ai.completion.0.tool_calls.0.name": "get_weather",
        "gen_ai.completion.0.tool_calls.0.arguments": '{"city": "Oslo"}',
    }
    second = {
        **base,
        "gen_ai.prompt.0.role": "user",
        "gen_ai.prompt.0.content": ASK,
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": items("Sunny in Oslo."),
    }
    imported = import_one(
        tmp_path,
        [_span(1, "loop", {}), _span(2, "cohere.chat", first, parent=1)]
        + [_span(3, "cohere.chat", second, parent=1)],
    )
    turn = next(m for m in imported.trace.messages if m.tool_calls)
    assert turn.content == "I will look up Oslo."
    assert imported.trace.output == "Sunny in Oslo."


def _lcel_chain(retriever_output: dict[str, Any]) -> list[Any]:
    """OpenLLMetry's LangChain spans of an LCEL RAG chain: the chain, its retriever, a call."""
    chain = {
        "traceloop.span.kind": "workflow",
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "RunnableSequence",
        "traceloop.entity.input": json.dumps(
            {"inputs": "How long?", "tags": [], "metadata": {}, "kwargs": {}}
        ),
    }
    retriever = {
        "traceloop.span.kind": "task",
        "gen_ai.operation.name": "vector_db_retrieve",
        "traceloop.entity.input": json.dumps({"query": "How long?", "tags": []}),
        "traceloop.entity.output": json.dumps(retriever_output),
    }
    call = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "m",
        "gen_ai.input.messages": json.dumps([_text("user", "Context: ...\nQuestion: How long?")]),
        "gen_ai.output.messages": json.dumps([_text("assistant", "Two days.")]),
    }
    return [
        _span(1, "RunnableSequence.workflow", chain),
        _span(2, "vector_db_retrieve KeywordRetriever", retriever, parent=1),
        _span(3, "ChatOpenAI.chat", call, parent=1),
    ]


def test_a_langchain_retriever_span_gives_its_documents_as_passages(tmp_path: Path) -> None:
    # openllmetry-langchain-rag: the retriever's documents were no passages (the operation
    # vector_db_retrieve was read as nothing)
    documents = [
        {"page_content": "Ships in 2 days.", "metadata": {"source": "shipping.md"}},
        {"page_content": "Refunds in 30 days.", "metadata": {"source": "refunds.md", "score": 0.5}},
    ]
    imported = import_one(tmp_path, _lcel_chain({"documents": documents, "count": 2}))
    assert [(p.id, p.text, p.source, p.score) for p in imported.trace.passages] == [
        (f"{2:016x}:0", "Ships in 2 days.", "shipping.md", None),
        (f"{2:016x}:1", "Refunds in 30 days.", "refunds.md", 0.5),
    ]


def test_an_lcel_chain_named_by_its_class_is_no_agent(tmp_path: Path) -> None:
    # openllmetry-langchain-rag: the chain was the agent RunnableSequence
    imported = import_one(tmp_path, _lcel_chain({"documents": [], "count": 0}))
    assert imported.metadata.get("agent_name") is None
    assert imported.trace.output == "Two days."


def test_the_one_text_an_lcel_chain_was_given_is_the_input(tmp_path: Path) -> None:
    # openllmetry-langchain-rag: the input was the templated user message the model got, not
    # the question the chain was given ({inputs: <text>, tags, metadata, kwargs})
    imported = import_one(tmp_path, _lcel_chain({"documents": [], "count": 0}))
    assert imported.input == "How long?"
