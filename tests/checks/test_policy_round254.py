"""Refusal classes found by dev round 254 (declines told as plain facts of how things work).

Round 254 declined without a word of declining: it told how the house works, and the fact
turned the request down. Its misses, read as classes and fixed:

- another person's thing kept where that person holds it (`_refusal_idioms`): "X's login
  stays with X" (the name the possessive gave, said again), "stays on his SIM", "remains
  tied to the original owner's account", and a third party's data that "stays with us"
  when the subject names who it belongs to ("seller phone numbers stay with us");
- data or an act given only to a third person in the present, not the passive
  (`_refusal_barred.only_to_them`): "staff give it out only to the member", "details go out
  only with that tenant's say-so"; and "released to the student alone"
  (`_refusal_by_them`), as "released to him alone" was;
- a record stated against what was asked (`_refusal_not_as_asked`): "it reads 9 April
  rather than the 28 March you asked for", "and not the 2 years you requested".

Left, as a general rule for them would cost precision: a house routine told in the present
("our vans deliver to street addresses only", "trainers work on site only", "issued as
e-tickets only"), which reads the same as plain information on the negatives ("invoices on
our platform are PDFs"); data said to be "sent to her" or to "go to them" with no "only"; a
decision or advice said to be made by someone else ("a recommendation our mortgage advisers
make", "explained by Dr Villanueva at your follow-up"); a policy limit followed by what
happens instead in a shape round 238 does not read ("so the $186 sits as credit", "keeps
coming out as normal", "the £150 applies from this winter onwards"); and a record stated
without the customer's wish named ("goes as a purchase at USD 640 and not as a gift"). Each
fixed class is tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Logins are personal, so Dana's password stays with Dana.", True),
        ("The handset was reported stolen, so the phone stays on her contract.", True),
        ("The car remains linked to the previous keeper's account.", True),
        ("Driver phone numbers stay with us; you can message him in the app.", True),
        ("The spare key stays with Omar until Friday.", False),
        ("Your number stays on your SIM after the port.", False),
        ("The car remains linked to your account until the sale completes.", False),
        ("Customer phone numbers stay with us and are never sold.", False),
        ("The charge stays on his bill until the refund clears.", False),
    ],
)
def test_kept_where_another_person_holds_it(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Payslips are private: payroll sends them only to the employee.", True),
        ("Visit logs go out only with that patient's consent.", True),
        ("Transcripts are released to the student alone, by post.", True),
        ("Your marks are released to the student alone.", False),
        ("Your son's marks are released to the student alone.", True),
        ("We send the code only to you.", False),
        ("The shuttle goes only to the depot on Mondays.", False),
        ("Results are released to the student only after the board meets.", False),
    ],
)
def test_given_only_to_a_third_person(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Certs follow the register, so it states 3 June rather than the day you requested.",
            True,
        ),
        ("The payslip carries your real hours and not the 40 hours you wanted.", True),
        (
            "Receipts print at the till, so it shows £18 instead of the £30 you asked for.",
            True,
        ),
        ("I've refunded £40 rather than the £20 you asked for.", False),
        ("Your booking shows three nights, not the two you mentioned.", False),
        ("If the receipt shows £18 rather than the sum you asked for, tell me.", False),
        ("Does the invoice read 9 April rather than the date you asked for?", False),
    ],
)
def test_a_record_stated_against_what_was_asked(text: str, found: bool) -> None:
    assert _found(text) is found
