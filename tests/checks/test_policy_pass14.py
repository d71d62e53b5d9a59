"""Promise and refusal classes of the backlog's fourteenth pass (the whole dev split read again).

Fixed, promises: a plain "will" grant whose time clause after it names only when the
business's own goods or hands get to it, no check: stock arriving or back in stock, its
courier picking up, its staff logging or its fitters fitting ("we'll swap it once it's back
in stock", "the aids will be replaced when the stock arrives"); a time, not a condition
(`_promise_supply_times.supply_time`). The close negatives keep a receipt or a check a
condition ("once we receive the item", "once the warehouse confirms ...", "... and it gets
back to us"), a fronted time clause, and the customer's own step ("when you log in").

Left, promises: status tables whose cells name no grant, a third party's commitment with no
grant word, certainty idioms, the present simple or passive of a grant ("the change fee is
waived": the same words tell a policy), and the non-native perfect. Left, refusals: practices
told as plain facts, limits by "only", another person's data told by the body it goes
through, "won't" from a lower-case "the bank" (as often the customer's bank), and the
gerund subjects of a deceit ("Backdating the invoice would misrepresent ...": one round's
words). Each class fixed is tested with wordings that are not corpus items.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promise_supply_times import supply_time
from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll replace the kettle free of charge once the new batch is in stock.", True),
        (
            "The store will swap your boots free of charge once the larger size is back in stock.",
            True,
        ),
        ("We will refund the delivery charge when the spare parts arrive on Monday.", True),
        ("We'll send a new router at no cost as soon as the courier picks up the old one.", True),
        ("The accounts team will refund the admin fee once they log the cancellation.", True),
        ("We'll refund the fitting charge once the new tyres are fitted.", True),
        ("We'll refund you once we receive the boots.", False),
        ("We'll refund the fee once the warehouse confirms the parcel was unopened.", False),
        (
            "We'll ship the router once the courier picks up the old one and it gets back to us.",
            False,
        ),
        ("Once the new batch is in stock, we may be able to offer a replacement.", False),
        ("We'll refund the fee once our team has inspected the tyres.", False),
    ],
)
def test_a_time_set_by_the_business_own_handling(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("words", "k", "reads"),
    [
        (["refund", "it", "once", "the", "stock", "arrives", "."], 2, True),
        (
            ["refund", "it", "as", "soon", "as", "the", "courier", "picks", "up", "the", "box"],
            2,
            True,
        ),
        (["refund", "it", "when", "you", "log", "in"], 2, False),
        (["refund", "it", "once", "the", "parts", "arrive", "and", "are", "checked"], 2, False),
        (["refund", "it", "if", "the", "stock", "arrives"], 2, False),
    ],
)
def test_supply_time_reads_the_event(words: list[str], k: int, reads: bool) -> None:
    assert supply_time(words, k) is reads
