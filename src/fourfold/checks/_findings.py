"""What the promise and refusal detectors report: findings, and near-misses set aside."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Finding", "Reading"]


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
