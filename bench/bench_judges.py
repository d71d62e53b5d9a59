"""Benchmark the judged path: rubric-judge calls against a local server with 200 ms latency.

Starts ``tests/helpers/openai_server.py`` in a separate process (its CPU is not counted)
answering every chat request with a valid rubric reply after a fixed latency. Then, at
concurrency 16 and 64:

- fourfold: a real suite in a temporary folder (an ``async`` Python agent that returns a
  fixed short answer at once, N/2 cases x 2 repeats, one ``rubric: {criterion:
  conciseness}`` check judged by ``openai-compatible/bench`` at concurrency C, suite
  concurrency C) run through `fourfold._engine.run` into a fresh SQLite store. Every
  input is distinct and each repeat has its own cache key, so no call is a cache hit.
  Wall time and the process's CPU time (`time.process_time`: the whole process, with the
  store's writes, the response cache and the gate at the end) are taken around `run`.
- the floor of the Python stack: a bare asyncio loop, C workers posting the same N request
  bodies (built with fourfold's own prompt and request code) through one shared
  ``aiohttp.ClientSession`` and parsing the JSON reply and the judge's JSON inside it,
  nothing else; and, for reference, the same with one shared ``httpx.AsyncClient`` on at
  most 400 of the bodies (its pool costs ~12 ms of CPU a request at concurrency 64, so the
  full N would take half a minute there).

The ideal time is ceil(N / C) x latency. Run it alone with ``python bench/bench_judges.py``
(``--quick`` for N=400), or through ``make bench``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import math
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import httpx
from _common import Figure, TimedStore, machine, table

from fourfold import Case, Trace
from fourfold._engine import RunOptions, run
from fourfold.judges import Criterion, build_rubric_messages, load_criterion, rubric_schema
from fourfold.models import ModelConfig, ModelRequest, OpenAICompatibleProvider
from fourfold.suite import load_suite

N_CALLS = 2_000
QUICK_CALLS = 400
HTTPX_CALLS = 400
"""At most this many calls for the httpx reference loop."""
RUNS = {16: 1, 64: 2}
"""Runs of fourfold and the bare aiohttp loop at each concurrency (the best is kept): one
long run at 16, two short ones at 64, where a busy moment on the machine weighs more."""
QUICK_RUNS = {16: 1, 64: 1}
LATENCY_S = 0.2
CONCURRENCIES = (16, 64)
TARGET_SHARE = 0.9
"""Least share of the bare aiohttp loop's throughput fourfold must reach."""
TARGET_CPU_MS = 1.5
"""Most CPU a judged call may cost fourfold, storage included."""
REPEATS = 2
ANSWER = "Refunds take 5 business days from the day we receive the parcel."
"""What the agent answers every case (numbered, see `answer_text`), and what the judge
quotes as its evidence."""
AGENT = f"""\
import itertools

_answers = itertools.count()


async def answer(case):
    return f"{ANSWER} (answer {{next(_answers)}})"
"""
"""The suite's agent: each answer numbered, so a case's repeats send distinct judge requests
and none is answered from the run's response cache (the bare loops make every call too)."""


def answer_text(n: int) -> str:
    """The agent's `n`-th answer."""
    return f"{ANSWER} (answer {n})"


SERVER = Path(__file__).resolve().parent.parent / "tests" / "helpers" / "openai_server.py"
MODEL = "openai-compatible/bench"


@dataclass(frozen=True)
class Measure:
    """One timed batch of N judge calls."""

    client: str
    concurrency: int
    calls: int
    wall_s: float
    cpu_s: float
    write_s: float | None = None

    @property
    def rate(self) -> float:
        """Calls per second."""
        return self.calls / self.wall_s

    @property
    def cpu_ms_per_call(self) -> float:
        """Process CPU per call, in ms."""
        return self.cpu_s / self.calls * 1e3


def ideal_s(calls: int, concurrency: int) -> float:
    """The time `calls` take at `concurrency` if only the latency counted."""
    return math.ceil(calls / concurrency) * LATENCY_S


@contextmanager
def judge_server(latency: float) -> Iterator[str]:
    """Run the fixed-reply rubric server in its own process; yield its base URL."""
    proc = subprocess.Popen(
        [
            sys.executable,
            str(SERVER),
            "--port",
            "0",
            "--latency",
            str(latency),
            "--rubric",
            "--quote",
            ANSWER,
            "--usage",
            "400",
            "40",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        if not url.startswith("http"):
            raise RuntimeError(f"the bench server did not start (it printed {url!r})")
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


def case_input(i: int) -> str:
    """A distinct question per case, so no two prompts are the same."""
    return f"How long does the refund for order O-{10_000 + i} take to reach my card?"


def write_suite(folder: Path, url: str, *, n_cases: int, concurrency: int) -> Path:
    """Write the judged suite (agent module, cases, suite.yaml) into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "fixed_agent.py").write_text(AGENT, encoding="utf-8")
    (folder / "cases.jsonl").write_text(
        "".join(
            json.dumps({"id": f"c{i:05d}", "input": case_input(i)}) + "\n" for i in range(n_cases)
        ),
        encoding="utf-8",
    )
    suite = {
        "name": "bench-judged",
        "agent": {"python": "fixed_agent:answer", "version": "fixed"},
        "cases": "cases.jsonl",
        "repeats": REPEATS,
        "seed": 1,
        "concurrency": concurrency,
        "models": {
            "judge": {
                "model": MODEL,
                "base_url": url,
                "api_key_env": "",
                "concurrency": concurrency,
            }
        },
        "checks": [{"check": "rubric", "args": {"criterion": "conciseness"}}],
    }
    path = folder / "suite.yaml"
    path.write_text(json.dumps(suite, indent=2), encoding="utf-8")
    return path


def request_bodies(url: str, n_calls: int) -> list[dict[str, Any]]:
    """The bodies fourfold posts for the suite's N judge calls, built with its own code."""
    config = ModelConfig(model=MODEL, base_url=url, api_key_env="")
    provider = OpenAICompatibleProvider(
        name=config.provider,
        base_url=url,
        json_schema_output=config.supports_json_schema,
    )
    criterion = load_criterion("conciseness")
    assert isinstance(criterion, Criterion)
    schema = rubric_schema(criterion)
    bodies = []
    for n in range(n_calls):
        i = n // REPEATS
        messages = build_rubric_messages(
            criterion,
            Case(id=f"c{i:05d}", input=case_input(i)),
            Trace(output=answer_text(n)),
        )
        request = ModelRequest(
            model=config.name,
            messages=messages,
            temperature=config.temperature,
            response_schema=schema,
            schema_name="rubric_reply",
        )
        bodies.append(provider.request_body(request))
    return bodies


def time_fourfold(folder: Path, url: str, n_calls: int, concurrency: int) -> Measure:
    """Run the judged suite once into a fresh store; time it."""
    path = write_suite(folder, url, n_cases=n_calls // REPEATS, concurrency=concurrency)
    loaded = load_suite(path)
    with TimedStore.open(folder / "runs.db") as store:
        gc.collect()
        cpu, start = time.process_time(), time.perf_counter()
        outcome = run(loaded, store=store, options=RunOptions(progress=False))
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        write_s = store.write_s
    costs = outcome.summary.costs
    results = [r for t in outcome.trials for r in t.results]
    if len(outcome.trials) != n_calls or costs.judge_calls != n_calls or costs.judge_cached_calls:
        raise RuntimeError(
            f"expected {n_calls} trials and as many uncached judge calls, got "
            f"{len(outcome.trials)} trials, {costs.judge_calls} calls, "
            f"{costs.judge_cached_calls} cached"
        )
    bad = [r for r in results if r.status != "pass" or r.metadata.get("flags")]
    if bad:
        raise RuntimeError(f"{len(bad)} judged results are not clean passes: {bad[0]!r}")
    return Measure("fourfold", concurrency, n_calls, wall, cpu, write_s)


def _dumps(body: dict[str, Any]) -> bytes:
    """The body as compact JSON, the bytes fourfold sends."""
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


def _timed(
    name: str, concurrency: int, n_calls: int, main: Callable[[], Coroutine[Any, Any, int]]
) -> Measure:
    gc.collect()
    cpu, start = time.process_time(), time.perf_counter()
    scores = asyncio.run(main())
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    if scores != 3 * n_calls:
        raise RuntimeError(f"the {name} loop read {scores} score points, not {3 * n_calls}")
    return Measure(name, concurrency, n_calls, wall, cpu)


def time_aiohttp(url: str, bodies: list[dict[str, Any]], concurrency: int) -> Measure:
    """The bare loop: C workers, one shared aiohttp session, parse the reply, nothing else."""
    endpoint = url + "/chat/completions"

    async def main() -> int:
        total = 0
        todo = iter(bodies)
        connector = aiohttp.TCPConnector(limit=concurrency)
        headers = {"Content-Type": "application/json"}
        async with aiohttp.ClientSession(connector=connector, headers=headers) as session:

            async def worker() -> None:
                nonlocal total
                for body in todo:
                    async with session.post(endpoint, data=_dumps(body)) as response:
                        data = await response.json()
                    total += json.loads(data["choices"][0]["message"]["content"])["score"]

            await asyncio.gather(*(worker() for _ in range(concurrency)))
        return total

    return _timed("bare aiohttp", concurrency, len(bodies), main)


def time_httpx(url: str, bodies: list[dict[str, Any]], concurrency: int) -> Measure:
    """The bare loop with one shared httpx client instead."""
    endpoint = url + "/chat/completions"

    async def main() -> int:
        total = 0
        todo = iter(bodies)
        limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
        headers = {"Content-Type": "application/json"}
        async with httpx.AsyncClient(limits=limits, headers=headers, timeout=60) as client:

            async def worker() -> None:
                nonlocal total
                for body in todo:
                    response = await client.post(endpoint, content=_dumps(body))
                    data = response.json()
                    total += json.loads(data["choices"][0]["message"]["content"])["score"]

            await asyncio.gather(*(worker() for _ in range(concurrency)))
        return total

    return _timed("bare httpx", concurrency, len(bodies), main)


def best(measures: list[Measure]) -> Measure:
    """The least disturbed of several runs: the shortest wall time and the least CPU."""
    first = measures[0]
    writes = [m.write_s for m in measures if m.write_s is not None]
    return Measure(
        first.client,
        first.concurrency,
        first.calls,
        min(m.wall_s for m in measures),
        min(m.cpu_s for m in measures),
        min(writes) if writes else None,
    )


def main(
    n_calls: int = N_CALLS,
    *,
    header: bool = True,
    httpx_too: bool = True,
    runs: dict[int, int] | None = None,
) -> list[Figure]:
    """Run the benchmark, print its report and return its headline figures."""
    if header:
        print(machine())
    runs = runs or RUNS
    n_calls -= n_calls % REPEATS
    n_httpx = min(n_calls, HTTPX_CALLS)
    print(
        f"\n3. The judged path: {n_calls:,} rubric-judge calls (conciseness) against a local "
        f"OpenAI-compatible server in its own process, {LATENCY_S * 1e3:.0f} ms latency a "
        f"request; fourfold runs {n_calls // REPEATS:,} cases x {REPEATS} repeats with an "
        "async agent into a fresh SQLite store, the bare loops post the same bodies; "
        + ", ".join(
            f"best of {runs[c]} run{'s' if runs[c] > 1 else ''} at concurrency {c}"
            for c in CONCURRENCIES
        )
        + (f"; httpx on {n_httpx} calls, one run" if httpx_too else "")
    )
    results: list[Measure] = []
    with judge_server(LATENCY_S) as url, tempfile.TemporaryDirectory(prefix="ff-judged-") as tmp:
        bodies = request_bodies(url, n_calls)
        print(f"   request body {len(_dumps(bodies[0])):,} bytes; server at {url}")
        # Warm-up: imports, the first connections, SQLite's first file.
        warm = 4 * CONCURRENCIES[0]
        time_fourfold(Path(tmp) / "warmup", url, warm, CONCURRENCIES[0])
        time_aiohttp(url, bodies[:warm], CONCURRENCIES[0])
        if httpx_too:
            time_httpx(url, bodies[:warm], CONCURRENCIES[0])
        for concurrency in CONCURRENCIES:
            bare: list[Measure] = []
            ours: list[Measure] = []
            for i in range(runs[concurrency]):  # alternated, so both see the same machine
                bare.append(time_aiohttp(url, bodies, concurrency))
                folder = Path(tmp) / f"c{concurrency}-{i}"
                ours.append(time_fourfold(folder, url, n_calls, concurrency))
            results += [best(bare), best(ours)]
            if httpx_too:
                results.append(time_httpx(url, bodies[:n_httpx], concurrency))

    rows = []
    figures = []
    for concurrency in CONCURRENCIES:
        at = [m for m in results if m.concurrency == concurrency]
        floor = next(m for m in at if m.client == "bare aiohttp")
        for m in at:
            rows.append(
                [
                    m.client,
                    str(concurrency),
                    f"{m.calls:,}",
                    f"{ideal_s(m.calls, concurrency):.1f}",
                    f"{m.wall_s:.2f}",
                    f"{m.calls / m.wall_s:,.0f}",
                    f"{m.rate / floor.rate:.3f}",
                    f"{m.cpu_ms_per_call:.2f}",
                    f"{m.write_s / m.calls * 1e3:.2f}" if m.write_s is not None else "",
                ]
            )
        ours_best = next(m for m in at if m.client == "fourfold")
        figures.append(
            Figure(
                f"judged path c={concurrency}",
                ours_best.rate / floor.rate,
                "of the bare loop",
                TARGET_SHARE,
                higher_is_better=True,
                digits=2,
            )
        )
        figures.append(
            Figure(
                f"judged path CPU c={concurrency}",
                ours_best.cpu_ms_per_call,
                "ms/call",
                TARGET_CPU_MS,
                higher_is_better=False,
                digits=2,
            )
        )
    print(
        table(
            [
                "client",
                "concurrency",
                "calls",
                "ideal s",
                "wall s",
                "calls/s",
                "of bare aiohttp",
                "CPU ms/call",
                "of it writes ms",
            ],
            rows,
            indent="   ",
        )
    )
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help=f"{QUICK_CALLS} calls instead of {N_CALLS:,}"
    )
    parser.add_argument("--calls", type=int, default=None, help="how many judge calls")
    parser.add_argument("--no-httpx", action="store_true", help="skip the httpx reference loop")
    args = parser.parse_args()
    n = args.calls or (QUICK_CALLS if args.quick else N_CALLS)
    figures = main(n, httpx_too=not args.no_httpx, runs=QUICK_RUNS if args.quick else RUNS)
    print()
    for figure in figures:
        print(figure.line())
