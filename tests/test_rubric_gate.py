"""A weighted rubric in the gate, from trials built by hand: what is decided, what is not."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from pydantic import ValidationError

from fourfold.checks import CheckResult, Status
from fourfold.gate import GateConfig, evaluate_gate
from fourfold.rubrics import RubricConfig, judge_rubric, rubric_deltas, trial_rubric
from fourfold.runs import Trial

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def trial(case: str, repeat: int = 0, **scores: float | Status) -> Trial:
    """A trial with one judge result per dimension: a score, or a status (error, skip)."""
    results = [
        CheckResult(
            check=f"rubric:{name}",
            layer="outcome",
            status="pass" if isinstance(v, int | float) else v,
            score=float(v) if isinstance(v, int | float) else None,
        )
        for name, v in scores.items()
    ]
    return Trial(
        case_id=case, repeat=repeat, status="ok", started_at=NOW, ended_at=NOW, results=results
    )


def config(**rubric: object) -> GateConfig:
    return GateConfig.model_validate(
        {"outcome": {"min_pass_rate": 0}, "rubrics": {"quality": rubric}}
    )


RUBRIC = {"dimensions": {"a": {"weight": 0.25, "min_mean": 1}, "b": 0.75}, "overall": 2}


def test_overall_is_weighted_and_a_non_critical_failure_asks_for_review() -> None:
    trials = [trial("c1", a=3, b=1), trial("c2", a=1, b=1)]
    gate = evaluate_gate(trials, config(**RUBRIC, critical=False))
    (r,) = gate.rubrics
    # (0.25 * 3 + 0.75 * 1) = 1.5 and (0.25 + 0.75) = 1.0: mean 1.25 < 2
    assert r.overall.mean == pytest.approx(1.25) and r.overall_passed is False
    assert r.status == "fail" and gate.decision == "review"
    assert gate.reasons == [
        "rubric quality failed (overall mean 1.25 < 2); not critical, so review"
    ]
    assert evaluate_gate(trials, config(**RUBRIC)).decision == "block"


def test_a_skipped_or_erred_dimension_leaves_no_overall() -> None:
    rubric = RubricConfig.model_validate(RUBRIC)
    assert trial_rubric(trial("c", a=3, b="skip"), rubric).why_undecided == "b was skipped"
    assert trial_rubric(trial("c", a="error"), rubric).why_undecided == "a erred; b did not run"
    verdict = judge_rubric(
        "q", rubric, [trial("c1", a=3, b=3), trial("c2", a=3, b="error")], tolerance=0.5
    )
    # one of two trials undecided is within a 50% tolerance: the rule holds on what decided
    assert verdict.status == "pass" and verdict.overall.n == 1 and verdict.undecided_trials == 1
    assert verdict.examples == ["c2#0: b erred"]


def test_judges_that_did_not_run_give_no_data_and_judges_that_never_decided_no_decision() -> None:
    others = [
        Trial(case_id="c", status="ok", started_at=NOW, ended_at=NOW, results=[]),
    ]
    gate = evaluate_gate(others, config(**RUBRIC))
    assert gate.rubrics[0].status == "no_data" and gate.decision == "deploy"
    erred = [trial("c1", a="error", b="error")]
    gate = evaluate_gate(erred, config(**RUBRIC))
    assert gate.rubrics[0].status == "no_decision" and gate.decision == "review"
    assert "rubric quality has no decision" in gate.reasons[-1]


def test_weights_must_sum_to_one_and_overall_is_a_reserved_name() -> None:
    with pytest.raises(ValidationError, match=r"the weights sum to 0\.9 \(a 0\.4 \+ b 0\.5\)"):
        RubricConfig.model_validate({"dimensions": {"a": 0.4, "b": 0.5}})
    with pytest.raises(ValidationError, match="greater than 0"):
        RubricConfig.model_validate({"dimensions": {"a": 0, "b": 1}})
    with pytest.raises(ValidationError, match=r"dimension 'a' is 'heavy': give its weight"):
        RubricConfig.model_validate({"dimensions": {"a": "heavy"}})
    with pytest.raises(ValidationError, match="cannot be called 'overall'"):
        RubricConfig.model_validate({"dimensions": {"overall": 1}})
    # decimal weights that add up to 1 only after rounding are fine
    ok = RubricConfig.model_validate({"dimensions": {"a": 0.1, "b": 0.2, "c": 0.7}})
    assert ok.check_of("c") == "rubric:c"


def test_compare_rows_give_each_sides_spread_and_the_paired_difference() -> None:
    rubric = RubricConfig.model_validate(RUBRIC)
    base = [trial(f"c{i}", r, a=3, b=2 + (r + i) % 2) for i in range(6) for r in range(2)]
    cand = [trial(f"c{i}", r, a=3, b=1) for i in range(6) for r in range(2)]
    cand.append(trial("c9", a=0, b=0))  # not a shared case: left out
    rows = rubric_deltas(
        {"q": rubric}, base, cand, {f"c{i}" for i in range(6)}, rng=np.random.default_rng(0)
    )
    overall = rows[-1]
    assert overall.dimension == "overall" and overall.check is None
    # base: 0.75 + 0.75 * b with b 2 or 3 in equal shares -> 2.25 / 3.0
    assert overall.base.n == 12 and overall.base.mean == pytest.approx(2.625)
    assert overall.base.sd == pytest.approx(np.std([2.25, 3.0] * 6, ddof=1))
    assert overall.base.p5 == pytest.approx(2.25)
    assert overall.cand.mean == pytest.approx(1.5) and overall.cand.sd == 0
    assert overall.difference is not None and overall.difference.diff == pytest.approx(-1.125)
    assert overall.difference.n_cases == 6 and overall.tested
    a = rows[0]
    assert a.dimension == "a" and a.difference is not None and a.difference.diff == 0
