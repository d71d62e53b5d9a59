"""Benchmark the Postgres store under load: 8 runs writing at once while readers read.

Against a real PostgreSQL server ($FOURFOLD_TEST_POSTGRES_URL, else the server
``.ci/postgres start`` runs; skipped with a message when there is none), in a schema of its
own that is dropped afterwards:

- writers: 8 ``fourfold run`` processes at once, each a real run of the runner
  benchmark's suite (a Python agent that returns "ok" at once and the 12-check suite of
  ``_synth.py``) at concurrency 8: 2,500 cases x 5 repeats a run, 100,000 trials in all
  (``--quick``: 250 cases, 10,000 trials);
- readers, for as long as a writer runs: ``fourfold runs`` and ``fourfold compare`` (which
  reads both runs with `load_run`) in processes of their own, one after the other, and the
  viewer (``fourfold serve`` in its own process) through its HTTP API: the run list, a run
  by a prefix of its id and its reviews.

Then it checks what the store holds: every run finished, each with exactly its cases x
repeats trials (none lost), no (case, repeat) twice in a run, and no lock, deadlock or
serialization error in any process's stderr. It prints the write throughput (trials over
the wall time from the first writer's start to the last one's end, process start-up and
the suite's loading included) and each reader's latency (p50/p95). Like the other
benchmarks it prints and never fails; `main` returns the figures.

Run it alone with ``python bench/bench_store.py [--quick]``, or through ``make bench``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import _synth
import sqlalchemy as sa
from _common import Figure, machine, table

from fourfold.store import Store
from fourfold.store import _schema as db

WRITERS = 8
"""Runs writing at once: a team's CI jobs and people's runs landing together."""
REPEATS = 5
CASES = 2_500
QUICK_CASES = 250
CONCURRENCY = 8
SUITE = "bench-store"

TARGET_TRIALS_PER_S = 200.0
"""Least write throughput of the 8 runs together: 8 runs of 8 concurrent trials of
model calls of 0.5-10 s produce at most 128 trials/s, so the store must not be what
limits them."""
TARGET_RUNS_P95_MS = 3_000.0
"""Most a ``fourfold runs`` may take (p95), interpreter start included, while runs write."""
TARGET_VIEWER_P95_MS = 500.0
"""Most a viewer API request may take (p95) while runs write: a page must stay usable."""

# What a store that loses writes to locking says, from SQLAlchemy, psycopg or Postgres.
_LOCK_ERRORS = re.compile(
    r"deadlock|could not serialize|serialization failure|lock timeout|"
    r"could not obtain lock|LockNotAvailable|database is locked|OperationalError",
    re.IGNORECASE,
)


@dataclass
class _Reader:
    """One reader's latencies and failures."""

    name: str
    seconds: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def timed(self, call: Callable[[], str | None]) -> None:
        """Time `call`; a returned string is a failure."""
        start = time.perf_counter()
        try:
            failure = call()
        except Exception as exc:  # a reader's error is counted, never raised
            failure = f"{type(exc).__name__}: {exc}"
        self.seconds.append(time.perf_counter() - start)
        if failure:
            self.failures.append(failure)

    def row(self) -> list[str]:
        """The table row: requests, p50, p95, max and failures."""
        if not self.seconds:
            return [self.name, "0", "-", "-", "-", str(len(self.failures))]
        ms = sorted(s * 1e3 for s in self.seconds)
        return [
            self.name,
            str(len(ms)),
            f"{statistics.median(ms):,.0f}",
            f"{_p95(ms):,.0f}",
            f"{ms[-1]:,.0f}",
            str(len(self.failures)),
        ]


def main(*, quick: bool = False, header: bool = True) -> list[Figure]:
    """Run the benchmark, print its report and return its headline figures."""
    if header:
        print(machine())
    n_cases = QUICK_CASES if quick else CASES
    per_run = n_cases * REPEATS
    print(
        f"\n6. The store under load: {WRITERS} `fourfold run` processes at once into one "
        f"Postgres store, {n_cases:,} cases × {REPEATS} repeats each "
        f"({WRITERS * per_run:,} trials, 12 checks a trial), concurrency {CONCURRENCY}; "
        "readers loop on `fourfold runs`, `fourfold compare` and the viewer's API meanwhile"
    )
    url = _server_url()
    if url is None:
        print(
            "   skipped: no PostgreSQL server (set FOURFOLD_TEST_POSTGRES_URL, or start one "
            'with eval "$(.ci/postgres start)")'
        )
        return []
    # Stopped (Ctrl-C, or a SIGTERM as from `timeout`), the `finally` blocks still stop its
    # processes and drop its schema: a SIGTERM otherwise ends Python without running them.
    previous = signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        with (
            _schema(url) as store_url,
            tempfile.TemporaryDirectory(prefix="fourfold-bench-") as tmp,
        ):
            return _measure(Path(tmp), store_url, n_cases, per_run)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _exit_on_sigterm(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _measure(folder: Path, url: str, n_cases: int, per_run: int) -> list[Figure]:
    suite = _synth.write_suite(
        folder, n_cases=n_cases, repeats=REPEATS, checks=True, agent="answer"
    )
    data = json.loads(suite.read_text(encoding="utf-8"))
    suite.write_text(json.dumps({**data, "name": SUITE}, indent=2), encoding="utf-8")
    Store.open(url).close()  # migrate once, before the writers race to
    fourfold = str(Path(sys.executable).with_name("fourfold"))
    logs = folder / "logs"
    logs.mkdir()
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    readers = [
        _Reader("fourfold runs --json"),
        _Reader("fourfold compare (load_run ×2)"),
        _Reader("viewer GET /api/runs"),
        _Reader("viewer GET /api/runs/{prefix}"),
        _Reader("viewer GET /api/runs/{id}/reviews"),
    ]
    done = threading.Event()
    threads = [
        threading.Thread(target=_loop_runs, args=(readers[0], fourfold, url, done)),
        threading.Thread(target=_loop_compare, args=(readers[1], fourfold, url, done, logs)),
        threading.Thread(target=_loop_viewer, args=(readers[2:], base, done)),
    ]
    processes = [_spawn([fourfold, "serve", "--store", url, "--port", str(port)], logs, "serve")]
    codes: list[int] = []
    try:
        _wait_for(f"{base}/api/runs")
        start = time.perf_counter()
        argv = [fourfold, "run", str(suite), "--store", url, "--concurrency", str(CONCURRENCY)]
        writers = [_spawn(argv, logs, f"run{i}") for i in range(WRITERS)]
        processes += writers
        for thread in threads:
            thread.start()
        codes = [writer.wait() for writer in writers]
        wall = time.perf_counter() - start
    finally:
        # Interrupted (Ctrl-C), no process of the benchmark is left behind.
        done.set()
        for thread in threads:
            if thread.is_alive():
                thread.join()
        for process in processes:
            if process.poll() is None:
                process.terminate()
            process.wait()
    return _report(url, logs, codes, wall, per_run, readers)


def _report(
    url: str, logs: Path, codes: list[int], wall: float, per_run: int, readers: list[_Reader]
) -> list[Figure]:
    """Check what the store holds, print the tables and return the figures."""
    with Store.open(url) as store:
        runs = store.list_runs(limit=1000, suite=SUITE)
        counts = {run.id: store.trial_count(run.id) for run in runs}
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            rows = {
                run_id: (int(n), int(distinct))
                for run_id, n, distinct in conn.execute(
                    sa.select(
                        db.trials.c.run_id,
                        sa.func.count(),
                        sa.func.count(
                            sa.distinct(sa.tuple_(db.trials.c.case_id, db.trials.c.repeat))
                        ),
                    ).group_by(db.trials.c.run_id)
                )
            }
    finally:
        engine.dispose()
    stored = sum(n for n, _ in rows.values())
    lost = sum(max(per_run - distinct, 0) for _, distinct in rows.values())
    lost += per_run * max(WRITERS - len(rows), 0)
    duplicated = sum(n - distinct for n, distinct in rows.values())
    unfinished = [run.id for run in runs if run.status != "finished"]
    lock_errors = [
        f"{path.name}: {line.strip()[:160]}"
        for path in sorted(logs.glob("*.err"))
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
        if _LOCK_ERRORS.search(line)
    ]
    exits = sorted(set(codes))
    print(
        f"   {len(runs)} runs stored, {len(unfinished)} not finished "
        f"({', '.join(unfinished) or 'none'}); writers' exit codes: {exits} "
        "(0 deploy, 3 review, 1 block: the gate's verdicts; 2 an error)"
    )
    print(
        f"   trials stored: {stored:,} of {WRITERS * per_run:,}; lost {lost}, "
        f"duplicated {duplicated}; every run complete by trial_count: "
        f"{all(c.complete for c in counts.values()) and len(counts) == WRITERS}"
    )
    print(f"   lock, deadlock or serialization errors in any stderr: {len(lock_errors)}")
    for line in lock_errors[:5]:
        print(f"     {line}")
    for reader in readers:
        for failure in reader.failures[:3]:
            print(f"     {reader.name} failed: {failure[:200]}")
    print(
        f"   write throughput: {stored:,} trials in {wall:,.1f} s = "
        f"{stored / wall:,.0f} trials/s (start-up and loading of the suite included)"
    )
    print("   readers while the runs wrote (ms):")
    print(
        table(
            ["reader", "requests", "p50", "p95", "max", "failures"],
            [r.row() for r in readers],
            indent="   ",
        )
    )
    viewer_p95 = max((_p95(sorted(r.seconds)) for r in readers[2:] if r.seconds), default=0.0)
    return [
        Figure(
            "store under load: write throughput (8 runs at once)",
            stored / wall,
            "trials/s",
            TARGET_TRIALS_PER_S,
            higher_is_better=True,
        ),
        Figure(
            "store under load: trials lost or duplicated, lock errors, failed reads",
            lost
            + duplicated
            + len(lock_errors)
            + len(unfinished)
            + sum(len(r.failures) for r in readers),
            "errors",
            0,
            higher_is_better=False,
        ),
        Figure(
            "store under load: `fourfold runs` p95",
            _p95(sorted(readers[0].seconds)) * 1e3,
            "ms",
            TARGET_RUNS_P95_MS,
            higher_is_better=False,
        ),
        Figure(
            "store under load: viewer API p95 (worst route)",
            viewer_p95 * 1e3,
            "ms",
            TARGET_VIEWER_P95_MS,
            higher_is_better=False,
        ),
    ]


def _spawn(argv: list[str], logs: Path, name: str) -> subprocess.Popen[bytes]:
    """Start `argv` in `logs`' folder, its output in ``name.out`` and ``name.err``."""
    with (logs / f"{name}.out").open("wb") as out, (logs / f"{name}.err").open("wb") as err:
        return subprocess.Popen(argv, stdout=out, stderr=err, cwd=logs.parent)


def _loop_runs(reader: _Reader, fourfold: str, url: str, done: threading.Event) -> None:
    while not done.is_set():
        reader.timed(lambda: _cli([fourfold, "runs", "--json", "--store", url], ok=(0,)))


def _loop_compare(
    reader: _Reader, fourfold: str, url: str, done: threading.Event, logs: Path
) -> None:
    """Compare the oldest run with the newest, while two are stored (the verdict is the exit)."""
    ids: list[str] = []
    with Store.open(url) as store:
        while not done.is_set() and len(ids) < 2:
            time.sleep(0.2)
            ids = [run.id for run in store.list_runs(suite=SUITE)]
    while not done.is_set():
        reader.timed(
            lambda: _cli(
                [fourfold, "compare", ids[-1], ids[0], "--json", "--store", url],
                ok=(0, 1, 3),
                log=logs / "compare.err",
            )
        )


def _loop_viewer(readers: list[_Reader], base: str, done: threading.Event) -> None:
    listing, by_prefix, reviews = readers
    found: list[str] = []
    while not done.is_set():
        listing.timed(lambda: _list_runs(base, found))
        if not found:
            time.sleep(0.2)
            continue
        run_id = found[len(listing.seconds) % len(found)]
        by_prefix.timed(partial(_by_prefix, base, run_id))
        reviews.timed(partial(_no_reviews, base, run_id))


def _list_runs(base: str, found: list[str]) -> str | None:
    """The run list; `found` becomes its ids."""
    found[:] = [run["id"] for run in _get(f"{base}/api/runs")]
    return None


def _by_prefix(base: str, run_id: str) -> str | None:
    """A run by its id less two characters (unique: the suffix is random)."""
    got = _get(f"{base}/api/runs/{run_id[:-2]}")["id"]
    return None if got == run_id else f"{run_id[:-2]} found {got}, not {run_id}"


def _no_reviews(base: str, run_id: str) -> str | None:
    got = _get(f"{base}/api/runs/{run_id}/reviews")
    return None if got == [] else f"reviews of {run_id}: {got!r:.100}"


def _cli(argv: list[str], *, ok: tuple[int, ...], log: Path | None = None) -> str | None:
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if log is not None and done.stderr:
        with log.open("a", encoding="utf-8") as file:
            file.write(done.stderr)
    if done.returncode not in ok:
        return f"exit {done.returncode}: {done.stderr.strip()[-300:]}"
    return None


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=60) as response:
        return json.loads(response.read())


def _wait_for(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            _get(url)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _p95(sorted_values: list[float]) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, round(0.95 * (len(sorted_values) - 1)))]


def _server_url() -> str | None:
    """The test server's URL: the variable, else what ``.ci/postgres status`` prints."""
    url = os.environ.get("FOURFOLD_TEST_POSTGRES_URL")
    if url:
        return url
    script = Path(__file__).resolve().parent.parent / ".ci" / "postgres"
    if not script.exists() or shutil.which("bash") is None:
        return None
    status = subprocess.run(
        ["bash", str(script), "status"], capture_output=True, text=True, check=False
    )
    found = re.search(r"postgres\S*://\S+", status.stdout)
    return found.group(0).strip("'\"") if status.returncode == 0 and found else None


@contextmanager
def _schema(server: str) -> Iterator[str]:
    """A store URL whose connections use a fresh schema, dropped afterwards."""
    url = sa.make_url(server)
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    schema = f"fourfold_bench_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(url)
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield url.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False
        )
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="250 cases a run: 10,000 trials")
    figures = main(quick=parser.parse_args().quick)
    print()
    for figure in figures:
        print(figure.line())
