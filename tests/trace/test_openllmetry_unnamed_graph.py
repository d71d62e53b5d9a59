"""A LangGraph graph compiled with no name under OpenLLMetry names no agent.

Shapes from ``openllmetry/openllmetry-langgraph-subgraph-2026-12-06q.json``: the graph's
``invoke_agent LangGraph`` span and its ``LangGraph.workflow`` span write LangGraph's default
name as ``gen_ai.agent.name``; a node runs ``create_react_agent(..., name="weather_agent")``,
its own ``invoke_agent weather_agent`` span.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

_TRACE = "ef" * 16


def _graph(name: str, inner: str | None) -> list[dict[str, Any]]:
    graph = {
        "gen_ai.provider.name": "langgraph",
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": name,
    }
    workflow = graph | {"traceloop.span.kind": "workflow", "traceloop.workflow.name": name}
    spans = [
        span(1, f"invoke_agent {name}", graph, trace=_TRACE, start=1.0, end=9.0),
        span(2, f"{name}.workflow", workflow, trace=_TRACE, parent=1, start=1.5, end=8.5),
    ]
    if inner is not None:
        agent = graph | {"gen_ai.agent.name": inner}
        spans.append(span(3, f"invoke_agent {inner}", agent, trace=_TRACE, parent=2, start=2.0))
    chat = {
        "gen_ai.operation.name": "chat",
        "gen_ai.provider.name": "openai",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.usage.input_tokens": 5,
        "gen_ai.usage.output_tokens": 2,
    }
    spans.append(
        span(4, "ChatOpenAI.chat", chat, trace=_TRACE, parent=3 if inner else 2, start=3.0)
    )
    return spans


def test_the_agent_is_the_named_one_a_node_runs_not_the_default_graph(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _graph("LangGraph", "weather_agent"))
    assert imported.metadata.get("agent_name") == "weather_agent"


def test_an_unnamed_graph_running_no_named_agent_names_none(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _graph("LangGraph", None))
    assert imported.metadata.get("agent_name") is None


def test_a_graph_compiled_with_a_name_is_the_agent(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _graph("weather_agent", None))
    assert imported.metadata.get("agent_name") == "weather_agent"
