"""compare(): pairing by case, changed case sets, flipped cases, severity order."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fourfold.cases import Case
from fourfold.checks import CheckResult, Layer, Status
from fourfold.compare import RunData, compare
from fourfold.store import Run, Trial

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def run_data(
    label: str, cases: list[Case], outcomes: dict[tuple[str, int], dict[Layer, Status]]
) -> RunData:
    run = Run(
        id=f"run-{label}", suite="s", agent_version=label, package_version="0", started_at=NOW
    )
    trials = [
        Trial(
            case_id=case_id,
            repeat=repeat,
            status="ok",
            started_at=NOW,
            ended_at=NOW,
            results=[
                CheckResult(layer=layer, check=f"{layer}_check", status=status)
                for layer, status in layers.items()
            ],
        )
        for (case_id, repeat), layers in outcomes.items()
    ]
    return RunData(run, cases, trials)


A, B, C = (Case(id=i, input=f"question {i}") for i in "abc")


def test_regressions_fixes_and_rates() -> None:
    base = run_data(
        "v1",
        [A, B],
        {
            ("a", 0): {"policy": "pass", "outcome": "pass"},
            ("a", 1): {"policy": "pass", "outcome": "pass"},
            ("b", 0): {"policy": "pass", "outcome": "fail"},
            ("b", 1): {"policy": "pass", "outcome": "fail"},
        },
    )
    cand = run_data(
        "v2",
        [A, B],
        {
            ("a", 0): {"policy": "fail", "outcome": "pass"},
            ("a", 1): {"policy": "pass", "outcome": "pass"},
            ("b", 0): {"policy": "pass", "outcome": "pass"},
            ("b", 1): {"policy": "pass", "outcome": "pass"},
        },
    )
    cmp = compare(base, cand)
    assert not cmp.case_set.changed and cmp.case_set.shared == 2
    policy = next(d for d in cmp.layers if d.layer == "policy")
    assert (policy.base_pass_rate, policy.cand_pass_rate) == (1.0, 0.75)
    assert policy.delta == pytest.approx(-0.25)
    assert (policy.regressed, policy.fixed) == (1, 0)
    outcome = next(d for d in cmp.layers if d.layer == "outcome")
    assert (outcome.regressed, outcome.fixed) == (0, 1)
    assert [(f.case_id, f.layer, f.direction) for f in cmp.flips] == [
        ("a", "policy", "regressed"),
        ("b", "outcome", "fixed"),
    ]
    regressed = cmp.flips[0]
    assert (regressed.base, regressed.cand) == ("pass", "flaky")
    assert regressed.checks == ["policy_check"]
    assert regressed.cand_share == 0.5
    # a layer no check feeds has no rate on either side
    grounding = next(d for d in cmp.layers if d.layer == "grounding")
    assert grounding.delta is None


def test_regressions_sorted_by_layer_severity() -> None:
    base = run_data("v1", [A, B], {("a", 0): {"outcome": "pass"}, ("b", 0): {"policy": "pass"}})
    cand = run_data("v2", [A, B], {("a", 0): {"outcome": "fail"}, ("b", 0): {"policy": "fail"}})
    assert [f.layer for f in compare(base, cand).flips] == ["policy", "outcome"]


def test_changed_case_set_compares_only_shared_unchanged_cases() -> None:
    edited_b = Case(id="b", input="a different question")
    base = run_data("v1", [A, B], {("a", 0): {"policy": "pass"}, ("b", 0): {"policy": "pass"}})
    cand = run_data(
        "v2",
        [A, edited_b, C],
        {
            ("a", 0): {"policy": "pass"},
            ("b", 0): {"policy": "fail"},
            ("c", 0): {"policy": "fail"},
        },
    )
    cmp = compare(base, cand)
    assert cmp.case_set.changed
    assert (cmp.case_set.added, cmp.case_set.removed, cmp.case_set.edited) == (["c"], [], ["b"])
    assert cmp.case_set.shared == 1
    assert cmp.flips == []  # b's failure is on an edited case, c is new: neither is a regression
    policy = next(d for d in cmp.layers if d.layer == "policy")
    assert policy.cand_pass_rate == 1.0 and policy.cand_trials == 1


def test_errored_trials_are_not_counted() -> None:
    base = run_data("v1", [A], {("a", 0): {"policy": "pass"}})
    cand = run_data("v2", [A], {("a", 0): {"policy": "pass"}})
    cand.trials[0] = cand.trials[0].model_copy(update={"status": "error", "results": []})
    cmp = compare(base, cand)
    assert cmp.flips == []
    assert next(d for d in cmp.layers if d.layer == "policy").cand_pass_rate is None
