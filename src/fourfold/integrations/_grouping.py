"""One operation written as several event spans, merged back into one span.

Some frameworks export each event of an emitter as its own span, named
``<event path>.<event>-<n>`` (BeeAI: ``tool.search.wikipedia.start-12``, ``.finish-12``,
``.success-12``; ``backend.openai.chat.start-16`` … ``.success-16``; ``agent.react.update-17``).
Spans with the same path and the same trailing counter are one operation (unless they name
the request their tool run answers, which then says the run: `._answered_events`): they are merged
into one span (attributes of the later events over the earlier ones', the earliest start and
the latest end, an ``error`` event making it an error), whose `Span.emitter_event` says the
last event. A tool operation without a ``tool.name`` takes the name its parent event gives
(the agent's ``update`` that asked for it), else its path's last segment.

A tool an agent ran without tool spans shows only in the agent's ``update`` /
``partial_update`` events (``tool.name``, ``tool.parameters``, ``output.value``): those events
of one tool under one parent become one tool span. The events themselves are not messages.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ._answered_events import answered_call_id
from ._spans import Span

__all__ = ["group_event_spans"]

_EVENT = re.compile(
    r"(?P<path>[A-Za-z_][\w.]*)\.(?P<event>start|finish|success|error|update|partial_update|"
    r"new_token|retry)-(?P<n>\d+)"
)
_ORDER = ("start", "update", "partial_update", "new_token", "retry", "finish", "error", "success")
_AGENT_UPDATES = frozenset({"update", "partial_update"})


def group_event_spans(spans: list[Span]) -> list[Span]:
    """`spans` with each operation's event spans merged (other spans unchanged)."""
    groups: dict[tuple[str, str], list[tuple[str, Span]]] = {}
    out: list[Span] = []
    for span in spans:
        match = _EVENT.fullmatch(span.name)
        if match is None:
            out.append(span)
            continue
        answered = answered_call_id(span.attributes)  # BeeAI TS: counters part after a failure
        run = match["n"] if answered is None else f"call:{answered}"
        groups.setdefault((match["path"], run), []).append((match["event"], span))
    if not groups:
        return spans
    by_id = {s.span_id: s for s in spans}
    merged = [_merge(path, events, by_id) for (path, _), events in groups.items()]
    out.extend(merged)
    out.extend(_tools_only_in_updates(merged, by_id))
    return out


def _merge(path: str, events: list[tuple[str, Span]], by_id: dict[str, Span]) -> Span:
    events.sort(key=lambda e: (_ORDER.index(e[0]), e[1].sort_key))
    first = min((s for _, s in events), key=lambda s: s.sort_key)
    attributes: dict[str, object] = {}
    for _, span in events:
        attributes.update({k: v for k, v in span.attributes.items() if v is not None})
    ends = [s.end_ns for _, s in events if s.end_ns is not None]
    failed = [s for event, s in events if event == "error" or s.status == "error"]
    if path.startswith("tool.") and not attributes.get("tool.name"):
        parent = by_id.get(first.parent_id or "")
        named = parent.attributes.get("tool.name") if parent is not None else None
        attributes["tool.name"] = named or path.rsplit(".", 1)[-1]
    return replace(
        first,
        name=path,
        attributes=attributes,
        end_ns=max(ends) if ends else None,
        status="error" if failed else first.status,
        status_message=failed[0].status_message if failed else None,
        events=[e for _, s in events for e in s.events],
        emitter_event=events[-1][0],
    )


def _tools_only_in_updates(merged: list[Span], by_id: dict[str, Span]) -> list[Span]:
    """Tool spans for the tools that appear only in an agent's update events."""
    covered = set()
    for span in merged:
        if span.name.startswith("tool."):
            parent = by_id.get(span.parent_id or "")
            home = parent.parent_id if parent is not None else None
            covered.add((home, _tool_name(span)))
    found: dict[tuple[str | None, str], list[Span]] = {}
    for span in merged:
        name = _tool_name(span)
        if span.emitter_event not in _AGENT_UPDATES or not name:
            continue
        key = (span.parent_id, name)
        if key not in covered:
            found.setdefault(key, []).append(span)
    out = []
    for (_, name), updates in found.items():
        with_output = [u for u in updates if u.attributes.get("output.value") is not None]
        if not with_output:
            continue
        first = min(updates, key=lambda s: s.sort_key)
        out.append(
            replace(
                first,
                span_id=f"{first.span_id}#tool",
                name=f"tool.{name}",
                attributes={
                    "openinference.span.kind": "TOOL",
                    "tool.name": name,
                    "tool.parameters": with_output[0].attributes.get("tool.parameters"),
                    "output.value": with_output[0].attributes["output.value"],
                },
                emitter_event="success",
            )
        )
    return out


def _tool_name(span: Span) -> str | None:
    """The span's ``tool.name`` when it is text (a value of another kind names no tool)."""
    name = span.attributes.get("tool.name")
    return name if isinstance(name, str) else None
