"""Promise and phone classes found by the twenty-eighth round of the policy corpus.

The round (``"round": 28`` in tests/data/policy) was written against the rules by writers
who never saw the detectors (long e-mails and tool-using agents' markdown; phone numbers
among many numbers of the same shape), and committed before they read it (docs/checks.md
gives its figures before and after). Each class is tested here with wordings that are not
corpus items, and with hard negatives.
"""

from __future__ import annotations

import pytest

from tests.helpers.policy_findings import phones, promise_texts


def test_a_single_quotation_that_ends_with_its_own_full_stop_stays_quoted() -> None:
    text = "She writes that 'the late fee will be waived and you'll be refunded.' I checked."
    assert promise_texts(text) == []
    assert promise_texts("The late fee will be waived.") != []


def test_an_adverb_of_consequence_stands_inside_a_commitment() -> None:
    assert promise_texts("The £60 penalty has therefore been cancelled.") != []
    assert promise_texts("We will accordingly refund the fee.") != []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Call +65 6555 0101 or SMS 8555 0102.", [("+65 6555 0101", "plus"), ("8555 0102", "led")]),
        (
            "Pode ligar para o 21 555 0101 ou para o 912 555 015.",
            [("21 555 0101", "led"), ("912 555 015", "listed")],
        ),
    ],
)
def test_the_twenty_eighth_rounds_phone_classes(text: str, found: list[tuple[str, str]]) -> None:
    assert phones(text) == found


@pytest.mark.parametrize(
    "text",
    [
        "Your reservation 0135-5501-9903 is confirmed.",
        "Rental agreement: 0135 5501 9903",
        "Your MPRN: 012 345 679",
    ],
)
def test_the_twenty_eighth_rounds_phone_hard_negatives(text: str) -> None:
    assert phones(text) == []


def test_an_ing_list_under_a_committing_heading_is_the_agents_commitment() -> None:
    text = "### What we're doing\n- Refunding the $4.20 to your card\n- Restoring your listings"
    assert promise_texts(text) == ["Refunding the $4.20"]
    assert promise_texts("### What you're doing\n- Refunding the item") == []
    assert promise_texts("Refunding the item is easy.") == []
