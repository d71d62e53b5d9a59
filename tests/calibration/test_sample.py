"""Labelling samples: failures well represented, a stable held-out slice, the judge hidden."""

from __future__ import annotations

import csv
import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.calibration import (
    HELD_OUT_FRACTION,
    SAMPLE_COLUMNS,
    draw_sample,
    export_sample,
    import_labels,
    is_held_out,
    sample_rows,
)
from fourfold.errors import ConfigError
from fourfold.judges import load_criterion
from fourfold.runs import Trial
from tests.helpers.calibration_builders import CRIT, JUDGE_SECRET, RUN, judged_trial, store_with_run


def run_of(scores: list[float], *, prefix: str = "c") -> list[Trial]:
    return [judged_trial(f"{prefix}{i}", s) for i, s in enumerate(scores)]


def mostly_passing(n: int = 1000, seed: int = 0) -> list[Trial]:
    """A run whose judge passes 90%: scores 3 and 2 for passes, 1 and 0 for failures."""
    rng = np.random.default_rng(seed)
    scores = rng.choice([3, 2, 1, 0], size=n, p=[0.6, 0.3, 0.06, 0.04])
    return run_of([float(s) for s in scores])


# The held-out slice


def test_the_held_out_slice_is_a_fifth_of_cases() -> None:
    n = 5000
    share = np.mean([is_held_out(f"case-{i}", CRIT) for i in range(n)])
    sd = np.sqrt(HELD_OUT_FRACTION * (1 - HELD_OUT_FRACTION) / n)
    assert abs(share - HELD_OUT_FRACTION) < 4 * sd


def test_the_held_out_slice_depends_on_the_criterion() -> None:
    ids = [f"case-{i}" for i in range(500)]
    grounding = {c for c in ids if is_held_out(c, CRIT)}
    outcome = {c for c in ids if is_held_out(c, "rubric:outcome")}
    assert grounding != outcome
    assert grounding == {c for c in ids if is_held_out(c, CRIT)}


def test_the_held_out_slice_is_the_same_for_every_seed_and_run() -> None:
    first = draw_sample(mostly_passing(seed=1), CRIT, run_id="run-a", n=300, seed=1)
    second = draw_sample(mostly_passing(seed=2), CRIT, run_id="run-b", n=300, seed=99)
    for sample in (first, second):
        assert all(item.held_out == is_held_out(item.case_id, CRIT) for item in sample.items)
    shared = {i.case_id for i in first.items} & {i.case_id for i in second.items}
    assert len(shared) > 50
    flags = {i.case_id: i.held_out for i in first.items}
    assert all(flags[i.case_id] == i.held_out for i in second.items if i.case_id in shared)


# The draw


def test_failures_are_well_represented() -> None:
    trials = mostly_passing()
    run_fail_share = np.mean([t.results[0].status == "fail" for t in trials])
    sample = draw_sample(trials, CRIT, run_id=RUN, n=100, seed=0)
    sample_fail_share = np.mean([item.judge_score < 2 for item in sample.items])
    assert run_fail_share == pytest.approx(0.1, abs=0.03)
    assert sample_fail_share >= 0.45
    assert len(sample.items) == 100


def test_equal_allocation_across_levels_taking_all_of_a_small_one() -> None:
    scores = [0.0] * 5 + [1.0] * 200 + [2.0] * 200 + [3.0] * 200
    sample = draw_sample(run_of(scores), CRIT, run_id=RUN, n=100, seed=3)
    per_level = Counter(item.judge_score for item in sample.items)
    assert per_level[0.0] == 5
    assert sorted(per_level[s] for s in (1.0, 2.0, 3.0)) == [31, 32, 32]
    assert sum(s.drawn for s in sample.strata) == 100
    for stratum in sample.strata:
        assert stratum.drawn <= stratum.available


def test_each_level_draws_from_both_slices() -> None:
    sample = draw_sample(mostly_passing(), CRIT, run_id=RUN, n=120, seed=0)
    for level in (2.0, 3.0):
        held = [i.held_out for i in sample.items if i.judge_score == level]
        assert 0.35 <= np.mean(held) <= 0.65
    held_out_share = np.mean([i.held_out for i in sample.items])
    assert held_out_share > 2 * HELD_OUT_FRACTION * 0.9


@pytest.mark.parametrize("share", [0.0, 1.0])
def test_a_held_out_share_at_an_end_still_draws_n(share: float) -> None:
    sample = draw_sample(mostly_passing(200), CRIT, run_id=RUN, n=150, seed=0, held_out_share=share)
    assert len(sample.items) == 150


def test_a_small_run_gives_all_it_has() -> None:
    sample = draw_sample(run_of([3.0, 2.0, 0.0]), CRIT, run_id=RUN, n=100, seed=0)
    assert sorted(i.case_id for i in sample.items) == ["c0", "c1", "c2"]


def test_the_same_seed_gives_the_same_sample_and_another_seed_another() -> None:
    trials = mostly_passing()
    a = draw_sample(trials, CRIT, run_id=RUN, n=80, seed=11)
    b = draw_sample(trials, CRIT, run_id=RUN, n=80, seed=11)
    c = draw_sample(trials, CRIT, run_id=RUN, n=80, seed=12)
    assert a == b
    assert {i.case_id for i in a.items} != {i.case_id for i in c.items}


def test_one_trial_per_case_and_no_unscored_trial() -> None:
    trials = [judged_trial(f"c{i}", float(r % 4), repeat=r) for i in range(30) for r in range(3)]
    trials += [
        judged_trial("broken", None, status="error"),
        judged_trial("na", None, status="skip"),
    ]
    sample = draw_sample(trials, CRIT, run_id=RUN, n=100, seed=0)
    assert len(sample.items) == 30
    assert len({i.case_id for i in sample.items}) == 30
    assert sample.unscored == 2
    repeats = Counter(i.repeat for i in sample.items)
    assert len(repeats) == 3  # a random repeat of each case, not always the first


def test_a_pass_fail_check_is_stratified_by_pass_and_fail() -> None:
    trials = [
        judged_trial(f"c{i}", None, status="pass" if i % 10 else "fail", check="no_promises")
        for i in range(300)
    ]
    sample = draw_sample(trials, "no_promises", run_id=RUN, n=40, seed=0)
    assert Counter(i.judge_score for i in sample.items) == {0.0: 20, 1.0: 20}


@pytest.mark.parametrize(("n", "share"), [(0, 0.5), (10, 1.5), (10, -0.1)])
def test_bad_draw_arguments(n: int, share: float) -> None:
    with pytest.raises(ValueError):
        draw_sample(mostly_passing(10), CRIT, run_id=RUN, n=n, seed=0, held_out_share=share)


# The file


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_the_file_hides_the_judge(tmp_path: Path, suffix: str) -> None:
    store = store_with_run(tmp_path / "runs.db", mostly_passing(300))
    path = tmp_path / f"sample{suffix}"
    sample = export_sample(store, RUN, "grounding", n=60, path=path, seed=5)
    text = path.read_text(encoding="utf-8")
    assert JUDGE_SECRET not in text
    if suffix == ".csv":
        rows = _rows(path)
        columns = set(rows[0])
    else:
        rows = [json.loads(line) for line in text.splitlines()]
        columns = set(rows[0])
    assert columns == set(SAMPLE_COLUMNS)
    assert not {c for c in columns if "score" in c or "judge" in c or "status" in c}
    ids = [i.case_id for i in sample.items]
    first, second = (
        [r["case_id"] for r in rows[: len(ids)]],
        [r["case_id"] for r in rows[len(ids) :]],
    )
    assert first == ids
    assert sorted(second) == sorted(ids) and second != ids  # each labeller in their own order
    # In score order the rows would give the scores away: they are shuffled.
    scores = [i.judge_score for i in sample.items]
    assert scores != sorted(scores) and scores != sorted(scores, reverse=True)


def test_the_file_carries_what_a_labeller_needs(tmp_path: Path) -> None:
    trials = [judged_trial("c0", 1.0, output='=HYPERLINK("http://x")'), judged_trial("c1", 3.0)]
    store = store_with_run(tmp_path / "runs.db", trials)
    path = tmp_path / "sample.csv"
    export_sample(store, RUN, CRIT, n=10, path=path, seed=123, labellers=2)
    rows = _rows(path)
    assert len(rows) == 4
    assert sorted((r["case_id"], r["slot"]) for r in rows) == [
        ("c0", "1"),
        ("c0", "2"),
        ("c1", "1"),
        ("c1", "2"),
    ]
    row = next(r for r in rows if r["case_id"] == "c0")
    assert row["output"] == '\'=HYPERLINK("http://x")'  # not a formula in a spreadsheet
    assert row["input"] == "question c0"
    assert row["passages"] == "[kb-1] passage for c0"
    assert (row["run"], row["criterion"], row["seed"], row["repeat"]) == (RUN, CRIT, "123", "0")
    assert row["labeller"] == row["value"] == row["note"] == ""
    anchors = load_criterion("grounding").anchors  # type: ignore[union-attr]
    assert all(anchor.strip() in row["rubric"] for anchor in anchors.values())
    assert row["held_out"] == str(is_held_out("c0", CRIT))


def test_long_texts_are_cut(tmp_path: Path) -> None:
    from fourfold.calibration import Sample, SampleItem
    from fourfold.trace import Passage, Trace

    trial = judged_trial("c0", 1.0)
    trial = trial.model_copy(
        update={
            "trace": Trace(
                output="word " * 10_000,
                passages=[Passage(id=f"p{i}", text="x" * 2000) for i in range(15)],
            )
        }
    )
    sample = Sample(
        run_id=RUN,
        criterion=CRIT,
        seed=0,
        n=1,
        items=[SampleItem(case_id="c0", repeat=0, held_out=False, judge_score=1.0)],
        strata=[],
        unscored=0,
    )
    (row,) = sample_rows(sample, cases=[], trials=[trial], criterion=None, labellers=1)
    assert len(row["output"]) < 20_100 and "more characters" in row["output"]
    assert row["passages"].count("[p") == 10 and "5 more passages" in row["passages"]
    assert row["rubric"] == "" and row["input"] == ""


def test_a_filled_in_sample_imports_as_labels(tmp_path: Path) -> None:
    store = store_with_run(tmp_path / "runs.db", mostly_passing(200))
    path = tmp_path / "sample.csv"
    sample = export_sample(store, RUN, "grounding", n=40, path=path, seed=0, labellers=2)
    rows = _rows(path)
    for row in rows[:-3]:
        row["labeller"] = {"1": "ann", "2": "bob"}[row["slot"]]
        row["value"] = "2"
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    result = import_labels(store, path)
    assert (result.stored, result.skipped) == (2 * len(sample.items) - 3, 3)
    assert result.criteria == [CRIT] and result.runs == [RUN]


@pytest.mark.parametrize(
    ("trials", "criterion", "message"),
    [
        ([judged_trial("c0", None, status="error")], CRIT, "no trial with a score"),
        ([judged_trial("c0", 1.0)], "outcome", "no result of the check 'outcome'"),
    ],
)
def test_nothing_to_sample(
    tmp_path: Path, trials: list[Trial], criterion: str, message: str
) -> None:
    store = store_with_run(tmp_path / "runs.db", trials)
    with pytest.raises(ConfigError, match=message):
        export_sample(store, RUN, criterion, n=10, path=tmp_path / "s.csv")
    assert not (tmp_path / "s.csv").exists()


def test_a_sample_file_must_be_csv_or_jsonl(tmp_path: Path) -> None:
    store = store_with_run(tmp_path / "runs.db", mostly_passing(20))
    with pytest.raises(ConfigError, match=r"\.csv \(for a spreadsheet\) or \.jsonl"):
        export_sample(store, RUN, CRIT, n=10, path=tmp_path / "s.xlsx")


# The command line


def test_cli_sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store_with_run(tmp_path / "runs.db", mostly_passing(300)).close()
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(
        cli,
        [
            "sample",
            "latest",
            "--criterion",
            "grounding",
            "--n",
            "50",
            "--seed",
            "4",
            "--store",
            "runs.db",
        ],
    )
    assert result.exit_code == 0, result.stderr
    written = tmp_path / f"sample-grounding-{RUN}.csv"
    assert len(_rows(written)) == 100  # two labellers by default
    assert "50 trials × 2 labellers" in result.stdout and "seed 4" in result.stdout
    assert "held out" in result.stdout and "tuning" in result.stdout


def test_cli_sample_of_an_unknown_criterion_exits_2(tmp_path: Path) -> None:
    store_with_run(tmp_path / "runs.db", mostly_passing(20)).close()
    result = CliRunner().invoke(
        cli,
        [
            "sample",
            RUN,
            "--criterion",
            "groundng",
            "-o",
            str(tmp_path / "s.csv"),
            "--store",
            str(tmp_path / "runs.db"),
        ],
    )
    assert result.exit_code == 2
    assert "did you mean 'rubric:grounding'" in result.stderr
    assert "Traceback" not in result.stdout + result.stderr
