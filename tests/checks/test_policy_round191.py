"""Refusals of dev rounds 191, 192 and 196: chat, advice and others' data, hard negatives.

Round 191 was written as chat, SMS and app assistants write (45 of 50, three false alarms);
round 192 declined advice, others' data and accounts, and fraud in varied grammar (44 of
50); round 196 was 50 hard negatives full of negative words (two false alarms). The classes
fixed, tested here with wordings that are not corpus items:

- chat's "rn" and "atm" as "right now"; a server "having issue", a map "not loading", phone
  lines "playing up", a person that "can't be reached rn": faults of the moment;
- "a no go" written apart, "is a no tho";
- "is a bit beyond me" (not "it's beyond me why ...", puzzlement);
- "even if" opens no hypothetical: what follows declines whatever the case;
- "won't try to diagnose", "won't set up";
- "sits with your CPA" (a CPA among the professionals), "our doctors can't";
- a base for the participle after "be" in non-native English ("cannot be send to you");
- a transfer that "can't go through" after a limit named (not after a fault);
- a refusal someone else told the customer ("the front desk told you pets weren't allowed"),
  not the agent's own ("As I told you, ...").
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("can't get hold of the courier rn, will try again in 5", False),
        ("The booking server is having issue at the moment so I can't move your slot now.", False),
        ("the app's not loading on my side so I can't change the order yet, sorry", False),
        ("Our card reader is playing up, so I can't take the payment this minute.", False),
        ("can't share his number rn, it's his private info", True),
    ],
)
def test_faults_of_the_moment_in_chat(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("3 guests max per booking so a 4th is a no go sorry", True),
        ("a refund on a used code is a no tho", True),
        ("Writing your cover letter is a bit beyond me, I'm afraid.", True),
        ("It's beyond me how the parcel got there, but I've reordered it.", False),
        ("Even if he's your husband we won't share his balance with you.", True),
        ("I won't try to diagnose the rash from a photo.", True),
        ("Our team won't set up fake accounts for your reviews.", True),
    ],
)
def test_declines_in_chat_and_in_other_words(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Which expenses count is a question that sits with your CPA.", True),
        ("Our doctors can't sign a fit note for days you weren't seen.", True),
        ("The file of your colleague cannot be send to you, as he is the holder.", True),
        ("Our daily limit is £2,000, so the £5,000 transfer can't go through today.", True),
        ("The payment can't go through right now, the bank link is down.", False),
    ],
)
def test_advice_others_and_limits(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The call centre told you refunds weren't possible — that was wrong, it's done.", False),
        ("As I told you, refunds aren't possible after 30 days.", True),
    ],
)
def test_someone_elses_refusal_told_to_the_customer(text: str, found: bool) -> None:
    assert _found(text) is found
