"""Builders shared by the tests."""

from __future__ import annotations

from typing import Any

from fourfold.cases import Case
from fourfold.checks import Check, CheckContext, CheckResult
from fourfold.resources import Resource, Resources
from fourfold.trace import Passage, ToolCall, Trace

__all__ = ["make_case", "make_context", "make_trace", "run_check"]


def make_case(id: str = "case-1", input: str = "hello", **fields: Any) -> Case:
    return Case(id=id, input=input, **fields)


def make_trace(
    *,
    tools: list[str | tuple[str, dict[str, Any]] | ToolCall] | None = None,
    passages: list[tuple[str, str] | Passage] | None = None,
    output: str | None = "",
    **fields: Any,
) -> Trace:
    """A trace from shorthand: tools as names or (name, args); passages as (id, text)."""
    calls = []
    for t in tools or []:
        if isinstance(t, ToolCall):
            calls.append(t)
        elif isinstance(t, str):
            calls.append(ToolCall(name=t))
        else:
            calls.append(ToolCall(name=t[0], arguments=t[1]))
    ps = [p if isinstance(p, Passage) else Passage(id=p[0], text=p[1]) for p in passages or []]
    return Trace(tool_calls=calls, passages=ps, output=output, **fields)


def make_context(
    trace: Trace | None = None,
    case: Case | None = None,
    resources: dict[str, Resource] | None = None,
) -> CheckContext:
    return CheckContext(
        case=case or make_case(), trace=trace or make_trace(), resources=Resources(resources)
    )


def run_check(check: Check, **context: Any) -> CheckResult:
    return check.run(make_context(**context))
