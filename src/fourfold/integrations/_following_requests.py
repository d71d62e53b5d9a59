"""A reply written nowhere that requested tools: the calls run after it are its requests.

AgentOps' AG2 ``llm`` span writes the reply only when it has text (`.otel._agentops_ag2`,
`ModelCall.requests_follow`): a turn that only requested tools leaves no completion, and
AG2 hands the requests to the agent it talks to, which runs them (each a tool span) before
the model is called again with their responses. So the reply of such a call is one assistant
turn, no text, requesting the calls run after the call started and before the next model
call started, in the order they started, each by its name and arguments as its span records
them (no id: AG2's function calls carry none); a call some model call's messages already
request is not one of them. With no such run, the call stays with no reply (an empty reply:
nothing followed it).
"""

from __future__ import annotations

from dataclasses import replace

from ._messages import Msg, ToolRequest
from ._spans import Span
from ._steps import ModelCall, Step, ToolRun

__all__ = ["with_following_requests"]


def with_following_requests(
    ordered: list[Span], steps: dict[int, Step | None]
) -> dict[int, Step | None]:
    """`steps` with each marked call's missing reply made of the tool runs that follow it.

    `ordered`: the trace's spans in time order.

    Examples:
        >>> from fourfold.trace import ToolCall
        >>> def span(span_id, start, end):
        ...     return Span("t", span_id, None, span_id, start, end, "ok", None, {})
        >>> first, paris, tokyo, second = (span("c1", 1, 2), span("t1", 3, 4),
        ...     span("t2", 4, 5), span("c2", 6, 7))
        >>> def run(s, city):
        ...     return ToolRun(s, ToolCall(name="get_weather", arguments={"city": city}))
        >>> steps = {id(first): ModelCall(first, [Msg("user", "Hi")], [], requests_follow=True),
        ...     id(paris): run(paris, "Paris"), id(tokyo): run(tokyo, "Tokyo"),
        ...     id(second): ModelCall(second, [Msg("user", "Hi")], [Msg("assistant", "Sunny.")])}
        >>> spans = [first, paris, tokyo, second]
        >>> [turn] = with_following_requests(spans, steps)[id(first)].outputs
        >>> turn.content, [(r.name, r.arguments) for r in turn.tool_calls]
        (None, [('get_weather', {'city': 'Paris'}), ('get_weather', {'city': 'Tokyo'})])

        Not a call that is not marked, nor the runs after the next model call:

        >>> steps[id(first)] = ModelCall(first, [Msg("user", "Hi")], [])
        >>> with_following_requests(spans, steps)[id(first)].outputs
        []
        >>> steps[id(first)] = ModelCall(first, [], [], requests_follow=True)
        >>> late = [first, second, paris, tokyo]
        >>> with_following_requests(late, steps)[id(first)].outputs
        []
    """
    if not any(isinstance(s, ModelCall) and s.requests_follow for s in steps.values()):
        return steps
    asked = {
        (r.name, repr(r.arguments))
        for s in steps.values()
        if isinstance(s, ModelCall)
        for m in [*s.inputs, *s.outputs]
        for r in m.tool_calls
    }
    out = dict(steps)
    for n, span in enumerate(ordered):
        call = steps[id(span)]
        if not isinstance(call, ModelCall) or not call.requests_follow or call.outputs:
            continue
        runs: list[ToolRun] = []
        for later in ordered[n + 1 :]:
            step = steps[id(later)]
            if isinstance(step, ModelCall):
                break  # the model was called again: what ran after is that call's
            if isinstance(step, ToolRun) and step.call.name and not step.run_by_step:
                if (step.call.name, repr(step.call.arguments)) not in asked:
                    runs.append(step)
        if runs:
            requests = [ToolRequest(r.call.name or "", dict(r.call.arguments)) for r in runs]
            out[id(span)] = replace(call, outputs=[Msg("assistant", None, tool_calls=requests)])
    return out
