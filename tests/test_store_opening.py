"""A new run opens its SQLite store while its first calls wait (`fourfold._engine._opening`).

What must hold whichever order the run takes: the response cache is read before the store
is open; a store that must be migrated or refused is opened (and refused) before anything
is called; a store that cannot be made fails the run with the store's message, not a
traceback; `on_start` sees a stored run; an interrupted run is still marked so.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold import RunOptions
from fourfold._cli import cli
from fourfold._engine import StoreOpening, run_suite_async
from fourfold.errors import StoreError
from fourfold.models import ModelResponse
from fourfold.runs import Run
from fourfold.store import Store, StoreCache
from fourfold.suite import load_suite
from tests.helpers.model_builders import ask
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply
from tests.helpers.store_builders import store_from_a_newer_fourfold

AGENT = """
import os

def answer(case):
    with open(os.path.join(os.path.dirname(__file__), "agent.log"), "a") as log:
        log.write(case.id + "\\n")
    return "Done."
"""


def rubric(body: dict[str, object]) -> Reply:
    return chat_reply(json.dumps({"evidence": "Done.", "rationale": "short", "score": 3}))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "cases.jsonl").write_text(
        "".join(json.dumps({"id": f"c{i}", "input": f"q{i}"}) + "\n" for i in range(4))
    )
    (tmp_path / "suite.yaml").write_text(
        "name: opening\nagent: {python: 'agent:answer'}\ncases: cases.jsonl\n"
        "checks:\n  - max_length: {chars: 100}\n"
    )
    return tmp_path


def judged(project: Path, url: str) -> None:
    (project / "suite.yaml").write_text(
        "name: opening\nagent: {python: 'agent:answer'}\ncases: cases.jsonl\n"
        f"models:\n  judge: {{model: 'openai-compatible/j', base_url: '{url}', api_key_env: ''}}\n"
        "checks:\n  - rubric: {criterion: conciseness}\n"
    )


def fourfold(project: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        cli, ["run", str(project / "suite.yaml"), "--no-progress", *args], catch_exceptions=False
    )
    return result.exit_code, result.output


def test_a_second_run_is_served_from_the_cache_read_before_the_store_opens(
    project: Path,
) -> None:
    with OpenAIServer(rubric) as server:
        judged(project, server.base_url)
        store = str(project / "runs.db")
        first = fourfold(project, "--store", store)
        assert StoreOpening.of(store) is not None  # the second run reads through the peek
        second = fourfold(project, "--store", store)
        calls = len(server.requests)
    assert first[0] == second[0] == 0, first[1] + second[1]
    assert calls == 4  # the second run's four judge calls came from the cache
    with Store.open(store) as opened:
        runs = opened.list_runs()
        assert [r.status for r in runs] == ["finished", "finished"]
        assert all(len(opened.trials(r.id)) == 4 for r in runs)


def test_the_store_opens_while_the_first_calls_wait(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Once the first calls are out and the loop waits on them, not when the first trial
    # ends: the opening's work then fits the first wave's wait, instead of taking the
    # interpreter from the loop while it reads the first replies (`fourfold._engine._idle`).
    began: list[float] = []
    begin = StoreOpening.begin

    def noted(self: StoreOpening) -> None:
        if self._thread is None:
            began.append(time.monotonic())
        begin(self)

    monkeypatch.setattr(StoreOpening, "begin", noted)
    with OpenAIServer(rubric, latency=0.5) as server:
        judged(project, server.base_url)
        code, out = fourfold(project, "--store", str(project / "runs.db"))
        first = min(r.received_at for r in server.requests)
    assert code == 0, out
    # After the first request went out (the server, a thread of this process, may note it
    # a little late), before its reply came back.
    assert first - 0.1 <= began[0] < first + 0.5, began[0] - first


def test_a_store_whose_folder_cannot_be_made_fails_the_run_with_its_message(
    project: Path,
) -> None:
    (project / "blocker").write_text("a file where the store's folder would go\n")
    code, out = fourfold(project, "--store", str(project / "blocker" / "runs.db"))
    assert code != 0
    assert "cannot create the folder of the store" in " ".join(out.split())
    assert "Traceback" not in out


def test_a_store_from_a_newer_fourfold_is_refused_before_anything_is_called(
    project: Path,
) -> None:
    path = store_from_a_newer_fourfold(project / "runs.db")
    code, out = fourfold(project, "--store", str(path))
    assert code != 0 and "made by a newer fourfold" in " ".join(out.split()), out
    assert not (project / "agent.log").exists()  # the agent was never called


def test_on_start_sees_the_run_stored_and_the_store_is_the_runs(project: Path) -> None:
    seen: list[tuple[str, list[str]]] = []
    path = project / "runs.db"

    def on_start(run: Run) -> None:
        with sqlite3.connect(path) as db:
            ids = [row[0] for row in db.execute("SELECT id FROM runs")]
        seen.append((run.id, ids))

    with closing(_opening(path)) as opening:
        outcome = asyncio.run(
            run_suite_async(
                load_suite(project / "suite.yaml"),
                opening,
                RunOptions(progress=False),
                on_start=on_start,
            )
        )
    assert [(run_id, ids) for run_id, ids in seen] == [(outcome.run.id, [outcome.run.id])]
    assert outcome.run.status == "finished" and len(outcome.trials) == 4


WAITING_AGENT = """
import asyncio, os, sqlite3

async def answer(case):
    # Waits (up to 30 s) until its run is in the store: a run whose first trial is slow
    # must not wait for it to store the run.
    path = os.path.join(os.path.dirname(__file__), "runs.db")
    for _ in range(600):
        try:
            with sqlite3.connect(path) as db:
                if db.execute("SELECT count(*) FROM runs").fetchone()[0]:
                    return "stored"
        except sqlite3.Error:
            pass
        await asyncio.sleep(0.05)
    return "the run was not stored while its first trial ran"
"""


@pytest.mark.slow
def test_a_slow_first_trial_does_not_hold_the_run_back_from_the_store(project: Path) -> None:
    (project / "agent.py").write_text(WAITING_AGENT)
    (project / "suite.yaml").write_text(
        "name: opening\nagent: {python: 'agent:answer', timeout: 60}\ncases: cases.jsonl\n"
        "concurrency: 1\nchecks:\n  - max_length: {chars: 10}\n"
    )
    code, out = fourfold(project, "--store", str(project / "runs.db"))
    assert code == 0, out  # every answer is "stored" (6 characters): none waited in vain
    with Store.open(project / "runs.db") as store:
        [run] = store.list_runs()
        assert {t.trace.output for t in store.trials(run.id) if t.trace} == {"stored"}


def test_a_run_that_reads_its_store_first_opens_it_first(project: Path) -> None:
    # --resume reads the run to resume: the store is opened before anything else.
    path = project / "runs.db"
    with closing(_opening(path)) as opening:
        with pytest.raises(Exception, match="no run"):
            asyncio.run(
                run_suite_async(
                    load_suite(project / "suite.yaml"),
                    opening,
                    RunOptions(progress=False, resume="20990101-000000-abcdef"),
                )
            )
        assert opening.future.done()
    assert not (project / "agent.log").exists()


def _opening(path: Path) -> StoreOpening:
    opening = StoreOpening.of(str(path))
    assert opening is not None
    return opening


def test_the_cache_buffers_until_the_store_is_open_then_writes_there(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    with closing(_opening(path)) as opening:
        cache = StoreCache(opening, batch_size=2)
        for i in range(3):
            cache.put(f"k{i}", ask(f"q{i}"), ModelResponse(text=f"r{i}"), provider="mock")
        # Past its batch size, but the store is not open: nothing is opened or written.
        assert cache.buffered == 3 and not path.exists()
        assert cache.get("k2") == ModelResponse(text="r2")  # from the buffer
        assert cache.get("k-missing") is None  # read through the peek: a new store
        cache.flush()  # opens the store (its opening had not begun) and writes there
        assert cache.buffered == 0
        assert opening.future.result().count_model_calls() == 3


def test_a_store_that_cannot_open_fails_the_write_and_keeps_the_buffer(tmp_path: Path) -> None:
    (tmp_path / "blocker").write_text("a file where the store's folder would go\n")
    path = tmp_path / "blocker" / "runs.db"
    with closing(_opening(path)) as opening:
        cache = StoreCache(opening)
        cache.put("k", ask("q"), ModelResponse(text="r"), provider="mock")
        with pytest.raises(StoreError, match="cannot create the folder of the store"):
            cache.flush()
        assert cache.buffered == 1  # kept: nothing was written anywhere
