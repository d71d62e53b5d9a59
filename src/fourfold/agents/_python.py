"""The ``python`` adapter: an agent that is a function, called in-process."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from .._imports import find_attribute, import_user_module, split_reference
from ..cases import Case
from ..errors import AgentError, ConfigError
from ..trace import Trace
from ._recorder import Recorder
from ._threads import in_daemon_thread
from ._trial import Adapter, merge_trace, trace_from_json

__all__ = ["PythonAgent", "load_function", "parse_spec"]

# How long a timed-out async agent gets to finish its cancellation before we stop waiting.
_CANCEL_GRACE_S = 1.0


class PythonAgent(Adapter):
    """Calls ``fn(case)`` or ``fn(case, rec)`` for each trial.

    A sync function runs in a daemon thread of its own, so a hung agent neither blocks
    other trials nor keeps the process alive at exit; an async one runs on the loop.
    """

    def __init__(self, fn: Callable[..., Any], *, timeout: float, name: str) -> None:
        self.fn = fn
        self.timeout = timeout
        self.name = name
        self.wants_recorder = _wants_recorder(fn, name)
        self.is_async = _is_async(fn)

    async def attempt(self, case: Case, *, seed: int, repeat: int, rec: Recorder) -> Trace:
        """Call the function and read what it returned."""
        args = (case, rec) if self.wants_recorder else (case,)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout
        if self.is_async:
            result = await self._await(lambda: self.fn(*args), rec, deadline)
        else:
            result = await self._in_thread(args, rec, f"{case.id}#{repeat}")
            if inspect.isawaitable(result):  # e.g. a lambda or partial around a coroutine
                awaitable: Awaitable[Any] = result
                result = await self._await(lambda: awaitable, rec, deadline)
        return self._to_trace(result, rec)

    async def _await(
        self, start: Callable[[], Awaitable[Any]], rec: Recorder, deadline: float
    ) -> Any:
        async def call() -> Any:
            with rec.active():
                try:
                    return await start()
                except SystemExit as exc:
                    # A task re-raises SystemExit out of the event loop, ending the run with
                    # the agent's code; as an ordinary exception it is this trial's failure.
                    raise _Exited(exc) from exc

        task = asyncio.ensure_future(call())
        # An abandoned task's exception is of no interest; retrieve it so asyncio stays quiet.
        task.add_done_callback(lambda t: t.cancelled() or t.exception())
        try:
            remaining = deadline - asyncio.get_running_loop().time()
            done, _ = await asyncio.wait({task}, timeout=max(remaining, 0))
        except asyncio.CancelledError:
            task.cancel()
            raise
        if not done:
            task.cancel()
            # Not wait_for: an agent that swallows the cancellation must not hang the run.
            await asyncio.wait({task}, timeout=_CANCEL_GRACE_S)
            raise AgentError(self._timeout_message())
        if task.cancelled():
            raise AgentError(f"agent {self.name} was cancelled")
        exc = task.exception()
        if exc is not None:
            raise AgentError(_raised(self.name, exc)) from exc
        return task.result()

    async def _in_thread(self, args: tuple[Any, ...], rec: Recorder, label: str) -> Any:
        def call() -> Any:
            with rec.active():
                return self.fn(*args)

        future = in_daemon_thread(call, name=f"fourfold-agent {label}")
        try:
            done, _ = await asyncio.wait({future}, timeout=self.timeout)
        except asyncio.CancelledError:
            future.cancel()
            raise
        if not done:
            future.cancel()
            raise AgentError(self._timeout_message())
        exc = future.exception()
        if exc is not None:
            raise AgentError(_raised(self.name, exc)) from exc
        return future.result()

    def _timeout_message(self) -> str:
        return (
            f"agent {self.name} did not finish within the timeout of {self.timeout:g}s "
            "(raise agent.timeout in the suite if it needs longer)"
        )

    def _to_trace(self, result: Any, rec: Recorder) -> Trace:
        if isinstance(result, str):
            return rec.to_trace(output=result)
        if isinstance(result, Trace):
            return merge_trace(result, rec)
        if isinstance(result, dict):
            return merge_trace(trace_from_json(result, source=f"agent {self.name}"), rec)
        raise AgentError(
            f"agent {self.name} returned {type(result).__name__}; return a str, a dict or a Trace"
        )


class _Exited(Exception):
    """An agent's `SystemExit`, carried as an ordinary exception out of its task."""

    def __init__(self, exit: SystemExit) -> None:
        super().__init__(exit.code)
        self.exit = exit


def _raised(name: str, exc: BaseException) -> str:
    if isinstance(exc, _Exited):
        exc = exc.exit
    if isinstance(exc, SystemExit):
        return (
            f"agent {name} called sys.exit({exc.code!r}) (SystemExit); an agent returns its "
            "answer, it does not end the process"
        )
    return f"agent {name} raised {type(exc).__name__}: {exc}"


def _is_async(fn: Callable[..., Any]) -> bool:
    # An instance of a class whose __call__ is async counts too.
    return inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(type(fn).__call__)


def _wants_recorder(fn: Callable[..., Any], name: str) -> bool:
    """Whether `fn` takes ``(case, rec)`` rather than ``(case)``."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False  # a builtin without a signature: give it the case only
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return True
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = [p for p in positional if p.default is p.empty]
    required_kw = [p for p in params if p.kind is p.KEYWORD_ONLY and p.default is p.empty]
    if not positional or len(required) > 2 or required_kw:
        raise ConfigError(
            f"agent {name} has the signature {inspect.signature(fn)}, "
            "but it is called with (case) or (case, rec)",
            hint="write it as `def answer(case)` or `def answer(case, rec)`",
        )
    return len(positional) >= 2


def parse_spec(spec: str) -> tuple[str, str]:
    """Split ``module:function`` into the module and the (maybe dotted) function.

    Raises:
        ConfigError: the spec is not of that form, or names a file rather than a module.
    """
    return split_reference(
        spec,
        field="agent.python is",
        shape="module:function",
        hint="name the module and the function, e.g. 'support_agent:answer'",
    )


def load_function(spec: str, *, path: list[str], base_dir: Path) -> Callable[..., Any]:
    """Import the callable named ``module:function`` (the function may be dotted).

    The `path` entries, resolved against `base_dir`, go first on ``sys.path``.

    Raises:
        ConfigError: the spec is malformed, or the module or function cannot be found.
    """
    module_name, attr = parse_spec(spec)
    folders = [str((base_dir / p).resolve()) for p in path]
    module = import_user_module(module_name, [Path(f) for f in folders], what="module")
    found, target = find_attribute(module, attr)
    if not found:
        public = sorted(n for n, v in vars(module).items() if callable(v) and not n.startswith("_"))
        raise ConfigError(
            f"module {module_name!r} has no attribute {attr!r}",
            hint=f"callables it defines: {', '.join(public) or 'none'}",
        )
    if not callable(target):
        raise ConfigError(
            f"{spec!r} is a {type(target).__name__}, not a function",
            hint="point agent.python at the function that answers a case",
        )
    return target  # type: ignore[no-any-return]
