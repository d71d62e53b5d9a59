"""Reviewing judge scores and promoting failing trials from the viewer."""

from __future__ import annotations

import json
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from fourfold.cases import load_cases
from tests.helpers.viewer_client import Viewed, name, post, text_of

TRIAL = {"case": "refund-0", "repeat": "0"}


def _review(client: Any, viewed: Viewed, **fields: str) -> Any:
    data = {
        **TRIAL,
        "check": "rubric:grounding",
        "action": "override",
        "score": "3",
        "reason": "every claim is in §4.2",
        **fields,
    }
    return post(client, f"/runs/{viewed.judged}/review", data)


def test_an_override_is_stored_with_who_and_when_and_the_original_kept(
    client: Any, viewed: Viewed
) -> None:
    before = viewed.store.trials(viewed.judged, case_id="refund-0")
    name(client, "ann")
    response = _review(client, viewed)
    assert response.status_code == 303
    assert response.headers["location"].endswith("/trial?case=refund-0&repeat=0#r0")
    (review,) = viewed.store.reviews(viewed.judged)
    assert (review.reviewer, review.action, review.new_score, review.reason) == (
        "ann",
        "override",
        3.0,
        "every claim is in §4.2",
    )
    assert (review.original_score, review.original_status) == (0.0, "fail")
    assert review.created_at is not None
    assert viewed.store.trials(viewed.judged, case_id="refund-0") == before

    page = text_of(client.get(response.headers["location"]).text)
    assert "overridden to 3 (the judge gave 0, fail) by ann at 20" in page
    assert "score 0" in page, "the judge's score is shown beside the review"
    listed = client.get(f"/runs/{viewed.judged}/trials?show=reviewed").text
    assert "overridden: 3" in text_of(listed) and listed.count('data-key="') == 1
    assert "every claim is in §4.2" in unescape(client.get(f"/runs/{viewed.judged}/reviews").text)
    api = client.get(f"/api/runs/{viewed.judged}/reviews").json()
    assert api[0]["reviewer"] == "ann" and api[0]["original_score"] == 0.0


def test_the_latest_review_is_in_force_and_every_one_is_kept(client: Any, viewed: Viewed) -> None:
    name(client, "ann")
    assert _review(client, viewed).status_code == 303
    name(client, "bob")
    assert _review(client, viewed, action="accept", score="", reason="").status_code == 303
    reviews = viewed.store.reviews(viewed.judged)
    assert [(r.reviewer, r.action, r.score) for r in reviews] == [
        ("ann", "override", 3.0),
        ("bob", "accept", 0.0),
    ]
    page = text_of(client.get(f"/runs/{viewed.judged}/trial?case=refund-0&repeat=0").text)
    assert "latest review: accepted (score 0 stands) by bob" in page
    assert "all 2 reviews" in page and "ann · overrode to 3: every claim is in §4.2" in page


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"reason": "  "}, "reason: say why"),
        ({"score": ""}, "score: an override needs the score"),
        ({"score": "7"}, "score: 7 is not on the judge's scale (3, 2, 1, 0)"),
        ({"score": "two"}, "score: 'two' is not a number"),
        ({"score": "nan"}, "not a finite number"),
        ({"action": "accept"}, "score: accepting keeps the judge's score"),
        ({"action": "delete"}, "action: Input should be 'accept' or 'override'"),
        ({"check": "no_pii"}, "'no_pii' is not a judge's result"),
        (
            {"check": "rubric:tone"},
            "no result of 'rubric:tone'; its judge results: rubric:grounding",
        ),
        ({"repeat": "x"}, "repeat: Input should be a valid integer"),
        ({"extra": "1"}, "extra: Extra inputs are not permitted"),
    ],
)
def test_a_bad_review_is_422_and_stores_nothing(
    client: Any, viewed: Viewed, fields: dict[str, str], message: str
) -> None:
    name(client, "ann")
    response = _review(client, viewed, **fields)
    assert response.status_code == 422
    assert message in unescape(response.text)
    assert viewed.store.reviews(viewed.judged) == []


def test_a_pairwise_verdict_is_overridden_on_its_own_scale(client: Any, viewed: Viewed) -> None:
    name(client, "ann")
    page = unescape(client.get(f"/runs/{viewed.judged}/trial?case=refund-0&repeat=0").text)
    assert "0.5 — tie" in page and "1 — candidate wins" in page
    assert "3 — Every factual claim" in page, "rubric scores come with their anchors"
    ok = _review(client, viewed, check="pairwise:outcome_preference", score="0.5")
    assert ok.status_code == 303
    off = _review(client, viewed, check="pairwise:outcome_preference", score="2")
    assert off.status_code == 422 and "(1, 0.5, 0)" in unescape(off.text)


def test_a_review_needs_a_name(client: Any, viewed: Viewed) -> None:
    response = _review(client, viewed)
    assert response.status_code == 422 and "say who you are" in response.text
    page = client.get(f"/runs/{viewed.judged}/trial?case=refund-0&repeat=0").text
    assert 'class="override-form"' not in page


def test_a_review_of_an_unknown_trial_is_404(client: Any, viewed: Viewed) -> None:
    name(client, "ann")
    assert _review(client, viewed, case="refund-99").status_code == 404
    response = post(client, "/runs/nope/review", {**TRIAL, "check": "x", "action": "accept"})
    assert response.status_code == 404


# Promotion


def _promote(client: Any, viewed: Viewed, target: str, **fields: Any) -> Any:
    return post(client, f"/runs/{viewed.judged}/promote", {**TRIAL, "target": target, **fields})


def test_promoting_writes_the_case_with_the_layers_it_broke(client: Any, viewed: Viewed) -> None:
    response = _promote(client, viewed, "cases/promoted.jsonl")
    assert response.status_code == 200
    assert 'data-added="1"' in response.text
    (case,) = load_cases(viewed.root / "cases" / "promoted.jsonl")
    assert case.metadata["broke"] == ["outcome", "grounding", "policy"]
    assert {"broke:grounding", "broke:policy", "promoted"} <= set(case.tags)
    assert case.metadata["promoted_from"]["case_id"] == "refund-0"
    assert case.input == "Please refund order O-0"

    again = _promote(client, viewed, "cases/promoted.jsonl")
    assert 'data-added="0"' in again.text and "already holds" in again.text
    assert len(load_cases(viewed.root / "cases" / "promoted.jsonl")) == 1


def test_promoting_for_chosen_layers_records_only_those(client: Any, viewed: Viewed) -> None:
    target = viewed.root / "policy.jsonl"
    response = _promote(client, viewed, str(target), layer=["policy"])
    assert response.status_code == 200
    (case,) = load_cases(target)
    assert case.metadata["broke"] == ["policy"] and case.metadata["checks"] == ["no_pii"]


def test_the_suite_folder_is_the_default_and_allowed(client: Any, viewed: Viewed) -> None:
    page = unescape(client.get(f"/runs/{viewed.judged}/trial?case=refund-0&repeat=0").text)
    assert 'value="suite/promoted.jsonl"' in page
    assert _promote(client, viewed, "suite/promoted.jsonl").status_code == 200
    assert (viewed.root / "suite" / "promoted.jsonl").exists()


def test_the_case_can_be_downloaded_instead(client: Any, viewed: Viewed) -> None:
    response = client.get(f"/runs/{viewed.judged}/promote.jsonl?case=refund-0&repeat=0")
    assert response.status_code == 200
    assert response.headers["content-disposition"].startswith('attachment; filename="refund-0-')
    line = json.loads(response.text)
    assert line["metadata"]["broke"] == ["outcome", "grounding", "policy"]
    assert not list(viewed.root.glob("**/*.jsonl")), "a download writes nothing"


@pytest.mark.parametrize(
    ("target", "fields", "message"),
    [
        ("/etc/fourfold-promoted.jsonl", {}, "writes case files only under"),
        ("../outside.jsonl", {}, "writes case files only under"),
        ("cases.csv", {}, "is not a .jsonl file"),
        ("", {}, "say which case file"),
        ("p.jsonl", {"layer": ["trajectory"]}, "did not break trajectory"),
        ("p.jsonl", {"case": "refund-3"}, "failed no check"),
        ("bad.jsonl", {}, "cannot add to"),
        ("p\x00.jsonl", {}, "cannot hold a NUL character"),
        ("x" * 300 + ".jsonl", {}, "is not a usable path"),
    ],
)
def test_a_bad_promotion_is_422_and_writes_nothing(
    client: Any, viewed: Viewed, target: str, fields: dict[str, Any], message: str
) -> None:
    (viewed.root / "bad.jsonl").write_text("{not json\n", encoding="utf-8")
    response = _promote(client, viewed, target, **fields)
    assert response.status_code == 422
    assert message in unescape(response.text)
    assert not (viewed.root / "p.jsonl").exists()
    assert (viewed.root / "bad.jsonl").read_text(encoding="utf-8") == "{not json\n"
    assert not Path("/etc/fourfold-promoted.jsonl").exists()


def test_an_errored_trial_cannot_be_promoted(client: Any, viewed: Viewed) -> None:
    case = viewed.hostile_cases[0]
    response = post(
        client,
        f"/runs/{viewed.hostile}/promote",
        {"case": case, "repeat": "1", "target": "p.jsonl"},
    )
    assert response.status_code == 422 and "the agent errored on this trial" in response.text
