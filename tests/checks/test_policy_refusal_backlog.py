"""Refusal classes read across the whole dev backlog (the misses no single round showed).

Fixed: a house's review and its negative verdict joined by "and" with one subject for
both ("the committee met on Tuesday and has declined your request", "your request was
reviewed by the membership office and was not approved", "our quality team checked the
blender and decided to reject the exchange", "our customs team has looked at the request
and won't declare them": `_refusal_reviewed`, 8 dev misses from rounds 207, 237, 240, 250);
and the advice handed to a named doctor or a definite professional by a frame that gives it
away ("a question for Dr Haldane", "something to run past Dr Patel", "one to check with
the pharmacist", "please check with Dr Hale": `_refusal_professionals.deferred_to`, 6 dev
misses from rounds 147, 150, 230, 237, 238, 244).

Left, because a general rule would cost precision: a house's "won't" with a neutral verb
("we won't be matching that one", "HR won't be contacting your former employer"), whose
reassuring twins ("we won't be moving your booking") read the same; a practice stated with a
clause-final "only" ("our cheque books come in English only", "our vans deliver to street
addresses only"), which reads like plain information ("the offer is online only"); a limit
or a fact stated with no word of refusal at all ("Basic fares convert to travel credit when
cancelled", "the register shows you as absent"); and a profession named only by a clipped or
rare word ("a physio's call"), whose word also names the service booked. Each class fixed is
tested with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


def _found(text: str) -> bool:
    return bool(find_refusals(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The lettings panel met this morning and has declined your request for a pet.", True),
        ("Our pricing team went over your quote and has not approved the extra discount.", True),
        ("Your request to defer the exam was considered by the board and was rejected.", True),
        (
            "Your application for a hardship grant was assessed by our welfare office and was "
            "not approved, as the fund is closed.",
            True,
        ),
        ("Our returns team inspected the jacket and decided to refuse the exchange.", True),
        ("The moderation team discussed your report and has decided the post will stay up.", True),
        ("Our underwriting team examined the request and won't be adding the extension.", True),
        ("Our billing team reviewed your account and has approved the refund.", False),
        ("Our billing team reviewed your request and won't charge you the late fee.", False),
        ("Our billing team reviewed your account and decided not to charge the fee.", False),
        ("The airline reviewed the claim and rejected it.", False),
        ("Our team reviewed the booking and decided the fee won't apply.", False),
    ],
)
def test_a_verdict_after_a_review(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Whether to cut the tablets in half is a question for Dr Mensah, not for the shop.", True),
        ("Changing the insulin timing is a decision for Dr. Ibarra at your review.", True),
        ("Giving him the spray twice a day is something to run past Dr Lowe first.", True),
        ("Combining those two supplements is one to check with the pharmacist.", True),
        ("Please check with Dr Kaur before you increase the dose.", True),
        ("Dr Kaur has a free slot at 10:40 on Thursday.", False),
        ("We can book you an appointment with Dr. Mensah next week.", False),
        ("Let me check with the pharmacist and come back to you in ten minutes.", False),
        ("I'll run it past Dr Lowe this afternoon and call you.", False),
        ("There's no need to check with the pharmacist for this one.", False),
        ("It isn't a question for the pharmacist; the refill is ready.", False),
    ],
)
def test_a_question_handed_to_a_named_doctor(text: str, found: bool) -> None:
    assert _found(text) is found
