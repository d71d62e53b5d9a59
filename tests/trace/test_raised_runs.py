"""A run that raised gave no answer: the model's rejected reply is its words, not its output.

The OpenAI Agents SDK under OpenInference, an output guardrail tripping on the model's final
reply (``openai-agents/openai-agents-output-guardrail-tripped-2026-12-06.json``): the agent
span ends with status error ("Guardrail tripwire triggered: ..."), the SDK raises instead of
returning, and no span records an output. The reply stays the conversation's last assistant
message (the model wrote it), but the run produced no answer (`integrations/_raised_runs.py`).
Before, the rejected reply was read as the output. Only the run's own span counts: the spans
around its last model call, outside any tool's. A tool's error, a model call that failed and
was tried again, or a sub-agent's failure the caller went on from leaves the answer; a run
span that recorded its output is answered by it, failed or not.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fourfold.integrations._raised_runs import run_raised
from fourfold.integrations._spans import Span, StatusCode
from fourfold.integrations._steps import AgentRun, ModelCall, Step, ToolRun
from fourfold.trace import ToolCall
from tests.helpers.span_builders import import_one, span

TRACE = "7e" * 16
ASKED = "What is the weather in Paris and in Tokyo?"
REPLY = "Paris is sunny at 22 C."
TRIPPED = "Guardrail tripwire triggered: {'guardrail': 'names_the_cities'}"


def _failed(record: dict[str, Any], message: str = TRIPPED) -> dict[str, Any]:
    return {**record, "status": {"status_code": "ERROR", "description": message}}


def _oi(
    n: int, name: str, kind: str, parent: int | None, start: float, end: float, **attrs: Any
) -> dict[str, Any]:
    attrs = {"openinference.span.kind": kind, **attrs}
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=end)


def _generation(n: int, parent: int, start: float, said: str) -> dict[str, Any]:
    """An OpenInference LLM span asked `ASKED`, answering `said`."""
    return _oi(
        n,
        "generation",
        "LLM",
        parent,
        start,
        start + 0.5,
        **{
            "llm.model_name": "gpt-4o-mini",
            "llm.input_messages.0.message.role": "user",
            "llm.input_messages.0.message.content": ASKED,
            "llm.output_messages.0.message.role": "assistant",
            "llm.output_messages.0.message.content": said,
            "llm.token_count.prompt": 61,
            "llm.token_count.completion": 34,
        },
    )


def _agents_sdk(agent_failed: bool, **agent_attrs: Any) -> list[dict[str, Any]]:
    """The Agents SDK's spans: workflow (OK, as the SDK leaves it) > agent > turn > generation,
    then the output guardrail's span; the agent span failed when the guardrail tripped."""
    agent = _oi(2, "weather_agent", "AGENT", 1, 0.1, 3.0, **{"agent.name": "weather_agent"})
    agent["attributes"].update(agent_attrs)
    return [
        _oi(1, "Agent workflow", "AGENT", None, 0.0, 3.0),
        _failed(agent) if agent_failed else agent,
        _oi(3, "turn", "CHAIN", 2, 0.2, 2.0),
        _generation(4, 3, 0.3, REPLY),
        _oi(5, "names_the_cities", "GUARDRAIL", 2, 2.5, 2.6),
    ]


def _genai(
    n: int, name: str, op: str, parent: int | None, start: float, end: float, **attrs: Any
) -> dict[str, Any]:
    attrs = {"gen_ai.operation.name": op, **attrs}
    return span(n, name, attrs, trace=TRACE, parent=parent, start=start, end=end)


def _chat(n: int, parent: int, start: float, said: str) -> dict[str, Any]:
    """A GenAI chat span asked `ASKED`, answering `said`."""
    return _genai(
        n,
        "chat gpt-4o-mini",
        "chat",
        parent,
        start,
        start + 0.5,
        **{
            "gen_ai.request.model": "gpt-4o-mini",
            "gen_ai.input.messages": f'[{{"role": "user", "content": "{ASKED}"}}]',
            "gen_ai.output.messages": f'[{{"role": "assistant", "content": "{said}"}}]',
        },
    )


def _agent(n: int, name: str, parent: int | None, start: float, end: float) -> dict[str, Any]:
    return _genai(
        n, f"invoke_agent {name}", "invoke_agent", parent, start, end, **{"gen_ai.agent.name": name}
    )


def test_a_tripped_output_guardrail_leaves_the_run_without_an_answer(tmp_path: Path) -> None:
    """The agent span failed (the guardrail tripped on the reply): no output; the reply is
    still the last assistant message, and the usage, model and agent are the run's."""
    imported = import_one(tmp_path, _agents_sdk(agent_failed=True))
    assert imported.trace.output is None
    assert imported.trace.structured is None
    assert [(m.role, m.content) for m in imported.trace.messages][-1] == ("assistant", REPLY)
    assert (imported.trace.usage.input_tokens, imported.trace.usage.output_tokens) == (61, 34)
    assert imported.metadata["agent_name"] == "weather_agent"
    assert imported.trace.error == TRIPPED  # the run's error, though the roots ended well
    passed = import_one(tmp_path, _agents_sdk(agent_failed=False))  # the guardrail passed
    assert passed.trace.output == REPLY
    assert passed.trace.error is None


def test_an_errored_run_that_records_its_output_is_answered_by_it(tmp_path: Path) -> None:
    """A run span that failed yet recorded what it returned: that output stands."""
    spans = _agents_sdk(agent_failed=True, **{"output.value": "Paris: sunny, 22 C."})
    assert import_one(tmp_path, spans).trace.output == "Paris: sunny, 22 C."


@pytest.mark.parametrize("failed", ["agent", "workflow"])
def test_a_run_that_raised_under_genai_conventions_has_no_answer(
    tmp_path: Path, failed: str
) -> None:
    """A GenAI run (Strands', pydantic-ai's, ADK's shape: a workflow span, the agent's span,
    its chat spans) whose agent span, or only the workflow's around it, ended in error: the
    run raised after its model's reply; no output."""
    workflow = _genai(1, "invoke_workflow weather", "invoke_workflow", None, 0.0, 3.0)
    agent = _agent(2, "weather_agent", 1, 0.1, 2.9)
    spans = [
        _failed(workflow, "ValueError: no") if failed == "workflow" else workflow,
        _failed(agent, "ValueError: no") if failed == "agent" else agent,
        _chat(3, 2, 0.2, REPLY),
    ]
    imported = import_one(tmp_path, spans)
    assert imported.trace.output is None
    assert [m.content for m in imported.trace.messages][-1] == REPLY


def test_a_failed_tool_or_retried_model_call_leaves_the_answer(tmp_path: Path) -> None:
    """A tool that raised and a model call that failed and was tried again are not the run
    failing: its own span ended OK, the answer stands."""
    tool = {
        "gen_ai.tool.name": "get_weather",
        "gen_ai.tool.call.id": "w1",
        "gen_ai.tool.call.arguments": '{"city": "Tokio"}',
    }
    spans = [
        _agent(1, "weather_agent", None, 0.0, 3.0),
        _failed(_chat(2, 1, 0.1, "Looking it up."), "RateLimitError: try again"),
        _chat(3, 1, 0.7, "Looking it up."),
        _failed(_genai(4, "execute_tool get_weather", "execute_tool", 1, 1.3, 1.4, **tool)),
        _chat(5, 1, 1.5, REPLY),
    ]
    assert import_one(tmp_path, spans).trace.output == REPLY


def test_a_sub_agent_the_caller_recovered_from_leaves_the_answer(tmp_path: Path) -> None:
    """A sub-agent that failed inside its caller's run while the caller went on and
    answered: the caller's span ended OK, the answer stands."""
    inline = [
        _agent(1, "coordinator", None, 0.0, 3.0),
        _failed(_agent(2, "researcher", 1, 0.1, 1.0), "ValueError: no"),
        _chat(3, 2, 0.2, "Researching."),
        _chat(4, 1, 1.5, REPLY),
    ]
    assert import_one(tmp_path, inline).trace.output == REPLY


def test_inside_a_tool_a_sub_agents_failure_is_the_tools_not_the_runs() -> None:
    """A sub-agent called as a tool holds the latest model call: its failure (and the tool's)
    is the run's only when the caller's own span failed too."""

    def made(n: str, parent: str | None, start: int, status: StatusCode) -> Span:
        return Span(TRACE, n, parent, n, start, start + 10, status, f"{n} failed", {})

    caller, tool = made("caller", None, 0, "ok"), made("tool", "caller", 2, "error")
    sub, call = made("sub", "tool", 3, "error"), made("call", "sub", 4, "ok")
    spans = [caller, made("answer", "caller", 1, "ok"), tool, sub, call]
    steps: dict[int, Step | None] = {
        id(caller): AgentRun(caller, name="coordinator"),
        id(spans[1]): ModelCall(spans[1], [], []),
        id(tool): ToolRun(tool, ToolCall(name="researcher", arguments={})),
        id(sub): AgentRun(sub, name="researcher"),
        id(call): ModelCall(call, [], []),
    }
    by_id = {s.span_id: s for s in spans}
    assert run_raised(spans, steps, by_id) is None
    caller.status = "error"  # the caller did not go on: the run raised
    assert run_raised(spans, steps, by_id) == "caller failed"


def test_with_no_model_call_span_the_run_is_its_top_most_span_that_ended_last() -> None:
    """A trace whose model calls made no spans (the conversation from the runs' own records):
    the run raised when its top-most run span that ended last failed, not a step inside it."""
    run = Span(TRACE, "run", None, "crew.kickoff", 0, 10, "ok", None, {})
    step = Span(TRACE, "step", "run", "task", 1, 5, "error", "ValueError: no", {})
    steps: dict[int, Step | None] = {id(run): AgentRun(run), id(step): AgentRun(step)}
    by_id = {"run": run, "step": step}
    assert run_raised([run, step], steps, by_id) is None
    run.status, run.status_message = "error", "ValueError: no"
    assert run_raised([run, step], steps, by_id) == "ValueError: no"


def test_a_failed_agent_span_recording_its_models_rejected_reply_has_no_answer(
    tmp_path: Path,
) -> None:
    """opentelemetry-instrumentation-openai-agents-v2 on a tripped output guardrail: the agent
    span ends in error and still records the model's last reply as its output messages
    (``openai-agents-otel-output-guardrail-tripped-2026-12-06i``). That is the model's words
    again, no answer (an output the model never wrote stands: the test above)."""
    agent = _agent(2, "weather_agent", 1, 0.1, 2.9)
    agent["attributes"]["gen_ai.output.messages"] = (
        f'[{{"role": "assistant", "parts": [{{"type": "text", "content": "{REPLY}"}}]}}]'
    )
    spans = [
        _genai(1, "Agent workflow", "invoke_agent", None, 0.0, 3.0),
        _failed(agent),
        _chat(3, 2, 0.2, REPLY),
        _genai(4, "guardrail_check", "guardrail_check", 2, 2.5, 2.6),
    ]
    imported = import_one(tmp_path, spans)
    assert imported.trace.output is None
    assert [m.content for m in imported.trace.messages][-1] == REPLY
