"""The Ray executor: the same suite on Ray and locally gives the same stored results.

One local Ray instance (``ray.init(num_cpus=2)``) serves the whole module; the judge is a
real local OpenAI-compatible server, the store a real SQLite file or Postgres schema. The
tests that start Ray are marked slow (``make test-fast`` skips them); the bad-input ones
need no Ray instance, and Ray is imported only by the fixture that starts it (importing it
costs a third of a second of every test process that collects this module).
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold import RunOptions, run
from fourfold._cli import cli
from fourfold._engine import ExecutorOptions, regrade
from fourfold.runs import Trial
from fourfold.store import Store
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply, error

if importlib.util.find_spec("ray") is None:
    pytest.skip("Ray is not installed (pip install 'fourfold[ray]')", allow_module_level=True)

AGENT = """
import time

def answer(case):
    if case.id == "c3":
        raise RuntimeError("agent down")
    n = int(case.id[1:])
    text = "Refunds take 5 business days (see 4.2)."
    return text + " Call 555-0100." if n % 4 == 0 else text + " Thanks." * n

def slow(case):
    time.sleep(0.4)
    return "Refunds take 5 business days."
"""

SUITE = """
name: rayed
agents:
  answer: {{python: "agent:answer"}}
  slow: {{python: "agent:slow"}}
cases: cases.jsonl
repeats: 2
concurrency: 8
models:
  judge: {{model: "openai-compatible/judge-1", base_url: "{url}", api_key_env: "",
           max_retries: 2, concurrency: {judge_concurrency}}}
checks:
  - contains: {{phrases: ["5 business days"]}}
  - no_pii: {{kinds: [phone]}}
  - rubric: {{criterion: conciseness}}
"""

BLOCK = re.compile(r"<<<AGENT_OUTPUT \w+>>>\n(.*?)\n<<<END AGENT_OUTPUT \w+>>>", re.S)


class Judge:
    """Scores by length and quotes the first sentence; fails each prompt's first attempt."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> Reply:
        user = body["messages"][-1]["content"]
        with self.lock:
            first = user not in self.seen
            self.seen.add(user)
        if first:  # a retried server error: the second attempt answers
            return error(503, "overloaded")
        output = BLOCK.findall(user)[0]
        score = 3 if len(output) < 55 else 2 if len(output) < 75 else 1
        reply = {"evidence": output.split(".")[0] + ".", "rationale": "length", "score": score}
        return chat_reply(json.dumps(reply), usage=(300, 40))


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[ModuleType]:
    """One local Ray instance for the module (start-up costs seconds); the `ray` module."""
    import ray

    if not ray.is_initialized():
        ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
    yield ray
    ray.shutdown()


def project(tmp_path: Path, url: str, *, cases: int = 6, judge_concurrency: int = 16) -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "cases.jsonl").write_text(
        "".join(
            json.dumps({"id": f"c{i}", "input": f"How long does refund {i} take?"}) + "\n"
            for i in range(1, cases + 1)
        )
    )
    suite = tmp_path / "suite.yaml"
    suite.write_text(SUITE.format(url=url, judge_concurrency=judge_concurrency))
    return suite


def on_ray(workers: int = 2) -> ExecutorOptions:
    return ExecutorOptions(kind="ray", workers=workers)


def comparable(trials: list[Trial]) -> list[Any]:
    """What a trial decided, without its timings and ids."""
    out = []
    for t in sorted(trials, key=lambda t: (t.case_id, t.repeat)):
        results = [
            (
                r.check,
                r.layer,
                r.status,
                r.score,
                r.explanation,
                [e.model_dump(mode="json") for e in r.evidence],
            )
            for r in t.results
        ]
        output = t.trace.output if t.trace is not None else None
        out.append((t.case_id, t.repeat, t.status, t.error, output, results))
    return out


pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.slow
@pytest.mark.postgres
def test_a_run_on_ray_stores_what_a_local_run_stores(
    tmp_path: Path, postgres_schema_url: str, ray_instance: ModuleType
) -> None:
    judge = Judge()
    with OpenAIServer(judge) as server:
        suite = project(tmp_path, server.base_url)
        options = RunOptions(agent="answer", progress=False, use_cache=False, seed=7)
        local = run(suite, store=postgres_schema_url, options=options)
        asked_locally = len(server.requests)
        judge.seen.clear()
        rayed = run(
            suite,
            store=postgres_schema_url,
            options=RunOptions(
                agent="answer", progress=False, use_cache=False, seed=7, executor=on_ray()
            ),
        )
        asked_on_ray = len(server.requests) - asked_locally
    # 5 answering cases x 2 repeats judged, each prompt's first attempt a 503 retried: on
    # Ray as here (the two repeats of a case send the same prompt).
    assert asked_locally == asked_on_ray
    assert asked_locally > 10
    assert rayed.executed == local.executed == 12
    with Store.open(postgres_schema_url) as store:
        here, there = store.trials(local.run.id), store.trials(rayed.run.id)
        assert store.get_run(rayed.run.id).status == "finished"
    assert comparable(here) == comparable(there)
    assert {t.status for t in there} == {"ok", "error"}  # both kinds were compared
    assert {r.score for t in there for r in t.results if r.check.startswith("rubric")} == {1, 2, 3}
    assert rayed.gate.model_dump(mode="json") == local.gate.model_dump(mode="json")
    assert rayed.summary.costs.judge_calls == local.summary.costs.judge_calls == 10


@pytest.mark.slow
def test_a_model_s_concurrency_holds_across_every_worker(
    tmp_path: Path, ray_instance: ModuleType
) -> None:
    """Two workers, eight trials in flight, a judge limited to 2: never 3 calls at once.

    Each worker holding a copy of the limit would let 4 through.
    """
    judge = Judge()
    judge.seen = _Everything()  # no failed first attempt here: only the concurrency
    with OpenAIServer(judge, latency=0.3) as server:
        suite = project(tmp_path, server.base_url, cases=8, judge_concurrency=2)
        outcome = run(
            suite,
            store=tmp_path / "runs.db",
            options=RunOptions(agent="answer", progress=False, repeats=1, executor=on_ray()),
        )
        assert server.max_in_flight == 2
    assert outcome.executed == 8
    assert len(server.requests) == 7  # c3's agent failed: nothing to judge


class _Everything(set[str]):
    def __contains__(self, item: object) -> bool:
        return True


@pytest.mark.slow
def test_regrade_and_backfill_on_ray_equal_the_local_ones(
    tmp_path: Path, ray_instance: ModuleType
) -> None:
    judge = Judge()
    judge.seen = _Everything()
    db = tmp_path / "runs.db"
    with OpenAIServer(judge) as server:
        suite = project(tmp_path, server.base_url)
        source = run(suite, store=db, options=RunOptions(agent="answer", progress=False))
        local = regrade(source.run.id, store=db, use_cache=False)
        rayed = regrade(source.run.id, store=db, use_cache=False, executor=on_ray())
    assert comparable(local.trials) == comparable(rayed.trials)
    assert rayed.executed == local.executed == 10

    traces = tmp_path / "traffic.jsonl"
    lines = [
        {"case_id": t.case_id, "repeat": t.repeat, "trace": t.trace.model_dump(mode="json")}
        for t in source.trials
        if t.trace is not None
    ]
    lines.append({"case_id": "c1", "repeat": 0, "trace": lines[0]["trace"]})  # a duplicate
    traces.write_text("".join(json.dumps(line) + "\n" for line in lines) + "not json\n")
    outcomes = []
    for executor in (["--executor", "local"], ["--executor", "ray", "--workers", "2"]):
        result = CliRunner().invoke(
            cli,
            ["monitor", str(suite), "--store", str(db), "--backfill", str(traces), *executor],
        )
        assert result.exit_code in (0, 1, 3), result.output
        assert "left out" in result.output and "traffic.jsonl:14" in result.output
        with Store.open(db) as store:
            latest = store.get_run("latest")
            outcomes.append(store.trials(latest.id))
    here, there = outcomes
    assert comparable(here) == comparable(there)
    assert len(there) == 12  # the duplicate dropped
    rubric = [r for t in there for r in t.results if r.check == "rubric:conciseness"]
    assert {r.status for r in rubric} == {"skip"}  # deterministic checks only


@pytest.mark.slow
@pytest.mark.postgres
def test_a_ray_run_whose_driver_is_killed_resumes_without_duplicates(
    tmp_path: Path, postgres_schema_url: str, ray_instance: ModuleType
) -> None:
    judge = Judge()
    judge.seen = _Everything()
    with OpenAIServer(judge) as server:
        suite = project(tmp_path, server.base_url, cases=16)
        address = ray_instance.get_runtime_context().gcs_address
        driver = subprocess.Popen(
            [sys.executable, "-m", "fourfold", "run", str(suite), "--agent", "slow",
             "--repeats", "1", "--concurrency", "2", "--store", postgres_schema_url,
             "--executor", "ray", "--address", address, "--workers", "2"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
        )  # fmt: skip
        try:
            with Store.open(postgres_schema_url) as store:
                deadline = time.monotonic() + 120
                while time.monotonic() < deadline:
                    runs = store.list_runs()
                    if runs and store.trial_count(runs[0].id).stored >= 3:
                        break
                    assert driver.poll() is None, driver.stderr.read() if driver.stderr else ""
                    time.sleep(0.2)
                else:
                    pytest.fail("the driver stored no trial in 120s")
                os.kill(driver.pid, signal.SIGKILL)
                driver.wait()
                run_id = runs[0].id
                before = {(t.case_id, t.repeat) for t in store.trials(run_id)}
                assert 3 <= len(before) < 16
                assert store.get_run(run_id).status == "interrupted"
        finally:
            if driver.poll() is None:
                driver.kill()
                driver.wait()
            if driver.stderr is not None:
                driver.stderr.close()
        resumed = run(
            suite,
            store=postgres_schema_url,
            options=RunOptions(progress=False, resume=run_id, executor=on_ray()),
        )
    assert resumed.run.status == "finished"
    assert resumed.executed == 16 - len(before)
    with Store.open(postgres_schema_url) as store:
        keys = [(t.case_id, t.repeat) for t in store.trials(run_id)]
    assert len(keys) == len(set(keys)) == 16


# Bad input: no Ray instance needed


def test_the_ray_executor_without_ray_installed_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A None in sys.modules is what makes `import ray` fail as it does where Ray is not
    # installed, in this process (a child interpreter cost a second and a half).
    monkeypatch.setitem(sys.modules, "ray", None)
    suite = project(tmp_path, "http://127.0.0.1:9/v1")
    result = CliRunner().invoke(
        cli,
        ["run", str(suite), "--store", str(tmp_path / "r.db"), "--executor", "ray"],
    )
    assert result.exit_code == 2, result.output
    assert "pip install 'fourfold[ray]'" in result.output
    assert "Traceback" not in result.output
    with Store.open(tmp_path / "r.db") as store:
        assert store.list_runs() == []  # refused before anything was stored


def test_a_sqlite_store_with_a_ray_cluster_address_is_refused(tmp_path: Path) -> None:
    suite = project(tmp_path, "http://127.0.0.1:9/v1")
    result = CliRunner().invoke(
        cli,
        ["run", str(suite), "--store", str(tmp_path / "r.db"), "--executor", "ray",
         "--address", "10.0.0.1:6379"],
    )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "SQLite file" in result.output and "postgresql://" in result.output


@pytest.mark.postgres
def test_an_address_nothing_answers_on_is_named(tmp_path: Path, postgres_schema_url: str) -> None:
    suite = project(tmp_path, "http://127.0.0.1:9/v1")
    result = CliRunner().invoke(
        cli,
        ["run", str(suite), "--store", postgres_schema_url, "--executor", "ray",
         "--address", "127.0.0.1:1"],
    )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "cannot reach the Ray cluster at 127.0.0.1:1" in result.output
    assert "Traceback" not in result.output
    with Store.open(postgres_schema_url) as store:
        assert store.list_runs() == []


@pytest.mark.parametrize("command", ["run", "regrade", "monitor"])
def test_address_without_the_ray_executor_is_bad_input(tmp_path: Path, command: str) -> None:
    suite = project(tmp_path, "http://127.0.0.1:9/v1")
    target = "latest" if command == "regrade" else str(suite)
    result = CliRunner().invoke(cli, [command, target, "--address", "auto"])
    assert result.exit_code == 2, result.output
    assert "--address is for the Ray executor" in result.output
