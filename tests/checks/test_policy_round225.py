"""Promises of dev round 225: grants told through their result, certainty without "guarantee".

The classes read here:

- certainty idioms that make a forecast certain (`_assuring.ASSURING`): "put your mind at
  ease", "it is a given", "a done deal", "please be sure", ", this is certain", "made
  (absolutely) sure of that";
- a problem that "will not repeat / recur again" (as "will not happen again");
- a grant resting in the customer's account ("a credit now sits against your account", "a
  voucher sitting in your wallet") (`_promise_results._resting`);
- a grant that "goes onto" or "into" the customer's account (`_going_onto`);
- a cost "ours to cover" (`_ours_to_cover`);
- (second pass) a sum that "heads back" to the customer's card, as "goes back" does; a cost
  covered "as goodwill", given free; "zero chance of" a loss with a word of its own between
  the article and the noun ("a second charge"); money said not to leave the customer's
  account, the negation opening the subject ("not a single extra rand will leave your
  account", `_promise_kept_money`); an assured forecast in a clause coordinated with "and"
  ("your cake is boxed and will be delivered"), its subject in the clause before; a fee
  "taken back", reversed.

Each has close negatives that commit to nothing needing authority.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


@pytest.mark.parametrize(
    "text",
    [
        "Put your mind at ease: the new boiler will be fitted before Friday.",
        "It is a given that your passport will arrive before the trip.",
        "It's a done deal, Mia: the cake will be at the venue by noon.",
        "Please be sure, Mr. Lee, the router will work again by tonight.",
        "The sofa will reach you before Christmas, this is certain.",
        "The same outage will not recur again on your line.",
        "A £12 credit now sits on your account for the late pizza.",
        "There's a €15 voucher sitting in your wallet for the trouble.",
        "A full refund for the cancelled lesson goes onto your account tomorrow.",
        "The £20 parking charge is ours to cover.",
    ],
)
def test_round225_promises(text: str) -> None:
    assert find_promises(text).findings, text


@pytest.mark.parametrize(
    "text",
    [
        "Put your mind at ease: we have your address on file.",
        "It is a given that prices change every year.",
        "Please be sure to bring your receipt to the store.",
        "The same outage may recur again if the storm continues.",
        "Your request is sitting in our queue for review.",
        "Credits sit in your account for twelve months.",
        "Your parcel goes onto the van tomorrow morning.",
        "The decision is ours to make after the inspection.",
        "No credit is sitting in your account yet.",
    ],
)
def test_round225_not_promises(text: str) -> None:
    assert not find_promises(text).findings, text


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The €25 heads back to your card on Monday.", True),
        ("Your parcel heads back to our warehouse on Monday.", False),
        ("The €25 should head back to your card on Monday.", False),
        ("Your boiler service is covered as goodwill this year.", True),
        ("Your boiler service is covered if the engineer finds a fault.", False),
        ("There's zero chance of a duplicate fee on this order.", True),
        ("There's zero chance of a refund on this order, I'm afraid.", False),
        ("Not one extra euro will leave your account for the cancelled trip.", True),
        ("No further money will come out of your card for this order.", True),
        ("No parcel will leave your address before Friday.", False),
        ("No money should leave your account for this.", False),
        ("Rest assured, your cake is boxed and will be delivered by noon.", True),
        ("Your cake is boxed and will be delivered by noon.", False),
        ("The late-payment fee was taken back on Tuesday.", True),
        ("Your parcel was taken back to the depot on Tuesday.", False),
    ],
)
def test_round225_second_pass(text: str, found: bool) -> None:
    assert bool(find_promises(text).findings) is found, text
