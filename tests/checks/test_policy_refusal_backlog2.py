"""Refusal classes found across the whole dev split's backlog, second pass.

The misses left after the first pass, read together across rounds. Fixed here:

- a practice not done, with the business by name, a noun or two after "our", or "this
  shop": "...isn't something our bakery takes on", "...not something our store takes part
  in", "...isn't a service Brightline Water carries out", "...is something Payflo won't do",
  "...is something this shop has never done" (`_refusal_something`, `_refusal_will`);
- a decision relayed from the business's own people, named by a duty ("the events
  manager has come back and they won't"), as coordinators, or asked by a ping ("I pinged
  the infra team ... and they're not doing it"), and a unit asked before "he's not going to"
  and a verb ("had a chat with the workshop boss — he's not going to fit it")
  (`_refusal_relayed`, `_refusal_house_said`).

Left: "won't" with an ordinary verb said by the house itself, with no reason, regret or
unit that passed it on ("we won't take your call at home": "we won't be sending reminders"
reads the same); a practice limited by a postposed "only" ("we deliver to street addresses
only", most of round 254: "valid for new customers only" reads the same); the other
person's data or account told as where it goes ("the reset link goes only to the email on
the account"); a limit or a fact with no word of refusal ("the window closed, so your grade
stays as marked"); and a mishap or a fact told as "something ... has never done" ("Losing a
parcel is something this shop has never done" boasts). Each class is tested with wordings
that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Custom embroidery on hoodies isn't something our print studio takes on.", True),
        ("Framing the prints is not something our gallery shop takes on, sorry.", True),
        ("Bidding wars aren't something our agency takes part in.", True),
        ("Your feedback is something our team takes seriously.", False),
        ("That isn't something our team takes lightly.", False),
    ],
)
def test_a_unit_that_does_not_take_it_on(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Moving the water meter isn't a service Brightline Water carries out.", True),
        ("Home visits aren't a service Oakfield Vets offers at weekends.", True),
        ("Same-day repairs are a service Brightline Water offers in most areas.", False),
        ("Is that something Harbour Mutual covers?", False),
    ],
)
def test_a_service_the_business_by_name_does_not_do(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Writing a reference with made-up dates is something Payflo won't do.", True),
        ("Splitting one invoice across two companies is something Ledgerly will not do.", True),
        ("Charging you twice is something Payflo won't be doing.", False),
        ("Price matching is something this shop has never offered.", True),
        ("Layby on sale stock is something our store has never allowed.", True),
        ("Losing a parcel is something this shop has never done.", False),
        ("Missing a delivery date is something our store has never done.", False),
    ],
)
def test_something_the_business_will_not_or_never_did(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The bookings manager got back to me and they won't be opening the hall early.", True),
        ("The kitchen manager has come back and they won't be adding a vegan menu.", True),
        ("The coordinators have said they will not be taking bookings for under-fives.", True),
        ("I pinged the billing team about the credit and they're not doing it, sorry.", True),
        ("The hotel manager said they won't be extending the checkout.", False),
        ("The events manager has come back and they won't be charging you for the hour.", False),
        ("The customs office informed us that they will not release it without an invoice.", False),
    ],
)
def test_a_decision_relayed_from_our_people(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I had a chat with the workshop boss and he's not going to fit the roof rack.", True),
        ("I spoke to the kitchen manager, she's not going to add the extra course.", True),
        ("I spoke to the workshop boss and he's not going to charge you for it.", False),
        ("I checked with our warehouse and they're not going to be shipping until Monday.", False),
    ],
)
def test_a_unit_asked_is_not_going_to(text: str, found: bool) -> None:
    assert _found(text) is found
