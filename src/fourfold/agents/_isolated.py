"""``isolation: process``: a ``python`` agent run in worker processes, one trial each at once.

In fourfold's own process an agent can end the run: ``os._exit(0)`` ends it with a success
code, a crash in a C extension ends it with no verdict, ``time.sleep`` in an ``async def``
holds the event loop until the watchdog stops the run. In a worker process, each of these
ends (or freezes) the worker alone, and the trial it was running is an errored trial
naming the case; the run goes on with a new worker.

**How the workers are made.** Each worker is a fresh interpreter, ``python -m
fourfold.agents._worker``, started with asyncio's subprocess support and talking
length-prefixed JSON over its own stdin and stdout (see `fourfold.agents._worker`). Not
`concurrent.futures.ProcessPoolExecutor`: one dead worker breaks that pool, failing every
trial in flight, and a task cannot be stopped at its timeout. Not `multiprocessing`
either: its spawn and forkserver methods import the caller's ``__main__`` again in each
worker (a script calling `fourfold.run` without a ``__main__`` guard then fails), and its
connections block, so each would need a thread beside the event loop. A plain process is
what the ``command`` adapter already runs: killed with its whole process group at the
timeout, reaped by asyncio, with nothing shared but the two pipes. Forking from fourfold
is ruled out for the usual reason: the parent has threads (daemon agent threads, the
progress bar, the watchdog), and a fork copies their locks, held or not.

**The pool.** Workers start when a trial needs one and none is idle, so the pool grows to
the run's concurrency; each runs one trial at a time and is reused. The first is started
by `start`, before the run is stored: an agent whose module cannot be imported is bad
input (exit 2), and its import runs in the worker, so not even the import touches
fourfold's process. A worker that times out is killed with everything it started and
replaced at the next trial; one that dies is replaced the same way.

What a worker does not share: module globals and caches are per worker (each imports the
agent's module once), and a trial killed at its timeout keeps only the case's input, as
its recording was in the worker.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any

from ..cases import Case
from ..errors import AgentError, ConfigError, TraceFormatError
from ..trace import Trace
from ._process import release
from ._recorder import Recorder
from ._trial import Adapter
from ._worker import frame

__all__ = ["ProcessAgent"]

_WORKER_GRACE_S = 5.0
"""A worker's own timeout is this much longer than fourfold's, which kills it first."""
_START_TIMEOUT_S = 120.0
"""How long a worker may take to import the agent, at least."""
_CLOSE_GRACE_S = 2.0
"""How long an idle worker gets to exit once told to, before it is killed."""
_HEADER_SIZE = 4


class ProcessAgent(Adapter):
    """Calls a ``module:function`` agent in worker processes (see the module docstring).

    Args:
        spec: the agent, ``module:function``.
        path: folders for the import path, relative to `base_dir`.
        base_dir: the suite's folder.
        timeout: seconds a trial may take; then its worker is killed.
    """

    def __init__(self, spec: str, *, path: list[str], base_dir: Path, timeout: float) -> None:
        self.name = spec
        self.timeout = timeout
        self._init = {
            "python": spec,
            "path": list(path),
            "base_dir": str(base_dir),
            "timeout": timeout + _WORKER_GRACE_S,
        }
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()

    @property
    def workers(self) -> int:
        """Worker processes alive now (idle or running a trial)."""
        return len(self._idle) + len(self._busy)

    async def start(self) -> None:
        """Start the first worker: the agent's module is imported there.

        Raises:
            ConfigError: the module cannot be imported, the function is not there or
                cannot be called as an agent, or the worker ended while importing it.
        """
        if not self._idle and not self._busy:
            self._idle.append(await self._spawn())

    async def attempt(self, case: Case, *, seed: int, repeat: int, rec: Recorder) -> Trace:
        """Run the trial in an idle worker (a new one when none is idle)."""
        if self._idle:
            worker = self._idle.pop()
        else:
            try:
                worker = await self._spawn()
            except ConfigError as exc:  # the module changed on disk since the run started
                raise AgentError(f"a new worker for agent {self.name} failed: {exc}") from exc
        self._busy.add(worker)
        try:
            reply = await worker.ask(
                {"case": case.model_dump(mode="json"), "seed": seed, "repeat": repeat},
                timeout=self.timeout,
            )
        except TimeoutError:
            await worker.kill()
            raise AgentError(
                f"agent {self.name} did not finish within the timeout of {self.timeout:g}s; "
                "its worker process was killed (raise agent.timeout in the suite if it "
                "needs longer)"
            ) from None
        except _BadReply as bad:
            await worker.kill()
            raise AgentError(
                f"agent {self.name}'s worker process answered with something that is not a "
                f"reply ({bad}): code in the worker wrote on its reply pipe; the worker was "
                "replaced"
            ) from None
        except _WorkerEnded as ended:
            await worker.kill()
            raise AgentError(
                f"agent {self.name}'s worker process {ended.how} while running case "
                f"{case.id} (repeat {repeat}): the agent, or code it called, ended the process "
                "(os._exit, a crash, a signal); the worker was replaced"
            ) from None
        except BaseException:  # cancelled (Ctrl-C): the trial is abandoned with its worker
            await worker.kill()
            raise
        finally:
            self._busy.discard(worker)
        try:
            trace = Trace.from_json(reply["trace"])
        except (KeyError, TypeError, TraceFormatError) as exc:  # not the worker's protocol
            await worker.kill()
            raise AgentError(
                f"agent {self.name}'s worker process answered with something that is not a "
                f"trace ({type(exc).__name__}: {exc}); the worker was replaced"
            ) from exc
        self._idle.append(worker)
        return trace

    async def aclose(self) -> None:
        """Tell idle workers to exit, and kill the ones that do not (or are busy)."""
        idle, self._idle = self._idle, []
        busy, self._busy = self._busy, set()
        await asyncio.gather(*(w.close() for w in idle), *(w.kill() for w in busy))

    async def _spawn(self) -> _Worker:
        env = dict(os.environ)
        # The worker imports fourfold from where this process did, installed or not.
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "fourfold.agents._worker",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=env,
            start_new_session=True,
        )
        worker = _Worker(proc)
        try:
            reply = await worker.ask(self._init, timeout=max(_START_TIMEOUT_S, self.timeout))
        except TimeoutError:
            await worker.kill()
            raise ConfigError(
                f"agent {self.name}'s worker process was not ready within "
                f"{max(_START_TIMEOUT_S, self.timeout):g}s: importing the module takes too "
                "long, or hangs",
                hint="make the module import quickly (load models lazily, on the first call)",
            ) from None
        except _BadReply as bad:
            await worker.kill()
            raise ConfigError(
                f"agent {self.name}'s worker process answered its start with something that "
                f"is not a reply ({bad})",
                hint="the agent's module must not write on the worker's replies at import",
            ) from None
        except _WorkerEnded as ended:
            await worker.kill()
            raise ConfigError(
                f"agent {self.name}'s worker process {ended.how} while importing the agent, "
                "before it was ready (the module ends the process on import: os._exit, a "
                "crash)",
                hint=f"check that `python -c 'import {self.name.partition(':')[0]}'` works",
            ) from None
        except BaseException:
            await worker.kill()
            raise
        if "error" in reply:
            await worker.close()
            raise ConfigError(str(reply["error"]), hint=reply.get("hint"))
        return worker


class _BadReply(Exception):
    """The worker wrote something that is not a reply (user code wrote on its pipe)."""


class _WorkerEnded(Exception):
    """The worker's output ended before its reply: it exited or was killed."""

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


class _Worker:
    """One worker process and the two pipes fourfold talks to it on."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        assert proc.stdin is not None and proc.stdout is not None
        self._requests = proc.stdin
        self._replies = proc.stdout

    async def ask(self, message: dict[str, Any], *, timeout: float) -> dict[str, Any]:
        """Send one request and read its reply.

        Raises:
            TimeoutError: no reply within `timeout` seconds.
            _WorkerEnded: the worker ended first.
        """
        return await asyncio.wait_for(self._exchange(message), timeout)

    async def _exchange(self, message: dict[str, Any]) -> dict[str, Any]:
        try:
            self._requests.write(frame(message))
            await self._requests.drain()
            header = await self._replies.readexactly(_HEADER_SIZE)
            body = await self._replies.readexactly(int.from_bytes(header, "big"))
        except (asyncio.IncompleteReadError, ConnectionError, BrokenPipeError):
            raise _WorkerEnded(await self._how_it_ended()) from None
        try:
            reply = json.loads(body)
        except ValueError as exc:
            raise _BadReply(f"not JSON: {exc}") from None
        if not isinstance(reply, dict):
            raise _BadReply(f"a JSON {type(reply).__name__}, not an object")
        return reply

    async def _how_it_ended(self) -> str:
        try:
            code = await asyncio.wait_for(self.proc.wait(), _CLOSE_GRACE_S)
        except TimeoutError:
            return "closed its output"
        if code < 0:
            try:
                return f"was killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"was killed by signal {-code}"
        return f"exited with status {code}"

    async def close(self) -> None:
        """Close its stdin (it exits at the end of its input), then make sure it is gone."""
        self._requests.close()
        try:
            await asyncio.wait_for(self.proc.wait(), _CLOSE_GRACE_S)
        except TimeoutError:
            pass
        await release(self.proc)

    async def kill(self) -> None:
        """Kill it and everything it started."""
        await release(self.proc)
