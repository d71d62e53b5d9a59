"""The labelling queue: the calibration sample, two labellers per item, blind to the judge,
labels into the store, and the calibration panel recomputed from them."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from fourfold.calibration import draw_sample, is_held_out
from tests.helpers.viewer_builders import judge_score
from tests.helpers.viewer_client import Viewed, make_client, name, post, text_of

CRITERION = "rubric:grounding"


def _queue(viewed: Viewed, n: int = 100) -> str:
    return f"/label/{viewed.judged}?criterion={CRITERION}&n={n}"


def _item(page: str) -> tuple[str, int] | None:
    found = re.search(r'class="box label-item" data-case="([^"]*)" data-repeat="(\d+)"', page)
    return None if found is None else (unescape(found.group(1)), int(found.group(2)))


def _label(client: Any, viewed: Viewed, item: tuple[str, int], value: int, n: int = 100) -> Any:
    data = {
        "criterion": CRITERION,
        "case": item[0],
        "repeat": str(item[1]),
        "value": str(value),
        "note": f"note on {item[0]}",
        "n": str(n),
    }
    return post(client, f"/label/{viewed.judged}", data)


def _progress(page: str) -> dict[str, int]:
    return {
        k: int(re.search(rf'class="{k}">(\d+)<', page).group(1))  # type: ignore[union-attr]
        for k in ("done-by-me", "left-for-me", "complete", "waiting")
    }


def test_the_queue_is_the_calibration_sample_in_its_order(client: Any, viewed: Viewed) -> None:
    name(client, "ann")
    sample = draw_sample(
        viewed.store.trials(viewed.judged), CRITERION, run_id=viewed.judged, n=8, seed=7
    )
    assert any(i.held_out for i in sample.items) and not all(i.held_out for i in sample.items)
    assert {i.judge_score for i in sample.items} == {0.0, 1.0, 2.0, 3.0}, "every level drawn"
    seen = []
    for _ in sample.items:
        item = _item(client.get(_queue(viewed, 8)).text)
        assert item is not None
        seen.append(item)
        assert _label(client, viewed, item, 2, n=8).status_code == 303
    assert seen == [(i.case_id, i.repeat) for i in sample.items]
    held = [is_held_out(case, CRITERION) for case, _ in seen]
    assert held == [i.held_out for i in sample.items]
    page = client.get(_queue(viewed, 8)).text
    assert _item(page) is None and "Nothing left for you" in page


def test_a_labeller_sees_the_case_output_passages_and_anchors_but_not_the_judge(
    client: Any, viewed: Viewed
) -> None:
    name(client, "ann")
    page = client.get(_queue(viewed)).text
    case, _ = _item(page)  # type: ignore[misc]
    i = int(case.split("-")[1])
    text = text_of(page)
    assert f"Please refund order O-{i}" in text
    assert f"Refund of {10 + i}.00 issued for order O-{i} (§4.2)." in text
    assert "Refunds up to 50.00 are issued at once." in text
    assert "Every factual claim maps to a specific retrieved passage" in text
    assert f"a refund of {10 + i}.00" not in text, "grounding's judge is not shown it either"
    assert "the judge's rationale" not in page
    assert "badge fail" not in page and "badge pass" not in page
    form = page[page.index('class="label-form"') :]
    assert f"score {judge_score(i)}" not in form
    assert [int(v) for v in re.findall(r'name="value" value="(\d)"', page)] == [3, 2, 1, 0]


def test_an_item_leaves_the_queue_after_two_labellers(viewed: Viewed) -> None:
    ann, bob, cy = make_client(viewed), make_client(viewed), make_client(viewed)
    for client, who in ((ann, "ann"), (bob, "bob"), (cy, "cy")):
        name(client, who)
    first = _item(ann.get(_queue(viewed, 4)).text)
    assert first is not None and _item(bob.get(_queue(viewed, 4)).text) == first
    assert _label(ann, viewed, first, 3, n=4).status_code == 303
    ann_page = ann.get(_queue(viewed, 4)).text
    assert _item(ann_page) != first, "it left ann's queue"
    assert _progress(ann_page) == {"done-by-me": 1, "left-for-me": 3, "complete": 0, "waiting": 1}
    assert _item(bob.get(_queue(viewed, 4)).text) == first, "bob still has it"
    assert _label(bob, viewed, first, 2, n=4).status_code == 303
    cy_page = cy.get(_queue(viewed, 4)).text
    assert _item(cy_page) != first, "two people labelled it: it left the queue"
    assert _progress(cy_page) == {"done-by-me": 0, "left-for-me": 3, "complete": 1, "waiting": 0}
    labels = viewed.store.labels(run_id=viewed.judged, criterion=CRITERION)
    assert [(lb.labeller, lb.value, lb.source, lb.note) for lb in labels] == [
        ("ann", 3.0, "viewer", f"note on {first[0]}"),
        ("bob", 2.0, "viewer", f"note on {first[0]}"),
    ]


@pytest.mark.slow
def test_labelling_changes_the_calibration_panel(viewed: Viewed) -> None:
    ann, bob = make_client(viewed), make_client(viewed)
    name(ann, "ann")
    name(bob, "bob")
    assert "Not computed yet" in ann.get(_queue(viewed, 6)).text
    post(ann, f"/label/{viewed.judged}/calibrate", {"criterion": CRITERION, "n": "6"})
    empty = text_of(ann.get(_queue(viewed, 6)).text)
    assert "labels 0 by 0 people" in empty and "insufficient labels" in empty

    for client, offset in ((ann, 0), (bob, 1)):
        for _ in range(6):
            item = _item(client.get(_queue(viewed, 6)).text)
            assert item is not None
            score = judge_score(int(item[0].split("-")[1]))
            assert _label(client, viewed, item, min(3, score + offset), n=6).status_code == 303
    stale = text_of(ann.get(_queue(viewed, 6)).text)
    assert "12 label(s) since" in stale
    response = post(ann, f"/label/{viewed.judged}/calibrate", {"criterion": CRITERION, "n": "6"})
    assert response.status_code == 303 and response.headers["location"].endswith("#calibration")
    panel = ann.get(_queue(viewed, 6)).text
    text = text_of(panel)
    assert "labels 12 by 2 people" in text
    assert "labelled items 6" in text and "items with two labels 6" in text
    assert re.search(r"judge vs humans, all κw -?\d\.\d\d", text), text
    assert "since" not in text
    assert "<svg" in panel, "the confusion matrix is drawn"
    stored = viewed.store.get_analysis(viewed.judged, "calibration", CRITERION)
    assert stored is not None and stored.body["labels"] == 12


@pytest.mark.parametrize(
    ("fields", "status", "message"),
    [
        ({"value": "5"}, 422, "value: 5 is not on the scale of rubric:grounding (3, 2, 1, 0)"),
        ({"value": "x"}, 422, "value: Input should be a valid number"),
        ({"criterion": "rubric:tone"}, 422, "has no rubric results of 'rubric:tone'"),
        ({"case": "refund-99"}, 404, "no trial of case 'refund-99'"),
        ({"note": "x" * 5000}, 422, "note: String should have at most 4000 characters"),
    ],
)
def test_a_bad_label_is_refused_and_stores_nothing(
    client: Any, viewed: Viewed, fields: dict[str, str], status: int, message: str
) -> None:
    name(client, "ann")
    data = {"criterion": CRITERION, "case": "refund-0", "repeat": "0", "value": "2", **fields}
    response = post(client, f"/label/{viewed.judged}", data)
    assert response.status_code == status
    assert message in unescape(response.text)
    assert viewed.store.labels() == []


def test_labelling_needs_a_name(client: Any, viewed: Viewed) -> None:
    page = client.get(_queue(viewed)).text
    assert _item(page) is None and 'class="bar whoami-form"' in page
    response = _label(client, viewed, ("refund-0", 0), 2)
    assert response.status_code == 422 and "say who you are" in response.text


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("   ", "give a name"),
        ("a" * 81, "at most 80 characters"),
        ("ann\u202ebob", "printable characters"),
        ("ann\nbob", "printable characters"),
    ],
)
def test_a_bad_name_is_422(client: Any, given: str, message: str) -> None:
    response = post(client, "/whoami", {"name": given})
    assert response.status_code == 422 and message in response.text


@pytest.mark.parametrize(
    ("target", "location"),
    [
        ("/label?run=x", "/label?run=x"),
        ("https://evil.example/", "/"),
        ("//evil.example/", "/"),
        ("/\\evil.example", "/"),
    ],
)
def test_whoami_goes_back_only_to_the_viewers_own_pages(
    client: Any, target: str, location: str
) -> None:
    response = post(client, "/whoami", {"name": "ann", "next": target})
    assert response.status_code == 303 and response.headers["location"] == location


def test_choosing_a_run_lists_its_rubric_criteria(client: Any, viewed: Viewed) -> None:
    page = client.get(f"/label?run={viewed.judged}").text
    assert '<option value="rubric:grounding">' in page
    assert "pairwise:" not in page.split('name="criterion"')[1].split("</select>")[0]
    response = client.get(f"/label?run={viewed.judged}&criterion=grounding")
    assert response.status_code == 303
    assert response.headers["location"] == f"/label/{viewed.judged}?criterion=rubric%3Agrounding"
    hostile = client.get(f"/label?run={viewed.hostile}").text
    assert '<option value="rubric:policy_compliance">' in hostile
    assert "no rubric judge results" not in hostile


def test_a_regrades_queue_counts_the_labels_of_the_run_it_graded(
    client: Any, viewed: Viewed
) -> None:
    # A regrade holds the source's traces (`fourfold regrade`): a label of one is of both.
    store = viewed.store
    source = store.get_run(viewed.judged)
    regrade = source.model_copy(
        update={
            "id": "20261129-130000-regr01",
            "config": {**source.config, "regraded_from": source.id},
        }
    )
    store.create_run(regrade, store.cases(source.id))
    store.save_trials(regrade.id, store.trials(source.id))
    store.update_run(regrade.id, status="finished")
    name(client, "ann")
    item = _item(client.get(_queue(viewed, 8)).text)
    assert item is not None
    assert _label(client, viewed, item, 2, n=8).status_code == 303

    page = client.get(f"/label/{regrade.id}?criterion={CRITERION}&n=8").text
    assert _progress(page)["done-by-me"] == 1
    assert _item(page) != item  # the item labelled on the source is not asked again
