"""consistency(): pass^k and pass@k per layer and stratum, outcome consistency, flaky cases.

(Named apart from tests/stats/test_consistency.py, which tests the formulas themselves.)
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from math import comb
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold import RunOptions, run
from fourfold._cli import cli
from fourfold.cases import Case
from fourfold.checks import CheckResult, Layer, Status
from fourfold.consistency import consistency
from fourfold.runs import Run, RunData, Trial
from fourfold.store import Store

NOW = datetime(2026, 1, 1, tzinfo=UTC)

Results = list[tuple[Layer, str, Status, float | None]]


def make_run(
    per_case: dict[str, list[Results]],
    strata: dict[str, dict[str, str]] | None = None,
    *,
    errored: tuple[str, int] | None = None,
) -> RunData:
    """A run: per case, the results of each repeat as (layer, check, status, score)."""
    run_ = Run(id="run-x", suite="s", agent_version="v1", package_version="0", started_at=NOW)
    cases = [Case(id=c, input=f"q {c}", strata=(strata or {}).get(c, {})) for c in per_case]
    trials = [
        Trial(
            case_id=case_id,
            repeat=repeat,
            status="error" if (case_id, repeat) == errored else "ok",
            started_at=NOW,
            ended_at=NOW,
            results=[
                CheckResult(layer=layer, check=check, status=status, score=score)
                for layer, check, status, score in results
            ],
        )
        for case_id, repeats in per_case.items()
        for repeat, results in enumerate(repeats)
    ]
    return RunData(run_, cases, trials)


def policy(*statuses: Status) -> list[Results]:
    return [[("policy", "no_pii", s, None)] for s in statuses]


P, F = "pass", "fail"


def test_pass_hat_k_and_pass_at_k_follow_the_formulas() -> None:
    data = make_run(
        {
            "a": policy(P, P, P, P),
            "b": policy(P, P, F, F),
            "c": policy(P, F, F, F),
            "d": policy(F, F, F, F),
        }
    )
    report = consistency(data)
    row = report.layer("policy")
    assert row is not None and report.repeats == 4 and row.n_cases == 4
    counts = [(4, 4), (2, 4), (1, 4), (0, 4)]
    for k in range(1, 5):
        r = row.row(k)
        assert r is not None and r.n_cases == 4
        assert r.pass_hat_k == pytest.approx(sum(comb(c, k) / comb(n, k) for c, n in counts) / 4)
        assert r.pass_at_k == pytest.approx(
            sum(1 - comb(n - c, k) / comb(n, k) for c, n in counts) / 4
        )
    assert row.row(2).pass_hat_k == pytest.approx((1 + 1 / 6) / 4)  # type: ignore[union-attr]
    assert row.flaky == ["b", "c"]
    assert [(f.case_id, f.layers, f.shares) for f in report.flaky] == [
        ("b", ["policy"], {"policy": 0.5}),
        ("c", ["policy"], {"policy": 0.25}),
    ]
    assert report.layer("outcome") is None  # no check feeds it


def test_outcome_consistency_is_the_modal_pass_fail_pattern() -> None:
    # e fails every repeat, but for different reasons: not one consistent outcome
    def outcome(a: Status, b: Status) -> Results:
        return [("outcome", "answer", a, None), ("outcome", "cites", b, None)]

    data = make_run(
        {
            "e": [outcome(F, P), outcome(P, F), outcome(F, P), outcome(F, F)],
            "s": [outcome(P, P)] * 4,
        }
    )
    report = consistency(data)
    by_case = {c.case_id: c for c in report.cases}
    e = by_case["e"]
    assert (e.passed, e.trials, e.flaky) == (0, 4, False)
    assert e.outcome_consistency == 0.5
    assert e.modal_outcome == ["answer:fail", "cites:pass"]
    assert by_case["s"].outcome_consistency == 1.0
    row = report.layer("outcome")
    assert row is not None and row.outcome_consistency == 0.75 and row.flaky == []


def test_per_stratum_rows() -> None:
    strata = {
        "a": {"category": "returns"},
        "b": {"category": "returns"},
        "c": {"category": "billing"},
    }
    data = make_run({"a": policy(P, P), "b": policy(P, F), "c": policy(F, F)}, strata)
    rows = {(r.stratum, r.layer): r for r in consistency(data).strata}
    assert set(rows) == {("category=billing", "policy"), ("category=returns", "policy")}
    returns = rows[("category=returns", "policy")]
    assert returns.n_cases == 2 and returns.flaky == ["b"]
    assert returns.row(1).pass_hat_k == 0.75  # type: ignore[union-attr]
    assert returns.row(2).pass_hat_k == 0.5  # type: ignore[union-attr]
    billing = rows[("category=billing", "policy")]
    assert billing.row(1).pass_hat_k == 0 and billing.flaky == []  # type: ignore[union-attr]


def test_errored_and_undecided_trials_are_not_counted() -> None:
    data = make_run(
        {"a": [[("policy", "no_pii", "pass", None)], [("policy", "no_pii", "skip", None)]] * 2},
        errored=("a", 2),
    )
    row = consistency(data).layer("policy")
    assert row is not None and row.repeats == 1  # one decided repeat is left
    assert row.flaky == []


def test_score_variance_per_check() -> None:
    data = make_run(
        {
            "a": [[("grounding", "rubric:grounding", P, s)] for s in (3, 3, 3)],
            "b": [[("grounding", "rubric:grounding", P, s)] for s in (1, 2, 3)],
            "c": [[("grounding", "rubric:grounding", P, 2)]],
        }
    )
    (variance,) = consistency(data).scores
    assert variance.check == "rubric:grounding" and variance.n_cases == 2
    assert variance.cases == {"a": 0.0, "b": 1.0}
    assert (variance.mean_variance, variance.max_variance) == (0.5, 1.0)


def test_one_repeat_has_only_k_one_and_nothing_flaky() -> None:
    report = consistency(make_run({"a": policy(P), "b": policy(F)}))
    row = report.layer("policy")
    assert row is not None and [r.k for r in row.table] == [1]
    assert report.repeats == 1 and report.flaky == []


AGENT = """
def answer(case, rec):
    return "ok" if case.id != "c2" or rec.repeat % 2 == 0 else "I guarantee a refund"
"""

SUITE = """\
name: consistent
agents:
  v1: {python: "agent:answer"}
cases: cases.jsonl
repeats: 2
checks:
  - no_promises: {}
"""


def make_project(tmp_path: Path) -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    cases = [{"id": f"c{i}", "input": f"q{i}", "strata": {"kind": "x"}} for i in (1, 2, 3)]
    (tmp_path / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    (tmp_path / "suite.yaml").write_text(SUITE)
    return tmp_path / "suite.yaml"


def test_runs_with_repeats_keep_their_consistency_and_the_commands_show_it(
    tmp_path: Path,
) -> None:
    suite = make_project(tmp_path)
    db = tmp_path / "runs.db"
    with Store.open(db) as store:
        first = run(suite, store=store, options=RunOptions(progress=False))
        stored = store.get_analysis(first.run.id, "consistency", "")
        assert stored is not None
        assert [f["case_id"] for f in stored.body["flaky"]] == ["c2"]
        # a run with a baseline: the gate measures each layer against it
        second = run(suite, store=store, options=RunOptions(progress=False, baseline=first.run.id))
        change = second.gate.layer("policy").change
        assert change is not None and change.movement == "noise" and change.n_cases == 3
        assert second.gate.baseline_trials == 6

    runner = CliRunner()
    result = runner.invoke(cli, ["consistency", first.run.id, "--store", str(db)])
    assert result.exit_code == 0, result.output
    assert "pass^2" in result.stdout and "flaky cases (1)" in result.stdout
    assert "c2" in result.stdout and "policy 50%" in result.stdout
    result = runner.invoke(cli, ["consistency", first.run.id, "--store", str(db), "--json"])
    assert json.loads(result.stdout)["flaky"][0]["case_id"] == "c2"
    result = runner.invoke(cli, ["show", first.run.id, "--store", str(db)])
    assert result.exit_code == 0
    assert "pass^2" in result.stdout and "1 flaky case(s)" in result.stdout


def test_show_without_repeats_has_no_consistency_table(tmp_path: Path) -> None:
    suite = make_project(tmp_path)
    db = tmp_path / "runs.db"
    with Store.open(db) as store:
        done = run(suite, store=store, options=RunOptions(progress=False, repeats=1))
        assert store.get_analysis(done.run.id, "consistency", "") is None
    result = CliRunner().invoke(cli, ["show", done.run.id, "--store", str(db)])
    assert result.exit_code == 0 and "pass^" not in result.stdout
    result = CliRunner().invoke(cli, ["consistency", done.run.id, "--store", str(db)])
    assert result.exit_code == 0 and "one repeat per case" in result.stdout
    # pass^1 (the success rate, τ-bench's headline figure) is printed with one repeat too
    assert "pass^1" in result.stdout and "pass^2" not in result.stdout
    assert re.search(r"policy\s+│\s+3\s+│\s+100%", result.stdout), result.stdout
    assert "flaky" not in result.stdout
