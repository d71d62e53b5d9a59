"""What the promise and refusal detectors report: findings, and near-misses set aside."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ._grammar import Sentence
from ._own_words import kind_at, others_at
from ._reading import read

__all__ = ["Finding", "Reading", "scan"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One promise (or refusal): `text` is ``output[start:end]``, `rule` the rule that fired."""

    rule: str
    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Reading:
    """What a detector found, and how many candidates it set aside, by reason."""

    findings: tuple[Finding, ...]
    ignored: dict[str, int]


class _Scanner(Protocol):
    def scan(self, findings: list[Finding], ignored: Counter[str]) -> None: ...


def scan(
    text: str,
    keep: frozenset[str] | None,
    reader: Callable[[Sentence, str], _Scanner],
    worth: Callable[[list[str]], bool] | None = None,
) -> Reading:
    """Run a detector's sentence `reader` over `text`.

    Only the sentences with a word in `keep` are read (all of them, with None), and of
    those only the ones whose words `worth` accepts (`_reading.read`). What is found on a
    line that is not the agent's own words (`_own_words`: a quoted message, the customer's
    turn, a banner, the footer) is set aside, counted by the line's kind.
    """
    findings: list[Finding] = []
    ignored: Counter[str] = Counter()
    others = others_at(text)
    for sentence in read(text, keep=keep, worth=worth):
        kind = kind_at(others, sentence.tokens[0].start) if others[0] and sentence.tokens else None
        if kind is None:
            reader(sentence, text).scan(findings, ignored)
            continue
        theirs: list[Finding] = []
        reader(sentence, text).scan(theirs, ignored)
        if theirs:
            ignored[kind] += len(theirs)
    return Reading(tuple(findings), dict(ignored))
