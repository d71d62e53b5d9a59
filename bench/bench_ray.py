"""Benchmark the Ray executor against the local engine: bulk re-checks and a judged run.

- Re-check throughput (traces/s): N synthetic traces (`_synth.traces`, the checks
  benchmark's suite of deterministic checks) re-checked as ``fourfold monitor --backfill``
  does, through `fourfold._engine.map_partitions`: on the local engine, then on a local Ray
  instance with 1 and 2 workers. Each timing covers the whole call: for Ray that includes
  making the workers and loading the suite on each (the traces are read beforehand and not
  stored afterwards, so the figure is the checking and the moving of traces).
- Judged-run throughput (trials/s): the judged suite of ``bench_judges`` (a fixed answer,
  one rubric judge per trial) against the bench's local OpenAI-compatible server with
  200 ms latency, 400 trials at concurrency 16, run locally and on Ray with 2 workers,
  into a fresh SQLite store each (Ray runs on this machine, so its workers reach the file).

Ray starts once (``ray.init(num_cpus=2)``, not timed). The figures compare with the local
engine: a ratio below 1 means Ray was slower on this machine. Skipped when Ray is not
installed (``pip install 'fourfold[ray]'``). Run it alone with ``python bench/bench_ray.py``
(``--quick`` for smaller sizes), or through ``make bench``.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

import _synth
import bench_judges
from _common import Figure, machine

from fourfold._engine import ExecutorOptions, RunOptions, TrialPlan, map_partitions, run
from fourfold.monitor._backfill import _check_batch
from fourfold.monitor._traffic import Arrival
from fourfold.store import Store
from fourfold.suite import load_suite

N_TRACES = 20_000
QUICK_TRACES = 4_000
JUDGED_TRIALS = 400
JUDGED_CONCURRENCY = 16


def arrivals(n: int) -> list[Arrival]:
    """`n` synthetic traces as the backfill reads them, each of a case of the suite."""
    cases = _synth.cases()
    out = []
    for i, trace in enumerate(_synth.traces(n)):
        case = cases[int(trace.metadata["case_no"]) % len(cases)]
        out.append(Arrival(case.id, i, trace, case, f"bench:{i}"))
    return out


def time_recheck(folder: Path, items: list[Arrival], executor: ExecutorOptions) -> float:
    """Traces/s of one bulk re-check of `items` with `executor`."""
    loaded = load_suite(folder / "suite.yaml")
    plan = TrialPlan(loaded=loaded, agent_config=None, seed=0, use_cache=True)
    with Store.open(folder / "runs.db") as store:
        start = time.perf_counter()
        trials = asyncio.run(
            map_partitions(executor, plan, store, partial(_check_batch, datetime.now(UTC)), items)
        )
        wall = time.perf_counter() - start
    if len(trials) != len(items) or any(t.status != "ok" for t in trials):
        raise RuntimeError(f"expected {len(items)} checked trials, got {len(trials)}")
    return len(items) / wall


def time_judged(folder: Path, url: str, executor: ExecutorOptions) -> float:
    """Trials/s of the judged suite run once into a fresh store with `executor`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = bench_judges.write_suite(
        folder,
        url,
        n_cases=JUDGED_TRIALS // bench_judges.REPEATS,
        concurrency=JUDGED_CONCURRENCY,
    )
    start = time.perf_counter()
    outcome = run(
        path,
        store=folder / "runs.db",
        options=RunOptions(progress=False, use_cache=False, executor=executor),
    )
    wall = time.perf_counter() - start
    if len(outcome.trials) != JUDGED_TRIALS or outcome.summary.costs.judge_calls != JUDGED_TRIALS:
        raise RuntimeError(f"expected {JUDGED_TRIALS} judged trials, got {len(outcome.trials)}")
    return JUDGED_TRIALS / wall


def main(*, header: bool = True, quick: bool = False) -> list[Figure]:
    """Time the local engine and Ray; print a table; return the ratio figures."""
    if header:
        print(machine())
    try:
        import ray
    except ImportError:
        print("\nRay executor: skipped (Ray is not installed: pip install 'fourfold[ray]')")
        return []
    n = QUICK_TRACES if quick else N_TRACES
    print(f"\nRay executor ({n:,} traces re-checked; {JUDGED_TRIALS} judged trials)")
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(num_cpus=2, include_dashboard=False, logging_level="ERROR")
    try:
        with tempfile.TemporaryDirectory(prefix="ff-ray-") as tmp:
            folder = Path(tmp)
            _synth.write_suite(folder, n_cases=200, repeats=1, checks=True, agent="answer")
            items = arrivals(n)
            local = time_recheck(folder, items, ExecutorOptions())
            one = time_recheck(folder, items, ExecutorOptions(kind="ray", workers=1))
            two = time_recheck(folder, items, ExecutorOptions(kind="ray", workers=2))
            print(f"   re-check, local engine   {local:10,.0f} traces/s")
            print(f"   re-check, Ray 1 worker   {one:10,.0f} traces/s  ({one / local:.2f}× local)")
            print(f"   re-check, Ray 2 workers  {two:10,.0f} traces/s  ({two / local:.2f}× local)")
            with bench_judges.judge_server(bench_judges.LATENCY_S) as url:
                judged_local = time_judged(folder / "judged-local", url, ExecutorOptions())
                judged_ray = time_judged(
                    folder / "judged-ray", url, ExecutorOptions(kind="ray", workers=2)
                )
            print(f"   judged run, local        {judged_local:10,.1f} trials/s")
            print(
                f"   judged run, Ray 2 workers {judged_ray:9,.1f} trials/s  "
                f"({judged_ray / judged_local:.2f}× local; includes starting the workers)"
            )
    finally:
        if started_here:
            ray.shutdown()
    return [
        Figure("re-check on Ray, 1 worker vs local", one, "traces/s", local, True),
        Figure("re-check on Ray, 2 workers vs local", two, "traces/s", local, True),
        Figure(
            "judged run on Ray, 2 workers vs local",
            judged_ray,
            "trials/s",
            judged_local,
            True,
            digits=1,
        ),  # fmt: skip
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes")
    for figure in main(quick=parser.parse_args().quick):
        print("  " + figure.line())
