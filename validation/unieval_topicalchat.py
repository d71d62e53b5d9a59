"""UniEval meta-evaluation: rank correlation of its scores with human ratings.

Zhong et al. 2022 (UniEval), reproduce/README.md: on Topical-Chat (USR, n = 360 turn-level
responses) the Spearman correlation between UniEval's `predict_scores` and the mean
human `scores` over all samples is 0.662583 for `overall`; the README gives every
dimension, Kendall's tau-b too, and QAGS factual consistency (CNN/DM n = 235, XSum
n = 239). Computed with fourfold.stats.spearman and kendall (the functions fourfold's
judge calibration reports use for many-level or continuous scores) and matched to the
6 decimals published. The README's Pearson column is not reproduced: calibration in
fourfold reports rank correlations only.

Run: .venv/bin/python validation/unieval_topicalchat.py
"""

from __future__ import annotations

import json
from pathlib import Path

from _common import Report, require, run_script

from fourfold.stats import kendall, spearman

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


def build(root: Path, report: Report) -> None:
    folder = require(root / BASE)
    records = {
        name: json.loads(require(folder / name).read_text(encoding="utf-8")) for name in LABELS
    }
    for (name, dimension), (pub_rho, pub_tau) in PUBLISHED.items():
        rows = records[name]
        judge = [float(r["predict_scores"][dimension]) for r in rows]
        human = [float(r["scores"][dimension]) for r in rows]
        rho, tau = spearman(judge, human), kendall(judge, human)
        label = f"{LABELS[name]} {dimension} (n={rho.n})"
        assert rho.statistic is not None and tau.statistic is not None
        report.rounded(f"{label} Spearman", pub_rho, rho.statistic)
        report.rounded(f"{label} Kendall tau-b", pub_tau, tau.statistic)


if __name__ == "__main__":
    run_script(NAME, build)
