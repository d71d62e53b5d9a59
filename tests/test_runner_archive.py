"""The model-call archive survives ``kill -9``: every stored trial has its model calls stored.

The response cache buffers its writes; the runner writes the buffer before each batch of
finished trials, so a run killed at any moment keeps the calls of every trial it kept.
Before, the buffer was written every 64 calls: a run killed at 448 calls kept 296.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fourfold.checks import MODEL_CALLS_KEY
from fourfold.store import Store
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

AGENT = """
import asyncio

async def answer(case):
    await asyncio.sleep(0.01)
    return "Refunds take five business days."
"""

SUITE = """
name: archive
agent: {{python: "agent:answer"}}
cases: cases.jsonl
concurrency: 8
models:
  judge: {{model: "openai-compatible/judge-1", base_url: "{url}", api_key_env: "", max_retries: 1}}
checks:
  - rubric: {{criterion: conciseness}}
"""

N_CASES = 400


def rubric(body: dict[str, Any]) -> Reply:
    reply = {"evidence": "Refunds take five business days.", "rationale": "short", "score": 3}
    return chat_reply(json.dumps(reply), usage=(100, 20))


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(rubric, latency=0.02) as s:
        yield s


def _stored(db: Path) -> tuple[int, set[str], set[str]]:
    """Stored trials, the model-call keys their results name, and the archive's keys."""
    with Store.open(db) as store:
        runs = store.list_runs()
        if not runs:
            return 0, set(), set()
        trials = store.trials(runs[0].id)
        archived = store.model_call_keys()
    named = {
        call["key"]
        for t in trials
        for r in t.results
        for call in r.metadata.get(MODEL_CALLS_KEY, [])
    }
    return len(trials), named, archived


@pytest.mark.slow
@pytest.mark.parametrize("after", [20, 150])
def test_a_run_killed_with_sigkill_keeps_every_model_call_of_its_stored_trials(
    tmp_path: Path, server: OpenAIServer, after: int
) -> None:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "cases.jsonl").write_text(
        "".join(
            json.dumps({"id": f"c{i}", "input": f"how long do refunds take? ({i})"}) + "\n"
            for i in range(N_CASES)
        )
    )
    (tmp_path / "suite.yaml").write_text(SUITE.format(url=server.base_url))
    db = tmp_path / "runs.db"
    proc = subprocess.Popen(
        [sys.executable, "-m", "fourfold", "run", "suite.yaml", "--store", str(db)],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if db.exists() and _stored(db)[0] >= after:
                break
            time.sleep(0.02)
        assert proc.poll() is None, "the run ended before it could be killed"
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        _, stderr = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL, stderr

    n_trials, named, archived = _stored(db)
    assert after <= n_trials < N_CASES
    assert len(named) == n_trials  # one judge call per trial, none served from the cache
    missing = named - archived
    assert not missing, f"{len(missing)} model calls of stored trials are not in the archive"
