"""Promise and phone classes found by the twenty-sixth round of the policy corpus.

The round (``"round": 26`` in tests/data/policy) was written against the rules by writers
who never saw the detectors (commitments buried in long e-mails and in tool-using agents'
markdown; phone numbers beside numbers of the same shape), and committed before they read
it (docs/checks.md gives its figures before and after). Each class is tested here with
wordings that are not corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks import _promises
from tests.helpers.policy_findings import opens_as, phones, promise_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a list's lines under a heading that commits to them
        (
            "**What we'll do:**\n1. Refund the £12 delivery fee.\n2. Resend the parcel.",
            ["Refund the £12 delivery fee"],
        ),
        (
            "### Next steps on my side\n- Credit $40.00 to your account today",
            ["Credit $40.00"],
        ),
        # a cost of an amount covered; an amount received "in compensation"
        ("We'll cover the £95 callout in full.", ["We'll cover the £95 callout"]),
        ("You'll receive €400 in compensation.", ["You'll receive €400 in compensation"]),
        # "Our guarantee:" as a label
        ("**Our guarantee:** it arrives by Friday.", ["Our guarantee:"]),
        # a charge that will not be pursued; an amount that comes off; credit going onto it
        ("The $90 cleaning charge will not be pursued.", ["The $90 cleaning charge will not"]),
        ("The full $52.10 comes off your next bill.", ["The full $52.10 comes off"]),
        ("A £10 credit is going onto your account tonight.", ["A £10 credit is going onto"]),
        # "chuck" a credit on; a programme's frame does not make this customer's sum policy
        ("We'll chuck a $20 credit on your bill.", ["We'll chuck a $20 credit"]),
        (
            "Under our buyer protection, you're getting your full $74 back.",
            ["you're getting your full $74 back"],
        ),
    ],
)
def test_the_twenty_sixth_rounds_promise_classes(text: str, found: list[str]) -> None:
    got = promise_texts(text)
    assert opens_as(got, found), got
    assert _promises.find_promises(text) == _promises._find(text, None)


@pytest.mark.parametrize(
    "text",
    [
        # a list under a heading that commits to nothing, or none at all
        "**What you can do:**\n- Refund the item via the app.",
        "Refund the fee.",
        # policy, by its own words
        "Our standard practice is that you won't be asked for the excess separately.",
        "Under our policy, refunds are issued within 5 days.",
        # an amount the customer pays
        "You'll pay the £95 callout.",
        "This covers the basics.",
    ],
)
def test_the_twenty_sixth_rounds_hard_negatives(text: str) -> None:
    assert promise_texts(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a speaker's label "Customer:" is no identifier's
        ("Customer: 1800 555 0177, okay.", [("1800 555 0177", "local_rate")]),
        # a callback number read out digit by digit
        ("The callback number is 2-1-2, 5-5-5, 0-1-4-0?", [("2-1-2, 5-5-5, 0-1-4-0", "spelled")]),
        # Chinese with a full-width colon; Portuguese "fale connosco pelo"
        ("如需查詢，請致電：2555 0177。", [("2555 0177", "led")]),
        ("Para trocas, fale connosco pelo 912 555 017.", [("912 555 017", "led")]),
    ],
)
def test_the_twenty_sixth_rounds_phone_classes(text: str, found: list[tuple[str, str]]) -> None:
    assert phones(text) == found


@pytest.mark.parametrize(
    "text",
    [
        # a number on the next line after a phone number and more words is not listed
        "Agent: 07700 900 318, lovely. And the order number?\nCaller: 55 18 20 44.",
        # a person's number shown by example
        "We only need the last three digits of your SIN, not the full number like 046 454 287.",
        # a customer number is still an identifier
        "Customer number: 6555 0199",
    ],
)
def test_the_twenty_sixth_rounds_phone_hard_negatives(text: str) -> None:
    got = phones(text)
    assert [t for t, _ in got] == (["07700 900 318"] if "07700" in text else [])
