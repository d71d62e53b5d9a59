"""Spans as the span importer reads them (a JSON list of spans), for its rule tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations import ImportedTrace, import_traces

__all__ = [
    "hex_span",
    "import_one",
    "iso_span",
    "langfuse_observation",
    "llamaindex_step",
    "mlflow_attributes",
    "openinference_chat",
    "openinference_messages",
    "span",
    "stepped_span",
]


def span(
    n: int,
    name: str,
    attrs: dict[str, Any],
    *,
    trace: str,
    parent: int | None = None,
    start: float = 1.0,
    end: float = 2.0,
    events: list[Any] | None = None,
) -> dict[str, Any]:
    """Span number `n` of `trace` (ids in hex), starting and ending at the given seconds."""
    return {
        "name": name,
        "context": {"trace_id": trace, "span_id": f"{n:016x}"},
        "parent_id": f"{parent:016x}" if parent is not None else None,
        "start_time": int(1.7e18 + start * 1e9),
        "end_time": int(1.7e18 + end * 1e9),
        "attributes": attrs,
        "events": events or [],
    }


def stepped_span(
    n: int, name: str, attrs: dict[str, Any], *, trace: str, parent: int | None = None
) -> dict[str, Any]:
    """`span` number `n`, starting at second `n` and ending half a second later."""
    return span(n, name, attrs, trace=trace, parent=parent, start=float(n), end=float(n) + 0.5)


def iso_span(
    n: int, parent: int | None, name: str, attrs: dict[str, Any], *, trace: str = "7c" * 16
) -> dict[str, Any]:
    """Span `n` with ISO times (second `n` to half a second later) and an OK ``status_code``.

    A `parent` of 0 or None is no parent.
    """
    return {
        "name": name,
        "context": {"trace_id": trace, "span_id": f"{n:016x}"},
        "parent_id": f"{parent:016x}" if parent else None,
        "start_time": f"2024-06-01T12:00:{n:06.3f}Z",
        "end_time": f"2024-06-01T12:00:{n + 0.5:06.3f}Z",
        "status_code": "OK",
        "attributes": attrs,
    }


def hex_span(
    name: str,
    span_id: int,
    parent: int | None,
    *,
    trace: str,
    start: int | None = None,
    end: int | None = None,
    scope: str | None = None,
    **attributes: Any,
) -> dict[str, Any]:
    """Span `span_id` with ``0x`` ids and an OK ``status``, as the JS exporters write them.

    Times default to `span_id` and ``100 - span_id``; `scope` names an instrumentation scope.
    """
    built: dict[str, Any] = {
        "name": name,
        "context": {"trace_id": trace, "span_id": "0x" + f"{span_id:016x}"},
        "parent_id": None if parent is None else "0x" + f"{parent:016x}",
        "start_time": span_id if start is None else start,
        "end_time": 100 - span_id if end is None else end,
        "status": {"status_code": "OK"},
        "attributes": attributes,
    }
    if scope is not None:
        built["instrumentation_scope"] = {"name": scope}
    return built


def import_one(tmp_path: Path, spans: list[dict[str, Any]]) -> ImportedTrace:
    """`spans` written to a file and imported: the one trace they hold."""
    path = tmp_path / "spans.json"
    path.write_text(json.dumps(spans), encoding="utf-8")
    [imported] = import_traces(path)
    return imported


def openinference_messages(prefix: str, messages: list[dict[str, Any]]) -> dict[str, Any]:
    """OpenInference ``llm.input_messages`` / ``llm.output_messages`` attributes.

    Each message's keys become ``<prefix>.<i>.message.<key>``; its ``tool_calls`` are
    ``(id, name, arguments)`` triples.
    """
    out: dict[str, Any] = {}
    for i, msg in enumerate(messages):
        for key, value in msg.items():
            if key == "tool_calls":
                for k, (cid, name, args) in enumerate(value):
                    call = f"{prefix}.{i}.message.tool_calls.{k}.tool_call"
                    out[f"{call}.id"] = cid
                    out[f"{call}.function.name"] = name
                    out[f"{call}.function.arguments"] = json.dumps(args)
            else:
                out[f"{prefix}.{i}.message.{key}"] = value
    return out


def openinference_chat(
    said: list[tuple[str, str]], reply: str, *, model: str = "gpt-4o-mini"
) -> dict[str, Any]:
    """An OpenInference LLM span's attributes: `said` as ``(role, content)`` in, `reply` out."""
    attrs: dict[str, Any] = {
        "openinference.span.kind": "LLM",
        "llm.model_name": model,
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": reply,
    }
    for i, (role, content) in enumerate(said):
        attrs[f"llm.input_messages.{i}.message.role"] = role
        attrs[f"llm.input_messages.{i}.message.content"] = content
    return attrs


def langfuse_observation(
    kind: str, input_: Any = None, output: Any = None, **extra: Any
) -> dict[str, Any]:
    """A Langfuse observation's attributes: its type, `extra`, then its input and output.

    An input or output that is no string is written as JSON.
    """
    attrs: dict[str, Any] = {"langfuse.observation.type": kind, **extra}
    for key, value in (("input", input_), ("output", output)):
        if value is not None:
            text = value if isinstance(value, str) else json.dumps(value)
            attrs[f"langfuse.observation.{key}"] = text
    return attrs


def mlflow_attributes(
    kind: str, inputs: Any = None, outputs: Any = None, **more: Any
) -> dict[str, Any]:
    """An MLflow span's attributes: its ``mlflow.spanType``, inputs, outputs and `more`, each
    value JSON text, in trace ``tr-1``."""
    attrs = {"mlflow.spanType": json.dumps(kind), "mlflow.traceRequestId": '"tr-1"'}
    attrs["mlflow.spanInputs"] = json.dumps(inputs)
    attrs["mlflow.spanOutputs"] = json.dumps(outputs)
    attrs.update({key: json.dumps(value) for key, value in more.items()})
    return attrs


def llamaindex_step(
    n: int, output: Any, *, trace: str, start: float, **attrs: Any
) -> dict[str, Any]:
    """OpenLLMetry's span of a LlamaIndex workflow step (``BaseWorkflowAgent.task``) under span 1,
    half a second from `start`: `output` as its ``traceloop.entity.output`` JSON, then `attrs`."""
    written = {
        "traceloop.span.kind": "task",
        "traceloop.entity.name": "BaseWorkflowAgent.task",
        "traceloop.entity.output": json.dumps(output),
        **attrs,
    }
    return span(
        n,
        "BaseWorkflowAgent.task",
        written,
        trace=trace,
        parent=1,
        start=start,
        end=start + 0.5,
    )
