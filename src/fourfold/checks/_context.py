"""What a check reads: the case, the trace and the suite's resources (and models, for judges)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cases import Case
from ..errors import ConfigError
from ..resources import Resources
from ..trace import Trace

if TYPE_CHECKING:
    from ..models import Model

__all__ = ["CheckContext"]


@dataclass(frozen=True, slots=True)
class CheckContext:
    """Everything one check may look at for one trial."""

    case: Case
    trace: Trace
    resources: Resources = field(default_factory=Resources)
    repeat: int = 0
    """Which repeat of the case this trial is (model-graded checks put it in the cache key,
    so repeats that measure consistency are never served from the cache)."""
    models: Mapping[str, Model] = field(default_factory=dict)
    """The suite's models by name (``judge``...), for model-graded checks."""
    baseline: Trace | None = None
    """The same case's trace in the baseline run, when the run has one (pairwise judges)."""
    use_cache: bool = True
    """False when the run was started with ``--no-cache``."""

    @property
    def output(self) -> str:
        """The agent's final answer as text (see `Trace.text`)."""
        return self.trace.text

    def model(self, name: str) -> Model:
        """The suite's model called `name`.

        Raises:
            ConfigError: the suite defines no model of that name.
        """
        try:
            model: Model = self.models[name]
        except KeyError:
            known = ", ".join(sorted(self.models)) or "none"
            raise ConfigError(
                f"no model named {name!r} (the suite defines: {known})",
                hint="add it under 'models:' in the suite, e.g. "
                f"models: {{{name}: {{model: openai/gpt-4.1-mini}}}}",
            ) from None
        return model
