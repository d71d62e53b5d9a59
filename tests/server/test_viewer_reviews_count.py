"""The viewer counts reviews: the runs list and the report take an override from the moment
it is posted, and the reviews page lists what is left of the review queue."""

from __future__ import annotations

from html import unescape
from typing import Any

from fourfold.calibration import review_queue
from fourfold.gate import GateConfig, evaluate_gate
from fourfold.summary import summarize_run
from tests.helpers.viewer_client import Viewed, name, post, text_of


def _with_summary(viewed: Viewed) -> None:
    trials = viewed.store.trials(viewed.judged)
    gate = evaluate_gate(trials, GateConfig())
    summary = summarize_run(trials, [], gate).model_dump(mode="json")
    viewed.store.update_run(viewed.judged, summary=summary)


def _override(client: Any, viewed: Viewed, case: str, score: str) -> Any:
    data = {
        "case": case,
        "repeat": "0",
        "check": "rubric:grounding",
        "action": "override",
        "score": score,
        "reason": "every claim is in §4.2",
    }
    return post(client, f"/runs/{viewed.judged}/review", data)


def test_the_runs_list_and_the_report_count_an_override_at_once(
    client: Any, viewed: Viewed
) -> None:
    _with_summary(viewed)
    row = f'data-run="{viewed.judged}"'
    assert "overridden" not in text_of(client.get("/").text)
    report = client.get(f"/runs/{viewed.judged}").text
    assert 'id="reviews"' not in report
    name(client, "ann")
    assert _override(client, viewed, "refund-0", "3").status_code == 303
    runs = client.get("/").text
    assert row in runs and "1 judge score overridden" in text_of(runs)
    report = unescape(client.get(f"/runs/{viewed.judged}").text)  # not the cached one
    assert 'data-overridden="1"' in report
    assert "every claim is in §4.2" in report and "ann" in report


def test_the_reviews_page_lists_what_is_left_of_the_queue(client: Any, viewed: Viewed) -> None:
    queue = review_queue(viewed.store, viewed.judged, 0.25, checks=["rubric:grounding"])
    assert len(queue.items) == 6
    page = client.get(f"/runs/{viewed.judged}/reviews").text
    assert page.count("data-queued=") == 6 and 'data-left="6"' in page
    first = queue.items[0]
    name(client, "ann")
    new = "0" if (first.score or 0) >= 2 else "3"
    assert _override(client, viewed, first.case_id, new).status_code == 303
    page = client.get(f"/runs/{viewed.judged}/reviews").text
    assert page.count("data-queued=") == 5 and 'data-done="1"' in page
    assert f'data-queued="{first.case_id}#0"' not in page
