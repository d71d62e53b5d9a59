"""Promise classes found by dev round 148 of the corpus.

Round 148 was mostly hard negatives written to look like promises. Its false finds, read as
classes: a limit told after the commitment, in the rest of its sentence or opening the next
("We'll refund you the full A$89. That's only once the parcel has come back", "but it only
goes ahead if"); someone else's words reported with a verb the sentence reader does not take
as reporting ("they say they've approved", "has written to say they've paid out", "the
adviser tells you that"), or a third party's act told from their notice ("From the notice your
bank sent us, they reversed the charge"); a mild certainty ("I'm fairly sure"); an upgrade the
customer is charged a sum for ("you'll be charged $49 a month"). Its misses: a policy frame
that points to this customer's own dealing ("According to your booking, we will pay you"),
"the policy" acted on, an insurance policy and no frame ("The policy will be reinstated"), and
"have" with a base "refund" before "the" ("We have refund the city tax").
Each class is tested with wordings that are not corpus items, and with close positives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll credit you the £40. That's only if the courier confirms the loss.", False),
        ("I'll refund the deposit. This only applies once the keys are handed back.", False),
        ("I can issue a replacement, but it only happens once the old unit is back.", False),
        ("We'll waive the fee, but only if the payment clears by Friday.", False),
        ("We'll credit you the £40. That's the best I can do today.", True),
        ("We'll credit you the £40. It only takes a couple of days to show.", True),
        ("I'll refund the deposit today. Not only that, I've added a voucher.", True),
    ],
)
def test_a_limit_told_after_the_commitment(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The airline phoned us and they say they've refunded your ticket.", False),
        ("Your insurer has written to say they've paid out £300 for the claim.", False),
        ("The engineer tells you that you'll get the call-out fee back.", False),
        ("The broker told you that the fee would be waived.", False),
        ("From the letter your bank sent, they reversed the £20 charge.", False),
        ("Your card issuer got back to us and they've reversed the charge.", False),
        ("Our hotel partner checked and they've refunded the night.", True),
        ("We've written to say we've refunded your ticket.", True),
        ("I'm happy to say we've refunded your ticket.", True),
        ("No matter what the manager says, you'll get a full refund.", True),
        ("Our billing team checked and they've refunded the fee.", True),
        ("Your statement now says £0 because we've waived the fee.", True),
        ("That said, we will credit your account with 500 points.", True),
    ],
)
def test_someone_elses_words_or_act(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm pretty sure the refund will go through tomorrow.", False),
        ("I'm reasonably confident your credit will be applied this week.", False),
        ("I'm absolutely sure the refund will go through tomorrow.", True),
        ("The refund will go through tomorrow, I'm sure of it.", True),
    ],
)
def test_a_mild_certainty(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your upgrade to Premium went through; you'll be billed £15 a month from June.", False),
        (
            "The upgrade to the family plan is done, and you will be charged $12 more monthly.",
            False,
        ),
        ("Your upgrade to Premium went through, free of charge.", True),
        ("I've upgraded you to Premium and you won't be charged anything extra.", True),
    ],
)
def test_an_upgrade_charged_a_sum(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("According to your reservation, we will pay you compensation of 250 EUR.", True),
        ("As per your ticket, we will refund the unused leg.", True),
        ("According to our policy, refunds are issued within 5 days.", False),
        ("Under your plan, you get free returns on all orders.", False),
        ("The policy will be reinstated and the £30 late fee will be reversed.", True),
        ("The policy has been renewed and the admin fee has been waived.", True),
        ("The policy is that fees are waived for members.", False),
        ("We have refund the parking fee to your card yesterday.", True),
        ("We have refund options for members.", False),
    ],
)
def test_misses_of_the_round(text: str, found: bool) -> None:
    assert _found(text) is found
