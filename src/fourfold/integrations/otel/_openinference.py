"""OpenInference spans (Arize Phoenix and its instrumentations) into fourfold traces.

What each span is comes from ``openinference.span.kind``:

- ``AGENT`` (and a ``CHAIN`` at the root): the run; ``input.value``/``output.value`` are its
  input and, when no model call said more, its answer;
- ``LLM``: a model call; messages from ``llm.input_messages.<i>.message.*`` and
  ``llm.output_messages.<i>.message.*`` (``role``, ``content`` or
  ``contents.<j>.message_content.text``, ``tool_calls.<k>.tool_call.{id, function.name,
  function.arguments}``, ``tool_call_id``), else
  from ``input.value``/``output.value``; usage from ``llm.token_count.prompt/completion``, cost
  from ``llm.cost.total`` (or ``prompt`` + ``completion``);
- ``TOOL``: a tool call; ``tool.name``, arguments from ``input.value`` (else
  ``tool_call.function.arguments``, else ``tool.parameters`` when it is not a JSON Schema),
  result from ``output.value``, error from the span's status;
- ``RETRIEVER``: passages from ``retrieval.documents.<i>.document.{id, content, score, metadata}``.

Attributes exported nested (``{"llm": {"input_messages": [...]}}``) are flattened first, so
both forms read the same.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...trace import Passage, ToolCall
from .._common import AgentRun, ImportedTrace, ModelCall, Retrieval, Step, ToolRun, assemble_all
from .._messages import Msg, parse_arguments, parse_messages, result_text, result_value, try_json
from .._spans import Span, documents_of, indexed, ns_to_datetime, read_spans

__all__ = ["from_openinference", "interpret_openinference"]


def from_openinference(data: str | Path | Any) -> list[ImportedTrace]:
    """Import OpenInference traces.

    Args:
        data: a file (OTLP JSON, a span dump, or JSONL with one span or OTLP request per
            line), or the parsed JSON of one; a bare attribute map is one span.

    Returns:
        One imported trace per trace id, in order of first appearance.

    Raises:
        ConfigError: the file is missing or malformed, or holds no spans.

    Examples:
        >>> [imported] = from_openinference({
        ...     "openinference.span.kind": "LLM", "llm.token_count.prompt": 9,
        ...     "llm.input_messages.0.message.role": "user",
        ...     "llm.input_messages.0.message.content": "Hi",
        ...     "llm.output_messages.0.message.role": "assistant",
        ...     "llm.output_messages.0.message.content": "Hello!"})
        >>> imported.input, imported.trace.output, imported.trace.usage.input_tokens
        ('Hi', 'Hello!', 9)
    """
    return assemble_all(
        read_spans(documents_of(data)), interpret_openinference, source="openinference"
    )


def interpret_openinference(span: Span) -> Step | None:
    """What one span is under the OpenInference conventions (None: not part of a run)."""
    attrs = flatten(span.attributes)
    kind = str(attrs.get("openinference.span.kind") or "").upper()
    if kind == "AGENT" or (kind == "CHAIN" and span.parent_id is None):
        return AgentRun(
            span,
            inputs=_value_messages(attrs.get("input.value"), "user"),
            output_value=try_json(attrs.get("output.value")),
            name=_text(attrs.get("agent.name")) or span.name or None,
            model=_text(attrs.get("llm.model_name")),
        )
    if kind == "LLM":
        return _model_call(span, attrs)
    if kind == "TOOL":
        return ToolRun(span, _tool_call(span, attrs))
    if kind == "RETRIEVER":
        return Retrieval(span, _passages(span, attrs))
    return None


def flatten(attributes: dict[str, Any]) -> dict[str, Any]:
    """Nested mappings and lists of mappings as dotted keys (``llm.input_messages.0.message.role``).

    Examples:
        >>> flatten({"llm": {"input_messages": [{"message": {"role": "user"}}]}})
        {'llm.input_messages.0.message.role': 'user'}
    """
    out: dict[str, Any] = {}

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict) and value:
            for k, v in value.items():
                walk(f"{prefix}.{k}" if prefix else str(k), v)
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for i, v in enumerate(value):
                walk(f"{prefix}.{i}", v)
        else:
            out[prefix] = value

    for key, value in attributes.items():
        walk(key, value)
    return out


def _model_call(span: Span, attrs: dict[str, Any]) -> ModelCall:
    inputs = _messages(attrs, "llm.input_messages.", "user")
    if not inputs:
        inputs = _value_messages(attrs.get("input.value"), "user")
    outputs = _messages(attrs, "llm.output_messages.", "assistant")
    if not outputs:
        outputs = _value_messages(attrs.get("output.value"), "assistant")
    cost = _number(attrs.get("llm.cost.total"))
    if cost is None:
        parts = [_number(attrs.get(k)) for k in ("llm.cost.prompt", "llm.cost.completion")]
        known = [p for p in parts if p is not None]
        cost = sum(known) if known else None
    return ModelCall(
        span,
        inputs=inputs,
        outputs=outputs,
        input_tokens=int(_number(attrs.get("llm.token_count.prompt")) or 0),
        output_tokens=int(_number(attrs.get("llm.token_count.completion")) or 0),
        cost_usd=cost,
        model=_text(attrs.get("llm.model_name")),
        provider=_text(attrs.get("llm.provider") or attrs.get("llm.system")),
    )


def _messages(attrs: dict[str, Any], prefix: str, role: str) -> list[Msg]:
    out: list[Msg] = []
    for item in indexed(attrs, prefix):
        data: dict[str, Any] = {"role": item.get("message.role") or role}
        contents = indexed(item, "message.contents.")
        if contents:
            data["content"] = [
                {"type": c.get("message_content.type"), "text": c.get("message_content.text")}
                for c in contents
                if c.get("message_content.text") is not None
            ]
        else:
            data["content"] = item.get("message.content")
        calls = indexed(item, "message.tool_calls.")
        if calls:
            data["tool_calls"] = [
                {
                    "id": c.get("tool_call.id"),
                    "function": {
                        "name": c.get("tool_call.function.name"),
                        "arguments": c.get("tool_call.function.arguments"),
                    },
                }
                for c in calls
            ]
        for key in ("tool_call_id", "name"):
            if item.get(f"message.{key}") is not None:
                data[key] = item[f"message.{key}"]
        out.extend(parse_messages(data, default_role=role))
    return out


def _value_messages(value: Any, role: str) -> list[Msg]:
    """``input.value``/``output.value``: messages when it holds them, else text in `role`."""
    if value is None:
        return []
    parsed = try_json(value)
    if isinstance(parsed, list | dict):
        found = parse_messages(parsed, default_role=role)
        if found or not isinstance(parsed, dict):
            return found
        for key in ("input", "query", "question", "output", "answer", "content", "text"):
            if isinstance(parsed.get(key), str):
                return [Msg(role=role, content=parsed[key])]
        return []
    return [Msg(role=role, content=str(value))]


def _tool_call(span: Span, attrs: dict[str, Any]) -> ToolCall:
    arguments: Any = attrs.get("input.value")
    if arguments is None:
        arguments = attrs.get("tool_call.function.arguments")
    if arguments is None:
        params = try_json(attrs.get("tool.parameters"))
        if not (
            isinstance(params, dict) and ("properties" in params or params.get("type") == "object")
        ):
            arguments = params
    return ToolCall(
        name=_text(attrs.get("tool.name"))
        or _text(attrs.get("tool_call.function.name"))
        or span.name,
        arguments=parse_arguments(arguments),
        result=result_value(attrs.get("output.value")),
        error=span.error,
        id=_text(attrs.get("tool_call.id") or attrs.get("tool.id")),
        started_at=ns_to_datetime(span.start_ns),
        ended_at=ns_to_datetime(span.end_ns),
    )


def _passages(span: Span, attrs: dict[str, Any]) -> list[Passage]:
    out = []
    for i, doc in enumerate(indexed(attrs, "retrieval.documents.")):
        metadata = try_json(doc.get("document.metadata"))
        meta = metadata if isinstance(metadata, dict) else {}
        for key, value in doc.items():
            if key.startswith("document.metadata."):
                meta[key.removeprefix("document.metadata.")] = value
        source = meta.get("source") or meta.get("url") or meta.get("file_path")
        text = doc.get("document.content")
        out.append(
            Passage(
                id=str(doc.get("document.id") or f"{span.span_id}:{i}"),
                text=text if isinstance(text, str) else result_text(text) or "",
                source=str(source) if source is not None else None,
                score=_number(doc.get("document.score")),
            )
        )
    return out


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def _text(value: Any) -> str | None:
    return str(value) if value not in (None, "") else None
