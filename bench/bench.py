"""``make bench``: the deterministic checks, then the runner, then one ratio line per figure.

The targets and what they stand for are in docs/benchmarks.md. A benchmark reports; it
exits 0 whatever the figures are.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime

import bench_checks
import bench_runner
from _common import machine


def main() -> None:
    """Run both benchmarks and print the figures against their targets."""
    start = time.perf_counter()
    print(f"fourfold benchmarks, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(machine())
    figures = bench_checks.main(header=False)
    figures += bench_runner.main(header=False)
    print(f"\nSummary ({time.perf_counter() - start:.0f} s in all):")
    for figure in figures:
        print("  " + figure.line())


if __name__ == "__main__":
    main()
