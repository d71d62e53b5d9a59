"""Benchmark what the runner itself costs per trial, with an agent that costs nothing.

Writes a real suite to a temporary folder (a Python agent that returns "ok" at once, cases,
resources) and runs it through `fourfold._engine.run` (what `fourfold run` calls) into a
real SQLite store in that folder, with no checks and with the 12-check suite of
``_synth.py``, one trial at a time and eight at once. Wall time over trials is the
overhead a run adds to every model call: adapter, checks, storing the trial, the run's own
bookkeeping. A `Store` subclass times `save_trials`, to tell the store's share apart. Then it
times reading a run back with `Store.trials`.

The same agent then runs with ``isolation: process`` (worker processes), without checks:
its rows include starting the workers (one per concurrent trial, each a new interpreter
importing fourfold and the agent) and each trial's round trip to a worker; the ratio to
the in-process row of the same agent and concurrency is the price of isolation. Starting
one worker, alone, is timed too.

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
TARGET_ISOLATED_MS_PER_TRIAL = 10.0
"""Most a run in worker processes may add to a trial, their start included: still small
next to a model call, for a 300-trial run."""
TARGET_ISOLATED_RATIO = 10.0
"""How many times the in-process overhead isolation may cost: a price one pays for
untrusted code, not for every run."""
RUNS = 3


def _label(kind: str, isolation: str) -> str:
    if isolation == "process":
        return f"{kind}, worker processes"
    return "thread a trial" if kind == "sync" else "async, on the loop"


def _worker_start_s() -> float:
    """Seconds to start one worker and run one trial in it (median of 3)."""
    import asyncio

    from fourfold.agents import AgentConfig, make_agent, start_agent
    from fourfold.cases import Case

    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="fourfold-bench-") as tmp:
        Path(tmp, "noop_agent.py").write_text("def answer(case):\n    return 'ok'\n")
        config = AgentConfig(python="noop_agent:answer", isolation="process")

        async def once() -> None:
            agent = make_agent(config, base_dir=Path(tmp))
            try:
                await start_agent(agent)
                await agent.run(Case(id="c", input="?"), seed=0, repeat=0)
            finally:
                await agent.aclose()

        for _ in range(3):
            start = time.perf_counter()
            asyncio.run(once())
            times.append(time.perf_counter() - start)
    return statistics.median(times)


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
        ("answer", False, "sync", "in-process"),
        ("answer", True, "sync", "in-process"),
        ("answer_async", False, "async", "in-process"),
        ("answer_async", True, "async", "in-process"),
        ("answer", False, "sync", "process"),
        ("answer_async", False, "async", "process"),
    ]
    in_process_ms: dict[tuple[str, int], float] = {}
    worst_isolated = 0.0
    worst_isolated_ratio = 0.0
    with tempfile.TemporaryDirectory(prefix="fourfold-bench-") as tmp:
        for agent, checks, kind, isolation in configs:
            folder = Path(tmp) / f"{agent}-{'checks' if checks else 'none'}-{isolation}"
            path = _synth.write_suite(
                folder,
                n_cases=n_cases,
                repeats=repeats,
                checks=checks,
                agent=agent,
                isolation=isolation,
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
                    ratio = "—"
                    if isolation == "in-process" and not checks:
                        in_process_ms[(agent, concurrency)] = ms
                    elif isolation == "process":
                        base = in_process_ms[(agent, concurrency)]
                        ratio = f"{ms / base:.1f}×"
                        worst_isolated = max(worst_isolated, ms)
                        worst_isolated_ratio = max(worst_isolated_ratio, ms / base)
                    if kind == "sync" and isolation == "in-process":
                        worst_ms = max(worst_ms, ms)
                    rows.append(
                        [
                            _label(kind, isolation),
                            str(n_checks),
                            str(concurrency),
                            f"{ms:.2f}",
                            f"{n_trials / wall:,.0f}",
                            f"{statistics.median(writes) / n_trials * 1e3:.2f}",
                            f"{load_ms:.0f}",
                            ratio,
                        ]
                    )
                if kind == "sync" and isolation == "in-process":
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
                "vs in-process",
            ],
            rows,
            indent="   ",
        )
    )
    start_s = _worker_start_s()
    print(
        f"\n   starting one worker process (isolation: process), median of 3: "
        f"{start_s * 1e3:,.0f} ms"
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
            "runner overhead, isolation: process (worst, workers' start included)",
            worst_isolated,
            "ms/trial",
            TARGET_ISOLATED_MS_PER_TRIAL,
            higher_is_better=False,
            digits=2,
        ),
        Figure(
            "isolation: process against in-process (worst ratio)",
            worst_isolated_ratio,
            "×",
            TARGET_ISOLATED_RATIO,
            higher_is_better=False,
            digits=1,
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
