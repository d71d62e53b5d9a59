"""``fourfold monitor`` from the command line: --once for cron, bad input, Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from fourfold import Store
from fourfold._cli import cli
from tests.helpers.monitoring import SUITE, otlp, production_trace, write_jsonl


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "suite.yaml").write_text(SUITE)
    write_jsonl(
        tmp_path / "incoming" / "traffic.jsonl",
        [otlp(production_trace(0, i, policy=i != 2)) for i in range(6)],
    )
    return tmp_path


def monitor(*args: str):
    return CliRunner().invoke(
        cli,
        ["monitor", "suite.yaml", *args, "--store", "runs.db"],
        catch_exceptions=False,
    )


def said(result) -> str:
    return " ".join(result.output.split())


def test_once_evaluates_what_is_there_and_a_second_run_reads_nothing_again(project):
    first = monitor("--watch", "incoming", "--once", "--settle", "0")
    assert first.exit_code == 0, first.output
    assert "6 traces evaluated" in said(first)
    assert "policy 83%" in said(first)  # the open window so far
    assert (project / ".fourfold" / "monitor-support-prod.json").exists()
    with Store.open(project / "runs.db") as store:
        [run] = store.list_runs()
        assert run.agent_version == "production"
        assert len(store.trials(run.id)) == 6

    again = monitor("--watch", "incoming", "--once", "--settle", "0")
    assert again.exit_code == 0, again.output
    assert "0 traces evaluated" in said(again)
    with Store.open(project / "runs.db") as store:
        assert len(store.trials(run.id)) == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "nothing to monitor"),
        (["--otlp-port", "0", "--once"], "--once reads a folder"),
        (["--watch", "incoming", "--window", "5x"], "'5x' is not a duration"),
        (["--watch", "incoming", "--webhook", "hooks.example"], "not an http(s) URL"),
        (["--watch", "incoming", "--history", "3", "--min-history", "5"], "cannot exceed"),
        (["--watch", "incoming", "--judge-share", "2"], "0<=x<=1"),
    ],
)
def test_bad_input_exits_2(project, args, message):
    result = monitor(*args)
    assert result.exit_code == 2, result.output
    assert message in said(result)
    assert "Traceback" not in result.output


def test_a_missing_suite_exits_2(project):
    result = CliRunner().invoke(cli, ["monitor", "nope.yaml", "--watch", "incoming"])
    assert result.exit_code == 2
    assert "suite file not found" in result.output


@pytest.mark.slow
def test_ctrl_c_stops_cleanly_after_evaluating_what_arrived(project):
    env = {**os.environ, "COLUMNS": "200"}
    process = subprocess.Popen(
        [sys.executable, "-m", "fourfold", "monitor", "suite.yaml", "--otlp-port", "0"]
        + ["--store", "runs.db", "--alerts", "alerts.jsonl"],
        cwd=project,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        url = None
        deadline = time.monotonic() + 30
        lines = []
        while url is None and time.monotonic() < deadline:
            line = process.stderr.readline()
            lines.append(line)
            found = re.search(r"http://127\.0\.0\.1:\d+/v1/traces", line)
            url = found.group(0) if found else None
        assert url is not None, "".join(lines)
        response = httpx.post(url, json=otlp(production_trace(0, 1)), timeout=10)
        assert response.status_code == 200
        process.send_signal(signal.SIGINT)
        _, rest = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, "".join(lines) + rest
    assert "1 trace evaluated" in rest
    assert "Traceback" not in rest
    state = json.loads((project / ".fourfold" / "monitor-support-prod.json").read_text())
    with Store.open(project / "runs.db") as store:
        run = store.get_run(state["open_window"]["run_id"])
        assert run.status == "interrupted" and len(store.trials(run.id)) == 1
