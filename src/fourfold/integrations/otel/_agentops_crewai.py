"""AgentOps' CrewAI spans: the crew's run, its agents, and the conversation its result holds.

AgentOps' CrewAI instrumentation (``agentops/instrumentation/agentic/crewai``, scope
``crewai``) wraps ``Crew.kickoff``, ``Task.execute_sync``, ``Agent.execute_task`` and
``LLM.call``. CrewAI 1.x calls its models through its native provider clients, not
``LLM.call``, so a crew of 1.x leaves no model-call span (agentops-crewai-2026-12-07e). What
the spans say, none with an operation name:

- the crew (``crewai.workflow``, or the trace name the application set): kind ``workflow``,
  ``gen_ai.system`` ``crewai``, the crew's ``str()`` result as ``crewai.crew.result``, its
  ``CrewOutput.tasks_output`` as one ``str()`` (``crewai.crew.tasks_output``: ``[TaskOutput(
  description=..., raw=..., agent='<role>', output_format=<OutputFormat.RAW: 'raw'>,
  messages=[{'role': ..., 'content': ...}, ...]), ...]``), the crew's token usage as
  ``gen_ai.usage.prompt_tokens`` / ``completion_tokens``;
- each agent's run of a task (``<role>.agent``): kind ``agent``, ``gen_ai.system``
  ``crewai``, the agent's ``role`` (CrewAI's name for an agent) as ``agent.role`` and no
  ``agent.name``, its model as ``gen_ai.request.model``;
- each task (``<description>.task``, kind ``workflow.step``) and the tools
  (`._agentops_tools`).

So the crew span is the application's workflow run: its result the answer, its usage the
run's (no model call reports any), and its tasks' ``messages``, each agent's own
conversation (system, the task as the user's message, the model's replies; CrewAI's ReAct
turns with their ``Observation`` appended), the conversation the trace records
(`._shapes.crewai_task_messages`, the tasks in the order the crew ran them). An agent span
is an agent run named by its ``agent.role``. Task spans are not read: their
``agentops.entity.input`` is the task's description, their output the task's ``raw``, which
the crew's result holds.

The repr is read by `.._cut_reprs.repr_list` (tokens, then literals, never evaluated; an
enum member's repr its value); one that does not parse whole gives no conversation.
Spans of CrewAI's own telemetry or of OpenInference's CrewAI instrumentation carry neither
``agentops.span.kind`` nor these keys.
"""

from __future__ import annotations

from typing import Any

from .._cut_reprs import repr_list
from .._messages import Msg
from .._numbers import token_count
from .._spans import PLACEHOLDER_MODELS, Span
from .._steps import AgentRun
from ._shapes import crewai_task_messages

__all__ = ["crewai_run", "crewai_task_histories"]

_KIND = "agentops.span.kind"
_TASKS = "crewai.crew.tasks_output"


def crewai_run(span: Span) -> AgentRun | None:
    """The run an AgentOps CrewAI crew or agent span records; None for any other span.

    Examples:
        >>> crew = Span("t", "c", None, "crewai.workflow", 1, 9, "ok", None, {
        ...     "agentops.span.kind": "workflow", "gen_ai.system": "crewai",
        ...     "crewai.crew.result": "Sunny.", "gen_ai.usage.prompt_tokens": "85",
        ...     "gen_ai.usage.completion_tokens": "18", "crewai.crew.tasks_output":
        ...     "[TaskOutput(raw='Sunny.', agent='Writer', output_format=<OutputFormat.RAW: "
        ...     "'raw'>, messages=[{'role': 'user', 'content': 'Weather?'}, "
        ...     "{'role': 'assistant', 'content': 'Sunny.'}])]"})
        >>> run = crewai_run(crew)
        >>> run.kind, run.output_value, run.input_tokens, run.output_tokens
        ('workflow', 'Sunny.', 85, 18)
        >>> [(m.role, m.content) for m in run.history]
        [('user', 'Weather?'), ('assistant', 'Sunny.')]
        >>> agent = Span("t", "a", "c", "Writer.agent", 2, 8, "ok", None, {
        ...     "agentops.span.kind": "agent", "gen_ai.system": "crewai",
        ...     "agent.role": "Writer", "gen_ai.request.model": "gpt-4o-mini"})
        >>> run = crewai_run(agent)
        >>> run.kind, run.name, run.model
        ('agent', 'Writer', 'gpt-4o-mini')

        Not CrewAI's: AgentOps' agent span of another framework (its ``agent.role`` is no
        name: smolagents writes ``executor``), its LangGraph workflow, a task span:

        >>> other = {"agentops.span.kind": "agent", "gen_ai.system": "smolagents",
        ...          "agent.role": "executor"}
        >>> crewai_run(Span("t", "a", None, "a", 1, 2, "ok", None, other)) is None
        True
        >>> graph = {"agentops.span.kind": "workflow"}
        >>> crewai_run(Span("t", "g", None, "langgraph.workflow.execute", 1, 2, "ok", None,
        ...                 graph)) is None
        True
        >>> task = {"agentops.span.kind": "workflow.step", "gen_ai.system": "crewai"}
        >>> crewai_run(Span("t", "k", None, "x.task", 1, 2, "ok", None, task)) is None
        True
    """
    attrs = span.attributes
    if attrs.get("gen_ai.system") != "crewai" or attrs.get("gen_ai.operation.name"):
        return None
    kind = attrs.get(_KIND)
    if kind == "agent":
        role = attrs.get("agent.role")
        return AgentRun(
            span,
            kind="agent",
            name=role if isinstance(role, str) and role else None,
            model=_model(attrs.get("gen_ai.request.model")),
        )
    if kind != "workflow":
        return None
    result = attrs.get("crewai.crew.result")
    return AgentRun(
        span,
        kind="workflow",
        output_value=result if isinstance(result, str) and result else None,
        history=[m for h in crewai_task_histories(attrs.get(_TASKS)) for m in h],
        input_tokens=token_count(attrs.get("gen_ai.usage.prompt_tokens")),
        output_tokens=token_count(attrs.get("gen_ai.usage.completion_tokens")),
    )


def crewai_task_histories(text: Any) -> list[list[Msg]]:
    r"""Each task's conversation, in order, from the ``str()`` of a crew's ``tasks_output``.

    Examples:
        >>> text = ("[TaskOutput(raw='22 C', agent='R', messages=[{'role': 'system', "
        ...     "'content': 'You are R.'}, {'role': 'assistant', 'content': 'Thought: done\\n"
        ...     "Final Answer: 22 C'}]), TaskOutput(raw='Warm.', agent='W', messages=[])]")
        >>> first, second = crewai_task_histories(text)
        >>> [(m.role, m.content) for m in first]
        [('system', 'You are R.'), ('assistant', 'Thought: done\nFinal Answer: 22 C')]
        >>> [(m.role, m.content) for m in second]
        [('assistant', 'Warm.')]

        No conversation from what is no list of task outputs, or a repr cut short:

        >>> crewai_task_histories("[]"), crewai_task_histories("TaskOutput(raw='x')")
        ([], [])
        >>> crewai_task_histories("[TaskOutput(raw='x', agent='R', messages=[{'role': ...")
        []
    """
    tasks = repr_list(text.strip(), "TaskOutput") if isinstance(text, str) else None
    return [h for h in (crewai_task_messages(t) for t in tasks or []) if h]


def _model(value: Any) -> str | None:
    """The agent's request model as written, none for a placeholder."""
    if not isinstance(value, str) or value.strip().lower() in PLACEHOLDER_MODELS:
        return None
    return value
