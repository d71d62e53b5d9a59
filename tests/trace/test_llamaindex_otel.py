"""LlamaIndex's own OpenTelemetry integration (llama-index-observability-otel 0.7.0).

Its spans carry no GenAI or OpenInference key: LlamaIndex's instrumentation events are span
events (``LLMChatStartEvent``: ``messages``, ``model_dict.*``), a workflow step's input event
is a tag on its spans (``llamaindex.step.input_summary``) and what it returned a ``step.output``
event, each a summary cut at 200 characters (`otel/_llamaindex_otel.py`; the real exports:
tests/data/traces/llamaindex/llamaindex-otel-*). Small spans written that way, with no scope
(a dump's: the integration known by its events and tags), check what the summaries give and,
above all, what they do not: a reply, a result, a name the cut reached is none, and an earlier
text does not stand in for an answer no span holds whole. And no span of another convention or
tool in the corpus, with its scope or without (a dump), is taken for the integration's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fourfold.integrations._span_files import documents_of
from fourfold.integrations._spans import read_spans
from fourfold.integrations.otel._llamaindex_otel import is_llamaindex_otel
from tests.helpers.corpus import CORPUS, EXPORTS
from tests.helpers.span_builders import import_one, span

TRACE = "1e" * 16
SYSTEM = "You are a weather assistant."
ASK = "What is the weather in Oslo?"
_ROLE = "<MessageRole.{}: '{}'>"


def _event(name: str, owner: str, **fields: Any) -> dict[str, Any]:
    """An instrumentation event as the integration writes it on its span `owner`."""
    attributes = {"timestamp": '"2026-12-07 06:26:34"', "id_": "e-1", "span_id": f"{owner}-9a8b"}
    return {"name": name, "attributes": {**attributes, **fields, "class_name": name}}


def _tags(kind: str, summary: str) -> dict[str, Any]:
    return {
        "llamaindex.run_id": "r-1",
        "llamaindex.step.input_event": kind,
        "llamaindex.step.input_summary": summary,
    }


def _step(n: int, name: str, kind: str, summary: str, *returned: str, parent: int = 1) -> Any:
    events = [_event("step.output", name, output=text) for text in returned]
    return span(
        n,
        name,
        _tags(kind, summary),
        trace=TRACE,
        parent=parent,
        start=n,
        end=n + 0.5,
        events=events,
    )


def _message(role: str, text: str, **extra: Any) -> dict[str, Any]:
    return {
        "role": role,
        "additional_kwargs": extra,
        "blocks": [{"block_type": "text", "text": text}],
    }


def _chat(n: int, parent: int, messages: list[dict[str, Any]], *more: dict[str, Any]) -> Any:
    start = _event(
        "LLMChatStartEvent",
        "OpenAI.astream_chat",
        messages=json.dumps(messages),
        **{"model_dict.model_name": "gpt-4o-mini"},
    )
    return span(
        n,
        "OpenAI.astream_chat",
        _tags("AgentSetup", "AgentSetup(input=[...]..."),
        trace=TRACE,
        parent=parent,
        start=n + 0.1,
        end=n + 0.2,
        events=[start, *more],
    )


def _agent_output(text: str, extra: str = "{}") -> str:
    message = (
        f"ChatMessage(role={_ROLE.format('ASSISTANT', 'assistant')}, additional_kwargs={extra}, "
        f"blocks=[TextBlock(block_type='text', text={text!r})])"
    )
    return f"AgentOutput(response={message}, structured_response=None, current_agent_name='a')"


def _cut(summary: str, at: int = 200) -> str:
    """A summary cut as llama-index-workflows cuts it."""
    return summary if len(summary) <= at else summary[: at - 3] + "..."


def _root(*returned: str) -> Any:
    events = [_event("workflow.output", "FunctionAgent.run", output=t) for t in returned]
    return span(1, "FunctionAgent.run", {}, trace=TRACE, start=0.0, end=30.0, events=events)


_CALL = {
    "id": "call_o1",
    "type": "function",
    "index": 0,
    "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'},
}
_ASKED = [_message("system", SYSTEM), _message("user", ASK)]
_TURN = _message("assistant", "Let me look.", tool_calls=[_CALL])
_CALL_REPR = (
    "{'tool_calls': [ChoiceDeltaToolCall(index=0, id='call_o1', function=ChoiceDeltaToolCall"
    "Function(arguments='{\"city\": \"Oslo\"}', name='get_weather'), type='function')]}"
)
_TOOL_CALL = "ToolCall(tool_name='get_weather', tool_kwargs={'city': 'Oslo'}, tool_id='call_o1')"


def _result(text: str) -> str:
    output = (
        f"ToolOutput(blocks=[TextBlock(block_type='text', text={text!r})], "
        "tool_name='get_weather', raw_input={'args': (), 'kwargs': {'city': 'Oslo'}}, "
        f"raw_output={text!r}, is_error=False)"
    )
    return f"{_TOOL_CALL[:-1]}, tool_output={output}, return_direct=False)".replace(
        "ToolCall(", "ToolCallResult(", 1
    )


def test_a_streamed_answer_cut_in_its_summary_is_no_answer_nor_an_earlier_text(
    tmp_path: Path,
) -> None:
    """The last call's reply is in no event; its step's summary is cut inside the answer: the
    run's answer is unknown, not the text the model wrote before its tool call."""
    answer = "Oslo has snow at -3 C, and it will go on snowing through the night and the morning."
    spans = [
        _root(_cut("StopEvent(result=" + _agent_output(answer) + ")")),
        _step(
            2,
            "BaseWorkflowAgent.run_agent_step",
            "AgentSetup",
            "AgentSetup(...)",
            _agent_output("Let me look.", _CALL_REPR),
        ),
        _chat(2, 2, _ASKED),
        _step(3, "BaseWorkflowAgent.call_tool", "ToolCall", _TOOL_CALL, _cut(_result("snow"))),
        span(
            4,
            "FunctionTool.acall",
            _tags("ToolCall", _TOOL_CALL),
            trace=TRACE,
            parent=3,
            start=3.1,
            end=3.2,
        ),
        _step(
            5,
            "BaseWorkflowAgent.run_agent_step",
            "AgentSetup",
            "AgentSetup(...)",
            _cut(_agent_output(answer)),
        ),
        _chat(5, 5, [*_ASKED, _TURN, _message("tool", "snow", tool_call_id="call_o1")]),
    ]
    imported = import_one(tmp_path, spans)
    trace = imported.trace
    assert trace.output is None
    said = [(m.role, m.content) for m in trace.messages]
    assert said == [
        ("system", SYSTEM),
        ("user", ASK),
        ("assistant", "Let me look."),
        ("tool", "snow"),
    ]
    assert [[r.id for r in m.tool_calls] for m in trace.messages if m.role == "assistant"] == [
        ["call_o1"]
    ]
    [call] = trace.tool_calls
    assert (call.name, call.arguments, call.id, call.result) == (
        "get_weather",
        {"city": "Oslo"},
        "call_o1",
        "snow",
    )
    assert imported.metadata.get("model") == "gpt-4o-mini"
    assert not trace.usage.known
    assert imported.metadata.get("agent_name") == "a"  # the step's AgentOutput names it whole


def test_a_call_the_run_ended_on_takes_its_result_from_its_steps_summary(tmp_path: Path) -> None:
    """A tool whose result no later model input holds (the run ended on it): the call's result
    is the ``ToolCallResult`` its ``call_tool`` step returned, as far as it holds it whole."""
    turn = _agent_output("", _CALL_REPR)
    long_text = "snow " * 60  # its block cut by the summary: no result of it
    for said, expected in (("snow, -3 C", "snow, -3 C"), (long_text, None)):
        spans = [
            _root(),
            _step(2, "BaseWorkflowAgent.run_agent_step", "AgentSetup", "AgentSetup(...)", turn),
            _chat(2, 2, _ASKED),
            _step(3, "BaseWorkflowAgent.call_tool", "ToolCall", _TOOL_CALL, _cut(_result(said))),
            span(
                4,
                "FunctionTool.acall",
                _tags("ToolCall", _TOOL_CALL),
                trace=TRACE,
                parent=3,
                start=3.1,
                end=3.2,
            ),
        ]
        [call] = import_one(tmp_path, spans).trace.tool_calls
        assert (call.id, call.arguments, call.result) == ("call_o1", {"city": "Oslo"}, expected)


def test_a_tool_call_summary_cut_by_its_fields_gives_what_the_request_says(
    tmp_path: Path,
) -> None:
    """A summary cuts a string field over 50 characters to 50 and ``...`` and writes a dict
    over 3 keys as ``{N keys}``: the tool's name and arguments are then the request's, never
    the cut text."""
    name = "get_weather_for_a_city_anywhere_in_the_whole_wide_world"
    summary = (
        f"ToolCall(tool_name={name[:50] + '...'!r}, tool_kwargs={{4 keys}}, tool_id='call_o1')"
    )
    request = {
        **_CALL,
        "function": {"name": name, "arguments": '{"city": "Oslo", "a": 1, "b": 2, "c": 3}'},
    }
    spans = [
        _root(),
        _step(2, "BaseWorkflowAgent.run_agent_step", "AgentSetup", "AgentSetup(...)"),
        _chat(2, 2, _ASKED),
        span(
            4,
            "FunctionTool.acall",
            _tags("ToolCall", summary),
            trace=TRACE,
            parent=1,
            start=3.1,
            end=3.2,
        ),
        _step(
            5,
            "BaseWorkflowAgent.run_agent_step",
            "AgentSetup",
            "AgentSetup(...)",
            _agent_output("Snow."),
        ),
        _chat(
            5,
            5,
            [
                *_ASKED,
                _message("assistant", "", tool_calls=[request]),
                _message("tool", "snow", tool_call_id="call_o1"),
            ],
        ),
    ]
    trace = import_one(tmp_path, spans).trace
    [call] = trace.tool_calls
    assert (call.name, call.arguments) == (name, {"city": "Oslo", "a": 1, "b": 2, "c": 3})
    assert trace.output == "Snow."


def test_a_chat_with_its_end_event_and_a_query_engine(tmp_path: Path) -> None:
    """An unstreamed chat's end event holds its reply (its calls in ``additional_kwargs``) and
    the provider's usage; a query engine's query, a ``QueryBundle``, is the run's input and its
    response the answer; the embedding is no model call."""
    reply = {
        "response.message.role": "assistant",
        "response.message.blocks": json.dumps([{"block_type": "text", "text": "2 days."}]),
        "response.raw.model": "gpt-4o-mini-2024-07-18",
        "response.raw.usage.prompt_tokens": 40,
        "response.raw.usage.completion_tokens": 5,
        "response.additional_kwargs.prompt_tokens": 40,
    }
    start = _event(
        "LLMChatStartEvent",
        "OpenAI.chat",
        messages=json.dumps(_ASKED),
        **{"model_dict.model_name": "gpt-4o-mini"},
    )
    end = _event("LLMChatEndEvent", "OpenAI.chat", **reply)
    query = {"query.query_str": "How long is shipping?", "query.embedding": "null"}
    answered = {**query, "response.response": "Two days."}
    embed = _event(
        "EmbeddingStartEvent",
        "MockEmbedding.get_query_embedding",
        **{"model_dict.model_name": "unknown"},
    )
    spans = [
        span(
            1,
            "RetrieverQueryEngine.query",
            {},
            trace=TRACE,
            start=0.0,
            end=9.0,
            events=[
                _event("QueryStartEvent", "RetrieverQueryEngine.query", **query),
                _event("QueryEndEvent", "RetrieverQueryEngine.query", **answered),
            ],
        ),
        span(
            2,
            "MockEmbedding.get_query_embedding",
            {},
            trace=TRACE,
            parent=1,
            start=1.0,
            end=1.5,
            events=[embed],
        ),
        span(
            3,
            "OpenAI.predict",
            {},
            trace=TRACE,
            parent=1,
            start=2.0,
            end=3.0,
            events=[
                _event(
                    "LLMPredictStartEvent", "OpenAI.predict", **{"template.kwargs.query_str": "x"}
                )
            ],
        ),
        span(4, "OpenAI.chat", {}, trace=TRACE, parent=3, start=2.1, end=2.9, events=[start, end]),
    ]
    imported = import_one(tmp_path, spans)
    assert imported.input == "How long is shipping?"
    assert imported.trace.output == "Two days."
    assert [(m.role, m.content) for m in imported.trace.messages][-1] == ("assistant", "2 days.")
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (40, 5)
    assert imported.metadata.get("model") == "gpt-4o-mini"
    assert imported.metadata.get("response_model") == "gpt-4o-mini-2024-07-18"


def _read(path: Path) -> list[Any]:
    try:
        return read_spans(documents_of(path)).spans
    except Exception:  # noqa: BLE001 - not a span file (a τ-bench file): no span to claim
        return []


OURS = {
    "llamaindex-otel-2026-12-07",
    "llamaindex-otel-rag-2026-12-07",
    "llamaindex-otel-tool-error-2026-12-07",
}


@pytest.mark.slow
def test_no_span_of_another_tool_is_taken_for_the_integrations_with_or_without_its_scope() -> None:
    """OpenInference's, OpenLLMetry's, openlit's and MLflow's LlamaIndex spans, and every other
    span of the corpus, are not the integration's, even with their scope gone (a dump)."""
    claimed = []
    for path in EXPORTS:
        ours = path.name.removesuffix(".gz").removesuffix(".json") in OURS
        for found in _read(path):
            scoped = is_llamaindex_otel(found)
            found.scope = None
            if not ours and (scoped or is_llamaindex_otel(found)):
                claimed.append(f"{path.relative_to(CORPUS)}: {found.name}")
    assert claimed == []


def test_the_integrations_spans_are_known_with_their_scope_or_by_their_marks() -> None:
    path = CORPUS / "llamaindex" / "llamaindex-otel-tool-error-2026-12-07.json"
    spans = _read(path)
    assert all(is_llamaindex_otel(s) for s in spans)
    for found in spans:
        found.scope = None
    # a dump: every span that holds anything is known by its events or its step tags
    marked = [s for s in spans if s.events or s.attributes]
    assert marked and all(is_llamaindex_otel(s) for s in marked)
