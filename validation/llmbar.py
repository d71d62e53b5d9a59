"""LLMBar: GPT-4 Vanilla's accuracy and positional agreement, recomputed from raw judgments.

Zeng et al. 2024 (ICLR), "Evaluating Large Language Models at Evaluating Instruction
Following": GPT-4 with the Vanilla prompt (no rules; the `Vanilla_NoRules` folder) on
LLMBar Natural 93.5 Acc / 97.0 Agr, and on the adversarial subsets; the published
statistics are the repository's `statistics.json` files (`correct_average` = Acc.,
`equal` = Agr.), which the README says are the paper's.

Every instance was judged in both presentation orders (`result.json`, winners already
mapped back to the original outputs). fourfold's pairwise check does exactly this, so
each instance becomes the CheckResult that check would give, with the gold output as
the candidate: the winner when both orders agree, a tie marked `position_inconsistent`
when they do not. fourfold.judges.summarize_pairwise counts them. Then

* Acc. (mean accuracy over the two orders) = the pairwise win rate
  ``(wins + ties / 2) / decided``: an inconsistent pair is right in exactly one order;
* Agr. (both orders give the same winner) = ``(n - inconsistent) / n``.

A missing winner in an order (None; only in the Processed LLMEval^2 set) is a judge
that could not decide: fourfold records an ``error`` result and leaves it out of the win
rate. LLMBar counts a missing winner as wrong and two missing winners as agreeing; the
LLMEval^2 row recomputes that convention from the error results and says so.

Run: .venv/bin/python validation/llmbar.py
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

from _common import Report, require, run_script

from fourfold import CheckResult
from fourfold.judges import PairwiseSummary, summarize_pairwise

NAME = "LLMBar GPT-4 Vanilla (position consistency and accuracy)"
STRATEGY = "Vanilla_NoRules"
ORDERS = ("swap = False", "swap = True")
ADVERSARIAL = ["Neighbor", "GPTInst", "GPTOut", "Manual"]
SETS = [
    ("Natural", Path("LLMBar/Natural")),
    *[(name, Path("LLMBar/Adversarial") / name) for name in ADVERSARIAL],
    ("FairEval", Path("Processed/FairEval")),
    ("LLMEval^2", Path("Processed/LLMEval^2")),
    ("MT-Bench", Path("Processed/MT-Bench")),
]
# The paper's adversarial average (unweighted mean over the four subsets), SOURCE.md.
ADVERSARIAL_AVG = ("73.1", "89.0")


def side(winner: str | None, label: int) -> str | None:
    if winner is None:
        return None
    return "candidate" if winner == str(label) else "baseline"


def to_result(instance: dict[str, Any]) -> CheckResult:
    """One instance judged both ways, as fourfold's pairwise check reports it."""
    swap = instance["results"][-1]
    sides = [side(swap[order]["winner"], instance["label"]) for order in ORDERS]
    if None in sides:
        return CheckResult(
            check="pairwise:llmbar",
            layer="outcome",
            status="error",
            explanation="the judge gave no verdict in at least one order",
            metadata={"verdicts": sides},
        )
    inconsistent = sides[0] != sides[1]
    verdict = "tie" if inconsistent else str(sides[0])
    return CheckResult(
        check="pairwise:llmbar",
        layer="outcome",
        status="fail" if verdict == "baseline" else "pass",
        score={"candidate": 1.0, "tie": 0.5, "baseline": 0.0}[verdict],
        metadata={"verdict": verdict, "position_inconsistent": inconsistent, "verdicts": sides},
    )


def llmbar_convention(
    summary: PairwiseSummary, results: list[CheckResult]
) -> tuple[float, int, int]:
    """Acc. (proportion), agreeing pairs and right order-verdicts as LLMBar counts them.

    Without errors this is the win rate and ``n - inconsistent``; errored pairs add the
    orders they got right, and agree when both orders are missing.
    """
    errors = [r.metadata["verdicts"] for r in results if r.status == "error"]
    right = 2 * summary.wins + summary.ties + sum(v.count("candidate") for v in errors)
    agree = summary.n - summary.inconsistent - sum(v[0] != v[1] for v in errors)
    return right / (2 * summary.n), agree, right


def parse_stats(path: Path) -> dict[str, Any]:
    """`statistics.json`: ``"97 / 100 = 97.0%"`` → counts and percentage."""
    raw = json.loads(path.read_text(encoding="utf-8"))

    def count(text: str) -> tuple[int, int]:
        a, b = text.split("=")[0].split("/")
        return int(a), int(b)

    return {
        "acc": float(raw["correct_average"].rstrip("%")),
        "agr": float(raw["equal"].split("=")[1].strip().rstrip("%")),
        "agree": count(raw["equal"]),
        "right": _add(count(raw["correct_False"]), count(raw["correct_True"])),
    }


def build(root: Path, report: Report) -> None:
    base = require(root / "llmbar" / "Dataset")
    adversarial: list[tuple[float, float, float, float]] = []
    for name, folder in SETS:
        evaluator = require(base / folder / "evaluators" / "GPT-4" / STRATEGY)
        published = parse_stats(require(evaluator / "statistics.json"))
        instances = json.loads(require(evaluator / "result.json").read_text(encoding="utf-8"))
        results = [to_result(i) for i in instances]
        summary = summarize_pairwise(results)
        acc, agree, right = llmbar_convention(summary, results)
        n = summary.n

        if summary.errors:
            assert summary.win_rate is not None
            report.notes.append(
                f"{name}: {summary.errors} of {n} pairs have no verdict in an order; fourfold "
                f"records them as judge errors and its win rate over the {n - summary.errors} "
                f"decided pairs is {summary.win_rate * 100:.1f}%; the row uses LLMBar's "
                "convention (missing = wrong; two missing agree)"
            )
        else:
            assert summary.win_rate is not None and acc == summary.win_rate
        agr = agree / n
        report.exact(
            f"{name} Acc. (right order-verdicts)", _frac(published["right"]), f"{right}/{2 * n}"
        )
        report.close(f"{name} Acc. %", published["acc"], acc * 100, shown=2)
        report.exact(f"{name} Agr. (consistent pairs)", _frac(published["agree"]), f"{agree}/{n}")
        report.close(f"{name} Agr. %", published["agr"], agr * 100, shown=2)
        if name in ADVERSARIAL:
            adversarial.append((published["acc"], published["agr"], acc * 100, agr * 100))

    pub_acc, pub_agr, our_acc, our_agr = (
        statistics.fmean(c) for c in zip(*adversarial, strict=True)
    )
    report.rounded("Adversarial avg Acc. % (paper)", ADVERSARIAL_AVG[0], our_acc)
    report.rounded("Adversarial avg Agr. % (paper)", ADVERSARIAL_AVG[1], our_agr)
    report.close("Adversarial avg Acc. % (statistics.json)", pub_acc, our_acc, shown=2)
    report.close("Adversarial avg Agr. % (statistics.json)", pub_agr, our_agr, shown=2)
    report.notes.append(
        "Acc./Agr. % compare to statistics.json at full precision (shown to 2 decimals); "
        "the paper prints them to 1 decimal (Natural 93.5 / 97.0)"
    )


def _add(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """Right verdicts over both orders: ``a/n`` and ``b/n`` make ``(a + b)/(2n)``."""
    return a[0] + b[0], a[1] + b[1]


def _frac(pair: tuple[int, int]) -> str:
    return f"{pair[0]}/{pair[1]}"


if __name__ == "__main__":
    run_script(NAME, build)
