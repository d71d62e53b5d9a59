"""Where a trial's stated confidence is read (no statistics imported: suites load this)."""

from __future__ import annotations

import math
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..runs import Trial

__all__ = ["DEFAULT_CONFIDENCE", "ConfidenceConfig", "confidence_config", "stated_confidence"]


class ConfidenceConfig(BaseModel):
    """Where a suite's agent states its confidence (the suite's ``confidence:``).

    Give one of `path` or `regex`; without the suite option, fourfold reads
    ``metadata.confidence``.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str | None = None
    """A dotted path into the trace: ``metadata.confidence``, ``structured.confidence``,
    ``tool_calls.-1.arguments.confidence`` (a number indexes a list; -1 is the last)."""
    regex: str | None = None
    """A regular expression searched in the final output; its first group is the number."""
    scale: float = Field(default=1.0, gt=0)
    """What the number is out of: 1 for a probability, 100 for a percentage."""

    @model_validator(mode="after")
    def _one_source(self) -> ConfidenceConfig:
        if (self.path is None) == (self.regex is None):
            raise ValueError(
                "give either 'path' (e.g. structured.confidence) or 'regex' "
                "(e.g. 'Confidence: (\\d+)%'), not both or neither"
            )
        if self.regex is not None:
            try:
                pattern = re.compile(self.regex)
            except re.error as exc:
                raise ValueError(f"regex {self.regex!r} does not compile: {exc}") from exc
            if pattern.groups < 1:
                raise ValueError(
                    f"regex {self.regex!r} has no group: put the number in parentheses, "
                    "e.g. 'Confidence: ([0-9.]+)'"
                )
        return self

    def describe(self) -> str:
        """Where the number is read, in words."""
        if self.regex is not None:
            where = f"the output, regex {self.regex!r}"
        else:
            where = f"trace {self.path}"
        return where if self.scale == 1 else f"{where}, out of {self.scale:g}"


DEFAULT_CONFIDENCE = ConfidenceConfig(path="metadata.confidence")
"""Where the confidence is read when the suite says nothing."""


def confidence_config(config: dict[str, Any]) -> ConfidenceConfig:
    """The confidence option a run was made with (``run.config["confidence"]``), or the default."""
    raw = config.get("confidence")
    return DEFAULT_CONFIDENCE if raw is None else ConfidenceConfig.model_validate(raw)


def stated_confidence(trial: Trial, where: ConfidenceConfig = DEFAULT_CONFIDENCE) -> float | None:
    r"""The confidence a trial's agent stated, in 0..1, or None when it stated none usable.

    Examples:
        >>> from datetime import datetime, UTC
        >>> from fourfold.predictability import ConfidenceConfig
        >>> from fourfold.runs import Trial
        >>> from fourfold.trace import Trace
        >>> now = datetime(2026, 1, 1, tzinfo=UTC)
        >>> t = Trial(case_id="a", status="ok", started_at=now, ended_at=now,
        ...           trace=Trace(output="Done. Confidence: 80%", metadata={"confidence": 0.7}))
        >>> stated_confidence(t)
        0.7
        >>> stated_confidence(t, ConfidenceConfig(regex=r"Confidence: (\d+)%", scale=100))
        0.8
    """
    trace = trial.trace
    if trace is None:
        return None
    value: Any
    if where.regex is not None:
        found = re.search(where.regex, trace.output or "")
        value = found.group(1) if found else None
    else:
        # Walked over the trace's own fields, not a dump of the whole trace: a run's
        # report reads it for every trial and layer.
        value = trace
        for part in (where.path or "").split("."):
            value = _step(value, part)
    if isinstance(value, bool) or value is None:
        return None
    try:
        number = float(value) / where.scale
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) and 0 <= number <= 1 else None


def _step(value: Any, part: str) -> Any:
    """One step of a dotted path: a field, a key, or a list's index (``-1`` is the last)."""
    if isinstance(value, BaseModel):
        return getattr(value, part) if part in type(value).model_fields else None
    if isinstance(value, dict):
        return value.get(part)
    if isinstance(value, list):
        try:
            return value[int(part)]
        except (ValueError, IndexError):
            return None
    return None
