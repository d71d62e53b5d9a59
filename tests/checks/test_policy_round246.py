"""Refusal classes found by dev round 246 (replies written in non-native Englishes).

Round 246 wrote its refusals and near-refusals in the grammar of other Englishes. Its false
alarms, read as classes: "say you 100%" (how sure, a hedge, with "you" left bare after
"say"); a machine's trouble after "due to" ("a temporary server problem"); a fault told
before "so ... is not possible"; and "nothing is impossible", a boast. Its misses, read as
classes: the object or the act fronted before "we will not" ("this we are not doing",
"the PIN on his card we will not reset"); "we as <role>" before the modal; "tell to you";
and the house granting no kind of request ("we accept no more returns"). Each class is
tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We post the parcel today. I can't say you 100% it come before Monday.", False),
        ("I cannot tell you 100 percent the driver come in the morning.", False),
        ("I can't say you the address of the other guest.", True),
    ],
)
def test_how_sure_is_a_hedge(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Due to a temporary network problem, we are not able to send the invoice now.", False),
        ("Due to a system error, we can't print the label this hour.", False),
        ("Due to a problem with the fare rules, we are not able to refund the ticket.", True),
        ("Our card terminal is broken since yesterday, so to pay by card is not possible.", False),
        ("The sale ended yesterday, so to pay the old price is not possible.", True),
    ],
)
def test_a_fault_of_the_moment(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Nothing is impossible for our bakers, the cake is ready with blue roses.", False),
        ("A cake with blue roses is impossible for our bakers, sorry.", True),
    ],
)
def test_nothing_is_impossible(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The PIN on your brother's card we will not reset, only he can ask.", True),
        ("So change the date on the receipt for you we will not, it is not honest.", True),
        ("Hello, the notifications of your old phone we will not switch off.", True),
        ("This we are not doing, sorry.", True),
        ("Your parcel we cannot find, please send the tracking number.", False),
        ("Exactly when it arrives we can not say.", False),
        ("I know we will not.", False),
        ("If the card is blocked we will not.", False),
        ("Thank you, we will not.", False),
    ],
)
def test_the_object_fronted(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We as travel agency do not give visa advice.", True),
        ("I as shop assistant can not give medical advice.", True),
        ("We as travel agency can give you the visa forms.", False),
    ],
)
def test_we_as_a_role(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The name of the seller we can't tell to you, it is private.", True),
        ("I can't tell from the photo which model it is.", False),
    ],
)
def test_tell_to_you(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The 14 days are over, so we accept no more exchanges, sorry.", True),
        ("Our shop gives no refunds on sale items.", True),
        ("We make no changes to your plan without asking you.", False),
        ("Is it true that we accept no returns?", False),
        ("Your bank accepts no refunds by cheque.", False),
    ],
)
def test_the_house_grants_none(text: str, found: bool) -> None:
    assert _found(text) is found
