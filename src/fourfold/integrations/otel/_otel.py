"""OpenTelemetry GenAI spans (and any-agent's span dumps) into fourfold traces.

What each span is comes from ``gen_ai.operation.name``, else the first word of its name:

- ``invoke_agent`` / ``invoke_workflow``: the agent run; the root one gives latency, error,
  and (``gen_ai.output.messages``) the final answer;
- ``chat``, ``text_completion``, ``generate_content`` (and any-agent's ``call_llm``): a model
  call; messages from ``gen_ai.system_instructions``, ``gen_ai.input.messages`` and
  ``gen_ai.output.messages`` (OpenAI-style or "parts"), else the deprecated ``gen_ai.prompt`` /
  ``gen_ai.completion`` (JSON or flattened), else any-agent's ``gen_ai.output``; usage from
  ``gen_ai.usage.input_tokens/output_tokens`` (and the older ``prompt_tokens/completion_tokens``),
  cost from any-agent's ``gen_ai.usage.input_cost/output_cost``;
- ``execute_tool``: a tool call; arguments from ``gen_ai.tool.call.arguments`` (any-agent:
  ``gen_ai.tool.args``), result from ``gen_ai.tool.call.result`` (any-agent: ``gen_ai.output``),
  error from the span's status;
- ``retrieval``: passages from ``gen_ai.retrieval.documents`` (``id``, ``score``, ``content``),
  source ``gen_ai.data_source.id``.

Embeddings and other operations are not part of a trace.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...trace import Passage, ToolCall
from .._common import AgentRun, ImportedTrace, ModelCall, Retrieval, Step, ToolRun, assemble_all
from .._messages import (
    Msg,
    ToolRequest,
    parse_arguments,
    parse_messages,
    result_text,
    result_value,
    try_json,
)
from .._spans import Span, documents_of, indexed, ns_to_datetime, read_spans

__all__ = ["from_otel", "interpret_otel"]

_MODEL_OPS = frozenset({"chat", "text_completion", "generate_content", "call_llm", "completion"})
_AGENT_OPS = frozenset({"invoke_agent", "invoke_workflow"})
_KNOWN_OPS = _MODEL_OPS | _AGENT_OPS | {"execute_tool", "retrieval"}


def from_otel(data: str | Path | Any) -> list[ImportedTrace]:
    """Import OpenTelemetry GenAI traces.

    Args:
        data: a file (OTLP JSON, a span dump such as any-agent's, or JSONL with one span,
            dump or OTLP request per line), or the parsed JSON of one.

    Returns:
        One imported trace per trace id, in order of first appearance; its case id is the
        trace id.

    Raises:
        ConfigError: the file is missing or malformed (names the file, and the line of a
            JSONL file), or holds no spans.

    Examples:
        >>> span = {"name": "chat gpt-4o", "attributes": {
        ...     "gen_ai.operation.name": "chat", "gen_ai.usage.input_tokens": 12,
        ...     "gen_ai.input.messages": '[{"role": "user", "content": "Hi"}]',
        ...     "gen_ai.output.messages": '[{"role": "assistant", "content": "Hello!"}]'}}
        >>> [imported] = from_otel({"spans": [span]})
        >>> imported.input, imported.trace.output, imported.trace.usage.input_tokens
        ('Hi', 'Hello!', 12)
    """
    return assemble_all(read_spans(documents_of(data)), interpret_otel, source="otel")


def interpret_otel(span: Span) -> Step | None:
    """What one span is under the OpenTelemetry GenAI conventions (None: not part of a run)."""
    op = _operation(span)
    if op in _AGENT_OPS:
        attrs = span.attributes
        return AgentRun(
            span,
            inputs=_inputs(attrs),
            outputs=parse_messages(attrs.get("gen_ai.output.messages"), default_role="assistant"),
            output_value=attrs.get("gen_ai.output"),
            name=_text(attrs.get("gen_ai.agent.name")),
            model=_text(attrs.get("gen_ai.response.model") or attrs.get("gen_ai.request.model")),
        )
    if op in _MODEL_OPS:
        return _model_call(span)
    if op == "execute_tool":
        return ToolRun(span, _tool_call(span))
    if op == "retrieval":
        return Retrieval(span, _passages(span))
    return None


def _operation(span: Span) -> str | None:
    op = span.attributes.get("gen_ai.operation.name")
    if isinstance(op, str) and op:
        return op
    head = span.name.split(" ", 1)[0]
    if head in _KNOWN_OPS:
        return head
    attrs = span.attributes
    has_model = "gen_ai.request.model" in attrs or "gen_ai.system" in attrs
    has_usage = any(k.startswith("gen_ai.usage.") for k in attrs)
    return "chat" if has_model and has_usage else None


def _model_call(span: Span) -> ModelCall:
    attrs = span.attributes
    cost_parts = [
        attrs[k]
        for k in ("gen_ai.usage.input_cost", "gen_ai.usage.output_cost", "gen_ai.usage.cost")
        if isinstance(attrs.get(k), int | float) and not isinstance(attrs.get(k), bool)
    ]
    return ModelCall(
        span,
        inputs=_inputs(attrs),
        outputs=_outputs(attrs),
        input_tokens=_int(attrs, "gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens"),
        output_tokens=_int(attrs, "gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens"),
        cost_usd=float(sum(cost_parts)) if cost_parts else None,
        model=_text(attrs.get("gen_ai.response.model") or attrs.get("gen_ai.request.model")),
        provider=_text(attrs.get("gen_ai.provider.name") or attrs.get("gen_ai.system")),
    )


def _inputs(attrs: dict[str, Any]) -> list[Msg]:
    out: list[Msg] = []
    system = try_json(attrs.get("gen_ai.system_instructions"))
    if system:
        parts = system if isinstance(system, list) else [system]
        texts = [
            p if isinstance(p, str) else str(p.get("content") or "")
            for p in parts
            if isinstance(p, str | dict)
        ]
        out.append(Msg(role="system", content="\n".join(t for t in texts if t)))
    if "gen_ai.input.messages" in attrs:
        out.extend(parse_messages(attrs["gen_ai.input.messages"]))
    elif "gen_ai.prompt" in attrs:
        out.extend(parse_messages(attrs["gen_ai.prompt"]))
    else:
        out.extend(_flat_messages(attrs, "gen_ai.prompt.", "user"))
    return out


def _outputs(attrs: dict[str, Any]) -> list[Msg]:
    if "gen_ai.output.messages" in attrs:
        return parse_messages(attrs["gen_ai.output.messages"], default_role="assistant")
    if "gen_ai.completion" in attrs:
        return parse_messages(attrs["gen_ai.completion"], default_role="assistant")
    flat = _flat_messages(attrs, "gen_ai.completion.", "assistant")
    if flat:
        return flat
    if "gen_ai.output" in attrs:
        return [_any_agent_output(attrs["gen_ai.output"], attrs.get("gen_ai.output.type"))]
    return []


def _any_agent_output(raw: Any, kind: Any) -> Msg:
    """any-agent's ``gen_ai.output``: a list of ``{tool.name, tool.args}`` is a tool-call turn."""
    value = try_json(raw) if kind == "json" or not isinstance(raw, str) else raw
    if (
        isinstance(value, list)
        and value
        and all(isinstance(v, dict) and "tool.name" in v for v in value)
    ):
        calls = [
            ToolRequest(str(v["tool.name"]), parse_arguments(v.get("tool.args"))) for v in value
        ]
        return Msg(role="assistant", tool_calls=calls)
    return Msg(role="assistant", content=raw if isinstance(raw, str) else result_text(raw))


def _flat_messages(attrs: dict[str, Any], prefix: str, role: str) -> list[Msg]:
    """The older flattened form: ``gen_ai.prompt.0.role``, ``gen_ai.prompt.0.content``..."""
    out: list[Msg] = []
    for item in indexed(attrs, prefix):
        data: dict[str, Any] = {"role": item.get("role") or role, "content": item.get("content")}
        calls = indexed(item, "tool_calls.")
        if calls:
            data["tool_calls"] = [
                {"id": c.get("id"), "name": c.get("name"), "arguments": c.get("arguments")}
                for c in calls
            ]
        if item.get("tool_call_id"):
            data["tool_call_id"] = item["tool_call_id"]
        out.extend(parse_messages(data, default_role=role))
    return out


def _tool_call(span: Span) -> ToolCall:
    attrs = span.attributes
    name = _text(attrs.get("gen_ai.tool.name")) or span.name.removeprefix("execute_tool").strip()
    arguments = _first(attrs, "gen_ai.tool.call.arguments", "gen_ai.tool.args", "input")
    raw = _first(attrs, "gen_ai.tool.call.result", "gen_ai.output", "output")
    result = try_json(raw) if attrs.get("gen_ai.output.type") == "json" else result_value(raw)
    return ToolCall(
        name=name or "unknown",
        arguments=parse_arguments(arguments),
        result=result,
        error=span.error,
        id=_text(attrs.get("gen_ai.tool.call.id")),
        started_at=ns_to_datetime(span.start_ns),
        ended_at=ns_to_datetime(span.end_ns),
    )


def _passages(span: Span) -> list[Passage]:
    attrs = span.attributes
    docs = try_json(attrs.get("gen_ai.retrieval.documents"))
    source = _text(attrs.get("gen_ai.data_source.id"))
    out = []
    for i, doc in enumerate(docs if isinstance(docs, list) else []):
        if not isinstance(doc, dict):
            continue
        text = doc.get("content") or doc.get("text") or ""
        score = doc.get("score")
        out.append(
            Passage(
                id=str(doc.get("id") or f"{span.span_id}:{i}"),
                text=text if isinstance(text, str) else result_text(text) or "",
                source=source,
                score=float(score) if isinstance(score, int | float) else None,
            )
        )
    return out


def _first(attrs: dict[str, Any], *keys: str) -> Any:
    for key in keys:
        if key in attrs:
            return attrs[key]
    return None


def _int(attrs: dict[str, Any], *keys: str) -> int:
    for key in keys:
        value = attrs.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return int(value)
        if isinstance(value, str) and value.isdigit():
            return int(value)
    return 0


def _text(value: Any) -> str | None:
    return str(value) if value not in (None, "") else None
