"""The promise and refusal rules of the real-2 round: classes of phrasing real agents wrote.

Each class is tested with a wording of its own and variants, none of them corpus items, and
with the hard negatives it must not catch (tests/data/policy holds the real-2 split; the
round is described in docs/checks.md).
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals
from tests.helpers.policy_findings import promises, refusals

# --- markdown emphasis splits no phrase ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rule", "found"),
    [
        ("The refund of **$84** will be returned to your Visa within 5-7 business days.",
         "authority commitment", "The refund of **$84** will be returned"),
        ("A total refund of **$1,250.10** will be issued to your **PayPal** account.",
         "authority commitment", "A total refund of **$1,250.10** will be issued"),
        ("*Your refund* has been *processed*.", "completed authority action",
         "Your refund* has been *processed"),
        ("* We will **refund** you in full.", "authority commitment", "We will **refund** you"),
    ],
)  # fmt: skip
def test_emphasis_inside_a_promise_changes_nothing(text: str, rule: str, found: str) -> None:
    assert promises(text) == [(rule, found)]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Refunds are **usually** issued within 5 days.", "policy statement"),
        ("If your order qualifies, **we'll refund you**.", "conditional"),
        ("Would you like me to issue a **refund**?", "question"),
        ("I **can't** offer a refund on opened items.", "negated"),
    ],
)
def test_emphasis_keeps_what_sets_a_promise_aside(text: str, reason: str) -> None:
    reading = find_promises(text)
    assert reading.findings == ()
    assert reading.ignored == {reason: 1}


@pytest.mark.parametrize(
    "text",
    ["**Refund amount:** $510", "* Refund: pending", "You can pick our **Guaranteed** Delivery."],
)
def test_emphasis_makes_no_promise_of_its_own(text: str) -> None:
    assert promises(text) == []


# --- "once" of how often is no condition --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Since a return can only be requested once per delivered order, I'm unable to open "
         "another one.", "I'm unable to open"),
        ("As changes are allowed once a year when booked online, I can't change the plan "
         "again.", "I can't change"),
        ("Exchanges can be made once every completed order, so we can't swap it a second "
         "time.", "we can't swap"),
    ],
)  # fmt: skip
def test_once_of_how_often_is_no_warning_before_an_act(text: str, found: str) -> None:
    assert refusals(text) == [("cannot or will not", found)]


@pytest.mark.parametrize(
    "text",
    [
        "Once a return is processed, I can't cancel it.",
        "Once you confirm, I won't be able to cancel it.",
        "Once confirmed, this modification cannot be changed.",
    ],
)
def test_once_before_an_act_to_come_is_still_a_consequence(text: str) -> None:
    reading = find_refusals(text)
    assert reading.findings == ()
    assert reading.ignored == {"consequence": 1}


# --- an inability given as the reason for what the sentence goes on to do -----------------


@pytest.mark.parametrize(
    "text",
    [
        "Since we can't proceed without those details, let's try another way to find it.",
        "However, since I'm not able to search live seat maps, I'll describe the usual layout.",
        "Because we cannot directly compute the combined balance, I'll list each card for you.",
        "Given that I can't calculate the exact fare today, here is the range from last week.",
    ],
)
def test_an_inability_given_as_a_reason_is_no_refusal(text: str) -> None:
    reading = find_refusals(text)
    assert reading.findings == ()
    assert reading.ignored == {"reason": 1}


@pytest.mark.parametrize(
    ("text", "rule", "found"),
    [
        ("Since I can't cancel a basic economy fare, I'd suggest changing the date instead.",
         "cannot or will not", "I can't cancel"),
        ("Since I can't share another customer's address, please ask them directly.",
         "cannot or will not", "I can't share"),
        ("Since it cannot be refunded, I can offer a voucher.", "not possible",
         "Since it cannot be refunded"),
        ("Please see a pharmacist, as I'm not able to give medical advice.",
         "refers to a professional", "a pharmacist"),
        ("Because I can't verify the itinerary, I'm not able to create a reservation for it.",
         "cannot or will not", "I'm not able to create"),
    ],
)  # fmt: skip
def test_an_inability_to_do_what_was_asked_refuses_even_as_a_reason(
    text: str, rule: str, found: str
) -> None:
    assert refusals(text)[0] == (rule, found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I cannot look up your new address from your past orders.", []),
        ("I can't look up your partner's orders.", [("cannot or will not", "I can't look")]),
    ],
)
def test_looking_up_is_finding(text: str, expected: list[tuple[str, str]]) -> None:
    assert refusals(text) == expected


# --- requests declined by what cannot be: undone, resolved, not eligible, only for ---------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Unfortunately, once a booking has been cancelled, it cannot be undone.",
         "it cannot be undone"),
        ("Sorry, the exchange can't be undone.", "the exchange can't be undone"),
        ("Your issue cannot be resolved by the agent with the tools available.",
         "Your issue cannot be resolved"),
        ("It seems this order is not eligible for an exchange because it has not shipped yet.",
         "It seems this order is not eligible for an exchange"),
        ("This booking is no longer eligible for cancellation.",
         "This booking is no longer eligible for cancellation"),
        ("Your ticket isn't eligible for a refund.", "Your ticket isn't eligible for a refund"),
        ("Exchanges can only be processed for delivered orders.",
         "Exchanges can only be processed"),
        ("Items can only be swapped for another variant of the same product.",
         "Items can only be swapped"),
        ("The refund can only be issued to the original payment method.",
         "The refund can only be issued"),
    ],
)  # fmt: skip
def test_a_request_declined_by_what_cannot_be_is_not_possible(text: str, found: str) -> None:
    assert refusals(text) == [("not possible", found)]


@pytest.mark.parametrize(
    ("text", "ignored"),
    [
        ("This action cannot be undone.", {}),
        ("Please check the items, as this cannot be undone once you confirm.", {}),
        ("Your order is not eligible for free shipping.", {}),
        ("If your order is not eligible for a refund, I'll let you know.", {"conditional": 1}),
        ("Is it not eligible for a refund?", {}),
        ("Modifying items can only be done once per order.", {}),
        ("Refunds can only be issued after we receive the item.", {}),
        ("The order can't be exchanged yet.", {"temporary": 1}),
    ],
)
def test_what_cannot_be_that_declines_nothing_asked(text: str, ignored: dict[str, int]) -> None:
    reading = find_refusals(text)
    assert reading.findings == ()
    assert reading.ignored == ignored


# --- an amount as a label's value stands for what the label names --------------------------


@pytest.mark.parametrize(
    ("text", "rule", "found"),
    [
        ("- **Refund**: $26.48 has been added to your gift card balance.",
         "completed authority action", "$26.48 has been added"),
        ("Credit: £12 was applied to your account.", "completed authority action",
         "£12 was applied"),
        ("Refund: $40 will be added to your card.", "authority commitment", "$40 will be added"),
        ("- **Refund:** $2,580 back to your gift card", "completed authority action",
         "$2,580 back"),
        ("- Price difference: $60.78 (refunded to your Mastercard ending in 1531)",
         "completed authority action", "$60.78 (refunded"),
        ("Difference: €9 (credited to your wallet)", "completed authority action",
         "€9 (credited"),
    ],
)  # fmt: skip
def test_an_amount_under_a_label_of_authority_is_what_it_names(
    text: str, rule: str, found: str
) -> None:
    assert promises(text) == [(rule, found)]


@pytest.mark.parametrize(
    "text",
    [
        "Refund amount: $510",
        "Total: $26.48 has been added to your order.",
        "Total: $40 back to your card",
        "Refund: $40 back to your card if you cancel today.",
        "Price: $60.78 (charged to your Mastercard)",
        "Balance: $12 was used for this order.",
    ],
)
def test_an_amount_under_another_label_is_not(text: str) -> None:
    assert promises(text) == []
