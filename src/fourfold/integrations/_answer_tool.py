"""A run that ends on an answer tool it never ran: its answer is that call's one text argument.

The AI SDK's loop for a final answer given as a tool (ai 7.0.173 with @ai-sdk/otel 1.0.173,
as the SDK's docs show it: an ``answer`` tool with no ``execute``, ``toolChoice:
'required'``, ``stopWhen: [stepCountIs(5), hasToolCall('answer')]``) stops when the model
calls ``answer``. The call is never executed: no ``execute_tool`` span, no result anywhere
(no later model input answers it), and ``result.text`` is empty. The run's own span
(``invoke_agent``), whose ``gen_ai.output.messages`` records the run's output, lists that
call as a ``tool_call`` part with its arguments (``{"answer": "Paris is sunny..."}``), after
the calls the run executed and beside their ``tool_call_response`` parts, with no text part.
The run's answer is the argument's text (read as a DSPy prediction's ``answer`` field is: the
answer, not the object around it).

Only where the trace says that call was the run's last act and never ran: the run span
records no text and no output value of its own; of the requests it records, exactly one has
neither a tool span nor a result, and it is the last one; the conversation ends on the turn
requesting it; and its arguments are one string. A run that ends on tools it executed
(Haystack's ``exit_conditions``, the OpenAI Agents SDK's ``stop_on_first_tool``: a tool span
and a result each) records no such request, and its output, which is not in the trace, stays
None. A run that raised (an aborted call) gave no answer: the caller does not ask
(`._raised_runs`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ._messages import Msg
from ._steps import AgentRun

__all__ = ["answer_tool_text"]


def answer_tool_text(run: AgentRun, messages: Sequence[Msg], ran: Collection[str]) -> str | None:
    """The text of the one-argument call `run` ended on and never ran, else None.

    `messages` is the conversation in order; `ran`, the ids of the tool calls the trace
    executed (a tool span, or a request a result answers).

    Examples:
        >>> from ._messages import ToolRequest
        >>> from ._spans import Span
        >>> asked = ToolRequest("get_weather", {"city": "Paris"}, "c1")
        >>> final = ToolRequest("answer", {"answer": "Sunny."}, "c2")
        >>> recorded = [Msg("assistant", tool_calls=[asked, final]),
        ...             Msg("tool", "sunny", tool_call_id="c1")]
        >>> run = AgentRun(Span("t", "s", None, "invoke_agent m", 1, 2, "ok", None, {}),
        ...                outputs=recorded)
        >>> answer_tool_text(run, [Msg("assistant", tool_calls=[final])], {"c1"})
        'Sunny.'
        >>> answer_tool_text(run, [Msg("assistant", tool_calls=[final])], {"c1", "c2"}) is None
        True
    """
    if run.kind != "agent" or run.output_value is not None:
        return None
    said = [m for m in run.outputs if m.role == "assistant"]
    if not said or any(m.content for m in said):
        return None  # the run records a text answer, or nothing it said
    answered = {m.tool_call_id for m in [*run.outputs, *messages] if m.role == "tool"}
    requests = [r for m in said for r in m.tool_calls]
    unrun = [r for r in requests if r.id not in ran and r.id not in answered]
    if len(unrun) != 1 or unrun[0] is not requests[-1] or unrun[0].id is None:
        return None
    last = messages[-1] if messages else None
    if last is None or last.role != "assistant" or last.content:
        return None  # the run went on after the request, or ended on words
    if unrun[0].id not in {r.id for r in last.tool_calls}:
        return None
    values = list(unrun[0].arguments.values())
    if len(values) != 1 or not isinstance(values[0], str) or not values[0].strip():
        return None
    return values[0]
