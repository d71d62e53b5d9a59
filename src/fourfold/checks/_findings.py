"""What the promise and refusal detectors report: findings, and near-misses set aside."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ._grammar import Sentence
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
    those only the ones whose words `worth` accepts (`_reading.read`).
    """
    findings: list[Finding] = []
    ignored: Counter[str] = Counter()
    for sentence in read(text, keep=keep, worth=worth):
        reader(sentence, text).scan(findings, ignored)
    return Reading(tuple(findings), dict(ignored))
