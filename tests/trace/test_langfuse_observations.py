"""Langfuse's own OpenTelemetry spans (its Python SDK v3: ``@observe``, the context managers,
the OpenAI drop-in, the LangChain ``CallbackHandler``), on small spans written the way
langfuse 3.15.0 writes them (tests/data/traces/langfuse/): each says what it is only by
``langfuse.observation.type``, with its input and output as JSON in
``langfuse.observation.input`` / ``.output``, a generation's model in ``.model.name`` and its
tokens in ``.usage_details``; no ``gen_ai.*`` attribute.

Before, none of it was read: no message, tool call, usage or model, no agent; the root's
output (a LangGraph state) was taken whole as the answer.

- a ``generation`` is a model call: its request's messages (the drop-in's ``{messages,
  tools}``, the handler's list less the tools offered it appends as ``role: tool``
  messages), its reply, ``usage_details`` (Langfuse's ``input``/``output`` or OpenAI's
  ``prompt_tokens``/``completion_tokens``), the request model LangChain gives, else
  ``model.name``;
- a ``tool`` observation is a tool call named as the observation is;
- an ``agent`` observation is an agent run named as the observation is, its output the answer;
  a LangGraph node typed ``agent`` for its name (``agent``) is not an agent of that name;
- a streamed reply the drop-in records without its calls' ids is the turn a later request
  replays with them: one message, not two.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fourfold.integrations._messages import parse_messages
from tests.helpers.span_builders import import_one, langfuse_observation, stepped_span

TRACE = "1f" * 16
ASK = "What is the weather in Oslo?"
SYSTEM = "You are a weather assistant."
ANSWER = "Oslo has snow at -3 C."


def _span(n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None) -> Any:
    return stepped_span(n, name, attrs, trace=TRACE, parent=parent)


def _generation(input_: Any, output: Any, usage: dict[str, int], **extra: Any) -> Any:
    return langfuse_observation(
        "generation",
        input_,
        output,
        **{
            "langfuse.observation.model.name": "gpt-4o-mini-2024-07-18",
            "langfuse.observation.usage_details": json.dumps(usage),
            **extra,
        },
    )


_CALL = {
    "id": "call_1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'},
}
_FIRST = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
_SECOND = [
    *_FIRST,
    {"role": "assistant", "content": None, "tool_calls": [_CALL]},
    {"role": "tool", "tool_call_id": "call_1", "content": "snow, -3 C"},
]


def _drop_in_loop(tmp_path: Path, first_reply: Any, answer: Any) -> Any:
    """The @observe'd loop on the OpenAI drop-in: agent > generation, tool, generation."""
    return import_one(
        tmp_path,
        [
            _span(
                1,
                "weather_agent",
                langfuse_observation("agent", {"args": [ASK], "kwargs": {}}, ANSWER),
            ),
            _span(
                2,
                "OpenAI-generation",
                _generation(
                    {"tools": [], "messages": _FIRST},
                    first_reply,
                    {"prompt_tokens": 20, "completion_tokens": 5, "total_tokens": 25},
                ),
                parent=1,
            ),
            _span(
                3,
                "get_weather",
                langfuse_observation("tool", {"args": ["Oslo"], "kwargs": {}}, "snow, -3 C"),
                parent=1,
            ),
            _span(
                4,
                "OpenAI-generation",
                _generation(
                    {"tools": [], "messages": _SECOND},
                    answer,
                    {"prompt_tokens": 40, "completion_tokens": 8, "total_tokens": 48},
                ),
                parent=1,
            ),
        ],
    )


def test_the_drop_in_loop_reads_messages_calls_usage_model_and_agent(tmp_path: Path) -> None:
    reply = {"role": "assistant", "content": None, "tool_calls": [_CALL]}
    imported = _drop_in_loop(tmp_path, reply, {"role": "assistant", "content": ANSWER})
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", SYSTEM),
        ("user", ASK),
        ("assistant", None),
        ("tool", "snow, -3 C"),
        ("assistant", ANSWER),
    ]
    [call] = trace.tool_calls  # named by the observation; the request's arguments and id
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"city": "Oslo"},
        "snow, -3 C",
        "call_1",
    )
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (60, 13)
    assert imported.metadata["model"] == "gpt-4o-mini-2024-07-18"
    assert imported.metadata["agent_name"] == "weather_agent"
    assert imported.input == ASK
    assert trace.output == ANSWER


def test_a_streamed_reply_without_ids_is_the_turn_replayed_with_them(tmp_path: Path) -> None:
    # the drop-in records a streamed tool-call turn without the calls' ids, and the answer as
    # text; the next request replays the turn with its ids: one turn, not two
    bare = {"role": "assistant", "tool_calls": [{"function": _CALL["function"]}]}
    imported = _drop_in_loop(tmp_path, bare, ANSWER)
    turns = [m for m in imported.trace.messages if m.role == "assistant"]
    assert [[r.id for r in m.tool_calls] for m in turns] == [["call_1"], []]
    assert [m.role for m in imported.trace.messages] == [
        "system",
        "user",
        "assistant",
        "tool",
        "assistant",
    ]
    [call] = imported.trace.tool_calls
    assert call.id == "call_1"
    assert imported.trace.output == ANSWER


def _node(kind: str, input_: Any, output: Any, node: str, *, quoted: bool = False) -> Any:
    value = json.dumps(node) if quoted else node
    return langfuse_observation(
        kind, input_, output, **{"langfuse.observation.metadata.langgraph_node": value}
    )


def _state(*messages: dict[str, Any]) -> dict[str, Any]:
    return {"messages": list(messages)}


def _ai(content: str, calls: list[Any] | None = None) -> dict[str, Any]:
    return {
        "content": content,
        "additional_kwargs": {},
        "response_metadata": {},
        "type": "ai",
        "name": "weather_agent",
        "tool_calls": calls or [],
    }


# the SDK's v3 writes a metadata text as it is; v4 and later as JSON, quotes included
@pytest.mark.parametrize("quoted", [False, True], ids=["v3", "v5-json-metadata"])
def test_the_langchain_handler_graph(tmp_path: Path, quoted: bool) -> None:
    lc_call = {"name": "get_weather", "args": {"city": "Oslo"}, "id": "call_1", "type": "tool_call"}
    offered = {"role": "tool", "content": {"type": "function", "function": {"name": "get_weather"}}}
    turn = {"role": "assistant", "content": "", "tool_calls": [lc_call]}
    request = {"ls_model_name": "gpt-4o-mini"}
    meta = {
        f"langfuse.observation.metadata.{k}": json.dumps(v) if quoted else v
        for k, v in request.items()
    }
    tool_message = {
        "content": "snow, -3 C",
        "additional_kwargs": {},
        "response_metadata": {},
        "type": "tool",
        "name": "get_weather",
        "tool_call_id": "call_1",
    }
    imported = import_one(
        tmp_path,
        [
            _span(
                1,
                "weather_agent",
                langfuse_observation(
                    "agent",
                    {"messages": [["user", ASK]]},
                    _state(_ai("", [lc_call]), _ai(ANSWER)),
                ),
            ),
            _span(
                2,
                "agent",
                _node("agent", {}, _state(_ai("", [lc_call])), "agent", quoted=quoted),
                parent=1,
            ),
            _span(
                3,
                "ChatOpenAI",
                _generation([*_FIRST, offered], turn, {"input": 20, "output": 5}, **meta),
                parent=2,
            ),
            _span(4, "tools", _node("chain", {}, {}, "tools", quoted=quoted), parent=1),
            _span(
                5,
                "get_weather",
                langfuse_observation("tool", "{'city': 'Oslo'}", tool_message),
                parent=4,
            ),
            _span(
                6,
                "agent",
                _node("agent", {}, _state(_ai(ANSWER)), "agent", quoted=quoted),
                parent=1,
            ),
            _span(
                7,
                "ChatOpenAI",
                _generation(
                    [
                        *_FIRST,
                        turn,
                        {"role": "tool", "content": "snow, -3 C", "tool_call_id": "call_1"},
                        offered,
                    ],
                    {"role": "assistant", "content": ANSWER},
                    {"input": 40, "output": 8, "total": 48},
                    **meta,
                ),
                parent=6,
            ),
        ],
    )
    trace = imported.trace
    # the tools offered are no messages; LangChain's {name, args, id} requests are read
    assert [m.role for m in trace.messages] == ["system", "user", "assistant", "tool", "assistant"]
    assert [(r.id, r.arguments) for r in trace.messages[2].tool_calls] == [
        ("call_1", {"city": "Oslo"})
    ]
    [call] = trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"city": "Oslo"},
        "snow, -3 C",
        "call_1",
    )
    assert trace.output == ANSWER  # the state's last assistant text, not the state
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (60, 13)
    assert imported.metadata["model"] == "gpt-4o-mini"  # the request's, not model.name's
    assert imported.metadata["response_model"] == "gpt-4o-mini-2024-07-18"
    # the node named agent is no agent of that name
    assert imported.metadata["agent_name"] == "weather_agent"
    assert "agents" not in imported.metadata
    assert imported.input == ASK


def test_a_root_span_observation_with_an_output_is_the_applications_run(tmp_path: Path) -> None:
    imported = import_one(
        tmp_path,
        [
            _span(1, "answer_question", langfuse_observation("span", {"question": ASK}, ANSWER)),
            _span(
                2,
                "chat",
                _generation(_FIRST, {"role": "assistant", "content": ANSWER}, {"input": 9}),
                parent=1,
            ),
            _span(3, "format", langfuse_observation("span", "x", "y"), parent=1),
        ],
    )
    assert imported.trace.output == ANSWER
    assert imported.metadata.get("agent_name") is None  # a span names no agent
    assert imported.trace.usage.input_tokens == 9


def test_a_langchain_tool_call_says_args() -> None:
    # LangChain's ToolCall {name, args, id}: before, its arguments were read as {}
    [msg] = parse_messages(
        {"role": "assistant", "tool_calls": [{"name": "f", "args": {"x": 1}, "id": "c1"}]},
        default_role="assistant",
    )
    assert [(r.name, r.arguments, r.id) for r in msg.tool_calls] == [("f", {"x": 1}, "c1")]


_DOCS = [
    {"id": "doc-1", "source": "policies/shipping.md", "text": "Orders ship in 2 days."},
    {"source": "policies/refunds.md", "text": "Refunds within 30 days."},
]


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        # @observe(as_type="retriever") on the application's own function: its documents
        (
            _DOCS,
            [
                ("doc-1", "Orders ship in 2 days.", "policies/shipping.md"),
                (f"{2:016x}:1", "Refunds within 30 days.", "policies/refunds.md"),
            ],
        ),
        # a list that is not all documents with a text: no passages
        ([_DOCS[0], "Refunds within 30 days."], []),
        (["Orders ship in 2 days."], []),
    ],
)
def test_an_observed_retrievers_documents_are_passages(
    tmp_path: Path, output: Any, expected: list[tuple[str, str, str]]
) -> None:
    ask = {"args": [ASK], "kwargs": {}}
    imported = import_one(
        tmp_path,
        [
            _span(1, "answer_question", langfuse_observation("chain", ask, ANSWER)),
            _span(2, "search", langfuse_observation("retriever", ask, output), parent=1),
        ],
    )
    found = [(p.id, p.text, p.source) for p in imported.trace.passages]
    assert found == expected


@pytest.mark.parametrize(
    ("asked", "expected"),
    [
        # @observe's record of the function's arguments is the application's: the first user
        # message, which holds more than the argument, is the input
        ({"args": [ASK], "kwargs": {}}, f"Context:\nOslo: snow.\n\nQuestion: {ASK}"),
        ({"args": [], "kwargs": {"question": ASK}}, f"Context:\nOslo: snow.\n\nQuestion: {ASK}"),
        # a run's own input that asks, an object of one text, stays the input
        ({"question": ASK}, ASK),
    ],
)
def test_an_observed_functions_arguments_are_not_the_input(
    tmp_path: Path, asked: Any, expected: str
) -> None:
    prompt = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": f"Context:\nOslo: snow.\n\nQuestion: {ASK}"},
    ]
    imported = import_one(
        tmp_path,
        [
            _span(1, "answer_question", langfuse_observation("chain", asked, ANSWER)),
            _span(
                2,
                "OpenAI-generation",
                _generation(prompt, {"role": "assistant", "content": ANSWER}, {"input": 9}),
                parent=1,
            ),
        ],
    )
    assert imported.input == expected
