"""What a run span's own records add to a conversation its model calls record.

A run span (an agent's or a workflow's) may record what its agent was told and what it
gave back: system instructions, input and output messages. The model calls inside it
record what the model was really sent and what it said, so the run's own records add only
what no call holds, and never what is no message at all:

- a run's system instructions are no message of their own when a model call inside the
  run sends a system prompt: the framework made the model's prompt from them (openlit's
  CrewAI task span gives the agent's backstory; CrewAI's system prompt wraps it with the
  agent's role and goal). Without such a call (a Responses API continuation, whose recorded
  input leaves the instructions out) they are the run's system prompt (`own_system_prompts`);
- a workflow run inside an agent run is that agent's own machinery (CrewAI 1.x runs each
  agent's loop as an ``AgentExecutor`` flow, which returns ``"completed"``): what it returns
  is a status, not something said; the agent run around it speaks for it (`said_by_runs`);
- a text that is Python's default repr of an object (``<coroutine object
  Flow._execute_method at 0x7f…>``: a tracer wrapping an async method as a sync one records
  the coroutine it got back, not what the method did) says nothing (`object_repr`);
- an assistant message with no text, no calls and no result says nothing either: Semantic
  Kernel's agent span records a turn that ended on calls (a handoff function that ends the
  agent's loop) as ``{"role": "assistant", "content": ""}``, the calls dropped; the model
  call's reply holds that turn whole, and a model that really said nothing is recorded so
  by its own call (`said_by_runs`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ._messages import Msg
from ._silent_replies import silent
from ._spans import Span

__all__ = ["object_repr", "own_system_prompts", "said_by_runs"]

_OBJECT_REPR = re.compile(r"<[\w.]+(?: [\w.<>]+)* (?:object )?at 0x[0-9a-fA-F]+>")


class _Run(Protocol):
    @property
    def span(self) -> Span: ...
    @property
    def kind(self) -> str: ...
    @property
    def inputs(self) -> list[Msg]: ...
    @property
    def outputs(self) -> list[Msg]: ...


class _Call(Protocol):
    @property
    def span(self) -> Span: ...
    @property
    def inputs(self) -> list[Msg]: ...


Ancestors = Callable[[Span], list[Span]]


def object_repr(text: Any) -> bool:
    """Whether `text` is Python's default repr of an object: a type and an address.

    Examples:
        >>> object_repr("<coroutine object Flow._execute_method at 0x7f246443f130>")
        True
        >>> object_repr("<function main.<locals>.run at 0x10>")
        True
        >>> object_repr("Paris: <b>sunny</b> at 0x10 C")
        False
        >>> object_repr(None)
        False
    """
    return isinstance(text, str) and _OBJECT_REPR.fullmatch(text.strip()) is not None


def own_system_prompts(run: _Run, calls: Sequence[_Call], ancestors: Ancestors) -> list[Msg]:
    """The system prompts `run` records that are the conversation's own.

    None when a model call inside the run sends a system prompt: that says what it was told.

    Examples:
        >>> from types import SimpleNamespace as NS
        >>> agent, inner = NS(span_id="a"), NS(span_id="c")
        >>> up = {"c": [agent]}
        >>> run = NS(span=agent, kind="agent", inputs=[Msg(role="system", content="Be brief.")],
        ...          outputs=[])
        >>> told = NS(span=inner, inputs=[Msg(role="system", content="You are X. Be brief.")])
        >>> own_system_prompts(run, [told], lambda s: up.get(s.span_id, []))
        []
        >>> untold = NS(span=inner, inputs=[Msg(role="user", content="Hi")])
        >>> [m.content for m in own_system_prompts(run, [untold], lambda s: up.get(s.span_id, []))]
        ['Be brief.']
    """
    systems = [m for m in run.inputs if m.role == "system"]
    if not systems:
        return []
    for call in calls:
        inside = any(a.span_id == run.span.span_id for a in ancestors(call.span))
        if inside and any(m.role == "system" and m.content for m in call.inputs):
            return []
    return systems


def said_by_runs(runs: Sequence[_Run], ancestors: Ancestors) -> list[list[Msg]]:
    """What each run's own output says, in the runs' order.

    Nothing for a workflow inside an agent run, no text that is an object's default repr and
    no assistant message that says nothing.

    Examples:
        >>> from types import SimpleNamespace as NS
        >>> agent, flow, step = NS(span_id="a"), NS(span_id="f"), NS(span_id="s")
        >>> up = {"f": [agent], "s": [flow, agent]}
        >>> def said(text): return [Msg(role="assistant", content=text)]
        >>> runs = [NS(span=agent, kind="agent", inputs=[], outputs=said("Sunny.")),
        ...         NS(span=flow, kind="workflow", inputs=[], outputs=said("completed")),
        ...         NS(span=step, kind="agent", inputs=[], outputs=said("<coroutine object"
        ...            " Flow._execute_method at 0x7f24>"))]
        >>> given = said_by_runs(runs, lambda s: up.get(s.span_id, []))
        >>> [[m.content for m in said] for said in given]
        [['Sunny.'], [], []]
        >>> said_by_runs([NS(span=agent, kind="agent", inputs=[], outputs=said(""))], up.get)
        [[]]
    """
    agents = {r.span.span_id for r in runs if r.kind == "agent"}
    out: list[list[Msg]] = []
    for run in runs:
        if run.kind == "workflow" and any(a.span_id in agents for a in ancestors(run.span)):
            out.append([])  # the agent's own executor: its result is a status
            continue
        out.append([m for m in run.outputs if not object_repr(m.content) and not silent(m)])
    return out
