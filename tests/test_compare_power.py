"""compare: the detectable drop beside a move that decided nothing, and intervals marked
unadjusted on every surface (terminal, HTML report card, the API's words)."""

from __future__ import annotations

from html import unescape

import numpy as np
import pytest
from rich.console import Console

from fourfold.cases import Case
from fourfold.compare import compare, describe_layer
from fourfold.power import detectable_between
from fourfold.report import render_comparison
from fourfold.report.html import build_report, render_report
from fourfold.runs import CheckResult, Run, RunData, Trial, layer_values

from .test_compare import NOW, run_data

LAYERS4 = ("outcome", "trajectory", "grounding", "policy")


def _runs() -> tuple[RunData, RunData]:
    """The issue's case: policy drops 11.8 points, six of 51 cases flipping all one way,
    four layers tested, so Holm multiplies McNemar's p = 0.03125 by four."""
    cases = [Case(id=f"c{i:02d}", input=f"q{i}") for i in range(51)]
    base = run_data("v1", cases, {(c.id, 0): dict.fromkeys(LAYERS4, "pass") for c in cases})
    cand = run_data(
        "v2",
        cases,
        {
            (c.id, 0): {**dict.fromkeys(LAYERS4, "pass"), "policy": "fail" if i < 6 else "pass"}
            for i, c in enumerate(cases)
        },
    )
    return base, cand


def test_a_not_significant_drop_says_what_the_test_could_have_seen() -> None:
    base, cand = _runs()
    cmp = compare(base, cand, seed=0)
    policy = cmp.layer("policy")
    assert policy.difference is not None
    assert policy.difference.diff == pytest.approx(-6 / 51)
    assert policy.p_holm == pytest.approx(0.125) and policy.verdict == "not_significant"
    # the interval is clear of zero; the Holm test is not: the words say the interval is
    # unadjusted, and the detectable drop says why the test could not call 11.8 points
    ci = policy.difference.interval
    assert ci.high is not None and ci.high < 0
    same = [c.id for c in base.cases]
    expected = detectable_between(
        layer_values(base.trials, "policy", cases=same),
        layer_values(cand.trials, "policy", cases=same),
        alpha=0.05 / 4,
    )
    assert policy.detectable == expected
    assert expected is not None and expected > 6 / 51
    words = describe_layer(policy)
    assert "unadjusted 95% CI" in words
    assert f"detectable drop {expected * 100:.1f} points (80% power)" in words
    # a layer that moved significantly carries its power too, but the words leave it out
    assert cmp.layer("outcome").verdict == "noise"


def test_the_detectable_drop_grows_at_a_stricter_level() -> None:
    base, cand = _runs()
    same = [c.id for c in base.cases]
    b = layer_values(base.trials, "policy", cases=same)
    c = layer_values(cand.trials, "policy", cases=same)
    alone = detectable_between(b, c, alpha=0.05)
    four = detectable_between(b, c, alpha=0.05 / 4)
    assert alone is not None and four is not None and alone < four


def test_the_terminal_marks_intervals_unadjusted_and_shows_the_detectable_drop() -> None:
    base, cand = _runs()
    cmp = compare(base, cand, seed=0)
    console = Console(width=200, record=True)
    console.print(render_comparison(cmp))
    text = console.export_text()
    assert "Δ [95% CI, unadj.]" in text and "unadjusted 95% interval over cases" in text
    detectable = cmp.layer("policy").detectable
    assert detectable is not None
    assert (
        f"policy: not significant; on 51 cases its test detects a drop of "
        f"{detectable * 100:.1f} points (80% power, α 0.0125)"
    ) in text
    assert "intervals are not adjusted for multiple tests" in text


def test_the_report_card_marks_the_interval_and_gives_the_detectable_drop() -> None:
    base, cand = _runs()
    cmp = compare(base, cand, seed=0)
    page = unescape(render_report(build_report(cand, baseline=base, comparison=cmp)))
    assert "unadjusted 95% CI" in page
    detectable = cmp.layer("policy").detectable
    assert detectable is not None
    assert f"detects ≥ {detectable * 100:.1f} pts" in page
    assert "paired differences with unadjusted 95% intervals" in page


def test_few_cases_say_no_drop_is_detectable() -> None:
    cases = [Case(id=f"c{i}", input="q") for i in range(4)]
    trials = {
        label: [
            Trial(
                case_id=c.id,
                status="ok",
                started_at=NOW,
                ended_at=NOW,
                results=[CheckResult(layer="policy", check="p", status=status)],
            )
            for c in cases
        ]
        for label, status in (("v1", "pass"), ("v2", "fail"))
    }
    runs = {
        label: RunData(
            Run(id=label, suite="s", agent_version=label, package_version="0", started_at=NOW),
            cases,
            t,
        )
        for label, t in trials.items()
    }
    cmp = compare(runs["v1"], runs["v2"], rng=np.random.default_rng(0))
    policy = cmp.layer("policy")
    assert policy.verdict == "underpowered" and policy.detectable is None
    assert "no drop detectable on so few cases" in cmp.reasons[0]
