"""Benchmark ``isolation: process`` against in-process, with an agent that costs nothing.

Three measures of what running a Python agent in worker processes costs:

- a worker's start: a new interpreter importing fourfold and the agent, until its first
  trial is answered (median of 3);
- a trial's round trip once the workers run: `ProcessAgent.run` against the in-process
  `PythonAgent.run` of the same plain function, 300 trials one at a time and eight at
  once, on workers already started (median of 3 passes);
- a whole run: the runner benchmark's suite (a Python agent returning "ok" at once, 100
  cases x 3 repeats, no checks, into SQLite) through `fourfold._engine.run`, in-process and
  with ``isolation: process``, one trial at a time and eight at once (median of 3 runs).
  A run starts its workers (one per concurrent trial), so on an agent that costs nothing
  the start dominates; against trials of seconds it does not.

Run it alone with ``python bench/bench_isolation.py``, or through ``make bench``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import _synth
from _common import Figure, machine, table

from fourfold._engine import RunOptions, run
from fourfold.agents import Agent, PythonAgentConfig, make_agent, start_agent
from fourfold.agents._config import Isolation
from fourfold.cases import Case
from fourfold.store import Store
from fourfold.suite import load_suite

TARGET_START_MS = 2_000.0
"""Most one worker may take to start: paid once per concurrent trial of a run, it must stay
small next to a run of real trials (a model call takes 0.5-10 s)."""
TARGET_ROUND_TRIP_MS = 2.0
"""Most a trial's trip to a worker and back may add: small next to a model call."""
TRIALS = 300
PASSES = 3
AGENT = "def answer(case):\n    return 'ok'\n"


def main(*, header: bool = True) -> list[Figure]:
    """Run the benchmark, print its report and return its headline figures."""
    if header:
        print(machine())
    print("\n2b. isolation: process against in-process, a Python agent that returns 'ok' at once")
    with tempfile.TemporaryDirectory(prefix="fourfold-bench-") as tmp:
        folder = Path(tmp)
        (folder / "noop_agent.py").write_text(AGENT, encoding="utf-8")
        start_ms = statistics.median(_worker_start_s(folder) for _ in range(PASSES)) * 1e3
        print(
            f"   starting one worker (to its first answer), median of {PASSES}: {start_ms:,.0f} ms"
        )
        trips: list[list[str]] = []
        worst_trip = 0.0
        for concurrency in (1, 8):
            here = _per_trial_ms(folder, "in-process", concurrency)
            there = _per_trial_ms(folder, "process", concurrency)
            worst_trip = max(worst_trip, there - here)
            trips.append(
                [
                    str(concurrency),
                    f"{here:.3f}",
                    f"{there:.3f}",
                    f"{there - here:.3f}",
                    f"{there / here:.1f}×",
                ]
            )
        print(f"\n   a trial's round trip, workers already started, {TRIALS} trials:")
        print(
            table(
                ["concurrency", "in-process ms", "worker ms", "added ms", "ratio"],
                trips,
                indent="   ",
            )
        )
        runs = _whole_runs(folder / "runs")
    print(
        "\n   whole runs of a plain function, 100 cases × 3 repeats, no checks, workers "
        f"started by each run, median of {PASSES}:"
    )
    print(
        table(
            ["concurrency", "in-process ms/trial", "isolated ms/trial", "ratio"],
            runs,
            indent="   ",
        )
    )
    return [
        Figure(
            "isolation: process, one worker's start",
            start_ms,
            "ms",
            TARGET_START_MS,
            higher_is_better=False,
        ),
        Figure(
            "isolation: process, added per trial once started (worst)",
            worst_trip,
            "ms/trial",
            TARGET_ROUND_TRIP_MS,
            higher_is_better=False,
            digits=3,
        ),
    ]


def _build(folder: Path, isolation: Isolation) -> Agent:
    return make_agent(
        PythonAgentConfig(python="noop_agent:answer", isolation=isolation), base_dir=folder
    )


def _worker_start_s(folder: Path) -> float:
    async def once() -> float:
        agent = _build(folder, "process")
        try:
            start = time.perf_counter()
            await start_agent(agent)
            await agent.run(Case(id="c", input="?"), seed=0, repeat=0)
            return time.perf_counter() - start
        finally:
            await agent.aclose()

    return asyncio.run(once())


def _per_trial_ms(folder: Path, isolation: Isolation, concurrency: int) -> float:
    """Median ms per trial over `PASSES` passes of `TRIALS` trials, workers warmed first."""
    cases = [Case(id=f"c{i}", input="?") for i in range(TRIALS)]

    async def passes() -> list[float]:
        agent = _build(folder, isolation)
        try:

            async def one_pass() -> float:
                queue = list(cases)

                async def worker() -> None:
                    while queue:
                        await agent.run(queue.pop(), seed=0, repeat=0)

                start = time.perf_counter()
                await asyncio.gather(*(worker() for _ in range(concurrency)))
                return (time.perf_counter() - start) / TRIALS * 1e3

            await one_pass()  # starts the workers (and warms the in-process path)
            return [await one_pass() for _ in range(PASSES)]
        finally:
            await agent.aclose()

    return statistics.median(asyncio.run(passes()))


def _whole_runs(folder: Path) -> list[list[str]]:
    per: dict[tuple[str, int], float] = {}
    for isolation in ("in-process", "process"):
        path = _synth.write_suite(
            folder / isolation,
            n_cases=100,
            repeats=3,
            checks=False,
            agent="answer",
            isolation=isolation,
        )
        loaded = load_suite(path)
        with Store.open(path.parent / "runs.db") as store:
            for concurrency in (1, 8):
                options = RunOptions(progress=False, concurrency=concurrency)
                if isolation == "in-process":  # a run in workers starts them anew anyway
                    run(loaded, store=store, options=options)
                walls = []
                for _ in range(PASSES):
                    start = time.perf_counter()
                    outcome = run(loaded, store=store, options=options)
                    walls.append(time.perf_counter() - start)
                    assert len(outcome.trials) == 300
                per[(isolation, concurrency)] = statistics.median(walls) / 300 * 1e3
    rows: list[list[str]] = []
    for concurrency in (1, 8):
        here, there = per[("in-process", concurrency)], per[("process", concurrency)]
        rows.append([str(concurrency), f"{here:.2f}", f"{there:.2f}", f"{there / here:.0f}×"])
    return rows


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    figures = main()
    print()
    for figure in figures:
        print(figure.line())
