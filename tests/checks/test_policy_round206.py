"""Promise classes found by dev round 206 (conditions in other words, a status row's
destination, an old price kept on).

Round 206's false alarms made a grant wait on a condition the scopes did not know: "on the
condition that" (as "on condition that" already did), and "post" as Indian English writes
"after" ("refund will be initiated post pickup"), after a participle or opening the
sentence, before the event (not the verb "post it", the mail "by post", nor a time "post 5
days"). Its misses: a status table's row whose verb says where the grant went ("| Refund
| Issued to your card |"), as a label's value may; and the old price, named in the subject,
kept "in place" for a time added on ("your old rate stays in place for another twelve
months"; not "until your renewal", nor "your current rate"). Each class is tested with
wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


def _found(text: str) -> bool:
    return bool(promise_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We can waive the fee on the condition that your bank confirms the error.", False),
        ("We'll refund the deposit only on the condition that the van comes back clean.", False),
        ("We can waive the fee on condition that your bank confirms the error.", False),
        ("We'll waive the fee, and I'll send the condition report by email.", True),
    ],
)
def test_on_the_condition_that(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your refund will be processed post verification of the returned set.", False),
        ("The credit will be applied only post inspection by our technician.", False),
        ("Post inspection, the replacement will be dispatched to you.", False),
        ("We'll refund the full amount and post the receipt to you.", True),
        ("Your refund has been processed and the invoice sent by post.", True),
        ("Your refund will be processed post 3 days.", True),
    ],
)
def test_post_as_after(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("| Item | Status |\n|---|---|\n| Refund of $86 | Issued to your Visa |", True),
        ("| Item | Status |\n|---|---|\n| Store credit | Applied to your account |", True),
        ("| Item | Status |\n|---|---|\n| Refund of $86 | Issued to the seller |", False),
        ("| Item | Status |\n|---|---|\n| Refund of $86 | Not issued to your Visa |", False),
        ("| Item | Status |\n|---|---|\n| Refund of $86 | Requested to your Visa |", False),
    ],
)
def test_a_status_row_that_says_where_the_grant_went(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Good news: your old price of $12 a month stays in place for another year.", True),
        ("Your original rate will remain unchanged for a further six months.", True),
        ("So your previous tariff stays in place for 18 more months.", True),
        ("Your old price stays in place until your renewal in May.", False),
        ("Your current price stays in place for another year.", False),
        ("Your old price may stay in place for another year.", False),
        ("If the review agrees, your old price stays in place for another year.", False),
    ],
)
def test_an_old_price_kept_for_a_time_added_on(text: str, found: bool) -> None:
    assert _found(text) is found
