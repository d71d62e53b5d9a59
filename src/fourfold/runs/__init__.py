"""Runs: what a suite's evaluation produced, and how a trial reads in each layer.

The domain types every decision and view works on: a `Run` and its `Trial` s, each trial's
`CheckResult` s by layer, labels, reviews and stored analyses, and the one tally of a
trial in a layer (`layer_status`). Persistence is `fourfold.store`'s; the types are here,
so the gate, the comparison and the reports depend on no database.
"""

from .._lazy import publish
from ._data import RunData
from ._layers import (
    PAIRWISE_KIND,
    PAIRWISE_SCORES,
    LayerReading,
    decided_in,
    is_model_graded,
    is_pairwise,
    layer_status,
    layer_values,
    pairwise_values,
)
from ._model import (
    Analysis,
    Label,
    Review,
    ReviewAction,
    Run,
    RunStatus,
    Trial,
    TrialCount,
    TrialStatus,
    repeats_of,
)
from ._note import MODE_NAME_MAX, Note, check_mode_name
from ._result import (
    LAYERS,
    MODEL_CALLS_KEY,
    CheckResult,
    Evidence,
    Layer,
    Status,
    Verdict,
    errored,
    failed,
    passed,
    skipped,
)
from ._undecided import CheckErrors, LayerErrors, category_words, count_errors

__all__ = [
    "LAYERS",
    "MODEL_CALLS_KEY",
    "MODE_NAME_MAX",
    "PAIRWISE_KIND",
    "PAIRWISE_SCORES",
    "Analysis",
    "CheckErrors",
    "CheckResult",
    "Evidence",
    "Label",
    "Layer",
    "LayerErrors",
    "LayerReading",
    "Note",
    "Review",
    "ReviewAction",
    "Run",
    "RunData",
    "RunStatus",
    "Status",
    "Trial",
    "TrialCount",
    "TrialStatus",
    "Verdict",
    "category_words",
    "check_mode_name",
    "count_errors",
    "decided_in",
    "errored",
    "failed",
    "is_model_graded",
    "is_pairwise",
    "layer_status",
    "layer_values",
    "pairwise_values",
    "passed",
    "repeats_of",
    "skipped",
]

publish(__name__, __all__)
