"""UniEval meta-evaluation: rank correlation of its scores with human ratings, by calibration.

Zhong et al. 2022 (UniEval), reproduce/README.md: on Topical-Chat (USR, n = 360 turn-level
responses) the Spearman correlation between UniEval's `predict_scores` and the mean
human `scores` over all samples is 0.662583 for `overall`; the README gives every
dimension, Kendall's tau-b too, and QAGS factual consistency (CNN/DM n = 235, XSum
n = 239). Matched to the 6 decimals published.

The figures go through fourfold's judge calibration, as a team calibrating its own judge
would:

1. UniEval is the judge. Each file becomes a run in a temporary store: one case per
   response, one trial per case whose results are the judge's scores, one check per
   dimension (``unieval:overall``, ``unieval:groundedness``...);
2. the human scores are written as a label file (``case_id, repeat, criterion,
   labeller, value``) and imported with `fourfold.calibration.import_labels`, which
   checks every row against the run. The values are means of several annotators
   (Topical-Chat's 2.3333 on a 1-5 scale): labels are floats, and a criterion with no
   recorded integer scale takes any finite value;
3. `fourfold.calibration.calibrate` compares judge and labels; the figures are its
   judge-human Spearman and Kendall on all items (``report.all_items.judge_human``).

What calibration does not give here. The labels are one mean per item (the files hold
no individual annotator's score), so there is no human-human ceiling and the report's
verdict says so; its kappa figures treat every distinct score as a level and mean little
on continuous scores. The intervals are not read: the bootstrap builds a confusion matrix
over every distinct value per resample (373 levels on Topical-Chat), about a minute per
criterion at the default 2,000 resamples, so one resample is drawn; the point estimates
do not depend on it. The README's Pearson column is not reproduced: calibration reports
rank correlations only.

Run: .venv/bin/python validation/unieval_topicalchat.py
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from _common import Report, new_run, require, run_script, workspace

from fourfold import Case, CheckResult, Store, Trace, Trial
from fourfold.calibration import calibrate, import_labels

NAME = "UniEval Topical-Chat and QAGS (rank correlation with human ratings)"
BASE = Path("unieval-topicalchat-qags") / "reproduce" / "unieval_predict"
# (file, dimension) → (Spearman, Kendall) as published.
PUBLISHED: dict[tuple[str, str], tuple[str, str]] = {
    ("dialogue/topical_chat_result.json", "overall"): ("0.662583", "0.487272"),
    ("dialogue/topical_chat_result.json", "naturalness"): ("0.513986", "0.373973"),
    ("dialogue/topical_chat_result.json", "coherence"): ("0.612942", "0.465915"),
    ("dialogue/topical_chat_result.json", "engagingness"): ("0.604739", "0.455941"),
    ("dialogue/topical_chat_result.json", "groundedness"): ("0.574954", "0.451533"),
    ("dialogue/topical_chat_result.json", "understandability"): ("0.467807", "0.360741"),
    ("fact/qags_cnndm_result.json", "consistency"): ("0.662255", "0.531636"),
    ("fact/qags_xsum_result.json", "consistency"): ("0.487920", "0.399218"),
}
LABELS = {
    "dialogue/topical_chat_result.json": "Topical-Chat",
    "fact/qags_cnndm_result.json": "QAGS-CNNDM",
    "fact/qags_xsum_result.json": "QAGS-XSum",
}
GROUNDING = {"groundedness", "consistency"}
"""Dimensions about support by the source, counted in the grounding layer."""
LABELLER = "annotators-mean"
STAMP = datetime(2022, 10, 14, tzinfo=UTC)  # UniEval's arXiv date: the files carry no time


def build(root: Path, report: Report) -> None:
    folder = require(root / BASE)
    records = {
        name: json.loads(require(folder / name).read_text(encoding="utf-8")) for name in LABELS
    }
    verdicts: set[str] = set()
    with workspace() as (work, store):
        for name, rows in records.items():
            dimensions = [d for (file, d) in PUBLISHED if file == name]
            run_id = _judged_run(store, LABELS[name], rows, dimensions)
            labels = work / f"{LABELS[name]}.labels.jsonl"
            labels.write_text(
                "".join(json.dumps(line) + "\n" for line in _labels(rows, dimensions)),
                encoding="utf-8",
            )
            imported = import_labels(store, labels, run_id=run_id)
            assert imported.stored == len(rows) * len(dimensions), imported
            for dimension in dimensions:
                pub_rho, pub_tau = PUBLISHED[(name, dimension)]
                calibration = calibrate(
                    store, run_id, f"unieval:{dimension}", seed=0, n_resamples=1, save=False
                )
                verdicts.add(calibration.verdict)
                agreement = calibration.all_items.judge_human
                assert agreement is not None and agreement.spearman and agreement.kendall
                rho, tau = agreement.spearman.estimate, agreement.kendall.estimate
                assert rho is not None and tau is not None, "a correlation is undefined"
                label = f"{LABELS[name]} {dimension} (n={agreement.n})"
                report.rounded(f"{label} Spearman", pub_rho, rho)
                report.rounded(f"{label} Kendall tau-b", pub_tau, tau)
    report.extra(
        "calibrate's verdict, every criterion (one label per item: no human ceiling)",
        ", ".join(sorted(verdicts)),
    )
    report.notes.append(
        "through fourfold.calibration: UniEval's scores are a run's judge results, the human "
        "means imported as labels (import_labels), the correlations calibrate()'s"
    )


def _judged_run(store: Store, label: str, rows: list[dict[str, Any]], dimensions: list[str]) -> str:
    """Store the judge's scores as a run: a case per response, a result per dimension."""
    run = new_run(store, suite=f"unieval-{label}", agent_version="unieval", started_at=STAMP)
    store.save_cases(run.id, [Case(id=_case_id(i), input=r["source"]) for i, r in enumerate(rows)])
    for i, r in enumerate(rows):
        store.save_trial(
            run.id,
            Trial(
                case_id=_case_id(i),
                status="ok",
                trace=Trace(output=r["system_output"]),
                results=[_result(d, float(r["predict_scores"][d])) for d in dimensions],
                started_at=STAMP,
                ended_at=STAMP,
            ),
        )
    store.update_run(run.id, status="finished", ended_at=STAMP)
    return run.id


def _result(dimension: str, score: float) -> CheckResult:
    # UniEval's score is the probability of answering "Yes" to the dimension's question.
    return CheckResult(
        check=f"unieval:{dimension}",
        layer="grounding" if dimension in GROUNDING else "outcome",
        status="pass" if score >= 0.5 else "fail",
        score=score,
        explanation=f"UniEval {dimension} {score:.4f}",
    )


def _labels(rows: list[dict[str, Any]], dimensions: list[str]) -> list[dict[str, Any]]:
    return [
        {
            "case_id": _case_id(i),
            "repeat": 0,
            "criterion": f"unieval:{dimension}",
            "labeller": LABELLER,
            "value": float(r["scores"][dimension]),
        }
        for i, r in enumerate(rows)
        for dimension in dimensions
    ]


def _case_id(index: int) -> str:
    return f"item-{index:03d}"


if __name__ == "__main__":
    run_script(NAME, build)
