r"""Predictability: does the agent's confidence tell you when it will succeed?

`predictability` is a pure function of a stored run. Per layer it pairs each trial the
layer decided (`fourfold.runs.decided_in`) with a confidence and reports the Brier score,
the expected calibration error with its reliability diagram, and the AUROC of
confidence for pass/fail (`fourfold.stats.predictability`), each with a cluster bootstrap
interval over cases, seeded by the run's seed.

Where the confidence comes from, in this order:

1. **stated**: the number the agent states. By default ``trace.metadata["confidence"]``
   (an agent adapter or the agent itself puts it there); a suite can name another place
   with ``confidence:`` (`ConfidenceConfig`): a dotted ``path`` into the trace
   (``structured.confidence``, ``metadata.self_rating``) or a ``regex`` whose first group
   is the number in the final output (``'Confidence: (\d+)%'`` with ``scale: 100``).
   The number must lie in 0..1 after dividing by ``scale``; a trial without one (or with
   one out of range) is left out and counted. A layer uses stated confidence when at
   least one of its decided trials states one.
2. **agreement**: otherwise, when cases have repeats, the implicit confidence of every
   trial of a case is the share of the case's repeats agreeing with the majority verdict
   in the layer (1.0 when all agree, 0.5 for an even split). Only cases with two or more
   decided repeats count. Read as a prediction of success it asks whether stable cases
   are the passing ones: a case that fails every time is confidently wrong.

Without either, the layer has no predictability figures (`LayerPredictability` absent).
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from ._confidence import (
        DEFAULT_CONFIDENCE,
        ConfidenceConfig,
        confidence_config,
        stated_confidence,
    )
    from ._report import (
        ConfidenceSource,
        LayerPredictability,
        PredictabilityReport,
        predictability,
    )

__all__ = [
    "DEFAULT_CONFIDENCE",
    "ConfidenceConfig",
    "ConfidenceSource",
    "LayerPredictability",
    "PredictabilityReport",
    "confidence_config",
    "predictability",
    "stated_confidence",
]

# The suite option is read when a suite loads; the figures need numpy, loaded when asked.
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(
            ["DEFAULT_CONFIDENCE", "ConfidenceConfig", "confidence_config", "stated_confidence"],
            "._confidence",
        ),
        **dict.fromkeys(
            ["ConfidenceSource", "LayerPredictability", "PredictabilityReport", "predictability"],
            "._report",
        ),
    },
)
