"""The calls a run's recorded state holds answered, in a trace with no model call.

A tool call is a tool the run executed: a tool span, or a request answered by a tool result in
the trace (tests/data/traces/README.md). Where a graph's run spans record its state and the
model calls that said it are traces of their own (OpenLLMetry for JS's LangChain runnables,
each span its own trace: `.otel._entity_states`), a node's or a router's state holds the
``AIMessage`` that requested calls and the ``ToolMessage`` s that answered them: those calls
ran, and the trace says so, though no tool span of them is in it.

The rule, `with_state_calls`: in a trace with no model call, each request of the runs' states
(`AgentRun.state`) that a tool message of the states answers by its id is a call, named and
given its arguments by the request, its result the tool message's, in the order requested;
unless a tool span of the trace executed it (the same id): that span's call stands. A request
no tool message answers, or one with no id (no message can name it), is no call here. The
calls add no message: the trace has none (no model call).
"""

from __future__ import annotations

from ..trace import ToolCall
from ._messages import Msg, result_value
from ._tool_runs import Executed

__all__ = ["with_state_calls"]


def with_state_calls(executed: list[Executed], state: list[Msg]) -> list[Executed]:
    """`executed`, then the calls `state` requests and answers that no span executed.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> asked = Msg("assistant", None, tool_calls=[
        ...     ToolRequest("get_weather", {"city": "Paris"}, "c1"),
        ...     ToolRequest("get_weather", {"city": "Tokyo"}, "c2")])
        >>> state = [Msg("user", "Weather?"), asked, Msg("tool", "rain", tool_call_id="c2"),
        ...     Msg("tool", '{"t": 22}', tool_call_id="c1")]
        >>> [(e.call.id, e.call.arguments, e.call.result, e.inside)
        ...  for e in with_state_calls([], state)]
        [('c1', {'city': 'Paris'}, {'t': 22}, True), ('c2', {'city': 'Tokyo'}, 'rain', True)]

        Unanswered, or run by a tool span (its call stands), or asked with no id: none added.

        >>> ran = Executed(ToolCall(name="get_weather", arguments={}, id="c1"))
        >>> [e.call.id for e in with_state_calls([ran], state[:3])]
        ['c1', 'c2']
        >>> unnamed = Msg("assistant", None, tool_calls=[ToolRequest("f", {}, None)])
        >>> with_state_calls([], [unnamed, Msg("tool", "x")])
        []
    """
    answers: dict[str, Msg] = {}
    for msg in state:
        if msg.role == "tool" and msg.tool_call_id:
            answers.setdefault(msg.tool_call_id, msg)
    known = {e.call.id for e in executed if e.call.id}
    out = list(executed)
    for msg in state:
        for request in msg.tool_calls if msg.role == "assistant" else []:
            answer = answers.get(request.id or "")
            if request.id is None or answer is None or request.id in known:
                continue
            known.add(request.id)
            result = answer.result if answer.result is not None else result_value(answer.content)
            call = ToolCall(
                name=request.name or None,
                arguments=request.arguments,
                result=result,
                id=request.id,
                error=answer.error,
            )
            out.append(Executed(call, inside=True))
    return out
