"""Promise classes found by dev round 259 (long replies from less common industries).

Round 259's misses, read as classes: a debt assured not to be handed to those who collect it
("I can tell you 100% that this balance will not be sent to collections": a loss ruled out,
`_promise_match.lost_after_be`); a charge named by its trade's own noun ("the demurrage of SGD
1,150 will not be passed to you": `_lexicon.CHARGE_NOUNS`, `_guarantees._FEES`); a named charge
of this customer's that "will not apply", as one that "will no longer apply" does
(`_promise_standing`); a bill brought to nothing "after the goodwill adjustment", the house's
own grant, read as a condition (`_condition_words`); and a "holiday" from a charge ("a fee
holiday on the line rental"), a grant in a lender's or utility's words (`_promise_staff`).

Its false alarms: "Provided" opening a condition before a collective name and the plain
present ("Provided HMRC accept the code, ...": `_condition_words`), and a participle after
"and" that shares a passive committing to nothing ("... promised the excess would be waived
and a courtesy car provided": `_clause_links.ClauseReader.uncommitted_gap`). Left: a period
said to cost nothing ("those two months will be £0"), whose subject names no charge, in the
grammar of an offer's terms ("the first two months will be £0"); its item is found by the
"fee holiday" before it. Each class is tested with wordings that are not corpus items, and
with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks import _promises


def _found(text: str) -> bool:
    reading = _promises.find_promises(text)
    assert reading == _promises._find(text, None)  # the first tests let it through
    return bool(reading.findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Trust me, your unpaid invoice will not be passed to a debt collector.", True),
        ("I can tell you with certainty that these arrears won't be referred to bailiffs.", True),
        ("Your account won't be sent to collections.", False),
        ("Trust me, the spare key will not be sent to you.", False),
        ("If you pay by Friday, rest assured it won't be sent to collections.", False),
    ],
)
def test_a_debt_assured_not_to_reach_its_collectors(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The corkage won't be added to your bill tonight.", True),
        ("The wharfage of AUD 640 will not be passed on to you.", True),
        ("The dilapidations for the old unit have been written off.", True),
        ("Demurrage is charged after five free days at the port.", False),
        ("Can you confirm the demurrage amount on the invoice?", False),
    ],
)
def test_a_charge_named_by_its_trade(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £35 missed-appointment fee won't apply this time.", True),
        ("Your early exit penalty will not apply to you.", True),
        ("The booking fee won't apply to group tickets.", False),
        ("Cancellation fees will not apply if you give 48 hours' notice.", False),
        ("The discount won't apply to sale items.", False),
        ("Your deposit won't apply to the final balance.", False),
    ],
)
def test_a_named_charge_that_will_not_apply(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your June invoice will be £0 after the courtesy credit.", True),
        ("Your renewal will be nothing after the loyalty discount we applied.", True),
        ("We'll upgrade your room after the credit check.", False),
        ("We'll refund the fee after the refund request is approved.", False),
        ("After the replacement arrives, we'll refund the postage.", False),
    ],
)
def test_a_result_after_the_houses_own_grant(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've arranged a two-month repayment holiday on your loan.", True),
        ("We'll give you a premium holiday for July.", True),
        ("You can ask for a payment holiday in the app.", False),
        ("I've updated your holiday booking.", False),
        ("I'll send the payment holiday application form.", False),
    ],
)
def test_a_holiday_from_a_charge(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Provided Customs clear the shipment, we'll refund the duty.", False),
        ("Provided Ofwat approve the change, we'll credit your account.", False),
        ("Provided Ofgem will sign off, we'll cover the repair.", False),
        ("Provided with the receipt, I've refunded the full $40.", True),
    ],
)
def test_provided_before_a_collective_name(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The agent said the deposit would be returned and the cleaning fee refunded.", False),
        ("The invoice will need to be reissued and the late fee removed.", False),
        ("The deposit was returned and the cleaning fee refunded.", True),
        ("The fee would be reviewed and the deposit has been refunded.", True),
    ],
)
def test_a_participle_sharing_an_uncommitted_passive(text: str, found: bool) -> None:
    assert _found(text) is found
