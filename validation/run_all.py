"""Run every validation script, print each table and a summary; exit 1 on any mismatch.

A script whose data is absent is skipped (not failed); a script that raises counts as
failed. Data comes from $FOURFOLD_SHARED_DATA, else ../shared/data beside the repository;
`policy_detectors` reads its labelled corpus from tests/data/policy and never skips (it
fails when a detector falls below its precision or recall target).

`tau_bench_agreement` and `tau_runs` are informational: nothing is published to match,
and they fail only if they raise or if fourfold's verdict agrees with the recorded reward
on less than 97% of the runs compared (their `FLOOR`), in `tau_runs` file by file.

Run: .venv/bin/python validation/run_all.py [script ...]   (or: make validate)
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
import traceback

from _common import Report, collect, data_root, render, table

SCRIPTS = [
    "mt_bench",
    "tau_bench",
    "tau_bench_agreement",
    "tau_runs",
    "llmbar",
    "tau2_policy_ab",
    "unieval_topicalchat",
    "policy_detectors",
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scripts", nargs="*", help=f"any of {', '.join(SCRIPTS)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [n for n in args.scripts if n not in SCRIPTS]
    if unknown:
        parser.error(f"no script {', '.join(unknown)}; choose from {', '.join(SCRIPTS)}")
    names = args.scripts or SCRIPTS

    print(f"data: {data_root()}\n")
    summary: list[tuple[str, ...]] = []
    failed = False
    for name in names:
        start = time.perf_counter()
        try:
            module = importlib.import_module(name)
            report: Report = collect(module.NAME, module.build)
        except Exception:
            print(f"== {name}\n{traceback.format_exc()}")
            summary.append((name, "ERROR", "", f"{time.perf_counter() - start:.1f}s"))
            failed = True
            continue
        print(render(report) + "\n")
        figures = "" if report.skipped else f"{report.matched}/{report.compared}"
        summary.append((name, report.status, figures, f"{report.seconds:.1f}s"))
        failed |= report.status == "mismatch"

    print(table(summary, ("script", "status", "figures matched", "time")))
    print("\nvalidate: " + ("FAILED" if failed else "ok"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
