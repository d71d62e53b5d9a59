"""The model calls a team makes beside its agents (D15), told from a workflow step's own call.

A team (AgentChat's ``SelectorGroupChat``, MagenticOne's orchestrator) asks the model beside
its agents' runs: who speaks next, is the request satisfied. Those calls are not turns of the
conversation; their tokens count. A workflow's step that asks the model itself, in a run of
its own that holds no agent (a CrewAI Flow's ``@listen`` method making a plain ``LLM.call``
after a step that kicked off a crew), is a turn: its prompt and its reply are the run's;
unless it asked before any agent ran (a Flow's ``@start`` step whose reply its ``@router``
step routes by: `._steering_steps`), when it steers the agents as a team's call does. A step
whose span ended before its work began (openlit's Flow step, `._flow_step_calls`) holds no
call, but the call just after it under the same parent is its own: a turn too. A call that
delegates through executed tools (a team leader's, `._delegating_calls`) is a turn as well.
"""

from __future__ import annotations

from ._delegating_calls import delegating
from ._flow_step_calls import flow_step_call
from ._spans import Span, ancestors
from ._steering_steps import before_every_agent
from ._steps import AgentRun, ModelCall, Step, ToolRun
from ._tool_window_calls import during_tool

__all__ = ["beside_agents"]


def beside_agents(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> set[int]:
    """The model calls a team makes beside its agents (D15), as ``id(span)``.

    When agent runs make model calls of their own, a model call inside no agent run (nor a
    tool run, nor another model call) is the team's, not an agent's turn: AgentChat's
    ``SelectorGroupChat`` asks the model for the next speaker beside its agents' runs (its
    prompt the conversation written out as text, its reply a name). None when no agent run
    (outside tool runs) holds a model call: the calls are then the conversation. Nor is a
    call the team's when the nearest run above it holds no agent run: that run is a step of
    its own beside the agents' (a workflow's step asking the model once), the call its turn;
    but a step's call that ended before the first agent run started decides what runs (a
    Flow's routing question, `._steering_steps`): the team's again. A call a step made whose
    span ended before the call began (`._flow_step_calls`: openlit's Flow steps) is a turn.
    A call `invoked` as a prompt function's body (`._prompt_functions`: SK's chat strategies)
    is the team's wherever it ran, an agent's span included. A call that delegates through
    tools the run executed, or continues such a call given their results, is a caller's turn
    whatever ran around it (`._delegating_calls`: Agno's team leader under openlit). A call
    made while a tool ran is that tool's own (`._tool_window_calls`), wherever its span sits.
    """
    agents = [
        span
        for span in ordered
        if isinstance(run := steps[id(span)], AgentRun) and run.kind == "agent"
    ]
    holding = {above.span_id for span in agents for above in ancestors(span, by_id)}
    tools = [span for span in ordered if isinstance(steps[id(span)], ToolRun)]
    outside: set[int] = set()
    agents_call = False
    for span in ordered:
        step = steps[id(span)]
        if not isinstance(step, ModelCall) or step.wraps_calls:
            continue
        if step.invoked:  # a prompt function's body: the chat's, wherever it ran
            outside.add(id(span))
            continue
        above = ancestors(span, by_id)
        found = [steps[id(a)] for a in above]
        if any(isinstance(a, ModelCall | ToolRun) for a in found):
            continue
        if any(isinstance(a, AgentRun) and a.kind == "agent" for a in found):
            agents_call = True
            continue
        if during_tool(span, tools):
            continue  # a tool's own call, not under its span (`._tool_window_calls`)
        runs = (a for a, s in zip(above, found, strict=True) if isinstance(s, AgentRun))
        nearest = next(runs, None)
        if before_every_agent(span, agents):
            outside.add(id(span))  # a step's question before the agents ran: it steers them
        elif flow_step_call(span, ordered, steps):
            continue  # a step whose span ended before its call began made it: its turn
        elif nearest is None or nearest.span_id in holding:
            outside.add(id(span))
    if not agents_call:
        return set()
    team = (s for s in ordered if id(s) in outside)
    led = delegating((c for s in team if isinstance(c := steps[id(s)], ModelCall)), steps.values())
    return outside - led  # a caller delegating through tools: its turns (`._delegating_calls`)
