"""Bidi controls in the viewer's pages: shown as their code points, acting on nothing.

Every page that shows a hostile run is parsed, and every character of `MARKED` found must
be where it cannot reorder what a person reads: in element content, alone inside a
``<span class="ctl">`` naming it; in attributes, only where the value goes back to the
viewer as it is (``value``, ``data-*``); never in a ``title``, an ``<option>``'s text or the
page's ``<title>``, which show no markup (there a control reads ``<U+202E>``).
The same pages in a browser: test_viewer_browser_text.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.helpers.hostile import RLO, hostile_store
from tests.helpers.hostile_long import LONG_BASE, LONG_RUN, NUMBER, SPOOF, long_text_store
from tests.helpers.text_checks import check_page
from tests.helpers.viewer_builders import judged_run
from tests.helpers.viewer_client import Viewed, make_client, name, post


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Viewed]:
    root = tmp_path_factory.mktemp("text")
    store, hostile_id, cases = hostile_store(root / "runs.db")
    with store:
        long_text_store(None, store)
        judged = judged_run(store)
        yield Viewed(store, root, judged, LONG_BASE, hostile_id, cases)


@pytest.fixture(scope="module")
def viewer(hostile: Viewed) -> Any:
    client = make_client(hostile)
    name(client, "ann")
    return client


def _trial(run: str, case: str) -> str:
    return f"/runs/{run}/trial?" + urlencode({"case": case, "repeat": 0})


def _pages(viewed: Viewed) -> list[str]:
    long_case = viewed.store.cases(LONG_RUN)[0].id
    rlo_case = next(c for c in viewed.hostile_cases if RLO in c)
    return [
        "/",
        f"/runs/{LONG_RUN}/trials",
        _trial(LONG_RUN, long_case),
        _trial(viewed.hostile, rlo_case),
        f"/runs/{LONG_RUN}/reviews",
        f"/label?run={LONG_RUN}",
        f"/label/{LONG_RUN}?criterion=rubric:grounding",
        f"/compare?base={LONG_BASE}&cand={LONG_RUN}",
        f"/compare?suite={viewed.store.get_run(LONG_RUN).suite}",
        f"/runs/{LONG_RUN}/trial?" + urlencode({"case": f"no such {SPOOF}"}),
    ]


def test_every_page_shows_each_control_as_a_labelled_span_and_nowhere_else(
    viewer: Any, hostile: Viewed
) -> None:
    seen = 0
    for page in _pages(hostile):
        response = viewer.get(page)
        assert response.status_code in (200, 404), (page, response.text[:300])
        checker = check_page(response.text)
        assert not checker.problems, (page, checker.problems[:5])
        if response.status_code == 200:
            # every page names a control somewhere: as a span, or in a select's options
            assert checker.ctl_spans or "&lt;U+202E&gt;" in response.text, page
        seen += checker.ctl_spans
    assert seen > 50


def test_titles_options_and_tooltips_write_the_control_as_its_code_point(
    viewer: Any, hostile: Viewed
) -> None:
    html = viewer.get(f"/compare?base={LONG_BASE}&cand={LONG_RUN}").text
    assert "invoice&lt;U+202E&gt;fdp.exe" in html, "the suite's <option> names the control"
    trial = viewer.get(_trial(LONG_RUN, hostile.store.cases(LONG_RUN)[0].id)).text
    title = trial[trial.index("<title>") : trial.index("</title>")]
    assert "suite invoice&lt;U+202E&gt;fdp.exe" in title
    trials = viewer.get(f"/runs/{hostile.hostile}/trials").text
    assert "the judge says: abc&lt;U+202E&gt;dcba&lt;U+202C&gt; right" in trials, "a tooltip"


def test_a_review_of_a_case_whose_id_holds_an_override_goes_through(
    hostile: Viewed, tmp_path: Path
) -> None:
    client = make_client(hostile)
    name(client, "bo")
    case = hostile.store.cases(LONG_RUN)[1].id
    page = client.get(_trial(LONG_RUN, case)).text
    # the form's hidden field carries the id exactly, so the review finds its trial
    assert f'name="case" value="case 1 invoice{RLO}fdp.exe' in page
    response = post(
        client,
        f"/runs/{LONG_RUN}/review",
        {
            "case": case,
            "repeat": "0",
            "check": "rubric:grounding",
            "action": "override",
            "score": "2",
            "reason": NUMBER,
        },
    )
    assert response.status_code == 303, response.text
    shown = client.get(_trial(LONG_RUN, case)).text
    assert f'score <span class="ctl" data-cp="U+202E" title="U+202E">{RLO}</span>42' in shown


def test_the_promoted_page_shows_the_case_with_its_controls_as_spans(
    viewer: Any, hostile: Viewed
) -> None:
    case = hostile.store.cases(LONG_RUN)[2].id
    response = post(
        viewer,
        f"/runs/{LONG_RUN}/promote",
        {"case": case, "repeat": "0", "target": "promoted-text.jsonl"},
    )
    assert response.status_code == 200, response.text[:500]
    checker = check_page(response.text)
    assert not checker.problems, checker.problems[:5]
    assert checker.ctl_spans >= 2, "the run's name and the case's line show their overrides"
    assert "<wbr>" in response.text


@pytest.mark.parametrize(
    "path",
    [
        "/runs/%E0%A4%A",
        "/runs/%E0%A4%A/trials",
        f"/runs/{LONG_RUN}/trial?case=%E0%A4%A",
        f"/runs/{LONG_RUN}/trial?case=x&repeat=%ff",
        "/label?run=%E0%A4%A",
        "/compare?base=%ff",
        "/?suite=%E0%A4%A",
        f"/api/runs/{LONG_RUN}/trials/%E0%A4%A",
        f"/runs/{LONG_RUN}/promote.jsonl?case=%ff",
    ],
)
def test_a_malformed_escape_in_an_address_is_a_page_not_a_crash(viewer: Any, path: str) -> None:
    response = viewer.get(path)
    assert response.status_code in (200, 404, 422), (path, response.status_code)
    if response.status_code != 200 and not path.startswith("/api/"):
        assert "error-message" in response.text


@pytest.mark.parametrize("cookie", [f"ann{RLO}bob", "x" * 200, "\x1b[31mred"])
def test_a_labeller_cookie_the_name_form_would_refuse_is_no_name(
    hostile: Viewed, cookie: str
) -> None:
    from urllib.parse import quote

    client = make_client(hostile)
    client.cookies.set("fourfold_labeller", quote(cookie, safe=""))
    page = client.get("/").text
    assert "say who you are" in page
    response = post(
        client,
        f"/label/{LONG_RUN}",
        {"criterion": "rubric:grounding", "case": "x", "repeat": "0", "value": "1"},
    )
    assert response.status_code == 422 and "say who you are" in response.text


FILTERED = ("|exact", "|plain", "|seg", "|qs")
"""The filters whose escaped markup the templates' ``finalize`` leaves alone."""


def _template_sources() -> Iterator[tuple[str, str]]:
    for package in ("fourfold.server", "fourfold.report.html"):
        for item in resources.files(package).joinpath("templates").iterdir():
            if item.name.endswith(".j2"):
                yield f"{package}/{item.name}", item.read_text(encoding="utf-8")


def _tags(source: str) -> Iterator[str]:
    """Each start tag of `source`, with what Jinja writes inside it."""
    for match in re.finditer(r"<[a-zA-Z]", source):
        end = match.start() + 1
        while end < len(source) and source[end] != ">":
            for opening, closing in (("{{", "}}"), ("{%", "%}")):
                if source.startswith(opening, end):
                    end = source.index(closing, end) + 1
            end += 1
        yield source[match.start() : end]


def test_every_value_in_an_attribute_option_or_title_names_its_filter() -> None:
    # `finalize` writes element content (a control's span, <wbr> in a long token): inside
    # an attribute it would break the attribute, in an <option> or the <title> it would
    # show as text. A value printed there must say which filter makes it safe there.
    unfiltered = []
    for template, source in _template_sources():
        places = list(_tags(source))
        places += re.findall(r"<option\b[^>]*>(.*?)</option>", source, flags=re.S)
        places += re.findall(r"{% block title %}(.*?){% endblock %}", source, flags=re.S)
        places += re.findall(r"<title>(.*?)</title>", source, flags=re.S)
        for place in places:
            for value in re.findall(r"{{(.*?)}}", place, flags=re.S):
                if not value.strip().endswith(FILTERED):
                    unfiltered.append(f"{template}: {{{{{value}}}}}")
    assert not unfiltered, unfiltered
