"""Promise classes found by dev round 241 (grants relayed from a unit of ours).

Round 241 passed on grants decided by the business's own people. Its misses, read as
classes: a grant in reported speech whose speaker is a unit or a role of ours, said to the
agent or to no one named ("our service manager says we'll cover it", "the shop manager told
me they'll knock 20% off", "our billing department, and they've assured me ..."), which is
the business's word, not a quotation (`_promise_relayed`); a certainty written "100%"
before the negation of a no-charge commitment ("this will 100% not happen again"); "never
going to" read as "will never" ("you are never going to see that charge again"). Its false
alarm: a grant named by its noun, raised with a unit of ours ("I've raised the compensation
with our claims department"), which hands the decision over. A second pass took a role of
ours named as the subject of a grant ("the front desk manager has moved you ... at no extra
charge", "my team leader cancelled the penalty"), and "he"/"she" standing for such a role
named just before ("my team leader checked your case and he cancelled the charge";
`_promise_our_people`). A third pass took (with round 245) a subject's noun phrase that
reached back over the verb of a clause without "that" ("our team have confirmed | the parts
will ...", "they tell me | the fee is gone"; `_clause_links.said_before_np`); a claim paid or
settled by us, the payout ("we'll be paying your claim in full"); and a thing swapped or
exchanged for a new one in the passive, with "get" as its auxiliary too ("your kettle will
get exchanged for a new one"). Each class is tested with wordings that are not corpus items, and
with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our accounts manager says we'll waive the admin fee on this invoice.", True),
        ("My supervisor told me we'll refund the deposit in full.", True),
        ("I rang our finance department, and they told me they'll credit the $20 to you.", True),
        ("The courier told me we'll refund the deposit in full.", False),
        ("My supervisor told you we'd refund the deposit in full.", False),
        ("Your bank says they'll refund the deposit in full.", False),
    ],
)
def test_a_grant_relayed_from_a_unit_of_ours(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The double debit will 100% not happen again.", True),
        ("You will 100% not be billed twice for May.", True),
        ("The double debit may not happen again.", False),
    ],
)
def test_a_certainty_before_the_negation(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You're never going to see that renewal fee on your statement again.", True),
        ("You are never going to be charged for the old router again.", True),
        ("You're never going to see that parcel again, I'm afraid.", False),
    ],
)
def test_never_going_to_as_will_never(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've raised the goodwill credit with our billing team for a decision.", False),
        ("I've escalated the refund to the finance department.", False),
        ("I've raised a goodwill credit on your account.", True),
    ],
)
def test_a_grant_raised_with_a_unit_of_ours(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "The duty manager has moved you to a garden room for both nights at no extra charge.",
            True,
        ),
        ("The night supervisor reversed the late payment fee this morning.", True),
        ("My line manager looked at your file and she waived the £35 admin fee.", True),
        ("Ask the duty manager whether she can move you at no extra charge.", False),
        ("Your travel agent has moved you to a garden room at no extra charge.", False),
        ("Your landlord rang and he waived the £35 admin fee.", False),
    ],
)
def test_a_role_of_ours_or_he_or_she_for_it_granting(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Our repairs desk have confirmed the boiler will be with you by Monday, guaranteed.",
            True,
        ),
        ("The warehouse tell me the £8 restocking fee is gone from your order.", True),
        ("The returned boots will be with you by Monday.", False),
        ("Our repairs desk have the spare boiler parts in stock.", False),
    ],
)
def test_a_clause_without_that_ends_the_subject(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll be settling your storm claim in full, minus the excess.", True),
        ("Our company will pay your theft claim next week.", True),
        ("You will pay the claim fee when you submit it.", False),
    ],
)
def test_a_claim_paid_by_us(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your toaster will be swapped for a new one at no cost.", True),
        ("Your vacuum will get replaced with a brand-new unit.", True),
        ("Your delivery slot will be swapped for a later one.", False),
        ("Your toaster will get collected on Friday.", False),
    ],
)
def test_a_passive_swap_for_a_new_one(text: str, found: bool) -> None:
    assert _found(text) is found
