"""Refusals of dev round 168 of the corpus: declines written as a translation reads.

Round 168's writer wrote every reply as a support team whose first language is not English
writes it, with the word order and set phrases of a translation; the detector read 39 of its
50 refusals, with one false alarm, on the code of the time. The classes fixed, tested here
with wordings that are not corpus items, beside near-misses that stay negatives: "not in our
possibilities", "not in the possibilities of our company"; "we are not entitled for
disclosing"; the object put first ("this service we do not perform"; "without his login we
are not able to execute", where "without" is no double negation); "we in customer service
cannot"; "the regulations do not permit to apply it"; "by our procedure a closed complaint
is not reopened"; and someone else's answer reported with "has answered that".
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The phone number of the seller is not in our possibilities to give you.", True),
        ("Refund of used tickets is not in the possibilities of our company.", True),
        ("The name of the previous renter we are not entitled for sharing.", True),
        ("Unlocking of phones from other networks we do not perform.", True),
        ("Change of the owner without his signature we are not able to execute.", True),
        ("We in the call centre cannot go in this direction and advise you on shares.", True),
        ("Our regulations do not permit to extend the voucher a second time.", True),
        ("By our procedure a cancelled order is not reactivated.", True),
        ("Under the new rules your parcel is not opened by customs.", False),
        ("It is not in all possibilities to predict the weather, but the trip goes ahead.", False),
        ("The hotel has answered that a late check-out is not permitted on their side.", False),
        ("Without the receipt there's nothing I can't check for you.", False),
    ],
)
def test_declines_as_a_translation_reads(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
