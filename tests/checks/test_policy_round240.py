"""Refusal classes found by dev round 240 (declines reported from a unit of ours).

Round 240 passed on a decline from a unit of the business in reported speech. Its misses, read
as classes: a unit named with "the" (not only "our") that "said", "told me" or "got back" with
the decline ("the kitchen said they won't"); a pronoun that stands for a unit of ours asked or
named before it ("I asked my supervisor ..., she said we can not", "our security department
have checked. They say they can not"), itself reporting ("They've said they won't"); "will
not" and any verb in such a relayed decision; a unit of ours that "refuses" in the third
person. Its false alarms: a confirmation put off "till" a day is a hedge. Each class is
tested with wordings that are not corpus items, and with close negatives: someone else's
decline (a bank, a council, a front desk), a relayed yes, a verb that spares the customer.

A second pass read four more classes: a pronoun for a unit of ours asked earlier in a long
sentence that "said no" or "said absolutely not"; a charge that "stands" or a contract that
"will remain in place", passed on from a unit of ours that said or decided it; and two false
alarms, a "will not" led on by "so" from the customer's own choice ("you've declined the
warranty, so it won't be added": a consequence), and "I can't say which way it will go", a
forecast hedge whose "which" the grammar opens as a clause of its own.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Hi Jo, the returns team said they will not collect the fridge from a third floor.", True),
        ("Hi Jo, the warehouse crew told me they won't lift the piano up the stairs.", True),
        ("Hi Jo, the claims team got back — they can't extend the cover past June.", True),
        ("Hi Jo, the returns team said they will collect the fridge on Friday.", False),
        ("Hi Jo, your bank has told you they won't refund the fee, that is their call.", False),
        ("Hi Jo, the council said they won't issue the permit for the van.", False),
        ("Hi Jo, the returns team said they won't charge you for the collection.", False),
    ],
)
def test_a_unit_named_with_the_said_it(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "I raised it with our pricing team. They've said they won't match the online price.",
            True,
        ),
        ("Our loans desk looked at it. Sadly they said they cannot lower the rate again.", True),
        ("I asked my team leader about the deposit, she said we can not return it early.", True),
        ("I asked my team leader about the deposit, she said we can return it early.", False),
        ("I rang your landlord. He said they won't fix the boiler this week.", False),
    ],
)
def test_a_pronoun_for_a_unit_of_ours(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I spoke with our lettings team. They refuse to add a second tenant to the lease.", True),
        ("I spoke with our lettings team. They are refusing to split the deposit.", True),
        ("I spoke with your neighbour. They refuse to sign for the parcel.", False),
    ],
)
def test_a_unit_of_ours_refuses(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Logged with finance. We can't confirm the refund amount till Monday.", False),
        ("Logged with finance. We can't confirm the refund amount.", True),
    ],
)
def test_a_confirmation_put_off_till_a_day(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "I asked our returns team about swapping the used blender for a new one with a"
            " different colour — they said absolutely not, sorry.",
            True,
        ),
        ("I asked my supervisor about the late fee, and he said no, sorry.", True),
        ("I asked your bank about the late fee and they said absolutely not.", False),
        ("I asked our team whether the delay was a problem and they said no, not at all.", False),
        ("They said no problem, the parcel is on its way.", False),
    ],
)
def test_a_pronoun_for_a_unit_of_ours_said_no(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Hello Sam, our billing team have said the admin fee stands.", True),
        (
            "Hello Sam, our contracts team has decided the 24-month agreement will remain"
            " in place.",
            True,
        ),
        ("Hello Sam, your bank said the admin fee stands.", False),
        (
            "Hello Sam, our sales team confirmed the agreement will remain in place as agreed.",
            False,
        ),
        (
            "Hello Sam, our billing team said the admin fee will stay on hold until the review.",
            False,
        ),
    ],
)
def test_a_decision_kept_passed_on_from_a_unit(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Noted that you opted out of the gift wrap, so it won't be included.", False),
        ("You've removed the insurance from the basket, so it won't be charged.", False),
        ("You've declined the cover, so we can't add it back now.", True),
        ("Our team declined the claim, so it won't be paid out.", True),
        ("I can't tell you which way the panel will decide, but you'll hear by Friday.", False),
        ("I can't tell you which room your sister is staying in.", True),
    ],
)
def test_a_choice_of_the_customer_and_a_forecast(text: str, found: bool) -> None:
    assert _found(text) is found
