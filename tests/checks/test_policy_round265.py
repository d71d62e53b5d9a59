"""Promise classes found by dev round 265 (replies that carry more than the agent's words).

Round 265's false alarms, read as classes: a guarantee or a promise in the lines that are
not the agent's own words, set aside by the reader both detectors share (`_own_words`): the
slogan of a signature block ("Happiness guaranteed.", "Best Rate Guarantee when you book
direct", "Price Promise: never pay more"), and one below a "---" rule at the end; a
customer's or the chat system's line in a transcript; and two prices the customer pays,
told in ways not read before: the price of what is paid for told with "is" before ",
which" ("the upgrade is €45 per night, which will be added to your bill",
`_authority._priced_before`), and the fee of a replacement named a "charge" that "applies"
(`_promise_customer_paid._price_charged`).

Its misses: "until" before a term of the customer's that ends on its own ("until your
contract ends": how long, not a condition, `_condition_words`); a gift given "as an apology"
named after it (`_lexicon.FREEBIE_PHRASES`); and "credited your card" (only "credit card",
the noun, is set aside, `_authority`). Left: "drop 1,000 Crystals into it" ("drop" is a
verb of removing a charge, "drop the fee"; reading it as giving needs the account after
"into"). Each class is tested with wordings that are not corpus items, and with close
negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Hi Lou,\n\nYour booking for 3 June is confirmed.\n\nKind regards,\nMaya\n"
            "TidyHome: spotless or your money back, guaranteed.",
            False,
        ),
        ("Hi Lou,\n\nYour booking is confirmed.\n\n---\nTidyHome - satisfaction guaranteed", False),
        (
            "Customer: will I get a full refund, guaranteed?\n"
            "Agent: I'm checking the notes on your account now.",
            False,
        ),
        (
            "> On 2 May, Lou wrote:\n> Your colleague said I'd get a free month, guaranteed.\n\n"
            "Thanks Lou, I'm looking into that call now.",
            False,
        ),
        # the agent's own words stay read: the body above a slogan, a P.S., a callout
        (
            "Hi Lou,\n\nI've refunded the £20 call-out fee to your card.\n\nKind regards,\n"
            "Maya\nTidyHome: spotless, guaranteed.",
            True,
        ),
        (
            "Hi Lou,\n\nYour booking is confirmed.\n\nCheers,\nMaya\n\n"
            "P.S. I've waived the call-out fee for this visit.",
            True,
        ),
        ("I checked your order.\n\n> ✅ The £15 delivery charge has been refunded to you.", True),
    ],
)
def test_words_not_the_agents(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "I've moved you to a sea-view room. The upgrade is $30 a night, which will be "
            "added to your folio.",
            False,
        ),
        ("I've refunded the booking. The refund is $30, which will be sent to your card.", True),
        ("Your replacement charger is on its way; the $12 replacement charge applies.", False),
        ("Your replacement charger is on its way; no replacement charge applies.", True),
    ],
)
def test_a_price_the_customer_pays(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("You'll keep the loyalty rate until your lease runs out.", True),
        ("You'll definitely keep the 20% discount until the contract expires.", True),
        ("You'll keep the discount until you cancel your plan.", False),
    ],
)
def test_until_a_term_ends(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll add 300 coins to your wallet as an apology.", True),
        ("I've put 500 points into your account by way of apology.", True),
        ("Please take this note as an apology.", False),
        ("We accept your letter as an apology.", False),
    ],
)
def test_given_as_an_apology(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've credited your card with $80 for the missed delivery.", True),
        ("Please update your credit card details before Friday.", False),
    ],
)
def test_credited_your_card(text: str, found: bool) -> None:
    assert _found(text) is found
