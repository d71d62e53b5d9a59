from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from fourfold.agents import Agent, PythonAgentConfig, make_agent
from fourfold.errors import ConfigError
from tests.helpers import make_case

AGENTS = """
import asyncio
import threading

from fourfold.agents import Recorder, current_recorder, tool
from fourfold.trace import ToolCall, Trace, Usage

RELEASE = threading.Event()


@tool
def lookup(account_id: str) -> dict:
    return {"id": account_id, "tier": "gold"}


@tool
def broken_tool(account_id: str) -> dict:
    raise ValueError("backend down")


class Opaque:
    def __str__(self):
        return "an opaque object"


@tool
def opaque_tool() -> Opaque:
    return Opaque()


def returns_opaque(case, rec):
    opaque_tool()
    return {"output": "ok", "structured": {"when": Opaque()}}


def sync_answer(case):
    return "sync: " + case.user_text


async def async_answer(case):
    await asyncio.sleep(0)
    return "async: " + case.user_text


class CallableAgent:
    async def __call__(self, case):
        return "callable: " + case.user_text


callable_agent = CallableAgent()


def returns_coroutine(case):
    return async_answer(case)


def with_recorder(case, rec):
    lookup(case.context.get("account", "a1"))
    rec.retrieved([{"id": "p1", "text": "Refunds within 30 days.", "source": "policy"}])
    rec.add_usage(input_tokens=10, output_tokens=5, cost_usd=0.01)
    return "recorded"


async def async_with_tool(case):
    lookup("a2")
    await asyncio.sleep(0)
    return "in " + ("a trial" if current_recorder() is not None else "no trial")


def reports_thread(case):
    return f"daemon={threading.current_thread().daemon}"


def sees_recorder(case):
    return "in " + ("a trial" if current_recorder() is not None else "no trial")


def seeded(case, rec):
    return str(rec.rng.random())


def returns_dict(case, rec):
    lookup("a1")
    rec.add_usage(input_tokens=1)
    return {"output": "from dict", "usage": {"input_tokens": 2}, "metadata": {"model": "m1"}}


def returns_dict_no_usage(case, rec):
    lookup("a1")
    rec.add_usage(input_tokens=1, cost_usd=0.25)
    return {"output": "plain"}


def returns_recorder_trace(case, rec):
    lookup("a1")
    rec.add_usage(input_tokens=7, cost_usd=0.5)
    return rec.to_trace(output="recorded")


def returns_trace(case, rec):
    lookup("a1")
    rec.add_usage(input_tokens=1, cost_usd=0.5)
    return Trace(output="own", tool_calls=[ToolCall(name="own_tool")], latency_s=1.5,
                 usage=Usage(input_tokens=2))


def raises_after_tool(case):
    lookup("a1")
    raise RuntimeError("model exploded")


async def async_raises_after_tool(case):
    lookup("a1")
    raise RuntimeError("model exploded")


def tool_error_propagates(case):
    broken_tool("a1")
    return "unreachable"


def exits(case):
    raise SystemExit(3)


async def async_exits(case):
    lookup("a1")
    raise SystemExit(0)


def returns_int(case):
    return 42


def returns_none(case):
    return None


def returns_bad_dict(case):
    return {"tool_calls": "not a list"}


def hangs(case):
    lookup("a1")
    RELEASE.wait(30)
    return "late"


async def async_hangs(case):
    lookup("a1")
    await asyncio.sleep(30)
    return "late"


async def swallows_cancel(case):
    lookup("a1")
    for _ in range(2):
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            pass
    return "late"


def three_args(case, rec, extra):
    return ""


def no_args():
    return ""


def keyword_only(case, *, style):
    return ""


NOT_CALLABLE = 3
"""


@pytest.fixture
def agents(write_module, tmp_path):
    """Build a python agent for a function of the AGENTS module."""
    module = write_module(AGENTS)

    def build(function: str, *, timeout: float = 10.0) -> Agent:
        config = PythonAgentConfig(python=f"{module}:{function}", path=["lib"], timeout=timeout)
        return make_agent(config, base_dir=tmp_path)

    build.module = module
    return build


@pytest.mark.parametrize(
    ("function", "output", "tools"),
    [
        ("sync_answer", "sync: hello", []),
        ("async_answer", "async: hello", []),
        ("callable_agent", "callable: hello", []),
        ("returns_coroutine", "async: hello", []),
        ("sees_recorder", "in a trial", []),
        ("async_with_tool", "in a trial", ["lookup"]),
        ("with_recorder", "recorded", ["lookup"]),
    ],
)
def test_answers_become_traces(agents, run_agent, function, output, tools):
    [trace] = run_agent(agents(function), make_case(input="hello"))
    assert trace.error is None
    assert trace.output == output
    assert trace.tool_names == tools
    assert [m.role for m in trace.messages] == ["user", "assistant"]
    assert trace.latency_s is not None and trace.latency_s >= 0


def test_the_recording_is_in_the_trace(agents, run_agent):
    [trace] = run_agent(agents("with_recorder"), make_case(context={"account": "acc-7"}))
    [call] = trace.tool_calls
    assert (call.arguments, call.result) == (
        {"account_id": "acc-7"},
        {"id": "acc-7", "tier": "gold"},
    )
    assert call.started_at is not None and call.ended_at is not None
    assert [(p.id, p.source) for p in trace.passages] == [("p1", "policy")]
    assert (trace.usage.input_tokens, trace.usage.output_tokens) == (10, 5)
    assert trace.usage.cost_usd == pytest.approx(0.01)


@pytest.mark.parametrize(
    ("function", "output", "tools", "input_tokens", "cost", "latency", "metadata"),
    [
        # A dict fills its gaps from the recording; its own usage wins.
        ("returns_dict", "from dict", ["lookup"], 2, None, None, {"model": "m1"}),
        # A Trace's own tool calls win over the recorded ones; its latency is kept.
        ("returns_trace", "own", ["own_tool"], 2, None, 1.5, {}),
        # A dict without usage takes the recorded usage.
        ("returns_dict_no_usage", "plain", ["lookup"], 1, 0.25, None, {}),
        # rec.to_trace() already holds the recorded usage: it is not counted twice.
        ("returns_recorder_trace", "recorded", ["lookup"], 7, 0.5, None, {}),
    ],
)
def test_returned_traces_merge_with_the_recording(
    agents, run_agent, function, output, tools, input_tokens, cost, latency, metadata
):
    [trace] = run_agent(agents(function), make_case(input="q"))
    assert trace.error is None
    assert trace.output == output
    assert trace.tool_names == tools
    assert trace.usage.input_tokens == input_tokens
    assert trace.usage.cost_usd == cost
    assert trace.metadata == metadata
    assert [(m.role, m.content) for m in trace.messages] == [("user", "q"), ("assistant", output)]
    if latency is not None:
        assert trace.latency_s == latency
    else:
        assert trace.latency_s is not None and trace.latency_s < 1.0


@pytest.mark.parametrize(
    ("function", "error", "tools"),
    [
        ("raises_after_tool", "raised RuntimeError: model exploded", ["lookup"]),
        ("async_raises_after_tool", "raised RuntimeError: model exploded", ["lookup"]),
        ("tool_error_propagates", "raised ValueError: backend down", ["broken_tool"]),
        ("exits", "called sys.exit(3) (SystemExit)", []),
        # Out of a task, SystemExit would end the event loop and the run with code 0.
        ("async_exits", "called sys.exit(0) (SystemExit)", ["lookup"]),
        ("returns_int", "returned int; return a str, a dict or a Trace", []),
        ("returns_none", "returned NoneType; return a str, a dict or a Trace", []),
        ("returns_bad_dict", "did not return a trace: not a valid trace: tool_calls", []),
    ],
)
def test_failures_become_errored_traces(agents, run_agent, function, error, tools):
    [trace] = run_agent(agents(function), make_case())
    assert trace.error is not None and error in trace.error
    assert function in trace.error  # names the agent
    assert trace.tool_names == tools
    assert trace.output is None
    assert trace.latency_s is not None


def test_values_json_cannot_hold_become_strings(agents, run_agent):
    [trace] = run_agent(agents("returns_opaque"), make_case())
    assert trace.error is None
    assert trace.tool_calls[0].result == "an opaque object"
    assert trace.structured == {"when": "an opaque object"}
    assert trace.tool_calls[0].started_at is not None  # datetimes survive the round trip
    trace.to_json()


def test_a_failed_tool_call_is_recorded_with_its_error(agents, run_agent):
    [trace] = run_agent(agents("tool_error_propagates"), make_case())
    assert trace.tool_calls[0].error == "ValueError: backend down"


@pytest.mark.slow
@pytest.mark.parametrize("function", ["hangs", "async_hangs", "swallows_cancel"])
def test_a_hung_agent_times_out_while_others_finish(agents, function):
    hung, fast = agents(function, timeout=0.5), agents("sync_answer", timeout=0.5)

    async def both():
        try:
            return await asyncio.gather(
                hung.run(make_case(id="slow"), seed=0, repeat=0),
                *(fast.run(make_case(id=f"fast-{i}"), seed=0, repeat=0) for i in range(5)),
            )
        finally:
            await hung.aclose()

    start = time.monotonic()
    try:
        slow, *others = asyncio.run(both())
    finally:
        sys.modules[agents.module].RELEASE.set()
    assert time.monotonic() - start < 3.0
    assert slow.error is not None and "within the timeout of 0.5s" in slow.error
    assert slow.tool_names == ["lookup"]  # kept from before the hang
    assert 0.5 <= slow.latency_s < 3.0
    assert [t.output for t in others] == ["sync: hello"] * 5


def test_a_released_hung_thread_finishing_after_the_loop_closed_is_harmless(agents, run_agent):
    [trace] = run_agent(agents("hangs", timeout=0.2), make_case())
    assert trace.error is not None
    sys.modules[agents.module].RELEASE.set()
    for thread in threading.enumerate():
        if thread.name.startswith("fourfold-agent"):
            thread.join(5)
    assert not [t for t in threading.enumerate() if t.name.startswith("fourfold-agent")]


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [((0, 0), (0, 0), True), ((0, 0), (0, 1), False), ((0, 0), (1, 0), False)],
)
def test_the_recorder_rng_follows_seed_and_repeat(agents, run_agent, first, second, same):
    agent = agents("seeded")
    [a] = run_agent(agent, (make_case(), first[1]), seed=first[0])
    [b] = run_agent(agent, (make_case(), second[1]), seed=second[0])
    assert (a.output == b.output) is same


@pytest.mark.parametrize(
    ("spec", "message", "hint"),
    [
        ("{module}", "not 'module:function'", "e.g. 'support_agent:answer'"),
        ("{module}:", "not 'module:function'", None),
        ("agent.py:run", "names the file 'agent.py'", "write 'agent:run'"),
        (
            "no_such_module_xyz:run",
            "module 'no_such_module_xyz' not found on the path",
            "agent.path",
        ),
        ("{module}:missing", "has no attribute 'missing'", "sync_answer"),
        ("{module}:NOT_CALLABLE", "is a int, not a function", None),
        ("{module}:three_args", "called with (case) or (case, rec)", None),
        ("{module}:no_args", "called with (case) or (case, rec)", None),
        ("{module}:keyword_only", "called with (case) or (case, rec)", None),
    ],
)
def test_config_mistakes_are_raised_by_make_agent(agents, tmp_path, spec, message, hint):
    config = PythonAgentConfig(python=spec.format(module=agents.module), path=["lib"])
    with pytest.raises(ConfigError) as info:
        make_agent(config, base_dir=tmp_path)
    assert message in info.value.message
    if hint is not None:
        assert hint in (info.value.hint or "")


def test_the_missing_module_message_lists_the_resolved_path(tmp_path):
    config = PythonAgentConfig(python="no_such_module_xyz:run", path=["agents", "."])
    with pytest.raises(ConfigError) as info:
        make_agent(config, base_dir=tmp_path)
    assert str(tmp_path / "agents") in info.value.message
    assert str(tmp_path) in info.value.message


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("import no_such_dependency_xyz\ndef run(case): return ''\n", "No module named"),
        ("raise RuntimeError('bad config')\n", "raised RuntimeError: bad config"),
        ("def run(case) return ''\n", "raised SyntaxError"),
        # Never fourfold's exit code: code 3 would read as the gate's "review", 0 as deploy.
        ("import sys\nsys.exit(3)\n", r"called sys\.exit\(3\)"),
        ("raise SystemExit(0)\n", r"called sys\.exit\(0\)"),
    ],
)
def test_a_module_that_fails_to_import_is_a_config_error(write_module, tmp_path, source, message):
    module = write_module(source)
    with pytest.raises(ConfigError, match=message) as info:
        make_agent(PythonAgentConfig(python=f"{module}:run", path=["lib"]), base_dir=tmp_path)
    assert module in info.value.message


def test_path_entries_are_relative_to_the_suite_folder(write_module, tmp_path, run_agent):
    module = write_module("def run(case):\n    return 'found'\n")
    suite_dir = tmp_path / "suite"
    suite_dir.mkdir()
    with pytest.raises(ConfigError):
        make_agent(PythonAgentConfig(python=f"{module}:run"), base_dir=suite_dir)
    agent = make_agent(
        PythonAgentConfig(python=f"{module}:run", path=["../lib"]), base_dir=suite_dir
    )
    assert isinstance(agent, Agent)
    assert run_agent(agent, make_case())[0].output == "found"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("function", "printed"), [("hang", "within the timeout of 0.5s"), ("finish", "done")]
)
def test_a_hung_sync_agent_does_not_keep_the_process_alive(tmp_path, function, printed):
    (tmp_path / "hanging_agent.py").write_text(
        textwrap.dedent(
            """
            import time

            def hang(case):
                time.sleep(120)
                return "late"

            def finish(case):
                return "done"
            """
        )
    )
    script = tmp_path / "main.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import asyncio
            from pathlib import Path

            from fourfold.agents import PythonAgentConfig, make_agent
            from fourfold.cases import Case

            config = PythonAgentConfig(python="hanging_agent:{function}", timeout=0.5)
            agent = make_agent(config, base_dir=Path({str(tmp_path)!r}))
            trace = asyncio.run(agent.run(Case(id="c", input="x"), seed=0, repeat=0))
            print(trace.error or trace.output)
            """
        )
    )
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - start < 15  # the agent sleeps 120 s
    assert printed in done.stdout


def test_sync_agents_run_in_daemon_threads(agents, run_agent):
    [trace] = run_agent(agents("reports_thread"), make_case())
    assert trace.output == "daemon=True"


def test_async_tool_is_logged_with_its_awaited_result() -> None:
    import asyncio

    from fourfold.agents import Recorder, tool

    @tool
    async def fetch(key: str) -> dict[str, str]:
        await asyncio.sleep(0.01)
        return {"key": key}

    rec = Recorder(make_case())

    async def main() -> dict[str, str]:
        with rec.active():
            return await fetch("k1")

    assert asyncio.run(main()) == {"key": "k1"}
    (call,) = rec.tool_calls
    assert call.result == {"key": "k1"} and call.arguments == {"key": "k1"}
    assert call.duration_s is not None and call.duration_s >= 0.005


def test_a_logged_assistant_turn_keeps_the_calls_it_requested() -> None:
    from fourfold.agents import Recorder
    from fourfold.trace import ToolRequest

    rec = Recorder(make_case())
    asked = [ToolRequest(id="call_0", name="lookup", arguments={"id": 7})]
    rec.message("assistant", None, tool_calls=asked)
    rec.tool_call("lookup", {"id": 7}, result=12.5)
    rec.message("assistant", "12.5")
    trace = rec.to_trace(output="12.5")
    assert [m.tool_calls for m in trace.messages] == [[], asked, []]
    assert trace.messages[1].tool_calls[0].id == trace.tool_calls[0].id
