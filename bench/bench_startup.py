"""Benchmark start-up: ``fourfold --help``, ``import fourfold``, a judged run as a process.

- ``fourfold --help``: the console script in a new process, wall time (median of N) and
  peak resident memory (the largest of N, from the kernel's accounting of the child,
  started by a small interpreter: see `RSS_PROBE`);
- ``import fourfold`` in a new interpreter, timed inside it (median of N);
- the judged path as the user meets it: ``fourfold run suite.yaml`` as a process of its own
  (start-up, suite loading, 400 rubric-judge calls against the local server with 200 ms
  latency, storing, the gate and the summary) against the floor, a bare aiohttp loop
  *script* run as a process of its own that posts the same 400 bodies at the same
  concurrency. Both are timed from the spawn to the exit, alternately, best of R at
  concurrency 16 and 64. A third process, the same script after importing the libraries
  fourfold is built on (`LIBRARIES`), shows the most any process built on them can reach;
  a fourth, after importing only those that read a suite (`SUITE_LIBRARIES`: no store),
  the most a process could reach that sent its calls before opening its store; a fifth,
  the fourth after building one pydantic model (`PYDANTIC_MODEL_LOOP`), the most a process
  could reach that validates its suite with pydantic before its first call.
  Start-up is what separates them: inside the process fourfold reaches the bare loop's
  throughput (`bench_judges`).

Run it alone with ``python bench/bench_startup.py`` (``--quick`` for fewer repeats), or
through ``make bench``.
"""

from __future__ import annotations

import argparse
import compileall
import json
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from _common import Figure, machine, table
from bench_judges import LATENCY_S, REPEATS, ideal_s, judge_server, request_bodies, write_suite

import fourfold
from fourfold.store import Store

HELP_TARGET_S = 0.3
HELP_TARGET_MB = 60.0
TARGET_SHARE = 0.9
"""Least share of the bare loop's throughput the whole ``fourfold run`` process must reach."""
CALLS = 400
CONCURRENCIES = (16, 64)
HELP_RUNS = 15
RUNS = 3
QUICK_HELP_RUNS = 5
QUICK_RUNS = 1
FOURFOLD = Path(sys.executable).parent / "fourfold"

BARE_LOOP = '''\
"""The floor: post the bodies through one shared aiohttp session, C workers, parse replies."""
import asyncio, json, sys

import aiohttp


async def main(url: str, bodies_file: str, concurrency: int) -> int:
    with open(bodies_file, encoding="utf-8") as file:
        bodies = [line.encode() for line in file.read().splitlines()]
    total = 0
    todo = iter(bodies)
    connector = aiohttp.TCPConnector(limit=concurrency)
    headers = {"Content-Type": "application/json"}
    async with aiohttp.ClientSession(connector=connector, headers=headers) as session:

        async def worker() -> None:
            nonlocal total
            for body in todo:
                async with session.post(url + "/chat/completions", data=body) as response:
                    data = await response.json()
                total += json.loads(data["choices"][0]["message"]["content"])["score"]

        await asyncio.gather(*(worker() for _ in range(concurrency)))
    return total


print(asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]))))
'''

LIBRARIES = "pydantic", "sqlalchemy", "sqlalchemy.dialects.sqlite", "yaml", "click"
"""What a ``fourfold run`` process needs before its first judge call, whatever fourfold's
own code does: the validation, YAML and command-line libraries that read the suite, and
the store's (the response cache is looked up before a call is sent). aiohttp is in the
bare loop already; rich is not here, as a run without progress bar needs it only at the
end."""
SUITE_LIBRARIES = "pydantic", "yaml", "click"
"""`LIBRARIES` without the store's: what reading and validating a suite needs."""
LIBRARIES_LOOP = f"import {', '.join(LIBRARIES)}  # noqa: F401\n" + BARE_LOOP
"""The bare loop after importing `LIBRARIES`: the floor for any process built on them, so
the share it reaches is the most the whole ``fourfold run`` process can reach here."""
SUITE_LIBRARIES_LOOP = f"import {', '.join(SUITE_LIBRARIES)}  # noqa: F401\n" + BARE_LOOP
PYDANTIC_MODEL_LOOP = (
    f"import {', '.join(SUITE_LIBRARIES)}  # noqa: F401\n"
    "class _Model(pydantic.BaseModel):\n    field: int\n" + BARE_LOOP
)
"""`SUITE_LIBRARIES_LOOP` after building one pydantic model: ``import pydantic`` loads the
package's names only, and the first model loads its schema machinery (and reads every
installed distribution's entry points for pydantic's plugins). The floor of a process that
validates anything with pydantic before its first call."""


RSS_PROBE = (
    "import resource, subprocess, sys; "
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)
"""Runs a command and prints its peak RSS in KiB. A child's high-water mark starts from its
parent's size at the fork, so the command is started by this small interpreter (about 10 MB),
not by the benchmark, whose own 90 MB would be counted."""


@dataclass(frozen=True)
class Spawned:
    """One child process: its wall time and output."""

    wall_s: float
    stdout: str
    returncode: int


def compile_fourfold() -> None:
    """Write fourfold's bytecode before anything is timed, as pip does when it installs a wheel.

    An editable install (this checkout's) keeps none until an interpreter imports the
    modules with bytecode writing on, and where ``PYTHONDONTWRITEBYTECODE`` is set (some
    CI images and containers; ``make`` unsets it) every spawned ``fourfold`` would compile
    the package from source again: about 0.1 s of a run's start-up on this project's
    machines, which a user of an installed fourfold never pays.
    """
    compileall.compile_dir(Path(fourfold.__file__).parent, quiet=1)


def spawn(args: list[str], *, cwd: Path | None = None) -> Spawned:
    """Run `args` to its end; the wall time from the spawn to the exit."""
    start = time.perf_counter()
    done = subprocess.run(
        args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=False
    )
    return Spawned(time.perf_counter() - start, done.stdout, done.returncode)


def time_help(runs: int) -> tuple[float, float]:
    """``fourfold --help``: median wall seconds and largest peak RSS in MB of `runs` spawns."""
    spawn([str(FOURFOLD), "--help"])  # warm the file cache
    done = [spawn([str(FOURFOLD), "--help"]) for _ in range(runs)]
    if any(d.returncode for d in done) or "Commands" not in done[0].stdout:
        raise RuntimeError(f"fourfold --help failed: {done[0]!r}")
    peaks = [
        int(spawn([sys.executable, "-c", RSS_PROBE, str(FOURFOLD), "--help"]).stdout) / 1024
        for _ in range(runs)
    ]
    return statistics.median(d.wall_s for d in done), max(peaks)


def time_import(runs: int) -> tuple[float, float]:
    """``import fourfold`` timed inside a new interpreter, and the interpreter's whole
    start-up with it (median seconds of `runs`)."""
    code = "import time; t = time.perf_counter(); import fourfold; print(time.perf_counter() - t)"
    done = [spawn([sys.executable, "-c", code]) for _ in range(runs + 1)][1:]
    return (
        statistics.median(float(d.stdout) for d in done),
        statistics.median(d.wall_s for d in done),
    )


def time_fourfold_process(folder: Path, url: str, concurrency: int) -> float:
    """``fourfold run`` on the judged suite, as a process: wall seconds, checked."""
    path = write_suite(folder, url, n_cases=CALLS // REPEATS, concurrency=concurrency)
    store = folder / "runs.db"
    done = spawn(
        [str(FOURFOLD), "run", str(path), "--store", str(store), "--no-progress"], cwd=folder
    )
    if done.returncode not in (0, 1, 3):  # deploy, block or review: the run itself finished
        raise RuntimeError(f"fourfold run exited {done.returncode}: {done.stdout[-2000:]}")
    with Store.open(store) as opened:
        (run,) = opened.list_runs()
        trials = opened.trials(run.id)
    bad = [r for t in trials for r in t.results if r.status != "pass"]
    if len(trials) != CALLS or bad:
        raise RuntimeError(f"expected {CALLS} passing trials, got {len(trials)} ({len(bad)} bad)")
    return done.wall_s


def time_bare_process(script: Path, url: str, bodies: Path, concurrency: int) -> float:
    """The bare aiohttp loop script, as a process: wall seconds, checked."""
    done = spawn([sys.executable, str(script), url, str(bodies), str(concurrency)])
    if done.returncode or int(done.stdout) != 3 * CALLS:
        raise RuntimeError(f"the bare loop failed: exit {done.returncode}, {done.stdout!r}")
    return done.wall_s


def main(*, header: bool = True, quick: bool = False) -> list[Figure]:
    """Run the benchmark, print its report and return its headline figures."""
    if header:
        print(machine())
    help_runs = QUICK_HELP_RUNS if quick else HELP_RUNS
    runs = QUICK_RUNS if quick else RUNS
    print(
        f"\n5. Start-up: `fourfold --help` (median of {help_runs} spawns, largest peak RSS), "
        f"`import fourfold` in a new interpreter (median of {help_runs}); `fourfold run` as a "
        f"whole process, {CALLS} rubric-judge calls at {LATENCY_S * 1e3:.0f} ms, against a bare "
        f"aiohttp loop script posting the same bodies, spawn to exit, best of {runs} "
        "alternated runs at each concurrency"
    )
    compile_fourfold()
    help_s, help_mb = time_help(help_runs)
    import_s, interpreter_s = time_import(help_runs)
    print(
        table(
            ["what", "wall s", "peak RSS MB"],
            [
                ["fourfold --help", f"{help_s:.3f}", f"{help_mb:.1f}"],
                ["import fourfold (inside the interpreter)", f"{import_s:.3f}", ""],
                ["python -c 'import fourfold' (whole process)", f"{interpreter_s:.3f}", ""],
            ],
            indent="   ",
        )
    )
    rows = []
    shares: dict[int, float] = {}
    with judge_server(LATENCY_S) as url, tempfile.TemporaryDirectory(prefix="ff-start-") as tmp:
        folder = Path(tmp)
        script = folder / "bare_loop.py"
        script.write_text(BARE_LOOP, encoding="utf-8")
        libraries = folder / "libraries_loop.py"
        libraries.write_text(LIBRARIES_LOOP, encoding="utf-8")
        suite_libraries = folder / "suite_libraries_loop.py"
        suite_libraries.write_text(SUITE_LIBRARIES_LOOP, encoding="utf-8")
        pydantic_model = folder / "pydantic_model_loop.py"
        pydantic_model.write_text(PYDANTIC_MODEL_LOOP, encoding="utf-8")
        bodies = folder / "bodies.jsonl"
        bodies.write_text(
            "".join(
                json.dumps(b, separators=(",", ":"), ensure_ascii=False) + "\n"
                for b in request_bodies(url, CALLS)
            ),
            encoding="utf-8",
        )
        # Warm-up: the file cache, the server's first connections.
        time_bare_process(script, url, bodies, CONCURRENCIES[0])
        time_fourfold_process(folder / "warmup", url, CONCURRENCIES[0])
        for concurrency in CONCURRENCIES:
            bare: list[float] = []
            floor: list[float] = []
            suite_floor: list[float] = []
            model_floor: list[float] = []
            ours: list[float] = []
            for i in range(runs):
                bare.append(time_bare_process(script, url, bodies, concurrency))
                floor.append(time_bare_process(libraries, url, bodies, concurrency))
                suite_floor.append(time_bare_process(suite_libraries, url, bodies, concurrency))
                model_floor.append(time_bare_process(pydantic_model, url, bodies, concurrency))
                ours.append(time_fourfold_process(folder / f"c{concurrency}-{i}", url, concurrency))
            shares[concurrency] = min(bare) / min(ours)
            for client, wall in (
                ("bare aiohttp script", min(bare)),
                ("the same after importing fourfold's libraries", min(floor)),
                ("the same after importing pydantic, PyYAML, click", min(suite_floor)),
                ("the same after building one pydantic model", min(model_floor)),
                ("fourfold run", min(ours)),
            ):
                rows.append(
                    [
                        client,
                        str(concurrency),
                        f"{ideal_s(CALLS, concurrency):.1f}",
                        f"{wall:.2f}",
                        f"{min(bare) / wall:.3f}",
                    ]
                )
    print(
        table(
            ["process", "concurrency", "ideal s", "wall s", "of the bare script"],
            rows,
            indent="   ",
        )
    )
    return [
        Figure("fourfold --help", help_s, "s", HELP_TARGET_S, higher_is_better=False, digits=3),
        Figure("fourfold --help peak RSS", help_mb, "MB", HELP_TARGET_MB, False, digits=1),
        *(
            Figure(
                f"whole-process judged run c={c}",
                shares[c],
                "of the bare loop",
                TARGET_SHARE,
                higher_is_better=True,
                digits=2,
            )
            for c in CONCURRENCIES
        ),
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer spawns and one run each")
    args = parser.parse_args()
    figures = main(quick=args.quick)
    print()
    for figure in figures:
        print(figure.line())
