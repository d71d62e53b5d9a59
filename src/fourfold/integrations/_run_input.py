"""The run's input: the top-most runs' own, else the first recorded where a step records it.

The runs a trace is about leave out a chain inside other chains (a detail of a workflow's
step), but such a chain may be the first to record what the user asked: a CrewAI Flow
kicked off with no inputs records none, nor does its ``@start`` method, while the crew that
method kicks off records its kickoff inputs (``{"question": ...}``); the agent below has
only its task's prompt, and the Flow's next step its input the step before's output. So the
input is the top-most runs' own; else the first recorded, in the order they started, of the
runs' inputs and those of the chains inside workflow steps alone (no agent, model call or
tool above them).
"""

from __future__ import annotations

from ._spans import Span, ancestors
from ._steps import AgentRun, Step

__all__ = ["first_input"]


def first_input(
    runs: list[AgentRun], ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> str | None:
    """The top-most runs' input, else the first recorded (`runs`: top-most first).

    A chain inside others counts when every step above it is a run that is not an agent's
    (a chain, a workflow, an application's span).
    """
    candidates = {id(run.span): run for run in runs}
    for span in ordered:
        step = steps[id(span)]
        if id(span) in candidates or not isinstance(step, AgentRun) or step.kind != "chain":
            continue
        found = [steps[id(a)] for a in ancestors(span, by_id)]
        if all(s is None or (isinstance(s, AgentRun) and s.kind != "agent") for s in found):
            candidates[id(span)] = step
    depth = {key: len(ancestors(run.span, by_id)) for key, run in candidates.items()}
    top = min(depth.values(), default=0)
    ranked = sorted(candidates, key=lambda key: (depth[key] != top, candidates[key].span.sort_key))
    return next((r.input_value for k in ranked if (r := candidates[k]).input_value), None)
