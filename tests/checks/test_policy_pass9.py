"""Promise and refusal classes fixed by the ninth pass over the dev backlog (both detectors).

The dev misses of both detectors were read whole again and grouped by shape. Fixed, for
promises: a chat reply that drops the agent's "I" before a verb whose object says whether it
gives ("bumped", "took off", "added 500 gems as a sorry") or before a verb that gives by
itself and its time ("refunded last month", "Reversed Feb and Mar dues"), rounds 54, 61 and
222 (`_promise_fragments._chat_opener`, `_chat_takes`); and the non-native passive whose
participle is written as its base past "already" or past a first participle and "and"
("is already transfer to your bank account", "is approved and transfer to your account"),
rounds 59 and 65 (`_promise_chat._be_before_base`). For refusals: a "whether" question
named as a thing, the subject of the "is" that starts the refusal ("Whether ... isn't a call
I can make") or after "questions like", which conditions nothing (rounds 9 and 147,
`_refusal_reasons`); and a remit told by "this" and the business's kind after a noun, or by
the business with a place after it ("outside what this travel concierge handles", "outside
what our warehouse in Pune offers"), rounds 131 and 237 (`_refusal_remit`).

Left: for promises, status tables whose cells name no grant, a third party's commitment
with no grant word, money "coming back" said of no sum, the present simple for a future
grant, certainty idioms and the non-native perfect with a base verb ("I have already
return your payment": each fails on its object in its own way); for refusals, practices told
as plain facts, limits by "only", the true record without "must", and another person's data
told by the body it goes through (each would cost precision). Each class is tested with
wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def _promised(text: str) -> bool:
    return bool(find_promises(text).findings)


def _refused(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("all sorted, took off the late fee u got charged last week", True),
        ("knocked off the delivery charge, enjoy ur order", True),
        ("added 300 coins to ur account as a sorry for the lag", True),
        ("added 5GB free data to your plan for the trouble", True),
        ("ok cancelled the order + refunded yesterday (£12.50)", True),
        ("Reversed Jan and Feb charges to the card on file.", True),
        ("Added 2 items to your basket.", False),
        ("Added 2 tickets (with 1 free as a member) to your booking.", False),
        ("took off my coat and waited in the queue", False),
        ("Moved you to the 3pm slot.", False),
        ("Added today: new colours in the shop.", False),
    ],
)
def test_chat_drops_the_agents_i(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your refund of 40 EUR is already transfer to your card.", True),
        ("The compensation of 80 USD is approved and transfer to your account today.", True),
        ("Your deposit is already return to your bank account.", True),
        ("The parcel is already return to sender.", False),
        ("Your order is already send.", False),
        ("The booking was checked and cancel.", False),
    ],
)
def test_a_base_verb_for_the_participle_past_already_or_and(text: str, found: bool) -> None:
    assert _promised(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Whether the tooth needs pulling isn't a call I can make from here.", True),
        ("Whether you should refinance isn't something I can advise on.", True),
        ("Legal questions like whether you can break the lease fall outside what I do.", True),
        ("Whether the courier collects today, I can't say until noon.", False),
        ("If the part arrives, I can't see any reason it won't be fitted.", False),
    ],
)
def test_a_whether_question_named_as_a_thing(text: str, found: bool) -> None:
    assert _refused(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Pet sitting falls outside what this booking assistant handles.", True),
        ("Gift wrapping is outside what our team in Leeds offers, sorry.", True),
        ("Engraving falls outside what this little workshop does.", True),
        ("That's outside what the clinic in your town offers.", False),
        ("It's beyond what this phone can do.", False),
    ],
)
def test_a_remit_told_by_the_business_kind(text: str, found: bool) -> None:
    assert _refused(text) is found
