"""Promise classes found by dev round 271 (spoken call-centre turns).

Round 271's misses, read as classes: a pseudo-cleft ("what I'm gonna do is I'm gonna send
you ...") in a turn that ends on a tag ("..., yeah?"), read as a question because its clause
opens with "what" (`_spoken.clefted`, read by `_grammar.Sentence.is_question_clause`); a
charge or a bill named as the turn's topic at its head, then a story, then "so" and a pronoun
that acts on it ("the parking fine on Elm Road, I've checked ..., so I've cancelled that":
`_promise_referents.ReferentReader._topic`); a price said as a speaker says it, in words
("you'll get the fourteen ninety-five back": `_money.said_price`); and "you won't owe
anything", "you're not gonna owe a penny", a no-charge commitment (`_guarantees`).

Left: "we'll knock the shipping off" with no bill named (the price said after it carries the
turn here); "you don't owe it" in the present (an agent reading a balance says the same);
"seventy pound" as a topic of its own.
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
        ("Okay, um, what we'll do is we'll refund the whole fare to your card, alright?", True),
        ("So what I can do is I'll waive the call-out charge for you, yeah?", True),
        ("What would you like me to do, shall I refund the fare to your card?", False),
        ("What do you want us to do with the refund, okay?", False),
    ],
)
def test_a_pseudo_cleft_before_a_tag(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Right, the clamping fine on Mill Lane, I've checked the meter log and it was "
            "broken, so I've scrapped that.",
            True,
        ),
        (
            "Okay so your invoice from the June service, that was billed twice, so we'll "
            "cancel it.",
            True,
        ),
        (
            "The clamping fine on Mill Lane, I've checked the meter log, so I'm afraid it stands.",
            False,
        ),
        ("The invoice from June, I've had a look, so I'll email it to you again.", False),
    ],
)
def test_a_charge_named_as_the_turns_topic(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry about that, you'll get the twelve fifty back by Friday.", True),
        ("You'll get the three-twenty back on the same card.", True),
        ("You'll get the two of them back after the repair.", False),
        ("You'll get the three boxes back next week.", False),
    ],
)
def test_a_price_said_in_words(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We've sorted it, you won't owe a thing on that repair.", True),
        ("Honestly, you're not gonna owe us a penny for the callout.", True),
        ("If you return it within the week, you won't owe anything.", False),
        ("You still owe the second instalment of forty pounds.", False),
        ("You won't owe anything until the first bill in March.", False),
    ],
)
def test_you_will_not_owe(text: str, found: bool) -> None:
    assert _found(text) is found
