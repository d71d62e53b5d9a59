"""The customer's own data kept, said in the active voice, is a reassurance, not a refusal.

"We won't share your details with anyone", "we do not sell your data to advertisers": the
business says what it will not do with the customer's own data (`own_data_kept`). Still a
refusal: a way of giving the data declined ("I can't share your details over chat"), and
someone else's data ("we won't forward your husband's details").
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


@pytest.mark.parametrize(
    "text",
    [
        "We won't share your details with anyone.",
        "We do not sell your data to advertisers.",
        "We will not disclose your personal information to third parties without consent.",
        "Just so you know, we will never record your card number.",
        "Our team will not pass your contact details to the courier's marketing arm.",
    ],
)
def test_own_data_kept_is_a_reassurance(text: str) -> None:
    reading = find_refusals(text)
    assert reading.findings == ()
    assert reading.ignored.get("reassurance") == 1


@pytest.mark.parametrize(
    "text",
    [
        "I can't share your details over chat; please log in to see them.",
        "We won't forward your husband's details to you.",
        "We won't share your ex-wife's new address.",
        "We will not share the tenant's bank details with you.",
    ],
)
def test_a_way_declined_or_someone_elses_data_still_refuses(text: str) -> None:
    assert find_refusals(text).findings
