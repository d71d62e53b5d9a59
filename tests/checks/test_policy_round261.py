"""Promise classes found by dev round 261 (support replies in an AI assistant's markdown style).

Round 261's miss, read as a class: a negation inside a relative clause that has a pronoun
subject of its own and closes before the main verb ("the charge for the add-on you didn't
subscribe to has been reversed", "the order you never received has been refunded"): it says
which thing is meant and negates nothing the reply does (`_negation_words.contact_relative`);
the subject of the main verb is the noun before the clause (`_authority._before_relative`).

Its false alarms: a condition whose clause is cut by an aside in brackets before the main
clause ("If the charge still shows as posted (not pending) after three days, reply here and
we'll refund it"): the brackets cost the condition none of its reach
(`_promise_scopes.ScopeReader._condition_before_clause`); an authority noun joined to
another before the head that makes both modifiers ("a refund or replacement request" is a
request, as "a refund request" is: `_word_reader.WordReader._head_after`); and an upgrade
whose fee, named by what the customer moves to ("the plan fee"), is deducted from the
customer's own balance (`_promise_customer_paid._price_charged`; not "deducted from your
bill", money off it). None of the round's classes is left. Each class is tested with
wordings that are not corpus items, and with close negatives.
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
        ("The £14 bundle you didn't sign up for has been refunded to your card.", True),
        ("The roaming fee you weren't warned about has been waived.", True),
        ("The parcel you never received has been refunded in full.", True),
        ("The night that you haven't used has been credited back to your account.", True),
        ("The booking fee you didn't agree to has not been refunded.", False),
        ("I see you didn't order the bundle, and it has not been refunded yet.", False),
        ("The fee you didn't agree to will not be waived.", False),
    ],
)
def test_a_negated_relative_clause_with_its_own_subject(text: str, found: bool) -> None:
    assert _found(text) is found


def test_the_subject_is_the_noun_before_the_relative_clause() -> None:
    text = "The £14 bundle you didn't sign up for has been refunded to your card."
    [finding] = _promises.find_promises(text).findings
    assert finding.rule == "completed authority action"
    assert finding.text.startswith("The £14 bundle you didn't sign up for has been refunded")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "If the parcel still shows as held (not out for delivery) by Friday, message us "
            "and we'll send a replacement.",
            False,
        ),
        (
            "Should the tracking stay frozen (no new scans) past Monday, just reply and "
            "we'll refund the postage.",
            False,
        ),
        (
            "The parcel still shows as held (not out for delivery), so message us and "
            "we'll send a replacement.",
            True,
        ),
        (
            "If you have questions, reply here. We'll refund the postage (all £6.50) today.",
            True,
        ),
    ],
)
def test_a_condition_cut_by_an_aside_in_brackets(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can raise a refund or exchange request for you today.", False),
        ("I can file a refund or return form with the warehouse.", False),
        ("I'll send your refund and email confirmation today.", True),
        ("I can offer a refund or a replacement, whichever you prefer.", True),
        ("I'll process the refund and replacement today.", True),
    ],
)
def test_authority_nouns_joined_before_a_request(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Your switch to the Gold tier is complete. The $9 tier fee will be deducted from "
            "your wallet each month.",
            False,
        ),
        (
            "I've upgraded you to the 40GB package. The package price will be deducted from "
            "your prepaid balance.",
            False,
        ),
        (
            "I've upgraded you to the 40GB package. The package price will be deducted from "
            "your next bill.",
            True,
        ),
        (
            "I've upgraded you to the 40GB package. The package fee will not be deducted "
            "from your balance.",
            True,
        ),
    ],
)
def test_the_fee_of_the_plan_moved_to_deducted_from_their_balance(text: str, found: bool) -> None:
    assert _found(text) is found
