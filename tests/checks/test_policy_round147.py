"""Refusals of dev round 147 of the corpus: health, pharmacy, vet and telehealth settings.

The round's writer set referrals that decline advice beside referrals that are the help
asked for. Classes fixed, tested here with wordings that are not corpus items: a professional
who did something is no referral ("your GP has sent the prescription"), nor one named before
a document ("no need for a GP referral"); "not offered at our Koramangala branch" (a place
named with a capitalised word); "isn't something our GP video service does" (three words
after "our"); "I am not the right person to say if you are safe to drive"; and faults of the
moment ("our card terminal stopped working", "the video call dropped").
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your doctor has approved the repeat, so it'll be ready tomorrow.", False),
        ("The vet wrote the prescription this morning; you can collect it now.", False),
        ("There's no need for a GP letter to book the eye test.", False),
        ("Please ask your GP whether you can take both together.", True),
        ("Your GP has to decide that, not us.", True),
    ],
)
def test_a_professional_who_acted_is_no_referral(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Flu jabs are not offered at our Whitfield clinic.", True),
        ("Repeat prescriptions aren't something our online pharmacy service handles.", True),
        ("I'm not the right person to say whether your dog can have ibuprofen.", True),
    ],
)
def test_the_house_declines_in_its_own_words(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The card reader stopped working, so we can't take cards until noon.", False),
        ("Sorry, the call dropped and we can't reconnect it — Dr Hale will ring you.", False),
        ("We dropped the price last week, so we can't lower it again.", True),
    ],
)
def test_faults_of_the_moment(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
