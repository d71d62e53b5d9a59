"""A handoff no later history answers: the handoff's own span holds its result.

The OpenAI Agents SDK records a handoff as the model's ``transfer_to_<agent>`` request and,
under openinference-instrumentation-openai-agents (2.6), a ``handoff to <agent>`` span
(``openinference.span.kind`` ``TOOL``, no ``tool.name``; ``input.value`` the agent handing
off, ``output.value`` the agent taking over; the JS instrumentation's the same with
``tool.name`` ``handoff_to_<agent>``, `._handoff_spans`) beside the model call that asked
for it, under the same ``turn``. The tool message answering the request is in the next
agent's input, so the request is a call that ran (`._unanswered`) and the span is no call
of its own (`.otel._openinference`). A handoff given an input filter (the SDK's
``handoff_filters.remove_all_tools``, 0.24) takes the request and its answer out of the next
agent's history: no model input holds the answer, the request stood unanswered and the
handoff that ran was no call.

The rule, `with_handoff_results`: a request no tool message answers, made by a model call
(its reply) beside which a ``handoff to <agent>`` span started (the same parent, no earlier
than the call), is answered by that span: the call's result is the span's output (the agent
taking over), its time the span's. A request named ``transfer_to_<agent>`` (the SDK's
default name, the agent's name in snake case) takes the span handing off to that agent; else
a model call with one such request left and one span no request of it is named for pairs
them. Each span answers once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..trace import ToolCall
from ._handoff_spans import handoff_target
from ._messages import Msg, try_json
from ._spans import Span, ns_to_datetime
from ._steps import ModelCall

__all__ = ["with_handoff_results"]


def with_handoff_results(
    requested: list[tuple[ToolCall, Msg | None]],
    spans: Iterable[Span],
    calls: Iterable[ModelCall],
) -> list[tuple[ToolCall, Msg | None]]:
    """`requested`, each unanswered handoff request answered by its handoff span.

    `requested`: the requests with the tool message answering each (None: none); `spans`: the
    trace's spans; `calls`: its model calls, whose replies made the requests.
    """
    handoffs = [s for s in spans if _handoff_to(s) is not None]
    open_ids = {c.id for c, answer in requested if answer is None and c.id}
    if not handoffs or not open_ids:
        return requested
    answers: dict[str, Span] = {}
    claimed: set[int] = set()
    for call in calls:
        requests = [r for m in call.outputs for r in m.tool_calls]
        asked = [r.id for r in requests if r.id and r.id in open_ids]
        beside = [
            s
            for s in handoffs
            if id(s) not in claimed and s.parent_id == call.span.parent_id and _after(s, call)
        ]
        named = {r.name for r in requests}
        for span, request_id in _paired(asked, named, beside, requested):
            answers[request_id] = span
            claimed.add(id(span))
            open_ids.discard(request_id)
    out: list[tuple[ToolCall, Msg | None]] = []
    for request, answer in requested:
        found = answers.get(request.id or "") if answer is None else None
        if found is None:
            out.append((request, answer))
            continue
        result = _output(found)
        ran = request.model_copy(
            update={
                "result": result,
                "started_at": ns_to_datetime(found.start_ns),
                "ended_at": ns_to_datetime(found.end_ns),
            }
        )
        out.append((ran, Msg(role="tool", content=str(result), tool_call_id=request.id)))
    return out


def _paired(
    asked: list[str],
    named: set[str],
    beside: list[Span],
    requested: list[tuple[ToolCall, Msg | None]],
) -> list[tuple[Span, str]]:
    """The handoff spans `beside` a model call paired with the call's unanswered `asked` ids.

    `named`: the names of all the call's requests; a span whose default name one of them
    has (answered: a tool message holds it) pairs with no other request.
    """
    names = {c.id: c.name for c, _ in requested if c.id}
    pairs: list[tuple[Span, str]] = []
    left = list(asked)
    unpaired: list[Span] = []
    for span in beside:
        target = f"transfer_to_{_snake(_handoff_to(span) or '')}"
        found = next((a for a in left if names.get(a) == target), None)
        if found is not None:
            pairs.append((span, found))
            left.remove(found)
        elif target not in named:
            unpaired.append(span)
    if len(left) == 1 and len(unpaired) == 1:
        pairs.append((unpaired[0], left[0]))
    return pairs


def _handoff_to(span: Span) -> str | None:
    """The agent an OpenInference ``handoff to <agent>`` span hands off to, else None."""
    attrs = span.attributes
    if attrs.get("openinference.span.kind") != "TOOL":
        return None
    return handoff_target(span.name, attrs)


def _after(span: Span, call: ModelCall) -> bool:
    """Whether `span` started no earlier than `call` (both times known)."""
    start, asked = span.start_ns, call.span.start_ns
    return start is not None and asked is not None and start >= asked


def _output(span: Span) -> object:
    """The span's ``output.value``, JSON read; the agent's name when it records none."""
    value = span.attributes.get("output.value")
    if value is None:
        return _handoff_to(span)
    return try_json(value) if isinstance(value, str) else value


def _snake(name: str) -> str:
    """An agent's name as the SDK writes it in its default tool name.

    ``Weather Agent`` -> ``weather_agent``.
    """
    return re.sub(r"\s+", "_", name.strip()).lower()
