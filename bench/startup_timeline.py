"""Where a whole ``fourfold run`` process spends its wall time: a timeline, not a figure.

`bench_startup.py` says how far the whole-process judged run is from the bare aiohttp
script; this says where the difference lies. It runs the same judged suite (400 rubric-judge
calls against the local server with 200 ms latency) as a process of its own, in an
interpreter that marks, in seconds from the spawn: the command line imported, fourfold's
engine imported, aiohttp imported, the first connection (an audit hook on
``socket.connect``), the first and the last trial handed to the writer, the writer done, the
run's end (`conclude`) begun and done, and the command returned; with the main thread's and
the whole process's CPU seconds and the garbage collector's collections and seconds at the
exit. It marks the bare script's first connection and
exit beside it. ``--defer-store`` opens the store and imports the run's end only after the
last trial, to show what the store's thread costs the calls while they run.

The marks wrap private functions of the engine (`_runner.conclude`, `_runner._hand_over`,
`TrialWriter.write_while`): a diagnostic for this checkout, not part of ``make bench``.

Run: ``.venv/bin/python bench/startup_timeline.py --concurrency 64 --runs 3``
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_judges import LATENCY_S, REPEATS, judge_server, request_bodies, write_suite
from bench_startup import BARE_LOOP, CALLS, compile_fourfold

MARKS = r"""
import atexit, gc, os, sys, time
T0 = float(os.environ["FOURFOLD_TIMELINE_T0"])
marks = {}
_gc = {"collections": 0, "gen2": 0, "seconds": 0.0, "since": 0.0}
def _timed_gc(phase, info):
    if phase == "start":
        _gc["since"] = time.perf_counter()
    else:
        _gc["collections"] += 1
        _gc["gen2"] += info["generation"] == 2
        _gc["seconds"] += time.perf_counter() - _gc["since"]
gc.callbacks.append(_timed_gc)
def _hook(event, args):
    if event == "socket.connect" and "first connection" not in marks:
        marks["first connection"] = time.time() - T0
sys.addaudithook(_hook)
def _report():
    marks["exit"] = time.time() - T0
    marks["main thread CPU"] = time.thread_time()
    marks["process CPU"] = time.process_time()
    marks["gc collections"] = _gc["collections"]
    marks["gc gen2"] = _gc["gen2"]
    marks["gc seconds"] = _gc["seconds"]
    sys.stderr.write("TIMELINE " + repr(marks) + "\n")
atexit.register(_report)
"""

FOURFOLD_MARKS = (
    MARKS
    + r"""
sys.argv = ["fourfold"] + sys.argv[1:]
from fourfold._cli import main, _collector
_collector.start()  # as main() does first: the engine below is imported under its threshold
marks["command line imported"] = time.time() - T0
import fourfold._engine
marks["engine imported"] = time.time() - T0
import aiohttp
marks["aiohttp imported"] = time.time() - T0
import fourfold._engine._opening as opening
import fourfold._engine._runner as runner
import fourfold._engine._writer as writer

_conclude = runner.conclude
def conclude(*args, **kwargs):
    marks["end begun"] = time.time() - T0
    try:
        return _conclude(*args, **kwargs)
    finally:
        marks["end done"] = time.time() - T0
runner.conclude = conclude

_write_while = writer.TrialWriter.write_while
async def write_while(self, *args, **kwargs):
    try:
        return await _write_while(self, *args, **kwargs)
    finally:
        marks["writer done"] = time.time() - T0
writer.TrialWriter.write_while = write_while

_hand_over = runner._hand_over
handed = [0]
def hand_over(trial, *args):
    handed[0] += 1
    if handed[0] == 1:
        marks["first trial"] = time.time() - T0
    marks["last trial"] = time.time() - T0
    return _hand_over(trial, *args)
runner._hand_over = hand_over

if os.environ.get("FOURFOLD_TIMELINE_DEFER"):
    _begin = opening.StoreOpening.begin
    def begin(self):
        if handed[0] >= CALLS:
            _begin(self)
    def result(self):
        _begin(self)
        return self.future.result()
    opening.StoreOpening.begin = begin
    opening.StoreOpening.result = result
    runner.PreloadOnce.__call__ = lambda self: None
try:
    main()
finally:
    marks["command returned"] = time.time() - T0
"""
)


def timed(args: list[str], *, cwd: Path, defer: bool = False) -> dict[str, float]:
    """Run `args` with the marks; the marks and the wall time from the spawn to the exit."""
    env = dict(os.environ, FOURFOLD_TIMELINE_T0=repr(time.time()))
    if defer:
        env["FOURFOLD_TIMELINE_DEFER"] = "1"
    start = time.perf_counter()
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    lines = [line for line in done.stderr.splitlines() if line.startswith("TIMELINE ")]
    if not lines:
        raise RuntimeError(
            f"no timeline from {args[:3]}: exit {done.returncode}, {done.stderr[-800:]}"
        )
    marks: dict[str, float] = ast.literal_eval(lines[-1].removeprefix("TIMELINE "))
    return {"wall": wall, **marks}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--defer-store", action="store_true")
    options = parser.parse_args()
    compile_fourfold()
    with judge_server(LATENCY_S) as url, tempfile.TemporaryDirectory(prefix="timeline-") as tmp:
        folder = Path(tmp)
        bodies = folder / "bodies.jsonl"
        bodies.write_text("".join(json.dumps(b) + "\n" for b in request_bodies(url, CALLS)))
        bare = folder / "bare.py"
        bare.write_text(MARKS + BARE_LOOP, encoding="utf-8")
        probe = f"CALLS = {CALLS}\n" + FOURFOLD_MARKS
        for n in range(options.runs):
            work = folder / f"run{n}"
            suite = write_suite(
                work, url, n_cases=CALLS // REPEATS, concurrency=options.concurrency
            )
            marks = timed(
                [sys.executable, "-c", probe, "run", str(suite), "--store", str(work / "runs.db"),
                 "--no-progress"],
                cwd=work,
                defer=options.defer_store,
            )  # fmt: skip
            print("fourfold run  " + "  ".join(f"{k} {v:.3f}" for k, v in marks.items()))
            marks = timed(
                [sys.executable, str(bare), url, str(bodies), str(options.concurrency)], cwd=folder
            )
            print("bare script   " + "  ".join(f"{k} {v:.3f}" for k, v in marks.items()))


if __name__ == "__main__":
    main()
