"""The gate: per-layer rules, combined into deploy / review / block."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fourfold.checks import CheckResult, Layer, Status
from fourfold.gate import GateConfig, LayerRule, evaluate_gate
from fourfold.store import Trial

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
        # a check that could not decide is not a failure
        ([trial("a", ("policy", "x", "error", None))], "deploy", []),
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
