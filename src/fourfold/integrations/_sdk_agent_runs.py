"""The OpenAI Agents SDK's agent, as LangSmith's processor exports it: a chain run by its name.

LangSmith's ``OpenAIAgentsTracingProcessor`` (``langsmith.metadata.ls_integration``
``openai-agents-sdk``) writes every span of the SDK as a LangSmith run, and every run that
is no model call and no tool as a ``chain``: the SDK's trace (its root run, named after the
workflow, ``Agent workflow`` by default), each agent span (named after the agent), each turn
(``Span``). Nothing but the place tells the agent's run apart: the SDK opens its agent
spans right under its trace (a hand-off opens the next one beside the first), so the chain
runs right under the trace's root run are the agents, and the first of them that ran, the
run's agent. A trace with its root alone (LangSmith's separate ``Agent workflow`` trace of a
run whose spans went to another) names none. The SDK's trace is the top-most of its runs,
not always the trace's root: run inside the application's own ``@traceable`` function
(LangSmith 0.15), the ``Agent workflow`` run sits under that function's run, and names no
agent either.

`sdk_agent` reads each span once.
"""

from __future__ import annotations

from collections.abc import Iterable

from ._spans import Span

__all__ = ["sdk_agent"]

_INTEGRATION = "langsmith.metadata.ls_integration"
_AGENTS_SDK = "openai-agents-sdk"


def sdk_agent(spans: Iterable[Span]) -> str | None:
    """The first agent run right under an Agents SDK trace's root run, as LangSmith exports it.

    `spans` in time order.

    Examples:
        >>> def run(span_id, parent, name):
        ...     return Span("t", span_id, parent, name, 0, 1, "unset", None, {
        ...         "langsmith.span.kind": "chain", _INTEGRATION: _AGENTS_SDK})
        >>> sdk_agent([run("r", None, "Agent workflow"), run("a", "r", "weather_agent"),
        ...            run("s", "a", "Span")])
        'weather_agent'
        >>> sdk_agent([run("r", None, "Agent workflow")]) is None
        True
        >>> app = Span("t", "q", None, "handle_question", 0, 1, "unset", None, {
        ...     "langsmith.span.kind": "chain"})
        >>> sdk_agent([app, run("r", "q", "Agent workflow")]) is None
        True
    """
    listed = list(spans)
    sdk = {s.span_id for s in listed if s.attributes.get(_INTEGRATION) == _AGENTS_SDK}
    roots = {s.span_id for s in listed if s.span_id in sdk and s.parent_id not in sdk}
    for span in listed:
        if span.span_id not in sdk or span.attributes.get("langsmith.span.kind") != "chain":
            continue
        if span.span_id not in roots and span.parent_id in roots and span.name:
            return span.name
    return None
