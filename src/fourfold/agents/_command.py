"""The ``command`` adapter: an agent that is a program, one process per trial."""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import shutil
import signal
from pathlib import Path

from ..cases import Case
from ..errors import AgentError, ConfigError
from ..trace import Trace
from ._process import release
from ._recorder import Recorder
from ._trial import Adapter, merge_trace, request_body, tail, trace_from_json

__all__ = ["CommandAgent", "parse_command"]

_PIPES_GRACE_S = 2.0
"""How long the output of a command that exited may stay open before the group is killed."""
_POLL_S = 0.1
"""How often a running command is checked for having exited."""


class CommandAgent(Adapter):
    """Runs the command for each trial: the request as JSON on stdin, a trace on stdout.

    The process starts in a session (and process group) of its own, so that on timeout
    the whole group is killed, including anything the command started; so is a group
    whose command died while something it started held its output open.
    """

    def __init__(self, argv: list[str], *, cwd: Path, env: dict[str, str], timeout: float):
        self.argv = argv
        self.cwd = cwd
        self.env = env
        self.timeout = timeout

    async def attempt(self, case: Case, *, seed: int, repeat: int, rec: Recorder) -> Trace:
        """Run the command once and read its stdout as a trace."""
        body = json.dumps(request_body(case, seed=seed, repeat=repeat)).encode()
        try:
            proc = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                cwd=self.cwd,
                env=self.env,
                start_new_session=True,
            )
        except OSError as exc:
            raise AgentError(f"could not start the command {self.argv[0]!r}: {exc}") from exc
        try:
            out, err = await self._communicate(proc, body)
        except asyncio.CancelledError:
            await release(proc)
            raise
        stdout = out.decode("utf-8", errors="replace")
        stderr = err.decode("utf-8", errors="replace")
        if proc.returncode != 0:
            raise AgentError(_exit_message(proc.returncode, stderr))
        if not stdout.strip():
            raise AgentError(
                "the command exited 0 but wrote nothing on stdout; it must write a trace as "
                "JSON" + _stderr_note(stderr)
            )
        try:
            data = json.loads(stdout)
        except json.JSONDecodeError as exc:
            raise AgentError(
                f"the command wrote invalid JSON on stdout ({exc.msg} at line {exc.lineno} "
                f"column {exc.colno}): {stdout.strip()[:200]!r}; write only the trace to "
                "stdout and logs to stderr" + _stderr_note(stderr)
            ) from exc
        return merge_trace(trace_from_json(data, source="the command"), rec)

    async def _communicate(
        self, proc: asyncio.subprocess.Process, body: bytes
    ) -> tuple[bytes, bytes]:
        """Send the request, read stdout and stderr to their end, within the timeout.

        The output ends when every process holding the pipes has closed them, which is
        usually the command exiting. A command that dies while something it started
        keeps the pipes open is not waited for until the timeout: its death is the trial's
        error once the pipes have had `_PIPES_GRACE_S` to end.

        Raises:
            AgentError: the timeout passed, or the command died with its pipes held open.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        talking = asyncio.ensure_future(proc.communicate(body))
        exited_at: float | None = None
        try:
            # `proc.wait()` also waits for the pipes, so the command's own end is watched
            # through its return code, which is set as soon as it is reaped.
            while not talking.done():
                now = loop.time()
                if proc.returncode is not None and exited_at is None:
                    exited_at = now
                if now >= deadline or (exited_at is not None and now - exited_at >= _PIPES_GRACE_S):
                    break
                await asyncio.wait({talking}, timeout=min(_POLL_S, deadline - now))
        finally:
            if not talking.done():
                talking.cancel()
                await asyncio.wait({talking})
        if talking.cancelled():
            returncode = proc.returncode
            await release(proc)
            if returncode is not None:
                raise AgentError(
                    _exit_message(returncode, "")
                    + "; a process it started kept its output open and was killed"
                )
            raise AgentError(
                f"the command did not finish within the timeout of {self.timeout:g}s and "
                "was killed (raise agent.timeout in the suite if it needs longer)"
            )
        return talking.result()


def _exit_message(returncode: int | None, stderr: str) -> str:
    if returncode is not None and returncode < 0:
        try:
            how = f"was killed by {signal.Signals(-returncode).name}"
        except ValueError:
            how = f"was killed by signal {-returncode}"
    else:
        how = f"exited with status {returncode}"
    return f"the command {how}" + _stderr_note(stderr)


def _stderr_note(stderr: str) -> str:
    return f"; stderr ends: {tail(stderr)}" if stderr.strip() else ""


def parse_command(command: str | list[str], *, base_dir: Path, env: dict[str, str]) -> list[str]:
    """Split the command and check that its program exists.

    A program given as a path (``./agent.sh``, ``bin/agent``) is resolved against
    `base_dir`; a bare name is looked up on the ``PATH`` of `env`.

    Raises:
        ConfigError: the command is empty or its program cannot be found or run.
    """
    try:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
    except ValueError as exc:
        raise ConfigError(
            f"agent.command cannot be split into arguments: {exc}",
            hint="check the quotes, or write the command as a list",
        ) from exc
    if not argv or not argv[0]:
        raise ConfigError("agent.command is empty", hint="name the program to run")
    program = argv[0]
    if "/" in program or os.sep in program:
        resolved = (base_dir / program).resolve()
        if not resolved.is_file():
            raise ConfigError(
                f"the agent command {program!r} does not exist (looked for {resolved})",
                hint="paths in agent.command are relative to the suite file's folder",
            )
        if not os.access(resolved, os.X_OK):
            raise ConfigError(
                f"the agent command {program!r} is not executable",
                hint=f"run `chmod +x {resolved}`, or start the command with its "
                "interpreter (e.g. `python agent.py`)",
            )
        return [str(resolved), *argv[1:]]
    if shutil.which(program, path=env.get("PATH")) is None:
        raise ConfigError(
            f"the agent command {program!r} was not found on the PATH",
            hint="install it, give its full path, or add its folder to PATH",
        )
    return argv
