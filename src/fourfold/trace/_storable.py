"""A trace as the store can keep it, whatever the agent put in it."""

from __future__ import annotations

from .._encoding import storable
from ._model import Trace

__all__ = ["storable_trace"]


def storable_trace(trace: Trace) -> Trace:
    """`trace`, repaired so that it can be stored.

    A lone surrogate in its text becomes U+FFFD (`fourfold._encoding.storable`). A trace
    that still cannot be written (an answer nested thousands of levels deep) becomes an
    errored trace that says why and keeps the answer's text, so the run records the trial
    instead of failing.
    """
    try:
        return storable(trace)
    except ValueError as exc:
        text = storable(Trace(output=trace.output)).output
        return Trace(
            output=text,
            error=f"the agent's answer cannot be stored: {exc}",
            usage=trace.usage,
            latency_s=trace.latency_s,
            turns=trace.turns,
        )
