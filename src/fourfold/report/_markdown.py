"""A run's verdict as Markdown, for a pull-request comment.

What a reviewer reads where they already look: the decision in the first line, one table
row per layer (its verdict, pass rate and, against a baseline, how it moved), the reasons,
the cases that flipped with the evidence of the check that flipped them, and a link to the
full HTML report. GitHub and GitLab render it as written.

Everything quoted comes from the agent or a judge, so none of it is trusted: a quote is a
code span (no Markdown, HTML or ``@mention`` inside one renders), on one line, with table
pipes escaped and its length capped. A comment is at most `MAX_CHARS` long (GitHub refuses
longer ones): flipped cases are cut first, and the comment says how many were left out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._format import pct

if TYPE_CHECKING:
    from ..compare import Comparison, Flip, LayerDelta
    from ..gate import GateReport, LayerVerdict
    from ..runs import Run, Trial

__all__ = ["MAX_CHARS", "render_markdown"]

MAX_CHARS = 60_000
"""Longest comment written; GitHub's limit is 65,536 characters."""
QUOTE_CHARS = 160
"""Longest quote of evidence or explanation in the comment."""

_DECISION_WORD = {"deploy": "DEPLOY", "review": "REVIEW", "block": "BLOCK"}
_STATUS_WORD = {
    "pass": "pass",
    "fail": "**fail**",
    "review": "review",
    "no_decision": "no decision",
    "no_data": "no data",
}


def render_markdown(
    run: Run,
    gate: GateReport,
    *,
    trials: Sequence[Trial] = (),
    comparison: Comparison | None = None,
    link: str | None = None,
    limit: int = 10,
) -> str:
    """The comment: decision, per-layer table, reasons, flipped cases, a link.

    Args:
        run: the run the comment is about (the candidate, with a baseline).
        gate: its gate (`fourfold.summary.stored_summary` gives a stored run's).
        trials: its trials, where the flipped cases' evidence is read.
        comparison: against a baseline (`fourfold.compare.compare`), or None.
        link: the address of the HTML report (a CI artifact), if any.
        limit: at most this many flipped cases are listed.
    """
    while True:
        text = _render(run, gate, trials, comparison, link, limit)
        if len(text) <= MAX_CHARS or limit == 0 or comparison is None:
            return text[:MAX_CHARS]
        limit //= 2  # the flipped cases are what grows: fewer of them


def _render(
    run: Run,
    gate: GateReport,
    trials: Sequence[Trial],
    comparison: Comparison | None,
    link: str | None,
    limit: int,
) -> str:
    decision = gate.decision
    if comparison is not None:  # the stricter of the movement's word and the run's own gate
        decision = max(comparison.decision, decision, key=("deploy", "review", "block").index)
    lines = [
        f"### fourfold: {_DECISION_WORD[decision]} — {_text(run.suite)} {_text(run.agent_version)}",
        "",
        _headline(run, gate, comparison),
        "",
    ]
    lines += _layer_table(gate, comparison)
    reasons = list(comparison.reasons if comparison is not None else gate.reasons)
    if comparison is not None:
        reasons += [r for r in gate.reasons if r not in reasons]
    if reasons:
        lines += ["", "**Why**", ""]
        lines += [f"- {_text(r)}" for r in reasons]
    if comparison is not None:
        lines += _flips(comparison.flips, trials, limit)
    if link:
        lines += ["", f"[The full report]({_url(link)})"]
    return "\n".join(lines) + "\n"


def _headline(run: Run, gate: GateReport, comparison: Comparison | None) -> str:
    parts = [f"run `{run.id}`", f"{gate.trials:,} trials"]
    if gate.errored_trials:
        parts.append(f"{gate.errored_trials:,} errored ({pct(gate.error_rate)})")
    if comparison is not None:
        parts.append(
            f"against {_text(comparison.base_label)} (run `{comparison.base_run}`) on "
            f"{comparison.case_set.shared:,} shared cases"
        )
        if comparison.candidate_gate is not None and comparison.candidate_gate != "deploy":
            parts.append(f"its own gate: {comparison.candidate_gate}")
    return " · ".join(parts)


def _layer_table(gate: GateReport, comparison: Comparison | None) -> list[str]:
    deltas = {d.layer: d for d in comparison.layers} if comparison is not None else {}
    header = "| Layer | Verdict | Pass rate | Rule |"
    rule = "|---|---|---|---|"
    if comparison is not None:
        header, rule = header + " Against the baseline |", rule + "---|"
    rows = [header, rule]
    for verdict in gate.layers:
        cells = [
            verdict.layer + (" (critical)" if verdict.critical else ""),
            _STATUS_WORD.get(verdict.status, verdict.status),
            _pass_rate(verdict),
            _text(verdict.rule),
        ]
        if comparison is not None:
            delta = deltas.get(verdict.layer)
            cells.append(_movement(delta) if delta is not None else "—")
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def _pass_rate(verdict: LayerVerdict) -> str:
    if verdict.pass_rate is None:
        return "—"
    decided = verdict.passed + verdict.failed
    return f"{pct(verdict.pass_rate)} ({verdict.passed}/{decided})"


def _movement(delta: LayerDelta) -> str:
    from ..compare import describe_layer

    word = delta.verdict.replace("_", " ")
    if delta.verdict == "regression":
        word = "**regression**"
    return f"{word}: {_text(describe_layer(delta))}"


def _flips(flips: Sequence[Flip], trials: Sequence[Trial], limit: int) -> list[str]:
    regressed = [f for f in flips if f.direction == "regressed"]
    fixed = [f for f in flips if f.direction == "fixed"]
    if not flips:
        return ["", "No case flipped."]
    lines = [
        "",
        f"**Flipped cases**: {len(regressed)} regressed, {len(fixed)} fixed",
        "",
        "| Case | Layer | Change | Evidence |",
        "|---|---|---|---|",
    ]
    shown = (regressed + fixed)[:limit]
    for flip in shown:
        change = f"{flip.base} → {flip.cand}"
        if flip.direction == "regressed":
            change = f"**{change}**"
        lines.append(
            f"| {_code(flip.case_id)} | {flip.layer} | {change} | {_evidence(flip, trials)} |"
        )
    if len(flips) > len(shown):
        lines += ["", f"{len(flips) - len(shown)} more flipped case(s) are in the full report."]
    return lines


def _evidence(flip: Flip, trials: Sequence[Trial]) -> str:
    """The first failing result of a flipped check in the candidate: check, then quote."""
    wanted = set(flip.checks)
    for trial in trials:
        if trial.case_id != flip.case_id:
            continue
        for result in trial.results:
            if result.check in wanted and result.layer == flip.layer and result.status == "fail":
                quote = result.evidence[0].text if result.evidence else result.explanation
                return f"{_code(result.check)}: {_code(quote)}" if quote else _code(result.check)
    return ", ".join(_code(c) for c in flip.checks) or "—"


def _code(text: str) -> str:
    """`text` as a code span on one line: rendered as typed, nothing inside it active."""
    one_line = " ".join(text.split())
    if len(one_line) > QUOTE_CHARS:
        one_line = one_line[: QUOTE_CHARS - 1] + "…"
    one_line = one_line.replace("|", "\\|")
    longest = max((len(run) for run in re.findall(r"`+", one_line)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if one_line.startswith("`") or one_line.endswith("`") or not one_line else ""
    return f"{fence}{pad}{one_line}{pad}{fence}"


_ACTIVE = re.compile(r"([\\`*_\[\]|<>~@])")


def _text(text: str) -> str:
    r"""Plain text in Markdown: one line, every character that could format it escaped.

    Emphasis, code, links and images (``[``), HTML (``<``), table cells (``|``),
    strike-through and ``@mentions``. The characters that act only at the start of a line
    (``#``, ``-``, ``1.``) are left alone: no text here starts a line.

    Examples:
        >>> print(_text("a *bold* <b>claim</b> | @team [x](y)"))
        a \*bold\* \<b\>claim\</b\> \| \@team \[x\](y)
    """
    return _ACTIVE.sub(r"\\\1", " ".join(str(text).split()))


def _url(link: str) -> str:
    return link.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
