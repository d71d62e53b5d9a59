"""What every importer shares: the `ImportedTrace` result and the spans-to-trace assembly.

A span convention (OpenTelemetry GenAI, OpenInference) only says what one span *is*: an
agent run, a model call, a tool execution or a retrieval (a `Step`). Turning the steps of
one trace into a `Trace` is the same for every convention, and is done here by `assemble`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..cases import Case
from ..trace import Passage, ToolCall, Trace, Usage
from ._messages import Msg, result_text, try_json
from ._spans import Span, SpanBatch

__all__ = [
    "AgentRun",
    "ImportedTrace",
    "ModelCall",
    "Retrieval",
    "Step",
    "ToolRun",
    "assemble",
    "assemble_all",
    "calls_from_messages",
    "final_answer",
]


class ImportedTrace(BaseModel):
    """One trace read from recorded traffic, with the case it answers.

    `replay_line` gives the line of a replay file (``agent: {replay: file.jsonl}``), so
    imported traffic is evaluated with the same checks and judges as a live run.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)

    trace_id: str
    """The trace's id in its source (an OpenTelemetry trace id, ``tau-bench:3:1``...)."""
    case_id: str
    """The case this trace answers (the trace id for production traffic, ``task-3`` for a
    τ-bench task)."""
    repeat: int = 0
    """Which repeat of the case it is (the τ-bench trial)."""
    trace: Trace
    """The trace."""
    input: str | None = None
    """What the user asked: the first user message."""
    metadata: dict[str, Any] = Field(default_factory=dict)
    """Where it came from: source format, service name, framework, model, reward..."""
    case: Case | None = None
    """The case, when the source defines one (a τ-bench task); None for production traffic,
    whose case is derived from the input by `to_case`."""

    def to_case(self) -> Case:
        """The case this trace answers: `case`, else one whose input is the first user message.

        Raises:
            ValueError: there is no case and the trace holds no user message.
        """
        if self.case is not None:
            return self.case
        if self.input is None:
            raise ValueError(f"trace {self.trace_id} holds no user message to make a case from")
        return Case(id=self.case_id, input=self.input, metadata={"trace_id": self.trace_id})

    def replay_line(self) -> dict[str, Any]:
        """The trace as one line of a replay file, with the case's fields when known."""
        line: dict[str, Any] = {
            "case_id": self.case_id,
            "repeat": self.repeat,
            "trace": self.trace.model_dump(mode="json"),
        }
        if self.case is not None:
            fields = self.case.model_dump(
                mode="json",
                include={"input", "context", "expected", "focus", "ground_truth", "strata", "tags"},
                exclude_defaults=True,
            )
            line.update(fields)
        elif self.input is not None:
            line["input"] = self.input
        return line


@dataclass
class ModelCall:
    """A span that called a model: what went in, what came out, what it cost."""

    span: Span
    inputs: list[Msg]
    outputs: list[Msg]
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = None
    model: str | None = None
    provider: str | None = None


@dataclass
class ToolRun:
    """A span that executed a tool."""

    span: Span
    call: ToolCall


@dataclass
class Retrieval:
    """A span that retrieved passages."""

    span: Span
    passages: list[Passage]


@dataclass
class AgentRun:
    """A span that ran an agent: the run a trace is about, when it is the root."""

    span: Span
    inputs: list[Msg] = field(default_factory=list)
    outputs: list[Msg] = field(default_factory=list)
    output_value: Any = None
    """The run's output when it is not given as messages (a string, or JSON)."""
    name: str | None = None
    model: str | None = None


Step = ModelCall | ToolRun | Retrieval | AgentRun
Interpret = Callable[[Span], "Step | None"]

_MISSING: Any = object()


def assemble_all(batch: SpanBatch, interpret: Interpret, *, source: str) -> list[ImportedTrace]:
    """One `ImportedTrace` per trace id in `batch`, in order of first appearance."""
    return [
        assemble(
            trace_id,
            spans,
            interpret,
            source=source,
            final_output=batch.final_outputs.get(trace_id, _MISSING),
        )
        for trace_id, spans in batch.traces().items()
    ]


class _Conversation:
    """Messages in order, merging histories that repeat what is already there."""

    def __init__(self) -> None:
        self.messages: list[Msg] = []
        self._keys: list[tuple[Any, ...]] = []
        self._counts: Counter[tuple[Any, ...]] = Counter()

    def append(self, msg: Msg) -> None:
        self.insert(len(self.messages), msg, msg.key())

    def insert(self, index: int, msg: Msg, key: tuple[Any, ...]) -> None:
        self.messages.insert(index, msg)
        self._keys.insert(index, key)
        self._counts[key] += 1

    def has(self, key: tuple[Any, ...]) -> bool:
        return self._counts[key] > 0

    def merge(self, history: Iterable[Msg]) -> None:
        """Add the messages of `history` not already here.

        A model call's input repeats the conversation so far; only what is new is added,
        where the history puts it (a system prompt first seen in a later call still comes
        first). A history with nothing in common follows what is already here.
        """
        keyed = [(msg, msg.key()) for msg in history]
        if not any(self._counts[key] for _, key in keyed):
            for msg, key in keyed:
                self.insert(len(self.messages), msg, key)
            return
        seen: Counter[tuple[Any, ...]] = Counter()
        cursor = 0
        for msg, key in keyed:
            seen[key] += 1
            if seen[key] > self._counts[key]:
                self.insert(cursor, msg, key)
                cursor += 1
            else:
                cursor = self._index_of(key, seen[key]) + 1

    def _index_of(self, key: tuple[Any, ...], nth: int) -> int:
        count = 0
        for i, known in enumerate(self._keys):
            if known == key:
                count += 1
                if count == nth:
                    return i
        return len(self._keys) - 1

    def open_request(self, name: str) -> str | None:
        """The id of the latest request of tool `name` not answered yet."""
        answered = {m.tool_call_id for m in self.messages if m.role == "tool"}
        for msg in reversed(self.messages):
            for req in msg.tool_calls:
                if req.name == name and req.id and req.id not in answered:
                    return req.id
        return None


def assemble(
    trace_id: str,
    spans: list[Span],
    interpret: Interpret,
    *,
    source: str,
    final_output: Any = _MISSING,
) -> ImportedTrace:
    """Build the trace of one trace id's spans.

    The root (the top agent-run span, else the longest span without a parent) gives the
    latency, the error and the final output; model calls give the messages and usage; tool
    spans give the tool calls, in start order (when there are none, the tool calls are read
    from the messages); retrieval spans give the passages.
    """
    ordered = sorted(spans, key=lambda s: s.sort_key)
    steps = {id(s): interpret(s) for s in ordered}
    by_id = {s.span_id: s for s in ordered}
    root = _root(ordered, steps, by_id)
    agent = steps[id(root)] if isinstance(steps[id(root)], AgentRun) else None
    assert agent is None or isinstance(agent, AgentRun)

    conv = _Conversation()
    if agent is not None:
        conv.merge(agent.inputs)
    tool_calls: list[ToolCall] = []
    passages: list[Passage] = []
    input_tokens = output_tokens = turns = 0
    cost: float | None = None
    models: list[str] = []
    providers: list[str] = []
    for span in ordered:
        step = steps[id(span)]
        if isinstance(step, ModelCall):
            if _inside_model_call(span, steps, by_id):
                continue  # a wrapper's child repeats the same call: count it once
            conv.merge(step.inputs)
            for msg in step.outputs:
                conv.append(msg)
            turns += 1
            input_tokens += step.input_tokens
            output_tokens += step.output_tokens
            if step.cost_usd is not None:
                cost = (cost or 0.0) + step.cost_usd
            if step.model:
                models.append(step.model)
            if step.provider:
                providers.append(step.provider)
        elif isinstance(step, ToolRun):
            call = step.call
            if call.id is None:
                borrowed = conv.open_request(call.name)
                if borrowed is not None:
                    call = call.model_copy(update={"id": borrowed})
            tool_calls.append(call)
            if call.id is None or not conv.has(("tool", call.id)):
                conv.append(
                    Msg(
                        role="tool",
                        content=result_text(call.result if call.error is None else call.error),
                        name=call.name,
                        tool_call_id=call.id,
                        result=call.result,
                    )
                )
        elif isinstance(step, Retrieval):
            passages.extend(step.passages)
    if agent is not None:
        conv.merge(agent.outputs)
    _name_tool_messages(conv.messages)
    if not tool_calls:
        tool_calls = [call for call, _ in calls_from_messages(conv.messages)]

    output, structured = _final(final_output, agent, conv.messages)
    latency = root.duration_s
    if latency is None:
        starts = [s.start_ns for s in ordered if s.start_ns is not None]
        ends = [s.end_ns for s in ordered if s.end_ns is not None]
        latency = (max(ends) - min(starts)) / 1e9 if starts and ends else None
    first_user = next((m.content for m in conv.messages if m.role == "user" and m.content), None)
    model = (agent.model if agent else None) or (models[0] if models else None)
    metadata = _clean(
        {
            "source": source,
            "trace_id": trace_id,
            "service_name": root.resource.get("service.name"),
            "framework": _framework(ordered),
            "agent_name": agent.name if agent else None,
            "model": model,
            "provider": providers[0] if providers else None,
            "spans": len(ordered),
        }
    )
    trace = Trace(
        messages=[m.to_message() for m in conv.messages],
        tool_calls=tool_calls,
        passages=passages,
        output=output,
        structured=structured,
        usage=Usage(input_tokens=input_tokens, output_tokens=output_tokens, cost_usd=cost),
        latency_s=latency,
        turns=turns or None,
        error=root.error,
        metadata=metadata,
    )
    return ImportedTrace(
        trace_id=trace_id,
        case_id=trace_id,
        trace=trace,
        input=first_user,
        metadata=metadata,
    )


def calls_from_messages(messages: list[Msg]) -> list[tuple[ToolCall, Msg | None]]:
    """The tool calls the assistant messages request, each with the message answering it.

    A tool message answers the call with its id, else the next unanswered call in order.
    """
    calls: list[ToolCall] = []
    answers: list[Msg | None] = []
    by_id: dict[str, int] = {}
    waiting: list[int] = []
    for msg in messages:
        if msg.role == "assistant":
            for req in msg.tool_calls:
                index = len(calls)
                calls.append(ToolCall(name=req.name, arguments=req.arguments, id=req.id))
                answers.append(None)
                if req.id:
                    by_id[req.id] = index
                else:
                    waiting.append(index)
        elif msg.role == "tool":
            found = by_id.pop(msg.tool_call_id, None) if msg.tool_call_id else None
            if found is None and msg.tool_call_id is None and waiting:
                found = waiting.pop(0)
            if found is None:
                continue
            result = msg.result if msg.result is not None else msg.content
            calls[found] = calls[found].model_copy(update={"result": result})
            answers[found] = msg
    return list(zip(calls, answers, strict=True))


def final_answer(text: Any) -> tuple[str | None, Any]:
    """An answer as (text, structured): JSON objects and arrays are kept parsed too."""
    if text is None:
        return None, None
    if not isinstance(text, str):
        return None, text
    parsed = try_json(text)
    return text, parsed if isinstance(parsed, dict | list) else None


def _final(
    final_output: Any, agent: AgentRun | None, messages: list[Msg]
) -> tuple[str | None, Any]:
    if final_output is not _MISSING and final_output is not None:
        return final_answer(final_output)
    if agent is not None:
        said = [m.content for m in agent.outputs if m.role == "assistant" and m.content]
        if said:
            return final_answer(said[-1])
    last = next(
        (m.content for m in reversed(messages) if m.role == "assistant" and m.content), None
    )
    if last is not None:
        return final_answer(last)
    if agent is not None and agent.output_value is not None:
        value = agent.output_value
        return final_answer(value if isinstance(value, str) else json.dumps(value))
    return None, None


def _root(ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]) -> Span:
    agents = [s for s in ordered if isinstance(steps[id(s)], AgentRun)]
    top = [s for s in agents if s.parent_id is None or s.parent_id not in by_id]
    if top or agents:
        return (top or agents)[0]
    parentless = [s for s in ordered if s.parent_id is None or s.parent_id not in by_id]
    candidates = parentless or ordered
    return max(candidates, key=lambda s: (s.duration_s or 0.0, -s.order))


def _inside_model_call(span: Span, steps: dict[int, Step | None], by_id: dict[str, Span]) -> bool:
    seen = {span.span_id}
    parent = by_id.get(span.parent_id) if span.parent_id else None
    while parent is not None and parent.span_id not in seen:
        if isinstance(steps[id(parent)], ModelCall):
            return True
        seen.add(parent.span_id)
        parent = by_id.get(parent.parent_id) if parent.parent_id else None
    return False


def _name_tool_messages(messages: list[Msg]) -> None:
    names = {req.id: req.name for m in messages for req in m.tool_calls if req.id}
    for msg in messages:
        if msg.role == "tool" and msg.name is None and msg.tool_call_id in names:
            msg.name = names[msg.tool_call_id]


def _framework(spans: list[Span]) -> str | None:
    for span in spans:
        if span.scope:
            return span.scope
    for span in spans:
        if "any_agent.version" in span.attributes:
            return "any-agent"
    return None


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if v is not None and v != ""}
