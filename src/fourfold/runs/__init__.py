"""Runs: what a suite's evaluation produced, and how a trial reads in each layer.

The domain types every decision and view works on: a `Run` and its `Trial` s, each trial's
`CheckResult` s by layer, labels, reviews (and the result a judged check counts as once
reviewed, `effective_result`) and stored analyses, and the one tally of a trial in a
layer (`layer_status`). Persistence is `fourfold.store`'s; the types are here,
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
from ._reviews import (
    REVIEW_KEY,
    ReviewTally,
    effective_result,
    latest_reviews,
    review_labels,
    review_of,
    reviewed_trials,
    tally_reviews,
)
from ._selection import (
    CADENCES,
    SELECTION_KEY,
    Cadence,
    RunSelection,
    SkippedCheck,
    describe_skipped,
    on_checks_both_ran,
    selection_of,
    without_checks,
)
from ._undecided import CheckErrors, LayerErrors, category_words, count_errors

__all__ = [
    "CADENCES",
    "LAYERS",
    "MODEL_CALLS_KEY",
    "MODE_NAME_MAX",
    "PAIRWISE_KIND",
    "PAIRWISE_SCORES",
    "REVIEW_KEY",
    "SELECTION_KEY",
    "Analysis",
    "Cadence",
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
    "ReviewTally",
    "Run",
    "RunData",
    "RunSelection",
    "RunStatus",
    "SkippedCheck",
    "Status",
    "Trial",
    "TrialCount",
    "TrialStatus",
    "Verdict",
    "category_words",
    "check_mode_name",
    "count_errors",
    "decided_in",
    "describe_skipped",
    "effective_result",
    "errored",
    "failed",
    "is_model_graded",
    "is_pairwise",
    "latest_reviews",
    "layer_status",
    "layer_values",
    "on_checks_both_ran",
    "pairwise_values",
    "passed",
    "repeats_of",
    "review_labels",
    "review_of",
    "reviewed_trials",
    "selection_of",
    "skipped",
    "tally_reviews",
    "without_checks",
]

publish(__name__, __all__)
