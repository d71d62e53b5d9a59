"""The reply of a span that wraps its agent's model calls but holds none of them.

A model-call span that wraps the agent's work (`ModelCall.wraps_calls`) usually has the calls
as child spans (Mastra's ``model_generation`` over its steps, LlamaIndex's ``predict`` over its
``chat``): they say the turns, and the wrapper's reply, its last call's, is merged after them.

When no model call is recorded inside it, the wrapper is the only record of its calls: an
instrumentation that writes each call's attributes on the agent's run span
(openinference-instrumentation-google-adk on ADK 2.x, `otel._agent_span_calls`), the last call
overwriting the earlier ones. Its request is then the conversation up to the last call and
its reply that call's answer, said when the span ends: the request is merged as a model input
there, and the reply ends its conversation (`Conversation.merge_output`), before a
conversation that started later (a sub-agent's, run as its tool inside it). Wrappers are
taken inner ones first, so a caller's request and answer come after what its tool's agent
said, as its last call's input records them.
"""

from __future__ import annotations

from ._conversation import Conversation
from ._spans import Span, ancestors
from ._steps import ModelCall, Step, ToolRun

__all__ = ["say_wrapped_replies"]


def say_wrapped_replies(
    conv: Conversation,
    wrappers: list[ModelCall],
    calls: list[ModelCall],
    steps: dict[int, Step | None],
    by_id: dict[str, Span],
) -> None:
    """Merge each wrapper's reply (and, holding no call of `calls`, its request) into `conv`.

    `calls`: the model calls merged as turns; `steps`: what each span is, by ``id(span)``;
    `by_id`: the spans by span id. Inner wrappers (ending first) first.
    """
    for wrapper in sorted(wrappers, key=lambda w: w.span.end_ns or 0):
        scope = _tool_run_above(wrapper.span, steps, by_id)
        inside = any(
            wrapper.span.span_id == a.span_id for c in calls for a in ancestors(c.span, by_id)
        )
        if inside or not wrapper.inputs:
            conv.merge(wrapper.outputs, scope=scope)
            continue
        before, conv.now = conv.now, wrapper.span.end_ns  # said when the span ends
        conv.merge(wrapper.inputs, model_input=True, scope=scope)
        held = {m.key() for m in conv.messages}
        conv.merge_output([m for m in wrapper.outputs if m.key() not in held])
        conv.now = before


def _tool_run_above(
    span: Span, steps: dict[int, Step | None], by_id: dict[str, Span]
) -> str | None:
    """The span id of the nearest tool run `span` runs inside (its conversation's scope)."""
    return next(
        (a.span_id for a in ancestors(span, by_id) if isinstance(steps.get(id(a)), ToolRun)), None
    )
