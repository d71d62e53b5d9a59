"""Benchmark the deterministic layer: traces checked per second, and what each check costs.

Runs the built-in checks the way the runner does, through `fourfold._engine.check_trace`,
over 10,000 seeded synthetic traces (see ``_synth.py``). Each check's function is wrapped
in a timer (a `Check` rebuilt from its spec and a timed function), so one set of passes
gives both the suite's throughput and every check's share of it.

Run it alone with ``python bench/bench_checks.py`` (``--traces N`` for a quicker look), or
with the runner benchmark through ``make bench``. It prints; it never fails.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import _synth
from _common import Figure, best_of, machine, table

from fourfold import Case, CheckContext, Resource, Resources, Trace
from fourfold._engine import check_trace
from fourfold.checks import Check, create_check

TARGET_TRACES_PER_S = 1_000
"""The suite must check at least this many traces a second (see docs/benchmarks.md)."""
SLOW_US = 250
"""A check costing more than this per trace is flagged: three times its fair share of the
1,000 µs a trace may take at the target rate, split over 12 checks."""
PASSES = 3
WARMUP_TRACES = 500


@dataclass
class Timed:
    """A check whose function adds up the time it spends."""

    check: Check
    seconds: float = 0.0
    statuses: Counter[str] = field(default_factory=Counter)

    def wrapped(self) -> Check:
        """The same check, its function timed: what `check_trace` is given."""
        fn = self.check.fn
        clock = time.perf_counter

        def timed(ctx: CheckContext) -> Any:
            start = clock()
            try:
                return fn(ctx)
            finally:
                self.seconds += clock() - start

        return Check(self.check.spec, timed)


@dataclass
class SuiteTiming:
    """What the passes of one suite over the traces measured."""

    seconds: float
    """Median wall time of one pass over all traces."""
    per_check_s: dict[str, float]
    """Median time in each check's own function over one pass."""
    statuses: dict[str, Counter[str]]
    layers: dict[str, str]


def time_suite(
    specs: list[tuple[str, dict[str, Any]]],
    pairs: list[tuple[Case, Trace]],
    resources: Resources,
) -> SuiteTiming:
    """Run `specs` over every (case, trace) through `check_trace`: median of `PASSES` passes."""
    checks = [create_check(name, args) for name, args in specs]
    timers = [Timed(c) for c in checks]
    wrapped = [t.wrapped() for t in timers]
    statuses: dict[str, Counter[str]] = {c.name: Counter() for c in checks}

    async def one_pass(subset: list[tuple[Case, Trace]], count: bool) -> float:
        start = time.perf_counter()
        for case, trace in subset:
            results = await check_trace(wrapped, case, trace, resources)
            if count:
                for r in results:
                    statuses[r.check][r.status] += 1
        return time.perf_counter() - start

    asyncio.run(one_pass(pairs[:WARMUP_TRACES], False))
    walls: list[float] = []
    per_check: dict[str, list[float]] = {c.name: [] for c in checks}
    for i in range(PASSES):
        for t in timers:
            t.seconds = 0.0
        walls.append(asyncio.run(one_pass(pairs, i == 0)))
        for t in timers:
            per_check[t.check.name].append(t.seconds)
    return SuiteTiming(
        seconds=statistics.median(walls),
        per_check_s={k: statistics.median(v) for k, v in per_check.items()},
        statuses=statuses,
        layers={c.name: c.layer for c in checks},
    )


def check_rows(timing: SuiteTiming, n: int) -> list[list[str]]:
    """Table rows, slowest check first."""
    total = sum(timing.per_check_s.values())
    rows = []
    for name, seconds in sorted(timing.per_check_s.items(), key=lambda kv: -kv[1]):
        us = seconds / n * 1e6
        counts = timing.statuses[name]
        shares = "/".join(f"{100 * counts[s] / n:.0f}" for s in ("pass", "fail", "skip", "error"))
        rows.append(
            [
                name,
                timing.layers[name],
                f"{us:,.1f}",
                f"{100 * seconds / total:.1f}%",
                f"{n / seconds:,.0f}" if seconds else "-",
                shares,
                "◀ slow" if us > SLOW_US else "",
            ]
        )
    return rows


HEADERS = ["check", "layer", "µs/trace", "share", "traces/s", "pass/fail/skip/err %", ""]


def resource_scaling(pairs: list[tuple[Case, Trace]]) -> list[list[str]]:
    """Cost of the resource-reading checks as their resource grows (same traces)."""
    cited = create_check("cited_ids_exist", {"pattern": r"§\s?(\d+\.\d+)", "resource": "policies"})
    catalog = create_check("catalog_match", {"resource": "catalog"})
    rows = []
    for size in (40, 1_000, 10_000):
        padding = [{"id": f"X{i}", "text": "-"} for i in range(size - 40)]
        resources = Resources(
            {
                "policies": Resource("policies", _synth.policy_records() + padding),
                "catalog": Resource("catalog", _synth.catalog_records(max(size, 240))),
            }
        )
        subset = pairs[: 2_000 if size <= 1_000 else 300]
        ctxs = [CheckContext(case=c, trace=t, resources=resources) for c, t in subset]
        row = [f"{size:,}"]
        for chk in (cited, catalog):
            seconds = best_of(lambda chk=chk, ctxs=ctxs: [chk.run(c) for c in ctxs], repeat=3)
            row.append(f"{seconds / len(ctxs) * 1e6:,.1f}")
        rows.append(row)
    return rows


# Outputs built to make a regular expression work hard, each appended to an ordinary answer.
ADVERSARIAL: dict[str, Callable[[str], str]] = {
    "'+' then 30 digits then a letter": lambda base: base + " ref +1" + "2" * 30 + "x.",
    "three such '+' runs": lambda base: (
        base + " +1" + "2" * 30 + "x" * 3 + (" +4" + "5" * 30 + "y") * 2
    ),
    "60 dash-joined id parts": lambda base: base + " " + "-".join(["A1"] * 60) + "_ end.",
    "400-digit run": lambda base: base + " " + "7" * 400 + ".",
    "50 citations §1.1": lambda base: base + " See §1.1." * 50,
    "2,000-word answer": lambda base: " ".join([base] * 12),
    # each line a labelled sum the promise rules read against the whole reply (searched once)
    "2,000 lines 'Refund: $1 to your card'": lambda base: (
        base + "\n- Refund: $1 to your card" * 2000
    ),
}


def adversarial_rows(pairs: list[tuple[Case, Trace]], resources: Resources) -> list[list[str]]:
    """For each hostile output, the slowest check and how much slower than a typical trace."""
    checks = [create_check(name, args) for name, args in _synth.SUITE]
    case, trace = pairs[0]
    base = trace.output or ""
    typical = {}
    ctx = CheckContext(case=case, trace=trace, resources=resources)
    for chk in checks:
        typical[chk.name] = best_of(lambda chk=chk: chk.run(ctx), repeat=5)
    rows = []
    for label, make in ADVERSARIAL.items():
        hostile = trace.model_copy(update={"output": make(base)})
        hctx = CheckContext(case=case, trace=hostile, resources=resources)
        costs = {
            chk.name: best_of(lambda chk=chk, c=hctx: chk.run(c), repeat=3, warmup=0)
            for chk in checks
        }
        name = max(costs, key=lambda k: costs[k])
        rows.append(
            [
                label,
                name,
                f"{costs[name] * 1e3:,.2f}",
                f"{costs[name] / typical[name]:,.0f}×",
                f"{sum(costs.values()) * 1e3:,.2f}",
            ]
        )
    return rows


def main(n_traces: int = 10_000, *, header: bool = True) -> list[Figure]:
    """Run the benchmark, print its report and return its headline figures."""
    if header:
        print(machine())
    start = time.perf_counter()
    cases = _synth.cases()
    traces = _synth.traces(n_traces)
    resources = _synth.resources()
    pairs = [(cases[t.metadata["case_no"]], t) for t in traces]
    words = [len((t.output or "").split()) for t in traces]
    calls = [len(t.tool_calls) for t in traces]
    print(
        f"\n1. Deterministic checks over {n_traces:,} synthetic traces "
        f"(made in {time.perf_counter() - start:.1f} s, seed {_synth.SEED}): answers of "
        f"{min(words)}-{max(words)} words (mean {statistics.mean(words):.0f}), "
        f"{min(calls)}-{max(calls)} tool calls, 1-5 passages; catalog of 240 products, "
        f"40 policy sections"
    )
    print(
        f"   through check_trace (the runner's path), median of {PASSES} passes after a "
        f"{WARMUP_TRACES}-trace warm-up"
    )

    suite = time_suite(_synth.SUITE, pairs, resources)
    n_checks = len(_synth.SUITE)
    rate = n_traces / suite.seconds
    in_checks = sum(suite.per_check_s.values())
    dispatch_us = (suite.seconds - in_checks) / n_traces * 1e6
    print(
        f"\n   suite of {n_checks} checks: {rate:,.0f} traces/s = {rate * n_checks:,.0f} checks/s "
        f"({suite.seconds / n_traces * 1e6:,.0f} µs a trace; {dispatch_us:,.0f} µs of it "
        "outside the checks' functions: context, dispatch, building the CheckResults)"
    )
    print(table(HEADERS, check_rows(suite, n_traces), indent="   "))
    slowest = max(suite.per_check_s, key=lambda k: suite.per_check_s[k])
    without = suite.seconds - suite.per_check_s[slowest]
    print(
        f"   without {slowest}: {n_traces / without:,.0f} traces/s "
        f"({slowest} is {100 * suite.per_check_s[slowest] / suite.seconds:.0f}% of the time)"
    )

    others = time_suite(_synth.OTHERS, pairs, resources)
    print(f"\n   the other {len(_synth.OTHERS)} built-in checks, timed the same way:")
    print(table(HEADERS, check_rows(others, n_traces), indent="   "))

    print("\n   checks reading a resource, as the resource grows (µs a trace):")
    print(
        table(
            ["records", "cited_ids_exist", "catalog_match"],
            resource_scaling(pairs),
            indent="   ",
        )
    )

    print("\n   hostile outputs (an ordinary answer plus the text named), slowest check:")
    print(
        table(
            ["output", "slowest check", "ms", "vs typical", "all 12 checks, ms"],
            adversarial_rows(pairs, resources),
            indent="   ",
        )
    )
    return [
        Figure(
            f"checks ({n_checks}-check suite)",
            rate,
            "traces/s",
            TARGET_TRACES_PER_S,
            higher_is_better=True,
        )
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--traces", type=int, default=10_000, help="how many traces to check")
    figures = main(parser.parse_args().traces)
    print()
    for figure in figures:
        print(figure.line())
