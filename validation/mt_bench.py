"""MT-Bench human judgments: GPT-4–human and human–human agreement, turn 1.

Zheng et al. 2023 ("Judging LLM-as-a-Judge"), Table 5: with ties G4-H 66% (886/1343)
and H-H 63% (454/721); without ties 85% (727/859) and 81% (388/479). Procedure as in
SOURCE.md (FastChat's compute_agreement.py): expert votes only (authors dropped), each
vote keyed by (question_id, sorted model pair, turn), the winner read as a model name so
a reversed pair needs no flipping by hand, any label with "tie" in it a tie, and two
ties agree. Counting is fourfold.stats.cross_agreement (every human vote against the
GPT-4 verdict on the same key) and pairwise_agreement (every unordered pair of expert
votes on a key); "without ties" excludes the tie label.

Run: .venv/bin/python validation/mt_bench.py
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

from _common import Report, require, run_script

from fourfold.stats import cohen_kappa, cross_agreement, pairwise_agreement

NAME = "MT-Bench human judgments (turn 1)"
TIE = "tie"
Key = tuple[int, str, str]


def votes(path: Path, *, turn: int, judges: str) -> dict[Key, list[str]]:
    """The winning model's name (or ``tie``) per (question, sorted pair), for one turn."""
    by_key: dict[Key, list[str]] = defaultdict(list)
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            if row["turn"] != turn or not row["judge"].startswith(judges):
                continue
            a, b = sorted((row["model_a"], row["model_b"]))
            winner = TIE if TIE in row["winner"] else row[row["winner"]]
            by_key[(row["question_id"], a, b)].append(winner)
    return dict(by_key)


def kappa_pairs(
    judge: dict[Key, list[str]], human: dict[Key, list[str]], *, ties: bool
) -> tuple[list[str], list[str]]:
    """The (GPT-4, human) label pairs cross_agreement compares, as positions in the pair.

    Kappa needs labels that mean the same on every item, so a winner is written as
    ``first``/``second`` (of the sorted pair) rather than as a model's name.
    """

    def position(key: Key, winner: str) -> str:
        return TIE if winner == TIE else "first" if winner == key[1] else "second"

    a: list[str] = []
    b: list[str] = []
    for key, judge_votes in judge.items():
        for j in judge_votes:
            for h in human.get(key, ()):
                if not ties and TIE in (j, h):
                    continue
                a.append(position(key, j))
                b.append(position(key, h))
    return a, b


def build(root: Path, report: Report) -> None:
    folder = require(root / "mt-bench-human-judgments")
    human = votes(require(folder / "human.jsonl"), turn=1, judges="expert_")
    gpt4 = votes(require(folder / "gpt4_pair.jsonl"), turn=1, judges="gpt4_pair")

    figures = [
        ("G4-H agreement, with ties", cross_agreement(gpt4, human), "66%", "886/1343"),
        (
            "G4-H agreement, without ties",
            cross_agreement(gpt4, human, exclude={TIE}),
            "85%",
            "727/859",
        ),
        ("H-H agreement, with ties", pairwise_agreement(human), "63%", "454/721"),
        (
            "H-H agreement, without ties",
            pairwise_agreement(human, exclude={TIE}),
            "81%",
            "388/479",
        ),
    ]
    for figure, counts, percent, fraction in figures:
        report.exact(f"{figure} (count)", fraction, f"{counts.agree}/{counts.total}")
        assert counts.rate is not None
        report.rounded(figure, percent, counts.rate, percent=True)

    for ties in (True, False):
        a, b = kappa_pairs(gpt4, human, ties=ties)
        kappa = cohen_kappa(a, b)
        label = "with" if ties else "without"
        report.extra(
            f"G4-H Cohen's kappa, {label} ties (n={len(a)})",
            "undefined" if kappa is None else f"{kappa:.3f}",
        )
    report.notes.append(
        "kappa pairs each expert vote with GPT-4's verdict on the same key, labels "
        "first/second/tie of the sorted model pair; the paper publishes no kappa"
    )


if __name__ == "__main__":
    run_script(NAME, build)
