"""Agents that hand control to one another and get it back: a LangGraph supervisor and its
worker (tests/data/traces/langgraph/langgraph-supervisor-*), each rule on small OpenInference
spans written the way openinference-instrumentation-langchain writes them there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16


def _span(
    n: int, name: str, attrs: dict[str, Any], *, parent: int | None = None, start: float = 1.0
) -> dict[str, Any]:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=start + 0.1)


def _messages(prefix: str, messages: list[tuple[str, Any, str | None]]) -> dict[str, Any]:
    """(role, text or the requested call ids, the answered call id) as OpenInference keys."""
    out: dict[str, Any] = {}
    for i, (role, content, answers) in enumerate(messages):
        key = f"{prefix}.{i}.message"
        out[f"{key}.role"] = role
        if isinstance(content, list):
            for j, call in enumerate(content):
                out[f"{key}.tool_calls.{j}.tool_call.id"] = call
                out[f"{key}.tool_calls.{j}.tool_call.function.name"] = f"tool_{call}"
        else:
            out[f"{key}.content"] = content
        if answers is not None:
            out[f"{key}.tool_call_id"] = answers
    return out


def _llm(n: int, start: float, inputs: list[Any], output: Any, parent: int) -> dict[str, Any]:
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "m",
        **_messages("llm.input_messages", inputs),
        **_messages("llm.output_messages", [("assistant", output, None)]),
    }
    return _span(n, "ChatOpenAI", attrs, parent=parent, start=start)


_BOSS = ("system", "You route questions.", None)
_WORKER = ("system", "You look things up.", None)
_Q = ("user", "Weather in Paris?", None)
_HANDOFF = [("assistant", ["h1"], None), ("tool", "Transferred to worker", "h1")]


def _supervisor_run() -> list[dict[str, Any]]:
    """The supervisor's agent (a CHAIN graph, its AGENT node deeper) hands off; the worker
    (an AGENT graph right under the root) calls a tool and answers; the supervisor, seeing
    only the worker's answer, answers."""
    return [
        _span(1, "LangGraph", {"openinference.span.kind": "CHAIN"}),
        _span(2, "supervisor", {"openinference.span.kind": "CHAIN"}, parent=1, start=1.05),
        _span(
            3,
            "agent",
            {"openinference.span.kind": "AGENT", "agent.name": "boss"},
            parent=2,
            start=1.1,
        ),
        _llm(4, 1.2, [_BOSS, _Q], ["h1"], parent=3),
        _span(
            5,
            "worker",
            {"openinference.span.kind": "AGENT", "agent.name": "worker"},
            parent=1,
            start=2.0,
        ),
        _llm(6, 2.1, [_WORKER, _Q, *_HANDOFF], ["w1"], parent=5),
        _llm(
            7,
            2.3,
            [_WORKER, _Q, *_HANDOFF, ("assistant", ["w1"], None), ("tool", "sunny", "w1")],
            "Paris: sunny.",
            parent=5,
        ),
        _span(8, "agent", {"openinference.span.kind": "AGENT"}, parent=2, start=3.0),
        _llm(9, 3.1, [_BOSS, _Q, *_HANDOFF, ("assistant", "Paris: sunny.", None)], "Sunny.", 8),
    ]


def test_a_workers_turns_the_supervisor_never_saw_follow_its_history(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _supervisor_run())
    said = [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]
    assert said == [
        ("system", "You route questions.", None),
        ("user", "Weather in Paris?", None),
        ("assistant", None, None),
        ("tool", "Transferred to worker", "h1"),
        ("assistant", "Paris: sunny.", None),
        ("assistant", "Sunny.", None),
        ("system", "You look things up.", None),
        ("assistant", None, None),
        ("tool", "sunny", "w1"),
    ]


def test_a_window_of_the_same_agents_turns_keeps_them_in_place(tmp_path: Path) -> None:
    # the same system prompt throughout: the later input leaves out older turns, no agent's
    spans = _supervisor_run()
    for n in (5, 6):
        spans[n]["attributes"]["llm.input_messages.0.message.content"] = "You route questions."
    said = [m.content for m in import_one(tmp_path, spans).trace.messages]
    assert said[-1] == "Sunny." and said.index(None, 3) < said.index("Paris: sunny.")


def test_the_agent_is_the_first_that_ran_not_the_shallowest(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _supervisor_run())
    assert imported.metadata.get("agent_name") == "boss"
    assert imported.trace.output == "Sunny."
