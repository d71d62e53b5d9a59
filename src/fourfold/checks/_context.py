"""What a check reads: the case, the trace and the suite's resources."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cases import Case
from ..resources import Resources
from ..trace import Trace

__all__ = ["CheckContext"]


@dataclass(frozen=True, slots=True)
class CheckContext:
    """Everything one check may look at for one trial."""

    case: Case
    trace: Trace
    resources: Resources = field(default_factory=Resources)

    @property
    def output(self) -> str:
        """The agent's final answer as text (see `Trace.text`)."""
        return self.trace.text
