"""Spans that hit the OpenTelemetry SDK's span limits (D20 in docs/importers.md).

An SDK keeps at most 128 attributes and 128 events a span by default
(``OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT`` / ``OTEL_ATTRIBUTE_COUNT_LIMIT``,
``OTEL_SPAN_EVENT_COUNT_LIMIT``) and the export says how many it lost: OTLP's
``droppedAttributesCount`` / ``droppedEventsCount`` (``dropped_attributes_count`` in the
proto's names), the ``otel.dropped_attributes_count`` / ``otel.dropped_events_count`` tags of
the Jaeger and Zipkin mappings (`limit_tags`). The span reader keeps them on the `Span`.

Which attributes go differs. The Python SDK evicts the OLDEST when a new key comes into a
full span, so the keys kept are the last ones set, in order: a flattened message list
(OpenInference's ``llm.input_messages.N.message.*``, OpenLLMetry's ``gen_ai.prompt.N.*``)
loses its first messages, and the first message kept may have lost its first keys (its
role). The JS and Java SDKs drop the NEW keys instead: the keys kept are the first ones
set, and the last message kept may have lost its last keys. `mend_limited` reads a trace's
spans that lost attributes, before they are interpreted, by these rules:

- a list whose first item (index 0, with its role) is gone is the TAIL of the conversation:
  its start is taken from an earlier model call of the trace (same scope, same list) whose
  list starts at 0 and whose items agree, key for key, with every item of the tail they both
  hold (in an agent loop each call repeats the previous call's history, so the earlier,
  shorter span, complete, holds the start); without such a call the tail is not read at all
  (the other calls' spans hold what they hold), never as the start of the conversation;
- in a list that starts whole, the item holding the span's last kept key may have lost its
  last keys (the JS shape): a tool call of it without its arguments (a call's last key) is
  not read, nor the item when nothing it says is left (no content, call or result id);
- a span that lost its kind key still is what its convention's call attributes say, when
  that is sound: OpenInference writes ``llm.input_messages`` / ``llm.output_messages`` only
  on LLM spans, so such a span is an ``LLM`` when another span of the same scope carries
  ``openinference.span.kind`` (the trace is OpenInference's; LiteLLM's raw records carry
  those keys without a kind); OpenLLMetry writes ``gen_ai.prompt.N.*`` /
  ``gen_ai.completion.N.*`` only on its model-call spans, so such a span without
  ``llm.request.type`` or ``gen_ai.operation.name`` is a chat call when another span of its
  scope has ``llm.request.type``, or it carries the reply's model or usage.

Spans that lost nothing are left as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ._common import ImportedTrace
from ._spans import Span

__all__ = ["limits_note", "mend_limited", "with_losses"]

_LISTS = (
    ("llm.input_messages.", "message.role"),
    ("llm.output_messages.", "message.role"),
    ("gen_ai.prompt.", "role"),
    ("gen_ai.completion.", "role"),
)
"""The flattened message lists, each with the key its every item starts with."""


def limits_note(traces: list[ImportedTrace]) -> str | None:
    """The import report's note on the traces whose spans lost attributes or events, or None.

    Examples:
        >>> limits_note([]) is None
        True
    """
    dropped = [
        (
            int(t.metadata.get("limited_spans") or 0),
            int(t.metadata.get("dropped_attributes") or 0),
            int(t.metadata.get("dropped_events") or 0),
        )
        for t in traces
    ]
    hit = [d for d in dropped if d[0]]
    if not hit:
        return None
    spans = sum(d[0] for d in hit)
    attributes = sum(d[1] for d in hit)
    events = sum(d[2] for d in hit)
    lost = " and ".join(
        f"{n} {what}" for n, what in ((attributes, "attributes"), (events, "events")) if n
    )
    return (
        f"{spans} span(s) of {len(hit)} of {len(traces)} trace(s) hit the SDK span limits: {lost} "
        "lost (each trace's metadata says how many: dropped_attributes, dropped_events); a "
        "message list that lost its start was completed from the run's earlier calls where "
        "they hold it, else not read. Raise the limits where the spans are made: "
        "OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT (or OTEL_ATTRIBUTE_COUNT_LIMIT) and "
        "OTEL_SPAN_EVENT_COUNT_LIMIT, 128 by default"
    )


def with_losses(imported: ImportedTrace, spans: list[Span]) -> ImportedTrace:
    """`imported`, its metadata saying what its spans lost at the span limits, if any.

    ``dropped_attributes``, ``dropped_events`` (totals) and ``limited_spans`` (how many).
    """
    hit = [s for s in spans if s.dropped_attributes > 0 or s.dropped_events > 0]
    if not hit:
        return imported
    losses = {
        "limited_spans": len(hit),
        "dropped_attributes": sum(s.dropped_attributes for s in hit) or None,
        "dropped_events": sum(s.dropped_events for s in hit) or None,
    }
    for metadata in (imported.metadata, imported.trace.metadata):
        metadata.update({k: v for k, v in losses.items() if v is not None})
    return imported


def mend_limited(spans: list[Span]) -> None:
    """Mend, in place, a trace's spans that lost attributes (see the module's rules)."""
    if not any(span.dropped_attributes > 0 for span in spans):
        return  # the usual trace: nothing to sort or read
    ordered = sorted(spans, key=lambda s: s.sort_key)
    for span in ordered:
        if span.dropped_attributes <= 0:
            continue
        for prefix, first in _LISTS:
            _mend_list(span, prefix, first, ordered)
        _mend_kind(span, spans)


def _mend_kind(span: Span, spans: list[Span]) -> None:
    attrs = span.attributes
    keys = list(attrs)
    siblings = [s for s in spans if s is not span and s.scope == span.scope]
    if "openinference.span.kind" not in attrs:
        oi_call = any(k.startswith(("llm.input_messages.", "llm.output_messages.")) for k in keys)
        if oi_call and any("openinference.span.kind" in s.attributes for s in siblings):
            attrs["openinference.span.kind"] = "LLM"
    if "llm.request.type" in attrs or "gen_ai.operation.name" in attrs:
        return
    if not any(k.startswith(("gen_ai.prompt.", "gen_ai.completion.")) for k in keys):
        return
    replied = "gen_ai.response.model" in attrs or any(k.startswith("gen_ai.usage.") for k in keys)
    if replied or any("llm.request.type" in s.attributes for s in siblings):
        attrs["llm.request.type"] = "chat"


def _items(attrs: Mapping[str, Any], prefix: str) -> dict[int, dict[str, Any]]:
    items: dict[int, dict[str, Any]] = {}
    for key, value in attrs.items():
        if key.startswith(prefix):
            index, _, rest = key[len(prefix) :].partition(".")
            if index.isdigit() and rest:
                items.setdefault(int(index), {})[rest] = value
    return items


def _mend_list(span: Span, prefix: str, first: str, ordered: list[Span]) -> None:
    attrs = span.attributes
    items = _items(attrs, prefix)
    if not items:
        return
    if 0 in items and first in items[0]:  # whole at the start: maybe cut at the end
        index = _index(next(reversed(attrs)), prefix)
        if index is not None:
            _mend_last(attrs, prefix, items[index], index)
        return
    # the tail: the items before the first whole one are partial or gone
    whole = [i for i, item in items.items() if first in item]
    start = min(whole) if whole else max(items) + 1
    donor = _donor(span, prefix, first, items, start, ordered)
    partial = [i for i in items if i < start]
    _drop(attrs, prefix, partial)
    if donor is None:  # nothing holds the start: the tail is not read as the conversation
        _drop(attrs, prefix, list(items))
        return
    head = {k: v for k, v in donor.attributes.items() if _index(k, prefix) in range(start)}
    rest = dict(attrs)
    attrs.clear()
    attrs.update(head)
    attrs.update(rest)


def _mend_last(attrs: dict[str, Any], prefix: str, item: dict[str, Any], index: int) -> None:
    """Mend the item holding the span's last kept key (it may have lost its last keys).

    That is the JS shape: a tool call without its arguments (the last key of a call) is not
    read, nor the item if it keeps nothing said (no content, call or tool result id).
    """
    said: tuple[str, ...] = ("message.content", "message.contents.", "message.tool_call_id")
    said += ("content", "tool_call_id", "message.tool_calls.", "tool_calls.")
    calls = ("message.tool_calls.", "tool_calls.")
    for head in calls:
        for number, call in _items(item, head).items():
            if not any(k.endswith("arguments") for k in call):
                for key in [k for k in item if k.startswith(f"{head}{number}.")]:
                    del attrs[f"{prefix}{index}.{key}"]
    kept = _items(attrs, prefix).get(index, {})
    if not any(k.startswith(said) for k in kept):
        _drop(attrs, prefix, [index])


def _index(key: str, prefix: str) -> int | None:
    if not key.startswith(prefix):
        return None
    index = key[len(prefix) :].partition(".")[0]
    return int(index) if index.isdigit() else None


def _donor(
    span: Span,
    prefix: str,
    first: str,
    items: dict[int, dict[str, Any]],
    start: int,
    ordered: list[Span],
) -> Span | None:
    """The latest earlier span of `span`'s scope whose list holds the start and agrees."""
    earlier = [s for s in ordered if s.sort_key < span.sort_key and s.scope == span.scope]
    for other in reversed(earlier):
        theirs = _items(other.attributes, prefix)
        if any(i not in theirs or first not in theirs[i] for i in range(start)):
            continue
        shared = [i for i in items if i in theirs]
        if not any(i >= start for i in shared):
            continue  # no whole item in common: nothing says it is the same conversation
        if all(
            all(theirs[i].get(k) == v for k, v in items[i].items())
            for i in shared
            if i >= start or i == start - 1
        ):
            return other
    return None


def _drop(attrs: dict[str, Any], prefix: str, indices: list[int]) -> None:
    gone = set(indices)
    for key in [k for k in attrs if _index(k, prefix) in gone]:
        del attrs[key]
