"""``fourfold power`` and `fourfold.power_of`: the two questions, per layer and judge score."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.cases import Case
from fourfold.power import power_of
from fourfold.runs import CheckResult, Run, RunData, Trial
from fourfold.stats import cases_needed, detectable_drop, measure_noise
from fourfold.store import Store, load_run

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _run(run_id: str, policy: dict[str, list[int]], scores: dict[str, list[float]]) -> RunData:
    """A run with a policy check (pass/fail per repeat) and an outcome judge's 0-3 scores."""
    cases = [Case(id=c, input=f"question {c}") for c in policy]
    trials = []
    for case_id, passes in policy.items():
        for repeat, passed in enumerate(passes):
            score = scores[case_id][repeat]
            trials.append(
                Trial(
                    case_id=case_id,
                    repeat=repeat,
                    status="ok",
                    started_at=NOW,
                    ended_at=NOW,
                    results=[
                        CheckResult(
                            layer="policy", check="no_pii", status="pass" if passed else "fail"
                        ),
                        CheckResult(
                            layer="outcome",
                            check="rubric:outcome",
                            status="pass" if score >= 2 else "fail",
                            score=score,
                        ),
                    ],
                )
            )
    run = Run(
        id=run_id,
        suite="s",
        agent_version="v1",
        package_version="0",
        started_at=NOW,
        config={"repeats": len(next(iter(policy.values())))},
    )
    return RunData(run, cases, trials)


# 30 cases, 3 repeats: a third of the cases flaky on policy, scores that wobble by a point.
POLICY = {f"c{i:02d}": ([1, 0, 1] if i % 3 == 0 else [1, 1, 1]) for i in range(30)}
SCORES = {f"c{i:02d}": ([3.0, 2.0, 3.0] if i % 2 else [2.0, 2.0, 1.0]) for i in range(30)}


def test_power_of_answers_both_questions_from_the_repeats() -> None:
    data = _run("run-1", POLICY, SCORES)
    report = power_of(data, drop=0.10, score_drop=0.5, power=0.8, alpha=0.05)
    policy = next(r for r in report.rows if r.name == "policy")
    judge = next(r for r in report.rows if r.kind == "score")
    assert [r.name for r in report.rows] == ["outcome", "policy", "rubric:outcome"]
    # the noise is the repeats' and the design is what compare would run (Wilcoxon)
    assert (policy.noise.design, policy.noise.source, policy.noise.repeats) == (
        "wilcoxon",
        "repeats",
        3,
    )
    # two layers have data, so each is planned at Holm's strictest step, alpha / 2
    level = 0.05 / 2
    assert policy.answer.alpha == pytest.approx(level)
    values = {c: [float(v) for v in vs] for c, vs in POLICY.items()}
    noise = measure_noise(values)
    assert noise is not None and policy.noise == noise
    assert policy.answer.detectable == pytest.approx(
        detectable_drop("wilcoxon", 30, noise.noise, alpha=level, ceiling=noise.mean)
    )
    assert policy.answer.needed == cases_needed("wilcoxon", 0.10, noise.noise, alpha=level)
    # the judge's scores are their own family (one scored check: alpha itself)
    assert judge.name == "rubric:outcome" and judge.layer == "outcome"
    assert judge.answer.alpha == pytest.approx(0.05) and judge.answer.drop == 0.5
    assert judge.answer.detectable is not None and judge.answer.needed is not None
    # a bigger drop is found on fewer cases
    bigger = power_of(data, drop=0.30)
    assert next(r for r in bigger.rows if r.name == "policy").answer.needed < policy.answer.needed


@pytest.mark.slow
def test_one_trial_per_case_is_mcnemar_with_assumed_or_measured_discordance() -> None:
    one = {c: [v[0]] for c, v in POLICY.items()}
    other = {c: ([0] if i < 6 else [1]) for i, c in enumerate(one)}  # 6 cases flipped
    scores = {c: [s[0]] for c, s in SCORES.items()}
    alone = power_of(_run("run-1", one, scores))
    policy = next(r for r in alone.rows if r.name == "policy")
    assert (policy.noise.design, policy.noise.source) == ("mcnemar", "assumed")
    assert policy.noise.noise == 0.0  # every case passed: no discordance by chance
    against = power_of(_run("run-1", one, scores), against=_run("run-2", other, scores))
    measured = next(r for r in against.rows if r.name == "policy")
    assert (measured.noise.source, measured.noise.noise) == ("against", pytest.approx(6 / 30))
    assert against.against == "run-2"


def _store(db: Path, *runs: RunData) -> None:
    with Store.open(str(db)) as store:
        for data in runs:
            store.create_run(data.run, data.cases)
            store.save_trials(data.run.id, data.trials)


def test_the_command_prints_what_the_api_computes(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    _store(db, _run("run-1", POLICY, SCORES))
    runner = CliRunner()
    result = runner.invoke(cli, ["power", "run-1", "--drop", "10", "--store", str(db), "--json"])
    assert result.exit_code == 0, result.output
    with Store.open(str(db)) as store:
        expected = power_of(load_run(store, "run-1"), drop=0.10)
    assert json.loads(result.stdout) == expected.model_dump(mode="json")

    table = runner.invoke(cli, ["power", "run-1", "--drop", "10", "--store", str(db)])
    assert table.exit_code == 0, table.output
    policy = next(r for r in expected.rows if r.name == "policy")
    assert policy.answer.detectable is not None
    assert f"{policy.answer.detectable * 100:.1f} pts" in table.stdout
    assert f"{policy.answer.needed} × 3" in table.stdout and "30 × 3" in table.stdout
    assert "cases for −10 pts" in table.stdout and "planned for Wilcoxon" in table.stdout


def test_the_command_says_when_the_noise_was_assumed(tmp_path: Path) -> None:
    db = tmp_path / "runs.db"
    one = {c: [v[0]] for c, v in POLICY.items()}
    _store(db, _run("run-1", one, {c: [s[0]] for c, s in SCORES.items()}))
    result = CliRunner().invoke(cli, ["power", "run-1", "--store", str(db)])
    assert result.exit_code == 0, result.output
    assert "assumed" in result.stdout and "--against" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["power", "no-such-run"], "no-such-run"),
        (["power", "run-1", "--drop", "0"], "--drop"),
        (["power", "run-1", "--power", "1.5"], "--power"),
    ],
)
def test_bad_input_exits_2_with_a_message(tmp_path: Path, args: list[str], message: str) -> None:
    db = tmp_path / "runs.db"
    _store(db, _run("run-1", POLICY, SCORES))
    result = CliRunner().invoke(cli, [*args, "--store", str(db)])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
