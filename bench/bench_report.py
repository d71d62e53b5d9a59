"""Benchmark the HTML report of a 10,000-trial run: its size, how long it takes to make, and
how long headless Chromium takes to open it and become interactive.

The run is synthetic and seeded (``_synth.py``): 2,500 cases × 4 repeats, each trace checked
by the 12-check suite through `check_trace` (the runner's path), so the results, their
explanations and evidence are what a real run stores. A second run of the same cases with
other traces is the baseline of the comparison report. The report is assembled with
`build_report` from the runs in memory (reading them from a store is the runner benchmark's
business), rendered, written to a temporary folder and opened in Debian's Chromium through
Playwright, a new page per load (median of 3 loads):

* interactive: from navigation start until the page's script has drawn the first page of
  the case table (the ``ff-interactive`` performance mark): the table filters, sorts and
  opens trials from then on;
* DOMContentLoaded and load: when the whole file (every trial's embedded detail) is parsed;
* open a trial: from the click on a row until its trace and results are drawn (its JSON is
  parsed then, not before);
* filter: from choosing ``policy`` / ``fail`` until the table is redrawn.

Without /usr/bin/chromium or Playwright the browser figures are skipped (said so).
Run it alone with ``python bench/bench_report.py`` (``--trials 2000`` for a quick look), or
through ``make bench``.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import _synth
from _common import Figure, machine, table

from fourfold.checks import create_check
from fourfold.report.html import build_report, render_report
from fourfold.runs import Run, RunData, Trial
from fourfold.trace import Trace

TARGET_INTERACTIVE_S = 2.0
"""A 10,000-trial report must be usable within a couple of seconds of opening it."""
TARGET_OPEN_TRIAL_MS = 200.0
"""Opening one trial (parsing its JSON, drawing its trace) must feel immediate."""
REPEATS = 4
LOADS = 3
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def synthetic_run(n_trials: int, *, seed: int, label: str) -> RunData:
    """A run of `n_trials` synthetic trials (cases × `REPEATS`), every trace checked."""
    n_cases = n_trials // REPEATS
    cases = _synth.cases(n_cases)
    traces = _synth.traces(n_trials, seed=seed)
    resources = _synth.resources()
    checks = [create_check(name, args) for name, args in _synth.SUITE]
    started = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    async def check_all() -> list[Trial]:
        from fourfold._engine import check_trace

        out = []
        for i, trace in enumerate(traces):
            case = cases[i // REPEATS]
            # A real agent's latency and cost, spread the way they are.
            timed = trace.model_copy(update={"latency_s": 0.4 + (i * 7919 % 1000) / 250})
            results = await check_trace(checks, case, timed, resources)
            out.append(
                Trial(
                    case_id=case.id,
                    repeat=i % REPEATS,
                    status="ok",
                    trace=timed,
                    results=results,
                    started_at=started,
                    ended_at=started + timedelta(seconds=1),
                    latency_s=timed.latency_s,
                )
            )
        return out

    trials = asyncio.run(check_all())
    run = Run(
        id=f"20261129-120000-{label}",
        suite="bench",
        agent_version=label,
        package_version="bench",
        seed=seed,
        started_at=started,
        ended_at=started + timedelta(minutes=30),
        status="finished",
    )
    return RunData(run, cases, trials)


def _trace_chars(trials: list[Trial]) -> float:
    sizes = [len(t.trace.to_json()) for t in trials if isinstance(t.trace, Trace)]
    return statistics.mean(sizes)


def browser_figures(path: Path) -> dict[str, float] | None:
    """Open the report `LOADS` times in headless Chromium; median figures in ms."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("  (browser figures skipped: the playwright package is not installed)")
        return None
    if not Path(CHROMIUM).exists():
        print(f"  (browser figures skipped: no {CHROMIUM}; apt-get install chromium)")
        return None
    runs: dict[str, list[float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for _ in range(LOADS):
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                start = time.perf_counter()
                page.goto(path.as_uri(), wait_until="commit")
                page.wait_for_selector("html[data-ready]", timeout=120_000)
                ready_wall = (time.perf_counter() - start) * 1000
                page.wait_for_load_state("load", timeout=120_000)
                nav: dict[str, Any] = page.evaluate(
                    """() => {
                      const n = performance.getEntriesByType("navigation")[0];
                      const m = performance.getEntriesByName("ff-interactive")[0];
                      return {interactive: m.startTime, dcl: n.domContentLoadedEventEnd,
                              load: n.loadEventEnd,
                              heap: performance.memory ? performance.memory.usedJSHeapSize : 0};
                    }"""
                )
                filter_ms = page.evaluate(
                    """() => {
                      const t = performance.now();
                      const layer = document.getElementById("f-layer");
                      layer.value = "policy"; layer.dispatchEvent(new Event("change"));
                      const verdict = document.getElementById("f-verdict");
                      verdict.value = "fail"; verdict.dispatchEvent(new Event("change"));
                      return performance.now() - t;
                    }"""
                )
                open_ms = page.evaluate(
                    """() => new Promise(resolve => {
                      const t = performance.now();
                      document.querySelector("#case-rows tr[data-key]").click();
                      const check = () => document.querySelector(".drawer .trial")
                        ? resolve(performance.now() - t) : requestAnimationFrame(check);
                      check();
                    })"""
                )
                for name, value in (
                    ("interactive", nav["interactive"]),
                    ("interactive (wall)", ready_wall),
                    ("DOMContentLoaded", nav["dcl"]),
                    ("load", nav["load"]),
                    ("filter", filter_ms),
                    ("open a trial", open_ms),
                    ("JS heap MB", nav["heap"] / 1e6),
                ):
                    runs.setdefault(name, []).append(float(value))
                page.close()
        finally:
            browser.close()
    return {name: statistics.median(values) for name, values in runs.items()}


def main(n_trials: int = 10_000, *, header: bool = True) -> list[Figure]:
    """Run the benchmark, print its report and return its headline figures."""
    if header:
        print(machine())
    print(
        f"\n4. HTML report of a {n_trials:,}-trial run ({n_trials // REPEATS:,} cases × "
        f"{REPEATS} repeats, the 12-check suite), alone and against a baseline run of the "
        f"same size; opened in headless Chromium, median of {LOADS} loads"
    )
    start = time.perf_counter()
    cand = synthetic_run(n_trials, seed=_synth.SEED, label="v2")
    base = synthetic_run(n_trials, seed=_synth.SEED + 1, label="v1")
    print(
        f"  runs made in {time.perf_counter() - start:.0f} s; a trace is "
        f"{_trace_chars(cand.trials):,.0f} characters of JSON on average"
    )
    folder = Path(tempfile.mkdtemp(prefix="fourfold-bench-report-"))
    rows: list[list[str]] = []
    figures: list[Figure] = []
    try:
        for name, baseline in (("alone", None), ("with baseline", base)):
            t0 = time.perf_counter()
            data = build_report(cand, baseline=baseline, seed=0)
            t1 = time.perf_counter()
            html = render_report(data)
            t2 = time.perf_counter()
            path = folder / f"report-{name.replace(' ', '-')}.html"
            path.write_text(html, encoding="utf-8")
            size = path.stat().st_size
            shown = browser_figures(path)
            rows.append(
                [
                    name,
                    f"{size / 1e6:,.1f} MB",
                    f"{t1 - t0:.1f} s",
                    f"{t2 - t1:.1f} s",
                    "-" if shown is None else f"{shown['interactive'] / 1000:.2f} s",
                    "-" if shown is None else f"{shown['DOMContentLoaded'] / 1000:.2f} s",
                    "-" if shown is None else f"{shown['load'] / 1000:.2f} s",
                    "-" if shown is None else f"{shown['filter']:.0f} ms",
                    "-" if shown is None else f"{shown['open a trial']:.0f} ms",
                    "-" if shown is None else f"{shown['JS heap MB']:.0f} MB",
                ]
            )
            if shown is not None and baseline is not None:
                figures.append(
                    Figure(
                        f"report of {n_trials:,} trials + baseline: interactive",
                        shown["interactive"] / 1000,
                        "s",
                        TARGET_INTERACTIVE_S,
                        higher_is_better=False,
                        digits=2,
                    )
                )
                figures.append(
                    Figure(
                        f"report of {n_trials:,} trials: open a trial",
                        shown["open a trial"],
                        "ms",
                        TARGET_OPEN_TRIAL_MS,
                        higher_is_better=False,
                    )
                )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(
        table(
            [
                "report",
                "file",
                "assemble",
                "render",
                "interactive",
                "DOMContentLoaded",
                "load",
                "filter",
                "open a trial",
                "JS heap",
            ],
            rows,
        )
    )
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=10_000, help="trials per run")
    args = parser.parse_args()
    for figure in main(args.trials):
        print("  " + figure.line())
