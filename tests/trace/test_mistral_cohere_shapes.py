"""Mistral's and Cohere's own clients, on small spans written the way their instrumentations
write them (tests/data/traces/mistral/, tests/data/traces/*/*-cohere-2026-12-05.json).

- openinference-instrumentation-mistralai flattens a reply's tool calls without their ids
  (``llm.output_messages.0.message.tool_calls.<j>.tool_call.function.*``) but keeps Mistral's
  response whole in ``output.value``, the ids in it; the next request's tool messages answer
  those ids: the requests take them (`_response_ids`);
- openlit's Cohere instrumentation (and its Mistral one) writes the reply's calls with their
  ids but the next input's results as bare text parts, no ids: the results right after a
  turn, one per call, answer its calls in order, and carry their ids (`_unnamed_results`);
- langchain-cohere's ``ChatCohere`` makes Cohere's tool plan its AIMessage's content, which
  openinference-instrumentation-langchain writes as the turn's text: the text the trace
  records as the turn's content is its content, marked a plan or not, and it is one turn;
  and so under LangSmith's, Langfuse's and MLflow's LangChain tracing. (Until 2026-12-06 a
  plan so recorded was read as no text; every annotator who met one kept it.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "0b" * 16
SYSTEM = "You are a weather assistant."
ASK = "What is the weather in Paris and in Tokyo?"
ANSWER = "Paris is sunny; Tokyo has rain."
IDS = ["Wp4nR7kQ2", "Tk9vB3xM8"]
CITIES = ["Paris", "Tokyo"]


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = 1) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=n + 0.5)


def _mistral_calls() -> list[dict[str, Any]]:
    return [
        {
            "function": {"name": "get_weather", "arguments": json.dumps({"city": city})},
            "id": call_id,
            "type": "function",
            "index": index,
        }
        for index, (city, call_id) in enumerate(zip(CITIES, IDS, strict=True))
    ]


def _openinference_mistral_spans() -> list[dict[str, Any]]:
    """Two ``MistralClient.chat`` LLM spans: the calls turn, then the answer."""
    asked = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": ASK}]
    first: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.system": "mistralai",
        "llm.model_name": "mistral-small-latest",
        "llm.token_count.prompt": 61,
        "llm.token_count.completion": 34,
        "input.value": json.dumps({"model": "mistral-small-latest", "messages": asked}),
        "output.value": json.dumps(
            {
                "model": "mistral-small-latest",
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": "tool_calls",
                        "message": {
                            "role": "assistant",
                            "content": "",
                            "tool_calls": _mistral_calls(),
                        },
                    }
                ],
            }
        ),
        "llm.output_messages.0.message.role": "assistant",
    }
    for i, message in enumerate(asked):
        first[f"llm.input_messages.{i}.message.role"] = message["role"]
        first[f"llm.input_messages.{i}.message.content"] = message["content"]
    for j, city in enumerate(CITIES):
        call = f"llm.output_messages.0.message.tool_calls.{j}.tool_call.function"
        first[f"{call}.name"] = "get_weather"
        first[f"{call}.arguments"] = json.dumps({"city": city})
    results = [
        {"role": "tool", "name": "get_weather", "content": text, "tool_call_id": call_id}
        for text, call_id in zip(["sunny", "rain"], IDS, strict=True)
    ]
    # the appended AssistantMessage object: a repr in input.value, not flattened
    turn = "role='assistant' content='' tool_calls=[...] prefix=False"
    second: dict[str, Any] = {
        key: value
        for key, value in first.items()
        if not key.startswith(("llm.output_messages", "output.value", "llm.token"))
    }
    second.update(
        {
            "llm.token_count.prompt": 118,
            "llm.token_count.completion": 21,
            "input.value": json.dumps({"messages": [*asked, turn, *results]}),
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": ANSWER,
        }
    )
    for i, result in enumerate(results, start=3):
        for key in ("role", "content", "name"):
            second[f"llm.input_messages.{i}.message.{key}"] = result[key]
    return [
        _span(1, "weather_loop", {}, parent=None),
        _span(2, "MistralClient.chat", first),
        _span(3, "MistralClient.chat", second),
    ]


def test_openinference_mistral_requests_take_their_ids_from_the_response_json(
    tmp_path: Path,
) -> None:
    imported = import_one(tmp_path, _openinference_mistral_spans())
    calls = imported.trace.tool_calls
    assert [(c.id, c.arguments, c.result) for c in calls] == [
        ("Wp4nR7kQ2", {"city": "Paris"}, "sunny"),
        ("Tk9vB3xM8", {"city": "Tokyo"}, "rain"),
    ]
    turn = next(m for m in imported.trace.messages if m.tool_calls)
    assert [r.id for r in turn.tool_calls] == IDS
    assert imported.trace.output == ANSWER


def _parts(role: str, *parts: dict[str, Any]) -> dict[str, Any]:
    return {"role": role, "parts": list(parts)}


def _text(content: str) -> dict[str, Any]:
    return {"type": "text", "content": content}


COHERE_IDS = ["get_weather_p7k2m9x4q1zd", "get_weather_t3n8c5w0v6rb"]


def _openlit_cohere_spans() -> list[dict[str, Any]]:
    """openlit's two Cohere ``chat`` spans: the reply's calls with Cohere's ids, the next
    input's assistant turn one empty text part and its results bare text parts, no ids."""
    asked = [_parts("system", _text(SYSTEM)), _parts("user", _text(ASK))]
    calls = [
        {"type": "tool_call", "id": i, "name": "get_weather", "arguments": json.dumps({"city": c})}
        for c, i in zip(CITIES, COHERE_IDS, strict=True)
    ]

    def chat(inputs: list[Any], outputs: list[Any], usage: tuple[int, int]) -> dict[str, Any]:
        return {
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": "cohere",
            "gen_ai.request.model": "command-a-03-2025",
            "gen_ai.usage.input_tokens": usage[0],
            "gen_ai.usage.output_tokens": usage[1],
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(outputs),
        }

    later = [
        *asked,
        _parts("assistant", _text("")),
        _parts("tool", _text("sunny")),
        _parts("tool", _text("rain")),
    ]
    return [
        _span(1, "weather_loop", {}, parent=None),
        _span(2, "chat command-a-03-2025", chat(asked, [_parts("assistant", *calls)], (61, 34))),
        _span(
            3,
            "chat command-a-03-2025",
            chat(later, [_parts("assistant", _text(ANSWER))], (118, 21)),
        ),
    ]


def test_openlit_cohere_results_without_ids_answer_their_turns_calls_in_order(
    tmp_path: Path,
) -> None:
    imported = import_one(tmp_path, _openlit_cohere_spans())
    assert [(c.id, c.arguments, c.result) for c in imported.trace.tool_calls] == [
        (COHERE_IDS[0], {"city": "Paris"}, "sunny"),
        (COHERE_IDS[1], {"city": "Tokyo"}, "rain"),
    ]
    # the messages carry the ids of the calls they answer, as the request gives them
    assert [m.tool_call_id for m in imported.trace.messages if m.role == "tool"] == COHERE_IDS


PLAN = "I will look up the weather in Paris and in Tokyo."


def _langchain_cohere_spans(
    extra: dict[str, Any], provider: str = "cohere"
) -> list[dict[str, Any]]:
    """openinference-instrumentation-langchain's spans of a LangGraph agent on langchain-cohere's
    ``ChatCohere``: the plan is the call turn's content, `extra` its ``additional_kwargs``,
    `provider` the LLM spans' ``llm.provider``."""
    calls = [
        {"id": i, "name": "get_weather", "args": {"city": c}, "type": "tool_call"}
        for c, i in zip(CITIES, COHERE_IDS, strict=True)
    ]
    turn = {"content": PLAN, "additional_kwargs": extra, "type": "ai", "tool_calls": calls}
    lc_turn = {"lc": 1, "type": "constructor", "id": ["AIMessage"], "kwargs": turn}
    flat_calls: dict[str, Any] = {}
    for j, (c, i) in enumerate(zip(CITIES, COHERE_IDS, strict=True)):
        flat_calls[f"tool_calls.{j}.tool_call.id"] = i
        flat_calls[f"tool_calls.{j}.tool_call.function.name"] = "get_weather"
        flat_calls[f"tool_calls.{j}.tool_call.function.arguments"] = json.dumps({"city": c})

    def llm(first: bool) -> dict[str, Any]:
        attrs: dict[str, Any] = {
            "openinference.span.kind": "LLM",
            "llm.provider": provider,
            "llm.model_name": "command-a-03-2025",
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": ASK,
            "llm.output_messages.0.message.role": "assistant",
        }
        if first:
            attrs["llm.output_messages.0.message.content"] = PLAN
            attrs |= {f"llm.output_messages.0.message.{k}": v for k, v in flat_calls.items()}
            generation = {"text": PLAN, "message": lc_turn}
            attrs["output.value"] = json.dumps({"generations": [[generation]]})
            return attrs
        attrs["llm.input_messages.1.message.role"] = "assistant"
        attrs["llm.input_messages.1.message.content"] = PLAN
        attrs |= {f"llm.input_messages.1.message.{k}": v for k, v in flat_calls.items()}
        for n, (i, result) in enumerate(zip(COHERE_IDS, ["sunny", "rain"], strict=True), 2):
            attrs[f"llm.input_messages.{n}.message.role"] = "tool"
            attrs[f"llm.input_messages.{n}.message.content"] = result
            attrs[f"llm.input_messages.{n}.message.tool_call_id"] = i
        attrs["llm.output_messages.0.message.content"] = ANSWER
        human = {"lc": 1, "type": "constructor", "id": ["HumanMessage"], "kwargs": {"content": ASK}}
        attrs["input.value"] = json.dumps({"messages": [[human, lc_turn]]})
        return attrs

    state = {"messages": [{"type": "ai", "data": turn}]}
    answer = {"type": "ai", "data": {"content": ANSWER, "type": "ai"}}
    final = {"openinference.span.kind": "AGENT", "output.value": json.dumps({"messages": [answer]})}
    return [
        _span(1, "weather_agent", final, parent=None),
        _span(2, "agent", {"openinference.span.kind": "AGENT", "output.value": json.dumps(state)}),
        _span(3, "ChatCohere", llm(True), parent=2),
        _span(4, "ChatCohere", llm(False)),
    ]


def test_a_langchain_cohere_turns_tool_plan_is_its_text(tmp_path: Path) -> None:
    """langchain-cohere makes Cohere's tool plan the AIMessage's content, and the trace records
    it as the turn's text: it is the turn's content, marked ``additional_kwargs.tool_plan`` or
    not, Cohere's or another provider's, and the turn of calls is one turn either way."""
    for extra, provider in (
        ({"tool_plan": PLAN, "finish_reason": "TOOL_CALL"}, "cohere"),
        ({"finish_reason": "TOOL_CALL"}, "cohere"),  # _astream keeps no tool_plan beside it
        ({"finish_reason": "TOOL_CALL"}, "mistralai"),
    ):
        imported = import_one(tmp_path, _langchain_cohere_spans(extra, provider=provider))
        turns = [m for m in imported.trace.messages if m.tool_calls]
        assert [(m.content, [r.id for r in m.tool_calls]) for m in turns] == [(PLAN, COHERE_IDS)]
        assert imported.trace.output == ANSWER


def _lc_turn(extra: dict[str, Any]) -> dict[str, Any]:
    """LangChain's ``AIMessage`` of ChatCohere's turn of calls, as ``model_dump()`` writes it:
    the plan its content, `extra` its ``additional_kwargs`` / ``response_metadata``."""
    calls = [
        {"id": i, "name": "get_weather", "args": {"city": c}, "type": "tool_call"}
        for c, i in zip(CITIES, COHERE_IDS, strict=True)
    ]
    return {
        "content": PLAN,
        "additional_kwargs": extra,
        "response_metadata": extra,
        "type": "ai",
        "tool_calls": calls,
    }


def _results() -> list[dict[str, Any]]:
    return [
        {"content": r, "type": "tool", "tool_call_id": i, "additional_kwargs": {}}
        for i, r in zip(COHERE_IDS, ["sunny", "rain"], strict=True)
    ]


def _langsmith_cohere_spans(extra: dict[str, Any]) -> list[dict[str, Any]]:
    """LangSmith's OpenTelemetry spans of the agent on ChatCohere: the llm runs' prompt and
    completion are LangChain's serialised messages and ``LLMResult``."""

    def lc(kind: str, data: dict[str, Any]) -> dict[str, Any]:
        return {"lc": 1, "type": "constructor", "id": ["langchain", kind], "kwargs": data}

    turn = _lc_turn(extra)
    asked = [lc("HumanMessage", {"content": ASK, "type": "human", "additional_kwargs": {}})]
    first = {"text": PLAN, "generation_info": extra, "message": lc("AIMessage", turn)}
    answer = {"text": ANSWER, "message": lc("AIMessage", {"content": ANSWER, "type": "ai"})}
    history = [*asked, lc("AIMessage", turn), *(lc("ToolMessage", m) for m in _results())]

    def llm(prompt: list[Any], generation: dict[str, Any]) -> dict[str, Any]:
        return {
            "langsmith.span.kind": "llm",
            "gen_ai.operation.name": "chat",
            "gen_ai.request.model": "command-a-03-2025",
            "gen_ai.prompt": json.dumps({"messages": [prompt]}),
            "gen_ai.completion": json.dumps({"generations": [[generation]]}),
        }

    final = {"content": ANSWER, "type": "ai", "name": "weather_agent", "additional_kwargs": {}}
    root = {
        "langsmith.span.kind": "chain",
        "gen_ai.operation.name": "chain",
        "gen_ai.prompt": json.dumps({"messages": [["user", ASK]]}),
        "gen_ai.completion": json.dumps(
            {"messages": [{"content": ASK, "type": "human", "additional_kwargs": {}}, final]}
        ),
    }
    return [
        _span(1, "weather_agent", root, parent=None),
        _span(2, "ChatCohere", llm(asked, first)),
        _span(3, "ChatCohere", llm(history, answer)),
    ]


def _mlflow_cohere_spans(extra: dict[str, Any]) -> list[dict[str, Any]]:
    """MLflow's LangChain autolog spans of the agent on ChatCohere: the chat model spans write
    OpenAI-shaped messages (the plan the turn's content, nothing beside it), the ``call_model``
    chain above the first writes the ``AIMessage`` whole."""
    requested = [
        {"id": i, "type": "function", "function": {"name": "get_weather", "arguments": a}}
        for i, a in zip(COHERE_IDS, [json.dumps({"city": c}) for c in CITIES], strict=True)
    ]
    turn = {"role": "assistant", "content": PLAN, "tool_calls": requested}
    results = [
        {"role": "tool", "content": m["content"], "tool_call_id": m["tool_call_id"]}
        for m in _results()
    ]
    asked = [{"role": "user", "content": ASK}]

    def chat(messages: list[Any], reply: dict[str, Any]) -> dict[str, Any]:
        return {
            "mlflow.spanType": json.dumps("CHAT_MODEL"),
            "mlflow.llm.model": json.dumps("command-a-03-2025"),
            "mlflow.spanInputs": json.dumps({"messages": messages}),
            "mlflow.spanOutputs": json.dumps({"choices": [{"message": reply}]}),
        }

    def chain(inputs: Any, outputs: Any) -> dict[str, Any]:
        return {
            "mlflow.spanType": json.dumps("CHAIN"),
            "mlflow.spanInputs": json.dumps(inputs),
            "mlflow.spanOutputs": json.dumps(outputs),
        }

    state = {
        "messages": [
            {"content": ASK, "type": "human", "additional_kwargs": {}},
            {"content": ANSWER, "type": "ai", "additional_kwargs": {}},
        ]
    }
    return [
        _span(1, "weather_agent", chain({"messages": [["user", ASK]]}, state), parent=None),
        _span(2, "call_model", chain({}, {"messages": [_lc_turn(extra)]})),
        _span(3, "ChatCohere", chat(asked, turn), parent=2),
        _span(
            4,
            "ChatCohere",
            chat([*asked, turn, *results], {"role": "assistant", "content": ANSWER}),
        ),
    ]


def _langfuse_cohere_spans(extra: dict[str, Any]) -> list[dict[str, Any]]:
    """Langfuse's LangChain ``CallbackHandler`` observations of the agent on ChatCohere: the
    generations' messages with their ``additional_kwargs``; the graph's final state (the
    root's output) holds the turn again."""
    turn = {"role": "assistant", **_lc_turn(extra)}
    results = [{"role": "tool", **m} for m in _results()]
    asked = [{"role": "user", "content": ASK}]

    def generation(messages: list[Any], reply: dict[str, Any]) -> dict[str, Any]:
        return {
            "langfuse.observation.type": "generation",
            "langfuse.observation.model.name": "command-a-03-2025",
            "langfuse.observation.input": json.dumps(messages),
            "langfuse.observation.output": json.dumps(reply),
        }

    final = {"content": ANSWER, "type": "ai", "name": "weather_agent", "additional_kwargs": {}}
    state = [
        {"content": ASK, "type": "human", "additional_kwargs": {}},
        _lc_turn(extra),
        *_results(),
        final,
    ]
    root = {
        "langfuse.observation.type": "agent",
        "langfuse.observation.input": json.dumps({"messages": [["user", ASK]]}),
        "langfuse.observation.output": json.dumps({"messages": state}),
    }
    return [
        _span(1, "weather_agent", root, parent=None),
        _span(2, "ChatCohere", generation(asked, turn)),
        _span(
            3,
            "ChatCohere",
            generation([*asked, turn, *results], {"role": "assistant", "content": ANSWER}),
        ),
    ]


def test_a_cohere_tool_plan_is_the_turns_text_under_langsmith_langfuse_and_mlflow(
    tmp_path: Path,
) -> None:
    """The same LangGraph agent on ChatCohere under LangSmith's, Langfuse's and MLflow's
    LangChain tracing: the plan the trace records as the turn's text is its content, with
    the serialised message's ``tool_plan`` mark or without: one turn of calls either way."""
    for spans in (_langsmith_cohere_spans, _langfuse_cohere_spans, _mlflow_cohere_spans):
        for extra in (
            {"tool_plan": PLAN, "finish_reason": "TOOL_CALL"},
            {"finish_reason": "TOOL_CALL"},
        ):
            imported = import_one(tmp_path, spans(extra))
            turns = [m for m in imported.trace.messages if m.tool_calls]
            assert [(m.content, [r.id for r in m.tool_calls]) for m in turns] == [
                (PLAN, COHERE_IDS)
            ]
            assert imported.trace.output == ANSWER
