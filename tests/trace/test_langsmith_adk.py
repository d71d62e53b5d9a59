"""LangSmith's Google ADK integration's runs (``configure_google_adk()``), on small spans written
as langsmith 0.15 writes them, each rule checked apart from the exports that showed it
(tests/data/traces/langsmith/langsmith-otel-google-adk-*) and where it must not fire:

- an ``llm`` run's ``ls-adk-<n>`` call ids are the integration's numbering of calls ADK sent
  without ids: the replayed turn answers the calls the earlier reply made, by order;
- a tool run's ``{}`` outputs (the tool returned None) record no result, on the integration's
  runs only;
- the chain nested in the runner's run is an agent's run, named after the agent; a chain of
  any other LangSmith run names none.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16
ASK = "What is the weather in Oslo?"
ADK = {"langsmith.metadata.ls_integration": "google-adk"}


def _span(n: int, name: str, kind: str, attrs: dict[str, Any], parent: int | None = None) -> Any:
    ops = {"llm": "chat", "tool": "execute_tool"}
    base = {"langsmith.span.kind": kind, "gen_ai.operation.name": ops.get(kind, kind)}
    end = n + 0.5 if parent is not None else 20.0
    return span(n, name, {**base, **attrs}, trace=TRACE, parent=parent, start=n, end=end)


def _run(metadata: dict[str, Any], tool_output: dict[str, Any]) -> list[dict[str, Any]]:
    """A runner's run holding an agent's run: a model call asking `w`, the tool, the answer."""
    request = {"name": "w", "arguments": json.dumps({"c": "Oslo"})}
    asked = {"role": "user", "content": ASK}
    first = {"messages": [asked]}
    reply = {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "adk-1", "type": "function", "function": request}],
    }
    replayed = {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "ls-adk-0", "type": "function", "function": request}],
    }
    answer = {
        "role": "tool",
        "name": "w",
        "content": '{"result": "sunny"}',
        "tool_call_id": "ls-adk-0",
    }
    second = {"messages": [asked, replayed, answer]}
    done = {"role": "assistant", "content": "Oslo is sunny."}
    io = {
        "gen_ai.prompt": json.dumps({"input": ASK}),
        "gen_ai.completion": json.dumps({"output": "Oslo is sunny."}),
    }
    return [
        _span(1, "google_adk.session", "chain", {**metadata, **io}),
        _span(2, "weather_agent", "chain", {**metadata, **io}, parent=1),
        _span(
            3,
            "gemini",
            "llm",
            {
                **metadata,
                "gen_ai.prompt": json.dumps(first),
                "gen_ai.completion": json.dumps(reply),
            },
            parent=2,
        ),
        _span(
            4,
            "w",
            "tool",
            {
                **metadata,
                "gen_ai.tool.name": "w",
                "gen_ai.prompt": json.dumps({"c": "Oslo"}),
                "gen_ai.completion": json.dumps(tool_output),
            },
            parent=2,
        ),
        _span(
            5,
            "gemini",
            "llm",
            {
                **metadata,
                "gen_ai.prompt": json.dumps(second),
                "gen_ai.completion": json.dumps(done),
            },
            parent=2,
        ),
    ]


def test_the_integrations_numbered_ids_agent_and_unwrapped_result(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _run(ADK, {"output": "sunny"}))
    trace = imported.trace
    assert [m.role for m in trace.messages] == ["user", "assistant", "tool", "assistant"]
    [call] = trace.tool_calls
    assert (call.id, call.result) == ("adk-1", "sunny")
    assert trace.messages[2].tool_call_id == "adk-1"  # ls-adk-0 answered by order
    assert imported.metadata.get("agent_name") == "weather_agent"


def test_an_empty_output_records_no_result_on_the_integrations_runs_only(tmp_path: Path) -> None:
    [call] = import_one(tmp_path, _run(ADK, {})).trace.tool_calls
    assert call.result == {"result": "sunny"}  # none recorded: what the model was given
    # (another run's ls-adk-0 is an id of its own: its replayed call is another call)
    other, _ = import_one(tmp_path, _run({}, {})).trace.tool_calls
    assert other.result == {}  # another LangSmith tool run's {} is what it returned


def test_other_langsmith_chains_name_no_agent(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _run({}, {"output": "sunny"}))
    assert imported.metadata.get("agent_name") is None
