"""LlamaIndex's ReActAgent and a QueryEngineTool, as openinference-instrumentation-llama-index
writes them.

A ReActAgent sends no tools: the model acts in text (``Thought`` / ``Action`` / ``Action
Input``), LlamaIndex parses each reply, runs the tool and writes the step back into the next
prompt with its action input as a Python dict, the observation as a user message; its answer
is the text after the final step's ``Answer:``. A ``QueryEngineTool`` returns the query
engine's ``Response``: the model gets its text, the source nodes are the retriever's.
The real exports: tests/data/traces/llamaindex/llamaindex-react-* and -query-tool-*.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "c3" * 16
SYSTEM = "You are designed to help with a variety of tasks.\n\n## Tools\n..."
USER = "Weather in Paris?"
STEP = 'Thought: I need the weather in Paris.\nAction: get_weather\nAction Input: {"city": "Paris"}'
REPLAYED = STEP.replace('{"city": "Paris"}', "{'city': 'Paris'}")
FINAL = "Thought: I can answer without using any more tools.\nAnswer: Paris is sunny."
STOP = "StopEvent(result=AgentOutput(response=ChatMessage(role=<MessageRole.ASSISTANT: ..."


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = 1) -> dict[str, Any]:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)


def _chat(n: int, said: list[tuple[str, str]], reply: str) -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": reply,
    }
    for i, (role, content) in enumerate(said):
        attrs[f"llm.input_messages.{i}.message.role"] = role
        attrs[f"llm.input_messages.{i}.message.content"] = content
    return _span(n, "OpenAI.astream_chat", attrs)


def _root(kind: str = "CHAIN") -> dict[str, Any]:
    attrs = {"openinference.span.kind": kind, "input.value": "{}", "output.value": STOP}
    return _span(1, "ReActAgent.run", attrs, parent=None)


def _react() -> list[dict[str, Any]]:
    tool_output = {
        "blocks": [{"text": "sunny"}],
        "tool_name": "get_weather",
        "raw_input": {"args": [], "kwargs": {"city": "Paris"}},
        "raw_output": "sunny",
        "is_error": False,
    }
    tool = {
        "openinference.span.kind": "TOOL",
        "tool.name": "get_weather",
        "input.value": json.dumps({"kwargs": {"city": "Paris"}}),
        "output.value": json.dumps(tool_output),
    }
    first = [("system", SYSTEM), ("user", USER)]
    then = [*first, ("assistant", REPLAYED), ("user", "Observation: sunny")]
    return [
        _root(),
        _chat(2, first, STEP),
        _span(3, "FunctionTool.acall", tool),
        _chat(4, then, FINAL),
    ]


def test_a_react_step_replayed_with_a_python_dict_is_the_turn_said_once(tmp_path: Path) -> None:
    """The next prompt writes the model's action step back with its input as a Python dict:
    the same thought, action and input, so the same turn, as the model wrote it."""
    imported = import_one(tmp_path, _react())
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said == [
        ("system", SYSTEM),
        ("user", USER),
        ("assistant", STEP),
        ("user", "Observation: sunny"),
        ("assistant", FINAL),
    ]


def test_a_react_step_with_another_input_is_another_turn(tmp_path: Path) -> None:
    """An action step whose input differs in value is not the same turn."""
    spans = _react()
    other = REPLAYED.replace("Paris", "Lyon")
    spans[3]["attributes"]["llm.input_messages.2.message.content"] = other
    contents = [m.content for m in import_one(tmp_path, spans).trace.messages]
    assert STEP in contents and other in contents


def test_the_answer_of_a_react_final_step_is_the_runs_answer(tmp_path: Path) -> None:
    """The run's answer, when only the model's last text gives it, is its final step's
    ``Answer:``, not the thought before it."""
    assert import_one(tmp_path, _react()).trace.output == "Paris is sunny."


def _query_tool(raw_output: Any, text: str) -> list[dict[str, Any]]:
    tool_output = {
        "blocks": [{"text": text}],
        "tool_name": "search_policies",
        "raw_input": {"input": "shipping"},
        "raw_output": raw_output,
        "is_error": False,
    }
    tool = {
        "openinference.span.kind": "TOOL",
        "tool.name": "search_policies",
        "input.value": json.dumps({"kwargs": {"input": "shipping"}}),
        "output.value": json.dumps(tool_output),
    }
    return [_root(), _span(2, "QueryEngineTool.acall", tool)]


def test_a_query_engine_tool_returned_its_responses_text(tmp_path: Path) -> None:
    """A QueryEngineTool's raw output is the query engine's Response; the model got its
    text, which is the tool's result (its source nodes are the retriever's passages)."""
    response = {
        "response": "Ships in 2 days.",
        "source_nodes": [{"node": {"id_": "doc-shipping"}, "score": 0.9}],
        "metadata": {"doc-shipping": {"source": "shipping.md"}},
    }
    [call] = import_one(tmp_path, _query_tool(response, "Ships in 2 days.")).trace.tool_calls
    assert call.result == "Ships in 2 days."


def test_a_functions_dict_is_its_result_not_its_repr(tmp_path: Path) -> None:
    """A function returning a dict: the model got the dict's Python repr; the result is the
    dict."""
    returned = {"response": "Ships in 2 days.", "days": 2}
    spans = _query_tool(returned, str(returned))
    [call] = import_one(tmp_path, spans).trace.tool_calls
    assert call.result == returned
