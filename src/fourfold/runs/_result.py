"""What a check says about one trace: a verdict, with the evidence a human can check."""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "LAYERS",
    "MODEL_CALLS_KEY",
    "CheckResult",
    "Evidence",
    "Layer",
    "Status",
    "Verdict",
    "errored",
    "failed",
    "passed",
    "skipped",
]

Layer = Literal["outcome", "trajectory", "grounding", "policy"]
"""The four questions fourfold keeps apart."""

LAYERS: tuple[Layer, ...] = ("outcome", "trajectory", "grounding", "policy")

MODEL_CALLS_KEY = "model_calls"
"""The result-metadata key under which a model-graded check lists its model calls (key,
cached, input_tokens, output_tokens, cost_usd, latency_s, attempts); run summaries add
them up as judge cost."""

Status = Literal["pass", "fail", "skip", "error"]
"""``skip``: the check does not apply here. ``error``: it could not decide (never a score)."""


class Evidence(BaseModel):
    """The span, call or claim a verdict rests on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    text: str
    """The offending (or deciding) text: a span of the output, a rendered tool call, a claim."""
    where: str = "output"
    """Where it is: ``output``, ``tool_calls[3]``, ``passages``, ``case``..."""
    start: int | None = None
    """Character offset of `text` in the output, when `where` is ``output``."""
    end: int | None = None
    """End offset (exclusive) of `text` in the output."""


class Verdict(BaseModel):
    """What a check function returns: the status, an optional score, evidence and why."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    status: Status
    """``pass``, ``fail``, ``skip`` (not applicable) or ``error`` (could not decide)."""
    score: float | None = None
    """A graded value on the check's own scale (e.g. precision 0-1, a judge's 0-3)."""
    evidence: list[Evidence] = Field(default_factory=list)
    """What the verdict rests on, most important first."""
    explanation: str = ""
    """One or two sentences a reviewer can act on."""
    metadata: dict[str, Any] = Field(default_factory=dict)
    """Numbers behind the verdict (counts, thresholds)."""

    @field_validator("score")
    @classmethod
    def _finite(cls, value: float | None) -> float | None:
        if value is not None and not math.isfinite(value):
            raise ValueError("a score must be a finite number; report 'error' instead")
        return value

    @property
    def is_pass(self) -> bool:
        """True when the status is ``pass``."""
        return self.status == "pass"


class CheckResult(Verdict):
    """A verdict with the check that gave it and the layer it feeds."""

    check: str
    """The check's name as written in the suite (``tool_order``, ``mypkg/toxicity``)."""
    layer: Layer
    """The layer this result counts towards."""


def passed(
    explanation: str = "",
    *,
    score: float | None = None,
    evidence: list[Evidence] | None = None,
    **metadata: Any,
) -> Verdict:
    """A passing verdict."""
    return Verdict(
        status="pass",
        score=score,
        evidence=evidence or [],
        explanation=explanation,
        metadata=metadata,
    )


def failed(
    explanation: str,
    *,
    score: float | None = None,
    evidence: list[Evidence] | None = None,
    **metadata: Any,
) -> Verdict:
    """A failing verdict; say what failed and point at it with `evidence`."""
    return Verdict(
        status="fail",
        score=score,
        evidence=evidence or [],
        explanation=explanation,
        metadata=metadata,
    )


def skipped(reason: str) -> Verdict:
    """The check does not apply to this case (e.g. no passages were retrieved)."""
    return Verdict(status="skip", explanation=reason)


def errored(reason: str) -> Verdict:
    """The check could not decide. It carries no score, and the gate counts it apart."""
    return Verdict(status="error", explanation=reason)
