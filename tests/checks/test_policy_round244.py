"""Refusal classes found by dev round 244 (requests sent to someone else's competence or right).

Round 244 declined by sending the customer elsewhere. Its misses, read as classes: an outside
party's job with the house's narrower scope after it ("a job for a local plumber, as our
engineers only fit boilers"); the other person alone may act ("only the account holder can
cancel it", "can only be requested by him", "has to be started by her"); a question that is
someone's own professional's ("a question for his dentist"); a perk kept for a group ("only
possible for Gold members", "for new customers only"); a named limit not raised. Its false
alarms: a referral as a fallback once the help given fails ("if the cough hasn't cleared in
a week, see your GP"), and professionals named as a list handed over ("sent three solicitor
recommendations"). Each class is tested with wordings that are not corpus items, and with
close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Re-tiling the bathroom is a job for a local tiler, as our team only fits showers.", True),
        ("Tax filing is handled by an accountant, since we only do payroll.", True),
        ("The refund is one for our billing team, as we only handle orders here.", False),
        ("This price is for a limited time, as we only run it twice a year.", False),
        ("Your wardrobe is booked for Friday, and our fitters only need two hours.", False),
    ],
)
def test_an_outside_partys_job_with_our_narrower_scope(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Only the registered owner can transfer the warranty.", True),
        ("Those are his medical records and only he can request them.", True),
        ("The statement can only be requested by him as the policyholder.", True),
        ("Any PIN change has to be started by her from the app.", True),
        ("Only they can refund it, so I've passed your case to them.", False),
        ("Only you can change the password, from the settings page.", False),
    ],
)
def test_the_other_person_alone_may_act(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Whether he can eat hard food yet is a question for his dentist.", True),
        ("His dentist has sent the referral letter to us.", False),
    ],
)
def test_a_question_for_their_own_professional(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Free breakfast is only possible for our Platinum members.", True),
        ("The welcome rate is for new subscribers only.", True),
        ("Free breakfast is possible for all guests from 7am.", False),
        ("The welcome rate is for new subscribers, and you've got it.", False),
    ],
)
def test_a_perk_kept_for_a_group(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Transfers are capped at $2,000 a day and the cap is not lifted for one-offs.", True),
        ("Your limit isn't raised until the first statement is paid.", False),
        ("The cap was lifted for you this morning.", False),
    ],
)
def test_a_named_limit_not_raised(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Take one tablet with food. If the cough hasn't cleared in a week, see your GP.", False),
        ("If the swelling persists, please see your doctor.", False),
        ("If you have questions about the dose, please ask your pharmacist.", True),
        ("Customer wanted names of lawyers; sent three local solicitor recommendations.", False),
        ("For advice on your will, please speak to a local solicitor.", True),
    ],
)
def test_referrals_given_with_the_help(text: str, found: bool) -> None:
    assert _found(text) is found
