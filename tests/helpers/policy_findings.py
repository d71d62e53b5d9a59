"""What the policy detectors find in a text, in the forms their tests compare against:
``(rule, evidence)`` pairs, the evidence alone, a phone number with its rule."""

from __future__ import annotations

from fourfold.checks._pii import find_pii
from fourfold.checks._promises import find_promises
from fourfold.checks._refusals import find_refusals


def promises(text: str) -> list[tuple[str, str]]:
    """Each promise `no_promises` finds in `text`: the rule that fired and its words."""
    return [(f.rule, f.text) for f in find_promises(text).findings]


def refusals(text: str) -> list[tuple[str, str]]:
    """Each refusal `refusal_required` finds in `text`: the rule that fired and its words."""
    return [(f.rule, f.text) for f in find_refusals(text).findings]


def promise_texts(text: str) -> list[str]:
    """The words of each promise `no_promises` finds in `text`."""
    return [f.text for f in find_promises(text).findings]


def refusal_texts(text: str) -> list[str]:
    """The words of each refusal `refusal_required` finds in `text`."""
    return [f.text for f in find_refusals(text).findings]


def phones(text: str) -> list[tuple[str, str]]:
    """Each phone number `no_pii` finds in `text`, with the rule that found it."""
    return [(m.text, m.rule) for m in find_pii(text, ["phone"])]


def opens_as(got: list[str], found: list[str]) -> bool:
    """As many findings as `found`, each opening with its words (where it ends is its rule's)."""
    if len(got) != len(found):
        return False
    return all(g.startswith(f) for g, f in zip(got, found, strict=True))
