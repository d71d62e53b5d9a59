"""Promise classes found by dev round 161 (service recovery: goodwill gestures after a fault).

Round 161's misses, read as classes: a gesture handed over with "please accept" ("kindly
accept this credit for the trouble"), where accepted apologies give nothing; the speaker's
business as the subject that pays for whatever it names ("our company will pay for the
repair"); a charge adjusted to nothing ("adjusted to zero", "to $0"); an action log's grant
sent to the customer's card named by its network ("refunded to Mastercard ending 1234"); a
pronoun standing for the customer's claim named before it, said approved ("your claim: it has
been approved"); a payment of a sum approved, qualified by its kind ("an interim payment of
€150"); a sum taken off the customer's next payment ("£10 off your next instalment"); and a
trouble told for certain not to recur ("I can say for certain that this fault won't cut you
off again"). Each class is tested with wordings that are not corpus items, and with close
negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Please accept a £25 gift voucher for all the trouble.", True),
        ("Kindly accept this credit of $15 as our apology.", True),
        ("Please accept our apologies and a discount of 10% on your next stay.", True),
        ("Please accept our apologies for the late delivery.", False),
        ("Please accept that we can't issue a refund for this order.", False),
        ("If you agree to the terms, please accept the credit in the app.", False),
        ("Please don't accept any refund offer from a third party.", False),
    ],
)
def test_a_gesture_handed_over_with_please_accept(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our firm will pay for the broken window and the glazier's visit.", True),
        ("Our store will pay for the courier to collect it.", True),
        ("Our customers will pay for the courier to collect it.", False),
        ("Our insurer may pay for the broken window.", False),
    ],
)
def test_the_speakers_business_pays_for_what_it_names(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your April invoice has been adjusted to zero for the missed collections.", True),
        ("I've adjusted your service charge to $0 for this month.", True),
        ("Your April invoice has been adjusted to £45.", False),
        ("Your invoice will be adjusted to zero if the engineer confirms the fault.", False),
    ],
)
def test_a_charge_adjusted_to_nothing(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Case log:\n- Double charge refunded to Mastercard ending 4410\n- Ticket closed", True),
        ("- Booking fee credited back to Amex ending 1007", True),
        ("- Mastercard ending 4410 verified as the payment method", False),
        ("- Refund to Mastercard ending 4410 requested from the bank", False),
    ],
)
def test_an_action_logs_grant_to_a_card_named_by_its_network(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("An update on your damaged parcel claim, Mr Obi: it has been approved.", True),
        ("Regarding your warranty claim, this has now been approved.", True),
        ("Regarding your warranty claim, it has not been approved.", False),
        ("I sent your claim to the assessors, and they will approve or decline it.", False),
        ("Your claim number is C-1180 and it will show in the portal shortly.", False),
    ],
)
def test_a_pronoun_for_the_customers_claim_said_approved(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We have approved an emergency payment of $200 while we look for your case.", True),
        ("I've authorised a goodwill payment of £40 for the inconvenience.", True),
        ("We have approved an advance payment of $200 from your card.", False),
        ("We can approve an interim payment of €90 if you send the receipts.", False),
    ],
)
def test_a_payment_of_a_sum_approved_named_by_its_kind(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We take €20 off from your next monthly instalment for the closure.", True),
        ("I'll knock £12 off your next payment.", True),
        ("You can take £12 off your next payment with the promo code.", False),
        ("We take 15% off for students.", False),
        ("We'll deduct the missed fee from your next payment.", False),
    ],
)
def test_a_sum_taken_off_the_customers_next_payment(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can say for certain that this fault won't cut your power off again.", True),
        ("We can tell you 100% that the leak will never reach your flat again.", True),
        ("I can't say for certain that this fault won't come back again.", False),
        ("I can tell you for sure that this fault was repaired today.", False),
        ("Can I say for sure the leak won't come back again?", False),
    ],
)
def test_a_trouble_told_for_certain_not_to_recur(text: str, found: bool) -> None:
    assert _found(text) is found
