"""Notes from the viewer: the note box on a trial's page (CSRF, a name), the modes page."""

from __future__ import annotations

from html import unescape
from typing import Any

import pytest

from tests.helpers.hostile import PAYLOADS
from tests.helpers.viewer_client import Viewed, name, post, text_of

TRIAL = {"case": "refund-0", "repeat": "0"}
PAGE = "/runs/{run}/trial?case=refund-0&repeat=0"


def _note(client: Any, viewed: Viewed, **fields: str) -> Any:
    data = {**TRIAL, "text": "invented policy number 4.7", **fields}
    return post(client, f"/runs/{viewed.judged}/notes", data)


def test_a_note_is_stored_with_its_author_and_shown_on_the_trial(
    client: Any, viewed: Viewed
) -> None:
    name(client, "ann")
    response = _note(client, viewed)
    assert response.status_code == 303
    assert response.headers["location"].endswith("/trial?case=refund-0&repeat=0#notes")
    (note,) = viewed.store.notes(viewed.judged)
    assert (note.case_id, note.repeat, note.author, note.mode) == ("refund-0", 0, "ann", None)
    page = text_of(client.get(PAGE.format(run=viewed.judged)).text)
    assert "invented policy number 4.7 · ann ·" in page
    other = text_of(client.get(f"/runs/{viewed.judged}/trial?case=refund-1&repeat=0").text)
    assert "no notes on this trial yet" in other


def test_notes_group_into_modes_counted_on_the_modes_page(client: Any, viewed: Viewed) -> None:
    name(client, "ann")
    _note(client, viewed)
    _note(client, viewed, case="refund-1", text="made up section 9")
    _note(client, viewed, case="refund-2", text="curt", mode="tone")
    page = text_of(client.get(f"/runs/{viewed.judged}/modes").text)
    assert "tone 1" in page and "Notes in no mode (2)" in page
    ids = [str(n.id) for n in viewed.store.notes(viewed.judged) if n.mode is None]
    response = post(client, f"/runs/{viewed.judged}/modes", {"note": ids, "mode": "invented"})
    assert response.status_code == 303
    page = text_of(client.get(f"/runs/{viewed.judged}/modes").text)
    assert page.index("invented 2") < page.index("tone 1")  # most frequent first
    assert "every note is in a mode" in page
    assert [n.mode for n in viewed.store.notes(viewed.judged)] == ["invented", "invented", "tone"]


@pytest.mark.parametrize(
    ("fields", "status", "message"),
    [
        ({"text": "  "}, 422, "a note needs text"),
        ({"text": "x" * 4001}, 422, "at most 4000 characters"),
        ({"mode": "two\nlines"}, 422, "not a failure-mode name"),
        ({"case": "refund-99"}, 404, "no trial of case 'refund-99'"),
        ({"repeat": "-1"}, 422, "repeat"),
    ],
)
def test_a_bad_note_is_refused_and_stores_nothing(
    client: Any, viewed: Viewed, fields: dict[str, str], status: int, message: str
) -> None:
    name(client, "ann")
    response = _note(client, viewed, **fields)
    assert response.status_code == status
    assert message in unescape(response.text)
    assert viewed.store.notes(viewed.judged) == []


def test_a_note_needs_a_name_and_a_csrf_token(client: Any, viewed: Viewed) -> None:
    response = _note(client, viewed)
    assert response.status_code == 422 and "say who you are" in response.text
    page = client.get(PAGE.format(run=viewed.judged)).text
    assert 'class="note-form"' not in page and "to write a note" in page
    name(client, "ann")
    forged = post(client, f"/runs/{viewed.judged}/notes", {**TRIAL, "text": "x"}, token="forged")
    assert forged.status_code == 403
    grouped = post(client, f"/runs/{viewed.judged}/modes", {"mode": "m"})
    assert grouped.status_code == 422 and "tick the notes" in unescape(grouped.text)
    assert viewed.store.notes(viewed.judged) == []


def test_hostile_note_text_shows_literally(client: Any, viewed: Viewed) -> None:
    name(client, "ann")
    for i, payload in enumerate(PAYLOADS[:6]):
        assert _note(client, viewed, text=f"{i}: {payload}").status_code == 303
    for url in (PAGE.format(run=viewed.judged), f"/runs/{viewed.judged}/modes"):
        html = client.get(url).text
        assert "<script>window.__pwned" not in html and "<img src=x" not in html
        assert "<svg onload" not in html
        shown = text_of(html)
        for i, payload in enumerate(PAYLOADS[:6]):
            assert f"{i}: {' '.join(payload.split())}" in shown
