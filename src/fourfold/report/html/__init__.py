"""The HTML report: one self-contained, offline page per run (and its baseline).

`load_report` reads a run from the store into a `ReportData`; `render_report` draws it
as a page (inline SVG plots, a case table that filters and pages, each trial's trace and
results on demand). A web app reuses both: build the data once, render the page with
``detail_url=`` and serve ``report.details[key]`` as JSON.

Examples:
    >>> from fourfold.store import Store
    >>> import tempfile, pathlib
    >>> with Store.open(pathlib.Path(tempfile.mkdtemp()) / "runs.db") as store:
    ...     pass  # report = load_report(store, "latest"); write_report(report, "r.html")
"""

from ..._secrets import MASK, collect_secrets, redact
from ._assemble import build_report, load_report
from ._model import (
    CalibrationView,
    CheckStats,
    ComparisonView,
    ConsistencyLine,
    Distribution,
    ForestRow,
    LayerCard,
    LayerChange,
    ReportData,
    RunInfo,
    StratumStats,
)
from ._plots import (
    check_outcomes,
    confusion_matrix,
    forest_plot,
    histogram,
    pass_k_plot,
    score_histogram,
    strata_heatmap,
)
from ._render import PAGE_SIZE, embed_json, pool_strings, render_report, write_report
from ._trial import MAX_SEGMENT, TrialRow, trial_detail, trial_row, utf16_offset

__all__ = [
    "MASK",
    "MAX_SEGMENT",
    "PAGE_SIZE",
    "CalibrationView",
    "CheckStats",
    "ComparisonView",
    "ConsistencyLine",
    "Distribution",
    "ForestRow",
    "LayerCard",
    "LayerChange",
    "ReportData",
    "RunInfo",
    "StratumStats",
    "TrialRow",
    "build_report",
    "check_outcomes",
    "collect_secrets",
    "confusion_matrix",
    "embed_json",
    "forest_plot",
    "histogram",
    "load_report",
    "pass_k_plot",
    "pool_strings",
    "redact",
    "render_report",
    "score_histogram",
    "strata_heatmap",
    "trial_detail",
    "trial_row",
    "utf16_offset",
    "write_report",
]
