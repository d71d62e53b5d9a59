"""Figures from the records of `local_measure`, and their tables for docs/validation.md.

Accuracy and order agreement are LLMBar's (Zeng et al. 2024): accuracy is the share of
order-verdicts (two per pair) that name the gold output, so a tie, an unreadable reply
or a failed call counts as not right; order agreement is the share of pairs whose two
orders give the same verdict (a failed order agrees with nothing). A pair is a tie as
fourfold's pairwise check counts it: the orders disagree, or both say TIE. A pair whose
orders disagree but which ``decide: log_odds`` decides counts as that verdict in both
orders (the log-odds are both orders read together); its votes still count against
order agreement. The paired
difference of accuracy (fourfold's judge minus the plain prompt, per pair the share of
its two orders that are right) has a 95% cluster-bootstrap interval over pairs, from
`fourfold.stats.paired_difference`.
"""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

import numpy as np

from fourfold.stats import paired_difference

SEED = 7


def pairwise_figures(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of one prompt on one set of pairs."""
    n = len(records)
    right = sum(s == str(r["label"]) for r in records for s in r["sides"])
    # Order agreement and inconsistency are the votes' (a record without votes: its
    # sides are its votes); ties and decided pairs are the verdicts'.
    votes = [r.get("votes") or r["sides"] for r in records]
    agree = sum(v[0] is not None and v[0] == v[1] for v in votes)
    inconsistent = sum(None not in v and v[0] != v[1] for v in votes)
    ties = sum(
        None not in r["sides"] and (r["sides"][0] != r["sides"][1] or r["sides"][0] == "tie")
        for r in records
    )
    decided = [r for r in records if r["sides"][0] in ("1", "2") and r["sides"][0] == r["sides"][1]]
    by_odds = sum(
        v[0] != v[1] and r["sides"][0] in ("1", "2") and r["sides"][0] == r["sides"][1]
        for v, r in zip(votes, records, strict=True)
    )
    answered = [r for r in records if r.get("error") is None]
    flagged = sum("evidence_not_found" in r["flags"] for r in answered)
    figures = {
        "pairs": n,
        "accuracy": right / (2 * n) if n else None,
        "right_verdicts": right,
        "agreement": agree / n if n else None,
        "ties": ties,
        "inconsistent": inconsistent,
        "decided_by_log_odds": by_odds,
        "decided": len(decided),
        "right_of_decided": sum(r["sides"][0] == str(r["label"]) for r in decided),
        "errors": dict(Counter(r["error"] for r in records if r.get("error"))),
        "evidence_not_found": flagged / len(answered) if answered else None,
    }
    figures.update(call_figures(records))
    return figures


MARGINS = (0.0, 0.25, 0.5, 1.0, 2.0, None)
"""The ``decide: log_odds`` margins the tuning sets are read at (None: the votes alone)."""


def margin_sweep(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Accuracy and ties of pairwise records decided again at each of `MARGINS`.

    A record's votes and its candidate's log-odds are kept, so each margin is a reading of
    the same replies: no model call.
    """
    from local_measure import decided_at

    rows: list[dict[str, Any]] = []
    for margin in MARGINS:
        decided = [decided_at(r, margin) for r in records]
        f = pairwise_figures(decided)
        rows.append(
            {"margin": margin, "accuracy": f["accuracy"], "ties": f["ties"], "pairs": f["pairs"]}
        )
    return rows


def sweep_table(sets: dict[str, list[dict[str, Any]]]) -> str:
    """The margin sweep of each set, side by side."""
    names = list(sets)
    head = "| margin (nats) | " + " | ".join(f"{n}: accuracy, ties" for n in names) + " |"
    rule = "|---|" + "---|" * len(names)
    lines = [head, rule]
    for i, margin in enumerate(MARGINS):
        label = "votes only" if margin is None else f"{margin:g}"
        cells = [
            f"{_pct(sets[n][i]['accuracy'])}, {sets[n][i]['ties']} of {sets[n][i]['pairs']}"
            for n in names
        ]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def call_figures(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Parse rate, loops and timeouts, seconds and prompt tokens per call."""
    calls = [c for r in records for c in r["calls"]]
    replies = [x for r in records for x in r["replies"]]
    answered = [c for c in calls if not c.get("error")]
    latencies = [c["latency_s"] for c in calls if c.get("latency_s") is not None]
    errors = Counter(c["error"] for c in calls if c.get("error"))
    return {
        "calls": len(calls),
        "replies": len(replies),
        "parse_rate": sum(x["parsed"] for x in replies) / len(replies) if replies else None,
        "cut_at_cap": sum(x["finish_reason"] == "length" for x in replies),
        "runaway_calls": errors.get("runaway", 0),
        "timeout_calls": errors.get("timeout", 0),
        "attempts": sum(c.get("attempts") or 1 for c in calls),
        "seconds_per_call": statistics.fmean(latencies) if latencies else None,
        "prompt_tokens": statistics.median(c["input_tokens"] for c in answered)
        if answered
        else None,
        "output_tokens_max": max((c["output_tokens"] for c in answered), default=None),
        "output_tokens_p95": _quantile([c["output_tokens"] for c in answered], 0.95),
    }


def difference(
    plain: list[dict[str, Any]], fourfold: list[dict[str, Any]]
) -> dict[str, float | None]:
    """fourfold's accuracy minus the plain prompt's, paired by pair, with its 95% interval."""

    def shares(records: list[dict[str, Any]]) -> dict[str, list[float]]:
        return {r["pair"]: [float(s == str(r["label"])) for s in r["sides"]] for r in records}

    result = paired_difference(shares(plain), shares(fourfold), rng=np.random.default_rng(SEED))
    return {
        "diff": result.diff,
        "low": result.interval.low,
        "high": result.interval.high,
        "p_value": result.test.p_value if result.test is not None else None,
    }


def rubric_figures(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Gold output scored higher, lower or equal; the score spread; the call figures."""
    higher = lower = equal = 0
    scores: Counter[int] = Counter()
    outputs = [o for r in records for o in r["outputs"]]
    for r in records:
        values = [o.get("score") for o in r["outputs"]]
        # a judge's score comes back as 3.0 as often as 3: count them as one value
        scores.update(int(v) for v in values if v is not None)
        if None in values:
            continue
        gold, other = values[r["label"] - 1], values[2 - r["label"]]
        higher += gold > other
        lower += gold < other
        equal += gold == other
    scored = [o for o in outputs if o.get("status") != "error"]
    flagged = sum("evidence_not_found" in o["flags"] for o in scored)
    figures: dict[str, Any] = {
        "items": len(records),
        "gold_higher": higher,
        "gold_lower": lower,
        "gold_equal": equal,
        "scores": {str(k): scores[k] for k in sorted(scores)},
        "errors": dict(Counter(o["error"] for o in outputs if o.get("error"))),
        "evidence_not_found": flagged / len(scored) if scored else None,
    }
    figures.update(call_figures(outputs))
    return figures


def _quantile(values: list[int], q: float) -> float | None:
    if not values:
        return None
    return float(np.quantile(np.array(values, dtype=float), q))


# Tables


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value * 100:.1f}%"


def _num(value: float | None, places: int = 1) -> str:
    return "—" if value is None else f"{value:.{places}f}"


def _inconsistent(f: dict[str, Any]) -> str:
    by_odds = f.get("decided_by_log_odds") or 0
    if not by_odds:
        return f"{f['inconsistent']} inconsistent"
    return f"{f['inconsistent']} inconsistent, {by_odds} of them decided by log-odds"


def pairwise_row(label: str, f: dict[str, Any]) -> str:
    errors = ", ".join(f"{k} {v}" for k, v in sorted(f["errors"].items())) or "0"
    loops = f"{f['runaway_calls']} / {f['timeout_calls']} of {f['calls']}"
    return (
        f"| {label} | {_pct(f['accuracy'])} | {_pct(f['agreement'])} | "
        f"{f['ties']} ({_inconsistent(f)}) | "
        f"{f['right_of_decided']}/{f['decided']} | {errors} | {_pct(f['parse_rate'])} | "
        f"{_pct(f['evidence_not_found'])} | {loops} | {_num(f['seconds_per_call'])} | "
        f"{_num(f['prompt_tokens'], 0)} |"
    )


PAIRWISE_HEADER = (
    "| prompt | accuracy | order agreement | ties | right of decided | pairs in error | "
    "reply parse rate | evidence_not_found | runaway / timeout calls | s per call | "
    "prompt tokens (median) |\n|---|---|---|---|---|---|---|---|---|---|---|"
)


def difference_line(d: dict[str, float | None]) -> str:
    if d["diff"] is None:
        return "paired difference: —"
    low = "—" if d["low"] is None else f"{d['low'] * 100:+.1f}"
    high = "—" if d["high"] is None else f"{d['high'] * 100:+.1f}"
    p = "" if d["p_value"] is None else f", Wilcoxon p = {d['p_value']:.3f}"
    return f"fourfold − plain accuracy: {d['diff'] * 100:+.1f} points (95% CI {low} to {high}{p})"


RUBRIC_HEADER = (
    "| prompt | items | gold higher / lower / equal | scores 0/1/2/3 | outputs in error | "
    "reply parse rate | evidence_not_found | runaway / timeout calls | s per call | "
    "prompt tokens (median) |\n|---|---|---|---|---|---|---|---|---|---|"
)


def rubric_row(label: str, f: dict[str, Any]) -> str:
    # keys written by an earlier version of this script may read "3.0"
    scores = {str(int(float(k))): v for k, v in f["scores"].items()}
    spread = "/".join(str(scores.get(str(k), 0)) for k in range(4))
    errors = ", ".join(f"{k} {v}" for k, v in sorted(f["errors"].items())) or "0"
    loops = f"{f['runaway_calls']} / {f['timeout_calls']} of {f['calls']}"
    return (
        f"| {label} | {f['items']} | {f['gold_higher']} / {f['gold_lower']} / "
        f"{f['gold_equal']} | {spread} | {errors} | {_pct(f['parse_rate'])} | "
        f"{_pct(f['evidence_not_found'])} | {loops} | {_num(f['seconds_per_call'])} | "
        f"{_num(f['prompt_tokens'], 0)} |"
    )
