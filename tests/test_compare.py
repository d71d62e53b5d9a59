"""compare(): pairing by case, changed case sets, flips, paired tests, noise, the decision."""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.cases import Case
from fourfold.checks import CheckResult, Layer, Status
from fourfold.compare import compare
from fourfold.gate import GateConfig, LayerRule
from fourfold.runs import Run, RunData, Trial
from fourfold.stats import NoiseMargin
from fourfold.store import Store

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


# Statistical comparison: paired tests, Holm, measured noise, verdicts and the decision.


def pass_fail_run(
    label: str,
    values: dict[str, list[int]],
    *,
    layer: Layer = "policy",
    strata: dict[str, dict[str, str]] | None = None,
    run_id: str | None = None,
) -> RunData:
    """A run whose one check in `layer` passes (1) or fails (0) each repeat of each case."""
    cases = [Case(id=c, input=f"question {c}", strata=(strata or {}).get(c, {})) for c in values]
    outcomes = {
        (case_id, repeat): {layer: cast(Status, "pass" if v else "fail")}
        for case_id, repeats in values.items()
        for repeat, v in enumerate(repeats)
    }
    data = run_data(label, cases, outcomes)
    if run_id is not None:
        data = RunData(data.run.model_copy(update={"id": run_id}), data.cases, data.trials)
    return data


def cases_of(n: int, repeats: list[int]) -> dict[str, list[int]]:
    return {f"c{i:02d}": list(repeats) for i in range(n)}


def test_identical_runs_deploy_with_no_regression() -> None:
    values = cases_of(20, [1, 1, 0])
    cmp = compare(pass_fail_run("v1", values), pass_fail_run("v2", values), seed=3)
    assert cmp.decision == "deploy" and cmp.exit_code == 0
    assert cmp.reasons == [] and cmp.improvements == [] and cmp.flips == []
    policy = cmp.layer("policy")
    assert policy.verdict == "noise"
    assert policy.difference is not None and policy.difference.diff == 0
    assert policy.difference.test.p_value == 1.0
    assert [d.verdict for d in cmp.layers if d.layer != "policy"] == ["no_data"] * 3


@pytest.mark.parametrize("own", ["block", "review"])
def test_a_candidate_whose_own_gate_is_stricter_is_never_deploy(own: str) -> None:
    # Both runs fail every policy case: nothing moved, yet the candidate's own gate blocks.
    values = cases_of(20, [0])
    base, cand = pass_fail_run("v1", values), pass_fail_run("v2", values)
    gate = {"decision": own, "reasons": ["policy pass rate 0% < 80%"]}
    cmp = compare(base, _with_gate(cand, gate), seed=3)
    assert cmp.layer("policy").verdict == "noise"
    assert cmp.candidate_gate == own and cmp.decision == own
    assert cmp.reasons == [f"the candidate's own gate says {own}: policy pass rate 0% < 80%"]
    # A candidate whose gate deploys leaves the comparison's word alone.
    assert compare(base, _with_gate(cand, {"decision": "deploy"}), seed=3).decision == "deploy"


def _with_gate(data: RunData, gate: dict[str, object]) -> RunData:
    run = data.run.model_copy(update={"summary": {"gate": gate}})
    return dataclasses.replace(data, run=run)


def test_clear_policy_drop_blocks_and_names_the_flipped_cases() -> None:
    base = cases_of(30, [1])
    cand = {c: ([0] if i < 12 else [1]) for i, c in enumerate(base)}
    cmp = compare(pass_fail_run("v1", base), pass_fail_run("v2", cand))
    policy = cmp.layer("policy")
    assert policy.difference is not None
    assert policy.difference.test.method == "mcnemar_exact"
    assert (policy.difference.test.b, policy.difference.test.c) == (12, 0)
    assert policy.verdict == "regression" and policy.critical
    assert policy.p_holm is not None and policy.p_holm < 0.05
    assert cmp.decision == "block" and cmp.exit_code == 1
    assert cmp.reasons[0].startswith("policy regressed") and "critical" in cmp.reasons[0]
    assert [f.case_id for f in cmp.flips] == [f"c{i:02d}" for i in range(12)]
    assert {(f.layer, f.direction, f.base, f.cand) for f in cmp.flips} == {
        ("policy", "regressed", "pass", "fail")
    }
    assert cmp.flips[0].checks == ["policy_check"]
    # one repeat and no A/A run: the margin is not measured, and the comparison says so
    assert cmp.noise_source == "not_measured"
    assert policy.noise is not None and policy.noise.margin is None
    assert any("noise margin not measured" in n for n in cmp.notes)


def test_regression_in_a_non_critical_layer_asks_for_review() -> None:
    base = cases_of(30, [1])
    cand = {c: ([0] if i < 12 else [1]) for i, c in enumerate(base)}
    cmp = compare(
        pass_fail_run("v1", base, layer="outcome"), pass_fail_run("v2", cand, layer="outcome")
    )
    assert cmp.layer("outcome").verdict == "regression"
    assert not cmp.layer("outcome").critical
    assert cmp.decision == "review" and cmp.exit_code == 3
    # the gate's rules decide what is critical
    strict = GateConfig(outcome=LayerRule(min_pass_rate=0.8, critical=True))
    assert (
        compare(
            pass_fail_run("v1", base, layer="outcome"),
            pass_fail_run("v2", cand, layer="outcome"),
            config=strict,
        ).decision
        == "block"
    )


def flaky_baseline() -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """40 cases x 4 repeats; the candidate fails one more repeat on 8 steady cases."""
    base = {f"c{i:02d}": ([1, 1, 1, 1] if i < 20 else [1, 1, 0, 0]) for i in range(40)}
    cand = {c: ([1, 1, 1, 0] if i < 8 else v) for i, (c, v) in enumerate(base.items())}
    return base, cand


def test_a_small_drop_within_the_measured_noise_is_noise() -> None:
    base, cand = flaky_baseline()
    cmp = compare(pass_fail_run("v1", base), pass_fail_run("v2", cand), seed=0)
    policy = cmp.layer("policy")
    assert policy.difference is not None and policy.noise is not None
    assert policy.difference.diff == pytest.approx(-0.05)
    assert policy.p_holm is not None and policy.p_holm < 0.05  # significant...
    assert policy.noise.method == "split_half" and policy.noise.margin is not None
    assert abs(policy.difference.diff) < policy.noise.margin  # ...but within the noise
    assert policy.verdict == "noise"
    assert cmp.decision == "deploy" and cmp.noise_source == "split_half"


def test_the_same_drop_without_a_margin_is_a_regression() -> None:
    base, cand = flaky_baseline()
    unmeasured = {
        "policy": NoiseMargin(
            margin=None, method="split_half", n_cases=0, k=0, confidence=0.95, n_resamples=1
        )
    }
    cmp = compare(pass_fail_run("v1", base), pass_fail_run("v2", cand), noise=unmeasured)
    assert cmp.layer("policy").verdict == "regression" and cmp.decision == "block"
    assert cmp.noise_source == "given"


def test_improvement_is_listed_and_deploys() -> None:
    base = {f"c{i:02d}": ([0] if i < 12 else [1]) for i in range(30)}
    cand = cases_of(30, [1])
    cmp = compare(pass_fail_run("v1", base), pass_fail_run("v2", cand))
    assert cmp.layer("policy").verdict == "improvement"
    assert cmp.decision == "deploy" and cmp.reasons == []
    assert len(cmp.improvements) == 1 and cmp.improvements[0].startswith("policy improved")
    assert {f.direction for f in cmp.flips} == {"fixed"}


def test_holm_turns_a_borderline_p_into_not_significant_not_noise() -> None:
    # policy: 6 of 20 cases flip pass -> fail, exact McNemar p = 2 * 0.5**6 = 0.03125;
    # three layers are tested, so Holm multiplies the smallest p by 3.
    cases = [Case(id=f"c{i:02d}", input=f"q{i}") for i in range(20)]
    base = run_data(
        "v1",
        cases,
        {(c.id, 0): {"policy": "pass", "outcome": "pass", "trajectory": "pass"} for c in cases},
    )
    cand = run_data(
        "v2",
        cases,
        {
            (c.id, 0): {
                "policy": "fail" if i < 6 else "pass",
                "outcome": "pass",
                "trajectory": "pass",
            }
            for i, c in enumerate(cases)
        },
    )
    cmp = compare(base, cand)
    policy = cmp.layer("policy")
    assert policy.difference is not None
    assert policy.difference.test.p_value == pytest.approx(0.03125)
    assert policy.p_holm == pytest.approx(3 * 0.03125)
    # Beyond the measured margin (no trial moved on its own): not noise, but a move the
    # test could not call after Holm. It does not decide against the candidate.
    assert policy.verdict == "not_significant" and cmp.decision == "deploy"
    assert cmp.n_layer_tests == 3
    # alone in its family, the same p would have been a regression
    single = compare(
        pass_fail_run("v1", cases_of(20, [1])),
        pass_fail_run("v2", {f"c{i:02d}": [0 if i < 6 else 1] for i in range(20)}),
    )
    assert single.layer("policy").p_holm == pytest.approx(0.03125)
    assert single.layer("policy").verdict == "regression"


def test_repeats_make_cases_the_clusters() -> None:
    base = cases_of(6, [1] * 5)
    cand = {c: ([1, 1, 0, 0, 0] if i < 3 else [1] * 5) for i, c in enumerate(base)}
    diff = compare(pass_fail_run("v1", base), pass_fail_run("v2", cand)).layer("policy").difference
    assert diff is not None
    assert (diff.base_trials, diff.cand_trials) == (30, 30)
    assert diff.n_cases == 6 and diff.test.n == 6 and diff.interval.n == 6
    assert diff.test.method == "wilcoxon" and diff.test.n_discordant == 3
    assert diff.kind == "binary" and diff.effect_size_name == "cohen_h"


def test_checks_are_compared_on_their_scores() -> None:
    cases = [Case(id=f"c{i:02d}", input=f"q{i}") for i in range(8)]

    def judged(label: str, scores: list[float]) -> RunData:
        data = run_data(label, cases, {})
        trials = [
            Trial(
                case_id=c.id,
                status="ok",
                started_at=NOW,
                ended_at=NOW,
                results=[
                    CheckResult(
                        layer="grounding",
                        check="rubric:grounding",
                        status="pass" if s >= 2 else "fail",
                        score=s,
                        metadata={"model_calls": []},
                    ),
                    CheckResult(layer="grounding", check="cited", status="pass"),
                ],
            )
            for c, s in zip(cases, scores, strict=True)
        ]
        return RunData(data.run, cases, trials)

    cmp = compare(judged("v1", [3] * 8), judged("v2", [2, 2, 2, 2, 2, 2, 3, 3]), min_cases=5)
    row = next(c for c in cmp.checks if c.check == "rubric:grounding")
    assert row.metric == "score" and row.tested
    assert row.difference.base_mean == 3 and row.difference.cand_mean == 2.25
    assert row.difference.test.method == "wilcoxon" and row.difference.t_test is not None
    assert row.difference.effect_size_name == "cohens_dz"
    cited = next(c for c in cmp.checks if c.check == "cited")
    assert cited.metric == "pass" and cited.difference.test.method == "mcnemar_exact"
    # both rows are in the breakdown family, apart from the layers
    assert cmp.n_breakdown_tests == 2 and cmp.n_layer_tests == 1
    assert "two families" in cmp.family


def test_strata_rows_and_min_cases() -> None:
    strata = {f"c{i:02d}": {"category": "returns" if i < 10 else "billing"} for i in range(24)}
    strata["c23"] = {"category": "gifts"}
    base = cases_of(24, [1])
    cand = {c: ([0] if i < 8 else [1]) for i, c in enumerate(base)}
    cmp = compare(
        pass_fail_run("v1", base, strata=strata), pass_fail_run("v2", cand, strata=strata)
    )
    rows = {(s.key, s.value, s.layer): s for s in cmp.strata}
    assert set(rows) == {
        ("category", "returns", "policy"),
        ("category", "billing", "policy"),
        ("category", "gifts", "policy"),
    }
    returns = rows[("category", "returns", "policy")]
    assert returns.tested and returns.difference.n_cases == 10
    assert returns.difference.diff == pytest.approx(-0.8)
    assert returns.movement == "regression"  # the breakdown says where the layer moved
    billing = rows[("category", "billing", "policy")]
    assert billing.tested and billing.difference.diff == 0 and billing.movement == "noise"
    gifts = rows[("category", "gifts", "policy")]
    assert not gifts.tested and gifts.p_holm is None  # one case: described, not tested


def test_a_stratum_holding_every_case_is_not_repeated() -> None:
    strata = {f"c{i:02d}": {"suite": "all"} for i in range(10)}
    values = cases_of(10, [1])
    cmp = compare(
        pass_fail_run("v1", values, strata=strata), pass_fail_run("v2", values, strata=strata)
    )
    assert cmp.strata == []


def test_aa_run_gives_the_margins() -> None:
    base, cand = flaky_baseline()
    aa = {c: list(reversed(v)) for c, v in base.items()}
    cmp = compare(
        pass_fail_run("v1", base),
        pass_fail_run("v2", cand),
        aa=pass_fail_run("v1b", aa, run_id="run-aa"),
    )
    assert cmp.noise_source == "aa_pair" and cmp.aa_run == "run-aa"
    policy = cmp.layer("policy")
    assert policy.noise is not None and policy.noise.method == "aa_pair"
    assert policy.noise.margin == 0.0  # the A/A pair agrees on every case's pass share


def test_the_same_seed_gives_the_same_comparison() -> None:
    base, cand = flaky_baseline()

    def run(seed: int) -> dict[str, object]:
        cmp = compare(pass_fail_run("v1", base), pass_fail_run("v2", cand), seed=seed)
        return cmp.model_dump(mode="json")

    first = run(7)
    assert first == run(7)
    assert first["seed"] == 7
    assert run(8) != first  # the intervals and margins do depend on the draws


def test_compare_rejects_a_bad_alpha() -> None:
    values = cases_of(3, [1])
    with pytest.raises(ValueError, match="alpha"):
        compare(pass_fail_run("v1", values), pass_fail_run("v2", values), alpha=1.5)


def store_run(
    store: Store, run_id: str, label: str, values: dict[str, list[int]], layer: Layer
) -> None:
    store.create_run(
        Run(id=run_id, suite="s", agent_version=label, package_version="0", started_at=NOW)
    )
    store.save_cases(run_id, [Case(id=c, input=f"question {c}") for c in values])
    for case_id, repeats in values.items():
        for repeat, v in enumerate(repeats):
            store.save_trial(
                run_id,
                Trial(
                    case_id=case_id,
                    repeat=repeat,
                    status="ok",
                    started_at=NOW,
                    ended_at=NOW,
                    results=[
                        CheckResult(
                            layer=layer, check=f"{layer}_check", status="pass" if v else "fail"
                        )
                    ],
                ),
            )


@pytest.mark.parametrize(
    ("layer", "failing", "code", "decision"),
    [
        ("policy", 0, 0, "deploy"),
        ("outcome", 12, 3, "review"),
        ("policy", 12, 1, "block"),
    ],
)
@pytest.mark.slow
def test_cli_exit_codes_and_stored_comparison(
    tmp_path: Path, layer: Layer, failing: int, code: int, decision: str
) -> None:
    db = str(tmp_path / "runs.db")
    base = cases_of(30, [1])
    cand = {c: ([0] if i < failing else [1]) for i, c in enumerate(base)}
    with Store.open(db) as store:
        store_run(store, "run-base", "v1", base, layer)
        store_run(store, "run-cand", "v2", cand, layer)
    runner = CliRunner()
    result = runner.invoke(cli, ["compare", "run-base", "run-cand", "--store", db])
    assert result.exit_code == code, result.output
    assert decision.upper() in result.stdout
    assert "per layer" in result.stdout and "noise margin not measured" in result.stdout
    if failing:
        assert "regressions first" in result.stdout and "regression" in result.stdout

    result = runner.invoke(
        cli, ["compare", "run-base", "run-cand", "--store", db, "--json", "--seed", "11"]
    )
    assert result.exit_code == code
    body = json.loads(result.stdout)
    assert body["decision"] == decision and body["seed"] == 11
    with Store.open(db) as store:
        stored = store.get_analysis("run-cand", "comparison", "run-base")
    assert stored is not None and stored.body == body


@pytest.mark.parametrize(
    ("n_cases", "verdict", "decision"), [(3, "underpowered", "review"), (8, "regression", "block")]
)
def test_a_drop_on_too_few_cases_to_test_is_underpowered_not_noise(
    n_cases: int, verdict: str, decision: str
) -> None:
    # Every case fails in the candidate: with 3 cases the smallest possible p is 0.25, so
    # "noise" would claim the data showed no change; it could not have.
    base = cases_of(n_cases, [1])
    cand = {c: [0] for c in base}
    cmp = compare(pass_fail_run("v1", base), pass_fail_run("v2", cand))
    assert cmp.layer("policy").verdict == verdict
    assert cmp.decision == decision
    if verdict == "underpowered":
        assert "smallest p-value 3 cases can give is 0.25" in cmp.reasons[0]


def test_runs_without_a_shared_case_are_not_a_deploy() -> None:
    base = run_data("v1", [A], {("a", 0): {"policy": "pass"}})
    cand = run_data("v2", [B], {("b", 0): {"policy": "fail"}})
    cmp = compare(base, cand)
    assert cmp.case_set.shared == 0
    assert cmp.decision == "review" and cmp.exit_code == 3
    assert "share no unchanged case" in cmp.reasons[0]


def test_a_candidate_whose_checks_errored_is_review_not_deploy() -> None:
    # the baseline passed grounding on every case; the candidate's grounding check errored
    # on every case: nothing to compare, which used to read as "no data" and deploy
    cases = [Case(id=f"c{i}", input=f"q{i}") for i in range(8)]
    base = run_data("v1", cases, {(c.id, 0): {"grounding": "pass"} for c in cases})
    cand = run_data("v2", cases, {(c.id, 0): {"grounding": "error"} for c in cases})
    cmp = compare(base, cand)
    assert cmp.layer("grounding").verdict == "no_data"
    assert cmp.decision == "review" and cmp.exit_code == 3
    assert cmp.reasons == [
        "grounding: in the candidate, 8 of 8 trials had a result that could not decide "
        "(100% > 0% allowed): grounding_check: 8 of 8 results errored (check error)"
    ]
    # within a tolerance the gate allows, errors on some cases do not stop a comparison
    some = {(c.id, 0): {"grounding": "error" if c.id == "c0" else "pass"} for c in cases}
    cand = run_data("v2", cases, some)
    assert compare(base, cand).decision == "review"
    assert compare(base, cand, config=GateConfig(max_error_rate=0.2)).decision == "deploy"
