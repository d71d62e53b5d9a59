"""Refusals of dev round 149 of the corpus: hard negatives, refusal words in replies that help.

Fifty of the round's eighty items were hard negatives ("your bank declined the payment",
"nothing we can't fix", "our policy lets you return it"); the detector read every one right
on the code of the time, and all but one of its refusals. That one is a class tested here
with wordings that are not corpus items: "outside what the service desk supports".
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Home Wi-Fi set-up falls outside what the help desk supports.", True),
        ("That's beyond what our clinic provides, I'm afraid.", True),
        ("That's outside what your plan supports.", False),
    ],
)
def test_outside_what_the_house_supports(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
