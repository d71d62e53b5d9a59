"""Langtrace's CrewAI spans (``langtrace-crewai-2026-12-07d``), on small spans written its way.

Langtrace's ``Crew.kickoff`` / ``Agent.execute_task`` spans write CrewAI's objects as reprs
(`otel._langtrace_crewai`); its OpenAI spans under CrewAI 1.x record the prompt alone. The
crew's ``tasks_output`` then gives the turns no call records (the runs' own records, merged
when no call records a reply: `_common.assemble`). Not read so: another tracer's CrewAI spans
(``crewai.*`` keys without Langtrace's service), and a crew whose calls record their replies.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fourfold.integrations._span_files import documents_of
from fourfold.integrations._spans import read_spans
from fourfold.integrations.otel._langtrace_crewai import is_langtrace_crewai
from tests.helpers.span_builders import import_one, span

TRACE = "1c" * 16
CORPUS = Path(__file__).parents[1] / "data" / "traces"
SERVICE = {
    "langtrace.service.name": "CrewAI",
    "langtrace.service.type": "framework",
    "langtrace.sdk.name": "langtrace-python-sdk",
}
ASK = [
    {"role": "system", "content": "You are Weather researcher."},
    {"role": "user", "content": "\nCurrent Task: the weather in Paris?"},
]
TURN = {
    "role": "assistant",
    "content": "",
    "tool_calls": [
        {
            "id": "call_w1",
            "type": "function",
            "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
        }
    ],
}
RESULT = {"role": "tool", "content": "sunny", "tool_call_id": "call_w1", "name": "get_weather"}


def _crew(tasks_output: str, **attrs: Any) -> dict[str, Any]:
    return span(
        1,
        "Crew.kickoff",
        {
            **SERVICE,
            "crewai.crew.name": "crew",
            "crewai.crew.result": "Paris: sunny.",
            "crewai.crew.tasks_output": tasks_output,
            "crewai.crew.token_usage": "total_tokens=30 prompt_tokens=20 cached_prompt_tokens=0 "
            "completion_tokens=10 successful_requests=4",
            **attrs,
        },
        trace=TRACE,
        start=1.0,
        end=9.0,
    )


def _agent() -> dict[str, Any]:
    attrs = {**SERVICE, "crewai.agent.role": "Weather researcher"}
    attrs["crewai.agent.result"] = "Paris: sunny."
    return span(2, "Agent.execute_task", attrs, trace=TRACE, parent=1, start=2.0, end=8.0)


def _task() -> dict[str, Any]:
    attrs = {**SERVICE, "crewai.task.agent": "Weather researcher"}
    attrs["crewai.task.result"] = "Paris: sunny."
    return span(3, "Task.execute", attrs, trace=TRACE, parent=1, start=1.5, end=8.5)


def _call(n: int, prompt: list[Any], start: float, reply: str | None = None) -> dict[str, Any]:
    attrs = {
        "langtrace.service.name": "OpenAI",
        "langtrace.service.type": "llm",
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.system": "openai",
    }
    asked = {"gen_ai.prompt": json.dumps(prompt)}
    events = [{"name": "gen_ai.content.prompt", "attributes": asked}]
    if reply is not None:
        completion = json.dumps([{"role": "assistant", "content": reply}])
        events.append(
            {"name": "gen_ai.content.completion", "attributes": {"gen_ai.completion": completion}}
        )
    return span(
        n,
        "openai.chat.completions.create",
        attrs,
        trace=TRACE,
        parent=2,
        start=start,
        end=start + 0.5,
        events=events,
    )


def _tasks_output(messages: list[dict[str, Any]], raw: str = "Paris: sunny.") -> str:
    return (
        f"[TaskOutput(description='the weather', raw={raw!r}, pydantic=None, "
        f"agent='Weather researcher', output_format=<OutputFormat.RAW: 'raw'>, "
        f"messages={messages!r}, tool_failures=[])]"
    )


def _prompt_only(tmp_path: Path, tasks_output: str) -> Any:
    # the second prompt replays the requesting turn mangled, as Langtrace writes it
    replay = [*ASK, [{"id": "", "type": ""}], RESULT]
    spans = [_crew(tasks_output), _task(), _agent(), _call(4, ASK, 3.0), _call(5, replay, 4.0)]
    return import_one(tmp_path, spans)


def test_the_crews_tasks_output_gives_the_turns_the_prompt_only_calls_leave_out(
    tmp_path: Path,
) -> None:
    imported = _prompt_only(tmp_path, _tasks_output([*ASK, TURN, RESULT]))
    said = [(m.role, m.content, [c.id for c in m.tool_calls]) for m in imported.trace.messages]
    assert said == [
        ("system", "You are Weather researcher.", []),
        ("user", "\nCurrent Task: the weather in Paris?", []),
        ("assistant", None, ["call_w1"]),
        ("tool", "sunny", []),
        ("assistant", "Paris: sunny.", []),  # the task's raw: its messages stop before it
    ]
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "get_weather",
        {"city": "Paris"},
        "sunny",
        "call_w1",
    )
    assert imported.trace.output == "Paris: sunny."
    assert imported.trace.metadata["agent_name"] == "Weather researcher"
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (20, 10)  # CrewAI's tally, as written


def test_a_tasks_output_not_whole_gives_no_turn(tmp_path: Path) -> None:
    cut = _tasks_output([*ASK, TURN, RESULT])[:-40]  # an attribute limit cut it
    imported = _prompt_only(tmp_path, cut)
    assert [m.role for m in imported.trace.messages] == ["system", "user", "tool"]
    assert imported.trace.output == "Paris: sunny."  # the crew's result still answers


def test_calls_that_record_their_replies_keep_them_alone(tmp_path: Path) -> None:
    # a task conversation CrewAI kept in other words (its ReAct text) adds nothing then
    kept = _tasks_output([*ASK, {"role": "assistant", "content": "Final Answer: sunny"}])
    spans = [_crew(kept), _agent(), _call(4, ASK, 3.0, reply="Paris: sunny.")]
    imported = import_one(tmp_path, spans)
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said == [
        ("system", "You are Weather researcher."),
        ("user", "\nCurrent Task: the weather in Paris?"),
        ("assistant", "Paris: sunny."),
    ]


def test_a_crew_span_without_langtraces_service_is_not_read_so(tmp_path: Path) -> None:
    crew = _crew(_tasks_output([*ASK, TURN, RESULT]))
    for key in SERVICE:
        del crew["attributes"][key]
    imported = import_one(tmp_path, [crew, _call(4, ASK, 3.0)])
    assert not imported.trace.usage.known  # CrewAI's tally not read: no call's counts
    assert [m.role for m in imported.trace.messages] == ["system", "user"]


def _crewai_exports() -> list[Path]:
    found = [p for p in sorted(CORPUS.rglob("*crewai*.json")) if "expected" not in p.name]
    keys = ('"crewai.crew.', '"crewai.agent.')  # the tracers that write CrewAI's fields as keys
    return [p for p in found if any(k in p.read_text(encoding="utf-8") for k in keys)]


@pytest.mark.parametrize("path", _crewai_exports(), ids=lambda p: p.name)
def test_only_langtraces_crewai_spans_are_read_as_langtraces(path: Path) -> None:
    spans = read_spans(documents_of(path)).spans
    crewai = [s for s in spans if any(k.startswith("crewai.") for k in s.attributes)]
    assert crewai
    langtrace = path.parent.name == "langtrace"
    assert all(is_langtrace_crewai(s) == langtrace for s in crewai)
