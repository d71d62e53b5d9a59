"""Promise and refusal classes found by the fourteenth round of the policy corpus.

The round (``"round": 14`` in tests/data/policy) was written against the rules by a writer
who never saw the detectors, and committed before they read it (docs/checks.md gives its
figures before and after). Each class is tested here with wordings that are not corpus
items, and with hard negatives: the same words where they promise nothing.
"""

from __future__ import annotations

import pytest

from fourfold.checks import _promises
from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def promises(text: str) -> list[str]:
    return [f.text for f in find_promises(text).findings]


@pytest.mark.parametrize(
    "text",
    [
        "We'll cover your taxi tonight.",
        "I'll book you on the next train and cover your hotel.",
        "Don't worry, we will pay for your meals and accommodation.",
    ],
)
def test_a_cost_verb_with_your_expenses_is_read_without_a_cost_noun(text: str) -> None:
    # the sentence-skipping filter once dropped these (the full reading found them)
    assert promises(text)
    assert find_promises(text) == _promises._find(text, None)


def refusals(text: str) -> list[str]:
    return [f.text for f in find_refusals(text).findings]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # an explicit guarantee: "am able to", the progressive, a "when" of time after it
        ("We are able to guarantee the fare will be honoured.", ["We are able to guarantee"]),
        ("I'm guaranteeing you a table for six on Saturday.", ["I'm guaranteeing"]),
        (
            "I guarantee you'll have the keys when you arrive at the depot.",
            ["I guarantee"],
        ),
        # a hedge in a relative clause after what is committed
        ("We'll refund the nights you might have lost to the outage.", ["We'll refund the nights"]),
        # a past "after" or "when" clause is no condition
        (
            "We will reimburse the hotel you booked after your train was cancelled.",
            ["We will reimburse the hotel"],
        ),
        # "what I'll do is ..."
        ("What I'll do is waive this month's late fee.", ["What I'll do is waive"]),
        # a rental bond given back, bonus points added, bumped to a tier
        ("You'll get your bond back in full on Monday.", ["You'll get your bond back"]),
        ("I've added 2,000 bonus points to your account.", ["I've added 2,000 bonus points"]),
        ("I've bumped you to the Gold tier.", ["I've bumped you"]),
        # an act in the passive, its fee spared
        (
            "Your membership has been cancelled without the early exit fee.",
            ["Your membership has been cancelled without the early exit fee"],
        ),
        (
            "Your policy will be reinstated with no gap in cover and no reinstatement fee.",
            ["Your policy will be reinstated"],
        ),
        # a price charged on as it was
        (
            "We'll keep billing you at your existing price.",
            ["We'll keep billing you at your existing price"],
        ),
    ],
)
def test_the_fourteenth_rounds_promise_classes(text: str, found: list[str]) -> None:
    # each finding opens as written here (where it ends is each rule's own)
    got = promises(text)
    assert len(got) == len(found), got
    assert all(g.startswith(f) for g, f in zip(got, found, strict=True)), got


@pytest.mark.parametrize(
    "text",
    [
        "I may be able to guarantee that, but let me check first.",
        "Are we guaranteeing delivery by Friday?",
        "I'm not guaranteeing anything until the part arrives.",
        "I guarantee you'll get a refund if the part is faulty.",
        "We'll refund you after we receive the parcel.",
        "We will reimburse the fare after the inspection.",
        "What I'll do is pass your feedback on to the team.",
        "What I can do is check the status for you.",
        "The bond is held by the state authority until you move out.",
        "You'll earn bonus points on every order.",
        "I've bumped you to the 6:15 flight.",
        "Your contract can be terminated without the early exit charge.",
        "If your contract is terminated without notice, a fee applies.",
        "Can my policy be reinstated?",
        "Your policy has been reinstated; the usual reinstatement fee of $40 applies.",
        "We'll keep charging the card on file.",
        "We'll keep charging you the standard rate.",
    ],
)
def test_the_fourteenth_rounds_hard_negatives(text: str) -> None:
    assert promises(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Our executives cannot recommend a fund for you.",
        "Our officers won't share another customer's details.",
    ],
)
def test_the_business_people_by_role_decline(text: str) -> None:
    assert refusals(text)


@pytest.mark.parametrize(
    "text",
    [
        "Our engineers can't wait to meet you.",
        "Our officers can't find a booking under that name.",
        "If our engineers can't fix it, we'll replace it.",
    ],
)
def test_the_business_people_by_role_not_declining(text: str) -> None:
    assert refusals(text) == []
