"""A sub-agent run as a tool that is handed its caller's history (_handed_history.py): each case
on small OpenInference spans, shaped as Mastra 1.71's sub-agent tool hands the supervisor's
history on with its system prompt (tests/data/traces/mastra/mastra-supervisor-2026-12-05), as
BeeAI 0.1.85's HandoffTool hands the question without it (beeai/beeai-handoff-2026-12-05), as
an agent-as-tool is asked the question word for word, and as the other agent-as-tool exports
hand only a prompt (openai-agents' as_tool)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, openinference_messages, span

TRACE = "cd" * 16

_BOSS = {"role": "system", "content": "You route questions."}
_Q = {"role": "user", "content": "Weather in Paris?"}
_WORKER = {"role": "system", "content": "You look things up."}
_TASK = {"role": "user", "content": "Current weather in Paris?"}
_ASK = {"role": "assistant", "tool_calls": [("a1", "agent-worker", {"prompt": _TASK["content"]})]}
_LOOKUP = {"role": "assistant", "tool_calls": [("w1", "get_weather", {"city": "Paris"})]}


def _llm(
    n: int, start: float, inputs: list[dict[str, Any]], output: dict[str, Any], parent: int
) -> dict[str, Any]:
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "m",
        **openinference_messages("llm.input_messages", inputs),
        **openinference_messages("llm.output_messages", [output]),
    }
    return span(n, "ChatModel", attrs, trace=TRACE, parent=parent, start=start, end=start + 0.1)


def _tool(
    n: int, name: str, start: float, end: float, args: Any, out: str, parent: int
) -> dict[str, Any]:
    attrs = {
        "openinference.span.kind": "TOOL",
        "tool.name": name,
        "input.value": json.dumps(args),
        "output.value": out,
    }
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=end)


def _agent(
    n: int, name: str, start: float, end: float, parent: int | None = None
) -> dict[str, Any]:
    attrs = {"openinference.span.kind": "AGENT", "agent.name": name}
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=end)


def _delegation(handed: list[dict[str, Any]], *, task: bool = True) -> list[dict[str, Any]]:
    """A supervisor asks its worker, run as the tool ``agent-worker``; the worker, given its
    own system prompt, `handed`, then the delegated prompt (unless not `task`), looks the
    weather up and answers; the supervisor answers."""
    worker_input = [_WORKER, *handed, *([_TASK] if task else [])]
    said = [_LOOKUP, {"role": "tool", "content": "sunny", "tool_call_id": "w1"}]
    return [
        _agent(1, "boss", 1.0, 5.0),
        _llm(2, 1.1, [_BOSS, _Q], _ASK, parent=1),
        _tool(3, "agent-worker", 1.5, 3.0, {"prompt": _TASK["content"]}, "It is sunny.", 1),
        _agent(4, "worker", 1.6, 2.9, parent=3),
        _llm(5, 1.7, worker_input, _LOOKUP, parent=4),
        _tool(6, "get_weather", 1.9, 2.0, {"city": "Paris"}, "sunny", 4),
        _llm(7, 2.1, [*worker_input, *said], {"role": "assistant", "content": "It is sunny."}, 4),
        _llm(
            8,
            3.5,
            [_BOSS, _Q, _ASK, {"role": "tool", "content": "It is sunny.", "tool_call_id": "a1"}],
            {"role": "assistant", "content": "Paris is sunny."},
            parent=1,
        ),
    ]


def _said(tmp_path: Path, spans: list[dict[str, Any]]) -> list[tuple[str, str]]:
    trace = import_one(tmp_path, spans).trace
    return [
        (m.role, m.content or ",".join(c.id or "" for c in m.tool_calls)) for m in trace.messages
    ]


# one conversation: the caller's history (its last call's input and reply) first, the shared
# messages once; then the sub-agent's own messages, in the order they came
_ONE = [
    ("system", "You route questions."),
    ("user", "Weather in Paris?"),
    ("assistant", "a1"),
    ("tool", "It is sunny."),
    ("assistant", "Paris is sunny."),
    ("system", "You look things up."),
    ("user", "Current weather in Paris?"),
    ("assistant", "w1"),
    ("tool", "sunny"),
    ("assistant", "It is sunny."),
]


def test_a_sub_agent_handed_its_callers_history_with_its_system_prompt_continues_it(
    tmp_path: Path,
) -> None:
    # Mastra's sub-agent tool: the supervisor's system prompt and question, then the task
    assert _said(tmp_path, _delegation([_BOSS, _Q])) == _ONE


def test_a_sub_agent_handed_its_callers_history_without_its_system_prompt_continues_it(
    tmp_path: Path,
) -> None:
    # BeeAI's HandoffTool: a copy of the caller's memory, the question alone, then the task
    assert _said(tmp_path, _delegation([_Q])) == _ONE


def test_a_sub_agent_asked_the_question_verbatim_with_nothing_after_stays_its_own(
    tmp_path: Path,
) -> None:
    # an agent-as-tool asked the user's question word for word has its own user message (D4)
    said = _said(tmp_path, _delegation([_Q], task=False))
    assert said == [
        *_ONE[:5],
        ("system", "You look things up."),
        ("user", "Weather in Paris?"),
        *_ONE[7:],
    ]


def test_a_sub_agent_given_only_a_prompt_stays_a_conversation_of_its_own(
    tmp_path: Path,
) -> None:
    # every other agent-as-tool shape: the caller's conversation, then the sub-agent's
    assert _said(tmp_path, _delegation([])) == _ONE
