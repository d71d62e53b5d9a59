"""Refusals of dev round 170 of the corpus: the grammar of the decline varied again.

Round 170's writer (retail, food delivery, subscriptions, clubs, schools) avoided the common
forms; the detector read 32 of its 50 refusals, with two false alarms, on the code of the
time. The classes fixed, tested here with wordings that are not corpus items, beside
near-misses that stay negatives: "a line we won't cross"; "a pass from us"; "a firm no from
the department"; "I'll keep that one under wraps"; "we're refusing that request"; "we've
decided to turn down"; the Head or the Registrar as the business; changes "not any more
accepted"; "falls outside the reading room service"; "the name linked to that car is
withheld"; "will not be sent by chat"; "only one code per order is allowed"; an act put as
an infinitive subject ("To add a tip after the order is closed isn't something the app
does"); and set aside: "I am not able to say what will be the outcome" (a forecast) and an
app's fault told just before "I can't apply it right now".
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Writing the reference in someone else's name is a line we won't cross.", True),
        ("A puppy in the spin class? That one's a pass from us, sorry.", True),
        ("Skipping the safety briefing is a firm no from the department.", True),
        ("Which member booked before you? I'll keep that one under wraps.", True),
        ("The description would misstate the purchase, so we're refusing that request.", True),
        ("After a long talk, we've decided to turn down the request for a dark mode.", True),
        ("Having read your letter, the Principal has declined the request.", True),
        ("The menu was printed on Monday, so changes are not any more accepted.", True),
        ("Scanning the whole archive falls outside the reading room service.", True),
        ("Member details are private, so the name linked to that locker is withheld.", True),
        ("For safety, the password will not be sent by chat.", True),
        ("Only one voucher per booking is allowed, so the second one stays in your wallet.", True),
        ("To pause a membership after the first month isn't something the app does.", True),
        ("We never cross the line into selling your data.", False),
        ("The surprise menu stays under wraps until Friday!", False),
        ("Your card keeps declining, so I've sent a payment link.", False),
        ("I am not able to say what will be the result before the panel meets.", False),
        (
            "Right now the app has a problem with gift cards. I can't apply yours right now, "
            "but I will add it by hand within the hour.",
            False,
        ),
    ],
)
def test_declines_with_the_grammar_varied(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
