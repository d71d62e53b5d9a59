"""Langtrace's CrewAI spans: the crew, its agents and tasks, read from the reprs it writes.

Langtrace's Python SDK (langtrace-python-sdk 3.8) wraps CrewAI's ``Crew.kickoff`` (and its
``_for_each`` and async forms), ``Task.execute_sync`` (span ``Task.execute``) and
``Agent.execute_task`` in spans of its own, ``langtrace.service.name`` ``CrewAI`` and
``langtrace.service.type`` ``framework``, with no GenAI attribute: it writes the object's
fields one by one as ``crewai.<crew|task|agent>.<field>``, each its ``str()`` (Python reprs,
not JSON), and what the method returned as ``crewai.<class>.result``, its ``str()``. The model
calls under them are the provider instrumentations' spans (Langtrace's
``openai.chat.completions.create``), which over CrewAI 1.x's own OpenAI client record the
prompt alone: no reply, no token counts. What a span is, by the fields it writes (its name
may carry a suffix the application set, ``langtrace.span.name``):

- the crew's (``crewai.crew.*``): the application's workflow run. ``crewai.crew.result``, the
  ``CrewOutput``'s text, is its answer. ``crewai.crew.tasks_output``, the repr of its
  ``TaskOutput`` list, holds each task's conversation as CrewAI kept it (``messages``, the
  task's answer ``raw`` after them when they stop before it, `._shapes.crewai_task_messages`),
  in task order: the run's own record of its conversation (`AgentRun.history`), which gives
  the turns and replies the model-call spans leave out. ``crewai.crew.usage_metrics`` (a
  dict's repr), else ``crewai.crew.token_usage`` (``UsageMetrics``' ``name=value`` pairs), is
  the crew's usage as CrewAI counted it, taken as written (`AgentRun.input_tokens`: used only
  when no model call carries counts);
- an agent's (``crewai.agent.role``): the agent's run, named by its role (CrewAI's name for an
  agent); ``crewai.agent.result``, what the agent returned for its task, is its result;
- a task's (``crewai.task.*``) and a memory store's: nothing of the run (a task's result
  repeats its agent's; the crew's record holds its conversation).

A span of another tracer's CrewAI instrumentation (OpenLLMetry's, openlit's: ``crewai.*``
keys too, GenAI ones beside them) is not Langtrace's: `langtrace_crewai_step` reads only spans
that name Langtrace's CrewAI service.
"""

from __future__ import annotations

import re
from typing import Any, Final

from .._cut_reprs import repr_list
from .._literals import python_literal
from .._messages import Msg
from .._numbers import token_count
from .._spans import Span
from .._steps import AgentRun
from ._shapes import crewai_task_messages

__all__ = ["crew_usage", "is_langtrace_crewai", "langtrace_crewai_step", "tasks_conversation"]

_SERVICE: Final = "CrewAI"
"""What Langtrace writes as ``langtrace.service.name`` on its CrewAI spans."""

_PAIR = re.compile(r"(\w+)=(\S+)")


def is_langtrace_crewai(span: Span) -> bool:
    """Whether `span` is one of Langtrace's CrewAI framework spans.

    Examples:
        >>> def span(attrs): return Span("t", "s", None, "Crew.kickoff", 1, 2, "ok", None, attrs)
        >>> is_langtrace_crewai(span({"langtrace.service.name": "CrewAI",
        ...                           "langtrace.service.type": "framework"}))
        True
        >>> is_langtrace_crewai(span({"langtrace.service.name": "OpenAI",
        ...                           "langtrace.service.type": "llm"}))
        False
        >>> is_langtrace_crewai(span({"crewai.crew.result": "x", "gen_ai.system": "crewai"}))
        False
    """
    attrs = span.attributes
    return (
        attrs.get("langtrace.service.name") == _SERVICE
        and attrs.get("langtrace.service.type") == "framework"
    )


def langtrace_crewai_step(span: Span) -> AgentRun | None:
    """What one of Langtrace's CrewAI spans is: the crew's run, an agent's, or nothing.

    Examples:
        >>> def span(attrs): return Span("t", "s", None, "x", 1, 2, "ok", None, attrs)
        >>> crew = langtrace_crewai_step(span({"crewai.crew.name": "crew",
        ...     "crewai.crew.result": "Sunny.", "crewai.crew.usage_metrics":
        ...     "{'prompt_tokens': 5, 'completion_tokens': 2, 'successful_requests': 2}"}))
        >>> crew.kind, crew.name, crew.output_value, crew.input_tokens, crew.output_tokens
        ('workflow', None, 'Sunny.', 5, 2)
        >>> agent = langtrace_crewai_step(span({"crewai.agent.role": "Researcher",
        ...     "crewai.agent.result": "Sunny."}))
        >>> agent.kind, agent.name, agent.output_value, agent.outputs
        ('agent', 'Researcher', 'Sunny.', [])
        >>> langtrace_crewai_step(span({"crewai.task.agent": "Researcher",
        ...                             "crewai.task.result": "Sunny."})) is None
        True
    """
    attrs = span.attributes
    if any(key.startswith("crewai.crew.") for key in attrs):
        prompt, completion = crew_usage(attrs)
        return AgentRun(
            span,
            kind="workflow",
            output_value=_text(attrs.get("crewai.crew.result")),
            history=tasks_conversation(attrs.get("crewai.crew.tasks_output")),
            input_tokens=prompt,
            output_tokens=completion,
        )
    role = _text(attrs.get("crewai.agent.role"))
    if role is not None:
        return AgentRun(
            span, kind="agent", name=role, output_value=_text(attrs.get("crewai.agent.result"))
        )
    return None


def tasks_conversation(value: Any) -> list[Msg]:
    r"""Each task's conversation in a crew's ``tasks_output`` repr, in task order; else none.

    A ``TaskOutput`` whose ``messages`` stop before its answer (a task whose one model call
    made the answer) ends on its ``raw`` as the assistant's reply.

    Examples:
        >>> said = tasks_conversation(
        ...     "[TaskOutput(raw='Sunny.', agent='R', output_format=<OutputFormat.RAW: 'raw'>, "
        ...     "messages=[{'role': 'user', 'content': 'Weather?'}]), "
        ...     "TaskOutput(raw='It is sunny.', agent='W', messages=[{'role': 'user', "
        ...     "'content': 'Say it'}, {'role': 'assistant', 'content': 'It is sunny.'}])]")
        >>> [(m.role, m.content) for m in said]  # doctest: +NORMALIZE_WHITESPACE
        [('user', 'Weather?'), ('assistant', 'Sunny.'), ('user', 'Say it'),
         ('assistant', 'It is sunny.')]
        >>> tasks_conversation("[TaskOutput(raw='Sunny.', agent='R', messages=None)]")
        []
        >>> tasks_conversation("CrewOutput(raw='Sunny.')"), tasks_conversation(None)
        ([], [])
    """
    tasks = repr_list(value, "TaskOutput")
    if not tasks:
        return []
    out: list[Msg] = []
    for task in tasks:
        if not isinstance(task.get("messages"), list) or not isinstance(task.get("agent"), str):
            return []  # a task's conversation not whole: none is the crew's record
        out.extend(crewai_task_messages(task))
    return out


def crew_usage(attrs: dict[str, Any]) -> tuple[int | None, int | None]:
    """The crew's prompt and completion tokens, as CrewAI counted them; else None.

    ``crewai.crew.usage_metrics``, a dict's repr, else ``crewai.crew.token_usage``,
    ``UsageMetrics``' ``str()``: ``name=value`` pairs and nothing else.

    Examples:
        >>> crew_usage({"crewai.crew.token_usage": "total_tokens=7 prompt_tokens=5 "
        ...             "completion_tokens=2 successful_requests=2"})
        (5, 2)
        >>> crew_usage({"crewai.crew.token_usage": "prompt_tokens=5 and more"})
        (None, None)
        >>> crew_usage({"crewai.crew.usage_metrics": "{'prompt_tokens': True}"})
        (None, None)
    """
    counts = python_literal(str(attrs.get("crewai.crew.usage_metrics") or ""))
    if not isinstance(counts, dict):
        written = str(attrs.get("crewai.crew.token_usage") or "").split()
        pairs = [_PAIR.fullmatch(word) for word in written]
        found = [p for p in pairs if p is not None]
        counts = {p.group(1): p.group(2) for p in found} if len(found) == len(pairs) else {}
    return token_count(counts.get("prompt_tokens")), token_count(counts.get("completion_tokens"))


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None
