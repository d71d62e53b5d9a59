"""The monitor stores production traces redacted: no key a trace or its judge quotes
reaches the store (trials, the cases made from traces, the judges' archived calls)."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from fourfold import Store, load_suite
from fourfold.monitor import Monitor, MonitorConfig
from tests.helpers.monitoring import SUITE, FakeClock, write_jsonl
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

KEY_VAR = "MONITOR_JUDGE_KEY"
KEY = "sk-test-monitor-9f8e7d6c5b4a"
MARKER = f"[redacted:{KEY_VAR}]"
_SHOWN = re.compile(r"<<<AGENT_OUTPUT \w+>>>\n(.*?)\n<<<END AGENT_OUTPUT \w+>>>", re.S)


def judge(body: dict[str, Any]) -> Reply:
    shown = _SHOWN.search(body["messages"][-1]["content"])
    assert shown is not None
    quote = shown.group(1).split(".")[0] + "."
    reply = {"evidence": quote, "rationale": f"it repeats {KEY}", "score": 0}
    return chat_reply(json.dumps(reply))


def test_monitored_traces_their_cases_and_judge_calls_are_stored_redacted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(KEY_VAR, KEY)
    clock = FakeClock()
    lines = [
        {
            "case_id": "leak-1",
            "trace": {
                "messages": [{"role": "user", "content": f"My key is {KEY}, is it safe?"}],
                "output": f"Your order key {KEY} is noted [doc-ship].",
            },
        },
        {"case_id": "broken", "trace": {"output": "", "error": f"upstream refused {KEY}"}},
    ]
    with OpenAIServer(judge) as server:
        model = (
            f'  judge: {{model: "openai-compatible/j", base_url: "{server.base_url}", '
            f"api_key_env: {KEY_VAR}, max_retries: 0}}\n"
        )
        suite = SUITE.replace("checks:\n", "models:\n" + model + "checks:\n", 1)
        suite += "  - rubric: {criterion: conciseness}\n"
        (tmp_path / "suite.yaml").write_text(suite)
        db = tmp_path / "runs.db"
        with Store.open(db) as store:

            async def scenario() -> list[Any]:
                config = MonitorConfig(
                    watch=tmp_path / "incoming", window_s=300, settle_s=0.0, judge_share=1.0
                )
                monitor = Monitor(
                    load_suite(tmp_path / "suite.yaml"),
                    store,
                    config,
                    state_path=tmp_path / "state.json",
                    clock=clock,
                )
                async with monitor:
                    clock.window(0)
                    write_jsonl(tmp_path / "incoming" / "replay.jsonl", lines)
                    await monitor.tick()
                    clock.window(1)
                    return await monitor.tick()

            [report] = asyncio.run(scenario())
            trials = {t.case_id: t for t in store.trials(report.run_id)}
            cases = {c.id: c for c in store.cases(report.run_id)}
        assert server.requests and KEY in server.requests[0].body.decode()  # the judge saw it
        assert server.requests[0].headers["authorization"] == f"Bearer {KEY}"
    leak = trials["leak-1"]
    assert (
        leak.trace is not None
        and leak.trace.output == f"Your order key {MARKER} is noted [doc-ship]."
    )
    rubric = next(r for r in leak.results if r.check == "rubric:conciseness")
    assert rubric.explanation == f"it repeats {MARKER}"
    assert rubric.evidence[0].text == f"Your order key {MARKER} is noted [doc-ship]."
    assert trials["broken"].error == f"upstream refused {MARKER}"
    assert cases["leak-1"].input == f"My key is {MARKER}, is it safe?"
    connection = sqlite3.connect(db)
    try:
        dump = "\n".join(connection.iterdump())
    finally:
        connection.close()
    assert MARKER in dump and KEY not in dump
    assert KEY.encode() not in db.read_bytes()
