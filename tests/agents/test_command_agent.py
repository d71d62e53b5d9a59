from __future__ import annotations

import gc
import shlex
import sys
import textwrap
import time
from pathlib import Path

import pytest

from fourfold.agents import Agent, CommandAgentConfig, make_agent
from fourfold.errors import ConfigError
from tests.helpers import make_case

SCRIPT = """
import json
import os
import signal
import subprocess
import sys
import time

mode = sys.argv[1]
request = json.load(sys.stdin)
case = request["case"]
if mode == "good":
    print(json.dumps({
        "output": f"echo {case['input']} seed={request['seed']} repeat={request['repeat']}",
        "tool_calls": [{"name": "lookup", "arguments": {"q": case["input"]}}],
        "metadata": {"strata": case["strata"]},
    }))
elif mode == "env":
    print(json.dumps({"output": os.environ["FF_TEST_VAR"] + " in " + os.getcwd()}))
elif mode == "latency":
    print(json.dumps({"output": "x", "latency_s": 7.0}))
elif mode == "fail":
    print("Traceback: the model client failed", file=sys.stderr)
    sys.exit(3)
elif mode == "garbage":
    print("Thinking... the answer is 42")
elif mode == "not-a-trace":
    print(json.dumps({"tool_calls": 5}))
elif mode == "list":
    print("[1, 2]")
elif mode == "silent":
    pass
elif mode == "signal":
    os.kill(os.getpid(), signal.SIGKILL)
elif mode == "dies-mid-output":
    sys.stdout.write('{"output": "half an ans')
    sys.stdout.flush()
    # A child that keeps the command's stdout (and stderr) open after the command is gone.
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    with open(sys.argv[2], "w") as f:
        f.write(str(child.pid))
    os.kill(os.getpid(), signal.SIGKILL)
elif mode == "hang":
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    with open(sys.argv[2], "w") as f:
        f.write(str(child.pid))
    time.sleep(60)
"""


@pytest.fixture
def command(tmp_path):
    """Build a command agent running the SCRIPT in a given mode."""
    (tmp_path / "agent_cmd.py").write_text(textwrap.dedent(SCRIPT), encoding="utf-8")

    def build(*args: str, timeout: float = 30.0, **config) -> Agent:
        argv = [sys.executable, "agent_cmd.py", *args]
        return make_agent(
            CommandAgentConfig(command=argv, timeout=timeout, **config), base_dir=tmp_path
        )

    return build


@pytest.mark.parametrize("as_string", [False, True])
def test_a_good_command_returns_its_trace(tmp_path, run_agent, as_string):
    (tmp_path / "agent_cmd.py").write_text(textwrap.dedent(SCRIPT), encoding="utf-8")
    argv = [sys.executable, "agent_cmd.py", "good"]
    cmd = shlex.join(argv) if as_string else argv
    agent = make_agent(CommandAgentConfig(command=cmd), base_dir=tmp_path)
    case = make_case(input="hi", strata={"category": "returns"})
    [trace] = run_agent(agent, (case, 2), seed=7)
    assert trace.error is None
    assert trace.output == "echo hi seed=7 repeat=2"
    assert trace.tool_calls[0].arguments == {"q": "hi"}
    assert trace.metadata == {"strata": {"category": "returns"}}
    # The trace gave no messages: the case's input and the answer fill them in.
    assert [(m.role, m.content) for m in trace.messages] == [
        ("user", "hi"),
        ("assistant", "echo hi seed=7 repeat=2"),
    ]
    assert trace.latency_s is not None and trace.latency_s > 0


def test_env_and_working_directory(command, run_agent, tmp_path):
    [trace] = run_agent(command("env", env={"FF_TEST_VAR": "hello"}), make_case())
    assert trace.output == f"hello in {tmp_path}"


def test_a_latency_the_command_reports_is_kept(command, run_agent):
    [trace] = run_agent(command("latency"), make_case())
    assert trace.latency_s == 7.0


@pytest.mark.parametrize(
    ("mode", "error"),
    [
        ("fail", "exited with status 3; stderr ends: Traceback: the model client failed"),
        ("signal", "was killed by SIGKILL"),
        (
            "garbage",
            "wrote invalid JSON on stdout (Expecting value at line 1 column 1): "
            "'Thinking... the answer is 42'",
        ),
        ("silent", "wrote nothing on stdout"),
        ("not-a-trace", "the command did not return a trace: not a valid trace: tool_calls"),
        ("list", "a trace must be a JSON object, got list"),
    ],
)
def test_failures_become_errored_traces(command, run_agent, mode, error):
    [trace] = run_agent(command(mode), make_case(input="hi"))
    assert trace.error is not None and error in trace.error
    assert trace.output is None
    assert [m.content for m in trace.messages] == ["hi"]
    assert trace.latency_s is not None


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")  # a zombie is dead


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
@pytest.mark.slow
def test_a_hung_command_and_its_children_are_killed(command, run_agent, tmp_path):
    pid_file = tmp_path / "child.pid"
    start = time.monotonic()
    [trace] = run_agent(command("hang", str(pid_file), timeout=2.0), make_case())
    assert time.monotonic() - start < 10
    assert trace.error is not None and "within the timeout of 2s and was killed" in trace.error
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_command_killed_mid_output_is_its_own_error_and_leaves_nothing_behind(
    command, run_agent, tmp_path
):
    """Its child holds the pipes: the trial does not wait for the timeout, the child is
    killed, and the pipes are closed on the loop (closed at garbage collection, after the
    loop, they printed an ``Event loop is closed`` traceback, an error under pytest)."""
    pid_file = tmp_path / "child.pid"
    start = time.monotonic()
    [trace] = run_agent(command("dies-mid-output", str(pid_file), timeout=30.0), make_case())
    gc.collect()  # a transport left open would complain now, with the loop closed
    assert time.monotonic() - start < 15
    assert trace.error == (
        "the command was killed by SIGKILL; a process it started kept its output open and "
        "was killed"
    )
    child = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


def test_trials_run_concurrently(command, run_agent):
    agent = command("good")
    start = time.monotonic()
    traces = run_agent(agent, *(make_case(id=f"c{i}", input=str(i)) for i in range(6)))
    assert [t.output for t in traces] == [f"echo {i} seed=0 repeat=0" for i in range(6)]
    assert all(t.error is None for t in traces)
    assert time.monotonic() - start < 20


def test_a_relative_program_is_resolved_against_the_suite_folder(tmp_path, run_agent):
    script = tmp_path / "bin" / "agent.sh"
    script.parent.mkdir()
    script.write_text('#!/bin/sh\ncat > /dev/null\necho \'{"output": "from sh"}\'\n')
    script.chmod(0o755)
    agent = make_agent(CommandAgentConfig(command="bin/agent.sh"), base_dir=tmp_path)
    assert run_agent(agent, make_case())[0].output == "from sh"


@pytest.mark.parametrize(
    ("command", "message", "hint"),
    [
        ("   ", "agent.command is empty", "name the program"),
        ([""], "agent.command is empty", None),
        ('python "unterminated', "cannot be split into arguments", "quotes"),
        ("no-such-program-xyz --flag", "'no-such-program-xyz' was not found on the PATH", None),
        ("./missing.sh", "does not exist", "relative to the suite file"),
        ("./not_executable.py", "is not executable", "chmod +x"),
    ],
)
def test_config_mistakes_are_raised_by_make_agent(tmp_path, command, message, hint):
    (tmp_path / "not_executable.py").write_text("print('{}')\n")
    config = CommandAgentConfig(command=command)
    with pytest.raises(ConfigError) as info:
        make_agent(config, base_dir=tmp_path)
    assert message in info.value.message
    if hint is not None:
        assert hint in (info.value.hint or "")
