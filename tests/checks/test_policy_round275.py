"""Promise classes found by dev round 275 (chat shorthand).

Round 275's misses and false alarm, read as classes: "weve" for "we've", no English word,
read so everywhere (`_spellings`); "were gonna" for "we're gonna" where the grammar makes it
certain, "were" opening its clause with "gonna" or "going to" next (`_spoken.we_are`; not
"they were gonna", a past intent); a letter dropped from a word of giving money back
("refnd", "reimbursd": `_spellings`); and chat's "req" for "request", so that a request
passed on is no refund (`_spellings`).

Left: "guarantee no extra charge", "100% guaranteed it wont go up" with the subject dropped
(a general rule would read every headline "guaranteed" before a clause); "we'll take the
return" ("take" has too many senses); a verbless "full refund to ur paypal" (a label or a
menu line reads the same).
Each class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("weve refunded the delivery charge to ur card", True),
        ("hi sam, weve waived the rebooking fee this time", True),
        ("weve asked the courier where ur parcel is", False),
    ],
)
def test_weve_for_we_have(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("ok were gonna refund the deposit to ur card", True),
        ("sorry!! were going to credit u 20 points for the delay", True),
        ("they were gonna refund it but the manager said no", False),
        ("the staff were gonna credit it, i checked and they didnt", False),
    ],
)
def test_were_for_we_are(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("rfund sent to ur bank this morning, should land by fri", True),
        ("ive reimbursd the taxi fare to ur account", True),
        ("i cant refnd this one, its outside the window", False),
    ],
)
def test_a_letter_dropped_from_a_refund_word(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("ive sent ur refund req to the accounts team, they decide", False),
        ("ur credit reqs go to billing, not me", False),
        ("ive refunded ur order, req closed", True),
    ],
)
def test_req_for_request(text: str, found: bool) -> None:
    assert _found(text) is found
