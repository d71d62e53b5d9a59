"""The span shapes of the OpenTelemetry project's own GenAI instrumentations
(opentelemetry-python-contrib's ``instrumentation-genai``: opentelemetry-instrumentation-
openai-v2, -openai-agents-v2), each on small spans written the way they write them, so each
rule is checked apart from the export that showed it (tests/data/traces/openai,
tests/data/traces/openai-agents).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16
SYSTEM = "Be brief."
_CHAT = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}


def _span(n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=n + 0.5)


def _roles(imported: Any) -> list[tuple[str, str | None, str | None]]:
    return [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def _chat(n: int, inputs: list[Any], outputs: list[Any], *, system: bool = True) -> Any:
    attrs = {
        **_CHAT,
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps(outputs),
    }
    if system:
        attrs["gen_ai.system_instructions"] = json.dumps([{"type": "text", "content": SYSTEM}])
    return _span(n, "chat m", attrs)


_CALL = {"type": "tool_call", "id": "c1", "name": "lookup", "arguments": '{"q": "x"}'}
_TURN = {"role": "assistant", "parts": [_CALL]}


def test_system_instructions_that_the_input_also_holds_are_one_message(tmp_path: Path) -> None:
    # openai-agents-v2: gen_ai.system_instructions and the same text as the input's first message
    chat = _chat(1, [_text("system", SYSTEM), _text("user", "Hi")], [_text("assistant", "Hello")])
    assert _roles(import_one(tmp_path, [chat])) == [
        ("system", SYSTEM, None),
        ("user", "Hi", None),
        ("assistant", "Hello", None),
    ]


def test_system_instructions_alone_are_the_system_message(tmp_path: Path) -> None:
    chat = _chat(1, [_text("user", "Hi")], [_text("assistant", "Hello")])
    assert _roles(import_one(tmp_path, [chat]))[0] == ("system", SYSTEM, None)


def test_a_tool_message_of_a_text_part_and_its_response_part_is_one_message(
    tmp_path: Path,
) -> None:
    # openai-agents-v2 writes each tool result twice in one message: as text and as the response
    answer = {
        "role": "tool",
        "parts": [
            {"type": "text", "content": "42"},
            {"type": "tool_call_response", "id": "c1", "result": "42"},
        ],
    }
    chat = _chat(
        1, [_text("user", "Ask"), _TURN, answer], [_text("assistant", "It is 42.")], system=False
    )
    imported = import_one(tmp_path, [chat])
    assert _roles(imported) == [
        ("user", "Ask", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "It is 42.", None),
    ]
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == ("lookup", {"q": "x"}, "42", "c1")


def test_a_tool_message_whose_text_differs_from_its_response_keeps_the_text(
    tmp_path: Path,
) -> None:
    answer = {
        "role": "tool",
        "parts": [
            {"type": "text", "content": "a note"},
            {"type": "tool_call_response", "id": "c1", "response": "42"},
        ],
    }
    chat = _chat(1, [_text("user", "Ask"), _TURN, answer], [], system=False)
    roles = _roles(import_one(tmp_path, [chat]))
    assert ("tool", "42", "c1") in roles and ("tool", "a note", None) in roles


_REPR = (
    "{'content': None, 'refusal': None, 'role': 'assistant', 'annotations': None, "
    "'audio': None, 'function_call': None, 'tool_calls': [{'id': 'c1', 'function': "
    "{'arguments': '{\"q\": \"x\"}', 'name': 'lookup'}, 'type': 'function'}]}"
)


def test_a_reply_written_as_the_repr_of_a_message_is_that_message(tmp_path: Path) -> None:
    # openai-agents-v2: a tool-call reply's one text part is the SDK's message dict's repr
    chat = _chat(1, [_text("user", "Ask")], [_text("assistant", _REPR)], system=False)
    imported = import_one(tmp_path, [chat])
    assert _roles(imported) == [("user", "Ask", None), ("assistant", None, None)]
    [request] = imported.trace.messages[-1].tool_calls
    assert (request.name, request.arguments, request.id) == ("lookup", {"q": "x"}, "c1")
    assert imported.trace.tool_calls == []  # requested; nothing answers it, so it did not run


def test_the_repr_reply_and_the_turn_the_next_input_replays_are_one_message(
    tmp_path: Path,
) -> None:
    answer = {"role": "tool", "parts": [{"type": "tool_call_response", "id": "c1", "result": "42"}]}
    first = _chat(1, [_text("user", "Ask")], [_text("assistant", _REPR)], system=False)
    second = _chat(
        2, [_text("user", "Ask"), _TURN, answer], [_text("assistant", "It is 42.")], system=False
    )
    assert _roles(import_one(tmp_path, [first, second])) == [
        ("user", "Ask", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "It is 42.", None),
    ]


def test_text_that_only_looks_like_a_dict_stays_text(tmp_path: Path) -> None:
    said = "{'a': 1} is a Python dict."
    chat = _chat(1, [_text("user", "Show a dict")], [_text("assistant", said)], system=False)
    assert _roles(import_one(tmp_path, [chat]))[-1] == ("assistant", said, None)


def test_a_tool_call_turn_with_an_empty_text_part_has_no_text() -> None:
    # OpenLLMetry's reply of a streamed tool-call turn (autogen-selector-streamed): the
    # stream's empty text as a text part before the calls; the turn only requested tools
    from fourfold.integrations._messages import parse_messages

    calls = [
        {"type": "tool_call", "id": "c1", "name": "f", "arguments": {"q": "x"}},
        {"type": "tool_call", "id": "c2", "name": "f", "arguments": {"q": "y"}},
    ]
    parts = [{"type": "text", "content": ""}, *calls]
    [turn] = parse_messages([{"role": "assistant", "parts": parts}])
    assert turn.content is None
    assert [r.id for r in turn.tool_calls] == ["c1", "c2"]
    # text written beside the calls stays the turn's text
    said = [{"type": "text", "content": "Looking both up."}, *calls]
    [turn] = parse_messages([{"role": "assistant", "parts": said}])
    assert turn.content == "Looking both up."


def _response_repr(output: list[dict[str, Any]], usage: tuple[int, int]) -> str:
    """``str()`` of the Responses API object the SDK builds from a streamed Chat Completions
    call, dumped to a dict, as openai-agents-v2 writes it (openai-agents-otel-streamed)."""
    response = {
        "id": "__fake_id__",
        "created_at": 1796473502.08,
        "model": "m",
        "object": "response",
        "output": output,
        "parallel_tool_calls": False,
        "usage": {"input_tokens": usage[0], "output_tokens": usage[1]},
        "user": None,
    }
    return str(response)


def test_a_streamed_reply_written_as_the_repr_of_the_sdks_response_is_its_items(
    tmp_path: Path,
) -> None:
    call = {"arguments": '{"q": "x"}', "call_id": "c1", "name": "lookup", "type": "function_call"}
    text = {"annotations": [], "text": "It is 42.", "type": "output_text", "logprobs": []}
    said = {"id": "__fake_id__", "content": [text], "role": "assistant", "type": "message"}
    answer = {"role": "tool", "parts": [{"type": "tool_call_response", "id": "c1", "result": "42"}]}
    first = _chat(1, [_text("user", "Ask")], [_text("assistant", _response_repr([call], (5, 2)))])
    second = _chat(
        2,
        [_text("user", "Ask"), _TURN, answer],
        [_text("assistant", _response_repr([said], (9, 3)))],
    )
    run = _span(
        0,
        "invoke_agent helper",
        {
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": "helper",
            "gen_ai.output.messages": json.dumps(
                [_text("assistant", _response_repr([said], (9, 3)))]
            ),
        },
    )
    for chat, (used, made) in ((first, (5, 2)), (second, (9, 3))):
        chat["attributes"] |= {
            "gen_ai.usage.input_tokens": used,
            "gen_ai.usage.output_tokens": made,
        }
    imported = import_one(tmp_path, [run, first, second])
    assert _roles(imported) == [
        ("system", SYSTEM, None),
        ("user", "Ask", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "It is 42.", None),
    ]
    [tool] = imported.trace.tool_calls
    assert (tool.name, tool.arguments, tool.id) == ("lookup", {"q": "x"}, "c1")
    assert imported.trace.output == "It is 42."
    usage = imported.trace.usage  # the chat spans' counts, not the reprs' repeats as well
    assert (usage.input_tokens, usage.output_tokens) == (14, 5)


_ITEM = (
    "ResponseFunctionToolCall(arguments='{{\"q\": \"{q}\"}}', call_id='{id}', name='lookup', "
    "type='function_call', id='fc_{id}', async_=None, caller=None, namespace=None, "
    "status='completed')"
)


def _tool_span(n: int, q: str, result: str) -> Any:
    return _span(
        n,
        "execute_tool lookup",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "lookup",
            "gen_ai.tool.call.arguments": json.dumps({"q": q}),
            "gen_ai.tool.call.result": result,
        },
    )


def test_a_responses_api_reply_written_as_reprs_of_its_items_is_a_turn_per_item(
    tmp_path: Path,
) -> None:
    # openai-agents-v2 0.1.0 on the Responses API (openai-agents-otel-responses, run and
    # streamed): each output item not text is its pydantic repr, one text part each; the next
    # input drops the function_call / function_call_output items, so the results are the tool
    # spans': after both turns, as the API's next input writes them (the contract)
    items = [_ITEM.format(q=q, id=i) for q, i in (("x", "c1"), ("y", "c2"))]
    reply = {"role": "assistant", "parts": [{"type": "text", "content": t} for t in items]}
    first = _chat(1, [_text("user", "Ask")], [reply], system=False)
    tools = [_tool_span(2, "x", "42"), _tool_span(3, "y", "7")]
    second = _chat(4, [_text("user", "Ask")], [_text("assistant", "42 and 7.")], system=False)
    imported = import_one(tmp_path, [first, *tools, second])
    assert _roles(imported) == [
        ("user", "Ask", None),
        ("assistant", None, None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("tool", "7", "c2"),
        ("assistant", "42 and 7.", None),
    ]
    turns = [m.tool_calls for m in imported.trace.messages if m.role == "assistant"]
    assert [[r.id for r in t] for t in turns] == [["c1"], ["c2"], []]
    calls = [(c.arguments, c.result, c.id) for c in imported.trace.tool_calls]
    assert calls == [({"q": "x"}, "42", "c1"), ({"q": "y"}, "7", "c2")]


def test_the_results_of_two_replies_item_turns_follow_each_replys_own_turns(
    tmp_path: Path,
) -> None:
    # a reply's item turns are a run; the next reply's turns are another, its result after it
    two = [_ITEM.format(q=q, id=i) for q, i in (("x", "c1"), ("y", "c2"))]
    reply = {"role": "assistant", "parts": [{"type": "text", "content": t} for t in two]}
    again = {
        "role": "assistant",
        "parts": [{"type": "text", "content": _ITEM.format(q="z", id="c3")}],
    }
    spans = [
        _chat(1, [_text("user", "Ask")], [reply], system=False),
        _tool_span(2, "x", "42"),
        _tool_span(3, "y", "7"),
        _chat(4, [_text("user", "Ask")], [again], system=False),
        _tool_span(5, "z", "9"),
        _chat(6, [_text("user", "Ask")], [_text("assistant", "42, 7, 9.")], system=False),
    ]
    imported = import_one(tmp_path, spans)
    said = [(m.role, m.tool_call_id, [r.id for r in m.tool_calls]) for m in imported.trace.messages]
    assert said == [
        ("user", None, []),
        ("assistant", None, ["c1"]),
        ("assistant", None, ["c2"]),
        ("tool", "c1", []),
        ("tool", "c2", []),
        ("assistant", None, ["c3"]),
        ("tool", "c3", []),
        ("assistant", None, []),
    ]


def test_a_repr_item_beside_other_text_is_one_turn_and_a_whole_response_dump_too() -> None:
    from fourfold.integrations._messages import parse_messages

    # an item's repr beside text the model wrote: one turn, its text and the request
    parts = [{"type": "text", "content": "Looking it up."}, _repr_part("x", "c1")]
    [turn] = parse_messages([{"role": "assistant", "parts": parts}])
    assert (turn.content, [r.id for r in turn.tool_calls]) == ("Looking it up.", ["c1"])
    # the whole Response the SDK builds from a streamed Chat Completions call: one turn
    calls = [
        {"arguments": json.dumps({"q": q}), "call_id": i, "name": "lookup", "type": "function_call"}
        for q, i in (("x", "c1"), ("y", "c2"))
    ]
    dump = _text("assistant", _response_repr(calls, (5, 2)))
    [whole] = parse_messages([dump])
    assert (whole.content, [r.id for r in whole.tool_calls]) == (None, ["c1", "c2"])
    assert whole.reply_item is None
    # a user's message of item reprs is text
    [asked] = parse_messages([{"role": "user", "parts": [_repr_part("x", "c1")]}])
    assert asked.content == _ITEM.format(q="x", id="c1")


def _repr_part(q: str, call_id: str) -> dict[str, Any]:
    return {"type": "text", "content": _ITEM.format(q=q, id=call_id)}


def test_reprs_of_a_responses_message_and_of_reasoning_are_read_as_what_they_say() -> None:
    from fourfold.integrations._messages import parse_messages

    message = (
        "ResponseOutputMessage(id='msg_1', content=[ResponseOutputText(annotations=[], "
        "text='Hello', type='output_text', logprobs=None)], role='assistant', "
        "status='completed', type='message')"
    )
    reasoning = "ResponseReasoningItem(id='rs_1', summary=[], type='reasoning', content=None)"
    parts = [{"type": "text", "content": reasoning}, {"type": "text", "content": message}]
    [said] = parse_messages([{"role": "assistant", "parts": parts}])
    assert (said.content, said.tool_calls) == ("Hello", [])
    # a user's text, or an assistant's that only starts like a repr, stays text
    for role, text in (("user", message), ("assistant", "Response(s) vary.")):
        [kept] = parse_messages([{"role": role, "parts": [{"type": "text", "content": text}]}])
        assert kept.content == text


# openai-v2's embeddings span (openai-v2-embeddings): no content, the request and response
# model, the vector's dimensions and input tokens only
_EMBEDDING = {
    "gen_ai.operation.name": "embeddings",
    "gen_ai.request.model": "text-embedding-3-small",
    "gen_ai.response.model": "text-embedding-3-small",
    "gen_ai.provider.name": "openai",
    "gen_ai.embeddings.dimension.count": 8,
    "gen_ai.usage.input_tokens": 9,
}


def _counted_chat(n: int, parent: int) -> Any:
    attrs = {
        **_CHAT,
        "gen_ai.usage.input_tokens": 61,
        "gen_ai.usage.output_tokens": 34,
        "gen_ai.input.messages": json.dumps([_text("user", "Hi")]),
        "gen_ai.output.messages": json.dumps([_text("assistant", "Hello")]),
    }
    return _span(n, "chat m", attrs, parent=parent)


def test_an_embeddings_call_is_set_aside_not_a_model_call(tmp_path: Path) -> None:
    # first in the run, with a request model and usage: still not the run's model or usage
    spans = [
        _span(1, "weather_loop", {}),
        _span(2, "embeddings text-embedding-3-small", _EMBEDDING, parent=1),
        _counted_chat(3, parent=1),
    ]
    imported = import_one(tmp_path, spans)
    assert _roles(imported) == [("user", "Hi", None), ("assistant", "Hello", None)]
    assert imported.trace.tool_calls == []
    assert imported.metadata["model"] == "m"
    usage = imported.trace.usage
    assert (usage.known, usage.input_tokens, usage.output_tokens) == (True, 61, 34)
    assert imported.trace.turns == 1
    # what it spent is kept, apart
    assert imported.metadata["embeddings"] == {
        "calls": 1,
        "model": "text-embedding-3-small",
        "input_tokens": 9,
    }


def test_embeddings_without_a_count_leave_their_tokens_unknown(tmp_path: Path) -> None:
    uncounted = {k: v for k, v in _EMBEDDING.items() if k != "gen_ai.usage.input_tokens"}
    spans = [_span(1, "embeddings m", uncounted), _counted_chat(2, parent=1)]
    imported = import_one(tmp_path, spans)
    assert imported.metadata["embeddings"] == {"calls": 1, "model": "text-embedding-3-small"}
    # and a run of model calls only has none
    assert "embeddings" not in import_one(tmp_path, [_counted_chat(1, parent=9)]).metadata


def test_an_embeddings_span_without_the_operation_name_invents_no_turn(tmp_path: Path) -> None:
    # a request model and usage made any span a model call, and its flattened prompt (the
    # text embedded) a user message: the span name `embeddings {model}` (GenAI) or
    # OpenLLMetry's llm.request.type says it is an embeddings request
    embedded = {
        "gen_ai.system": "openai",
        "gen_ai.request.model": "text-embedding-3-small",
        "gen_ai.usage.prompt_tokens": 9,
        "gen_ai.prompt.0.content": "What is the weather in Paris?",
    }
    for name, extra in [
        ("embeddings text-embedding-3-small", {}),
        ("openai.embeddings", {"llm.request.type": "embedding"}),
    ]:
        spans = [
            _span(1, "retrieve_then_answer", {}),
            _span(2, name, {**embedded, **extra}, parent=1),
            _counted_chat(3, parent=1),
        ]
        imported = import_one(tmp_path, spans)
        assert _roles(imported) == [("user", "Hi", None), ("assistant", "Hello", None)], name
        assert imported.metadata["model"] == "m", name
        assert imported.trace.usage.input_tokens == 61, name
        assert imported.metadata["embeddings"]["input_tokens"] == 9, name


def test_a_streamed_call_without_a_usage_chunk_has_unknown_usage(tmp_path: Path) -> None:
    # openai-v2-streamed-no-usage: no stream_options.include_usage, no gen_ai.usage.* key
    turn = {"role": "assistant", "parts": [{"type": "text", "content": ""}, _CALL]}
    first = _chat(1, [_text("user", "Hi")], [turn], system=False)
    answer = [_text("assistant", "It is 42.")]
    tool = {"role": "tool", "parts": [{"type": "tool_call_response", "id": "c1", "response": "42"}]}
    second = _chat(2, [_text("user", "Hi"), _TURN, tool], answer, system=False)
    imported = import_one(tmp_path, [first, second])
    usage = imported.trace.usage
    assert (usage.known, usage.recorded_tokens) == (False, None)
    # the assembled stream is one turn: the empty text part no text, one message per reply
    assert _roles(imported) == [
        ("user", "Hi", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "It is 42.", None),
    ]


def test_an_embeddings_call_recorded_twice_is_one_call(tmp_path: Path) -> None:
    # LlamaIndex under OpenInference: get_query_embedding over _get_query_embedding, both
    # EMBEDDING spans, MockEmbedding's model named `unknown` (no model)
    embedding = {"openinference.span.kind": "EMBEDDING", "embedding.model_name": "unknown"}
    spans = [
        _span(1, "MockEmbedding.get_query_embedding", embedding),
        _span(2, "MockEmbedding._get_query_embedding", embedding, parent=1),
        _counted_chat(3, parent=9),
    ]
    assert import_one(tmp_path, spans).metadata["embeddings"] == {"calls": 1}


def test_a_gemini_function_responses_error_key_fails_its_call(tmp_path: Path) -> None:
    """opentelemetry-instrumentation-google-genai writes a function response as a
    ``tool_call_response`` part whose ``response`` is the object the application sent; the
    Gemini API reads its ``"error"`` key as the function's error (google-genai-otel-tool-error):
    the call failed, its error that value, its result the object. A ``"result"`` is none."""
    turn = {
        "role": "assistant",
        "parts": [
            {"type": "tool_call", "id": "c1", "name": "lookup", "arguments": {"q": "x"}},
            {"type": "tool_call", "id": "c2", "name": "lookup", "arguments": {"q": "y"}},
        ],
    }
    answers = {
        "role": "user",
        "parts": [
            {"type": "tool_call_response", "id": "c1", "response": {"result": "found"}},
            {"type": "tool_call_response", "id": "c2", "response": {"error": "KeyError: y"}},
        ],
    }
    spans = [
        _chat(1, [_text("user", "Find x and y")], [turn]),
        _chat(2, [_text("user", "Find x and y"), turn, answers], [_text("assistant", "x only")]),
    ]
    imported = import_one(tmp_path, spans)
    assert [(c.id, c.result, c.error) for c in imported.trace.tool_calls] == [
        ("c1", {"result": "found"}, None),
        ("c2", {"error": "KeyError: y"}, "KeyError: y"),
    ]


def test_a_converse_reasoning_block_written_as_text_is_no_text(tmp_path: Path) -> None:
    """opentelemetry-instrumentation-bedrock writes a Converse block it does not know as a
    text part holding the block's JSON: Claude's extended thinking on Bedrock, a
    ``reasoningContent`` block, then reads as the turn's text (openllmetry-bedrock-thinking).
    It is the model's reasoning: the turn of calls has no text, the answer only its own."""
    block = {"reasoningContent": {"reasoningText": {"text": "Two cities.", "signature": "Eq"}}}
    thought = {"type": "text", "content": json.dumps(block)}
    turn = {"role": "assistant", "parts": [thought, _CALL]}
    answer = {"type": "tool_call_response", "id": "c1", "response": "42"}
    said = {"role": "assistant", "parts": [thought, {"type": "text", "content": "It is 42."}]}
    spans = [
        _chat(1, [_text("user", "Ask")], [turn], system=False),
        _chat(2, [_text("user", "Ask"), turn, {"role": "user", "parts": [answer]}], [said]),
    ]
    imported = import_one(tmp_path, spans)
    assert [(m.role, m.content) for m in imported.trace.messages if m.role == "assistant"] == [
        ("assistant", None),
        ("assistant", "It is 42."),
    ]
    assert imported.trace.output == "It is 42."
