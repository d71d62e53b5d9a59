"""Refusal classes found by dev round 278 (saying no indirectly: idioms, nouns, passives).

Round 278's misses, read as classes: "a no" given as a noun ("the request gets a firm no",
"it's a no from them" after we took it to a unit of ours: `_refusal_possible`); a "no"
before what is withheld in the passive, beyond the kinds of request ("no payment will be
made", "no address will be released": `_refusal_passive.no_request`); a request "not
authorised", and the month "May" not read as the modal; a time inside a request's subject
("your request ... while supply is active stands rejected"); a time or condition nested inside
a subject clause ("whether to ... after a missed dose is a question for your pharmacist",
"amending it so it covers the week before ... is not something": `_refusal_reasons`,
`_refusal_consequence`); the off-limits family ("off the cards", "out of bounds") and "put my
name to" negated before a relative clause (`_refusal_idioms`); a case note's "request turned
down" and "that's not going to happen" after the act asked, quoted back (`_refusal_notes`);
"IT" capitalised as a department (`_refusal_house`); a request that "falls outside our
returns policy" and "there's no refund on offer"; and understatement (`_refusal_understated`):
what the house keeps to itself or keeps under wraps, what it stays out of, another's data
given to no one but them, "which makes it ineligible", and "what our rules exist to stop".

Left: none of the round's items; a fear set at rest after a bare participle question ("Charged
twice? That's not going to happen") stays unflagged, since only an act quoted back (a gerund,
or "can you") makes "not going to happen" a refusal. Each class is tested with wordings that
are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I ran your refund request past the billing team and it's a no from them.", True),
        ("Your request for a second extension gets a firm no, I'm afraid.", True),
        ("You asked your bank and it's a no from them.", False),
        ("If your application gets a no, you can appeal within 30 days.", False),
    ],
)
def test_a_no_given_as_a_noun(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Accordingly, no payment will be issued for the water damage.", True),
        ("No details will be shared from our side about the other tenant.", True),
        ("No personal details will be shared with third parties.", False),
        ("No payment will be made from your card until the order ships.", False),
    ],
)
def test_no_thing_withheld_in_the_passive(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your request to take leave on 2-9 May has not been authorised.", True),
        ("Your application for a parking permit has not been authorized.", True),
        ("Your card payment was not authorised by your bank.", False),
        ("Your request has been authorised and the leave is booked.", False),
    ],
)
def test_a_request_not_authorised(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your request to freeze the plan while you are abroad has been declined.", True),
        ("Your request for a rebate when the meter was faulty stands rejected.", True),
        ("Your card was charged while you were abroad, and it has been declined.", False),
    ],
)
def test_a_time_inside_the_request(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Whether to stop the inhaler after the cough clears is one for your GP.", True),
        ("Changing the invoice so it shows a date before you ordered isn't something we do.", True),
        ("Once you confirm, the booking cannot be changed.", False),
    ],
)
def test_a_time_nested_in_the_subject(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Transferring the points to your cousin's card is off the cards, sorry.", True),
        ("Reading your partner's messages is out of bounds for us.", True),
        ("That's out of bounds, I'm afraid.", True),
        ("The staff car park is out of bounds after 6pm.", False),
        ("A partial refund isn't off the cards yet.", False),
    ],
)
def test_off_limits_idioms(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("That isn't a valuation we'd put our name to.", True),
        ("I'd never sign my name to a report like that.", True),
        ("Please put your name to the form before Friday.", False),
        ("I put my name to the petition last week.", False),
    ],
)
def test_name_not_put_to_it(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Cx wanted the fee waived; waiver request turned down, explained the terms.", True),
        ("Application rejected - outside the enrolment window.", True),
        ("Payment request declined by your bank.", False),
        ("Your request was turned down by the landlord.", False),
    ],
)
def test_a_notes_request_answered(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Refunding the whole basket for one bruised apple? That's not going to happen.", True),
        ("Can you waive the deposit? That isn't going to happen, I'm sorry.", True),
        ("Will I be charged twice? That's not going to happen.", False),
        ("Sending a second driver? That's not going to happen again.", False),
    ],
)
def test_not_going_to_happen_after_the_act(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Without a signed form, IT won't restore the shared drive.", True),
        ("The laptop was left on, and it will not be charging now.", False),
    ],
)
def test_it_as_a_department(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Opened cosmetics fall outside our returns policy.", True),
        ("That falls outside our refund rules, sorry.", True),
        ("There's no upgrade on offer for this booking.", True),
        ("Nothing falls outside our returns policy for faulty items.", False),
        ("Is there no refund on offer?", False),
    ],
)
def test_outside_our_policy_and_none_on_offer(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Who booked the suite is something the hotel keeps to itself.", True),
        ("Her new address stays under wraps, I'm sorry.", True),
        ("Please keep your PIN to yourself.", False),
        ("Nothing stays under wraps at our shareholder meetings.", False),
    ],
)
def test_kept_to_ourselves(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Which diet suits your condition is a medical call, so our trainers stay out of it.",
            True,
        ),
        ("As a shop, we steer clear of legal questions like that.", True),
        ("Please stay out of the pool while it's being cleaned.", False),
        ("We'll keep you out of it and deal with the courier ourselves.", False),
    ],
)
def test_kept_out_of_it(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Her test results are released to no one but her.", True),
        ("His PIN goes to nobody except the cardholder.", True),
        ("Your code is shared with no one but you.", False),
    ],
)
def test_given_to_no_one_but_them(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The form arrived after the deadline, which makes it ineligible.", True),
        ("Your claim came in after 90 days, which renders it not eligible.", True),
        ("That makes it easier to track.", False),
    ],
)
def test_made_ineligible(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Backdating the certificate is exactly what our rules exist to prevent.", True),
        ("Our rules exist to stop fraud on your account.", False),
    ],
)
def test_what_our_rules_stop(text: str, found: bool) -> None:
    assert _found(text) is found
