"""LlamaIndex's ReActAgent and a QueryEngineTool, as openinference-instrumentation-llama-index
writes them.

A ReActAgent sends no tools: the model acts in text (``Thought`` / ``Action`` / ``Action
Input``), LlamaIndex parses each reply, runs the tool and writes the step back into the next
prompt with its action input as a Python dict, the observation as a user message; its answer
is the text after the final step's ``Answer:``. A step whose reply the parser rejects is
retried: the retry's input is the memory, the retried step's own copy of the question, the
rejected reply and the parser's error as a user message; the copy is the question said once.
A ``QueryEngineTool`` returns the query
engine's ``Response``: the model gets its text, the source nodes are the retriever's.
The real exports: tests/data/traces/llamaindex/llamaindex-react-* (-react-parse-error-* the
retry) and -query-tool-*.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_chat, stepped_span

TRACE = "c3" * 16
SYSTEM = "You are designed to help with a variety of tasks.\n\n## Tools\n..."
USER = "Weather in Paris?"
STEP = 'Thought: I need the weather in Paris.\nAction: get_weather\nAction Input: {"city": "Paris"}'
REPLAYED = STEP.replace('{"city": "Paris"}', "{'city': 'Paris'}")
FINAL = "Thought: I can answer without using any more tools.\nAnswer: Paris is sunny."
STOP = "StopEvent(result=AgentOutput(response=ChatMessage(role=<MessageRole.ASSISTANT: ..."


def _span(n: int, name: str, attrs: dict[str, Any], parent: int | None = 1) -> dict[str, Any]:
    return stepped_span(n, name, attrs, trace=TRACE, parent=parent)


def _chat(n: int, said: list[tuple[str, str]], reply: str) -> dict[str, Any]:
    return _span(n, "OpenAI.astream_chat", openinference_chat(said, reply))


def _root(kind: str = "CHAIN") -> dict[str, Any]:
    attrs = {"openinference.span.kind": kind, "input.value": "{}", "output.value": STOP}
    return _span(1, "ReActAgent.run", attrs, parent=None)


def _weather_tool() -> dict[str, Any]:
    tool_output = {
        "blocks": [{"text": "sunny"}],
        "tool_name": "get_weather",
        "raw_input": {"args": [], "kwargs": {"city": "Paris"}},
        "raw_output": "sunny",
        "is_error": False,
    }
    return {
        "openinference.span.kind": "TOOL",
        "tool.name": "get_weather",
        "input.value": json.dumps({"kwargs": {"city": "Paris"}}),
        "output.value": json.dumps(tool_output),
    }


def _react() -> list[dict[str, Any]]:
    first = [("system", SYSTEM), ("user", USER)]
    then = [*first, ("assistant", REPLAYED), ("user", "Observation: sunny")]
    return [
        _root(),
        _chat(2, first, STEP),
        _span(3, "FunctionTool.acall", _weather_tool()),
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


THOUGHT = "Thought: I need the weather in Paris."
PARSE_ERROR = "Error while parsing the output: Could not parse output: " + THOUGHT


def _retried(first: list[tuple[str, str]], copy: bool = True) -> list[dict[str, Any]]:
    """A ReAct run whose first reply (a thought alone) the parser rejects, then retried."""
    again = [("user", USER)] if copy else []
    retry = [*first, *again, ("assistant", THOUGHT), ("user", PARSE_ERROR)]
    then = [*first, ("assistant", REPLAYED), ("user", "Observation: sunny")]
    return [
        _root(),
        _chat(2, first, THOUGHT),
        _chat(3, retry, STEP),
        _span(4, "FunctionTool.acall", _weather_tool()),
        _chat(5, then, FINAL),
    ]


def test_a_retried_steps_copy_of_the_question_is_the_question_once(tmp_path: Path) -> None:
    """The retry's input gives the question twice, the history's and the retried step's own,
    before replaying the rejected reply: the model answered the question once, nothing was
    said between; the question once, then the rejected reply and the parser's error."""
    imported = import_one(tmp_path, _retried([("system", SYSTEM), ("user", USER)]))
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said == [
        ("system", SYSTEM),
        ("user", USER),
        ("assistant", THOUGHT),
        ("user", PARSE_ERROR),
        ("assistant", STEP),
        ("user", "Observation: sunny"),
        ("assistant", FINAL),
    ]


def test_a_question_the_first_input_gives_twice_stays_twice(tmp_path: Path) -> None:
    """A question the model was first given twice (the user sent it twice) is two messages:
    the retry replays both, before the rejected reply, and adds no copy of its own."""
    first = [("system", SYSTEM), ("user", USER), ("user", USER)]
    imported = import_one(tmp_path, _retried(first, copy=False))
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said[:5] == [
        ("system", SYSTEM),
        ("user", USER),
        ("user", USER),
        ("assistant", THOUGHT),
        ("user", PARSE_ERROR),
    ]


def test_a_question_asked_again_after_the_reply_is_said_again(tmp_path: Path) -> None:
    """A user who asks the same again after the model answered: the question follows the
    reply, not the input it answered, and is a message of its own."""
    answer = "Thought: I can answer without using any more tools.\nAnswer: sunny."
    first = [("system", SYSTEM), ("user", USER)]
    spans = [
        _root(),
        _chat(2, first, answer),
        _chat(3, [*first, ("assistant", answer), ("user", USER)], FINAL),
    ]
    said = [(m.role, m.content) for m in import_one(tmp_path, spans).trace.messages]
    assert said == [
        ("system", SYSTEM),
        ("user", USER),
        ("assistant", answer),
        ("user", USER),
        ("assistant", FINAL),
    ]


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
