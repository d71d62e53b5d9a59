"""The span shapes of LangSmith's OpenTelemetry export (``LANGSMITH_OTEL_ENABLED``), each on
small spans written the way the langsmith SDK writes them, so each rule is checked apart from
the export that showed it (tests/data/traces/langsmith):

- the run type (``langsmith.span.kind``) decides what a span is, not the operation name
  LangSmith derives from it: a ``prompt`` run (``chat``) is no model call, a ``retriever``
  run (``embeddings``) is a retrieval with passages, no embedding call;
- a LangChain chat-model run's ``gen_ai.prompt`` / ``gen_ai.completion`` (serialised messages
  in ``{messages: [[...]]}``, an ``LLMResult``'s ``generations``) and ``wrap_openai``'s
  request and response bodies are the call's messages;
- a tool run's inputs are its arguments and its ``{output: ...}`` its result (a LangChain
  ``ToolMessage`` written as its own fields: its content and call id);
- a ``chain`` run gives the run's input and answer, and names no agent; the agent is the one
  the replies of its resulting state are signed by.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16
ASK = "What is the weather in Oslo?"
SYSTEM = "You are a weather assistant."


def _span(n: int, name: str, kind: str, attrs: dict[str, Any], parent: int | None = None) -> Any:
    ops = {"llm": "chat", "tool": "execute_tool", "retriever": "embeddings", "prompt": "chat"}
    base = {
        "langsmith.span.kind": kind,
        "langsmith.trace.name": name,
        "gen_ai.operation.name": ops.get(kind, kind),
        "gen_ai.system": "langchain",
    }
    end = n + 0.5 if parent is not None else 20.0  # the root holds the run
    return span(n, name, {**base, **attrs}, trace=TRACE, parent=parent, start=n, end=end)


def _lc(kind: str, **fields: Any) -> dict[str, Any]:
    """A message in LangChain's ``{"lc": 1, "type": "constructor"}`` form."""
    return {
        "lc": 1,
        "type": "constructor",
        "id": ["langchain", "schema", "messages", kind],
        "kwargs": fields,
    }


def _flat(kind: str, **fields: Any) -> dict[str, Any]:
    """A message as its own fields (``model_dump()``), as LangSmith writes a chain's state."""
    return {"content": "", "additional_kwargs": {}, "response_metadata": {}, "type": kind, **fields}


REQUEST = _lc(
    "AIMessage", content="", tool_calls=[{"name": "w", "args": {"c": "Oslo"}, "id": "c1"}]
)
RESULT = _lc("ToolMessage", content="sunny", tool_call_id="c1", type="tool")
ANSWER = _lc("AIMessage", content="Oslo is sunny.", tool_calls=[])


def _chat_model(n: int, prompt: list[Any], reply: dict[str, Any], parent: int) -> Any:
    return _span(
        n,
        "ChatOpenAI",
        "llm",
        {
            "gen_ai.request.model": "gpt-4o-mini",
            "gen_ai.prompt": json.dumps({"messages": [prompt]}),
            "gen_ai.completion": json.dumps({"generations": [[{"text": "", "message": reply}]]}),
            "gen_ai.usage.input_tokens": 10 * n,
            "gen_ai.usage.output_tokens": n,
        },
        parent,
    )


def test_langchain_model_runs_tool_runs_and_the_signed_state(tmp_path: Path) -> None:
    # LangGraph's agent under LangSmith: before, no message, no tool argument or result, no
    # input, output or agent was read
    system, user = _lc("SystemMessage", content=SYSTEM), _lc("HumanMessage", content=ASK)
    state = {
        "messages": [
            _flat("human", content=ASK),
            _flat("ai", name="weather_agent", tool_calls=[{"name": "w", "id": "c1"}]),
            _flat("tool", content="sunny", tool_call_id="c1", name="w"),
            _flat("ai", content="Oslo is sunny.", name="weather_agent"),
        ]
    }
    tool_message = _flat("tool", content="sunny", tool_call_id="c1", name="w", status="success")
    spans = [
        _span(
            1,
            "weather_agent",
            "chain",
            {
                "gen_ai.prompt": json.dumps({"messages": [["user", ASK]]}),
                "gen_ai.completion": json.dumps(state),
            },
        ),
        _chat_model(2, [system, user], REQUEST, parent=1),
        # a RunnableSequence repeats its model call's usage: a chain, not added
        _span(3, "RunnableSequence", "chain", {"gen_ai.usage.input_tokens": 20}, parent=1),
        _span(
            4,
            "w",
            "tool",
            {
                "gen_ai.tool.name": "w",
                "gen_ai.tool.call.id": "c1",
                "gen_ai.prompt": json.dumps({"c": "Oslo"}),
                "gen_ai.completion": json.dumps({"output": tool_message}),
            },
            parent=1,
        ),
        _chat_model(5, [system, user, REQUEST, RESULT], ANSWER, parent=1),
    ]
    imported = import_one(tmp_path, spans)
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", SYSTEM),
        ("user", ASK),
        ("assistant", None),
        ("tool", "sunny"),
        ("assistant", "Oslo is sunny."),
    ]
    assert [r.id for r in trace.messages[2].tool_calls] == ["c1"]
    [call] = trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == ("w", {"c": "Oslo"}, "sunny", "c1")
    assert (imported.input, trace.output) == (ASK, "Oslo is sunny.")
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (70, 7)
    assert imported.metadata.get("agent_name") == "weather_agent"
    assert imported.metadata.get("model") == "gpt-4o-mini"


def test_wrap_openai_bodies_and_traceable_functions(tmp_path: Path) -> None:
    # wrap_openai's llm runs: the request body in, the response body out (the answer in its
    # choices was lost); a @traceable chain named like an agent names none
    tools = [{"type": "function", "function": {"name": "w", "parameters": {}}}]
    asked = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    requested = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "w", "arguments": '{"c": "Oslo"}'},
            }
        ],
    }
    answered = [*asked, requested, {"role": "tool", "tool_call_id": "c1", "content": "sunny"}]

    def call(n: int, messages: list[Any], reply: dict[str, Any]) -> Any:
        body = {"id": "x", "choices": [{"index": 0, "finish_reason": "stop", "message": reply}]}
        return _span(
            n,
            "ChatOpenAI",
            "llm",
            {
                "gen_ai.system": "openai",
                "gen_ai.request.model": "gpt-4o-mini",
                "gen_ai.prompt": json.dumps({"messages": messages, "model": "m", "tools": tools}),
                "gen_ai.completion": json.dumps(body),
                "gen_ai.usage.input_tokens": 10,
                "gen_ai.usage.output_tokens": 2,
            },
            parent=1,
        )

    chain = {
        "gen_ai.prompt": json.dumps({"question": ASK}),
        "gen_ai.completion": json.dumps({"output": "Oslo is sunny."}),
    }
    tool = {
        "gen_ai.tool.name": "w",
        "gen_ai.prompt": json.dumps({"c": "Oslo"}),
        "gen_ai.completion": json.dumps({"output": "sunny"}),
    }
    imported = import_one(
        tmp_path,
        [
            _span(1, "weather_agent", "chain", chain),
            call(2, asked, requested),
            _span(3, "w", "tool", tool, parent=1),
            call(4, answered, {"role": "assistant", "content": "Oslo is sunny."}),
        ],
    )
    trace = imported.trace
    assert trace.messages[-1].content == "Oslo is sunny."
    assert trace.output == "Oslo is sunny."
    [tool_call] = trace.tool_calls
    assert (tool_call.arguments, tool_call.result, tool_call.id) == ({"c": "Oslo"}, "sunny", "c1")
    assert imported.metadata.get("agent_name") is None  # a chain's name is no agent's


def test_a_prompt_run_is_no_model_call_and_a_retriever_run_is_retrieval(tmp_path: Path) -> None:
    # LangSmith names a prompt run's operation "chat" and a retriever run's "embeddings":
    # the prompt made an empty model call, the retriever an embedding call and no passages
    documents = [
        {"id": "d1", "page_content": "Ships in 2 days.", "metadata": {"source": "ship.md"}},
        {"id": "d2", "page_content": "Refunds in 30 days.", "metadata": {}},
    ]
    formatted = {"messages": [_flat("system", content=SYSTEM), _flat("human", content=ASK)]}
    spans = [
        _span(
            1,
            "RunnableSequence",
            "chain",
            {
                "gen_ai.prompt": json.dumps({"input": "Shipping?"}),
                "gen_ai.completion": json.dumps({"output": "2 days."}),
            },
        ),
        _span(
            2,
            "KeywordRetriever",
            "retriever",
            {
                "gen_ai.prompt": json.dumps({"query": "Shipping?"}),
                "gen_ai.completion": json.dumps({"documents": documents}),
            },
            parent=1,
        ),
        _span(
            3,
            "ChatPromptTemplate",
            "prompt",
            {"gen_ai.completion": json.dumps({"output": formatted})},
            parent=1,
        ),
        _chat_model(
            4,
            [_lc("SystemMessage", content=SYSTEM), _lc("HumanMessage", content=ASK)],
            _lc("AIMessage", content="2 days."),
            parent=1,
        ),
        _span(5, "StrOutputParser", "parser", {}, parent=1),
    ]
    imported = import_one(tmp_path, spans)
    trace = imported.trace
    assert [(p.id, p.text, p.source) for p in trace.passages] == [
        ("d1", "Ships in 2 days.", "ship.md"),
        ("d2", "Refunds in 30 days.", None),
    ]
    assert "embeddings" not in imported.metadata
    assert imported.input == "Shipping?"  # the chain's input, not the templated prompt
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", SYSTEM),
        ("user", ASK),
        ("assistant", "2 days."),
    ]
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (40, 4)


def test_an_embedding_run_is_still_an_embedding_call(tmp_path: Path) -> None:
    embedding = {"gen_ai.operation.name": "embeddings", "gen_ai.request.model": "e"}
    imported = import_one(
        tmp_path,
        [
            _span(1, "app", "chain", {"gen_ai.prompt": json.dumps({"input": ASK})}),
            _span(2, "OpenAIEmbeddings", "embedding", embedding, parent=1),
            _chat_model(3, [_lc("HumanMessage", content=ASK)], ANSWER, parent=1),
        ],
    )
    assert imported.metadata["embeddings"]["calls"] == 1
    assert imported.metadata.get("model") == "gpt-4o-mini"


def test_the_openai_agents_processor_runs(tmp_path: Path) -> None:
    # LangSmith's OpenAIAgentsTracingProcessor: a Generation run's inputs are the SDK's
    # {input: [<messages>]}, its usage only langsmith.metadata.usage_metadata; the workflow's
    # root run records that message list as its own input
    asked = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    requested = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "w", "arguments": '{"c": "Oslo"}'},
            }
        ],
    }
    answered = [*asked, requested, {"role": "tool", "tool_call_id": "c1", "content": "sunny"}]
    reply = {"role": "assistant", "content": "Oslo is sunny.", "tool_calls": None}

    def generation(n: int, messages: list[Any], out: dict[str, Any], tokens: int) -> Any:
        usage = {"input_tokens": 10 * tokens, "output_tokens": tokens, "total_tokens": 11 * tokens}
        attrs = {
            "gen_ai.prompt": json.dumps({"input": messages}),
            "gen_ai.completion": json.dumps(out),
            "langsmith.metadata.usage_metadata": json.dumps(usage),
        }
        return _span(n, "Generation", "llm", attrs, parent=2)

    tool = {
        "gen_ai.tool.name": "w",
        "gen_ai.prompt": json.dumps({"c": "Oslo"}),
        "gen_ai.completion": json.dumps({"output": "sunny"}),
    }
    root = {"gen_ai.prompt": json.dumps({"input": asked}), "gen_ai.completion": json.dumps(reply)}
    imported = import_one(
        tmp_path,
        [
            _span(1, "Agent workflow", "chain", root),
            _span(2, "weather_agent", "chain", {"gen_ai.prompt": "{}"}, parent=1),
            generation(3, asked, requested, 3),
            _span(4, "w", "tool", tool, parent=2),
            generation(5, answered, reply, 2),
        ],
    )
    trace = imported.trace
    assert [m.role for m in trace.messages] == ["system", "user", "assistant", "tool", "assistant"]
    assert imported.input == ASK  # the last user message of the root's list
    assert trace.output == "Oslo is sunny."
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (50, 5)
    [tool_call] = trace.tool_calls
    assert (tool_call.arguments, tool_call.result, tool_call.id) == ({"c": "Oslo"}, "sunny", "c1")


def test_usage_metadata_is_not_added_to_the_conventions_usage(tmp_path: Path) -> None:
    # a LangChain chat-model run writes gen_ai.usage.* and the same counts in its metadata
    attrs = {
        "gen_ai.prompt": json.dumps({"messages": [[_lc("HumanMessage", content=ASK)]]}),
        "gen_ai.completion": json.dumps({"generations": [[{"text": "", "message": ANSWER}]]}),
        "gen_ai.usage.input_tokens": 10,
        "gen_ai.usage.output_tokens": 2,
        "langsmith.metadata.usage_metadata": json.dumps({"input_tokens": 10, "output_tokens": 2}),
    }
    imported = import_one(tmp_path, [_span(1, "ChatOpenAI", "llm", attrs)])
    assert (imported.trace.usage.input_tokens, imported.trace.usage.output_tokens) == (10, 2)


def test_the_openai_agents_processor_runs_on_the_responses_api(tmp_path: Path) -> None:
    # on the Responses API a Response run's inputs are {input: [<items>], instructions} and
    # its output {output: [<output items>]}; the root run records the first call's inputs
    # and the last call's output as its own, in a trace of its own
    asked = [{"role": "user", "content": ASK}]
    calls = [
        {"type": "function_call", "call_id": f"c{i}", "name": "w", "arguments": f'{{"c": "{c}"}}'}
        for i, c in ((1, "Oslo"), (2, "Bergen"))
    ]
    results = [
        {"type": "function_call_output", "call_id": "c1", "output": "sunny"},
        {"type": "function_call_output", "call_id": "c2", "output": "rain"},
    ]
    answer = [
        {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "output_text", "text": "Oslo is sunny.", "annotations": []}],
        }
    ]

    def response(n: int, items: list[Any], out: list[Any]) -> Any:
        attrs = {
            "gen_ai.prompt": json.dumps({"input": items, "instructions": SYSTEM}),
            "gen_ai.completion": json.dumps({"output": out}),
        }
        return _span(n, "Span Response", "llm", attrs, parent=2)

    tool = {
        "gen_ai.tool.name": "w",
        "gen_ai.prompt": json.dumps({"c": "Oslo"}),
        "gen_ai.completion": json.dumps({"output": "sunny"}),
    }
    other = {**tool, "gen_ai.prompt": json.dumps({"c": "Bergen"}), "gen_ai.completion": "rain"}
    imported = import_one(
        tmp_path,
        [
            _span(1, "Agent workflow", "chain", {"gen_ai.prompt": "{}"}),
            _span(2, "weather_agent", "chain", {"gen_ai.prompt": "{}"}, parent=1),
            response(3, asked, calls),
            _span(4, "w", "tool", tool, parent=2),
            _span(5, "w", "tool", other, parent=2),
            response(6, [*asked, *calls, *results], answer),
        ],
    )
    trace = imported.trace
    roles = [m.role for m in trace.messages]
    assert roles == ["system", "user", "assistant", "assistant", "tool", "tool", "assistant"]
    assert trace.messages[0].content == SYSTEM  # the instructions
    # each function_call item its own turn, as the API writes them
    assert [[r.id for r in m.tool_calls] for m in trace.messages[2:4]] == [["c1"], ["c2"]]
    assert [m.tool_call_id for m in trace.messages[4:6]] == ["c1", "c2"]
    assert trace.output == "Oslo is sunny."
    assert [c.id for c in trace.tool_calls] == ["c1", "c2"]
    root = {
        "gen_ai.prompt": json.dumps({"input": asked, "instructions": SYSTEM}),
        "gen_ai.completion": json.dumps({"output": answer}),
    }
    alone = import_one(tmp_path, [_span(1, "Agent workflow", "chain", root)])
    assert alone.input == ASK  # the root's last user item
    assert alone.trace.output == "Oslo is sunny."  # its message item's text, not the JSON
