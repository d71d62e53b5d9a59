"""LangWatch's own spans (langwatch-openai, -openai-streamed, -langchain, -js-openai, all
2026-12-07g): ``langwatch.span.type`` says what a span is, ``langwatch.input`` /
``langwatch.output`` are typed values (`fourfold.integrations.otel._langwatch`).

Its LangChain callback writes a model call's messages with their requests and call ids dropped
(a turn of calls as empty text, its results as role ``unknown``); the chain spans it writes for
the graph and its nodes hold those turns whole, given back to the model input that replays them
(`fourfold.integrations._held_turns`). Spans that look alike are read as before: a GenAI span
naming its operation, an ``unknown`` message with no turn before it, a chain whose replies
bear another name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "1a" * 16
SYSTEM = "You are a weather assistant."
QUESTION = "What is the weather in Paris?"
ANSWER = "Paris is sunny at 22 C."
ASKED = {"name": "get_weather", "args": {"city": "Paris"}, "id": "call_w1", "type": "tool_call"}


def _typed(kind: str, value: Any) -> str:
    return json.dumps({"type": kind, "value": value})


def _lw(
    n: int, name: str, kind: str, parent: int | None, start: float, end: float, **attrs: Any
) -> Any:
    """A LangWatch span of type `kind` (``langwatch.input`` / ``.output`` given typed)."""
    found = {"langwatch.span.type": kind, **attrs}
    return span(n, name, found, trace=TRACE, parent=parent, start=start, end=end)


def _root(**attrs: Any) -> Any:
    """The Python SDK's ``@langwatch.trace()`` function: type ``span``, the question in JSON."""
    return _lw(
        1,
        "weather_loop",
        "span",
        None,
        1.0,
        9.0,
        **{"langwatch.input": _typed("json", {"question": QUESTION})},
        **{"langwatch.output": _typed("text", ANSWER)},
        **attrs,
    )


def _llm(n: int, parent: int, start: float, given: list[Any], said: list[Any]) -> Any:
    return _lw(
        n,
        "llm",
        "llm",
        parent,
        start,
        start + 0.5,
        **{"gen_ai.request.model": "openai/gpt-4o-mini"},
        **{"langwatch.input": _typed("chat_messages", given)},
        **{"langwatch.output": _typed("chat_messages", said)},
        **{"gen_ai.usage.prompt_tokens": 10, "gen_ai.usage.completion_tokens": 2},
        **{"langwatch.metrics": json.dumps({"prompt_tokens": 10, "completion_tokens": 2})},
    )


def _langchain_spans(graph_name: str = "weather_agent", signed: str = "weather_agent") -> list[Any]:
    """One LangChain agent turn of a call and its answer, as LangWatch's callback writes it."""
    prompt = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": QUESTION}]
    turn = (
        "Command(update={'messages': [AIMessage(content='', additional_kwargs={}, "
        f"name='{signed}', tool_calls=[{ASKED!r}])]}})"
    )
    result = {"content": "sunny", "name": "get_weather", "tool_call_id": "call_w1"}
    answer = {"content": ANSWER, "name": signed, "tool_calls": []}
    state = [{"content": QUESTION}, {"content": "", "name": signed, "tool_calls": [ASKED]}]
    return [
        _root(),
        _lw(2, graph_name, "chain", 1, 1.1, 8.9, **{"langwatch.output": _typed("json", {
            "messages": [*state, result, answer]})}),
        _lw(3, "model", "chain", 2, 1.2, 2.0, **{"langwatch.output": _typed("json", [turn])}),
        _llm(4, 3, 1.3, prompt, [{"role": "assistant", "content": ""}]),
        _lw(5, "tools", "chain", 2, 2.1, 3.0, **{"langwatch.input": _typed("json", [ASKED])},
            **{"langwatch.output": _typed("json", {"messages": [result]})}),
        _lw(6, "get_weather", "tool", 5, 2.2, 2.9,
            **{"langwatch.input": _typed("text", "{'city': 'Paris'}")},
            **{"langwatch.output": _typed("chat_messages", [
                {"role": "unknown", "content": "sunny"}])}),
        _lw(7, "model", "chain", 2, 3.1, 8.8),
        _llm(8, 7, 3.2, [*prompt, {"role": "assistant", "content": ""},
            {"role": "unknown", "content": "sunny"}],
            [{"role": "assistant", "content": ANSWER}]),
    ]  # fmt: skip


def _said(trace: Any) -> list[tuple[str, str | None, list[str], str | None]]:
    return [
        (m.role, m.content, [r.id for r in m.tool_calls], m.tool_call_id) for m in trace.messages
    ]


def test_a_langchain_turn_takes_its_calls_from_the_chains_that_passed_it(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _langchain_spans())
    trace = imported.trace

    assert _said(trace) == [
        ("system", SYSTEM, [], None),
        ("user", QUESTION, [], None),
        ("assistant", None, ["call_w1"], None),
        ("tool", "sunny", [], "call_w1"),
        ("assistant", ANSWER, [], None),
    ]
    assert [(c.name, c.arguments, c.result, c.id) for c in trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "sunny", "call_w1")
    ]
    assert (imported.input, trace.output) == (QUESTION, ANSWER)
    assert trace.metadata["agent_name"] == "weather_agent"  # the graph its replies name
    # GenAI's counts and LangWatch's metrics on one span: one count per call
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (20, 4)


def test_a_chain_whose_replies_bear_another_name_is_no_agent(tmp_path: Path) -> None:
    """A graph named otherwise than the name its replies are signed with names no agent; its
    held turns still give the replayed turn its calls."""
    imported = import_one(tmp_path, _langchain_spans(graph_name="LangGraph", signed="writer"))

    assert imported.metadata.get("agent_name") is None
    assert _said(imported.trace)[2] == ("assistant", None, ["call_w1"], None)


def test_an_unknown_message_with_no_turn_before_it_is_no_tool_message(tmp_path: Path) -> None:
    """``unknown`` is a result only right after a turn or its results: elsewhere its class is
    not known, and it is no message."""
    given = [{"role": "unknown", "content": "note"}, {"role": "user", "content": QUESTION}]
    spans = [_root(), _llm(2, 1, 1.1, given, [{"role": "assistant", "content": ANSWER}])]

    assert _said(import_one(tmp_path, spans).trace) == [
        ("user", QUESTION, [], None),
        ("assistant", ANSWER, [], None),
    ]


def test_the_typescript_sdks_agent_span_names_the_agent_and_its_metrics_count(
    tmp_path: Path,
) -> None:
    """The TypeScript SDK: an ``agent`` span named as the agent, its text in and out; an
    ``llm`` span's counts only in its typed ``langwatch.metrics`` (camelCase)."""
    agent = _lw(
        1,
        "weather_agent",
        "agent",
        None,
        1.0,
        9.0,
        **{"langwatch.input": _typed("text", QUESTION), "langwatch.output": _typed("text", ANSWER)},
    )
    written = {
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.response.model": "gpt-4o-mini-2024-07-18",
        "langwatch.input": _typed("chat_messages", [{"role": "user", "content": QUESTION}]),
        "langwatch.output": _typed("chat_messages", [{"role": "assistant", "content": ANSWER}]),
        "langwatch.metrics": _typed("json", {"promptTokens": 9, "completionTokens": 3}),
    }
    call = _lw(2, "llm-call", "llm", 1, 1.1, 8.9, **written)
    imported = import_one(tmp_path, [agent, call])

    assert imported.metadata["agent_name"] == "weather_agent"
    assert imported.metadata["model"] == "gpt-4o-mini"  # asked for, not the dated answering one
    assert (imported.input, imported.trace.output) == (QUESTION, ANSWER)
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (9, 3)


def test_the_application_root_names_no_agent(tmp_path: Path) -> None:
    """The Python SDK's traced function (type ``span``) is the application's run, no agent."""
    spans = [_root(), _llm(2, 1, 1.1, [{"role": "user", "content": QUESTION}], [])]
    imported = import_one(tmp_path, spans)

    assert imported.metadata.get("agent_name") is None
    assert (imported.input, imported.trace.output) == (QUESTION, ANSWER)


def test_a_span_naming_its_operation_is_read_by_the_genai_conventions(tmp_path: Path) -> None:
    """LangWatch's keys beside ``gen_ai.operation.name`` do not decide what the span is."""
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps([{"role": "user", "content": QUESTION}]),
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "content": ANSWER}]),
        "langwatch.span.type": "llm",
        "langwatch.input": _typed("text", "something else"),
    }
    imported = import_one(tmp_path, [span(1, "chat gpt-4o-mini", chat, trace=TRACE)])

    assert _said(imported.trace) == [("user", QUESTION, [], None), ("assistant", ANSWER, [], None)]


def _lc(cls: str, **kwargs: Any) -> dict[str, Any]:
    """A LangChain.js message serialised whole, as its ``toJSON()`` writes it."""
    found = ["langchain_core", "messages", cls]
    return {"lc": 1, "type": "constructor", "id": found, "kwargs": kwargs}


def _langchain_js_spans(graph_name: str = "weather_agent") -> list[Any]:
    """A LangGraph.js agent's turn of a call and its answer, as the TypeScript SDK's LangChain
    callback writes it: the chain spans' messages serialised whole, the tool's output its
    ``ToolMessage`` as a typed text written as ``json``, the model calls' messages lossy."""
    prompt = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": QUESTION}]
    asked = {
        "id": "call_w1",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
    }
    turn = _lc(
        "AIMessage",
        content="",
        name="weather_agent",
        tool_calls=[ASKED],
        additional_kwargs={"tool_calls": [asked]},
    )
    result = _lc(
        "ToolMessage", content="sunny", tool_call_id="call_w1", name="get_weather", status="success"
    )
    answer = _lc("AIMessage", content=ANSWER, name="weather_agent", tool_calls=[])
    question = _lc("HumanMessage", content=QUESTION)
    return [
        _lw(1, graph_name, "chain", None, 1.0, 9.0,
            **{"langwatch.input": _typed("json", {"messages": [
                {"role": "user", "content": QUESTION}]})},
            **{"langwatch.output": _typed("json", {"messages": [
                question, turn, result, answer]})}),
        _lw(2, "agent", "chain", 1, 1.1, 2.0,
            **{"langwatch.output": _typed("json", {"messages": [turn]})}),
        _llm(3, 2, 1.2, prompt, [{"role": "assistant", "content": "", "function_call": {}}]),
        _lw(4, "tools", "chain", 1, 2.1, 3.0,
            **{"langwatch.output": _typed("json", {"messages": [result]})}),
        _lw(5, "get_weather", "tool", 4, 2.2, 2.9,
            **{"langwatch.input": _typed("text", '{"city":"Paris"}')},
            **{"langwatch.output": _typed("json", {"type": "text", "value": result})}),
        _lw(6, "agent", "chain", 1, 3.1, 8.8,
            **{"langwatch.output": _typed("json", {"messages": [answer]})}),
        _llm(7, 6, 3.2, [*prompt, {"role": "assistant", "content": "", "function_call": {}},
            {"role": "tool", "content": "sunny"}], [{"role": "assistant", "content": ANSWER}]),
    ]  # fmt: skip


def test_the_typescript_sdks_langchain_messages_are_read_as_their_classes(tmp_path: Path) -> None:
    """LangChain.js's serialised messages in the chain spans give the replayed turn its calls
    and the results their ids; the tool span's ``ToolMessage`` its result and id; the graph
    whose replies bear its name is the agent."""
    imported = import_one(tmp_path, _langchain_js_spans())
    trace = imported.trace

    assert _said(trace) == [
        ("system", SYSTEM, [], None),
        ("user", QUESTION, [], None),
        ("assistant", None, ["call_w1"], None),
        ("tool", "sunny", [], "call_w1"),
        ("assistant", ANSWER, [], None),
    ]
    assert [(c.name, c.arguments, c.result, c.id) for c in trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "sunny", "call_w1")
    ]
    assert trace.metadata["agent_name"] == "weather_agent"
    assert (imported.input, trace.output) == (QUESTION, ANSWER)


def test_a_typescript_graph_named_otherwise_is_no_agent(tmp_path: Path) -> None:
    """The graph's replies signed with a name that is not the graph's: no agent is named, the
    turn still takes its calls."""
    imported = import_one(tmp_path, _langchain_js_spans(graph_name="LangGraph"))

    assert imported.metadata.get("agent_name") is None
    assert _said(imported.trace)[2] == ("assistant", None, ["call_w1"], None)


def _dspy_lm(n: int, start: float, asked: str, outputs: Any) -> Any:
    """An ``llm`` span of LangWatch's DSPy autotracking: the ``LM``'s return value its output."""
    given = [
        {"role": "system", "content": "Your input fields are: `question`."},
        {"role": "user", "content": asked},
    ]
    return _lw(n, "openai/gpt-4o-mini", "llm", 1, start, start + 0.5,
               **{"gen_ai.request.model": "openai/gpt-4o-mini"},
               **{"langwatch.input": _typed("chat_messages", given)},
               **{"langwatch.output": _typed("json", outputs)})  # fmt: skip


def test_dspys_lm_outputs_are_the_replies_of_its_calls(tmp_path: Path) -> None:
    """The DSPy autotracking's ``llm`` span writes the LM's outputs, a JSON list of each
    choice's text: each call's reply, after its own fresh prompt."""
    step = "[[ ## next_tool_name ## ]]\nget_weather\n\n[[ ## completed ## ]]"
    answer = f"[[ ## answer ## ]]\n{ANSWER}\n\n[[ ## completed ## ]]"
    spans = [_root(), _dspy_lm(2, 1.1, "first", [step]), _dspy_lm(3, 2.1, "second", [answer])]

    said = [(m.role, m.content) for m in import_one(tmp_path, spans).trace.messages]
    assert said[1:] == [
        ("user", "first"),
        ("assistant", step),
        ("user", "second"),
        ("assistant", answer),
    ]


def test_an_llm_spans_json_object_is_no_reply(tmp_path: Path) -> None:
    """A JSON object, or a list of other values, on an ``llm`` span says no reply."""
    spans = [
        _root(),
        _dspy_lm(2, 1.1, "first", {"answer": ANSWER}),
        _dspy_lm(3, 2.1, "second", [1, 2]),
    ]

    roles = [m.role for m in import_one(tmp_path, spans).trace.messages]
    assert "assistant" not in roles


SHIPPING = "Shipping: orders ship within 2 business days."
REFUNDS = "Refunds: items can be returned within 30 days."


def _retrieval(kind: str, **attrs: Any) -> list[Any]:
    """The Python SDK's ``@langwatch.span(type=kind)`` retrieval, then one model call."""
    given = [{"role": "user", "content": f"Context:\n{SHIPPING}\n\nQuestion: {QUESTION}"}]
    said = [{"role": "assistant", "content": ANSWER}]
    return [
        _root(),
        _lw(2, "search_policies", kind, 1, 1.1, 1.5, **attrs),
        _llm(3, 1, 2.0, given, said),
    ]


def test_a_rag_spans_contexts_are_its_passages_sourced_from_its_output(tmp_path: Path) -> None:
    """Each RAG context a passage: its document id, its content, the source of the document of
    that id its output returned."""
    contexts = [
        {"document_id": "doc-shipping", "chunk_id": "doc-shipping#0", "content": SHIPPING},
        {"document_id": "doc-refund", "chunk_id": "doc-refund#0", "content": REFUNDS},
    ]
    returned = [
        {"id": "doc-shipping", "source": "policies/shipping.md", "text": SHIPPING},
        {"id": "doc-refund", "source": "policies/refunds.md", "text": REFUNDS},
    ]
    spans = _retrieval(
        "rag",
        **{"langwatch.input": _typed("json", {"query": "shipping"})},
        **{"langwatch.rag_contexts": json.dumps(contexts)},
        **{"langwatch.output": _typed("json", returned)},
    )
    imported = import_one(tmp_path, spans)

    assert [(p.id, p.text, p.source, p.score) for p in imported.trace.passages] == [
        ("doc-shipping", SHIPPING, "policies/shipping.md", None),
        ("doc-refund", REFUNDS, "policies/refunds.md", None),
    ]
    assert imported.input == QUESTION  # the retrieval's query is not the run's input
    assert imported.trace.tool_calls == []


def test_no_contexts_or_another_type_retrieved_nothing(tmp_path: Path) -> None:
    """A ``rag`` span with no contexts, and a span of another type carrying some, give no
    passage: what their output returned is the application's."""
    returned = _typed("json", [{"id": "doc-shipping", "text": SHIPPING}])
    contexts = json.dumps([{"document_id": "doc-shipping", "content": SHIPPING}])
    bare = _retrieval("rag", **{"langwatch.output": returned})
    other = _retrieval("span", **{"langwatch.rag_contexts": contexts})

    (tmp_path / "bare").mkdir()
    (tmp_path / "other").mkdir()
    assert import_one(tmp_path / "bare", bare).trace.passages == []
    assert import_one(tmp_path / "other", other).trace.passages == []
