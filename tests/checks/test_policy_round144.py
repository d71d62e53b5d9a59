"""Refusals of dev round 144 of the corpus: deployed agents' replies with markdown status lines.

The round's writer declined in an agent's status lines as often as in sentences; the detector
read all but four on the code of the time. Two are classes tested here with wordings that
are not corpus items: a status mark between a line's label and its subjectless "can't"
("**Status:** ❌ can't share"), and a system "returning errors" named before "so I can't",
a fault of the moment, not a request declined.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "**Request:** change the holder's name / **Result:** ❌ can't do — only the holder can",
            True,
        ),
        ("Outcome: 🚫 can't release another guest's booking details", True),
        ("Status: ✅ can't wait to see you on Friday!", False),
    ],
)
def test_a_status_mark_before_a_subjectless_cant(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The booking tool is returning errors, so I can't move your slot right now.", False),
        ("Your voucher has expired, so I can't apply it.", True),
    ],
)
def test_a_system_returning_errors(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
