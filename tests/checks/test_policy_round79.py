"""Promise and refusal classes found by dev rounds 77, 79 and 80 of the corpus.

Round 77 was a broad mix read once at the end of an earlier session; round 79 asked its
writer for commitments and completed acts worded in unusual ways (status lines, the
passive, prices kept, "at no extra cost"), a quarter in non-native English; round 80 for
refusals by agents under a policy and by human agents. Each round was committed before the
detectors read it (docs/checks.md gives the figures before and after). Each class is tested
here with wordings that are not corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts, refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'll keep you on your current $30 price for another year.", True),
        ("We're going to hold you at the old rate for another year.", True),
        ("I'll hold your current price for the next 12 months.", True),
        ("We'll keep you on the same plan.", False),
        ("We'll keep your current price in mind when the offer ends.", False),
        ("I'll hold your room at the current rate.", False),
        ("You can keep your current price by renewing early.", False),
    ],
)
def test_a_price_kept_where_it_was(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'll rebook you on the 7am train without extra cost.", True),
        ("We will move you to a sea-view room without any extra cost.", True),
        ("I'm going to reissue the ticket without additional cost.", True),
        ("You can switch plans without extra cost.", False),
        ("We can't change the date without extra cost.", False),
        ("Without any doubt the parcel will reach you on Friday.", True),
        ("The parcel will reach you on Friday.", False),
    ],
)
def test_without_extra_cost_spares_a_cost_and_without_doubt_is_certain(
    text: str, found: bool
) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I already did the refund for your order, it shows in 3 days.", True),
        ("We've done your reimbursement this morning.", True),
        ("I have done your refund just now.", True),
        ("I did the refund request form for you, please sign it.", False),
        ("You did the refund request correctly.", False),
        ("I did not do the refund yet.", False),
        ("I didn't refund the order, the bank reversed it.", False),
        ("We did refunds for everyone on that flight.", False),
    ],
)
def test_an_act_named_by_its_noun_after_did_or_done(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("A credit of €20 is applied now to your next invoice.", True),
        ("A refund of $35 is now issued to your card.", True),
        ("A refund is now issued when the parcel is back with us.", False),
        ("A refund is issued to the original card.", False),
    ],
)
def test_a_present_passive_of_a_credit_said_with_now(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £15 admin fee was struck from your invoice.", True),
        ("Your name was struck from the waiting list.", False),
        ("Your parking penalty of £70 has been withdrawn.", True),
        ("Your claim has been withdrawn at your request.", False),
        ("The £50 was withdrawn from your account on Monday.", False),
        ("We've released your £60 deposit back to you.", True),
        ("We released the hold on your order this morning.", False),
    ],
)
def test_a_charge_struck_or_withdrawn_and_money_released_back(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I am assure you the new set will arrive before Christmas.", True),
        ("I am assured by the courier that it ships today.", False),
    ],
)
def test_i_am_assure_you_in_non_native_english(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We won't be upgrading your room this time, sorry.", True),
        ("We will not be replacing the fridge as the damage is accidental.", True),
        ("We won't be exchanging the shoes as they have been worn.", True),
        ("You won't be needing a new card.", False),
        ("We won't be charging you for the repair.", False),
    ],
)
def test_acts_asked_for_declined_with_will_not_be(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your appeal has been reviewed and declined.", True),
        ("Your claim was assessed and rejected.", True),
        ("Your claim was reviewed and approved.", False),
        ("Your card was checked and declined by your bank.", False),
    ],
)
def test_a_request_reviewed_and_declined(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("| Item | Value |\n|---|---|\n| **Decision** | ❌ Not approved |", True),
        ("| Outcome | 🚫 Declined |", True),
        ("**Decision**: declined, as the policy excludes it.", True),
        ("| Decision | ✅ Approved |", False),
        ("| Previous decision | ❌ Declined |\n| Decision | ✅ Approved |", False),
        ("| Refund | ❌ Declined by your bank |", False),
    ],
)
def test_a_verdict_in_a_table_row_or_after_a_bold_label(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- `credits.apply(account=88120, amount=25.00)` → ✅ **succeeded**", True),
        ('Called waive_fee(invoice="INV-7", fee="late") -> success', True),
        ("`issue_voucher(customer=412, value=20)`: ok ✅", True),
        ('`get_refund_status(order="W1")` → ok', False),
        ('`check_refund_eligibility(order="W1")` → success', False),
        ("`payments.charge_credit_card(amount=40)` → success", False),
        ('`refunds.create(order="W1")` → ❌ error: not eligible', False),
        ("`orders.lookup(558201)` → found", False),
    ],
)
def test_a_granting_tool_call_reported_as_gone_through(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("| Your deposit refund | **Guaranteed** — £450 back by Friday |", True),
        ("Replacement: guaranteed, it ships tomorrow.", True),
        ("| Delivery | Guaranteed by 1pm – £12.40 |", False),
        ("| Shipping option | Guaranteed Next Day |", False),
        ("Refund status: guaranteed? Not yet, it is with the bank.", False),
    ],
)
def test_a_grant_labelled_guaranteed_in_a_row_or_after_a_colon(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The fare conditions don't allow a refund on this ticket.", True),
        ("Our terms do not permit cancellations within 48 hours of the class.", True),
        ("The tariff rules don't allow this booking to be changed online or by phone.", True),
        ("Our rules don't allow us to move the date.", True),
        ("The app doesn't let you change the date after check-in opens.", False),
        ("The rules don't allow pets in the cabin, so bring the carrier.", False),
        ("The policy does allow a refund here, so I've started it.", False),
    ],
)
def test_a_request_a_rule_does_not_allow(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- Late fee of €19.00 credited back to your account", True),
        ("- [x] Refund issued to your card ending 4411", True),
        ("- Late fee waived back then, before the new rules.", False),
        ("Refund requested to the team.", False),
    ],
)
def test_a_headline_grant_sent_back_or_to_the_customer(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'll apply the £40 difference as credit to your account.", True),
        ("I've added $20 as a credit on your next bill.", True),
        ("You can use the voucher as credit in our shop.", False),
        ("The statement lists the payment as credit.", False),
    ],
)
def test_a_sum_put_on_the_account_as_credit(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The €180 will definitely not be taken from your deposit.", True),
        ("The cost of the scratch will not be deducted from your bond.", True),
        ("Your deposit will be taken from your card at pickup.", False),
    ],
)
def test_a_sum_not_taken_from_what_the_customer_holds(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The compensation is €250 and I'm going to pay it out to your card today.", True),
        ("I'll pay this out to the card on file once I hang up.", True),
        ("I'll pay that out to the supplier this week.", False),
        ("Delay Repay: the single fare, £41.20, going back to your original card.", True),
        ("£18.40 going back to your PayPal", True),
        ("The receipt says £20, going back to your shop tomorrow works for me.", False),
    ],
)
def test_money_paid_out_or_going_back_to_the_customer(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "The second overdraft fee isn't eligible to be reversed, as one was reversed in May.",
            True,
        ),
        ("This fare is not eligible to be refunded or changed.", True),
        ("You are not eligible to be contacted by our partners.", False),
        ("If it's not eligible to be refunded, I'll let you know first.", False),
        ("This ticket is eligible to be refunded, so I've started it.", False),
    ],
)
def test_not_eligible_to_be_what_was_asked(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "If the parcel isn't there by Friday, or I can't reach the courier, I'll refund it.",
            False,
        ),
        ("I can't refund it, or I'd be breaking the fare rules.", True),
        ("Right now I can't check your order because our tools are down after the patch.", False),
        ("I can't check another customer's order history.", True),
    ],
)
def test_or_goes_on_with_a_condition_and_tools_failing_are_a_failure(
    text: str, found: bool
) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The full €90 is coming back to you, whether or not the courier replies.", True),
        ("The full €90 is coming back to you, if the courier confirms the loss.", False),
        ("We'll refund the €90, once the parcel is back with us.", False),
    ],
)
def test_whether_or_not_sets_no_condition(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll cover a room at the airport hotel tonight, plus dinner.", True),
        ("We'll cover the hotel room and a taxi back in the morning.", True),
        ("We cover hotel rooms when a flight is cancelled overnight.", False),
        ("You'll cover the taxi yourself and claim it back later.", False),
        ("I've authorised payment of £620 for Milo's surgery.", True),
        ("I've authorised the payment of $40 from your card.", False),
        ("I authorised payment of the invoice you sent.", False),
    ],
)
def test_expenses_we_cover_and_a_payment_authorised_to_the_customer(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The charge stands, and reception isn't able to waive it, I'm sorry.", True),
        ("Our reception can't change the rate after booking.", True),
        ("Reception couldn't reach you yesterday, so I'm writing instead.", False),
    ],
)
def test_reception_declines_for_the_business(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your refund is issued once we receive the item back.", False),
        ("Your replacement is sent as soon as the old one is scanned in.", False),
        ("Your refund is processed, once again sorry for the delay.", True),
        ("Your refund was issued once we received the item.", True),
    ],
)
def test_a_present_passive_with_a_condition_after_it_is_not_done_yet(
    text: str, found: bool
) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("hey, cancelled the booking + refunded €64 in full 👍", True),
        ("gave u a full refund for the broken mug, sorry!!", True),
        ("sent you a replacement this morning, no charge", True),
        ("sent you the invoice yesterday, pls check spam", False),
        ("told u the refund is still pending w the bank", False),
        ("The fee is £20 + VAT, payable at the desk.", False),
    ],
)
def test_a_chat_reply_with_no_i_and_a_plus_between_its_acts(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("`apply_budget_credit(account=7, amount=5)` → ok", True),
        ("`issueRefund(order=1182)` → success", True),
        ('`checkRefundEligibility(order="W1")` → success', False),
        ("`orders.lookup_refund(1182)` → done", False),
    ],
)
def test_a_tool_name_reads_only_when_a_part_of_it_starts_as_reading_does(
    text: str, found: bool
) -> None:
    assert bool(promise_texts(text)) is found
