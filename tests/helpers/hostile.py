"""A corpus of hostile text, and a stored run that puts it everywhere a report shows text.

Every payload that could run script sets ``window.__pwned``; a report is safe when, opened
in a browser, that stays undefined, no dialog opens, and each payload reads as the literal
text it is.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fourfold.cases import Case
from fourfold.checks import CheckResult, Evidence
from fourfold.runs import Run, Trial
from fourfold.store import Store
from fourfold.trace import Message, Passage, ToolCall, ToolRequest, Trace, Usage

__all__ = ["LONG_LINE", "PAYLOADS", "RLO", "SECRET", "SECRET_HEADER", "hostile_store"]

RLO = "\u202e"
LONG_LINE = "A" * 30_000 + " end-of-long-line"

PAYLOADS: list[str] = [
    "<script>window.__pwned = 1</script>",
    '<img src=x onerror="window.__pwned=1">',
    '<svg onload="window.__pwned=1"><circle r="40"/></svg>',
    '<a href="javascript:window.__pwned=1">click me</a>',
    '<div onmouseover="window.__pwned=1" style="position:fixed;inset:0">hover</div>',
    "</script><script>window.__pwned=1</script>",
    "<!--<script>window.__pwned=1</script>-->",
    '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
    "<b>unclosed <i>broken <table><tr><td>html",
    '"\'><script>window.__pwned=1</script><"',
    '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=1">',
    '<base href="javascript:/"><style>body{display:none}</style>',
    "javascript:window.__pwned=1",
    "{{ 7*7 }} ${7*7} {% raw %} {#",
    "&lt;not markup&gt; &amp; &#x3C;script&#x3E;",
    f"abc{RLO}dcba\u202c right-to-left override",
    "zero\u200bwidth\u200djoiner\ufeffbom",
    "emoji 😀 👩‍👩‍👧 🇫🇷 end",
    "line\u2028separator\u2029paragraph",
]
"""Each one goes into outputs, tool arguments and results, the name and id of a call an
assistant turn requested, passages, case ids and judge explanations."""

SECRET = "sk-test-5f1c0a2b9d8e7f60"
"""An API key held in the environment; an agent leaks it in an output."""
SECRET_HEADER = "hdr-secret-a9b8c7d6e5"
"""A header value in the run's model configuration."""

_NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def _trace(i: int, payload: str) -> Trace:
    output = f"Answer {i}: {payload} — call +1 415 555 0134. key {SECRET}"
    return Trace(
        messages=[
            Message(role="system", content=f"system prompt {payload}"),
            Message(role="user", content=f"question {payload}"),
            Message(
                role="assistant",
                tool_calls=[
                    ToolRequest(id=f"id {payload}", name=f"asked {payload}", arguments={"q": i})
                ],
            ),
            Message(role="assistant", content=output),
        ],
        tool_calls=[
            ToolCall(
                name=f"tool_{i}",
                arguments={"query": payload, "nested": {"html": payload}},
                result={"text": payload, "list": [payload, i]},
                id="c0",
            ),
            ToolCall(name="failing", arguments={"x": payload}, error=f"boom {payload}"),
        ],
        passages=[Passage(id=f"p-{i}", text=f"passage {payload}", source=payload, score=0.5)],
        output=output,
        usage=Usage(input_tokens=10, output_tokens=20, cost_usd=0.001 * (i + 1)),
        latency_s=0.1 * (i + 1),
        metadata={"request_headers": {"x-api-key": SECRET_HEADER}},
    )


def _results(trace: Trace, payload: str) -> list[CheckResult]:
    output = trace.output or ""
    start = output.index(payload)
    phone = output.index("+1 415")
    return [
        CheckResult(
            check="rubric:policy_compliance",
            layer="policy",
            status="fail",
            score=0.0,
            explanation=f"the judge says: {payload}",
            evidence=[
                Evidence(text=payload, where="output", start=start, end=start + len(payload))
            ],
            metadata={
                "model_calls": [{"key": "k", "cached": False}],
                "raw_reply": f'{{"rationale": "{payload}"}}',
                "flags": [payload],
                "model": "mock/judge",
            },
        ),
        CheckResult(
            check="no_pii",
            layer="policy",
            status="fail",
            explanation="the output contains personal data: 1 phone number",
            evidence=[
                Evidence(text="+1 415 555 0134", where="output", start=phone, end=phone + 15)
            ],
        ),
        CheckResult(
            check=f"check {payload}",
            layer="grounding",
            status="fail",
            explanation=f"grounding {payload}",
            evidence=[Evidence(text=f"passage {payload}", where="passages")],
        ),
        CheckResult(
            check="tool_order",
            layer="trajectory",
            status="fail",
            explanation="called out of order",
            evidence=[Evidence(text=f"tool call {payload}", where="tool_calls[0]")],
        ),
        CheckResult(check="contains", layer="outcome", status="pass", explanation="ok"),
    ]


def hostile_store(path: Any) -> tuple[Store, str, list[str]]:
    """A store holding one run whose every text is hostile.

    Returns:
        The store, the run's id, and the case ids (one per payload, each hostile too).
    """
    store = Store.open(path)
    run = Run(
        id="20261129-120000-h0st11",
        suite=f"hostile <suite> {RLO}",
        agent_version="v<1>",
        config={
            "models": {
                "judge": {
                    "model": "openai/gpt-4.1-mini",
                    "api_key_env": "FOURFOLD_TEST_KEY",
                    "headers": {"X-Secret": SECRET_HEADER, "X-Env": "${FOURFOLD_TEST_HDR}"},
                }
            },
            "agent": {"http": "http://127.0.0.1:1/agent", "headers": {"Authorization": "Bearer x"}},
        },
        package_version="test",
        started_at=_NOW,
        ended_at=_NOW,
        status="finished",
    )
    store.create_run(run)
    cases = [
        Case(
            id=f"case {i} {payload}",
            input=f"question {payload}",
            expected=f"expected {payload}",
            focus=f"focus {payload}",
            strata={"kind": payload[:40], f"key {i % 2}": "<b>v</b>"},
            tags=[payload[:20]],
        )
        for i, payload in enumerate(PAYLOADS)
    ]
    cases.append(Case(id="long-line", input="long", strata={"kind": "long"}))
    store.save_cases(run.id, cases)
    for i, (case, payload) in enumerate(zip(cases, PAYLOADS, strict=False)):
        trace = _trace(i, payload)
        store.save_trial(
            run.id,
            Trial(
                case_id=case.id,
                status="ok",
                trace=trace,
                results=_results(trace, payload),
                started_at=_NOW,
                ended_at=_NOW,
                latency_s=trace.latency_s,
            ),
        )
    long_trace = _trace(99, LONG_LINE)
    store.save_trial(
        run.id,
        Trial(
            case_id="long-line",
            status="ok",
            trace=long_trace,
            results=_results(long_trace, LONG_LINE),
            started_at=_NOW,
            ended_at=_NOW,
        ),
    )
    store.save_trial(
        run.id,
        Trial(
            case_id=cases[0].id,
            repeat=1,
            status="error",
            error=f"agent crashed: {PAYLOADS[0]}",
            started_at=_NOW,
            ended_at=_NOW,
        ),
    )
    return store, run.id, [c.id for c in cases]
