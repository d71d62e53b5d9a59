"""Calibration on synthetic labels whose answer is known: the ceiling first, then the judge."""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from rich.console import Console

from fourfold._cli import cli
from fourfold.calibration import (
    ANALYSIS_KIND,
    CalibrationReport,
    Label,
    calibrate,
    calibration_report,
    is_held_out,
)
from fourfold.cases import Case
from fourfold.errors import ConfigError
from fourfold.report import render_calibration
from fourfold.runs import Trial
from tests.helpers.calibration_builders import (
    CRIT,
    RUN,
    case_ids,
    judged_trial,
    label,
    make_cases,
    store_with_run,
)

FAST = 300  # bootstrap resamples: enough for the tests, quick


def scenario(
    *,
    judge: str = "perfect",
    humans_agree: float = 1.0,
    n_held: int = 30,
    n_tune: int = 30,
    labellers: Sequence[str] = ("ann", "bob"),
    seed: int = 0,
) -> tuple[list[Trial], list[Label]]:
    """Trials judged on 0-3 and labels: each labeller gives the truth with `humans_agree`."""
    rng = np.random.default_rng(seed)
    ids = case_ids(n_held, held_out=True) + case_ids(n_tune, held_out=False)
    truth = rng.integers(0, 4, size=len(ids))
    trials: list[Trial] = []
    labels: list[Label] = []
    for cid, true in zip(ids, truth, strict=True):
        score = int(true) if judge == "perfect" else int(rng.integers(0, 4))
        trials.append(judged_trial(cid, float(score)))
        for who in labellers:
            value = int(true) if rng.random() < humans_agree else int(rng.integers(0, 4))
            labels.append(label(cid, value, who))
    return trials, labels


def report_of(
    trials: Sequence[Trial],
    labels: Sequence[Label],
    *,
    cases: Sequence[Case] = (),
    **options: object,
) -> CalibrationReport:
    settings: dict[str, object] = {"seed": 1, "n_resamples": FAST}
    settings.update(options)
    return calibration_report(trials, labels, CRIT, run_id=RUN, cases=cases, **settings)  # type: ignore[arg-type]


def rendered(report: CalibrationReport) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render_calibration(report))
    text = console.export_text()
    console.file.close()
    return text


# Verdicts on known answers


@pytest.mark.slow
def test_a_perfect_judge_with_agreeing_humans_may_gate() -> None:
    report = report_of(*scenario())
    jh = report.held_out.judge_human
    assert jh is not None and jh.n == 60  # 30 held-out items, two labels each
    assert jh.kappa.estimate == 1.0 and jh.weighted_kappa is not None
    assert jh.weighted_kappa.estimate == 1.0 and jh.exact.estimate == 1.0
    assert report.primary == "weighted_kappa"
    assert report.judge_statistic == 1.0 and report.ceiling == 1.0
    assert report.ceiling_slice == "held_out"
    assert report.verdict == "may_gate"
    assert report.reason.startswith("The judge may gate on its own: judge–human κw 1.00")
    assert "within 0.05 of the human ceiling 1.00" in report.reason
    assert report.disagreements == [] and report.clusters == []
    assert "verdict: MAY GATE" in rendered(report)


def test_a_perfect_judge_beats_noisy_humans() -> None:
    report = report_of(*scenario(humans_agree=0.8, seed=3))
    assert report.ceiling is not None and report.ceiling < 1
    assert report.judge_statistic is not None and report.judge_statistic > report.ceiling
    assert report.verdict == "may_gate"


def test_a_random_judge_needs_human_review() -> None:
    report = report_of(*scenario(judge="random", humans_agree=0.9, seed=1))
    assert report.verdict == "human_review"
    assert report.ceiling is not None and report.ceiling > 0.7
    assert report.judge_statistic is not None and report.judge_statistic < 0.4
    gap = report.ceiling - report.judge_statistic
    assert re.fullmatch(
        r"The judge may not gate; people must check its scores: "
        rf"judge–human κw {report.judge_statistic:.2f} is {gap:.2f} below the human ceiling "
        rf"{report.ceiling:.2f} on 30 held-out items \(the margin is 0\.05; ceiling from 30 "
        r"held-out items\)",
        report.reason,
    )


def test_humans_who_disagree_give_a_low_ceiling_reported_first() -> None:
    report = report_of(*scenario(humans_agree=0.2, seed=2))
    hh = report.all_items.human_human
    assert hh is not None and hh.pair_agreement is not None
    assert report.ceiling is not None and report.ceiling < 0.4
    assert hh.pairwise_exact.estimate is not None and hh.pairwise_exact.estimate < 0.5
    assert any("rubric is" in note and "ambiguous" in note for note in report.notes)
    assert list(report.model_dump()["all_items"])[:4] == [
        "slice",
        "labelled_items",
        "judged_items",
        "human_human",
    ]
    text = rendered(report)
    assert text.index("human–human agreement (the ceiling)") < text.index("judge–human agreement")


@pytest.mark.parametrize("margin", [0.0, 0.05, 0.5])
def test_the_margin_decides(margin: float) -> None:
    trials, labels = scenario(judge="perfect", humans_agree=0.85, seed=4)
    # A judge a little worse than the humans: one held-out item in four scored one off.
    worse = [
        judged_trial(t.case_id, min(3.0, (t.results[0].score or 0) + 1)) if i % 4 == 0 else t
        for i, t in enumerate(trials)
    ]
    report = report_of(worse, labels, margin=margin)
    assert report.ceiling is not None and report.judge_statistic is not None
    gap = report.ceiling - report.judge_statistic
    assert report.verdict == ("may_gate" if gap <= margin else "human_review")


def test_a_judge_that_fails_often_may_not_gate_however_well_it_agrees() -> None:
    trials, labels = scenario()
    failed = [judged_trial(f"err-{i}", None, status="error") for i in range(4)]
    failed[0].results[0].metadata["error_category"] = "timeout"
    for trial in failed[1:]:
        trial.results[0].metadata["error_category"] = "runaway"
    report = report_of(trials + failed, labels)
    # Where it answered, it agrees perfectly; but it failed on 4 of 64 trials (6%).
    assert report.judge_statistic == 1.0 and report.ceiling == 1.0
    assert report.verdict == "human_review"
    assert report.reason == (
        "The judge may not gate; people must check its scores: it failed on 4 of the 64 "
        "trials it was asked about (6%: runaway 3, timeout 1), more than the 5% a gating "
        "judge may fail on; its agreement with people is measured only where it answered. "
        "Fix what the error categories name (a runaway judge wants a lower max_tokens or a "
        "shorter prompt) and calibrate a new run"
    )
    text = rendered(report)
    assert "verdict: MAY NOT GATE (HUMAN REVIEW)" in text and "failed on 4 of the 64" in text
    # At 3 of 63 (under 5%) its agreement decides again.
    assert report_of(trials + failed[:3], labels).verdict == "may_gate"


# Too few labels


def test_too_few_held_out_items() -> None:
    report = report_of(*scenario(n_held=12))
    assert report.verdict == "insufficient_labels"
    assert report.reason.startswith(
        "The judge may not gate yet: only 12 held-out items have both a judge score and a human"
    )
    assert "at least 20" in report.reason and "label 8 more" in report.reason
    assert report_of(*scenario(n_held=12), min_items=10).verdict == "may_gate"


def test_one_labeller_gives_no_ceiling() -> None:
    report = report_of(*scenario(labellers=["ann"]))
    assert report.all_items.human_human is None
    assert report.verdict == "insufficient_labels"
    assert report.reason.startswith("The judge may not gate yet: no human ceiling")
    assert "--labellers 2" in report.reason


def test_the_ceiling_falls_back_to_all_items() -> None:
    trials, labels = scenario(n_held=25, n_tune=30)
    held = {t.case_id for t in trials if is_held_out(t.case_id, CRIT)}
    # bob labels only 5 held-out items: too few for a held-out ceiling.
    kept = [lb for lb in labels if lb.labeller == "ann" or lb.case_id not in held]
    kept += [lb for lb in labels if lb.labeller == "bob" and lb.case_id in sorted(held)[:5]]
    report = report_of(trials, kept)
    assert report.ceiling_slice == "all"
    assert report.verdict == "may_gate"
    assert "(from 35 labelled items of both slices)" in report.reason
    assert any("ceiling is from all labelled items" in note for note in report.notes)


def test_undefined_kappa_is_insufficient() -> None:
    ids = case_ids(25, held_out=True)
    trials = [judged_trial(cid, 3.0) for cid in ids]
    labels = [label(cid, 3, who) for cid in ids for who in ("ann", "bob")]
    report = report_of(trials, labels, scale=None)
    assert report.verdict == "insufficient_labels"
    assert "undefined" in report.reason


# What is left out, and how labels are matched


def test_judge_errors_are_left_out_and_counted() -> None:
    trials, labels = scenario()
    errored = [judged_trial(f"err-{i}", None, status="error") for i in range(4)]
    skipped = [judged_trial("na", None, status="skip")]
    extra = [label(t.case_id, 1, who) for t in errored + skipped for who in ("ann", "bob")]
    report = report_of(trials + errored + skipped, labels + extra)
    assert (report.trials, report.judge_errors, report.judge_skips) == (65, 4, 1)
    assert report.unmatched_labels == 10
    assert report.all_items.judge_human is not None and report.all_items.judge_human.n == 120
    assert report.all_items.labelled_items == 65 and report.all_items.judged_items == 60
    assert any("4 results where the judge errored" in note for note in report.notes)


def test_case_labels_apply_to_repeat_zero_unless_it_has_its_own() -> None:
    trials = [
        judged_trial("a", 3.0, repeat=0),
        judged_trial("a", 0.0, repeat=1),
        judged_trial("b", 2.0, repeat=0),
    ]
    labels = [
        label("a", 3, "ann", repeat=None),  # on the case: compared with repeat 0
        label("b", 0, "ann", repeat=None),  # overridden by ann's label of repeat 0
        label("b", 2, "ann", repeat=0),
    ]
    report = report_of(trials, labels)
    assert report.case_labels == 2
    jh = report.all_items.judge_human
    assert jh is not None and jh.n == 2 and jh.exact.estimate == 1.0
    assert any("2 labels on a whole case are applied to its repeat 0" in n for n in report.notes)


def test_labels_of_other_runs_and_criteria_are_ignored() -> None:
    trials, labels = scenario()
    noise = [
        label("case-0000", 0, "eve", run_id="other-run"),
        label("case-0000", 0, "eve", run_id=None),
        label("case-0000", 0, "eve", criterion="rubric:outcome"),
    ]
    assert report_of(trials, labels + noise) == report_of(trials, labels)


def test_a_pass_fail_check_is_compared_on_kappa() -> None:
    ids = case_ids(25, held_out=True, criterion="no_promises")
    trials = [
        judged_trial(cid, None, status="pass" if i % 2 else "fail", check="no_promises", scale=None)
        for i, cid in enumerate(ids)
    ]
    labels = [
        label(cid, i % 2, who, criterion="no_promises")
        for i, cid in enumerate(ids)
        for who in ("ann", "bob")
    ]
    report = calibration_report(trials, labels, "no_promises", run_id=RUN, seed=0, n_resamples=FAST)
    assert report.scale == [0.0, 1.0]
    assert report.primary == "kappa"
    assert report.verdict == "may_gate" and "κ 1.00" in report.reason


# Human–human details


def test_three_labellers_get_krippendorffs_alpha_and_the_pair_with_most_overlap() -> None:
    trials, labels = scenario(humans_agree=0.9, seed=5)
    carl = [label(lb.case_id, lb.value, "carl") for lb in labels if lb.labeller == "ann"][:10]
    report = report_of(trials, labels + carl)
    hh = report.all_items.human_human
    assert hh is not None
    assert hh.labellers == 3 and hh.pair == ("ann", "bob")
    assert hh.alpha is not None and hh.alpha.estimate is not None
    assert 0.5 < hh.alpha.estimate <= 1
    assert hh.pairs == 60 + 3 * 10 - 10  # 50 items with two labels, 10 with three
    two = report_of(trials, labels).all_items.human_human
    assert two is not None and two.alpha is None


def test_the_same_seed_gives_the_same_intervals() -> None:
    trials, labels = scenario(humans_agree=0.7, judge="random", seed=6)
    a = report_of(trials, labels, seed=9)
    assert a == report_of(trials, labels, seed=9)
    b = report_of(trials, labels, seed=10)
    assert a.judge_statistic == b.judge_statistic
    assert a.held_out.judge_human != b.held_out.judge_human  # other draws, other bounds


@pytest.mark.parametrize(("margin", "min_items"), [(-0.1, 20), (0.05, 0)])
def test_bad_options(margin: float, min_items: int) -> None:
    with pytest.raises(ValueError):
        report_of(*scenario(), margin=margin, min_items=min_items)


# Disagreements


def test_disagreements_cluster_by_score_pair_and_stratum() -> None:
    tune = case_ids(20, held_out=False)
    held = case_ids(20, held_out=True)
    strata = {cid: {"category": "returns" if i < 6 else "billing"} for i, cid in enumerate(tune)}
    trials, labels = [], []
    for i, cid in enumerate(tune):
        trials.append(judged_trial(cid, 3.0))
        # A missing anchor: on partial refunds the judge says 3, people say 1.
        value = 1 if i < 6 else 3
        note = "partial refund, no anchor for it" if i < 6 else None
        labels += [label(cid, value, "ann", note=note), label(cid, value, "bob")]
    labels += [label(tune[10], 2, "carl")]  # a lone slip elsewhere
    for cid in held:
        trials.append(judged_trial(cid, 2.0))
        labels += [label(cid, 0, "ann"), label(cid, 2, "bob")]
    cases = [Case(id=cid, input="q", strata=strata.get(cid, {})) for cid in tune + held]
    report = report_of(trials, labels, cases=cases)
    top = report.clusters[0]
    assert (top.criterion, top.judge_score, top.human_score, top.stratum, top.count) == (
        CRIT,
        3.0,
        1.0,
        "category=returns",
        12,
    )
    assert top.items == sorted(f"{cid}#0" for cid in tune[:6])
    assert top.notes == ["partial refund, no anchor for it"] * 5
    assert [c.count for c in report.clusters] == [12, 1]
    assert report.clusters[1].stratum == "category=billing"
    # The held-out disagreements are counted, never listed, unless asked for.
    assert report.held_out_disagreements == 20
    assert not any(d.held_out for d in report.disagreements)
    assert len(report.disagreements) == 13
    first = report.disagreements[0]
    assert (first.judge_score, first.human_score, first.note) == (
        3.0,
        1.0,
        "partial refund, no anchor for it",
    )
    shown = report_of(trials, labels, cases=cases, include_held_out=True)
    assert len(shown.disagreements) == 33
    assert shown.clusters[0].stratum == "(no strata)" and shown.clusters[0].count == 20
    text = rendered(report)
    assert "20 disagreements on the held-out slice are not shown" in text
    assert "partial refund" in text


# With the store and from the command line


def test_calibrate_keeps_the_report_with_the_run(tmp_path: Path) -> None:
    trials, labels = scenario(judge="random", humans_agree=0.9)
    store = store_with_run(tmp_path / "runs.db", trials)
    store.add_labels(labels)
    report = calibrate(store, RUN[:12], "grounding", n_resamples=FAST)
    assert report.seed == 7  # the run's seed
    stored = store.get_analysis(RUN, ANALYSIS_KIND, CRIT)
    assert stored is not None
    assert CalibrationReport.model_validate(stored.body) == report
    again = calibrate(store, RUN, CRIT, seed=3, n_resamples=FAST, save=False)
    assert again.seed == 3
    kept = store.get_analysis(RUN, ANALYSIS_KIND, CRIT)
    assert kept is not None and kept.body["seed"] == 7
    store.close()


def test_calibrating_a_criterion_the_run_lacks(tmp_path: Path) -> None:
    store = store_with_run(tmp_path / "runs.db", [judged_trial("c0", 1.0)])
    with pytest.raises(ConfigError, match="no result of the check 'outcome'") as caught:
        calibrate(store, RUN, "outcome")
    assert caught.value.hint is not None and "rubric:grounding" in caught.value.hint
    store.close()


def _fill(path: Path, truth: dict[str, int], judge_like: bool) -> None:
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    for row in rows:
        row["labeller"] = {"1": "ann", "2": "bob"}[row["slot"]]
        row["value"] = str(truth[row["case_id"]] if judge_like else 3 - truth[row["case_id"]])
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


@pytest.mark.slow
@pytest.mark.parametrize(("judge_like", "verdict"), [(True, "may_gate"), (False, "human_review")])
def test_cli_sample_label_import_calibrate(tmp_path: Path, judge_like: bool, verdict: str) -> None:
    """The whole loop: sample a judged run, label the file, import it, calibrate."""
    rng = np.random.default_rng(0)
    ids = case_ids(200)
    truth = {cid: int(rng.choice(4, p=[0.1, 0.1, 0.3, 0.5])) for cid in ids}
    trials = [judged_trial(cid, float(truth[cid])) for cid in ids]
    trials.append(judged_trial("judge-failed", None, status="error"))
    store_with_run(tmp_path / "runs.db", trials, cases=make_cases([*ids, "judge-failed"])).close()
    db = str(tmp_path / "runs.db")
    sample = tmp_path / "to-label.csv"
    runner = CliRunner()

    def run(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(cli, [*args, "--store", db])
        return result.exit_code, result.stdout, result.stderr

    code, out, err = run("sample", RUN, "--criterion", "grounding", "--n", "100", "-o", str(sample))
    assert code == 0, err
    _fill(sample, truth, judge_like)
    code, out, err = run("labels", "import", str(sample))
    assert code == 0, err
    assert "stored 200 labels" in out
    code, out, err = run("calibrate", "latest", "--criterion", "grounding", "--json")
    assert code == 0, err
    body = json.loads(out)
    assert body["verdict"] == verdict
    assert body["judge_errors"] == 1 and body["labellers"] == ["ann", "bob"]
    assert body["held_out"]["judged_items"] >= 20
    code, out, err = run("calibrate", RUN, "--criterion", "rubric:grounding", "--limit", "3")
    assert code == 0, err
    words = {"may_gate": "MAY GATE", "human_review": "MAY NOT GATE (HUMAN REVIEW)"}[verdict]
    assert "verdict: " + words in out
    assert out.index("human–human") < out.index("judge–human")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["calibrate", "nope", "--criterion", "grounding"], "no run 'nope'"),
        (["calibrate", RUN, "--criterion", "tone"], "no result of the check 'tone'"),
    ],
)
def test_cli_calibrate_errors_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    store_with_run(tmp_path / "runs.db", [judged_trial("c0", 1.0)]).close()
    result = CliRunner().invoke(cli, [*args, "--store", str(tmp_path / "runs.db")])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stdout + result.stderr
