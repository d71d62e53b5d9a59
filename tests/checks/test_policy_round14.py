"""Promise and refusal classes found by the fourteenth round of the policy corpus.

The round (``"round": 14`` in tests/data/policy) was written against the rules by a writer
who never saw the detectors, and committed before they read it (docs/checks.md gives its
figures before and after). Each class is tested here with wordings that are not corpus
items, and with hard negatives: the same words where they promise nothing.
"""

from __future__ import annotations

import pytest

from fourfold.checks import _promises
from fourfold.checks._promises import find_promises


def promises(text: str) -> list[str]:
    return [f.text for f in find_promises(text).findings]


@pytest.mark.parametrize(
    "text",
    [
        "We'll cover your taxi tonight.",
        "I'll book you on the next train and cover your hotel.",
        "Don't worry, we will pay for your meals and accommodation.",
    ],
)
def test_a_cost_verb_with_your_expenses_is_read_without_a_cost_noun(text: str) -> None:
    # the sentence-skipping filter once dropped these (the full reading found them)
    assert promises(text)
    assert find_promises(text) == _promises._find(text, None)
