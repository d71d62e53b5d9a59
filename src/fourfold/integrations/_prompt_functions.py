"""A function whose body is one model call, invoked by no model: the call's wrapper, no tool.

Semantic Kernel records every kernel function it invokes as an ``execute_tool`` span, a
prompt function (``KernelFunctionFromPrompt``: a template rendered and sent to the model) too.
An ``AgentGroupChat`` steered by a ``KernelFunctionSelectionStrategy`` or a
``KernelFunctionTerminationStrategy`` invokes such a function before or after each agent's
turn: a tool span with no call id, which no model asked for, whose one model call's reply is
its result (the ``ChatMessageContent`` written out). That span is no tool call (no model
called it; what it returned is its model call's reply), and its model call is the chat's
coordination, not an agent's turn: the team's call of D15 when agents make calls of their
own, wherever the chat ran it (the termination function runs inside the agent's span);
otherwise, a trace of the function alone, its call is the conversation.
"""

from __future__ import annotations

from ._spans import Span, ancestors
from ._steps import ModelCall, Step, ToolRun

__all__ = ["settle_prompt_functions"]


def settle_prompt_functions(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> None:
    """Unmake the tool runs that are prompt functions and mark their model calls `invoked`.

    A tool run is a prompt function when it has no call id, no model call of the trace
    requested a tool of its name, it runs inside no model call, and a model call runs inside
    it with no other step between, whose reply's text its result holds.

    Examples:
        >>> from ..trace import ToolCall
        >>> from ._messages import Msg
        >>> def span(id, parent):
        ...     return Span("t", id, parent, id, 1, 2, "ok", None, {})
        >>> fn, call = span("f", None), span("c", "f")
        >>> steps = {
        ...     id(fn): ToolRun(fn, ToolCall(name="selection", result="[text='writer']")),
        ...     id(call): ModelCall(call, [], [Msg(role="assistant", content="writer")]),
        ... }
        >>> settle_prompt_functions([fn, call], steps, {"f": fn, "c": call})
        >>> steps[id(fn)] is None, steps[id(call)].invoked
        (True, True)
    """
    calls = [s for span in ordered if isinstance(s := steps[id(span)], ModelCall)]
    requested = {
        request.name
        for call in calls
        for m in call.inputs + call.outputs
        for request in m.tool_calls
    }
    bodies: dict[str, list[ModelCall]] = {}
    for call in calls:
        for above in ancestors(call.span, by_id):
            step = steps[id(above)]
            if step is None:
                continue
            if isinstance(step, ToolRun):
                bodies.setdefault(above.span_id, []).append(call)
            break
    for span_id, inside in bodies.items():
        span = by_id[span_id]
        run = steps[id(span)]
        if not isinstance(run, ToolRun) or run.call.id is not None or run.call.name in requested:
            continue
        if any(isinstance(steps[id(a)], ModelCall) for a in ancestors(span, by_id)):
            continue
        result = str(run.call.result)
        replies = [m.content for call in inside for m in call.outputs if m.content]
        if not replies or not all(reply in result for reply in replies):
            continue
        steps[id(span)] = None
        for call in inside:
            call.invoked = True
