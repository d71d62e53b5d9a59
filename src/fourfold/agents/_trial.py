"""What every adapter shares: timing trials, errored traces, reading returned traces."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from typing import Any

from pydantic_core import PydanticSerializationError, to_jsonable_python

from ..cases import Case
from ..errors import AgentError, TraceFormatError
from ..trace import Trace, Usage, storable_trace
from ._recorder import Recorder

__all__ = ["Adapter", "merge_trace", "request_body", "tail", "trace_from_json"]


class Adapter(ABC):
    """The part of every adapter that is not about reaching the agent.

    A subclass implements `attempt`, which raises `AgentError` when the agent fails;
    `run` turns that into a trace with ``error`` set, keeping what the recorder holds.
    """

    #: Set the wall-clock latency on traces that lack one (off for replayed traces,
    #: whose lookup time says nothing about the agent).
    measure_latency: bool = True

    async def run(self, case: Case, *, seed: int, repeat: int) -> Trace:
        """Run one trial; never raises for a failure of the agent (see `Agent.run`)."""
        rec = Recorder(case, seed=seed, repeat=repeat)
        start = time.perf_counter()
        try:
            trace = await self.attempt(case, seed=seed, repeat=repeat, rec=rec)
        except AgentError as exc:
            trace = rec.to_trace().model_copy(update={"error": str(exc)})
        if trace.latency_s is None and self.measure_latency:
            trace = trace.model_copy(update={"latency_s": time.perf_counter() - start})
        return _json_safe(trace)

    @abstractmethod
    async def attempt(self, case: Case, *, seed: int, repeat: int, rec: Recorder) -> Trace:
        """Reach the agent once and return its trace.

        Raises:
            AgentError: the agent failed; the message says how.
        """

    async def start(self) -> None:  # noqa: B027 - doing nothing is the right default
        """Get ready before the first trial (start worker processes); nothing by default.

        Raises:
            ConfigError: the agent cannot start; the message says why.
        """

    async def aclose(self) -> None:  # noqa: B027 - doing nothing is the right default
        """Release what the adapter holds (nothing, unless overridden)."""


def _json_safe(trace: Trace) -> Trace:
    """Make sure the trace can be stored: a value JSON cannot hold becomes its ``str()``.

    A Python agent's tools may return any object; the store writes traces as JSON. A lone
    surrogate becomes U+FFFD, and a trace nested too deeply to write becomes an errored
    one that says so (`storable_trace`).
    """
    try:
        trace.to_json()
    except PydanticSerializationError:
        try:
            data = to_jsonable_python(trace.model_dump(mode="python"), serialize_unknown=True)
        except ValueError:  # nested deeper than the serializer follows
            return storable_trace(trace)
        return storable_trace(Trace.model_validate(data))
    return trace


def request_body(case: Case, *, seed: int, repeat: int) -> dict[str, Any]:
    """Build the JSON object a command or an HTTP agent receives."""
    return {"case": case.model_dump(mode="json"), "seed": seed, "repeat": repeat}


def trace_from_json(data: Any, *, source: str) -> Trace:
    """Read a value an agent returned (a dict or JSON text) as a trace.

    Raises:
        AgentError: it is not a trace; the message names `source` (e.g. "the command").
    """
    if not isinstance(data, dict | str | bytes):
        raise AgentError(
            f"{source} did not return a trace: a trace must be a JSON object, "
            f"got {type(data).__name__}"
        )
    try:
        return Trace.from_json(data)
    except TraceFormatError as exc:
        raise AgentError(f"{source} did not return a trace: {exc}") from exc


def merge_trace(returned: Trace, rec: Recorder) -> Trace:
    """Combine the trace an agent returned with what it recorded while running.

    The returned trace wins field by field; recorded tool calls, passages and messages fill
    in the lists it leaves empty (the recorded messages start with the case's input and
    end with the answer), recorded usage is used when the returned trace reports none
    (never added twice: a trace built with `Recorder.to_trace` already holds it), and
    recorded metadata sits under the returned metadata.
    """
    messages = returned.messages or rec.to_trace(output=returned.output).messages
    return returned.model_copy(
        update={
            "messages": messages,
            "tool_calls": returned.tool_calls or list(rec.tool_calls),
            "passages": returned.passages or list(rec.passages),
            "usage": returned.usage if returned.usage != Usage() else rec.usage,
            "turns": returned.turns if returned.turns is not None else rec.turns,
            "metadata": {**rec.metadata, **returned.metadata},
        }
    )


def tail(text: str, *, limit: int = 500) -> str:
    """Keep the last `limit` characters of `text`, stripped, marked when cut."""
    text = text.strip()
    return text if len(text) <= limit else "..." + text[-limit:]
