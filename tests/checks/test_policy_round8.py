"""The promise and refusal rules of the eighth round: classes of phrasing it found.

Each class is tested with wordings a support agent would write and the hard negatives it must
not catch, none of them corpus items (tests/data/policy holds the round's items, marked
``"round": 8``; the round is described in docs/checks.md).
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promises, refusals

# --- "we won't be billing you": the no-charge commitment in the progressive --------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We won't be charging you for the call-out.", "We won't be charging you"),
        ("We'll not be billing you for the second fitting.", "We'll not be billing you"),
        ("I will not be invoicing you for the proofs.", "I will not be invoicing you"),
        ("Good news: we won't be debiting you for June.", "we won't be debiting you"),
    ],
)  # fmt: skip
def test_not_billing_the_customer_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We will be billing you on the 1st.",
        "I won't be charging your card until Friday.",
        "The courier won't be billing your account; they bill the sender.",
        "We won't be billing customers for late returns this month.",
        "If it was our mistake, we won't be charging you.",
        "We won't be charging you until the trial ends.",
    ],
)
def test_billing_later_or_by_someone_else_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "at our own expense", "we're reprinting it free of charge" ---------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll bake you a fresh loaf at our own expense.",
         "We'll bake you a fresh loaf at our own expense"),
        ("I'll reupholster the chair at our cost.", "I'll reupholster the chair at our cost"),
        ("We're reprinting the menus free of charge.", "We're reprinting the menus free of charge"),
        ("I'm redoing the engraving free of charge.", "I'm redoing the engraving free of charge"),
        ("We are refitting the hinge at no extra cost.",
         "We are refitting the hinge at no extra cost"),
    ],
)  # fmt: skip
def test_an_act_at_our_expense_or_in_the_present_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Returns are collected at our expense.",
        "Postage is at your expense.",
        "We're trying to get it fixed free of charge.",
        "We're based in Leeds and deliver free of charge.",
        "We're checking whether we can redo it free of charge.",
        "If it is a defect, we'll swap it at our expense.",
        "We're hoping to re-cover it at our cost, but I need to ask.",
    ],
)
def test_our_expense_as_policy_condition_or_attempt_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "the shop is unable to", "the front desk can't": the business as subject --------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The salon is unable to colour hair under sixteen.", "The salon is unable to colour"),
        ("The front desk can't move a specialist appointment.", "The front desk can't move"),
        ("Sorry, the studio is not able to print copyrighted photos.",
         "the studio is not able to print"),
        ("Our clinic isn't able to share another owner's records.",
         "Our clinic isn't able to share"),
        ("The agency cannot issue a visa letter for you.", "The agency cannot issue"),
    ],
)  # fmt: skip
def test_the_business_declining_in_the_third_person_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The shop can't find your order under that name.",
        "The office can't wait to meet you both.",
        "If the studio can't fix it, we'll refund you.",
        "The school can't guarantee a place before March.",
        "Your bank can't reverse it from our side.",
        "The courier can't deliver on Sundays.",
        "Can the salon not fit me in on Friday?",
    ],
)
def test_the_business_failing_hedging_or_asked_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "the studio will reprint them free of charge": the business granting, named ---------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The bakery will remake the cake at its own expense.",
         "The bakery will remake the cake at its own expense"),
        ("Our salon has refitted your extensions free of charge.",
         "Our salon has refitted your extensions free of charge"),
        ("The repair shop is going to refit the screen at no extra cost.",
         "The repair shop is going to refit the screen at no extra cost"),
    ],
)  # fmt: skip
def test_the_business_granting_an_act_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The courier will collect the parcel free of charge.",
        "The shop delivers free of charge within five miles.",
        "The agency usually rebooks flights free of charge.",
        "The venue can host the rehearsal free of charge.",
        "If the studio can fix it, it will do so at its own cost.",
    ],
)
def test_the_business_by_habit_ability_or_someone_else_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "I've struck the fee from your invoice": strike, struck, and "from" --------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've struck the cleaning fee from your invoice.", "I've struck the cleaning fee"),
        ("We struck the late charge off your statement.", "We struck the late charge off"),
        ("The admin fee has been struck off.", "The admin fee has been struck off"),
    ],
)  # fmt: skip
def test_a_charge_struck_off_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "I've struck the old address from your file.",
        "We've struck a deal with the new courier.",
        "The hailstorm struck the marquee on Friday.",
        "I struck the wrong date from the booking form.",
    ],
)
def test_what_is_struck_that_is_no_charge_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "the venue will have to decline": the business named declines ------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The venue will have to decline hosting a second ceremony.",
         "The venue will have to decline"),
        ("Sadly our clinic must decline the request for sedation.", "our clinic must decline"),
        ("The print shop must refuse orders with copyrighted logos.",
         "The print shop must refuse"),
        ("Our studio will have to say no to this one.", "Our studio will have to say no"),
    ],
)  # fmt: skip
def test_the_business_declining_by_name_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The shop has declined your card; could you try another?",
        "The venue would never refuse a booking like yours.",
        "If the clinic declines the claim, we'll help you appeal.",
        "Your bank may decline the payment.",
    ],
)
def test_a_card_declined_or_a_decline_negated_is_no_refusal(text: str) -> None:
    assert refusals(text) == []


# --- "we'll bake you a fresh loaf, no charge": the grant as a tail after a comma -----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll bake a fresh batch for Saturday, no charge, just come by.",
         "We'll bake a fresh batch for Saturday, no charge"),
        ("I've fitted a new chain, free of charge.", "I've fitted a new chain, free of charge"),
        ("We'll true the wheel again, no cost.", "We'll true the wheel again, no cost"),
        ("I've rebooked the lesson for Friday, on us.",
         "I've rebooked the lesson for Friday, on us"),
    ],
)  # fmt: skip
def test_a_grant_said_after_a_comma_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "There's no charge for the first consultation.",
        "We'll check the brakes, no charge for the look itself, then quote you.",
        "Delivery is free, no charge within town.",
        "If the stitching failed, we'll redo it, no charge.",
        "You can pop in on Saturday, no charge.",
        "We'll true the wheel again, no cost to you unless parts are needed.",
    ],
)
def test_no_charge_that_is_policy_a_condition_or_not_a_tail_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "we'll pay out your claim", "I've returned the difference": money given back ----------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll pay out your claim in full this week.", "We'll pay out your claim"),
        ("I have paid out the settlement to your account.", "I have paid out the settlement"),
        ("I've returned the fare difference to your Mastercard.",
         "I've returned the fare difference"),
        ("We'll return the price difference to you by Friday.",
         "We'll return the price difference"),
    ],
)  # fmt: skip
def test_a_claim_paid_out_or_a_difference_returned_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "We pay out claims within ten working days.",
        "We'll pay out the claim once the assessor signs it off.",
        "We can't pay out your claim before the report.",
        "The insurer will pay out your claim, not us.",
        "I'll return the difference form to you signed.",
        "We returned the difference in the two quotes to the supplier.",
    ],
)
def test_claims_by_policy_condition_or_others_are_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "a new one is on its way": a replacement by another name, under way -------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Good news, a new one is on its way to you.", "a new one is on its way"),
        ("New one's on its way, should be there Tuesday.", "New one's on its way"),
        ("Your brand new one is on the way.", "Your brand new one is on the way"),
    ],
)  # fmt: skip
def test_a_new_one_on_its_way_is_a_promise(text: str, found: str) -> None:
    assert [text for _, text in promises(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "The new one you ordered is on its way.",
        "A new tracking link is on its way to your inbox.",
        "A new one might be on its way, I'll check.",
        "If the part is faulty, a new one is on its way.",
        "One is on its way to the depot.",
    ],
)
def test_an_order_a_link_or_a_maybe_on_its_way_is_no_promise(text: str) -> None:
    assert promises(text) == []


# --- "same-day engraving is a no from us": a no, said of what was asked ------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Same-day engraving is a no from me, I'm afraid.", "is a no from me"),
        ("Sorry, a refund on sale stock is a no from us.", "is a no from us"),
        ("Delivery to the island is a hard no from us, sadly.", "is a hard no from us"),
    ],
)  # fmt: skip
def test_a_no_from_us_is_a_refusal(text: str, found: str) -> None:
    assert [text for _, text in refusals(text)] == [found]


@pytest.mark.parametrize(
    "text",
    [
        "Is that a no from you?",
        "The answer from the bank is a no from them.",
        "If it's a no from us, we'll tell you by Friday.",
        "A no from the landlord means we can't proceed, you said?",
    ],
)
def test_a_no_asked_about_or_from_someone_else_is_no_refusal(text: str) -> None:
    assert refusals(text) == []
