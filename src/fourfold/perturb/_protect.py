"""What a perturbation must never change: the spans of a text that carry the task.

A typo in an order id, a lowercased URL or a reflowed e-mail address changes *what* the
user asks, not how they word it: the agent would be graded on another task. Every text
perturbation (typos, case, whitespace) leaves these spans exactly as they are, and a
paraphrase that loses one is rejected. Protected are:

* **URLs** (``https://...``, ``www....``) and **e-mail addresses**;
* **any token holding a digit**: order and account ids (``O-5003``, ``AC-1001``),
  amounts (``$39.90``), dates, section numbers (``§2.5``), phone numbers;
* **the case's expected values where the text repeats them**: every string (and number)
  in ``ground_truth`` and ``context`` of at least two characters, matched without regard
  to case (``"action": "refund"`` protects *refund*; a product name in the ground truth
  protects the name).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..cases import Case

__all__ = ["Span", "protected_spans", "protected_terms"]

Span = tuple[int, int]
"""``(start, end)`` of a protected stretch of a text, end exclusive."""

_PATTERNS = re.compile(
    r"(?:https?://|www\.)\S+"  # URLs
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # e-mail addresses
    r"|[^\s\"'()\[\]{}<>]*\d[^\s\"'()\[\]{}<>]*",  # tokens with a digit: ids, amounts, dates
)

_TRAILING = ".,;:!?"


def protected_terms(case: Case) -> list[str]:
    """The expected values of `case` a perturbation must keep: strings of ground truth and context.

    Examples:
        >>> from fourfold.cases import Case
        >>> c = Case(id="a", input="x", ground_truth={"action": "refund", "sections": ["2.5"]},
        ...          context={"account_id": "AC-1003"})
        >>> protected_terms(c)
        ['2.5', 'AC-1003', 'refund']
    """
    terms = {t for t in _leaves(case.ground_truth) if len(t) >= 2}
    terms |= {t for t in _leaves(case.context) if len(t) >= 2}
    return sorted(terms)


def protected_spans(text: str, terms: list[str]) -> list[Span]:
    """The spans of `text` no perturbation may change, sorted and merged.

    Args:
        text: the user's text.
        terms: the case's expected values (`protected_terms`).

    Examples:
        >>> text = "Order O-5003 to bob@example.com, see https://x.io/a. Is O-77?"
        >>> [text[a:b] for a, b in protected_spans(text, [])]
        ['O-5003', 'bob@example.com', 'https://x.io/a', 'O-77']
        >>> text = "Please REFUND it"
        >>> [text[a:b] for a, b in protected_spans(text, ["refund"])]
        ['REFUND']
    """
    spans: list[Span] = []
    for match in _PATTERNS.finditer(text):
        # Punctuation ending a sentence is not part of the id ("order O-77?").
        end = match.start() + len(match.group().rstrip(_TRAILING))
        if end > match.start():
            spans.append((match.start(), end))
    lowered = text.lower()
    for term in terms:
        needle = term.lower()
        start = lowered.find(needle)
        while start != -1:
            spans.append((start, start + len(needle)))
            start = lowered.find(needle, start + 1)
    return _merge(spans)


def is_protected(index: int, spans: list[Span]) -> bool:
    """Whether the character at `index` lies in one of `spans`."""
    return any(a <= index < b for a, b in spans)


def _merge(spans: list[Span]) -> list[Span]:
    merged: list[Span] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _leaves(value: Any) -> Iterator[str]:
    """Every string and number inside `value` (values, not keys), as text."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int | float):
        yield str(value)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _leaves(item)
