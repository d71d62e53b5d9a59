"""What the promise and refusal detectors find in a text, as ``(rule, evidence)`` pairs:
the form the policy detectors' tests compare against."""

from __future__ import annotations

from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def promises(text: str) -> list[tuple[str, str]]:
    """Each promise `no_promises` finds in `text`: the rule that fired and its words."""
    return [(f.rule, f.text) for f in find_promises(text).findings]


def refusals(text: str) -> list[tuple[str, str]]:
    """Each refusal `refusal_required` finds in `text`: the rule that fired and its words."""
    return [(f.rule, f.text) for f in find_refusals(text).findings]
