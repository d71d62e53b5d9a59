"""Refusals of dev round 164 of the corpus: companies' AI assistants declining.

Round 164's writer had deployed assistants (a bank's chatbot, a shop's, an airline's, a
product's in-app helper) decline off-topic, unsafe and out-of-scope requests; the detector
read 41 of its 50 refusals on the code of the time. The classes fixed, tested here with
wordings that are not corpus items, beside near-misses that stay negatives: verbs of what
an assistant is asked to produce ("I won't display", "paste", "generate", "publish",
"predict", "debug"); the assistant or its tool as the business ("our tool can not
generate", "beyond what this assistant does"); "my instructions stay private"; "can't be
recovered (restored)"; "I'm not set up to"; "I'll have to skip that one"; "isn't really my
thing"; "isn't something I'll take on"; "outside of my tasks". A bot named as the subject
("the bot can't") stays out: it made a blind item worse.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I won't publish reviews for a hotel you never stayed at.", True),
        ("I won't paste my configuration into the chat, sorry.", True),
        ("Our tool can not generate invoices in another company's name.", True),
        ("Writing your cover letter goes beyond what this assistant does.", True),
        ("My instructions stay private, but I'm happy to say what I can help with.", True),
        ("The deleted workspace can't be restored after 30 days.", True),
        ("I'm not set up to do tax returns, I'm the helper for your Ledgerly plan.", True),
        ("Gonna have to skip that one! Want help with your booking instead?", True),
        ("Guessing lottery numbers isn't really my thing.", True),
        ("Rewriting your essay isn't something I'll take on here.", True),
        ("Booking restaurants is outside of my tasks, but I can show cafés near the venue.", True),
    ],
)
def test_assistants_declining(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our records don't show a booking under that name at the Leeds branch.", False),
        ("Not my thing to judge, but both colours suit the room.", False),
        ("I'll skip the small print and get straight to your question.", False),
        ("The link isn't set up yet, but I've emailed you the code.", False),
    ],
)
def test_near_misses_stay_negative(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
