"""``fourfold notes``: add, list, group by hand, count modes, and bad input named (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fourfold.store import Store
from tests.notes.notes_builders import OTHER, RUN, invoke, make_store


@pytest.fixture
def db(tmp_path: Path) -> str:
    target = str(tmp_path / "runs.db")
    make_store(target)
    return target


def _add(db: str, trial: str, text: str, author: str = "ana", run: str = RUN) -> int:
    out = invoke("notes", "add", run, trial, text, "--author", author, "--store", db)
    return int(out.split()[1])


def test_notes_are_added_grouped_by_hand_and_counted(db: str) -> None:
    a = _add(db, "c1", "invented policy number 4.7")
    b = _add(db, "c1#1", "cited section 9 of a policy that has 5", author="ben")
    c = _add(db, "c2", "looped on search_kb three times")
    d = _add(db, "c3", "invented a refund window of 60 days")
    _add(db, "c4", "fine, but curt")
    assert [a, b, c, d] == sorted({a, b, c, d})
    out = invoke(
        "notes",
        "group",
        RUN[:12],
        str(a),
        str(b),
        str(d),
        "--mode",
        "invented policy",
        "--store",
        db,
    )
    assert "moved 3 notes" in out and "invented policy" in out
    invoke("notes", "group", RUN[:12], str(c), "--mode", "looped on search", "--store", db)

    listed = json.loads(invoke("notes", "list", RUN, "--json", "--store", db))
    assert [(n["case_id"], n["repeat"], n["author"], n["mode"]) for n in listed] == [
        ("c1", 0, "ana", "invented policy"),
        ("c1", 1, "ben", "invented policy"),
        ("c2", 0, "ana", "looped on search"),
        ("c3", 0, "ana", "invented policy"),
        ("c4", 0, "ana", None),
    ]
    only = json.loads(
        invoke("notes", "list", RUN, "--mode", "looped on search", "--json", "--store", db)
    )
    assert [n["id"] for n in only] == [c]
    modes = json.loads(invoke("notes", "modes", RUN, "--json", "--store", db))
    assert modes["modes"] == [
        {"name": "invented policy", "notes": 3, "trials": 3, "note_ids": [a, b, d]},
        {"name": "looped on search", "notes": 1, "trials": 1, "note_ids": [c]},
    ]
    assert len(modes["ungrouped"]) == 1
    text = invoke("notes", "modes", RUN, "--store", db)
    assert text.index("invented policy") < text.index("looped on search")
    assert "3 trials (3 notes)" in text and "1 notes in no mode yet" in text
    table = invoke("notes", "list", RUN, "--store", db)
    assert "c1#1" in table and "curt" in table

    invoke("notes", "group", RUN, str(d), "--ungroup", "--store", db)
    with Store.open(db) as store:
        assert [n.id for n in store.notes(RUN) if n.mode is None][0] == d


def test_a_note_on_a_trial_the_run_lacks_is_refused_naming_its_trials(db: str) -> None:
    out = invoke("notes", "add", RUN, "c9#0", "text", "--author", "ana", "--store", db, code=2)
    assert "run 20261201-090000-a1b2c3 has no trial c9#0" in out
    assert "c1#0, c1#1, c2#0, c3#0, c4#0" in out and "Traceback" not in out
    out = invoke("notes", "add", RUN, "c1#2", "text", "--author", "ana", "--store", db, code=2)
    assert "no trial c1#2" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["c1#x", "text", "--author", "ana"], "'c1#x' is not a trial"),
        (["c1", "  ", "--author", "ana"], "the note's text: a note needs text"),
        (["c1", "text", "--author", " "], "the note's author: a note needs an author"),
        (["c1", "text", "--author", "ana", "--mode", "a\nb"], "not a failure-mode name"),
    ],
)
def test_bad_notes_are_refused_with_exit_2(db: str, args: list[str], message: str) -> None:
    out = invoke("notes", "add", RUN, *args, "--store", db, code=2)
    assert message in " ".join(out.split()) and "Traceback" not in out
    with Store.open(db) as store:
        assert store.notes(RUN) == []


def test_grouping_a_note_of_another_run_changes_nothing(db: str) -> None:
    mine = _add(db, "c1", "invented policy number")
    theirs = _add(db, "c1", "rude", run=OTHER)
    out = invoke(
        "notes", "group", RUN, str(mine), str(theirs), "--mode", "m", "--store", db, code=2
    )
    assert f"has no note with id {theirs}; nothing was grouped" in " ".join(out.split())
    out = invoke("notes", "group", RUN, str(mine), "--store", db, code=2)
    assert "give --mode NAME" in out
    out = invoke("notes", "group", RUN, "x", "--mode", "m", "--store", db, code=2)
    assert "'x' is not a valid integer" in out
    with Store.open(db) as store:
        assert [n.mode for n in store.notes(RUN)] == [None]
    out = invoke("notes", "list", "nope", "--store", db, code=2)
    assert "no run 'nope'" in out


def test_empty_listings_say_what_to_do(db: str) -> None:
    assert "fourfold notes add" in invoke("notes", "list", RUN, "--store", db)
    assert "fourfold notes propose" in invoke("notes", "modes", RUN, "--store", db)
