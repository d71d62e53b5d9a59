"""Refusal classes found by dev round 231, and the second pass over rounds 216 and 224.

Round 231 (utilities, councils, schools, airlines, couriers) declined without the common
modals: data given, in the passive, only to a third person ("can be given only to him");
an act or a thing barred on the house's side ("is blocked on our side", "are forbidden on
our network"); a business naming itself by the name it signs with ("SkyMeridian is unable
to issue..."). Its false alarm was a machine that "has jammed", a fault of the moment.
Rounds 216 and 224 left: a request "isn't on" (an act as the subject); a unit of ours the
request was passed to that "decided against" it; offers that "don't stack"; who someone
is "kept anonymous"; the house doing one kind of a service "only". Each class is tested
with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Under the tenancy rules, the deposit details are released only to her.", True),
        ("Her medical notes are shared only with that patient, I'm afraid.", True),
        ("The login code is only ever texted to the mobile on his own account.", True),
        ("Your login code is sent only to your own mobile.", False),
        ("The parcel was delivered to her this morning.", False),
    ],
)
def test_given_only_to_a_third_person(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Adding a second tenant's meter to your bill is blocked on our side.", True),
        ("Aerosols packed loose are prohibited on our courier network.", True),
        ("Your card is blocked on our side until you confirm the payment.", False),
        ("Transfers to that account are not blocked on our side.", False),
    ],
)
def test_barred_on_our_side(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Dear Ms Rowe,\n\nBrightvale is unable to backdate the meter reading.\n\n"
            "Yours sincerely,\nBrightvale Energy Customer Care",
            True,
        ),
        (
            "Dear Ms Rowe,\n\nNorthline is unable to backdate the meter reading, so please "
            "ask them directly.\n\nYours sincerely,\nBrightvale Energy Customer Care",
            False,
        ),
    ],
)
def test_the_house_by_the_name_it_signs_with(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The franking machine has jammed, so I'm unable to post the form today.", False),
        ("The form is past its deadline, so I'm unable to post it.", True),
    ],
)
def test_a_machine_jammed(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry mate, but moving the inspection date to a Sunday isn't on.", True),
        ("That's not on, I'm afraid.", True),
        ("The heating is not on, so the engineer will call tomorrow.", False),
        ("The meeting is not on the list yet.", False),
    ],
)
def test_an_act_that_isnt_on(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "I forwarded your proposal to our housing team, and they decided against "
            "installing a second bike shed.",
            True,
        ),  # fmt: skip
        (
            "I forwarded your appeal to the parking team, and they have decided against "
            "charging you the fine.",
            False,
        ),  # fmt: skip
        ("Your landlord asked the seller, and they decided against repairing it.", False),
    ],
)
def test_a_unit_of_ours_decided_against(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sadly, promo codes don't stack with the student rate.", True),
        ("Vouchers do not combine with sale prices.", True),
        ("The two colours do not combine well on the banner.", False),
    ],
)
def test_offers_that_dont_stack(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The names of other bidders are kept anonymous until the auction closes.", True),
        ("Your identity is kept anonymous in the survey results.", False),
        ("The survey is anonymous.", False),
    ],
)
def test_who_someone_is_kept_anonymous(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Please note that our depot ships flat-pack furniture only at present.", True),
        ("We accept bank transfers only.", True),
        ("We use your email only for receipts.", False),
        ("Is it true that we accept cards only?", False),
    ],
)
def test_the_house_does_one_kind_only(text: str, found: bool) -> None:
    assert _found(text) is found
