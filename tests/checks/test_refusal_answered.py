"""A request answered in the passive, read across its sentence (`request_declined`).

Three shapes a dev round left: an act asked for, as a gerund, "ruled out" or "turned down"
("Sharing another member's check-in times is ruled out by our membership terms"); "it"
after "and", taking up the request of the clause before ("your request for an engraving was
looked at by the workshop, and it was turned down"); and not an answer that someone on the
customer's side gave ("it was refused at the door by your neighbour", "rejected by your
landlord", "the parcel was refused by the courier", "held back by customs"), though "by your
account manager" and "by the manager" are ours.
"""

from __future__ import annotations

import pytest

from fourfold.checks._refusals import find_refusals


@pytest.mark.parametrize(
    "text",
    [
        "Transferring the points to a friend is ruled out by our loyalty terms.",
        "Backdating the certificate was turned down by our compliance team.",
        "Your request for a second parking permit went to the council office, and it was "
        "turned down because the street is already at capacity.",
        "Your request to split the bill was reviewed by billing, and it was rejected.",
        "Your request to waive the fee was declined by your account manager.",
        "Your refund request was refused by the manager.",
        "Your return was refused by the warehouse team.",
    ],
)
def test_a_request_answered_no(text: str) -> None:
    assert find_refusals(text).findings


@pytest.mark.parametrize(
    "text",
    [
        "The parcel was damaged and it was refused at the door by your neighbour.",
        "Your rent increase request was rejected by your landlord, so you may want to ask again.",
        "Nothing is ruled out yet; the team will decide on Monday.",
        "The package arrived, and it was signed for at 3pm.",
        "The parcel was refused by the courier and it came back to us.",
        "Your order was refused by the recipient, so it is on its way back to our depot.",
        "The return parcel was refused by the delivery driver at the depot.",
        "The shipment was held back by customs for inspection.",
    ],
)
def test_not_our_answer_or_no_answer(text: str) -> None:
    assert not find_refusals(text).findings
