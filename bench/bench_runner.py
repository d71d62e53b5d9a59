"""Benchmark what the runner itself costs per trial, with an agent that costs nothing.

Writes a real suite to a temporary folder (a Python agent that returns "ok" at once, cases,
resources) and runs it through `fourfold._engine.run` (what `fourfold run` calls) into a
real SQLite store in that folder, with no checks and with the 12-check suite of
``_synth.py``, one trial at a time and eight at once. Wall time over trials is the
overhead a run adds to every model call: adapter, checks, storing the trial, the run's own
bookkeeping. A `Store` subclass times `save_trials`, to tell the store's share apart. Then it
times reading a run back with `Store.trials`.

Run it alone with ``python bench/bench_runner.py``, or through ``make bench``.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import _synth
from _common import Figure, TimedStore, best_of, machine, table

from fourfold._engine import RunOptions, run
from fourfold.suite import load_suite

TARGET_MS_PER_TRIAL = 5.0
"""Most a run may add to a trial: small next to a model call of 0.5-10 s."""
TARGET_READ_MS_PER_TRIAL = 0.5
"""Most reading a stored trial back may take: a 10,000-trial run loads in 5 s."""
RUNS = 3


def main(n_cases: int = 100, repeats: int = 3, *, header: bool = True) -> list[Figure]:
    """Run the benchmark, print its report and return its headline figures."""
    if header:
        print(machine())
    n_trials = n_cases * repeats
    print(
        f"\n2. Runner overhead per trial: a Python agent that returns 'ok' at once, "
        f"{n_cases} cases × {repeats} repeats = {n_trials} trials a run, into a SQLite "
        f"store (WAL) in a temporary folder; median of {RUNS} runs after a warm-up run"
    )
    rows: list[list[str]] = []
    reads: list[list[str]] = []
    worst_ms = 0.0
    worst_read_ms = 0.0
    configs = [
        ("answer", False, "sync"),
        ("answer", True, "sync"),
        ("answer_async", False, "async"),
        ("answer_async", True, "async"),
    ]
    with tempfile.TemporaryDirectory(prefix="fourfold-bench-") as tmp:
        for agent, checks, kind in configs:
            folder = Path(tmp) / f"{agent}-{'checks' if checks else 'none'}"
            path = _synth.write_suite(
                folder, n_cases=n_cases, repeats=repeats, checks=checks, agent=agent
            )
            start = time.perf_counter()
            loaded = load_suite(path)
            load_ms = (time.perf_counter() - start) * 1e3
            n_checks = len(loaded.checks)
            with TimedStore.open(folder / "runs.db") as store:
                last_run = ""
                for concurrency in (1, 8):
                    options = RunOptions(progress=False, concurrency=concurrency)
                    run(loaded, store=store, options=options)  # warm-up
                    walls: list[float] = []
                    writes: list[float] = []
                    for _ in range(RUNS):
                        store.write_s = 0.0
                        start = time.perf_counter()
                        outcome = run(loaded, store=store, options=options)
                        walls.append(time.perf_counter() - start)
                        writes.append(store.write_s)
                        assert len(outcome.trials) == n_trials
                        last_run = outcome.run.id
                    wall = statistics.median(walls)
                    ms = wall / n_trials * 1e3
                    if kind == "sync":
                        worst_ms = max(worst_ms, ms)
                    rows.append(
                        [
                            "thread a trial" if kind == "sync" else "async, on the loop",
                            str(n_checks),
                            str(concurrency),
                            f"{ms:.2f}",
                            f"{n_trials / wall:,.0f}",
                            f"{statistics.median(writes) / n_trials * 1e3:.2f}",
                            f"{load_ms:.0f}",
                        ]
                    )
                if kind == "sync":
                    seconds = best_of(lambda s=store, rid=last_run: s.trials(rid), repeat=3)
                    read_ms = seconds / n_trials * 1e3
                    worst_read_ms = max(worst_read_ms, read_ms)
                    reads.append(
                        [
                            str(n_checks),
                            f"{n_trials * n_checks:,}",
                            f"{seconds * 1e3:,.1f}",
                            f"{read_ms * 1e3:,.0f}",
                            f"{n_trials / seconds:,.0f}",
                        ]
                    )
    print(
        table(
            [
                "agent",
                "checks",
                "concurrency",
                "ms/trial",
                "trials/s",
                "of it writes ms",
                "load_suite ms",
            ],
            rows,
            indent="   ",
        )
    )
    print(f"\n   reading a run back, store.trials(run_id), {n_trials} trials, best of 3:")
    print(table(["checks", "results", "ms", "µs/trial", "trials/s"], reads, indent="   "))
    return [
        Figure(
            "runner overhead (worst of the sync rows)",
            worst_ms,
            "ms/trial",
            TARGET_MS_PER_TRIAL,
            higher_is_better=False,
            digits=2,
        ),
        Figure(
            "store read-back (worst)",
            worst_read_ms,
            "ms/trial",
            TARGET_READ_MS_PER_TRIAL,
            higher_is_better=False,
            digits=3,
        ),
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=100, help="cases in the suite")
    parser.add_argument("--repeats", type=int, default=3, help="repeats of each case")
    args = parser.parse_args()
    figures = main(args.cases, args.repeats)
    print()
    for figure in figures:
        print(figure.line())
