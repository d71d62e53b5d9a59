"""Refusals of dev round 172 of the corpus: declines as a translation from a Romance,
Indian, East Asian or Slavic language reads.

Round 172's writer wrote every reply in that style; the detector read 38 of its 50
refusals, with three false alarms, on the code of the time. The classes fixed, tested here
with wordings that are not corpus items, beside near-misses that stay negatives: "the same
cannot be entertained (advised, submitted)"; "please consult your CA"; "we do not
communicate this type of information to third persons"; "is not contemplated by our
conditions of sale"; "not offered by us"; "not a service that we propose"; "our branch is
not providing this facility"; "we will not proceed to reopen it"; and set aside: "we are
not able to assure you that it will arrive tomorrow", "not in the condition to anticipate
the amount", and "due to technical issue at payment gateway, we are unable to ... today".
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Kindly note the request for a duplicate degree the same day cannot be entertained.",
            True,
        ),
        ("Which scheme suits your savings, the same cannot be advised by our call centre.", True),
        ("For this matter request you to please consult your CA.", True),
        ("We do not communicate the room numbers of our guests to third persons.", True),
        ("A refund of custom curtains is not contemplated by our conditions of sale.", True),
        ("Delivery to the islands is not offered by us, also not with extra payment.", True),
        ("The gift wrapping, it is not a service that we propose in this shop.", True),
        ("We regret that our branch is not providing locker facility any more.", True),
        (
            "The dossier was closed with a final decision and we will not proceed to reopen it.",
            True,
        ),
        ("Your details are not shared by us with anyone.", False),
        ("We are not able to assure you that the parcel will arrive before Sunday.", False),
        ("We are not in the condition to anticipate you today the final amount.", False),
        ("Due to technical issue at our server, we are unable to issue tickets today.", False),
        ("Due to our refund policy, we are unable to refund tickets after the show.", True),
    ],
)
def test_declines_as_a_translation_reads(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
