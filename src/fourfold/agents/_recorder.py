"""The recording API an agent written in Python uses to log what it did.

An agent receives a `Recorder` with the case. It logs tool calls and retrievals on it
(or decorates its tools with `tool`, which logs every call made while a trial runs), and
returns its answer; the adapter turns the recording and the answer into a `Trace`::

    @tool
    def lookup_account(account_id: str) -> dict: ...

    def answer(case: Case, rec: Recorder) -> str:
        account = lookup_account(case.context["account_id"])   # logged
        rec.retrieved([Passage(id="§4.2", text="Refunds within 30 days...")])
        return "..."
"""

from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any, ParamSpec, TypeVar

from ..cases import Case
from ..trace import Message, Passage, ToolCall, ToolRequest, Trace, Usage

__all__ = ["Recorder", "ToolCallHandle", "current_recorder", "tool"]

P = ParamSpec("P")
R = TypeVar("R")

_current: ContextVar[Recorder | None] = ContextVar("fourfold_recorder", default=None)


def current_recorder() -> Recorder | None:
    """The recorder of the trial running in this context, or None outside a trial."""
    return _current.get()


class ToolCallHandle:
    """A tool call in progress: set `result` (or let an exception become its error)."""

    def __init__(self, name: str, arguments: dict[str, Any]) -> None:
        self.name = name
        self.arguments = arguments
        self.result: Any = None


class Recorder:
    """Collects what one trial of an agent did.

    Attributes:
        case: the case being run.
        seed: the run's seed.
        repeat: which repeat of the case this is (0-based).
        rng: a `random.Random` seeded from the seed, the case id and the repeat, so a
            simulated or sampling agent is reproducible for a seed yet varies across repeats.
    """

    def __init__(self, case: Case, *, seed: int = 0, repeat: int = 0) -> None:
        self.case = case
        self.seed = seed
        self.repeat = repeat
        self._rng_seed = f"{seed}:{case.id}:{repeat}"
        self._rng: random.Random | None = None
        self.tool_calls: list[ToolCall] = []
        self.passages: list[Passage] = []
        self.messages: list[Message] = list(case.messages)
        self.usage = Usage()
        self.turns: int | None = None
        self.metadata: dict[str, Any] = {}

    @property
    def rng(self) -> random.Random:
        """The trial's `random.Random`, made on first use: the same sequence whenever made.

        Seeding one is not free, and most agents never draw.
        """
        if self._rng is None:
            self._rng = random.Random(self._rng_seed)
        return self._rng

    @rng.setter
    def rng(self, rng: random.Random) -> None:
        self._rng = rng

    def tool_call(
        self,
        name: str,
        arguments: dict[str, Any] | None = None,
        *,
        result: Any = None,
        error: str | None = None,
        started_at: datetime | None = None,
        ended_at: datetime | None = None,
    ) -> ToolCall:
        """Log a finished tool call."""
        call = ToolCall(
            name=name,
            arguments=dict(arguments or {}),
            result=result,
            error=error,
            started_at=started_at,
            ended_at=ended_at,
            id=f"call_{len(self.tool_calls)}",
        )
        self.tool_calls.append(call)
        return call

    @contextmanager
    def tool(self, name: str, **arguments: Any) -> Iterator[ToolCallHandle]:
        """Log a tool call around a block, with its timing; an exception becomes its error."""
        handle = ToolCallHandle(name, arguments)
        start = datetime.now(UTC)
        try:
            yield handle
        except Exception as exc:
            self.tool_call(
                name,
                arguments,
                error=f"{type(exc).__name__}: {exc}",
                started_at=start,
                ended_at=datetime.now(UTC),
            )
            raise
        self.tool_call(
            name, arguments, result=handle.result, started_at=start, ended_at=datetime.now(UTC)
        )

    def retrieved(self, passages: Iterable[Passage | dict[str, Any]]) -> None:
        """Log retrieved passages (`Passage` objects or dicts with id, text, source)."""
        for p in passages:
            self.passages.append(p if isinstance(p, Passage) else Passage.model_validate(p))

    def message(
        self, role: str, content: str | None, *, tool_calls: Sequence[ToolRequest] = ()
    ) -> None:
        """Log a message of the conversation (the case's input is already logged).

        For an assistant turn, `tool_calls` are the calls it requested, in order (log each
        call's execution with `tool_call`, or let `tool` log it).
        """
        data: dict[str, Any] = {"role": role, "content": content}
        if tool_calls:
            data["tool_calls"] = list(tool_calls)
        self.messages.append(Message.model_validate(data))

    def add_usage(
        self, *, input_tokens: int = 0, output_tokens: int = 0, cost_usd: float | None = None
    ) -> None:
        """Add the tokens and cost of one model call."""
        cost = self.usage.cost_usd
        if cost_usd is not None:
            cost = (cost or 0.0) + cost_usd
        self.usage = Usage(
            input_tokens=self.usage.input_tokens + input_tokens,
            output_tokens=self.usage.output_tokens + output_tokens,
            cost_usd=cost,
        )

    def to_trace(self, output: str | None = None, structured: Any = None) -> Trace:
        """The recording as a trace, with the final answer."""
        messages = list(self.messages)
        if output is not None and not (messages and messages[-1].role == "assistant"):
            messages.append(Message(role="assistant", content=output))
        return Trace(
            messages=messages,
            tool_calls=list(self.tool_calls),
            passages=list(self.passages),
            output=output,
            structured=structured,
            usage=self.usage,
            turns=self.turns,
            metadata=dict(self.metadata),
        )

    @contextmanager
    def active(self) -> Iterator[Recorder]:
        """Make this the current recorder (what `tool` and `current_recorder` see)."""
        token = _current.set(self)
        try:
            yield self
        finally:
            _current.reset(token)


def tool(fn: Callable[P, R]) -> Callable[P, R]:
    """Decorate a tool function so every call made during a trial is logged.

    Outside a trial the function runs as usual and nothing is logged. Positional
    arguments are logged under their parameter names. Async tools are logged when
    awaited, with the awaited result and timing.
    """
    signature = inspect.signature(fn)

    if inspect.iscoroutinefunction(fn):

        @functools.wraps(fn)
        async def async_wrapper(*args: Any, **kwargs: Any) -> Any:
            rec = _current.get()
            if rec is None:
                return await fn(*args, **kwargs)
            bound = signature.bind_partial(*args, **kwargs)
            with rec.tool(fn.__name__, **bound.arguments) as call:
                call.result = await fn(*args, **kwargs)
            return call.result

        return async_wrapper  # type: ignore[return-value]

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        rec = _current.get()
        if rec is None:
            return fn(*args, **kwargs)
        bound = signature.bind_partial(*args, **kwargs)
        with rec.tool(fn.__name__, **bound.arguments) as call:
            call.result = fn(*args, **kwargs)
        return call.result  # type: ignore[no-any-return]

    return wrapper
