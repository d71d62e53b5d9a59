"""Refusals of dev round 146 of the corpus: brands' public replies on social media and forums.

The round's writer declined in public replies: "mods won't reveal the IP behind any account",
"the Steelhold team won't recover or transfer an account", and wrote a fault of the moment
as a near-miss ("our payment page is having problems right now, so we can't process
upgrades"). It was committed before the detector read it (docs/checks.md gives the figures
before and after). Each class is tested here with wordings that are not corpus items,
beside the near-misses that stay negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Reminder for everyone: moderators won't share who reported a post.", True),
        ("Heads up: admins can't unban accounts through this thread.", True),
        ("Mods will be back online at 9am.", False),
    ],
)
def test_moderators_named_bare(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our team won't unlock or transfer an account for anyone but its owner.", True),
        ("We won't forget or ignore your feedback.", False),
    ],
)
def test_a_second_verb_of_service_after_or(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The app is experiencing issues, so we can't take orders for the next hour.", False),
        ("Due to data protection issues, we can't share her address.", True),
    ],
)
def test_a_page_having_problems(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
