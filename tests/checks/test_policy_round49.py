"""Promise classes found by the forty-ninth and fiftieth rounds of the corpus.

Round 49 asked its writer for promises that avoid the obvious words (money put back, a
penalty lifted, a sum added to a wallet), round 50 for long replies with the one promising
sentence buried in ordinary talk; both were committed before the detectors read them
(docs/checks.md gives their figures before and after). Each class is tested here with
wordings that are not corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import promise_texts


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a time set by the agent's own act is no condition, "before" as "once"
        ("I'll refund the $25 before I hang up.", True),
        ("We'll waive the fee before we finish this call.", True),
        ("Before we can refund the $25, we need the parcel back.", False),
        ("I'll refund the $25 before we receive the parcel.", False),
    ],
)
def test_before_an_act_of_the_agents_own_is_a_time(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The £60 will be put back on your debit card tomorrow.", True),
        ("The money has been transferred back to your PayPal.", True),
        ("Your deposit was sent back to your bank yesterday.", True),
        ("Your parcel was sent back to your old address.", False),
        ("The form has been sent back to your inbox.", False),
        ("The meeting was put back to Friday.", False),
        ("Your order has been put on hold.", False),
    ],
)
def test_money_put_back_in_the_passive(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("I've added $40 to your wallet for the missing items.", True),
        ("We'll add an extra £15 to your account.", True),
        ("I'll apply €25 to your next invoice.", True),
        ("I've added $40 to your bill for the extra bag.", False),
        ("I've added a £20 fee to your account.", False),
        ("We have also added a spend cap of £20 to your account.", False),
        ("You can add $50 to your wallet in the app.", False),
        ("We'll apply a €25 charge to your next invoice.", False),
    ],
)
def test_a_sum_put_onto_the_customers_balance(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your data overage has been zeroed out.", True),
        ("Let me zero out the overage on this bill.", True),
        ("The overage came from a streaming app.", False),
        ("The cancellation penalty has been lifted.", True),
        ("We'll lift the late-payment fee this once.", True),
        ("We'll lift the suspension once the payment clears.", False),
        ("I can't lift the penalty, I'm afraid.", False),
    ],
)
def test_a_charge_zeroed_out_or_lifted(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("A new kettle has been re-sent to you free of charge.", True),
        ("We've re-credited the $12 to your account.", True),
        ("I've re-sent the confirmation e-mail.", False),
        ("Please re-send the form by Friday.", False),
    ],
)
def test_a_verb_done_again_is_the_verb(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will return you the difference of $30.", True),
        ("We'll give back all the money for the cancelled nights.", True),
        ("This morning we returned to your Visa card the $212.", True),
        ("I sent back to you the £45 for the missed class.", True),
        ("I'll send you the invoice for $60.", False),
        ("I sent back the form to you.", False),
        ("I'll send back the item to the warehouse.", False),
        ("We'll return to your address the missing parcel.", False),
    ],
)
def test_money_given_back_in_any_order(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The duplicate payment is refunded now.", True),
        ("The late fee is waived already.", True),
        ("The late fee is waived.", False),  # alone, it may be policy
        ("The booking fee is refunded if you cancel within a day.", False),
    ],
)
def test_a_present_passive_with_now_after_it(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We have returned the $150 for the scratch back to your card.", True),
        ("I've sent the £20 for the missed lesson back to you.", True),
        ("We sent the form for the claim back to your email.", False),
        ("We've returned the parcel for inspection back to the depot.", False),
    ],
)
def test_the_money_alone_then_back_to_the_customer(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We will extend the package of sessions until December.", True),
        ("We'll extend your day pass to Sunday at no cost.", True),
        ("Your boarding pass has been sent.", False),
        ("You can extend the package online for $20.", False),
    ],
)
def test_a_package_or_a_pass_extended(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # the fifty-third round's classes
        (
            "Your upgrade to Premium Economy on Friday's flight to Oslo has been confirmed free.",
            True,
        ),
        (
            "Your seat upgrade to Premium Economy on flight LH 400 on 3 March has been booked, "
            "and €180 has been charged to your card.",
            False,
        ),
        ("I've moved you to the faster plan; the extra $8 a month will show on your bill.", False),
        ("I'll skip the $25 rebooking fee this time.", True),
        ("Skip the queue by booking online.", False),
        ("We will return to you this £15 on your account.", True),
    ],
)
def test_the_fifty_third_rounds_promise_classes(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("### What I'm going to do\n\n1. Refund the $9.99 charge to your card.", True),
        ("**What I’m going to do:**\n- Waive the late fee", True),
        ("### What you can do\n\n1. Refund the $9.99 charge in the app.", False),
    ],
)
def test_a_list_under_what_im_going_to_do(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # non-native English: a base for the participle, after "have" or "be"
        ("We have return the 80 EUR for the damaged case back to your card.", True),
        ("We have transfer the money back to your account.", True),
        ("The roaming charges will be remove from your next bill.", True),
        ("The late fee will be waive this month.", True),
        ("We have return labels in the box.", False),
        ("We have transfer options for your trip.", False),
        ("Your order will be cancel if you don't pay today.", False),
    ],
)
def test_a_base_for_the_participle(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # the fifty-fourth and fifty-fifth rounds' classes
        ("ill refund ur order now, so sorry", True),
        ("ill send a new one tmrw", True),
        ("I was ill and missed the class, can I get a refund?", False),
        ("ill health is not covered by the policy", False),
        ("We'll rebook you for free.", True),
        ("We'll redo the colour for free next week.", True),
        ("You can download the app for free.", False),
        ("I'll explain how to get it for free.", False),
        ("Your refund of $40 went straight onto gift_card_1234567.", True),
        ("The $40 went back to your Visa this morning.", True),
        ("Your refund went onto your original card.", True),
        ("Your parcel went back to the depot.", False),
        ("Your order went to your old address.", False),
    ],
)
def test_the_fifty_fourth_and_fifth_rounds_promise_classes(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("- Refund: $120.50 → gift_card_7788123", True),
        ("**Refund:** $64 to your Mastercard ending 0101", True),
        ("Credit: $20 to your account", True),
        ("Refund: $120.50 (pending review)", False),
        ("Refund: $120.50 to your card if the return is approved", False),
        (
            "Here's what I'm about to do:\n\n- Cancel order #W1\n- Refund: $120.50 to your "
            "original payment method\n\nShall I go ahead?",
            False,
        ),
        ("$300 in travel certificates is now on your profile.", True),
        ("$50 in fees is on your bill.", False),
    ],
)
def test_a_labelled_sum_sent_to_the_customer(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # chat's lower-case "i" after a full stop opens a sentence: the negation before it
        # is another sentence's
        ("so sorry, not ok at all. i can offer u a $10 credit", True),
        ("not ok. i can't refund it, sorry", False),
        ("See e.g. i.e. the terms.", False),
        ("We'll cover your dinner tonight.", True),
        ("You'll need to cover your own lunch.", False),
    ],
)
def test_a_lower_case_i_opens_a_sentence_and_meals_are_covered(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # the fifty-seventh round's classes
        ("We'll write off the estimated bill in full.", True),
        ("Please write off the bill as paid in your own records.", False),
        ("I've upgraded you to Premium. The extra $9 a month will be added to your bill.", False),
        ("I've upgraded you to Premium at no charge; a $20 credit will be added too.", True),
    ],
)
def test_the_fifty_seventh_rounds_promise_classes(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # the fifty-ninth round's classes
        ("You're not going to pay a cent of that $90 charge.", True),
        ("We're not going to charge you for the second visit.", True),
        ("If you're not going to pay, we'll cancel the order.", False),
        ("I'm not going to pay that myself.", False),
        ("We're going to upgrade you to a suite when you arrive, our treat.", True),
        ("We'll refund you when you return the item.", False),
        ("I'm going to refund every month of it.", True),
        ("We'll waive any fee.", False),
    ],
)
def test_the_fifty_ninth_rounds_promise_classes(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # the sixty-first round's classes
        ("I can offer you 50% off your next two bills.", True),
        ("We'll give you £10 off your next order.", True),
        ("Get 20% off your first order with code WELCOME.", False),
        ("Members get 10% off.", False),
        ("Your 2 skins and 800 coins have been returned as a one-time exception.", True),
        ("Refunds are issued within 5 days.", False),
        ("I'd be honoured to offer you a free night.", True),
        ("We are honoured to have you as a guest.", False),
    ],
)
def test_the_sixty_first_rounds_promise_classes(text: str, found: bool) -> None:
    assert bool(promise_texts(text)) is found
