"""The twenty-first pass: promise and refusal classes read across the whole dev split.

Promises fixed: an act of any verb committed or reported done at no charge ("the clinic will
see you again at no extra cost", "your battery's been fitted free of charge", "I've added
5 GB to your line at no cost"), in a sentence with no word of a condition, a maybe, a rule
said of everyone, a request passed on or another's words (`_promise_free_acts`).
Refusals: no rule added (the pass's time went to promises).

Left: a frame of no charge alone as its own sentence ("... by Thursday. no charge."), "it's
yours, no charge" after an imperative, "costs you nothing" after "so", "at no further cost"
after a commitment an older rule reads first as negated; status tables whose cells name no
grant, certainty idioms, a third party's commitment held by a time clause; and every
refusal class the twentieth pass left. Each class fixed is tested with wordings that are
not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promises


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The clinic will see you again next week at no extra cost.", True),
        ("Your cracked screen's been swapped free of charge, ready to collect after 3pm.", True),
        ("I've added 5 GB of data to your plan at no cost for the outage.", True),
        ("A fruit basket and an early check-in at no charge have been arranged for you.", True),
        ("The workshop has agreed to repaint the door free of charge.", True),
        ("We will reprint the faded photos and post them to you at our expense.", True),
        ("Your missing chapters are set to be unlocked free of charge tomorrow.", True),
        ("Tonight's room service carries no charge, with our apologies for the noise.", True),
    ],
)
def test_an_act_at_no_charge(text: str, found: bool) -> None:
    assert bool(promises(text)) is found


@pytest.mark.parametrize(
    "text",
    [
        "If the lab confirms the lens is faulty, we'll regrind it at no cost.",
        "Once the engineer confirms a factory fault, the hob will be swapped free of charge.",
        "Should the pump fail within a year, we'll fit a new one at no charge.",
        "Any scratched frame will be replaced free of charge.",
        "Every subscriber gets cloud backup at no extra cost.",
        "Broken glasses reported within a day are replaced free of charge.",
        "I've asked the depot whether they can resend it at no charge.",
        "I think the courier will maybe redeliver without cost, but nothing is confirmed.",
        "Sorry, we cannot repaint the door free of charge, as the scratch was not ours.",
        "The pickup is on Tuesday; a new chair goes out as soon as it's in, at our cost.",
        'The driver wrote: "we will redeliver free of charge tomorrow."',
        "Check the app tomorrow — no charge will show for the cancelled ride.",
        "Your documents will be reviewed by our notary at no cost to you.",
        "Then you'll print the label and drop the box at the post office at no cost.",
    ],
)
def test_an_act_at_no_charge_held_back(text: str) -> None:
    assert not bool(promises(text))
