"""Refusal classes found by dev round 237 (a house's own people decline, with a reason).

Round 237 passed on what the business's own people decided: "our service team has decided
they will not ...", "our branch manager said she will not ...". The pronoun stands for a
house of our own that said or decided it, so the reported words are the business's own
refusal, not a quotation; a third party's ("the courier said they will not ...") stays
reported. A "will not" with any verb declines when a comma and a reason follow ("since",
"because", "as") or a case conceded ("even if"), unless the verb spares the customer ("we
won't charge you, as it was our error").

Its second pass (rounds 237 and 235) read our own team's decline told with a verb of its own:
a unit of ours that "knocked back" or "said no to" what was asked (also after "and", past
what it looked at), that does not share another's details ("our trust & safety team"), and
"They declined it" opening the sentence after the agent asked a unit of ours; a request told
with "they" in the sentence after the agent passed it to a unit of ours; "we shall not be
proceeding with it"; an action log's "Request to ...: refused" on a long line and "request
denied under billing policy"; "not mine to pass along". Its false alarm: a trade of someone
else's that refused its own part ("the courier company has refused to deliver"). Each class
is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our branch manager said she will not sign the form, because the dates are wrong.", True),
        (
            "Our repair team decided they will not fix the old kettle, since it is 12 years old.",
            True,
        ),
        (
            "Our events staff confirmed they will not admit a toddler, even if a parent comes too.",
            True,
        ),
        (
            "The courier said they will not deliver on Sunday, as their depot is closed.",
            False,
        ),
        ("My neighbour said she will not sign the form, because she is away.", False),
    ],
)
def test_our_house_said_it_will_not(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will not be refunding the deposit, since the booking was changed twice.", True),
        ("We will not be topping up the voucher, as it was issued under the old scheme.", True),
        ("We won't charge you, as it was our mistake.", False),
        ("We won't be billing you for the call, since it dropped.", False),
        ("We won't pay the deposit into that account, as it's shut; it goes to your card.", False),
        ("We will not be topping up the voucher until the return arrives.", False),
    ],
)
def test_will_not_with_a_reason(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our branch manager has knocked back the swap, since the coat was on clearance.", True),
        ("Our warranty desk checked the kettle you posted and said no to a repair.", True),
        ("The boxer knocked back a drink after the fight.", False),
        ("Your landlord looked at the flat you rented and said no to a pet.", False),
    ],
)
def test_our_unit_declines_with_a_verb_of_its_own(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our fraud & risk team do not share the home address of another seller.", True),
        ("Our sales and support team does not accept returns of opened software.", True),
        ("We thanked our members and the hall was not booked.", False),
    ],
)
def test_our_unit_named_in_two_parts(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "I spoke with our admin team about the seat swap. They declined it, as seats are"
            " fixed.",
            True,
        ),
        (
            "I forwarded your note to our rewards team. They will not be adding the miles, since"
            " the flight was cancelled.",
            True,
        ),
        ("I spoke with your bank about the charge. They declined it.", False),
        ("Our admin team is new. They declined it.", False),
    ],
)
def test_they_after_a_unit_of_ours_was_asked(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sharing her file would break our rules, so we shall not be proceeding with it.", True),
        ("We won't be proceeding with your request to merge the two accounts.", True),
        ("As you requested, we won't be proceeding with the order.", False),
        ("The bank will not be proceeding with it.", False),
    ],
)
def test_not_proceeding_with_it(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Request to see the delivery notes of another customer of the depot on Leeds Road:"
            " refused, as they are private.",
            True,
        ),
        ("Wants the plan moved back to March; request denied under billing policy.", True),
        (
            "Request to resend the card payment of the last invoice on the old account: declined.",
            False,
        ),
        (
            "Request to see the delivery notes of the depot on Leeds Road from last week:"
            " approved.",
            False,
        ),
    ],
)
def test_a_request_line_and_its_verdict(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("His phone number is not mine to share, I'm afraid.", True),
        ("Those records are not mine to hand over.", True),
        ("That choice is not mine to decide.", False),
        ("This one is mine to fix.", False),
    ],
)
def test_not_mine_to_pass_on(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "The courier company has refused to deliver to a locker, as it takes doorsteps only.",
            False,
        ),
        ("The airline has refused to carry the scooter battery.", False),
        ("Our courier team has refused to collect it, since the label is missing.", True),
        ("The returns team has refused to take it back, as the tags were cut.", True),
    ],
)
def test_a_trade_of_someone_elses_refuses_its_part(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    "text",
    [
        "We will not be charging you the fee, since it was our mistake.",
        "I spoke to our billing team. They will not be charging you, since it was our error.",
        "We will not be stopping your service, as the payment came through.",
    ],
)
def test_a_verb_that_spares_the_customer_in_any_form_is_no_decline(text: str) -> None:
    # "will not" and a verb of sparing, in the progressive too ("charging" is "charge")
    assert not find_refusals(text).findings
