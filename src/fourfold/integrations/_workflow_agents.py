"""The agent a LlamaIndex agent workflow ran, named only in the events its steps pass on.

LlamaIndex's agents (`FunctionAgent`, `ReActAgent`, `CodeActAgent`, and an `AgentWorkflow`
of several) run as a workflow whose steps (``setup_agent``, ``run_agent_step``,
``parse_agent_output``, ``call_tool``...) pass events on, and only those events name the
agent a step runs for: `AgentInput`, `AgentSetup` and `AgentOutput` carry
``current_agent_name``, the ``name`` the application gave the agent. No attribute and no span
name carries it otherwise. OpenInference's instrumentation writes the events as their Python
repr in the step spans' ``input.value`` / ``output.value`` (``current_agent_name=
'weather_agent'``), OpenLLMetry's as JSON in ``traceloop.entity.input`` / ``output``
(``"current_agent_name": "weather_agent"``). The first step, in time, that names an agent
gives the run's agent (in a hand-off, the agent that took the request first), unless it
is ``Agent``: the name LlamaIndex gives an agent the application did not name, a class's
default, not the agent's name.

LlamaIndex's own OpenTelemetry integration writes the events as llama-index-workflows'
summaries, the step's input as its span's ``llamaindex.step.input_summary`` and what it returned
as its ``step.output`` events (`._step_summaries`), cut at 200 characters and each string field
at 50: the agent's name there is the ``current_agent_name`` field the summary holds whole,
none where the cut reached it (``current_agent_name='...``).

`workflow_agent` reads only spans named for one of those steps, and one search of each
value (linear in its length).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ._spans import Span
from ._step_summaries import INPUT_SUMMARY, step_outputs, summary_fields, summary_kind

__all__ = ["workflow_agent"]

_STEP = re.compile(
    r"\.(?:init_run|setup_agent|run_agent_step|parse_agent_output|call_tool"
    r"|aggregate_tool_results|task)$"
)
"""A workflow step's span name (``AgentWorkflow.setup_agent``, ``BaseWorkflowAgent.task``)."""

_NAMED = re.compile(r"""current_agent_name['"]?\s*[:=]\s*(['"])([^'"\\\n]{1,200})\1""")
"""The event's field, as a repr (``current_agent_name='x'``) or as JSON (``"...": "x"``)."""

_VALUES = ("input.value", "output.value", "traceloop.entity.input", "traceloop.entity.output")

_UNNAMED = "Agent"
"""LlamaIndex's default ``name`` for an agent the application did not name."""


def workflow_agent(spans: Iterable[Span]) -> str | None:
    """The agent the first step of a LlamaIndex agent workflow names, or None.

    `spans` in time order.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> def step(name, value):
        ...     return Span("t", name, None, name, 0, 1, "unset", None, {"input.value": value})
        >>> workflow_agent([step("AgentWorkflow.setup_agent",
        ...     "AgentInput(input=[...], current_agent_name='triage_agent')")])
        'triage_agent'
        >>> workflow_agent([step("BaseWorkflowAgent.setup_agent",
        ...     "AgentInput(input=[...], current_agent_name='Agent')")]) is None
        True
        >>> def tagged(summary):
        ...     return Span("t", "s", None, "BaseWorkflowAgent.setup_agent", 0, 1, "ok", None,
        ...         {"llamaindex.step.input_summary": summary})
        >>> workflow_agent([tagged("AgentInput(input=[], current_agent_name='weather_agent')")])
        'weather_agent'
        >>> workflow_agent([tagged("AgentInput(input=[ChatMessage(role='user', blocks=[]), "
        ...     "current_agent_name='weath...")]) is None  # the name cut: none
        True
    """
    for span in spans:
        if not _STEP.search(span.name):
            continue
        for key in _VALUES:
            value = span.attributes.get(key)
            if not isinstance(value, str):
                continue
            found = _NAMED.search(value)
            if found is not None:
                name = found.group(2)
                return None if name == _UNNAMED else name
        for text in [span.attributes.get(INPUT_SUMMARY), *step_outputs(span)]:
            kind = summary_kind(text)
            named = (summary_fields(text, kind) or {}).get("current_agent_name") if kind else None
            if isinstance(named, str) and named:
                return None if named == _UNNAMED else named
    return None
