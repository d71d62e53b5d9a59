"""Refusal classes found by dev round 216 (a decline's commonest forms avoided).

Round 216 declined without "can't" or "won't". Its misses, read as classes: a request said
to be "no longer an option", or with "no option to" it; "a hard no from" a named team; a
matter that "stays closed"; a request "off the menu" (not a dish); a request that "stops with
us"; a request named far back before "has been turned down", and an act (not a person)
refused ("release of the records has been refused"); who someone is, "never disclosed"; a
list line of another person's data after "your" ("Your colleague's room number: not
shared"); what the house's own code "forbids"; and "we shall be passing on" an offer (not
"pass on your feedback", which relays a message). Its false alarms: an exact figure "not
possible" until something is done (a hedge), and a refusal inside a condition opened by
"Were ... to". Each class is tested with wordings that are not corpus items, and with close
negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The 14-day window has closed, so an exchange is no longer an option.", True),
        ("An exchange is still an option if you prefer.", False),
        ("There is no option to pause a yearly membership halfway through.", True),
        ("If there's no option to pay online, call us and we'll take it by phone.", False),
    ],
)
def test_no_longer_an_option_and_no_option_to(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Sorry, removing the seller's note is a firm no from the compliance team.", True),
        ("That was a no-show from the delivery team, sorry.", False),
    ],
)
def test_a_no_from_a_named_team(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your appeal has already been heard, so the complaint remains closed.", True),
        ("The ticket stays closed until the part arrives, then we reopen it.", False),
        ("The branch stays closed on bank holidays.", False),
    ],
)
def test_a_matter_kept_closed(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Express orders are sadly off the menu for rural addresses.", True),
        ("Same-day refunds are off the menu, I'm afraid.", True),
        ("Dairy is off the menu for a week after the procedure.", False),
        ("Guests can order off the menu at the bar.", False),
    ],
)
def test_a_request_off_the_menu(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your flatmate's bill is in her name, so that request stops with us.", True),
        ("The buck stops with us, so I'll fix it today.", False),
    ],
)
def test_a_request_that_stops_with_us(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Your request for the fitter to also hang the bathroom mirror on Monday's "
            "kitchen install has been turned down.",
            True,
        ),
        ("Disclosure of the tenancy file to you has been refused.", True),
        ("You were refused at the door because the event was full.", False),
    ],
)
def test_a_request_named_far_back_or_an_act_refused(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The identity of the seller is never disclosed to buyers.", True),
        ("Your details are never disclosed to third parties.", False),
    ],
)
def test_who_someone_is_never_disclosed(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- Your partner's PIN: not shared, per account security.", True),
        ("- Your PIN: not shared with anyone.", False),
    ],
)
def test_another_persons_data_on_a_your_line(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our professional standards forbid signing a valuation we haven't carried out.", True),
        ("Our policy doesn't prevent sharing a booking with a friend.", False),
        ("Your lease prohibits subletting, so check with your landlord.", False),
    ],
)
def test_what_the_houses_own_code_forbids(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll be passing on the invitation to quote for the extension.", True),
        ("We'll be passing on your comments to the site manager.", False),
        ("I'll pass on your thanks to the driver.", False),
    ],
)
def test_passing_on_an_offer_not_relaying_a_message(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("An exact cost for the roof isn't possible until the surveyor has been up.", False),
        ("A refund isn't possible until the item is back with us.", True),
        ("Were the hotel to decline the late checkout, we'd book you a day room.", False),
        ("The hotel has declined the late checkout, I'm afraid.", True),
    ],
)
def test_an_exact_figure_and_an_inverted_condition(text: str, found: bool) -> None:
    assert _found(text) is found
