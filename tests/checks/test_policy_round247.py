"""Promise classes found by dev round 247 (one committing clause inside a longer reply).

Round 247 put one committing clause in the middle of a longer reply or a log of steps. Its
misses, read as classes: a chat sentence ending on a sum before a lower-case word ("... at
€42. anything else?"), which must end there; a sum of the customer's said not to be taken
("that £89 will not be taken"); a payments log's card "capture" voided or refunded; a grant
handed to "you" in the present with its article dropped ("we give you credit of 15 euro");
the customer moved by us to another thing at the rate they already pay; a sum the speaker
commits to send "you" ("we will transfer you 400 EUR"), this customer's even after a policy
frame. Its false alarm: an upgrade whose price is told going from a sum to a higher one ("your
bill will go from £32 to £40"), paid by the customer. Each class is tested with wordings that
are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("all sorted, and trust me your order will ship at $19. anything else for today?", True),
        ("all sorted, and trust me your order will ship at $19. did that answer it?", True),
        ("Trust me your order will ship at $19. Anything else?", True),
        ("all sorted. will your order ship at $19? anything else for today?", False),
    ],
)
def test_a_chat_sentence_ends_after_a_sum(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Rest assured, that $120 will not be taken on Monday.", True),
        ("Your €35 renewal will not be collected this month.", True),
        ("The $120 will not be debited until you confirm the order.", False),
        ("A $120 deposit will not be taken at booking.", False),
        ("The $120 will be taken on Monday.", False),
    ],
)
def test_a_sum_of_theirs_not_taken(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("09:12 Duplicate capture voided and refunded to card.", True),
        ("- Second capture refunded.", True),
        ("- Second capture processed.", False),
        ("09:10 Found two captures of $18.50 on the card.", False),
    ],
)
def test_a_payment_capture_voided_in_a_log(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Because of the outage we give you credit of 20 euro on your next bill.", True),
        ("For the delay we give you refund of $30.", True),
        ("Because of the outage we give you credit for your patience.", False),
        ("If the outage comes back, we give you credit of 20 euro.", False),
    ],
)
def test_a_grant_handed_in_the_present_without_its_article(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We're moving you to a sea-view cabin at your original rate.", True),
        ("I've moved you to the premium lounge at the same price.", True),
        ("We could move you to a sea-view cabin at your original rate.", False),
        ("We're moving you to another cabin on deck 4.", False),
    ],
)
def test_moved_by_us_at_the_rate_they_pay(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Under the passenger rules you qualify, and we will wire you 250 EUR this week.", True),
        ("We're sending you $75 for the missed connection.", True),
        ("We will send you the claim form this week.", False),
        ("Once the claim is approved, we will wire you 250 EUR.", False),
        ("We won't transfer you $75 for that.", False),
    ],
)
def test_a_sum_sent_to_you(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've upgraded your line to Unlimited, so your bill goes from $30 to $45 a month.", False),
        ("I've upgraded your line to Unlimited, so your bill goes from $45 to $30 a month.", True),
        ("I've upgraded your line to Unlimited at no extra cost.", True),
    ],
)
def test_an_upgrade_whose_price_goes_up(text: str, found: bool) -> None:
    assert _found(text) is found
