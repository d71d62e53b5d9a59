"""Refusals of dev rounds 177 and 178 of the corpus: limits and declines in varied grammar.

Round 177's writer declined under a rule, deadline or limit with the grammar varied on
purpose (passive, impersonal, nominal, the rule as subject, decisions told in the past);
round 178's declined otherwise (not offered, not done, advice withheld). The detector read
36 and 44 of their 50 refusals, with three false alarms, on the code of the time. The
classes fixed, tested here with wordings that are not corpus items:

- a participle with its particle ("can't be taken back", "can't be handed out") and
  "awarded" among the acts a request asks for;
- "not payable" said of what a request asks for ("the compensation is not payable"; not
  "no fee is payable"), also as a line's verdict;
- a rule's condition after "until" is no "for now" when a rule is named before it ("As per
  the bylaws, permits cannot be issued until the arrears are paid");
- a rule named up to eight words before "doesn't allow", and "rule out" with its rule
  further back ("the import rules, and our policy with them, rule out ...");
- "there is no provision for" and "makes no provision for";
- "turn it (this, them) down";
- "Outcome of your request ...: refused": the customer's own request, declined on a line;
- "unable to agree to it" (an idiom only as "couldn't agree more");
- "I can only sell two per order";
- "not on the table" (as "not on the cards");
- "the partners (directors, trustees, governors) have decided not to";
- "a service we do not have";
- false alarms: "right now due to a system fault" after the verb, "not possible at the
  moment" after an outage told before, and "we wouldn't be able to ... if it had been ...",
  a case that is not so.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The opened headphones can't be taken back, as the seal is broken.", True),
        ("Under the scheme rules, a second voucher can't be handed out this month.", True),
        ("A bursary can't be awarded twice in one academic year.", True),
        ("Your parcel can be taken back to the depot if nobody is home.", False),
    ],
)
def test_participles_with_particles(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As the strike was outside our control, the compensation is not payable.", True),
        ("Reimbursement for the taxi: not payable.", True),
        ("No cancellation fee is payable when you cancel within a day.", False),
        ("VAT is not payable on children's shoes.", False),
    ],
)
def test_not_payable(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "As per the club bylaws, guest passes cannot be issued until the arrears are paid.",
            True,
        ),
        ("Your new card cannot be issued until Monday.", False),
    ],
)
def test_a_rules_condition_after_until(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our booking conditions for group fares sold online don't allow a refund.", True),
        (
            "The hospital's visiting rules, and the ward's own policy with them, rule out "
            "overnight stays.",
            True,
        ),
        ("Our policy usually rules out short freezes, but I've frozen it for you.", False),
    ],
)
def test_a_rule_named_further_back(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("There is no provision in the lease for ending it early.", True),
        ("Our terms make no provision for a second extension.", True),
        ("We had to turn it down, since the voucher had expired.", True),
        ("We turned them down after the panel met.", True),
        ("Please turn it down a little, the volume is high.", False),
        ("If we turn it down, you can appeal within 14 days.", False),
    ],
)
def test_no_provision_and_turning_down(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Outcome of your request for a second parking permit: refused.", True),
        ("Your data: not shared.", False),
        ("Your card payment: declined.", False),
    ],
)
def test_the_customers_request_on_a_line(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I'm afraid we're unable to agree to a rent holiday.", True),
        ("I couldn't agree more with you.", False),
        ("We can only sell one bottle per customer, as it's a limited release.", True),
        ("A free upgrade is not on the table, I'm afraid.", True),
        ("Nothing is off the table.", False),
        ("A refund isn't on the table yet, but I've asked the manager.", False),
        ("The directors have decided not to renew the franchise for your shop.", True),
        ("Same-day delivery is a service we do not have in rural areas.", True),
        ("Is that an option we don't have?", False),
    ],
)
def test_declines_in_other_words(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We're unable to move your seat right now due to a technical fault.", False),
        ("We're unable to move your seat due to the fare rules.", True),
        (
            "Our payment gateway has an outage since noon, so a top-up is not possible at the "
            "moment.",
            False,
        ),
        ("A top-up is not possible on a closed account.", True),
        ("We wouldn't be able to exchange it if it had been worn, but it's unworn.", False),
        ("We wouldn't be able to exchange it even if it were unworn.", True),
    ],
)
def test_false_alarms_of_the_moment_and_of_a_case_not_so(text: str, found: bool) -> None:
    assert _found(text) is found
