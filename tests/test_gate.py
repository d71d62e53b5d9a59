"""The gate: per-layer rules, combined into deploy / review / block."""

from __future__ import annotations

from datetime import UTC, datetime

import numpy as np
import pytest
from pydantic import ValidationError

from fourfold.checks import MODEL_CALLS_KEY, CheckResult, Layer, Status
from fourfold.gate import GateConfig, GateReport, LayerRule, evaluate_gate
from fourfold.runs import Trial

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def trial(
    case: str, *results: tuple[Layer, str, Status, float | None], error: bool = False
) -> Trial:
    return Trial(
        case_id=case,
        status="error" if error else "ok",
        error="boom" if error else None,
        results=[
            CheckResult(
                layer=layer,
                check=check,
                status=status,
                score=score,
                explanation=f"{check} {status}",
            )
            for layer, check, status, score in results
        ],
        started_at=NOW,
        ended_at=NOW,
    )


Result = tuple[Layer, str, Status, float | None]


def ok(
    layer: Layer, check: str = "c", score: float | None = None
) -> tuple[Layer, str, Status, float | None]:
    return (layer, check, "pass", score)


def bad(
    layer: Layer, check: str = "c", score: float | None = None
) -> tuple[Layer, str, Status, float | None]:
    return (layer, check, "fail", score)


ALL_OK = [ok("outcome"), ok("trajectory"), ok("grounding"), ok("policy")]


@pytest.mark.parametrize(
    ("trials", "decision", "failing"),
    [
        ([trial("a", *ALL_OK), trial("b", *ALL_OK)], "deploy", []),
        # a hard, critical layer: one failure blocks
        ([trial("a", *ALL_OK), trial("b", ok("outcome"), bad("policy"))], "block", ["policy"]),
        ([trial("a", *ALL_OK), trial("b", bad("trajectory"))], "block", ["trajectory"]),
        # outcome is not critical by default: review
        (
            [trial("a", bad("outcome")), trial("b", bad("outcome")), trial("c", *ALL_OK)],
            "review",
            ["outcome"],
        ),
        # grounding needs 95%
        (
            [trial(str(i), ok("grounding")) for i in range(19)] + [trial("x", bad("grounding"))],
            "deploy",
            [],
        ),
        (
            [trial(str(i), ok("grounding")) for i in range(9)] + [trial("x", bad("grounding"))],
            "block",
            ["grounding"],
        ),
        # one failing check in a layer fails the trial for that layer even if others pass
        ([trial("a", ok("policy", "x"), bad("policy", "y"))], "block", ["policy"]),
        # skips do not count; a layer nobody checks has no data
        ([trial("a", ("policy", "x", "skip", None), ok("outcome"))], "deploy", []),
        # errored trials: their own category -> review, not block, not counted as failures
        ([trial("a", *ALL_OK), trial("b", error=True)], "review", []),
        # a check that could not decide is not a failure, and not a pass either: review
        ([trial("a", ("policy", "x", "error", None))], "review", []),
    ],
)
def test_default_gate(trials: list[Trial], decision: str, failing: list[str]) -> None:
    report = evaluate_gate(trials, GateConfig())
    assert report.decision == decision, report.reasons
    assert [v.layer for v in report.layers if v.status == "fail"] == failing
    assert report.exit_code == {"deploy": 0, "block": 1, "review": 3}[decision]


def test_scores_mean_and_floor() -> None:
    config = GateConfig(grounding=LayerRule(min_mean=2.5, floor=0, score_check="judge"))
    good = [trial(str(i), ok("grounding", "judge", 3)) for i in range(3)]
    assert evaluate_gate(good, config).decision == "deploy"
    above = good + [
        trial("x", ok("grounding", "judge", 2)),
        trial("y", ok("grounding", "judge", 2)),
    ]
    assert evaluate_gate(above, config).decision == "deploy"  # mean 2.6
    below = good + [
        trial("x", ok("grounding", "judge", 1)),
        trial("y", ok("grounding", "judge", 1)),
    ]
    report = evaluate_gate(below, config)
    assert report.decision == "block"
    assert report.layer("grounding").reasons == ["mean score 2.20 < 2.5"]
    zero = good + [trial("z", bad("grounding", "judge", 0))]
    reasons = evaluate_gate(zero, config).layer("grounding").reasons
    assert any("floor" in r for r in reasons)
    # scores of other checks are ignored when score_check names one
    other = good + [trial("o", ok("grounding", "other", 0))]
    assert evaluate_gate(other, config).decision == "deploy"


def test_mean_below_threshold_fails() -> None:
    config = GateConfig(grounding=LayerRule(min_mean=2.5))
    trials = [trial("a", ok("grounding", "j", 3)), trial("b", ok("grounding", "j", 1))]
    report = evaluate_gate(trials, config)
    assert report.layer("grounding").mean_score == 2.0
    assert report.decision == "block"


def test_error_rate_tolerance() -> None:
    trials = [trial("a", *ALL_OK), trial("b", error=True)]
    assert evaluate_gate(trials, GateConfig(max_error_rate=0.5)).decision == "deploy"
    assert evaluate_gate(trials, GateConfig(max_error_rate=0.4)).decision == "review"
    # no tolerance turns "every trial errored" into a deploy: nothing was checked
    everything = [trial("a", error=True), trial("b", error=True)]
    report = evaluate_gate(everything, GateConfig(max_error_rate=1.0))
    assert report.decision == "review"
    assert report.reasons == ["all 2 trials errored: no check ran, so nothing was checked"]


def test_worst_cases_name_the_failing_checks() -> None:
    trials = [
        trial("a", bad("policy", "no_pii"), bad("policy", "no_promises")),
        trial("b", bad("policy", "no_pii")),
        trial("c", ok("policy")),
    ]
    v = evaluate_gate(trials, GateConfig()).layer("policy")
    assert (v.passed, v.failed, v.pass_rate) == (1, 2, pytest.approx(1 / 3))
    assert v.worst[0].case_id == "a" and v.worst[0].checks == ["no_pii", "no_promises"]
    assert v.reasons == ["2 failing trials"]


def test_non_critical_layer_reviews_and_critical_override_blocks() -> None:
    trials = [trial("a", bad("policy"))]
    assert (
        evaluate_gate(trials, GateConfig(policy=LayerRule(hard=True, critical=False))).decision
        == "review"
    )
    assert (
        evaluate_gate(
            [trial("a", bad("outcome"))], GateConfig(outcome=LayerRule(hard=True, critical=True))
        ).decision
        == "block"
    )


# The complete gate: the grounding judge rule, drops against a baseline, improvements.


def judged(case: str, score: float, *others: tuple[Layer, str, Status, float | None]) -> Trial:
    """A trial with a rubric:grounding judge result (model-graded: it lists its calls)."""
    t = trial(case, *others)
    judge = CheckResult(
        layer="grounding",
        check="rubric:grounding",
        status="pass" if score >= 2 else "fail",
        score=score,
        explanation=f"judge scored {score:g}",
        metadata={MODEL_CALLS_KEY: []},
    )
    return t.model_copy(update={"results": [*t.results, judge]})


@pytest.mark.parametrize(
    ("trials", "decision", "reason"),
    [
        # no judge ran: only the deterministic pass rate applies
        ([trial(str(i), ok("grounding")) for i in range(4)], "deploy", None),
        # the judge ran and scored well: deploy
        ([judged(str(i), 3, ok("grounding")) for i in range(4)], "deploy", None),
        # mean 2.25 < 2.5
        (
            [judged(str(i), s, ok("grounding")) for i, s in enumerate([3, 2, 2, 2])],
            "block",
            "rubric:grounding mean 2.25 < 2.5",
        ),
        # a 0 anywhere, though the mean is fine
        (
            [judged(str(i), s, ok("grounding")) for i, s in enumerate([3, 3, 3, 3, 3, 3, 0])],
            "block",
            "rubric:grounding scored 0 (at or below 0) on 1 trial",
        ),
        # a judge failure alone does not count against the deterministic pass rate
        (
            [judged(str(i), 3, ok("grounding")) for i in range(9)]
            + [judged("x", 1, ok("grounding"))],
            "deploy",
            None,
        ),
        # ...and a deterministic failure still does
        (
            [judged(str(i), 3, ok("grounding")) for i in range(9)]
            + [judged("x", 3, bad("grounding"))],
            "block",
            "pass rate 90% < 95%",
        ),
    ],
)
def test_grounding_judge_rule_applies_only_when_the_judge_ran(
    trials: list[Trial], decision: str, reason: str | None
) -> None:
    report = evaluate_gate(trials, GateConfig())
    assert report.decision == decision, report.reasons
    grounding = report.layer("grounding")
    assert grounding.reasons == ([reason] if reason else [])


def test_judge_scores_are_reported_and_judge_failures_listed() -> None:
    trials = [judged("a", 3, ok("grounding")), judged("b", 0, ok("grounding"))]
    v = evaluate_gate(trials, GateConfig()).layer("grounding")
    assert (v.judge_scores, v.judge_mean, v.judge_min) == (2, 1.5, 0)
    assert (v.passed, v.failed, v.pass_rate) == (2, 0, 1.0)  # deterministic checks only
    assert [w.case_id for w in v.worst] == ["b"] and v.worst[0].checks == ["rubric:grounding"]


def test_a_suite_rule_replaces_the_default_whole() -> None:
    # backward compatible: what a suite wrote before the judge and drop rules existed
    # means what it meant then
    config = GateConfig.model_validate(
        {"grounding": {"min_pass_rate": 0.95}, "outcome": {"min_pass_rate": 0.8, "critical": False}}
    )
    assert config.grounding.judge is None and config.grounding.pass_rate_of == "all"
    assert config.outcome.max_drop is None
    trials = [judged(str(i), 3, ok("grounding")) for i in range(9)] + [judged("x", 1)]
    assert evaluate_gate(trials, config).decision == "block"  # the judge counts in the rate
    assert evaluate_gate(trials, GateConfig()).decision == "deploy"


def test_old_stored_reports_still_load() -> None:
    stored = evaluate_gate([trial("a", *ALL_OK)], GateConfig()).model_dump(mode="json")
    for key in ("improvements", "baseline_trials"):
        del stored[key]
    for layer in stored["layers"]:
        for key in ("judge_scores", "judge_mean", "judge_min", "change"):
            del layer[key]
    report = GateReport.model_validate(stored)
    assert report.decision == "deploy" and report.improvements == []


@pytest.mark.parametrize(
    ("value", "error"),
    [("nois", "max_drop"), (-0.1, "max_drop"), (1.5, "max_drop")],
)
def test_max_drop_is_noise_or_a_share(value: object, error: str) -> None:
    with pytest.raises(ValidationError, match=error):
        LayerRule.model_validate({"max_drop": value})


def outcomes(n: int, failing: int, repeats: int = 1) -> list[Trial]:
    return [
        trial_at(f"c{i:02d}", r, bad("outcome") if i < failing else ok("outcome"))
        for i in range(n)
        for r in range(repeats)
    ]


def trial_at(case: str, repeat: int, *results: tuple[Layer, str, Status, float | None]) -> Trial:
    return trial(case, *results).model_copy(update={"repeat": repeat})


RNG_SEED = 0


def gate(
    trials: list[Trial], baseline: list[Trial] | None, config: GateConfig | None = None
) -> GateReport:
    return evaluate_gate(
        trials,
        config or GateConfig(),
        baseline=baseline,
        rng=np.random.default_rng(RNG_SEED),
    )


def test_outcome_drop_against_the_baseline_asks_for_review() -> None:
    # 85% still clears the 80% floor; against a baseline at 100% it is a significant drop
    base, cand = outcomes(40, 0), outcomes(40, 6)
    assert gate(cand, None).decision == "deploy"
    report = gate(cand, base)
    assert report.decision == "review", report.reasons
    change = report.layer("outcome").change
    assert change is not None
    assert (change.metric, change.base, change.cand) == ("pass_rate", 1.0, 0.85)
    assert change.test == "mcnemar_exact" and change.movement == "regression"
    assert change.margin_source == "not_measured"  # one repeat: any significant drop counts
    assert report.layer("outcome").reasons[0].startswith("dropped against the baseline")
    assert "not critical, so review" in report.reasons[0]
    assert report.baseline_trials == 40


def test_outcome_drop_within_the_measured_noise_deploys() -> None:
    # the baseline flakes: half its cases pass 2 of 4 repeats, so 5 points is noise
    base = [
        trial_at(f"c{i:02d}", r, ok("outcome") if i < 20 or r < 2 else bad("outcome"))
        for i in range(40)
        for r in range(4)
    ]
    cand = [
        trial_at(
            f"c{i:02d}",
            r,
            bad("outcome") if (i < 8 and r == 3) or (i >= 20 and r >= 2) else ok("outcome"),
        )
        for i in range(40)
        for r in range(4)
    ]
    report = gate(cand, base, GateConfig(outcome=LayerRule(max_drop="noise", critical=False)))
    change = report.layer("outcome").change
    assert change is not None and change.margin_source == "split_half"
    assert change.diff == pytest.approx(-0.05)
    assert change.margin is not None and change.margin > 0.05
    assert change.movement == "noise" and report.decision == "deploy"


@pytest.mark.parametrize(
    ("max_drop", "decision"),
    [(None, "deploy"), (0.2, "deploy"), (0.1, "review"), ("noise", "review")],
)
def test_max_drop_settings(max_drop: str | float | None, decision: str) -> None:
    base, cand = outcomes(40, 0), outcomes(40, 6)  # a 15-point drop, p ≈ 0.03
    config = GateConfig(outcome=LayerRule(critical=False, max_drop=max_drop))
    assert gate(cand, base, config).decision == decision


def pairwise_trial(case: str, verdict: str) -> Trial:
    t = trial(case, ok("outcome"))
    result = CheckResult(
        layer="outcome",
        check="pairwise:outcome_preference",
        status="fail" if verdict == "baseline" else "pass",
        score={"candidate": 1.0, "tie": 0.5, "baseline": 0.0}[verdict],
        metadata={"verdict": verdict, MODEL_CALLS_KEY: []},
    )
    return t.model_copy(update={"results": [*t.results, result]})


def test_outcome_uses_the_pairwise_win_rate_when_there_is_one() -> None:
    base = outcomes(20, 0)
    losing = [pairwise_trial(f"c{i:02d}", "baseline" if i < 12 else "tie") for i in range(20)]
    config = GateConfig(outcome=LayerRule(critical=False, max_drop="noise"))
    report = gate(losing, base, config)
    change = report.layer("outcome").change
    assert change is not None and change.metric == "win_rate"
    assert (change.base, change.cand) == (0.5, pytest.approx(0.2))
    assert change.test == "wilcoxon" and change.movement == "regression"
    assert report.decision == "review"
    winning = [pairwise_trial(f"c{i:02d}", "candidate" if i < 12 else "tie") for i in range(20)]
    report = gate(winning, base, config)
    assert report.decision == "deploy"
    assert report.improvements and report.improvements[0].startswith("outcome: win rate 80%")


def test_improvements_are_listed() -> None:
    base, cand = outcomes(40, 12), outcomes(40, 0)
    report = gate(cand, base)
    assert report.decision == "deploy"
    assert [i.split(":")[0] for i in report.improvements] == ["outcome"]
    assert report.layer("outcome").change is not None


def test_no_baseline_no_drop_rule_and_baseline_needs_rng() -> None:
    report = evaluate_gate(outcomes(10, 0), GateConfig())
    assert all(v.change is None for v in report.layers) and report.baseline_trials is None
    with pytest.raises(ValueError, match="rng"):
        evaluate_gate(outcomes(10, 0), GateConfig(), baseline=outcomes(10, 0))


# Results that could not decide: counted per layer, never read as a pass.


def judge_error(case: str, category: str = "unparseable", *others: Result) -> Trial:
    """A trial whose rubric:grounding judge errored (model-graded: it lists its calls)."""
    t = trial(case, *others)
    error = CheckResult(
        layer="grounding",
        check="rubric:grounding",
        status="error",
        explanation="the judge's reply could not be read",
        metadata={MODEL_CALLS_KEY: [], "error_category": category},
    )
    return t.model_copy(update={"results": [*t.results, error]})


def test_a_judge_that_never_decided_asks_for_review() -> None:
    # the deterministic grounding checks pass on every trial; the judge errored on all 60
    trials = [judge_error(f"c{i}", "unparseable", *ALL_OK) for i in range(60)]
    report = evaluate_gate(trials, GateConfig())
    assert report.decision == "review" and report.exit_code == 3
    grounding = report.layer("grounding")
    assert grounding.status == "review" and grounding.reasons == []
    assert grounding.pass_rate == 1.0  # the deterministic rule held; the judge's did not run
    assert [e.describe() for e in grounding.errors] == [
        "rubric:grounding: 60 of 60 results errored (unparseable reply)"
    ]
    assert grounding.undecided == [
        "60 of 60 trials had a result that could not decide (100% > 0% allowed): "
        "rubric:grounding: 60 of 60 results errored (unparseable reply)"
    ]
    assert report.reasons == [f"grounding needs review: {grounding.undecided[0]}"]
    assert [v.layer for v in report.layers if v.status != "pass"] == ["grounding"]


def test_a_layer_whose_only_judge_errored_has_no_decision() -> None:
    # no deterministic grounding check: before, the layer read as "no data" and deployed
    trials = [judge_error(f"c{i}", "config" if i % 2 else "server", ok("policy")) for i in range(6)]
    report = evaluate_gate(trials, GateConfig())
    grounding = report.layer("grounding")
    assert grounding.status == "no_decision"
    assert report.decision == "review"
    assert (
        "rubric:grounding: 6 of 6 results errored (server error ×3, configuration error ×3)"
        in (grounding.undecided[0])
    )
    assert report.reasons[0].startswith("grounding has no decision: 6 of 6 trials")
    # a layer nothing feeds still has no data, and skips are not errors
    assert report.layer("outcome").status == "no_data"
    skipped = [trial("a", ("outcome", "pairwise:x", "skip", None), *ALL_OK[1:])]
    assert evaluate_gate(skipped, GateConfig()).layer("outcome").status == "no_data"
    assert evaluate_gate(skipped, GateConfig()).decision == "deploy"


def test_errors_spread_over_checks_still_leave_no_decision() -> None:
    # every trial has one check erroring (a different one each time) and the rest passing:
    # no trial is decided, and even a tolerance of 100% cannot make that a pass
    trials = [
        trial("a", ("policy", "x", "error", None), ok("policy", "y")),
        trial("b", ok("policy", "x"), ("policy", "y", "error", None)),
    ]
    report = evaluate_gate(trials, GateConfig(max_error_rate=1.0))
    policy = report.layer("policy")
    assert policy.status == "no_decision" and report.decision == "review"
    assert policy.undecided[0].startswith("none of its 2 trials was decided: x: 1 of 2 results")


def test_error_tolerance_per_gate_and_per_layer() -> None:
    trials = [trial(f"c{i}", *ALL_OK, ok("policy", "no_pii")) for i in range(9)]
    trials.append(trial("x", ("policy", "no_pii", "error", None), *ALL_OK))
    assert evaluate_gate(trials, GateConfig()).decision == "review"  # 10% > 0%
    assert evaluate_gate(trials, GateConfig(max_error_rate=0.1)).decision == "deploy"
    own = GateConfig(policy=LayerRule(hard=True, max_error_rate=0.2))
    assert evaluate_gate(trials, own).decision == "deploy"
    assert "errors ≤ 20%" in own.policy.describe()
    strict = GateConfig(max_error_rate=0.5, policy=LayerRule(hard=True, max_error_rate=0.05))
    report = evaluate_gate(trials, strict)
    assert report.decision == "review"
    assert report.layer("policy").undecided == [
        "1 of 10 trials had a result that could not decide (10% > 5% allowed): "
        "no_pii: 1 of 10 results errored (check error)"
    ]
    with pytest.raises(ValidationError, match="max_error_rate"):
        LayerRule.model_validate({"max_error_rate": 2})


def test_a_check_that_never_decided_asks_for_review_under_any_tolerance() -> None:
    trials = [judge_error(f"c{i}", "timeout", *ALL_OK) for i in range(2)]
    trials += [trial(f"d{i}", *ALL_OK) for i in range(8)]  # the judge was not run on these
    report = evaluate_gate(trials, GateConfig(max_error_rate=1.0))
    assert report.decision == "review"
    assert report.layer("grounding").undecided == [
        "rubric:grounding: 2 of 2 results errored (timeout), so it never decided"
    ]


def test_errors_do_not_soften_a_block() -> None:
    trials = [trial("a", bad("policy"), ("policy", "x", "error", None))]
    report = evaluate_gate(trials, GateConfig())
    assert report.decision == "block"
    assert report.layer("policy").status == "fail"
    assert report.reasons[0].startswith("policy failed (1 failing trial)")
    assert report.reasons[1].startswith("policy needs review: 1 of 1 trials")


def pairwise_error(case: str) -> Trial:
    t = trial(case, ok("outcome"))
    result = CheckResult(
        layer="outcome",
        check="pairwise:outcome_preference",
        status="error",
        metadata={"judge_kind": "pairwise", "error_category": "unparseable", MODEL_CALLS_KEY: []},
    )
    return t.model_copy(update={"results": [*t.results, result]})


def test_pairwise_judges_that_all_errored_cannot_deploy_on_the_win_rate() -> None:
    base = outcomes(20, 0)
    cand = [pairwise_error(f"c{i:02d}") for i in range(20)]
    config = GateConfig(outcome=LayerRule(critical=False, max_drop="noise"), max_error_rate=1.0)
    report = gate(cand, base, config)
    outcome = report.layer("outcome")
    assert report.decision == "review", report.reasons
    assert outcome.change is None  # no pass-rate fallback: the suite asked for the win rate
    assert outcome.undecided[-1] == (
        "the drop against the baseline cannot be measured on the win rate: no pairwise "
        "result decided"
    )
    # with the default tolerance the errors themselves are named too
    report = gate(cand, base, GateConfig(outcome=LayerRule(critical=False, max_drop="noise")))
    assert "pairwise:outcome_preference: 20 of 20 results errored" in report.reasons[0]


def test_old_stored_verdicts_without_error_fields_still_load() -> None:
    stored = evaluate_gate([trial("a", *ALL_OK)], GateConfig()).model_dump(mode="json")
    for layer in stored["layers"]:
        del layer["errors"], layer["undecided"]
    assert GateReport.model_validate(stored).layer("policy").errors == []
