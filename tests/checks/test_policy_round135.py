"""Promise classes found by dev round 135 of the corpus.

Round 135 collected short chat and text replies from small businesses: shorthand, emoji,
subjects left out and non-native slips. Its misses, read as classes: a giving or taking verb
that opens a chat reply with its "I" left out ("Sorted ur refund", "Approved ur return",
"took the delivery fee off", "Gave ya a full refund"); a certainty tag, "100%" or "100
percent" closing a clause or between "is" and a state, "a definite yes", ", it's guarantee";
a grant in the present simple ("I give you ... free", "we send you ... for free"); "we put a
voucher in your wallet"; "you don't need (to) pay the shipping"; a participle written as its
base ("your money is return to card"); a headline of the customer's money ("deposit refunded
in full"); the chat's "ur getting" for "you're getting"; and "your first month is free".
Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorted your refund, £12 back on the card.", True),
        ("Approved the return, label to follow.", True),
        ("Knocked the booking fee off ur order 👍", True),
        ("Cancelled the late fee from Monday.", True),
        ("Gave ya a £10 credit for the wait.", True),
        ("Passed ur refund request to billing.", False),
        ("Sorted ur booking for Friday.", False),
        ("Sent ur refund request to the owner.", False),
        ("Cancelled ur booking as asked.", False),
        ("Took the payment for the extra night.", False),
        ("Gave ya the details for the refunds team.", False),
    ],
)
def test_a_chat_verb_with_its_i_left_out(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The engineer is 100% coming tomorrow.", True),
        ("Your seat is 100% confirmed for the 9am.", True),
        ("You won't be charged twice, 100%.", True),
        ("The parcel gets there by Friday, 100 percent.", True),
        ("It's a definite yes on the Friday slot.", True),
        ("You won't be charged for it again, it's guarantee.", True),
        ("I'm not 100% sure it will arrive tomorrow.", False),
        ("The shirt is 100% cotton.", False),
        ("We refund 100% of the fare if you cancel 24h ahead.", False),
        ("I'm 100% sure it was our mistake.", False),
        ("Are you 100% sure the address is right?", False),
        ("You won't get a refund for this one, 100%.", False),
        ("It's not a definite yes yet.", False),
        ("Is it guarantee?", False),
    ],
)
def test_a_certainty_tag(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I give you the charger free with the phone.", True),
        ("We send you a new strap for free, it comes Monday.", True),
        ("We put a £5 voucher in your wallet as sorry.", True),
        ("Put a £10 credit on your account.", True),
        ("We send you a free sample with every order.", False),
        ("We send you a reminder before your free trial ends.", False),
        ("I give you the invoice tomorrow.", False),
        ("We put your refund request in the queue for the manager.", False),
        ("We put a note on your account.", False),
    ],
)
def test_a_grant_in_the_present_simple(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You don't need to pay the delivery fee.", True),
        ("you dont need pay the postage for the return", True),
        ("No need to pay for the shipping this time.", True),
        ("You don't need to pay now, we bill at the end of the month.", False),
        ("No need to pay online, you can pay at the counter.", False),
        ("You don't need to bring the receipt.", False),
    ],
)
def test_no_need_to_pay(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your deposit is return to your card.", True),
        ("Your refund is credit to your account.", True),
        ("The late fee is waive now.", True),
        ("Our policy is return to card within 5 days.", False),
        ("Your order is send tomorrow.", False),
        ("Your booking is cancel.", False),
        ("The delivery was return to the depot.", False),
        ("Your size exchange was return.", False),
        ("Your delivery fee was return to card.", True),
    ],
)
def test_a_participle_written_as_its_base(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Hi Sam – fare refunded in full.", True),
        ("Ticket refunded ✅", True),
        ("Deposits refunded within 5 days of checkout.", False),
        ("Refunded items show in grey on the list.", False),
    ],
)
def test_a_headline_of_the_customers_money(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("ok ur getting a £10 credit for the wait", True),
        ("So ur getting 500 points as an apology.", True),
        ("ur getting the new password by email", False),
        ("Your first box is free as a welcome.", True),
        ("Your first month of the plan is free.", True),
        ("Your first month is free for all new members.", False),
        ("Your first month was free, now it's £9.", False),
        ("Is your first month free?", False),
    ],
)
def test_ur_getting_and_a_first_period_free(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found
