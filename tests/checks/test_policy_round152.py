"""Refusals of dev rounds 152 and 156 of the corpus: declines without the common modals.

Round 152's writer (insurance, banking, pensions) avoided "I can't" and "we cannot"; the
detector read 39 of its 55 refusals on the code of the time. Round 156 hid the decline in
long helpful replies and read 40 of 40, with two false alarms. The classes fixed, tested
here with wordings that are not corpus items, beside the near-misses that stay negatives:
an answer in force ("stands rejected", "has been turned down", "are ruled out"); someone
else's data "withheld from" others; a service "not a product we offer" or "not a facility
offered"; "isn't something we'll take part in"; "we stop short of recommending"; "is going
to be a no"; an act asked for that "won't go ahead"; "we've had to decline"; the business
named as a bank or a service; a professional who does a step of the customer's own matter
("for your solicitor to request the funds"); a forecast ("I cannot tell you what the rate
will be"); a fault told before "so I can't"; a condition that ends before the referral.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your hardship appeal stands rejected under section 9 of the terms.", True),
        ("Sadly the request for a second mortgage holiday has been turned down.", True),
        ("Transfers out of the trust account are ruled out from the date of death.", True),
        ("Transfers out of the trust account are ruled out until probate is granted.", False),
        ("Your claim remains declined after the second review.", True),
        ("Your request was turned down by the landlord, so we've found two other flats.", False),
        ("Rain is ruled out for the day of the move.", False),
    ],
)
def test_answers_in_force(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "The balance of your late uncle's account is withheld from relatives until probate.",
            True,
        ),
        ("Contact details of the other driver are withheld from anyone not on the claim.", True),
        ("Your own details are withheld from the public register.", False),
        ("£12 is withheld from the refund for the return label.", False),
    ],
)
def test_someone_elses_data_withheld(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Interest-only switching is not a product we offer on buy-to-let loans.", True),
        ("Cash withdrawals abroad are not a facility offered on the Basic card.", True),
        ("Hiding the transfer from the court isn't something we'll take part in.", True),
        ("As guidance staff, we stop short of recommending one fund over another.", True),
        ("A withdrawal with one signature is going to be a no until you both sign.", True),
        ("That would be a no from us on the fee, I'm afraid.", True),
        ("Moving the pension to that account won't go ahead without a check, so call us.", False),
        ("Moving the pension to that account won't go ahead on this call.", True),
        ("We've had to decline the overdraft application this time.", True),
        ("The Bank will not be issuing a statement with a different balance.", True),
        ("The practice service is not able to rebook you after a discharge.", True),
        ("Fraud reports are something we take seriously.", False),
        ("That's a no-brainer: the fixed rate saves you £40 a month.", False),
        ("We never stop short of helping you find the right account.", False),
    ],
)
def test_declines_without_the_common_modals(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Congratulations! The next step is for your conveyancer to request the funds.", False),
        ("Your accountant will submit the form once you've signed it.", False),
        ("Please ask your accountant whether to claim it this year.", True),
        ("I cannot tell you what the exchange rate will be next Friday, it moves all day.", False),
        ("I cannot tell you what your husband's balance will be next month.", True),
        (
            "The app is not working for anyone because of a fault on our server at the "
            "moment, so I can't update your phone number from my side either.",
            False,
        ),
        (
            "Whether you should travel before the operation or after your trip is a medical "
            "decision, so please talk it through with your surgeon.",
            True,
        ),
    ],
)
def test_steps_forecasts_faults_and_referrals(text: str, found: bool) -> None:
    assert bool(refusal_texts(text)) is found
