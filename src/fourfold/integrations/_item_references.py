"""The LiteLLM proxy's ``/v1/responses`` route: input items it wrote as empty user messages.

A client of the Responses API that runs its own tool loop sends, in its next request, the
reply's ``function_call`` items (by their item id, ``fc_...``, and whole) and a
``function_call_output`` item per result. The LiteLLM proxy serving the route (operation
``responses`` / ``aresponses`` on its ``litellm_request`` span) writes that request's input
as ``gen_ai.input.messages`` through its chat conversion, which knows only messages: every
item without a role becomes ``{"role": "user", "parts": [{"type": "text", "content": ""}]}``,
its fields dropped, a ``function_call`` item keeping only its item id (``"id": "fc_..."``),
a ``function_call_output`` item nothing. Read as written they are empty user messages,
nothing said, and the conversation loses the turns that requested the tools and the results.

Where the proxy served the earlier request too, its raw record (``raw_gen_ai_request``,
``llm.<provider>.object`` ``response``, ``llm.<provider>.output`` the reply's items as a
repr) holds the ``function_call`` items under those item ids: their ``call_id``, ``name``
and ``arguments``. Each request is a trace of its own (the proxy starts one per request when
the client propagates no context), so the items are another trace's of the same file.

The rule, `mend_item_references` (in place, over the spans handed out together, before
assembly): on the route's spans, an empty user message whose id is a ``function_call`` item's
id in a raw Responses record among them is the assistant turn requesting that call (its
``call_id``, name and arguments); the empty user messages with no id right after such turns
are the ``function_call_output`` items, tool messages whose content is the empty text the
proxy recorded, answering no call id, since none is recorded (as the settled reading of
``litellm-proxy-responses-2026-12-06o`` has it: by order they would answer the calls, but
the trace does not say so). An id no record holds (the earlier request's trace not handed
out with this one) is left as written: nothing is made up for it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ._literals import python_literal
from ._messages import try_json
from ._spans import Span

__all__ = ["mend_item_references"]

_ROUTE_OPS = frozenset({"responses", "aresponses"})
_INPUT = "gen_ai.input.messages"
_OBJECT = re.compile(r"llm\.([A-Za-z0-9_-]+)\.object")


def mend_item_references(spans: list[Span]) -> None:
    """Rewrite, in place, the route's input items written as empty user messages.

    Examples:
        >>> raw = Span("t1", "r", None, "raw_gen_ai_request", 0, 1, "ok", None, {
        ...     "llm.None.object": "response",
        ...     "llm.None.output": "[{'id': 'fc_1', 'type': 'function_call', "
        ...                        "'call_id': 'c1', 'name': 'f', 'arguments': '{}'}]"})
        >>> empty = {"role": "user", "parts": [{"type": "text", "content": ""}]}
        >>> said = [{"role": "user", "parts": [{"type": "text", "content": "Hi"}]},
        ...         {**empty, "id": "fc_1"}, empty]
        >>> call = Span("t2", "c", None, "litellm_request", 2, 3, "ok", None, {
        ...     "gen_ai.operation.name": "aresponses", "gen_ai.input.messages": json.dumps(said)})
        >>> mend_item_references([raw, call])
        >>> [m["role"] for m in json.loads(call.attributes["gen_ai.input.messages"])]
        ['user', 'assistant', 'tool']
    """
    items = _function_calls(spans)
    if not items:
        return
    for span in spans:
        op = span.attributes.get("gen_ai.operation.name")
        if not isinstance(op, str) or op not in _ROUTE_OPS:
            continue
        given = try_json(span.attributes.get(_INPUT))
        if not isinstance(given, list):
            continue
        mended = _mended(given, items)
        if mended is not None:
            span.attributes[_INPUT] = json.dumps(mended)


def _mended(given: list[Any], items: dict[str, dict[str, Any]]) -> list[Any] | None:
    """`given` with its empty items read; None when none is one of `items`.

    Examples:
        >>> empty = {"role": "user", "parts": [{"type": "text", "content": ""}]}
        >>> item = {"call_id": "c1", "name": "f", "arguments": "{}"}
        >>> [m["role"] for m in _mended([empty, {**empty, "id": "fc_1"}, empty], {"fc_1": item})]
        ['user', 'assistant', 'tool']
        >>> _mended([{**empty, "id": "fc_9"}, empty], {"fc_1": item}) is None
        True
    """
    out: list[Any] = []
    asked = False  # inside a run of function calls and their outputs
    for message in given:
        if not _empty_user(message):
            out.append(message)
            asked = False
            continue
        item = items.get(str(message.get("id"))) if "id" in message else None
        if item is not None:
            request = {
                "type": "tool_call",
                "name": item.get("name"),
                "arguments": item.get("arguments"),
                "id": item.get("call_id"),
            }
            out.append({"role": "assistant", "parts": [request]})
            asked = True
        elif asked and "id" not in message:
            out.append({"role": "tool", "content": ""})  # an output: its call id not written
        else:
            out.append(message)
            asked = False
    return out if out != given else None


def _empty_user(message: Any) -> bool:
    """Whether `message` is a user message whose parts are empty text, nothing said."""
    if not isinstance(message, dict) or message.get("role") != "user":
        return False
    parts = message.get("parts")
    if not isinstance(parts, list) or set(message) - {"role", "parts", "id"}:
        return False
    return all(
        isinstance(p, dict) and p.get("type") == "text" and p.get("content") in ("", None)
        for p in parts
    )


def _function_calls(spans: list[Span]) -> dict[str, dict[str, Any]]:
    """The ``function_call`` items of the raw Responses records among `spans`, by item id."""
    found: dict[str, dict[str, Any]] = {}
    for span in spans:
        for key, value in span.attributes.items():
            match = _OBJECT.fullmatch(key) if key.endswith(".object") else None
            if match is None or not isinstance(value, str) or value != "response":
                continue
            output = span.attributes.get(f"llm.{match.group(1)}.output")
            items = python_literal(output) if isinstance(output, str) else output
            for item in items if isinstance(items, list) else []:
                if not isinstance(item, dict) or item.get("type") != "function_call":
                    continue
                ident = item.get("id")
                if isinstance(ident, str) and isinstance(item.get("call_id"), str):
                    found.setdefault(ident, item)
    return found
