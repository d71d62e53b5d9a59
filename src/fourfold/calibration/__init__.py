"""Judge calibration: human labels, labelling samples, and agreement with a ceiling.

A judge is a measuring instrument. Before its scores may gate a release, people label a
sample of its trials (`export_sample` draws one weighted towards failures, with a stable
held-out slice), the labels are imported (`import_labels`), and `calibrate` reports how
well the judge agrees with them next to how well they agree with each other, and whether
the judge may gate on its own.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports
from ..runs import Label

if TYPE_CHECKING:
    from ._calibrate import (
        ANALYSIS_KIND,
        MIN_ITEMS,
        CalibrationReport,
        CalibrationVerdict,
        Disagreement,
        DisagreementCluster,
        HumanAgreement,
        PrimaryStatistic,
        SliceAgreement,
        calibrate,
        calibration_report,
    )
    from ._items import criterion_definition, resolve_criterion
    from ._labels import LABEL_COLUMNS, LabelImport, import_labels, load_labels, trial_labels
    from ._queue import (
        QUEUE_KIND,
        QueueItem,
        ReviewQueue,
        draw_review_queue,
        review_queue,
        uncertainty,
        write_queue,
    )
    from ._sample import (
        HELD_OUT_FRACTION,
        HELD_OUT_SHARE,
        SAMPLE_COLUMNS,
        Sample,
        SampleItem,
        StratumCount,
        draw_sample,
        export_sample,
        is_held_out,
        sample_rows,
        write_sample,
    )


__all__ = [
    "ANALYSIS_KIND",
    "HELD_OUT_FRACTION",
    "HELD_OUT_SHARE",
    "LABEL_COLUMNS",
    "MIN_ITEMS",
    "QUEUE_KIND",
    "SAMPLE_COLUMNS",
    "CalibrationReport",
    "CalibrationVerdict",
    "Disagreement",
    "DisagreementCluster",
    "HumanAgreement",
    "Label",
    "LabelImport",
    "PrimaryStatistic",
    "QueueItem",
    "ReviewQueue",
    "Sample",
    "SampleItem",
    "SliceAgreement",
    "StratumCount",
    "calibrate",
    "calibration_report",
    "criterion_definition",
    "draw_review_queue",
    "draw_sample",
    "export_sample",
    "import_labels",
    "is_held_out",
    "load_labels",
    "resolve_criterion",
    "review_queue",
    "sample_rows",
    "trial_labels",
    "uncertainty",
    "write_queue",
    "write_sample",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(
            [
                "ANALYSIS_KIND",
                "MIN_ITEMS",
                "CalibrationReport",
                "CalibrationVerdict",
                "Disagreement",
                "DisagreementCluster",
                "HumanAgreement",
                "PrimaryStatistic",
                "SliceAgreement",
                "calibrate",
                "calibration_report",
            ],
            "._calibrate",
        ),
        "criterion_definition": "._items",
        "resolve_criterion": "._items",
        **dict.fromkeys(
            [
                "QUEUE_KIND",
                "QueueItem",
                "ReviewQueue",
                "draw_review_queue",
                "review_queue",
                "uncertainty",
                "write_queue",
            ],
            "._queue",
        ),
        **dict.fromkeys(
            ["LABEL_COLUMNS", "LabelImport", "import_labels", "load_labels", "trial_labels"],
            "._labels",
        ),
        **dict.fromkeys(
            [
                "HELD_OUT_FRACTION",
                "HELD_OUT_SHARE",
                "SAMPLE_COLUMNS",
                "Sample",
                "SampleItem",
                "StratumCount",
                "draw_sample",
                "export_sample",
                "is_held_out",
                "sample_rows",
                "write_sample",
            ],
            "._sample",
        ),
    },
)
