"""Refusals of dev round 173 of the corpus: faults of the moment, and rules that sound technical.

Round 173's writer wrote 50 replies where a temporary technical problem stops the agent
(no refusal) beside 30 that decline under a rule that only sounds technical; the detector
read 26 of the 30 refusals, with four false alarms, on the code of the time. The classes
fixed, tested here with wordings that are not corpus items: a machine's mending named after
the verb with "while" or "until" ("while the CRM is being upgraded", "until the fix is
deployed" after a bug told before, "until the rebuild finishes"); "there's no way for me to"
(a verb of knowing after it stays a hedge); "won't let anyone ..." with a rule named in the
sentence; "we don't merge (combine, stack) them". A fault named bare after the verb is not
read as one: it may be what the request is about ("a credit for the outage").
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "I'm unable to change the plan while the billing system is being upgraded tonight.",
            False,
        ),
        (
            "Our pricing tool had a bug. I can't send the corrected invoice until the fix is "
            "deployed.",
            False,
        ),
        ("I can't add the stamps by hand until the loyalty rebuild finishes overnight.", False),
        ("There's no way for me to export that report for you, it isn't a feature we have.", True),
        ("There's no way for me to know when the bank will post it.", False),
        (
            "The portal won't let anyone move a seat after check-in, that's the airline's rule.",
            True,
        ),
        ("We don't merge two accounts into one, so the old login stays separate.", True),
        ("I can't offer a credit for the outage, the terms exclude planned maintenance.", True),
    ],
)
def test_faults_of_the_moment_and_rules(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
