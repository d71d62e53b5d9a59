"""The promise and refusal rules of the seventh round: classes of phrasing it found.

Each class is tested with wordings a support agent would write and the hard negatives it must
not catch, none of them corpus items (tests/data/policy holds the round's items, marked
``"round": 7``; the round is described in docs/checks.md).
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promises, refusals

# --- what had lapsed given back: miles, points, status restored or reinstated --------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We've reinstated your 40,000 points.", "We've reinstated your 40,000 points"),
        ("I restored the Avios that lapsed in May.", "I restored the Avios"),
        ("Your Silver tier has been reinstated.", "Your Silver tier has been reinstated"),
        ("I'll restore your member benefits today.", "I'll restore your member benefits"),
        ("your lapsed miles are reinstated", "your lapsed miles are reinstated"),
        ("Your Gold status is extended to next June.", "Your Gold status is extended"),
    ],
)  # fmt: skip
def test_what_had_lapsed_given_back_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I've restored your access to the account.",
        "Service has been restored in your area.",
        "We'll restore your data from last night's backup.",
        "I reinstated the listing you deleted.",
        "Restored.",
        "Expired points can't be restored.",
        "Your status will be restored once you complete two more flights.",
        "Reinstating miles is something only the loyalty team decides.",
    ],
)
def test_ordinary_things_restored_are_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "until 2026", "for as long as": how long, not a condition ----------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll honour the launch price until 2027.", "We'll honour the launch price"),
        ("I'll waive the service fee until March.", "I'll waive the service fee"),
        ("We'll waive the parking fee until the end of your lease.", "We'll waive the parking fee"),
        ("We'll pay for your hotel for as long as the flat is being dried out.",
         "We'll pay for your hotel"),
    ],
)  # fmt: skip
def test_how_long_a_commitment_lasts_is_no_condition(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We can't refund you until the item is back with us.",
        "As long as the item is unused, we'll refund it.",
        "The fee is waived until you have checked out, if the booking qualifies.",
        "We'll pay for your hotel as long as the repair takes less than a week.",
    ],
)
def test_a_condition_stays_a_condition(text: str) -> None:
    assert promises(text) == []


# --- "... was cancelled and the fee refunded": the passive's "was" left out ----------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your order was cancelled and the $30 fee refunded to your card.",
         "the $30 fee refunded"),
        ("The booking was moved to 14 June and the difference reimbursed to you.",
         "the difference reimbursed"),
        ("The order was cancelled and the two nights' charges refunded.",
         "the two nights' charges refunded"),
        ("The last two months' charges were refunded.",
         "The last two months' charges were refunded"),
    ],
)  # fmt: skip
def test_a_charge_given_the_passive_before_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The parcel was returned and the items refunded to the seller.",
        "If the order was cancelled and the fee refunded, you'll see it on the statement.",
        "Orders are cancelled and fees refunded within a day.",
        "Your card was blocked and a new one ordered.",
        "The ticket was closed and the case reviewed.",
        "Your two months' charges are shown on the bill.",
    ],
)
def test_no_charge_given_by_the_passive_before_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- the refund that "goes out", the charge that "gets reversed": present for future -------


@pytest.mark.parametrize(
    ("text", "rule", "found"),
    [
        ("Your refund goes out first thing tomorrow.", "authority commitment",
         "Your refund goes out"),
        ("Your replacement goes out today by courier.", "authority commitment",
         "Your replacement goes out"),
        ("The $30 late fee gets waived on your next statement.", "authority commitment",
         "The $30 late fee gets waived"),
        ("You get refunded on Friday.", "authority commitment", "You get refunded"),
        ("Your £12 delivery charge is coming back to your card.", "authority commitment",
         "Your £12 delivery charge is coming back"),
        ("Your refund went out this morning.", "completed authority action",
         "Your refund went out"),
        ("The overdraft fee got reversed last night.", "completed authority action",
         "The overdraft fee got reversed"),
    ],
)  # fmt: skip
def test_money_moving_in_the_present_is_a_promise(text: str, rule: str, found: str) -> None:
    assert promises(text) == [(rule, found)]


@pytest.mark.parametrize(
    "text",
    [
        "Refunds go out within 5 working days.",
        "Your parcel goes out on Monday.",
        "The newsletter goes out tonight.",
        "If the charge gets reversed, you'll see it on the statement.",
        "Does the fee get refunded?",
        "Your order gets shipped tomorrow.",
        "Your parcel is coming back to us.",
        "The engineer is coming back tomorrow.",
        "Customers get refunded within a week.",
        "How do I get refunded?",
        "Your refund request goes through the billing team.",
    ],
)
def test_other_things_moving_are_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "def", "defo": chat's intensifiers ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("you'll def get your money back", "you'll def get your money back"),
        ("we'll deffo refund the postage", "we'll deffo refund the postage"),
        ("it'll defo arrive tomorrow", "it'll defo arrive"),
    ],
)
def test_chat_intensifiers_commit(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "def refund(order): return order.total",
        "You'll def need the receipt for the claim.",
        "I def can't promise a refund.",
    ],
)
def test_chat_intensifiers_without_a_commitment_are_no_promise(text: str) -> None:
    assert promises(text) == []


# --- the customer's money returned, given back, paid out --------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've returned your holding deposit in full.", "I've returned your holding deposit"),
        ("We'll return the $85 to your card tonight.", "We'll return the $85"),
        ("we will give you back the whole deposit", "we will give you back the whole deposit"),
        ("I've paid out £640 to you for the damaged sofa.", "I've paid out £640"),
        ("We returned the overpaid excess to your account.", "We returned the overpaid excess"),
    ],
)  # fmt: skip
def test_the_customers_money_returned_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We returned your payment to your bank because the details were wrong.",
        "I'll return the deposit form to you by post.",
        "I've returned the parcel to the sender.",
        "We'll return your call tomorrow.",
        "I'll give you back your documents at the viewing.",
        "We pay out claims within 10 days.",
        "If the inspection passes, we'll return your deposit in full.",
        "I returned the $40 cable to the warehouse.",
    ],
)
def test_other_things_returned_are_no_promise(text: str) -> None:
    assert promises(text) == []


# --- refusals: carrying a request out ("actioning", "fulfilling", "executing") ---------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We won't be actioning the address change.", "We won't be actioning"),
        ("I'm not going to fulfil that order for you.", "I'm not going to fulfil"),
        ("We won't be executing that trade on your behalf.", "We won't be executing"),
        ("We won't be honouring the expired voucher.", "We won't be honouring"),
    ],
)
def test_not_carrying_a_request_out_is_a_refusal(text: str, found: str) -> None:
    assert refusals(text) == [("cannot or will not", found)]


# --- advice on how, a question named by "whether": still declined ---------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't give legal guidance on how to word the notice.", "I can't give"),
        ("We can't offer investment advice on when to sell.", "We can't offer"),
        ("Whether you should appeal is a legal question I can't advise on.", "I can't advise"),
        ("Whether to take the settlement is a decision I can't help you make.", "I can't help"),
    ],
)
def test_advice_declined_on_how_or_whether_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I can't give you an exact date for the payout.",
        "I can't tell you how long the review will take.",
        "Whether or not I can help depends on the account.",
        "Whether the refund arrives today I can't say.",
        "I can't confirm the repair date yet; the contractor hasn't replied.",
        "We cannot confirm your new limit yet.",
    ],
)
def test_hedges_and_open_questions_are_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- a charge lowered: rent reduced, a bill zeroed, a price dropped or cut ----------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your rent for March has been reduced to $950.", "Your rent for March has been reduced"),
        ("I've lowered your rent by £40 a month.", "I've lowered your rent"),
        ("We'll knock a month's rent off your next invoice.", "We'll knock a month's rent off"),
        ("Your outstanding balance has been zeroed.", "Your outstanding balance has been zeroed"),
        ("I've zeroed the final bill.", "I've zeroed the final bill"),
        ("I'll drop your tariff to £18 a month.", "I'll drop your tariff"),
        ("We've cut your premium by 10%.", "We've cut your premium"),
        ("We will write off the remaining $480.", "We will write off"),
    ],
)  # fmt: skip
def test_a_charge_lowered_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Your rent is due on the 1st.",
        "I've received your rent for May.",
        "Your rent will go up by 3% in April.",
        "I've cut the cable to the old router.",
        "We'll cut your service off if the bill stays unpaid.",
        "The price will drop on Friday.",
        "I'll drop the parcel at the depot.",
        "We'll write off the old router as e-waste.",
        "The score was zeroed after the reset.",
        "Rents are reduced in winter.",
    ],
)
def test_other_things_lowered_are_no_promise(text: str) -> None:
    assert promises(text) == []


def test_a_refund_read_by_another_rule_is_not_read_again() -> None:
    text = "I'll make sure your refund goes out tonight."
    assert promises(text) == [("authority commitment", "I'll make sure your refund")]


# --- "you'll be moved ... at no extra cost": an act done to the customer, granted ----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You'll be switched to fibre at no extra charge.",
         "You'll be switched to fibre at no extra charge"),
        ("You will be given a larger flat as a one-off exception.",
         "You will be given a larger flat as a one-off exception"),
        ("you'll be moved up a tier free of charge", "you'll be moved up a tier free of charge"),
    ],
)  # fmt: skip
def test_an_act_done_to_the_customer_granted_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "You'll be able to cancel at no extra cost.",
        "If you upgrade, you'll be moved to the new plan at no extra cost.",
        "You'll be billed at no extra charge.",
        "You'll be contacted by the courier at no cost to you.",
        "You can be moved at no extra cost.",
        "Will you be moved at no extra cost?",
    ],
)
def test_an_act_done_to_the_customer_not_granted_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "sign off on" an exception or a refund: approving it ----------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've signed off on the exception for your late claim.",
         "I've signed off on the exception"),
        ("We'll sign off on your refund today.", "We'll sign off on your refund"),
        ("I'm signing off on the exception now.", "I'm signing off on the exception"),
    ],
)  # fmt: skip
def test_signing_off_on_what_needs_authority_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I'll sign off now, have a great day!",
        "I've signed you up for the refund alerts.",
        "Once the adjuster signs off on the refund, we'll let you know.",
        "A supervisor needs to sign off on the exception.",
        "I signed off on the refund policy update.",
        "Please sign off on the refund form and send it back.",
    ],
)
def test_signing_off_otherwise_is_no_promise(text: str) -> None:
    assert promises(text) == []
