"""``isolation: process``: a python agent in worker processes behaves as it does in-process,
and whatever it does to its process costs one errored trial, not the run."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from fourfold.agents import (
    Agent,
    AgentConfig,
    CommandAgentConfig,
    PythonAgentConfig,
    make_agent,
    start_agent,
)
from fourfold.agents._isolated import ProcessAgent
from fourfold.errors import ConfigError
from fourfold.trace import Trace
from tests.helpers import make_case

AGENTS = """
import asyncio
import ctypes
import os
import subprocess
import sys
import time

from fourfold.agents import tool
from fourfold.trace import Passage, Trace


@tool
def lookup(account_id: str) -> dict:
    return {"id": account_id, "tier": "gold"}


def sync_answer(case):
    return "sync: " + case.user_text


async def async_answer(case):
    await asyncio.sleep(0)
    return "async: " + case.user_text


def with_recorder(case, rec):
    lookup(case.context.get("account", "a1"))
    rec.retrieved([Passage(id="p1", text="Refunds within 30 days.", source="policy")])
    rec.add_usage(input_tokens=10, output_tokens=5, cost_usd=0.01)
    rec.metadata["seen"] = [case.id, rec.repeat, rec.rng.random()]
    return "recorded"


async def async_with_tool(case, rec):
    lookup("a2")
    return {"output": "from dict", "metadata": {"model": "m1"}}


def returns_trace(case):
    return Trace(output="own", latency_s=1.5)


def raises_after_tool(case):
    lookup("a1")
    raise RuntimeError("model exploded")


def exits(case):
    sys.exit(3)


def prints(case):
    print("a line on stdout that must not break the worker's replies")
    sys.stdout.flush()
    return "printed"


def pid(case):
    return str(os.getpid())


def hard_exit(case):
    if case.id.startswith("bad"):
        os._exit(0)
    return "fine"


def segfault(case):
    ctypes.string_at(0)


async def blocks_the_loop(case):
    lookup("a1")
    time.sleep(60)
    return "late"


def hangs_with_a_child(case):
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    with open(case.context["pid_file"], "w") as f:
        f.write(str(child.pid))
    time.sleep(60)
    return "late"
"""


@pytest.fixture
def module(write_module: Any) -> str:
    return str(write_module(AGENTS))


def _build(module: str, tmp_path: Path, function: str, **config: Any) -> Agent:
    return make_agent(
        PythonAgentConfig(python=f"{module}:{function}", path=["lib"], **config), base_dir=tmp_path
    )


def _comparable(trace: Trace) -> dict[str, Any]:
    """A trace without what differs from run to run: timings."""
    data = trace.model_dump(mode="json", exclude={"latency_s"})
    for call in data["tool_calls"]:
        call.pop("started_at", None)
        call.pop("ended_at", None)
    return data


@pytest.mark.slow
@pytest.mark.parametrize(
    "function",
    [
        "sync_answer",
        "async_answer",
        "with_recorder",
        "async_with_tool",
        "returns_trace",
        "raises_after_tool",
        "exits",
    ],
)
def test_a_trial_in_a_worker_gives_the_trace_it_gives_in_process(
    module: str, tmp_path: Path, run_agent: Any, function: str
) -> None:
    """Answers, @tool calls, rec.retrieved, usage, metadata, rec.rng, errors: all carried
    back from the worker as they are recorded in-process."""
    case = make_case(id="c1", input="hello", context={"account": "acc-7"})
    [here] = run_agent(_build(module, tmp_path, function), (case, 2), seed=5)
    [there] = run_agent(_build(module, tmp_path, function, isolation="process"), (case, 2), seed=5)
    assert _comparable(there) == _comparable(here)
    assert there.latency_s is not None
    if function == "with_recorder":
        assert there.tool_names == ["lookup"] and [p.id for p in there.passages] == ["p1"]
    if function == "exits":
        assert there.error is not None and "called sys.exit(3)" in there.error


@pytest.mark.slow
def test_a_worker_that_ends_its_process_is_an_errored_trial_and_is_replaced(
    module: str, tmp_path: Path
) -> None:
    agent = _build(module, tmp_path, "hard_exit", isolation="process")
    cases = [make_case(id="ok-1"), make_case(id="bad-1"), make_case(id="ok-2")]

    async def sequentially() -> list[Trace]:
        try:
            return [await agent.run(c, seed=0, repeat=0) for c in cases]
        finally:
            await agent.aclose()

    first, bad, after = asyncio.run(sequentially())
    assert first.output == "fine" and after.output == "fine"
    assert bad.error == (
        f"agent {module}:hard_exit's worker process exited with status 0 while running case "
        "bad-1 (repeat 0): the agent, or code it called, ended the process (os._exit, a crash, "
        "a signal); the worker was replaced"
    )


@pytest.mark.slow
def test_a_crash_in_a_worker_names_the_signal(module: str, tmp_path: Path, run_agent: Any) -> None:
    [trace] = run_agent(_build(module, tmp_path, "segfault", isolation="process"), make_case())
    assert trace.error is not None and "was killed by SIGSEGV" in trace.error


@pytest.mark.slow
def test_an_async_agent_blocking_its_worker_times_out_while_others_finish(
    module: str, tmp_path: Path
) -> None:
    """In-process, time.sleep inside async def holds fourfold's loop; here only a worker's."""
    blocked = _build(module, tmp_path, "blocks_the_loop", isolation="process", timeout=2.0)
    fine = _build(module, tmp_path, "sync_answer", isolation="process", timeout=30.0)

    async def both() -> tuple[Trace, list[Trace]]:
        try:
            await asyncio.gather(start_agent(blocked), start_agent(fine))
            started = time.monotonic()
            slow = asyncio.ensure_future(blocked.run(make_case(id="stuck"), seed=0, repeat=0))
            others = [await fine.run(make_case(id=f"f{i}"), seed=0, repeat=0) for i in range(3)]
            assert time.monotonic() - started < 2.0, "the other trials waited for the blocked one"
            return await slow, others
        finally:
            await asyncio.gather(blocked.aclose(), fine.aclose())

    start = time.monotonic()
    slow, others = asyncio.run(both())
    assert time.monotonic() - start < 20
    assert slow.error is not None and "did not finish within the timeout of 2s" in slow.error
    assert "its worker process was killed" in slow.error
    assert [t.output for t in others] == ["sync: hello"] * 3


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_timed_out_worker_is_killed_with_what_it_started(
    module: str, tmp_path: Path, run_agent: Any
) -> None:
    pid_file = tmp_path / "child.pid"
    agent = _build(module, tmp_path, "hangs_with_a_child", isolation="process", timeout=3.0)
    [trace] = run_agent(agent, make_case(context={"pid_file": str(pid_file)}))
    assert trace.error is not None and "within the timeout of 3s" in trace.error
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


@pytest.mark.slow
def test_workers_are_reused_and_at_most_one_per_concurrent_trial(
    module: str, tmp_path: Path
) -> None:
    agent = _build(module, tmp_path, "pid", isolation="process")
    assert isinstance(agent, ProcessAgent)

    async def waves() -> list[str]:
        try:
            outputs: list[str] = []
            for wave in range(3):
                traces = await asyncio.gather(
                    *(agent.run(make_case(id=f"w{wave}-{i}"), seed=0, repeat=0) for i in range(3))
                )
                outputs += [str(t.output) for t in traces]
            assert agent.workers == 3
            return outputs
        finally:
            await agent.aclose()
            assert agent.workers == 0

    pids = asyncio.run(waves())
    assert len(set(pids)) == 3 and str(os.getpid()) not in pids
    for pid in {int(p) for p in pids}:
        deadline = time.monotonic() + 5
        while Path(f"/proc/{pid}").exists() and _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(pid), "aclose left a worker running"


@pytest.mark.slow
def test_an_agent_printing_on_stdout_does_not_break_its_worker(
    module: str, tmp_path: Path, run_agent: Any, capfd: pytest.CaptureFixture[str]
) -> None:
    agent = _build(module, tmp_path, "prints", isolation="process")
    traces = run_agent(agent, make_case(id="a"), make_case(id="b"))
    assert [t.output for t in traces] == ["printed", "printed"]
    assert "must not break the worker" in capfd.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("import sys\nsys.exit(3)\n", r"importing module '\w+' called sys\.exit\(3\)"),
        ("import os\nos._exit(0)\n", r"worker process exited with status 0 while importing"),
        ("raise RuntimeError('bad config')\n", "raised RuntimeError: bad config"),
        ("def other(case): return ''\n", r"has no attribute 'run'"),
        ("def run(): return ''\n", r"called with \(case\) or \(case, rec\)"),
    ],
)
def test_an_agent_that_cannot_start_is_a_config_error_before_any_trial(
    write_module: Any, tmp_path: Path, source: str, message: str
) -> None:
    """The import runs in the worker: not even sys.exit or os._exit at import reaches
    fourfold's process, and the error is bad input (exit 2) as in-process."""
    name = write_module(source)
    agent = make_agent(
        PythonAgentConfig(python=f"{name}:run", path=["lib"], isolation="process"),
        base_dir=tmp_path,
    )
    assert name not in sys.modules

    async def start() -> None:
        try:
            await start_agent(agent)
        finally:
            await agent.aclose()

    with pytest.raises(ConfigError, match=message):
        asyncio.run(start())
    assert name not in sys.modules


def test_a_malformed_spec_is_refused_by_make_agent(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not 'module:function'"):
        make_agent(PythonAgentConfig(python="no_colon", isolation="process"), base_dir=tmp_path)


def test_isolation_goes_with_python_agents_only() -> None:
    with pytest.raises(ValidationError, match="isolation only goes with a python agent"):
        AgentConfig.model_validate({"command": "./agent.sh", "isolation": "process"})
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        CommandAgentConfig(command="./agent.sh", isolation="process")  # type: ignore[call-arg]
    with pytest.raises(ValidationError, match="in-process"):
        PythonAgentConfig(python="a:b", isolation="thread")  # type: ignore[arg-type]


ORPHAN_SUITE = """\
name: orphan
agent: {python: "lib_agent:answer", isolation: process, timeout: 120}
cases: cases.jsonl
"""
ORPHAN_AGENT = """
import os, time

def answer(case):
    with open(os.environ["FF_TEST_WORKER_PID"], "w") as f:
        f.write(str(os.getpid()))
    time.sleep(120)
    return "late"
"""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_workers_do_not_outlive_a_fourfold_killed_with_sigkill(tmp_path: Path) -> None:
    (tmp_path / "lib_agent.py").write_text(ORPHAN_AGENT)
    (tmp_path / "cases.jsonl").write_text('{"id": "c1", "input": "?"}\n')
    (tmp_path / "suite.yaml").write_text(ORPHAN_SUITE)
    pid_file = tmp_path / "worker.pid"
    proc = subprocess.Popen(
        [sys.executable, "-m", "fourfold", "run", "suite.yaml", "--store", "r.db"],
        cwd=tmp_path,
        env={**os.environ, "FF_TEST_WORKER_PID": str(pid_file)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while not pid_file.exists() or not pid_file.read_text():
            assert time.monotonic() < deadline, "the worker never started its trial"
            time.sleep(0.05)
        worker = int(pid_file.read_text())
        assert _alive(worker)
        proc.kill()
        proc.wait(timeout=30)
        deadline = time.monotonic() + 10
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _alive(worker), "the worker outlived fourfold"
    finally:
        proc.kill()
        proc.wait(timeout=30)
