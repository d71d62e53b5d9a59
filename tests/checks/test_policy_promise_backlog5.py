"""Promise classes of the dev backlog's fifth pass: a label naming the agent's own next step.

The dev split's misses, read whole, held one class the four passes before had counted and
left: a labelled line whose label says the step is the agent's own ("**What I'll do:**",
"**Next step (me):**", "**Our fix:**") and whose value is a grant told as a bare verb or a
plain statement ("move you to a Junior Suite ... at no extra cost", "refund £4.99", "the box
gets re-shipped ..., free of charge"; rounds 28, 64 and 79). Fixed: the label commits the
agent to its value, so a base or -ing verb opening the value is the agent's act to come
(`_promise_lists.opens_own_step`, read by `_promise_grants.GrantReader._listed`), a granting
frame in the value makes the value a commitment whatever its verb (`_promise_own_steps`),
and a list under such a label is read as under "What we'll do:". Not a label of options,
rules or conditions ("Options:", "Policy:", "What we can do:", "If it arrives damaged:"),
nor one whose step is the customer's ("Next step (you):"); a question or a condition in the
value is set aside by the detector's scopes.

Left: the lines under such a label written in a non-native present simple ("- I move you
to Friday flight", "Change fee is not apply, we take it": the same words state a policy),
a heading with no colon and no first person ("**Here's what happens now**" over "£30 will
go onto your account": a forecast, read elsewhere as plain information), and a staff note's
"Next step (scheduled):" (the step is the system's, not the agent's). Each class is tested
with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("**Next step (me):** refund the £12 booking fee to your card by Friday", True),
        ("**Next steps (mine):** credit €20 to your wallet for the late delivery", True),
        ("Next step for us: reimburse the taxi fare you paid on the night", True),
        ("**What I'm doing:** refunding the second £7.50 charge today", True),
        ("**Next step (you):** refund request form, attached below", False),
        ("**Options:** refund the £12 booking fee or keep it as credit", False),
        ("**Our policy:** refund the booking fee only within 14 days", False),
        ("**What you'll do:** send the charger back, free of charge", False),
    ],
)
def test_a_verb_after_the_agents_own_step(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("**Our fix:** your October order gets re-sent this week, free of charge", True),
        ("**Next step (me):** move your stay to a quieter room at no extra cost", True),
        ("**Our fix:** the courier collects the sofa on Monday, at our expense", True),
        ("**My solution:** the repaired bike comes back to you at our expense", True),
        ("**What we're going to do:** the spare part ships tomorrow, at no charge", True),
        ("**If it arrives damaged:** the replacement goes out free of charge", False),
        ("**Our terms:** spare parts ship free of charge", False),
        ("**Next step (you):** send the old charger back free of charge", False),
        ("**Our fix:** a new charger goes out free of charge if the old one is faulty", False),
        ("**Your options:** a new charger free of charge, or a refund", False),
        ("**Our fix:** could the spare part ship at no charge?", False),
    ],
)
def test_a_grant_in_the_agents_own_step(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("**Next steps (I'll sort these):**\n- refund the £30 deposit\n- waive the late fee", True),
        ("**Next steps (you):**\n- refund form to fill in\n- send receipts", False),
    ],
)
def test_a_list_under_the_agents_own_step(text: str, found: bool) -> None:
    assert _found(text) is found
