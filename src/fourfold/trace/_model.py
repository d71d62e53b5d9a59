"""The trace: everything one execution of an agent did, the unit every check reads."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
)

from ..errors import TraceFormatError

__all__ = [
    "TRACE_SCHEMA_VERSION",
    "Message",
    "Passage",
    "ToolCall",
    "ToolRequest",
    "Trace",
    "Usage",
]

TRACE_SCHEMA_VERSION = 1
"""Version of the JSON form of `Trace`; bumped on an incompatible change (see `from_json`)."""

Role = Literal["system", "user", "assistant", "tool"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ToolRequest(_Model):
    """A tool call an assistant turn asked for, as the model wrote it in its reply.

    What the turn *requested*, on its `Message.tool_calls`; what ran, with its result, is
    the trace's `ToolCall` of the same id.
    """

    id: str | None = None
    """The call id, as the agent's framework wrote it (None when it gave none); the
    ``tool`` message answering the call carries it as its ``tool_call_id``."""
    name: str
    """The tool's name."""
    arguments: dict[str, Any] = Field(default_factory=dict)
    """The arguments the model gave (a JSON object)."""


class Message(_Model):
    """One message of a conversation.

    Examples:
        >>> turn = Message(role="assistant", tool_calls=[ToolRequest(id="c1", name="refund")])
        >>> [r.id for r in turn.tool_calls]
        ['c1']
        >>> Message(role="user", content="Hi").model_dump()  # no requests: no key
        {'role': 'user', 'content': 'Hi', 'name': None, 'tool_call_id': None}
    """

    role: Role
    """Who sent it: ``system``, ``user``, ``assistant`` or ``tool``."""
    content: str | None = None
    """The text of the message (None for an assistant turn that only calls tools)."""
    name: str | None = None
    """For a ``tool`` message, the tool's name."""
    tool_call_id: str | None = None
    """For a ``tool`` message, the id of the call it answers."""
    tool_calls: list[ToolRequest] = Field(default_factory=list, exclude_if=lambda calls: not calls)
    """For an ``assistant`` message, the tool calls that turn requested, in the order the
    model wrote them (empty: it requested none, or the trace does not say). Written only when
    not empty, so a message without requested calls serialises (and hashes, in a trace or a
    case's input, and exports) exactly as before the field."""


class ToolCall(_Model):
    """One call of a tool by the agent, with what came back."""

    name: str | None = None
    """The tool's name; None when the trace does not name the tool (an imported span that
    records a call's arguments and result but no tool's name, as MLflow's smolagents
    autolog writes its tool spans): no name is made up for it. A call with no name is the
    call of no tool a check names (each trajectory check says what it decides then), and
    is shown as `display_name`."""
    arguments: dict[str, Any] = Field(default_factory=dict)
    """The arguments as the agent passed them (a JSON object)."""
    result: Any = None
    """What the tool returned (any JSON value)."""
    error: str | None = None
    """The error the tool raised, if it failed."""
    id: str | None = None
    """The call id, when the agent's framework assigns one."""
    started_at: datetime | None = None
    """When the call started."""
    ended_at: datetime | None = None
    """When the call returned."""

    @property
    def duration_s(self) -> float | None:
        """Seconds between start and end, when both are known."""
        if self.started_at is None or self.ended_at is None:
            return None
        return (self.ended_at - self.started_at).total_seconds()

    @property
    def display_name(self) -> str:
        """The name to show: `name`, or ``(unnamed tool)`` when the trace does not name it.

        The one place that label is written: the console, the report, the viewer, judge
        prompts and `signature` all show an unnamed call by it.

        Examples:
            >>> ToolCall(name="refund").display_name, ToolCall(name=None).display_name
            ('refund', '(unnamed tool)')
        """
        return self.name if self.name is not None else _UNNAMED_TOOL_LABEL

    def signature(self) -> str:
        """The call as one canonical string, ``name(json-arguments)``, used to spot repeats.

        An unnamed call is written with `display_name`: two unnamed calls with the same
        arguments have the same signature without being known to be calls of one tool
        (`fourfold.checks.no_loops` tells them apart).

        Examples:
            >>> ToolCall(name=None, arguments={"city": "Paris"}).signature()
            '(unnamed tool)({"city": "Paris"})'
        """
        return f"{self.display_name}({json.dumps(self.arguments, sort_keys=True, default=str)})"


_UNNAMED_TOOL_LABEL = "(unnamed tool)"


class Passage(_Model):
    """A piece of text the agent retrieved and could ground its answer in."""

    id: str
    """The passage's identifier in its source (e.g. a policy section id or a document id)."""
    text: str
    """The retrieved text."""
    source: str | None = None
    """Where it came from (an index name, a URL, a file)."""
    score: float | None = None
    """The retriever's relevance score, if any."""


class Usage(_Model):
    """Tokens and money one execution cost."""

    input_tokens: int = 0
    """Prompt tokens over all model calls."""
    output_tokens: int = 0
    """Completion tokens over all model calls."""
    cost_usd: float | None = None
    """Total cost in US dollars, when known."""
    known: bool = True
    """Whether the token counts were recorded. An imported trace whose spans carry no
    counts has ``known=False``: its zeros mean "not in the trace", not "no tokens", and
    token limits cannot be evaluated on it."""

    @model_serializer(mode="wrap")
    def _known_only_when_unknown(self, handler: SerializerFunctionWrapHandler) -> Any:
        # Written only when False, so a trace that always had its counts serialises (and
        # hashes, and exports) exactly as it did before the field existed.
        data = handler(self)
        if isinstance(data, dict) and data.get("known") is True:
            del data["known"]
        return data

    @property
    def total_tokens(self) -> int:
        """Input plus output tokens."""
        return self.input_tokens + self.output_tokens

    @property
    def recorded_tokens(self) -> int | None:
        """Input plus output tokens, or None when the trace did not record them.

        What to show and chart: an unknown count is not zero tokens.
        """
        return self.total_tokens if self.known else None


class Trace(_Model):
    """Everything one execution of an agent did.

    A trace comes from running the agent (an adapter builds it), or from recorded
    production traffic. Checks read nothing else, so anything a reviewer would want to
    see to re-derive a verdict by hand belongs here.

    Examples:
        >>> t = Trace(output="Your refund is on its way.", tool_calls=[ToolCall(name="refund")])
        >>> t.tool_names
        ['refund']
        >>> Trace.from_json(t.to_json()) == t
        True
    """

    schema_version: int = TRACE_SCHEMA_VERSION
    """Version of this JSON form."""
    messages: list[Message] = Field(default_factory=list)
    """The conversation, in order, including the user's input and the agent's replies."""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    """Every tool call, in the order they were made."""
    passages: list[Passage] = Field(default_factory=list)
    """Every passage retrieved during the execution."""
    output: str | None = None
    """The final answer as text."""
    structured: Any = None
    """The final answer as structured JSON, when the agent returns one."""
    usage: Usage = Field(default_factory=Usage)
    """Tokens and cost."""
    latency_s: float | None = None
    """Wall-clock seconds from input to final output."""
    turns: int | None = None
    """Agent turns (model calls); when None, counted from assistant messages."""
    error: str | None = None
    """Why the execution failed, if it did; a trace with an error is an errored trial."""
    metadata: dict[str, Any] = Field(default_factory=dict)
    """Anything else worth keeping (model name, agent version, request ids)."""

    @property
    def tool_names(self) -> list[str | None]:
        """Names of the tools called, in order (None for a call the trace does not name)."""
        return [c.name for c in self.tool_calls]

    @property
    def turn_count(self) -> int:
        """`turns` when given, else the number of assistant messages."""
        if self.turns is not None:
            return self.turns
        return sum(1 for m in self.messages if m.role == "assistant")

    @property
    def text(self) -> str:
        """The final answer as text: `output`, else the JSON of `structured`, else ``""``."""
        if self.output is not None:
            return self.output
        if self.structured is not None:
            return json.dumps(self.structured, ensure_ascii=False)
        return ""

    def to_json(self) -> str:
        """The versioned JSON form (one line)."""
        return self.model_dump_json(exclude_defaults=False)

    @classmethod
    def from_json(cls, data: str | bytes | dict[str, Any]) -> Trace:
        """Parse the JSON form, upgrading older schema versions.

        Raises:
            TraceFormatError: the data is not a trace, or comes from a newer fourfold.
        """
        try:
            raw: Any = json.loads(data) if isinstance(data, str | bytes) else data
        except json.JSONDecodeError as exc:
            raise TraceFormatError(f"trace is not valid JSON: {exc}") from exc
        if not isinstance(raw, dict):
            raise TraceFormatError(f"a trace must be a JSON object, got {type(raw).__name__}")
        version = raw.get("schema_version", TRACE_SCHEMA_VERSION)
        if not isinstance(version, int) or version > TRACE_SCHEMA_VERSION:
            raise TraceFormatError(
                f"trace schema_version {version!r} is newer than this fourfold understands "
                f"({TRACE_SCHEMA_VERSION}); upgrade fourfold"
            )
        try:
            return cls.model_validate(raw)
        except ValidationError as exc:
            raise TraceFormatError(f"not a valid trace: {_first_error(exc)}") from exc


def _first_error(exc: ValidationError) -> str:
    errs = exc.errors()
    first = errs[0]
    loc = ".".join(str(p) for p in first["loc"]) or "(root)"
    more = f" (and {len(errs) - 1} more)" if len(errs) > 1 else ""
    return f"{loc}: {first['msg']}{more}"
