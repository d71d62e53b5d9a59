"""Reviews that count: an overridden judge score is what the summary, the gate and compare
count from then on, shown with who, when and why beside the judge's original."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.compare import compare
from fourfold.gate import GateConfig, evaluate_gate
from fourfold.report.html import load_report, render_report
from fourfold.runs import (
    RunData,
    effective_result,
    latest_reviews,
    review_of,
    reviewed_trials,
    tally_reviews,
)
from fourfold.store import Store, load_run
from fourfold.summary import stored_summary
from tests.helpers.reviewed_runs import (
    accept,
    blocked_scores,
    judged,
    override,
    store_run,
    trial,
)

RUN = "20261201-090000-aaaaaa"
BASE = "20261201-080000-bbbbbb"


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "runs.db")


def _summary(store: Store, run_id: str = RUN):  # type: ignore[no-untyped-def]
    data = load_run(store, run_id)
    from fourfold.runs import TrialCount

    count = TrialCount.of(data.run, data.cases, data.trials)
    return stored_summary(data.run, data.trials, count, data.reviews)


# ---------------------------------------------------------------- the one function


def test_an_override_gives_the_reviewers_score_and_the_status_it_earns(store: Store) -> None:
    store_run(store, RUN, blocked_scores())
    review = override(store, RUN, "c9", 3)
    counted = effective_result(judged(0), review)
    assert (counted.status, counted.score) == ("pass", 3.0)
    note = review_of(counted)
    assert note is not None
    assert note["judge_score"] == 0 and note["judge_status"] == "fail"
    assert note["reviewer"] == "ana" and note["reason"] == "every claim is in passage 4.2"
    assert note["at"] is not None


def test_an_override_below_the_pass_mark_fails_the_result(store: Store) -> None:
    store_run(store, RUN, blocked_scores())
    review = override(store, RUN, "c0", 1, original=3, original_status="pass")
    counted = effective_result(judged(3), review)
    assert (counted.status, counted.score) == ("fail", 1.0)


def test_an_accept_keeps_the_judges_result_and_says_who_confirmed_it(store: Store) -> None:
    store_run(store, RUN, blocked_scores())
    review = accept(store, RUN, "c0")
    counted = effective_result(judged(3), review)
    assert (counted.status, counted.score) == ("pass", 3.0)
    assert review_of(counted) is not None and review_of(counted)["action"] == "accept"  # type: ignore[index]


def test_the_latest_review_is_the_one_in_force(store: Store) -> None:
    store_run(store, RUN, blocked_scores())
    override(store, RUN, "c9", 3, reviewer="ana")
    override(store, RUN, "c9", 1, reviewer="bob", reason="one claim is not in 4.2")
    (review,) = latest_reviews(store.reviews(RUN)).values()
    assert review.reviewer == "bob"
    (t,) = reviewed_trials([trial("c9", 0)], store.reviews(RUN))
    assert (t.results[0].score, t.results[0].status) == (1.0, "fail")


def test_a_review_of_a_score_the_result_no_longer_has_does_not_count(store: Store) -> None:
    """Graded again since (the judge now says 2): the person saw another score."""
    store_run(store, RUN, blocked_scores())
    review = override(store, RUN, "c9", 3)
    regraded = judged(2)
    assert effective_result(regraded, review) is regraded
    tally = tally_reviews([trial("c9", 2)], [review])
    assert (tally.overridden, tally.stale) == (0, 1)


def test_a_person_can_decide_a_result_the_judge_could_not(store: Store) -> None:
    store_run(store, RUN, blocked_scores())
    review = override(store, RUN, "c9", 2, original=None, original_status="error")
    counted = effective_result(judged(None), review)
    assert (counted.status, counted.score) == ("pass", 2.0)


def test_reading_a_run_through_its_reviews_twice_changes_nothing(store: Store) -> None:
    store_run(store, RUN, blocked_scores())
    override(store, RUN, "c9", 3)
    once = load_run(store, RUN).reviewed()
    assert once.reviewed().trials == once.trials
    assert tally_reviews(once.trials, once.reviews).overridden == 1


def test_an_overridden_pairwise_verdict_takes_the_verdict_of_its_score() -> None:
    from fourfold.runs import CheckResult, Review

    result = CheckResult(
        check="pairwise:outcome_preference",
        layer="outcome",
        status="fail",
        score=0.0,
        metadata={"verdict": "baseline", "position_inconsistent": True, "model_calls": []},
    )
    review = Review(
        run_id=RUN,
        case_id="c0",
        repeat=0,
        check=result.check,
        original_score=0.0,
        original_status="fail",
        action="override",
        new_score=1.0,
        reason="the candidate answers the question",
        reviewer="ana",
    )
    counted = effective_result(result, review)
    assert counted.status == "pass"
    assert counted.metadata["verdict"] == "candidate"
    assert review_of(counted)["judge_verdict"] == "baseline"  # type: ignore[index]


# ---------------------------------------------------------------- gate and summary


def test_overrides_turn_the_gate_and_the_judges_decision_is_kept_beside(store: Store) -> None:
    store_run(store, RUN, blocked_scores())
    assert _summary(store).gate.decision == "block"
    override(store, RUN, "c8", 3)
    override(store, RUN, "c9", 2, reason="the date is in passage 1")
    accept(store, RUN, "c0")
    summary = _summary(store)
    assert summary.gate.decision == "deploy"
    assert summary.reviews is not None
    assert (summary.reviews.overridden, summary.reviews.accepted) == (2, 1)
    assert summary.reviews.judge_decision == "block"
    by_case = {o.case_id: o for o in summary.reviews.overrides}
    assert by_case["c9"].judge_score == 0 and by_case["c9"].score == 2
    assert by_case["c9"].reviewer == "ana" and by_case["c9"].reason == "the date is in passage 1"
    assert by_case["c9"].at is not None
    # The stored summary is the judges' own: reviews are applied when it is read.
    assert store.get_run(RUN).summary["gate"]["decision"] == "block"  # type: ignore[index]


def test_an_accept_alone_leaves_the_gate_as_the_judges_gave_it(store: Store) -> None:
    store_run(store, RUN, blocked_scores())
    accept(store, RUN, "c8", original=0)
    summary = _summary(store)
    assert summary.gate.decision == "block"
    assert summary.reviews is not None and summary.reviews.accepted == 1


def test_the_gate_takes_reviews(store: Store) -> None:
    trials = store_run(store, RUN, blocked_scores())
    reviews = [override(store, RUN, c, 3) for c in ("c8", "c9")]
    assert evaluate_gate(trials, GateConfig()).decision == "block"
    assert evaluate_gate(trials, GateConfig(), reviews=reviews).decision == "deploy"


# ---------------------------------------------------------------- compare


def test_compare_counts_the_overridden_scores_on_both_sides(store: Store) -> None:
    store_run(store, BASE, {f"c{i}": [3] for i in range(10)}, version="v0")
    store_run(store, RUN, blocked_scores())
    before = compare(load_run(store, BASE), load_run(store, RUN), rng=np.random.default_rng(0))
    assert before.candidate_gate == "block" and before.decision == "block"
    override(store, RUN, "c8", 3)
    override(store, RUN, "c9", 3)
    after = compare(load_run(store, BASE), load_run(store, RUN), rng=np.random.default_rng(0))
    assert after.candidate_gate == "deploy"
    assert after.decision == "deploy"
    assert any("2 judge scores people overrode" in n for n in after.notes)
    assert any(
        "candidate c8#0 rubric:grounding: the judge's 0 (fail) overridden to 3 (pass) by ana on "
        in n
        and n.endswith(": every claim is in passage 4.2")
        for n in after.notes
    )


def test_compare_without_reviews_reads_as_before(store: Store) -> None:
    store_run(store, BASE, {f"c{i}": [3] for i in range(10)}, version="v0")
    store_run(store, RUN, blocked_scores())
    plain = RunData(*[getattr(load_run(store, RUN), f) for f in ("run", "cases", "trials")])
    with_none = compare(load_run(store, BASE), plain, rng=np.random.default_rng(0))
    loaded = compare(load_run(store, BASE), load_run(store, RUN), rng=np.random.default_rng(0))
    assert with_none == loaded


# ---------------------------------------------------------------- the views


def test_show_prints_the_overrides_with_who_when_why_and_the_judges_score(
    store: Store, tmp_path: Path
) -> None:
    store_run(store, RUN, blocked_scores())
    override(store, RUN, "c8", 3, reason="the refund window is in 4.2")
    override(store, RUN, "c9", 3)
    result = CliRunner().invoke(
        cli, ["show", RUN, "--store", str(tmp_path / "runs.db")], terminal_width=200
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # the console wraps at its own width
    assert "DEPLOY" in out
    assert "2 judge scores overridden, 0 accepted" in out
    assert "the gate said block" in out
    assert "c8#0" in out and "the refund window is in 4.2" in out
    assert "0 (fail)" in out and "3 (pass)" in out and "ana" in out


def test_show_without_reviews_prints_no_reviews_line(store: Store, tmp_path: Path) -> None:
    store_run(store, RUN, blocked_scores())
    result = CliRunner().invoke(cli, ["show", RUN, "--store", str(tmp_path / "runs.db")])
    assert result.exit_code == 0, result.output
    assert "BLOCK" in result.output and "overridden" not in result.output


def test_the_html_report_counts_and_lists_the_overrides(store: Store) -> None:
    store_run(store, RUN, blocked_scores())
    override(store, RUN, "c9", 3, reason="quoted from 4.2 <verbatim>")
    override(store, RUN, "c8", 3)
    report = load_report(store, RUN, n_resamples=50)
    assert report.gate.decision == "deploy"
    assert report.reviews is not None and report.reviews.judge_decision == "block"
    html = render_report(report)
    assert 'data-overridden="2"' in html
    assert "quoted from 4.2 &lt;verbatim&gt;" in html
    assert 'class="judge-original">0 (fail)' in html
    # The trial detail says who overrode the score, and the judge's original.
    (detail,) = [d for d in report.details.values() if d["case_id"] == "c9"]
    (result,) = detail["results"]
    assert result["v"] == 3.0
    assert result["w"].startswith("overridden by ana on ")
    assert "(the judge gave 0, fail): quoted from 4.2 <verbatim>" in result["w"]


def test_the_report_after_export_and_load_is_the_same(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764579600")
    store_run(store, RUN, blocked_scores())
    override(store, RUN, "c9", 3)
    accept(store, RUN, "c0")
    runner = CliRunner()
    db, other = str(tmp_path / "runs.db"), str(tmp_path / "other.db")
    out = tmp_path / "run.fourfold"
    exported = runner.invoke(cli, ["export", RUN, "-o", str(out), "--store", db])
    assert exported.exit_code == 0, exported.output
    loaded = runner.invoke(cli, ["load", str(out), "--store", other])
    assert loaded.exit_code == 0, loaded.output
    again = Store.open(other)
    assert again.reviews(RUN) == store.reviews(RUN)
    first = render_report(load_report(store, RUN, n_resamples=50))
    second = render_report(load_report(again, RUN, n_resamples=50))
    assert first == second
    assert 'data-overridden="1"' in second and 'data-accepted="1"' in second


def test_the_compare_command_counts_the_overrides(store: Store, tmp_path: Path) -> None:
    db = str(tmp_path / "runs.db")
    store_run(store, BASE, {f"c{i}": [3] for i in range(10)}, version="v0")
    store_run(store, RUN, blocked_scores())
    args = ["compare", BASE, RUN, "--store", db]
    before = CliRunner().invoke(cli, args, terminal_width=200)
    assert before.exit_code == 1, before.output
    override(store, RUN, "c8", 3)
    override(store, RUN, "c9", 3)
    after = CliRunner().invoke(cli, args, terminal_width=200)
    assert after.exit_code == 0, after.output
    assert "2 judge scores people overrode" in after.output


def test_a_stored_comparison_made_before_a_review_is_not_reused(store: Store) -> None:
    from fourfold.compare import Comparison

    store_run(store, BASE, {f"c{i}": [3] for i in range(10)}, version="v0")
    store_run(store, RUN, blocked_scores())
    old = compare(load_run(store, BASE), load_run(store, RUN), rng=np.random.default_rng(0))
    store.save_analysis(RUN, "comparison", BASE, old.model_dump(mode="json"))
    assert load_report(store, RUN, baseline=BASE, n_resamples=50).comparison.decision == "block"  # type: ignore[union-attr]
    override(store, RUN, "c8", 3)
    override(store, RUN, "c9", 3)
    report = load_report(store, RUN, baseline=BASE, n_resamples=50)
    assert report.comparison is not None and report.comparison.decision == "deploy"
    assert Comparison.model_validate(store.get_analysis(RUN, "comparison", BASE).body) == old  # type: ignore[union-attr]


def test_show_json_gives_the_summary_that_counts_the_reviews(store: Store, tmp_path: Path) -> None:
    import json

    store_run(store, RUN, blocked_scores())
    args = ["show", RUN, "--json", "--store", str(tmp_path / "runs.db")]
    before = json.loads(CliRunner().invoke(cli, args).output)
    assert before["summary"]["gate"]["decision"] == "block"
    assert before["summary"].get("reviews") is None
    override(store, RUN, "c8", 3)
    override(store, RUN, "c9", 3)
    after = json.loads(CliRunner().invoke(cli, args).output)
    assert after["summary"]["gate"]["decision"] == "deploy"
    reviews = after["summary"]["reviews"]
    assert (reviews["overridden"], reviews["judge_decision"]) == (2, "block")
    assert {o["case_id"] for o in reviews["overrides"]} == {"c8", "c9"}


def test_the_runs_list_gives_the_reviewed_decision(store: Store, tmp_path: Path) -> None:
    store_run(store, RUN, blocked_scores())
    args = ["runs", "--store", str(tmp_path / "runs.db")]
    before = " ".join(CliRunner().invoke(cli, args, terminal_width=200).output.split())
    assert "block" in before and "overridden" not in before
    override(store, RUN, "c8", 3)
    override(store, RUN, "c9", 3)
    after = " ".join(CliRunner().invoke(cli, args, terminal_width=200).output.split())
    assert "deploy (2 overridden)" in after and "block" not in after


def test_a_reviewed_gate_keeps_the_drop_rules_against_the_runs_baseline(
    store: Store, tmp_path: Path
) -> None:
    """The run was gated against a baseline: judged again with reviews, it still is."""
    import json

    from fourfold.runs import TrialCount
    from fourfold.summary import summarize_run

    store_run(store, BASE, {f"c{i}": [3, 3] for i in range(10)}, version="v0")
    trials = store_run(store, RUN, {f"c{i}": [3, 3] if i < 6 else [0, 0] for i in range(10)})
    base_trials = store.trials(BASE)
    gate = evaluate_gate(trials, GateConfig(), baseline=base_trials, rng=np.random.default_rng(0))
    summary = summarize_run(trials, [], gate, baseline_run=BASE)
    store.update_run(RUN, summary=summary.model_dump(mode="json"))
    override(store, RUN, "c9", 3)
    args = ["show", RUN, "--json", "--store", str(tmp_path / "runs.db")]
    shown = json.loads(CliRunner().invoke(cli, args).output)["summary"]
    assert shown["reviews"]["overridden"] == 1
    assert shown["gate"]["baseline_trials"] == len(base_trials)
    # Without the baseline's trials the reviewed gate could not measure a drop at all.
    data = load_run(store, RUN)
    bare = stored_summary(
        data.run, data.trials, TrialCount.of(data.run, data.cases, data.trials), data.reviews
    )
    assert bare.gate.baseline_trials is None
