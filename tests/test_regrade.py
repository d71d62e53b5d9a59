"""`fourfold regrade` and `fourfold.regrade`: a stored run's traces graded again, no agent.

The judge is a real local OpenAI-compatible server that reads the rubric's anchors the way
a literal-minded judge does, so an edited anchor changes its scores; every request it gets
is counted, so a regrade that should be served from the cache is seen to be.
"""

from __future__ import annotations

import gc
import json
import logging
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold import RunOptions, check, load_suite, passed, regrade, run
from fourfold._cli import cli
from fourfold.calibration import trial_labels
from fourfold.checks import CheckContext, CheckFn, create_check
from fourfold.runs import Label, Verdict
from fourfold.store import Store
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

AGENT = """
def short(case):
    return "Refunds take 5 business days."

def long(case):
    if case.id == "c2":
        raise RuntimeError("agent down")
    return "Refunds take 5 business days. " + "We truly value you as a customer. " * 6
"""

CRITERION = """
name: tone
layer: outcome
description: Is the answer plain and to the point?
scale: [0, 3]
inputs: [input, output]
anchors:
  3: Plain and to the point.
  2: One unneeded sentence.
  1: {one}
  0: Says nothing the customer asked for.
"""

DRAFT_ONE = "Wrong or evasive."
FIXED_ONE = "Right, but buried under padding (flattery repeated to fill the answer)."

SUITE = """
name: regraded
agents:
  short: {{python: "agent:short"}}
  long: {{python: "agent:long"}}
cases: cases.jsonl
repeats: 2
models:
  judge: {{model: "openai-compatible/judge-1", base_url: "{url}", api_key_env: "", max_retries: 0}}
checks:
  - rubric: {{criterion: tone.yaml}}
  - max_length: {{words: {words}}}
gate:
  outcome: {{min_pass_rate: 0.5, critical: false}}
"""

OUTPUT = re.compile(r"<<<AGENT_OUTPUT \w+>>>\n(.*?)\n<<<END AGENT_OUTPUT \w+>>>", re.S)


def literal_judge(body: dict[str, Any]) -> Reply:
    """Scores padding 1 only when an anchor says what padding is; else every answer 3."""
    system, user = body["messages"][0]["content"], body["messages"][-1]["content"]
    match = OUTPUT.search(user)
    assert match is not None, user
    output = match[1]
    padded = "value you" in output and "padding" in system
    score = 1 if padded else 3
    quote = "We truly value you as a customer." if padded else output.split(".")[0] + "."
    return chat_reply(json.dumps({"evidence": quote, "rationale": "anchors", "score": score}))


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(literal_judge) as s:
        yield s


def invoke(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == code, (result.output, result.exception)
    return result.output


def project(tmp_path: Path, url: str, *, words: int = 200) -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "cases.jsonl").write_text(
        "".join(
            json.dumps({"id": f"c{i}", "input": f"How long does refund {i} take?"}) + "\n"
            for i in range(1, 4)
        )
    )
    (tmp_path / "tone.yaml").write_text(CRITERION.format(one=DRAFT_ONE))
    (tmp_path / "suite.yaml").write_text(SUITE.format(url=url, words=words))
    return tmp_path / "suite.yaml"


def edit_anchor(tmp_path: Path) -> None:
    criterion = tmp_path / "tone.yaml"
    criterion.write_text(criterion.read_text().replace(DRAFT_ONE, FIXED_ONE))


def scores(trials: Any, check: str = "rubric:tone") -> list[float | None]:
    return [r.score for t in trials for r in t.results if r.check == check]


def test_a_regrade_grades_the_stored_traces_and_never_calls_the_agent(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite, db = project(tmp_path, server.base_url), tmp_path / "runs.db"
    source = run(suite, store=db, options=RunOptions(agent="long", progress=False))
    assert len(server.requests) == 4  # 3 cases x 2 repeats, c2 errored twice
    (tmp_path / "agent.py").write_text("raise RuntimeError('the agent must not be loaded')\n")

    again = regrade(source.run.id, store=db)

    assert len(server.requests) == 4  # unchanged criterion: every judge call from the cache
    assert again.run.id != source.run.id and again.run.regraded_from == source.run.id
    assert again.run.config["regraded_from"] == source.run.id
    assert again.run.agent_version == "long" and again.run.seed == source.run.seed
    assert again.run.status == "finished" and again.executed == 4
    assert [(t.case_id, t.repeat, t.status) for t in again.trials] == [
        (t.case_id, t.repeat, t.status) for t in source.trials
    ]
    errored = [t for t in again.trials if t.status == "error"]
    assert len(errored) == 2 and all("agent down" in (t.error or "") for t in errored)
    assert all(t.results == [] for t in errored)  # carried over, not graded
    assert scores(again.trials) == scores(source.trials) == [3.0] * 4
    judged = [r for t in again.trials for r in t.results if r.check == "rubric:tone"]
    assert all(r.metadata["model_calls"][0]["cached"] for r in judged)
    ok = [t for t in again.trials if t.status == "ok"]
    assert [t.trace for t in ok] == [t.trace for t in source.trials if t.status == "ok"]
    assert again.gate.decision == source.gate.decision
    with Store.open(db) as store:
        assert store.get_run(again.run.id).regraded_from == source.run.id
        assert len(store.cases(again.run.id)) == 3
        assert len(store.trials(again.run.id)) == 6


def test_an_edited_anchor_asks_the_judge_again_and_an_unchanged_one_does_not(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite, db = project(tmp_path, server.base_url), tmp_path / "runs.db"
    source = run(suite, store=db, options=RunOptions(agent="long", progress=False))
    asked = len(server.requests)

    edit_anchor(tmp_path)
    fixed = regrade(source.run.id, store=db)
    assert len(server.requests) == asked + 4  # a new prompt for every judged trial
    assert scores(fixed.trials) == [1.0] * 4
    assert fixed.gate.layer("outcome").failed == 4

    # the fixed rubric again, over the same traces: answered from the cache
    twice = regrade(source.run.id, store=db)
    assert len(server.requests) == asked + 4
    assert scores(twice.trials) == [1.0] * 4
    # a regrade of a regrade grades the same traces and says which run it graded
    chained = regrade(fixed.run.id, store=db)
    assert chained.run.regraded_from == fixed.run.id and len(server.requests) == asked + 4


@check(layer="outcome")
def regrade_test_ctrl_c() -> CheckFn:
    """Ctrl-C while case c3 is graded."""

    def stop(ctx: CheckContext) -> Verdict:
        if ctx.case.id == "c3":
            raise KeyboardInterrupt
        return passed()

    return stop


def test_a_regrade_stopped_midway_is_interrupted_and_keeps_its_judge_calls(
    tmp_path: Path, server: OpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    suite, db = project(tmp_path, server.base_url), tmp_path / "runs.db"
    source = run(suite, store=db, options=RunOptions(agent="short", progress=False))
    asked = len(server.requests)
    edit_anchor(tmp_path)
    loaded = load_suite(suite)
    loaded.checks.append(create_check("regrade_test_ctrl_c"))

    with pytest.raises(KeyboardInterrupt):
        regrade(source.run.id, suite=loaded, store=db, concurrency=1)
    # No task may keep the KeyboardInterrupt unread: asyncio logs it when the task is
    # collected, and formatting that traceback (which parses source on 3.11) inside
    # another parse broke it ("AST constructor recursion depth mismatch" in whatever the
    # process parsed next).
    with caplog.at_level(logging.ERROR, logger="asyncio"):
        gc.collect()
    assert not [r for r in caplog.records if "never retrieved" in r.getMessage()]

    with Store.open(db) as store:
        stopped = store.get_run("latest")
        assert stopped.regraded_from == source.run.id and stopped.status == "interrupted"
        assert store.trials(stopped.id) == []
    made = len(server.requests) - asked
    assert made >= 1  # the judge calls made before the stop are kept: not asked again
    again = regrade(source.run.id, store=db)
    assert again.run.status == "finished"
    assert len(server.requests) - asked == 6


def test_checks_regrades_only_the_named_checks_and_keeps_the_rest(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite, db = project(tmp_path, server.base_url), tmp_path / "runs.db"
    source = run(suite, store=db, options=RunOptions(agent="long", progress=False))
    edit_anchor(tmp_path)
    # max_length tightened too, but not named: its results stay as the source had them
    suite.write_text(SUITE.format(url=server.base_url, words=5))

    only = regrade(source.run.id, store=db, checks=["rubric:tone"])

    assert scores(only.trials) == [1.0] * 4
    kept = [r for t in only.trials for r in t.results if r.check == "max_length"]
    assert kept == [r for t in source.trials for r in t.results if r.check == "max_length"]
    assert all(r.status == "pass" for r in kept)
    assert only.run.config["regraded_checks"] == ["rubric:tone"]
    everything = regrade(source.run.id, store=db)
    assert all(
        r.status == "fail" for t in everything.trials for r in t.results if r.check == "max_length"
    )


def test_the_command_line_regrades_latest_and_every_view_names_the_source(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite, db = project(tmp_path, server.base_url), str(tmp_path / "runs.db")
    invoke("run", str(suite), "--agent", "short", "--store", db)
    with Store.open(db) as store:
        source = store.get_run("latest").id
    edit_anchor(tmp_path)

    out = invoke("regrade", "latest", "--store", db, "--no-progress")
    assert f"regraded from {source}" in " ".join(out.split())
    with Store.open(db) as store:
        new = store.get_run("latest")
    assert new.regraded_from == source

    listed = json.loads(invoke("runs", "--json", "--store", db))
    assert [r["regraded_from"] for r in listed] == [source, None]
    assert "regrade of" in invoke("runs", "--store", db)
    assert f"regraded from {source}" in " ".join(invoke("show", new.id, "--store", db).split())
    report = tmp_path / "report.html"
    invoke("report", new.id, "-o", str(report), "--store", db)
    assert "regraded from" in report.read_text() and source in report.read_text()

    # comma-separated and repeated --checks both name checks
    invoke("regrade", source, "--checks", "rubric:tone,max_length", "--store", db)
    with Store.open(db) as store:
        assert store.get_run("latest").config["regraded_checks"] == ["rubric:tone", "max_length"]


def test_a_regrade_survives_export_and_load(
    tmp_path: Path, server: OpenAIServer, store_target: str
) -> None:
    suite, db = project(tmp_path, server.base_url), store_target  # SQLite, then Postgres
    source = run(suite, store=db, options=RunOptions(agent="short", progress=False))
    again = regrade(source.run.id, store=db)
    file = tmp_path / "regrade.jsonl.gz"
    invoke("export", again.run.id, "-o", str(file), "--store", db)
    other = str(tmp_path / "other.db")
    invoke("load", str(file), "--store", other)
    with Store.open(other) as store:
        assert store.get_run(again.run.id).regraded_from == source.run.id
    listed = json.loads(invoke("runs", "--json", "--store", other))
    assert listed[0]["regraded_from"] == source.run.id


def test_the_labels_of_the_source_run_are_labels_of_its_regrade(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite, db = project(tmp_path, server.base_url), tmp_path / "runs.db"
    source = run(suite, store=db, options=RunOptions(agent="short", progress=False))
    again = regrade(source.run.id, store=db)
    twice = regrade(again.run.id, store=db)

    def label(run_id: str, value: float, labeller: str = "ana") -> Label:
        return Label(
            run_id=run_id,
            case_id="c1",
            repeat=0,
            criterion="rubric:tone",
            labeller=labeller,
            value=value,
        )

    with Store.open(db) as store:
        store.add_labels([label(source.run.id, 3), label(source.run.id, 2, "bo")])
        store.add_labels([label(again.run.id, 1, "bo")])  # bo relabelled the regrade's trial
        for run_id in (again.run.id, twice.run.id):
            held = trial_labels(store, store.get_run(run_id), criterion="rubric:tone")
            # the source's first, the regrade's own last (the later label of bo wins)
            assert [(lb.labeller, lb.value) for lb in held] == [("ana", 3), ("bo", 2), ("bo", 1)]
            assert {lb.run_id for lb in held} == {run_id}  # labels of this run's trials
        assert trial_labels(store, store.get_run(source.run.id), criterion="x") == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("unknown run", "no run 'nope'"),
        ("other suite", "is of suite 'regraded', but"),
        ("edited case", "1 were edited since ('c1')"),
        ("removed case", "1 are no longer in it ('c3')"),
        ("unknown check", "the suite has no check named 'rubric:tonne'"),
        ("suite gone", "which is no longer there"),
        ("interrupted", "is interrupted (6 of 6 trials)"),
    ],
)
def test_bad_input_exits_2_naming_what_and_how_to_fix_it(
    tmp_path: Path, server: OpenAIServer, change: str, message: str
) -> None:
    suite, db = project(tmp_path, server.base_url), str(tmp_path / "runs.db")
    source = run(suite, store=db, options=RunOptions(agent="short", progress=False)).run.id
    args = ["regrade", source, "--store", db]
    cases = tmp_path / "cases.jsonl"
    if change == "unknown run":
        args[1] = "nope"
    elif change == "other suite":
        suite.write_text(suite.read_text().replace("name: regraded", "name: another"))
    elif change == "edited case":
        cases.write_text(cases.read_text().replace("refund 1 take", "refund 1 really take"))
    elif change == "removed case":
        cases.write_text("".join(cases.read_text().splitlines(keepends=True)[:2]))
    elif change == "unknown check":
        args += ["--checks", "rubric:tonne"]
    elif change == "suite gone":
        shutil.move(suite, tmp_path / "moved.yaml")
    elif change == "interrupted":
        with Store.open(db) as store:
            store.update_run(source, status="interrupted")

    out = " ".join(invoke(*args, code=2).split())

    assert message in out and "Traceback" not in out
    hint = {
        "other suite": "--suite",
        "edited case": "restore those cases",
        "removed case": "restore those cases",
        "unknown check": "did you mean 'rubric:tone'?",
        "suite gone": f"fourfold regrade {source} --suite SUITE",
        "interrupted": f"--resume {source}",
    }.get(change)
    assert hint is None or hint in out
    with Store.open(db) as store:
        assert [r.id for r in store.list_runs()] == [source]  # nothing stored
