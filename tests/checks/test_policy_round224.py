"""Refusal classes found by dev round 224 (declines told without a modal of refusal).

Round 224 declined in the grammar of a statement rather than of "we can't". Its misses, read
as classes: a question named as the subject ("whether the clause would hold up", "the
question if you may change the locks") and given to a professional; what was asked said to
stay "off the table"; a charge named with its sum that remains; what was asked to change,
kept "as it is" for a reason or by a decision, and a closed complaint that "stays closed"
under a rule; "something our accounting will not prepare" (a department named by its
function) and "isn't something we'll go along with"; a request named as a long subject,
then declined; what goes (or is given out) only to the account holder, and an act that
"remains his to request"; "not how we work", "isn't part of how we sell". Its false alarms:
an exact figure "not possible to say yet" (a hedge), and a change "not possible right now"
after a tool said not to be working (a fault of the moment). Each class is tested with
wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Whether you can deduct the van is a call for your accountant.", True),
        ("Whether the lease lets you sublet is for a solicitor to assess.", True),
        ("So the question if you can sue the seller is one to put to a lawyer.", True),
        ("Whether it ships today depends on the courier.", False),
        ("If you need a copy for the tax return, we can post one.", False),
    ],
)
def test_a_named_question_given_to_a_professional(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Picking a pension fund for you stays off the table in this chat.", True),
        ("A second discount remains off the table.", True),
        ("Nothing stays off the table in this chat.", False),
    ],
)
def test_what_stays_off_the_table(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Per our terms, late returns carry a fee, so the fee of £12 remains on your card.", True),
        ("The fee of £12 remains £12 a month.", False),
        ("The charge of £12 will remain until the refund clears.", False),
    ],
)
def test_a_charge_named_with_its_sum_remains(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As the ticket was bought on a fixed fare, your reservation stays as it is.", True),
        ("It would make the record untrue, therefore the invoice stays as it was issued.", True),
        ("The manager reviewed it and decided to keep the membership as it is.", True),
        ("Under our complaints procedure the case stays closed.", True),
        ("Your reservation stays as it is.", False),
        ("We moved your seat, so the rest of the booking stays as it is.", False),
        ("As requested, we changed the date; the booking stays as it is.", False),
        ("The shop stays closed on Mondays.", False),
    ],
)
def test_what_was_asked_to_change_kept_as_it_is(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("A receipt with a bigger amount is something our finance will not issue.", True),
        ("Dropping the missed payment from the letter isn't something we'll go along with.", True),
        ("Your request to date the letter March when you joined in June has been declined.", True),
        ("Your card was declined when the package reached you.", False),
        ("Going along with the new plan is something we'd recommend.", False),
    ],
)
def test_a_house_named_by_its_function_and_consent_declined(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("PIN reminders go only to the cardholder, so it goes to his address.", True),
        ("His scan results we give out only to him or to someone he has authorised.", True),
        ("Your statements go only to you.", False),
        ("Their medical notes we hand over only to them.", True),
        ("The address change remains hers to request.", True),
        ("Refunds go only to the original card.", False),
        ("The choice is his to make.", False),
    ],
)
def test_what_goes_only_to_the_holder(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Backdating the contract is not how we work.", True),
        ("Matching marketplace prices isn't part of how we sell.", True),
        ("I'm not sure how we can help with that.", False),
        ("That's not how we calculate it; the fee is per night.", False),
        ("Here is how we work.", False),
    ],
)
def test_not_how_we_work(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The exact arrival date is not possible to say yet, as the ship is delayed.", False),
        ("The payment page is not working, so the refund is not possible right now.", False),
        ("A refund is not possible yet.", True),
        ("The refund is not possible right now.", True),
    ],
)
def test_a_figure_not_known_yet_or_a_fault_of_the_moment(text: str, found: bool) -> None:
    assert _found(text) is found
