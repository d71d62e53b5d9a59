"""``make bench``: the deterministic checks, the runner (in-process and with ``isolation:
process``), the judged path, the HTML report, start-up, the Postgres store under load, then
the Ray executor against the local engine (skipped without Ray), then one ratio line per
figure.

The targets and what they stand for are in docs/benchmarks.md. A benchmark reports; it
exits 0 whatever the figures are. ``--quick`` is a smoke run: 2,000 traces for the checks
and 400 judge calls (one run at each concurrency) for the judged path, a 2,000-trial report,
fewer spawns and one whole-process run at each concurrency for start-up, 10,000 trials
(not 100,000) for the store under load, which is skipped without a Postgres server.
"""

from __future__ import annotations

import argparse
import time
from datetime import UTC, datetime

import bench_checks
import bench_isolation
import bench_judges
import bench_ray
import bench_report
import bench_runner
import bench_startup
import bench_store
from _common import machine


def main(*, quick: bool = False) -> None:
    """Run the benchmarks and print the figures against their targets."""
    start = time.perf_counter()
    print(
        f"fourfold benchmarks, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC{' (quick)' if quick else ''}"
    )
    print(machine())
    figures = bench_checks.main(2_000 if quick else 10_000, header=False)
    figures += bench_runner.main(header=False)
    figures += bench_isolation.main(header=False)
    if quick:
        figures += bench_judges.main(
            bench_judges.QUICK_CALLS, header=False, runs=bench_judges.QUICK_RUNS
        )
    else:
        figures += bench_judges.main(header=False)
    figures += bench_report.main(2_000 if quick else 10_000, header=False)
    figures += bench_startup.main(header=False, quick=quick)
    figures += bench_store.main(header=False, quick=quick)
    figures += bench_ray.main(header=False, quick=quick)
    print(f"\nSummary ({time.perf_counter() - start:.0f} s in all):")
    for figure in figures:
        print("  " + figure.line())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run with smaller sizes")
    main(quick=parser.parse_args().quick)
