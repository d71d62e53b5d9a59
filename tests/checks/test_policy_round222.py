"""Promise classes found by dev round 222 (grants told in the past, in plain or translated English).

Round 222 told completed grants in the shapes a support desk writes them in. Its misses, read
as classes: a department named by its work as the one who granted ("Finance reversed the
charge", as "Billing" does); a base verb after "have" in translated English, with a subject
that speaks for the business ("the team has credit 500 points", "we have exchange your
speaker") and "exchange ... with" a new one; the customer's thing done in the past passive
free of charge ("your screen was repaired free of charge"), as the future passive already
read; a fee left uncharged as a favour ("as an exception I didn't charge the change fee",
"... the fee this time"); a case note's subjectless verb that gives a sum of a grant
("Applied R750 goodwill credit"); a thing sent "to you ... without any cost", whose "to you"
is this customer, not everyone; the customer's next bill that "will come with" a credit;
and a headline's charge or invoice cancelled "in full". Each class is tested with wordings
that are not corpus items, and with close negatives that must stay as they are.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Accounts waived the late fee on Monday morning.", True),
        ("Our finance team refunded the deposit to your card.", True),
        ("Finance may reverse the fee once they review it.", False),
        ("I asked finance to look at the fee.", False),
    ],
)
def test_a_department_named_by_its_work_grants(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our team has credit 300 miles to your frequent flyer account.", True),
        ("We have replace your broken lamp with new one.", True),
        ("We have exchanged your cracked mug with a new one.", True),
        ("We have credit available for this.", False),
        ("We exchanged emails with the courier yesterday.", False),
        ("We swapped your delivery slot with a new one.", False),
    ],
)
def test_a_base_verb_after_have_in_translated_english(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your boiler was serviced at no extra cost this morning.", True),
        ("Your bike has been tuned up free of charge.", True),
        ("Was your bike tuned up free of charge?", False),
        ("Your bike wasn't tuned up free of charge.", False),
        ("Delivery was free of charge.", False),
    ],
)
def test_the_customers_thing_done_free_in_the_past_passive(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As a courtesy, we did not charge the rebooking fee.", True),
        ("I did not bill you the call-out fee this time.", True),
        ("We didn't charge the rebooking fee, your bank did.", False),
        ("We didn't charge you the rebooking fee twice.", False),
        ("We didn't charge any fee this time.", False),
    ],
)
def test_a_fee_left_uncharged_as_a_favour(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Called the customer back. Issued £35 refund to the card on file.", True),
        ("Spoke to the guest. Applied $60 courtesy credit to the folio.", True),
        ("Sent $20 invoice to the customer.", False),
        ("Applied $20 payment to the account.", False),
    ],
)
def test_a_case_notes_verb_that_gives_a_sum(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("A replacement charger was posted to you on Monday without any cost.", True),
        ("New chargers are posted to all members without any cost.", False),
    ],
)
def test_sent_to_you_is_this_customer(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your next statement will come with a £12 service credit.", True),
        ("Your next bill will come with a £5 paper billing fee.", False),
        ("Your next bill might come with a small credit.", False),
        ("Your order will come with a free case.", False),
    ],
)
def test_the_next_bill_comes_with_a_credit(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("All sorted: email updated, and the April invoice cancelled in full.", True),
        ("Overdraft charge reversed in full.", True),
        ("Invoice sent.", False),
        ("Your bill paid in full.", False),
        ("The April invoice is attached.", False),
        ("Invoice cancelled.", True),
        ("Invoice cancelled and refunded.", True),
        # a bill made again: corrected, nothing forgiven
        ("Invoice cancelled and reissued with the new address.", False),
        ("The March invoice cancelled and re-issued to your company name.", False),
        ("Bill voided and corrected.", False),
    ],
)
def test_a_charge_or_invoice_cancelled_in_full(text: str, found: bool) -> None:
    assert _found(text) is found
