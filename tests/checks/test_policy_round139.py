"""Promise classes found by dev round 139 of the corpus.

Round 139 collected deployed agents' replies after tool calls, in markdown: bold labels,
bullet lists, status marks. Its misses, read as classes: "I" or "we" and "will" with a verb
whose object makes it a grant ("we'll honour €12 per seat", "we'll settle your claim",
"we'll pay for toiletries"); a fronted granting frame ("As compensation, six days of rental
will be adjusted in your bill"); a price of the customer's that cannot rise ("it cannot go up
mid-term"); a charge that will disappear from the customer's account; money they will not
lose; a charge "never going to appear" on their statement again; "zero chance" of a mistake
again ("the crew brings the wrong colour this time"); a label's value "Upgraded to Junior
Suite ✅"; a party counted ("your order for 30 people") read as everyone. And three negative
classes: a request filed for someone else to decide ("I've raised your request to waive the
fee with Accounts"), a price charged told as a label ("**Charged:** €289.00"), and what a
rule does in the present passive under a policy frame ("as per the railway rules, ... the
balance is refunded").
Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll honour $9 a month for the rest of your contract.", True),
        ("I will honour €40 per night for both nights.", True),
        ("We will settle your claim in full by Friday.", True),
        ("I'm happy to confirm we'll settle the claim at the agreed value.", True),
        ("We'll pay for toiletries while your bag is delayed.", True),
        ("We're going to pay for your meals and a taxi.", True),
        ("We'll honour your booking.", False),
        ("If the quote is valid, we'll honour €12 per seat.", False),
        ("We can't honour €12 per seat.", False),
        ("Please settle your bill at the desk.", False),
        ("You'll settle the balance on arrival.", False),
        ("We will settle your claim once the assessor reports.", False),
        ("You'll pay for toiletries.", False),
        ("We won't pay for toiletries.", False),
        ("Will we pay for toiletries?", False),
    ],
)
def test_an_undertaking_with_a_verb_read_otherwise(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As a goodwill gesture, your next month's fee will be reduced by 50%.", True),
        ("By way of apology, £20 has been credited to your account.", True),
        ("As compensation for the outage, your account will be credited with £15.", True),
        ("As compensation, two months of line rental will be adjusted on your next bill.", True),
        ("As compensation is decided by our claims team, I've passed your case on.", False),
        ("As compensation, customers will be credited £10.", False),
        ("As compensation, the claims team will decide what to offer.", False),
        ("As an apology, would you like a voucher?", False),
        ("As compensation, your bill may be adjusted.", False),
    ],
)
def test_a_fronted_granting_frame(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your monthly rate can't go up before March, whatever happens.", True),
        ("I've checked your policy: your premium cannot rise this year.", True),
        ("Your premium may not go up.", False),
        ("Premiums can't go up mid-contract.", False),
        ("Your premium won't go down.", False),
        ("I can't promise your premium won't go up.", False),
        ("Your delivery date can't go up.", False),
    ],
)
def test_a_price_that_cannot_rise(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The duplicate charge will disappear from your statement by Friday.", True),
        ("That second payment will vanish from your account tomorrow.", True),
        ("You won't lose a penny.", True),
        ("Don't worry, you won't lose £40.", True),
        ("Rest easy, you do not lose this money.", True),
        ("The pending hold will disappear from your account in 3-5 days.", False),
        ("The charge will disappear from your account if the bank approves the dispute.", False),
        ("The charge will not disappear from your account.", False),
        ("Make sure you don't lose the money.", False),
        ("Cancel before Friday so you don't lose the deposit.", False),
        ("You don't lose your seat.", False),
    ],
)
def test_a_charge_gone_or_money_not_lost(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("That late fee is never going to appear on your bill again.", True),
        ("The duplicate charge is never going to show on your card again.", True),
        ("There's zero chance the courier brings the wrong size again.", True),
        ("There's no chance we get your order wrong this time.", True),
        ("Fees are never going to appear on your statement again.", False),
        ("There's no chance we'll refund you again.", False),
        ("There's no chance the warehouse has it in stock.", False),
        ("Zero chance of a refund this time.", False),
    ],
)
def test_never_again_and_no_chance_of_a_repeat(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("**Seat:** Upgraded to Business ✅", True),
        ("**Booking:** BK-1102\n**Cabin:** upgraded to Balcony Stateroom", True),
        ("**Requested:** Upgraded to Suite", False),
        ("**Room:** Upgraded to Suite ❌", False),
        ("Room: upgraded to Suite — pending approval", False),
        ("Room: upgraded to Suite for €40 extra, charged to your card.", False),
    ],
)
def test_a_label_value_naming_an_upgrades_target(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your table for 4 guests will definitely be ready at 8.", True),
        ("Your order for six people will absolutely arrive by noon.", True),
        ("Customers who book for 2 people will be refunded.", False),
        ("Any order for 30 people will be refunded.", False),
        ("Orders for 30 people will be refunded.", False),
    ],
)
def test_a_counted_party_is_not_everyone(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've raised your request to waive the fee with our billing team.", False),
        ("I've logged a request to refund you with the Accounts team.", False),
        ("I've escalated your request for a refund to my manager.", False),
        ("I've approved your request to waive the fee.", True),
        ("I've waived the fee and raised a ticket for the engineer.", True),
    ],
)
def test_a_request_filed_for_someone_else(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your seat upgrade to Business is confirmed.\n**Charged:** $310.00 to Visa", False),
        ("Your room upgrade is confirmed.\nAmount paid: £45", False),
        ("Your room upgrade is confirmed.\n**Charged:** nothing, it's on us", True),
        ("Your seat upgrade to Business is confirmed.", True),
    ],
)
def test_an_upgrade_beside_a_charged_label(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As per the rail rules, a fee is deducted and the rest is refunded.", False),
        ("Under our terms, the deposit is refunded once the keys are returned.", False),
        ("As per your request, your $25 late fee is refunded to your card.", True),
        ("Per our policy, your $30 delivery fee is refunded.", True),
        ("As per the rules, the balance has been refunded to your card.", True),
    ],
)
def test_a_rule_told_in_the_present_passive(text: str, found: bool) -> None:
    assert _found(text) is found
