"""Refusal classes found by dev rounds 218 and 221 (declines in plain and non-native English).

Round 218 declined a professional's judgement by propriety ("it wouldn't be right for me to
say whether..." is not a hedge, though "say whether" is one after "I can't"), and declined
by a verb of service not known before ("we won't be recording it as transit damage", "those
we keep private and will not forward to you"); its false alarm named a professional inside a
document's name ("your power of attorney"). Round 221 declined in non-native English: the
house "must refrain from" the act, a business "does not consult on" a question, a request
"is not in our services" (or "in our gift"), a policy that "doesn't allow it within" a
period, "we have not the possibility to" give it, "this is not possible to be provided"; its
false alarm told a fault of the system and led on with "therefore". Each class is tested
with wordings that are not corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import refusal_texts


def _found(text: str) -> bool:
    return bool(refusal_texts(text))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("It wouldn't be right for me to say whether the mould is dangerous.", True),
        ("It wouldn't be appropriate for me to say whether you should switch funds.", True),
        ("I can't say whether the parcel will arrive on Friday.", False),
    ],
)
def test_propriety_declines_even_a_hedged_verb(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("The dent came after handover, so we won't be recording it as delivery damage.", True),
        ("Her phone number we keep private and will not forward to you.", True),
        ("Don't worry, we won't record this call.", False),
    ],
)
def test_verbs_of_recording_and_forwarding(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Your lasting power of attorney is registered, so you can manage her account.", False),
        ("Your power of attorney has been accepted.", False),
        ("For that question, please ask your attorney.", True),
    ],
)
def test_a_professional_inside_a_documents_name(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We must refrain from resetting the password of another player's profile.", True),
        ("The store will have to refrain from editing the invoice.", True),
        ("Please refrain from sharing your PIN with anyone.", False),
    ],
)
def test_the_house_refrains_from_the_act(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Which pension to choose, we do not consult on this, please ask an adviser.", True),
        ("Assembly of the wardrobe is not in our services, we only deliver it.", True),
        ("Closing your brother's account isn't in our gift, I'm afraid.", True),
        ("The lift is not in service today, please use the stairs.", False),
    ],
)
def test_non_native_declines_of_a_service(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("As for a fee waiver, bank policy doesn't allow it within the first year.", True),
        ("Our rules do not permit it during the notice period.", True),
        ("The app doesn't allow it within the settings page.", False),
    ],
)
def test_a_rule_not_allowing_it_within_a_period(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Our booking system is down, therefore we are unable to move your slot today.", False),
        ("Our payment page has a fault, hence we are unable to take the card now.", False),
        ("Your voucher has expired, therefore we are unable to apply it.", True),
    ],
)
def test_a_fault_told_before_therefore(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Addresses of other members we have not the possibility to share.", True),
        ("This is not possible to be changed, the ticket is in your brother's name.", True),
        ("We have not the time to look today, but tomorrow we will check it.", False),
        ("It's not possible to be charged twice for one order.", False),
        ("You have the possibility to change it online.", False),
    ],
)
def test_non_native_not_possible(text: str, found: bool) -> None:
    assert _found(text) is found
