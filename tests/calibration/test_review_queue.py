"""Reviews in calibration (a human label; the judge's original is what is calibrated), and
`fourfold sample --review-share`: a seeded draw weighted to the least certain scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.calibration import (
    QUEUE_KIND,
    ReviewQueue,
    calibrate,
    draw_review_queue,
    uncertainty,
)
from fourfold.runs import Label
from fourfold.store import Store
from tests.helpers.reviewed_runs import CHECK, accept, judged, override, store_run, trial

RUN = "20261201-090000-aaaaaa"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "runs.db")


@pytest.fixture
def store(db: str) -> Store:
    return Store.open(db)


# ---------------------------------------------------------------- calibration


def test_an_override_is_a_human_label_of_the_judges_original_score(store: Store) -> None:
    store_run(store, RUN, {f"c{i}": [3 if i % 2 else 0] for i in range(6)})
    override(store, RUN, "c0", 3, reviewer="ana", reason="supported by 4.2")
    accept(store, RUN, "c1", reviewer="ana")
    report = calibrate(store, RUN, "grounding", n_resamples=50, save=False, include_held_out=True)
    assert report.review_labels == 2 and report.labels == 2
    assert report.labellers == ["ana"]
    # The judge said 0 and the person 3: a disagreement on the judge's ORIGINAL score
    # (calibrating the reviewed score would compare 3 with 3); the accept agrees.
    (miss,) = report.disagreements
    assert (miss.case_id, miss.judge_score, miss.human_score) == ("c0", 0.0, 3.0)
    assert miss.note == "supported by 4.2"
    assert any("reviews made in the viewer" in n for n in report.notes)


def test_a_persons_own_label_stands_over_their_review(store: Store) -> None:
    store_run(store, RUN, {f"c{i}": [0] for i in range(4)})
    store.add_labels(
        [Label(run_id=RUN, case_id="c0", repeat=0, criterion=CHECK, labeller="ana", value=1.0)]
    )
    override(store, RUN, "c0", 3, reviewer="ana")
    override(store, RUN, "c1", 3, reviewer="ana")
    report = calibrate(store, RUN, CHECK, n_resamples=50, save=False, include_held_out=True)
    assert report.labels == 2 and report.review_labels == 1
    by_case = {d.case_id: d.human_score for d in report.disagreements}
    assert by_case == {"c0": 1.0, "c1": 3.0}


# ---------------------------------------------------------------- uncertainty


def test_a_score_next_to_the_pass_mark_is_less_certain_than_one_at_the_end() -> None:
    assert uncertainty(judged(1))[0] == uncertainty(judged(2))[0] == 0.75
    assert uncertainty(judged(0))[0] == uncertainty(judged(3))[0] == 0.25


def test_the_judges_confidence_and_errors_count() -> None:
    assert uncertainty(judged(3, confidence=0.1)) == (0.9, "the judge's confidence 0.1")
    assert uncertainty(judged(None))[0] == 1.0


def test_repeats_that_disagree_make_a_score_uncertain() -> None:
    value, why = uncertainty(judged(3), [judged(0), judged(3)])
    assert value > 0.25 and ("repeats" in why)


# ---------------------------------------------------------------- the draw


def _spread_run() -> list:  # type: ignore[type-arg]
    """100 results: 20 next to the pass mark (1 or 2), 80 at the ends (0 or 3)."""
    scores = [1, 2] * 10 + [0, 3] * 40
    return [trial(f"c{i:03}", s) for i, s in enumerate(scores)]


def test_the_draw_is_the_share_weighted_to_the_least_certain_and_seeded() -> None:
    trials = _spread_run()
    queue = draw_review_queue(trials, 0.1, run_id=RUN, seed=7)
    assert len(queue.items) == 10 and queue.judged == 100
    assert draw_review_queue(trials, 0.1, run_id=RUN, seed=7) == queue
    assert draw_review_queue(trials, 0.1, run_id=RUN, seed=8) != queue
    # Over many seeds, uncertain scores (a fifth of the results) are most of the draws.
    near = total = 0
    for seed in range(40):
        items = draw_review_queue(trials, 0.1, run_id=RUN, seed=seed).items
        near += sum(it.score in (1.0, 2.0) for it in items)
        total += len(items)
    assert near / total > 0.35  # uniform drawing would give 0.2
    assert [it.uncertainty for it in queue.items] == sorted(
        (it.uncertainty for it in queue.items), reverse=True
    )


def test_reviewed_and_skipped_results_are_not_drawn(store: Store) -> None:
    store_run(store, RUN, {f"c{i}": [0] for i in range(4)})
    reviews = [override(store, RUN, "c0", 3)]
    queue = draw_review_queue(store.trials(RUN), 1.0, run_id=RUN, seed=0, reviews=reviews)
    assert sorted(it.case_id for it in queue.items) == ["c1", "c2", "c3"]
    assert queue.reviewed == 1


@pytest.mark.parametrize("share", [0.0, -0.1, 1.5])
def test_a_share_outside_zero_to_one_is_refused(share: float) -> None:
    with pytest.raises(ValueError, match="above 0 and at most 1"):
        draw_review_queue(_spread_run(), share, run_id=RUN, seed=0)


# ---------------------------------------------------------------- the command


def test_sample_review_share_keeps_the_queue_for_the_viewer(
    store: Store, db: str, tmp_path: Path
) -> None:
    store_run(store, RUN, {f"c{i:02}": [[0, 1, 2, 3][i % 4]] for i in range(20)})
    out = tmp_path / "queue.jsonl"
    args = ["sample", RUN, "--review-share", "0.25", "--seed", "3", "-o", str(out), "--store", db]
    result = CliRunner().invoke(cli, args, terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "queued 5 of 20 judge scores" in result.output
    assert f"/runs/{RUN}/reviews" in result.output
    kept = store.get_analysis(RUN, QUEUE_KIND, "")
    assert kept is not None
    queue = ReviewQueue.model_validate(kept.body)
    assert (len(queue.items), queue.seed, queue.share) == (5, 3, 0.25)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["case_id"] for r in rows] == [it.case_id for it in queue.items]
    again = CliRunner().invoke(cli, args, terminal_width=200)
    assert again.output == result.output  # seeded: the same queue


@pytest.mark.parametrize("share", ["0", "1.5", "-0.2"])
def test_sample_refuses_a_share_outside_zero_to_one_with_exit_2(
    store: Store, db: str, share: str
) -> None:
    store_run(store, RUN, {"c0": [0]})
    result = CliRunner().invoke(cli, ["sample", RUN, "--review-share", share, "--store", db])
    assert result.exit_code == 2
    assert "--review-share" in result.output and "0<x<=1" in result.output
    assert "Traceback" not in result.output


def test_sample_without_criterion_or_share_says_what_to_give(store: Store, db: str) -> None:
    store_run(store, RUN, {"c0": [0]})
    result = CliRunner().invoke(cli, ["sample", RUN, "--store", db])
    assert result.exit_code == 2
    assert "--criterion" in result.output and "--review-share" in result.output


def test_sample_review_share_on_a_run_without_judges_exits_2(store: Store, db: str) -> None:
    from fourfold.cases import Case
    from tests.helpers.store_builders import make_run, make_trial

    store.create_run(make_run(RUN), [Case(id="case-1", input="q")])
    store.save_trial(RUN, make_trial("case-1"))
    result = CliRunner().invoke(cli, ["sample", RUN, "--review-share", "0.5", "--store", db])
    assert result.exit_code == 2, result.output
    assert "no judge result" in result.output
