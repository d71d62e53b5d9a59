"""Refusal classes found by dev round 264 (replies that carry more than the agent's words).

Round 264's false alarms, read as classes: an inability on a line that is not the agent's
own words, which the shared reader `_own_words` (read by both detectors through
`_findings.scan`) sets aside: an earlier message quoted under ">" ("> On 2 Oct, Ayesha
wrote: > I can't print ..."), the customer's turn of a transcript ("Customer: I can't get it
to apply"), a chat banner in square brackets, and the footer below the sign-off or a "--"
delimiter, with its legal notice ("... cannot accept liability for any loss arising from
this e-mail"), or a last paragraph that is a legal notice with no sign-off before it; and a
machine failing now told before "so I can't" ("our case system is rejecting uploads",
`_refusal_faults`).

Its misses: two verbs joined by "or", the first a failure's and the second one that
declines ("I'm not able to look up or discuss someone else's membership", `_refusals`);
"we won't be doing that", an -ing form of five letters (`_refusal_reasons.base_form`; not
"won't be doing that again", an apology); a sanction not lifted ("I won't be lifting it
early", `_refusal_will.not_lifted`); and a "will not" of the act the reply has just
restated as asked ("You asked us to add the laptop ... We won't include items that weren't
stolen", `_refusal_asked_before`). Left: "we won't be moving the account onto your email"
(a transfer to the customer is declined only by the owner named in the next sentence, and
"we won't move X to your Y" as often reassures). Each class is tested with wordings that
are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._own_words import kind_at, others_at
from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Hi Ravi,\n\n> On 3 May, Ravi wrote:\n> I can't open it.\n\nI've re-sent it.", False),
        ("User: I can't log in to my account\nSupport: Thanks, I've sent a reset link.", False),
        (
            "[Calls are recorded. We are unable to take card details by chat.]\n"
            "Client: can you move my booking?\nAgent: Done, it's now on the 4th.",
            False,
        ),
        (
            "Hi Jo,\n\nYour order has shipped.\n\nThanks,\nPriya\nHomeBits\n\nHomeBits cannot "
            "accept liability for any loss arising from this e-mail.",
            False,
        ),
        (
            "Hi Jo,\n\nYour order has shipped.\n\nThis e-mail is confidential. If you are not "
            "the intended recipient, you must not copy it and we cannot accept responsibility.",
            False,
        ),
        (
            "Hi Ravi,\n\nThe new card is on the way.\n\n--\nOmar, Card Services\nWe will never "
            "ask for your PIN and cannot accept instructions by text.",
            False,
        ),
        # the agent's own words stay read: the body, the agent's turn, a P.S.
        (
            "Hi Sam,\n\nSorry, but we won't be releasing your neighbour's parcel to you.\n\n"
            "Best wishes,\nLena\nParcelHub cannot accept liability for altered messages.",
            True,
        ),
        (
            "Caller: can you tell me my sister's balance?\n"
            "Agent: I'm sorry, I can't share another customer's balance.",
            True,
        ),
        ("Thanks,\nDev\n\nP.S. I can't share your partner's PIN with you, sorry.", True),
    ],
)
def test_words_not_the_agents(text: str, found: bool) -> None:
    assert _found(text) is found


def test_the_reader_names_each_kind() -> None:
    text = "> I can't pay.\nCustomer: hi\nAgent: hello\n[Chat ended]\n\nRegards,\nAl\nSlogan."
    found = others_at(text)
    parts = ("I can't", "hi", "hello", "Chat", "Slogan")
    kinds = [kind_at(found, text.index(part)) for part in parts]
    assert kinds == ["quoted", "customer's turn", None, "banner", "footer"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The portal is rejecting card payments today, so I can't take your deposit yet.", False),
        ("The booking app keeps crashing, so I can't change the slot right now.", False),
        ("The bank is rejecting the payment, so I can't release the funds.", True),
    ],
)
def test_a_machine_failing_now(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I can't find or share your neighbour's new address.", True),
        ("Sorry, I'm unable to look up or pass on another guest's room number.", True),
        ("I can't find or open the file right now, the system is down.", False),
    ],
)
def test_a_second_verb_joined_by_or(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, we won't be doing that.", True),
        ("I see what you're asking for, but I won't be doing it.", True),
        ("We won't be doing that again, I promise.", False),
    ],
)
def test_not_doing_that(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We won't be lifting the suspension on your account.", True),
        ("I get that the restriction is annoying, but we won't lift it early.", True),
        ("We won't unban the account early.", True),
        ("We won't lift the price this year.", False),
    ],
)
def test_a_sanction_not_lifted(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "You asked us to add your son to the policy from March. We won't include him on "
            "a backdated basis.",
            True,
        ),
        ("You asked us to move the seat to your name. We won't be transferring it.", True),
        ("You asked us to keep the seat free. We won't charge you for it.", False),
        (
            "You asked us to list the sofa on the site. We won't be including it until the "
            "photos arrive.",
            False,
        ),
    ],
)
def test_the_act_asked_for_restated(text: str, found: bool) -> None:
    assert _found(text) is found
