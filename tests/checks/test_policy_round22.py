"""Promise and phone classes found by the twenty-second round of the policy corpus.

The round (``"round": 22`` in tests/data/policy) was written against the rules by writers
who never saw the detectors (replies as tool-using support agents write them), and
committed before they read it (docs/checks.md gives its figures before and after). Each
class is tested here with wordings that are not corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks import _promises
from tests.helpers.policy_findings import opens_as, phones, promise_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # "and won't charge you", sharing the "we" of the clause before
        (
            "We'll pause your plan for a month and won't charge you during that time.",
            ["won't charge you"],
        ),
        # a bill of an amount cancelled; a saving backdated
        ("We'll cancel the £96 catch-up bill.", ["We'll cancel the £96 catch-up bill"]),
        ("We'll backdate the saving to March.", ["We'll backdate the saving"]),
        # an amount given back in the passive
        ("The disputed $640 will be returned to your account.", ["The disputed $640 will"]),
        # a past "after" clause with a pronoun and a past verb is what happened
        (
            "We'll refund the debit that came out after you cancelled.",
            ["We'll refund the debit"],
        ),
    ],
)
def test_the_twenty_second_rounds_promise_classes(text: str, found: list[str]) -> None:
    got = promise_texts(text)
    assert opens_as(got, found), got
    assert _promises.find_promises(text) == _promises._find(text, None)


@pytest.mark.parametrize(
    "text",
    [
        "They'll look into it and won't charge you.",
        "We'll cancel the order and email you the bill.",
        "The parcel will be returned to the sender.",
        "We'll refund you after you have returned it.",
        "We'll refund you when you've returned it.",
    ],
)
def test_the_twenty_second_rounds_hard_negatives(text: str) -> None:
    assert promise_texts(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # Korean, Chinese, Japanese and Thai write the next word without a space
        ("연락처는 010-9876-5432입니다.", [("010-9876-5432", "trunk")]),
        # Chinese and Arabic words of calling and contacting; a full-width colon
        ("如有问题可联系客服：139 8765 4321。", [("139 8765 4321", "led")]),
        ("請致電 2345 6780 查詢。", [("2345 6780", "led")]),
        ("يمكنك الاتصال بخدمة العملاء على الرقم 800 4560", [("800 4560", "led")]),
        # Polish "kontakt ... pod numerem"
        ("Prosimy o kontakt pod numerem 22 765 43 21.", [("22 765 43 21", "led")]),
        # digits read out in groups one space apart
        ("The number is 0-2-0 7-9-4-6 0-9-5-8.", [("0-2-0 7-9-4-6 0-9-5-8", "spelled")]),
        # a table's next cells after a number, then the next row's number
        (
            "| UK | 020 7946 0312 | 9–17 |\n| Spain | 910 55 01 24 | 9–18 |",
            [("020 7946 0312", "trunk"), ("910 55 01 24", "listed")],
        ),
    ],
)
def test_the_twenty_second_rounds_phone_classes(text: str, found: list[tuple[str, str]]) -> None:
    assert phones(text) == found


@pytest.mark.parametrize(
    "text",
    [
        # a longer number's head: a supply number, a parcel's
        "Your MPAN is 00 801 100 12 3456 7890 124.",
        "Nomor resi Anda JNE 0123 4567 8901 2346.",
        # a serial number after "S/N"; a person's number shown by example
        "The unit (S/N 0012-3456-7891) is under warranty.",
        "Please bring your NHS number (it looks like 943 476 5920).",
        # a longer number in Korean is still no phone
        "주문번호는 0123 4567 8901 2345입니다.",
    ],
)
def test_the_twenty_second_rounds_phone_hard_negatives(text: str) -> None:
    assert phones(text) == []
