"""Hostile text in the viewer's own pages: escaped everywhere, secrets masked.

The browser tests (test_viewer_browser.py) check the same pages run no script; these check
the HTML itself, page by page."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest

from tests.helpers.hostile import PAYLOADS, RLO, SECRET, SECRET_HEADER
from tests.helpers.viewer_client import Viewed, name, post, text_of

RAW = ["<script>window.__pwned", "<img src=x onerror", "<svg onload", "<iframe srcdoc"]


def _assert_inert(html: str) -> None:
    for raw in RAW:
        assert raw not in html, f"{raw!r} reached the page unescaped"
    assert "<script" not in html, "the viewer's own pages carry no script at all"
    assert SECRET not in html and SECRET_HEADER not in html


def _trial_url(viewed: Viewed, case: str, repeat: int = 0) -> str:
    return f"/runs/{viewed.hostile}/trial?" + urlencode({"case": case, "repeat": repeat})


@pytest.mark.parametrize("index", range(len(PAYLOADS)))
def test_a_hostile_trial_page_shows_its_text_literally(
    client: Any, viewed: Viewed, index: int
) -> None:
    name(client, "ann")
    case = viewed.hostile_cases[index]
    html = client.get(_trial_url(viewed, case)).text
    _assert_inert(html)
    payload = PAYLOADS[index]
    text = text_of(html)
    for shown in (f"question {payload}", f"the judge says: {payload}", case):
        assert " ".join(shown.split()) in text
    assert "•" * len(SECRET) in html, "the leaked key is masked"


@pytest.mark.parametrize(
    "template",
    [
        "/",
        "/runs/{run}/trials",
        "/runs/{run}/trials?show=failing",
        "/runs/{run}/reviews",
        "/label?run={run}",
        "/label/{run}?criterion=rubric:policy_compliance",
        "/compare?base={run}&cand={judged}",
    ],
)
def test_hostile_suite_agent_and_case_names_are_escaped_in_the_lists(
    client: Any, viewed: Viewed, template: str
) -> None:
    name(client, "ann")
    html = client.get(template.format(run=viewed.hostile, judged=viewed.judged)).text
    _assert_inert(html)
    if template == "/":
        assert "v&lt;1&gt;" in html
        assert (
            f'hostile &lt;suite&gt; <span class="ctl" data-cp="U+202E" title="U+202E">{RLO}' in html
        )


def test_the_long_line_is_kept_whole_and_wraps(client: Any, viewed: Viewed) -> None:
    html = client.get(_trial_url(viewed, "long-line")).text
    assert "A" * 30_000 + " end-of-long-line" in text_of(html)
    assert "A" * 16 + "<wbr>" + "A" * 16 in html, "the browser is given places to break it"


def test_hostile_names_reasons_and_notes_come_back_as_text(client: Any, viewed: Viewed) -> None:
    who = '<img src=x onerror="window.__pwned=1">'
    name(client, who)
    case = viewed.hostile_cases[0]
    reason = "</textarea><script>window.__pwned=1</script>"
    response = post(
        client,
        f"/runs/{viewed.hostile}/review",
        {
            "case": case,
            "repeat": "0",
            "check": "rubric:policy_compliance",
            "action": "override",
            "score": "3",
            "reason": reason,
        },
    )
    assert response.status_code == 303, response.text
    (review,) = viewed.store.reviews(viewed.hostile)
    assert (review.reviewer, review.reason) == (who, reason)
    for page in (_trial_url(viewed, case), f"/runs/{viewed.hostile}/reviews"):
        html = client.get(page).text
        _assert_inert(html)
        assert reason in text_of(html) and who in text_of(html)
    label = post(
        client,
        f"/label/{viewed.hostile}",
        {
            "criterion": "rubric:policy_compliance",
            "case": case,
            "repeat": "0",
            "value": "0",
            "note": reason,
        },
    )
    assert label.status_code == 303
    (stored,) = viewed.store.labels(run_id=viewed.hostile)
    assert (stored.labeller, stored.note) == (who, reason)
