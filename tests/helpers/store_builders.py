"""Builders for the store tests: runs, trials and results with every field filled."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from fourfold.checks import CheckResult, Evidence
from fourfold.runs import Run, Trial
from fourfold.store import STORE_SCHEMA_VERSION, Store
from fourfold.trace import Message, Passage, ToolCall, ToolRequest, Trace, Usage

T0 = datetime(2026, 11, 29, 19, 37, 55, 123456, tzinfo=UTC)


def make_run(id: str = "20261129-193755-a1b2c3", **fields: Any) -> Run:
    values: dict[str, Any] = {
        "suite": "refunds",
        "agent_version": "v1",
        "package_version": "0.1.0",
        "started_at": T0,
    }
    values.update(fields)
    return Run(id=id, **values)


def make_result(
    check: str = "tool_called", layer: str = "outcome", status: str = "pass", **fields: Any
) -> CheckResult:
    return CheckResult(check=check, layer=layer, status=status, **fields)


def make_trial(
    case_id: str = "case-1", repeat: int = 0, *, n_results: int = 3, **fields: Any
) -> Trial:
    """A trial whose results say how many there are (``metadata["of"]``), to spot partial ones."""
    values: dict[str, Any] = {
        "status": "ok",
        "trace": Trace(output=f"answer to {case_id}"),
        "results": [
            make_result(f"check-{i}", metadata={"of": n_results, "i": i}) for i in range(n_results)
        ],
        "started_at": T0,
        "ended_at": T0 + timedelta(seconds=2),
        "latency_s": 1.5,
    }
    values.update(fields)
    return Trial(case_id=case_id, repeat=repeat, **values)


def rich_trace() -> Trace:
    """A trace using every field, with Unicode (and a NUL) where text goes."""
    return Trace(
        messages=[
            Message(role="user", content="Où est mon remboursement ? 🤔"),
            Message(
                role="assistant",
                content=None,
                tool_calls=[
                    ToolRequest(id="call-1", name="lookup_order", arguments={"order_id": "A-1"})
                ],
            ),
            Message(role="tool", content="{}", name="lookup_order", tool_call_id="call-1"),
            Message(role="assistant", content="Your refund is on its way."),
        ],
        tool_calls=[
            ToolCall(
                name="lookup_order",
                arguments={"order_id": "A-1", "nested": {"list": [1, 2.5, None, True]}},
                result={"status": "délivré 📦", "items": ["ü", "中文"]},
                id="call-1",
                started_at=T0,
                ended_at=T0 + timedelta(milliseconds=250),
            ),
            ToolCall(name="refund", error="Timeout: 30 s\nretry later"),
        ],
        passages=[Passage(id="policy#3.2", text="Refunds within 30 days…", source="kb", score=0.9)],
        output="Your refund — 12,50 € — is on its way 🚀\x00(end)",
        structured={"refund": True, "amount": 12.5},
        usage=Usage(input_tokens=120, output_tokens=48, cost_usd=0.0021),
        latency_s=3.25,
        turns=2,
        metadata={"model": "mock/model", "ünïcode": "ключ"},
    )


def rich_results() -> list[CheckResult]:
    return [
        make_result(
            "no_pii",
            "policy",
            "fail",
            score=0.0,
            evidence=[
                Evidence(text="jane@example.com", start=10, end=26),
                Evidence(text="refund(order_id='A-1')", where="tool_calls[1]"),
            ],
            explanation="The answer shows the customer's e-mail address — « jane@… ».",
            metadata={"pattern": "email", "counts": {"email": 1}},
        ),
        make_result("tool_order", "trajectory", "pass", score=1.0),
        make_result("grounded", "grounding", "skip", explanation="no passages"),
        make_result("judge", "outcome", "error", explanation="the judge returned garbage"),
    ]


def raw_engine(target: str) -> sa.Engine:
    """An engine on the store's database that bypasses the Store, to tamper with it."""
    if "://" in target:
        return sa.create_engine(target)
    return sa.create_engine(f"sqlite:///{target}")


def store_from_a_newer_fourfold(path: Path) -> Path:
    """A store at `path` whose schema is one version past this fourfold's."""
    Store.open(path).close()
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO _migrations (version, name, applied_at) VALUES (?, 'later', '2027-01-01')",
            (STORE_SCHEMA_VERSION + 1,),
        )
    return path
