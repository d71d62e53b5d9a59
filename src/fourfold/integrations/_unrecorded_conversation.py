"""A trace whose conversation no span records: a run's messages are its input and output.

Semantic Kernel 1.45's ``OpenAIResponsesAgent`` calls the OpenAI client itself, not through a
chat completion service, so its diagnostics record no model-call span at all: only the
``invoke_agent`` span (``gen_ai.input.messages`` ``[]``, ``gen_ai.output.messages`` the answer
as one assistant message) and its ``execute_tool`` spans. The turns that requested the calls
and the tool messages that answered them are in no span; the calls are known only as calls.
A trace with no model call has no messages, even where a run's span records a prompt and an
answer: they give the run's input and output (tests/data/traces/README.md), and a tool's
result is no message either, since the history it was said in is not in the trace.

This holds only where nothing else records the conversation: no model call (nor a wrapper's),
no turns a runtime delivered (AutoGen's), no history a run records itself (CrewAI's task
output ``messages``, Haystack's agent span), and a run that records its exchange as messages.
A run that records none (MLflow's smolagents autolog gives ``{task}`` and the answer's text)
keeps its tools' results as tool messages, the only thing said that the trace holds. A graph
state a run records (a LangGraph run resumed from an interrupt, no model call of its own:
`._resumed_state`) is such an exchange: the earlier run's conversation, none of this trace's.
A trace with neither a model call nor a run, a tool's execution alone (OpenLLMetry for JS
exports each span of a LangChain.js run as a trace of its own: its tool span is one), holds no
conversation either: the result was said to a model no span of the trace records, and it is
the call's result, no message.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ._messages import Msg

__all__ = ["conversation_unrecorded"]


class _Run(Protocol):
    @property
    def outputs(self) -> list[Msg]: ...
    @property
    def history(self) -> list[Msg]: ...
    @property
    def state(self) -> list[Msg]: ...


def conversation_unrecorded(runs: Sequence[_Run], recorded_elsewhere: bool) -> bool:
    """Whether the runs' messages are no conversation: no call, turn or history records one.

    `recorded_elsewhere`: a model call (a wrapper's, a team's) or a delivered turn is in the trace.

    Examples:
        >>> from types import SimpleNamespace as NS
        >>> answer = [Msg(role="assistant", content="Sunny.")]
        >>> conversation_unrecorded([NS(outputs=answer, history=[], state=[])], False)
        True
        >>> conversation_unrecorded([NS(outputs=answer, history=[], state=[])], True)
        False
        >>> conversation_unrecorded([NS(outputs=answer, history=answer, state=[])], False)
        False
        >>> conversation_unrecorded([NS(outputs=[], history=[], state=[])], False)
        False
        >>> conversation_unrecorded([NS(outputs=[], history=[], state=answer)], False)
        True

        No run and no model call: a tool's execution alone.

        >>> conversation_unrecorded([], False), conversation_unrecorded([], True)
        (True, False)
    """
    if recorded_elsewhere or any(r.history for r in runs):
        return False
    return not runs or any(r.outputs or r.state for r in runs)
