"""Statistics that decide: intervals, agreement, paired tests, noise, power, calibration.

Pure, typed functions of numbers: no I/O, no store. The calibration, comparison,
consistency and gate code call them.

Reproducible: every function that resamples takes ``rng: numpy.random.Generator``
(keyword-only, never defaulted), so the same seed and the same data give the same
interval; the caller records the seed with the run.

The None policy, once for the whole package. No function returns NaN and none
accepts it:

* A quantity the data cannot define is ``None``: the mean or interval of nothing,
  kappa when both raters gave one and the same label to everything, alpha with one
  value, a correlation with a constant side, a t statistic of identical nonzero
  differences, pass^k with no case of k trials. Where the reference library returns
  NaN (scikit-learn's ``cohen_kappa_score``, scipy's correlations and t-test) we
  return None: NaN silently poisons every mean and comparison downstream, None has
  to be handled.
* An interval over one observation (or one cluster) is degenerate, low = high =
  estimate; over none, all three are None. Resamples on which a statistic is
  undefined are left out of the quantiles and counted (`Interval.undefined`).
* A paired test with no evidence of any difference (no discordant pair, every
  difference zero) has p = 1.0, not None: the data are exactly what no change gives.
* NaN or infinity in the input raises ValueError; missing ratings are None where a
  function takes them (`krippendorff_alpha`, `agreement_report`), and elsewhere
  must be dropped by the caller, who knows what missing means.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from ._agreement import (
        AgreementReport,
        Correlation,
        Label,
        PairCounts,
        agreement_report,
        cohen_kappa,
        confusion_matrix,
        cross_agreement,
        exact_match_rate,
        kendall,
        pairwise_agreement,
        spearman,
        within_one_rate,
    )
    from ._bootstrap import Interval, Statistic, bootstrap_ci, cluster_bootstrap_ci
    from ._consistency import (
        ConsistencyRow,
        Successes,
        case_variance,
        consistency_table,
        count_successes,
        flaky_cases,
        outcome_consistency,
        pass_at_k,
        pass_hat_k,
    )
    from ._krippendorff import krippendorff_alpha, krippendorff_alpha_ci
    from ._movement import MOVEMENTS, Movement, movement, smallest_p
    from ._multiple import holm
    from ._noise import NoiseMargin, noise_margin
    from ._paired import (
        PairedDifference,
        TestResult,
        cohen_h,
        cohens_dz,
        mcnemar_exact,
        paired_difference,
        paired_t,
        wilcoxon_signed_rank,
    )
    from ._power import (
        Noise,
        PowerAnswer,
        answer_power,
        cases_needed,
        detectable_drop,
        measure_noise,
        min_flips,
        paired_power,
    )
    from ._predictability import (
        DEFAULT_BINS,
        CalibrationBin,
        Predictability,
        auroc,
        brier_score,
        calibration_bins,
        expected_calibration_error,
        predictability,
    )


__all__ = [
    "DEFAULT_BINS",
    "MOVEMENTS",
    "AgreementReport",
    "CalibrationBin",
    "ConsistencyRow",
    "Correlation",
    "Interval",
    "Label",
    "Movement",
    "Noise",
    "NoiseMargin",
    "PairCounts",
    "PairedDifference",
    "PowerAnswer",
    "Predictability",
    "Statistic",
    "Successes",
    "TestResult",
    "agreement_report",
    "answer_power",
    "auroc",
    "bootstrap_ci",
    "brier_score",
    "calibration_bins",
    "case_variance",
    "cases_needed",
    "cluster_bootstrap_ci",
    "cohen_h",
    "cohen_kappa",
    "cohens_dz",
    "confusion_matrix",
    "consistency_table",
    "count_successes",
    "cross_agreement",
    "detectable_drop",
    "exact_match_rate",
    "expected_calibration_error",
    "flaky_cases",
    "holm",
    "kendall",
    "krippendorff_alpha",
    "krippendorff_alpha_ci",
    "mcnemar_exact",
    "measure_noise",
    "min_flips",
    "movement",
    "noise_margin",
    "outcome_consistency",
    "paired_difference",
    "paired_power",
    "paired_t",
    "pairwise_agreement",
    "pass_at_k",
    "pass_hat_k",
    "predictability",
    "smallest_p",
    "spearman",
    "wilcoxon_signed_rank",
    "within_one_rate",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(["MOVEMENTS", "Movement", "movement", "smallest_p"], "._movement"),
        **dict.fromkeys(
            [
                "AgreementReport",
                "Correlation",
                "Label",
                "PairCounts",
                "agreement_report",
                "cohen_kappa",
                "confusion_matrix",
                "cross_agreement",
                "exact_match_rate",
                "kendall",
                "pairwise_agreement",
                "spearman",
                "within_one_rate",
            ],
            "._agreement",
        ),
        **dict.fromkeys(
            ["Interval", "Statistic", "bootstrap_ci", "cluster_bootstrap_ci"], "._bootstrap"
        ),
        **dict.fromkeys(
            [
                "ConsistencyRow",
                "Successes",
                "case_variance",
                "consistency_table",
                "count_successes",
                "flaky_cases",
                "outcome_consistency",
                "pass_at_k",
                "pass_hat_k",
            ],
            "._consistency",
        ),
        **dict.fromkeys(["krippendorff_alpha", "krippendorff_alpha_ci"], "._krippendorff"),
        "holm": "._multiple",
        **dict.fromkeys(
            [
                "DEFAULT_BINS",
                "CalibrationBin",
                "Predictability",
                "auroc",
                "brier_score",
                "calibration_bins",
                "expected_calibration_error",
                "predictability",
            ],
            "._predictability",
        ),
        **dict.fromkeys(["NoiseMargin", "noise_margin"], "._noise"),
        **dict.fromkeys(
            [
                "Noise",
                "PowerAnswer",
                "answer_power",
                "cases_needed",
                "detectable_drop",
                "measure_noise",
                "min_flips",
                "paired_power",
            ],
            "._power",
        ),
        **dict.fromkeys(
            [
                "PairedDifference",
                "TestResult",
                "cohen_h",
                "cohens_dz",
                "mcnemar_exact",
                "paired_difference",
                "paired_t",
                "wilcoxon_signed_rank",
            ],
            "._paired",
        ),
    },
)
