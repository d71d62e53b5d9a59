"""Spans as the span importer reads them (a JSON list of spans), for its rule tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations import ImportedTrace, import_traces

__all__ = ["import_one", "openinference_messages", "span"]


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
