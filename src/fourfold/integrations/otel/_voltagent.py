"""VoltAgent's own OpenTelemetry spans: its agent runs, its model calls, its tool calls.

VoltAgent (``@voltagent/core``, TypeScript; its tracer's scope ``@voltagent/core``) records
an agent's operation with its own keys, no ``gen_ai.*`` and no OpenInference kind. Every span
of an agent's operation carries ``operation.id`` and ``entity.type`` (``agent``; a workflow's
``workflow``) with ``entity.id`` / ``entity.name``; its child spans say what they are in
``span.type`` (``llm``, ``tool``, ``memory``, ``retriever``, ``summary``, ``scorer``...). What
each is (`voltagent_step`), as VoltAgent 2.x writes it:

- the agent's span (``entity.type`` ``agent``, no ``span.type``; named as the agent, or
  ``subagent:<name>`` for a sub-agent) is the agent's run: its ``input`` the run's input when
  it is a text (a message list given instead is written as its JSON: the model call's user
  message then stands), its ``output`` the run's answer (the last step's text, the only
  record of it: an assistant message of the run), its ``ai.model.name`` the model, its
  ``usage.prompt_tokens`` / ``usage.completion_tokens`` the AI SDK result's ``totalUsage``,
  the tokens of every step. The agent is ``entity.name``; a sub-agent's span names its
  parent there and itself in ``subagent.name`` (``voltagent.is_subagent``). A sub-agent's
  span reports its own loop's usage beside its caller's, whose ``totalUsage`` counts its own
  steps alone (the sub-agent ran in a tool, ``delegate_task``): the runs' usage is their sum
  (`AgentRun.own_usage`; ``voltagent-subagent``);
- an ``llm`` span (``llm:generateText``, ``llm:streamText``, ``llm:generateObject``...) is one
  AI SDK call, the whole tool loop of its steps: ``llm.messages`` the request it was given
  (the AI SDK's messages as JSON, its last ten), ``llm.model`` the model asked for. It records
  none of its steps' replies (`ModelCall.reply_in_runs` ``during``: the turns that requested
  tools are given back from the tool spans run during it, `.._replies_in_runs`). Its
  ``llm.usage.*`` is the AI SDK result's ``usage``, the *last* step's alone, not the call's:
  no count of the call (the agent's span has the run's, used when no model call carries any);
- a ``tool`` span (``tool.execution:<tool>``) is one tool call: ``tool.name``, ``tool.call.id``
  (the model's call id), ``input`` the arguments as JSON, ``output`` the result (text as it
  is, else JSON); a failed call's error from the span's status and exception event. A tool
  that throws is no end of the run: the AI SDK hands the model the error's message alone
  (its ``error-text`` tool output, ``getErrorMessage``) and the loop goes on. VoltAgent writes
  that message as ``error.message`` (and as the status message): what the call's tool
  message says (`ToolRun.error_given`), the error keeping its type (``VoltAgentError: ...``).

Everything else is none of these: memory reads and writes, a summary, a scorer, a guardrail,
a workflow and its steps (not read yet: no export of one), and a retriever's search (its
documents are not read yet: no export of one either).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .._messages import Msg, parse_messages, try_json
from .._numbers import first_token_count
from .._spans import Span
from .._steps import AgentRun, ModelCall, Step, ToolRun
from ._tools import tool_run

__all__ = ["is_voltagent", "voltagent_step"]

_ENTITY = "entity.type"
_OPERATION = "operation.id"
_KIND = "span.type"


def is_voltagent(span: Span) -> bool:
    """Whether VoltAgent's tracer wrote the span: its ``entity.type`` and ``operation.id``.

    By its attributes, not its scope (a console dump keeps none).

    Examples:
        >>> def span(**attrs):
        ...     return Span("t", "s", None, "x", 0, 1, "unset", None, attrs)
        >>> is_voltagent(span(**{"entity.type": "agent", "operation.id": "e1", "span.type": "llm"}))
        True

        Not another tracer's span with a type or an operation of its own (OpenInference's
        ``llm.*``, Langfuse's observation), nor one of the two keys alone:

        >>> is_voltagent(span(**{"openinference.span.kind": "LLM", "llm.model_name": "m"}))
        False
        >>> is_voltagent(span(**{"langfuse.observation.type": "span", "operation.id": "x"}))
        False
        >>> is_voltagent(span(**{"entity.type": "agent", "span.type": "tool"}))
        False

        Nor the Vercel AI SDK's own spans, which name their operation otherwise:

        >>> is_voltagent(span(**{"operation.name": "ai.generateText", "ai.operationId": "x"}))
        False
    """
    attrs = span.attributes
    return isinstance(attrs.get(_ENTITY), str) and isinstance(attrs.get(_OPERATION), str)


def voltagent_step(span: Span) -> Step | None:
    """What a VoltAgent span is (see the module's docstring); None: none of the run's steps.

    Examples:
        >>> def span(name, **attrs):
        ...     found = {"entity.type": "agent", "operation.id": "op", **attrs}
        ...     return Span("t", "s", "p", name, 0, 1, "ok", None, found)
        >>> run = voltagent_step(span("tool.execution:get_weather", **{"span.type": "tool",
        ...     "tool.name": "get_weather", "tool.call.id": "call_w1",
        ...     "input": '{"city": "Paris"}', "output": "sunny, 22 C",
        ...     "tool.parameters": '{"def": {"type": "object"}, "type": "object"}'}))
        >>> run.call.name, run.call.arguments, run.call.result, run.call.id
        ('get_weather', {'city': 'Paris'}, 'sunny, 22 C', 'call_w1')

        Memory, a retriever's search, a summary, a workflow's spans are none:

        >>> [voltagent_step(span(n, **{"span.type": t})) for n, t in [("memory.read", "memory"),
        ...     ("retriever.search", "retriever"), ("agent.summary", "summary")]]
        [None, None, None]
        >>> voltagent_step(span("flow", **{"entity.type": "workflow"})) is None
        True
    """
    attrs = span.attributes
    kind = attrs.get(_KIND)
    if kind == "llm":
        return _model_call(span)
    if kind == "tool":
        return _tool_run(span)
    if kind is None and attrs.get(_ENTITY) == "agent":
        return _agent_run(span)
    return None


def _model_call(span: Span) -> ModelCall:
    """An ``llm`` span: the AI SDK call's request and model; no reply, no count of its own.

    Examples:
        >>> span = Span("t", "s", "p", "llm:generateText", 0, 1, "ok", None, {
        ...     "entity.type": "agent", "operation.id": "op", "span.type": "llm",
        ...     "llm.model": "gpt-4o-mini", "llm.messages": '[{"role": "system", "content": '
        ...     '"Be brief."}, {"role": "user", "content": [{"type": "text", "text": "Hi"}]}]',
        ...     "llm.usage.prompt_tokens": 118, "llm.usage.completion_tokens": 21})
        >>> call = _model_call(span)
        >>> [(m.role, m.content) for m in call.inputs], call.outputs, call.model
        ([('system', 'Be brief.'), ('user', 'Hi')], [], 'gpt-4o-mini')
        >>> call.input_tokens, call.output_tokens, call.reply_in_runs
        (None, None, 'during')
    """
    attrs = span.attributes
    return ModelCall(
        span,
        inputs=parse_messages(attrs.get("llm.messages")),
        outputs=[],
        model=_text(attrs.get("llm.model")),
        reply_in_runs="during",
    )


def _tool_run(span: Span) -> ToolRun:
    """A ``tool`` span: its tool, call id, arguments and result, under the GenAI keys.

    ``tool.parameters`` (the tool's schema, a zod dump) is no argument.

    Examples:
        >>> def span(**attrs):
        ...     return Span("t", "s", "p", "tool.execution:lookup", 0, 1, "ok", None, {
        ...         "entity.type": "agent", "operation.id": "op", "span.type": "tool",
        ...         "tool.name": "lookup", "tool.call.id": "c1", **attrs})
        >>> run = _tool_run(span(output='{"rows": 2}'))
        >>> run.call.arguments, run.call.result, run.result_recorded
        ({}, {'rows': 2}, True)
        >>> _tool_run(span(input='{"id": 7}')).result_recorded
        False

        A call that threw: the error with its type, the model given its message alone:

        >>> failed = Span("t", "s", "p", "tool.execution:lookup", 0, 1, "error", "no row 7", {
        ...     "entity.type": "agent", "operation.id": "op", "span.type": "tool",
        ...     "tool.name": "lookup", "tool.call.id": "c1", "input": '{"id": 7}',
        ...     "error.type": "VoltAgentError", "error.message": "no row 7"}, events=[
        ...     {"name": "exception", "attributes": {"exception.type": "VoltAgentError",
        ...      "exception.message": "no row 7"}}])
        >>> run = _tool_run(failed)
        >>> run.call.error, run.error_given, run.result_recorded
        ('VoltAgentError: no row 7', 'no row 7', False)

        Not a call that returned, nor one whose span says nothing of a message (its error as
        read stands):

        >>> _tool_run(span(output="ok", **{"error.message": "stale"})).error_given is None
        True
        >>> bare = Span("t", "s", "p", "tool.execution:lookup", 0, 1, "error", None, {
        ...     "entity.type": "agent", "operation.id": "op", "span.type": "tool",
        ...     "tool.name": "lookup", "tool.call.id": "c1"})
        >>> _tool_run(bare).error_given is None
        True
    """
    attrs = span.attributes
    found: dict[str, Any] = {
        "gen_ai.tool.name": attrs.get("tool.name"),
        "gen_ai.tool.call.id": attrs.get("tool.call.id"),
    }
    if "input" in attrs:
        found["gen_ai.tool.call.arguments"] = attrs["input"]
    if "output" in attrs:
        found["gen_ai.tool.call.result"] = attrs["output"]
    run = tool_run(span, found)
    if run.call.error is None or run.result_recorded:
        return run
    message = _text(attrs.get("error.message"))
    if message is None and span.status == "error":
        message = _text(span.status_message)
    return replace(run, error_given=message)


def _agent_run(span: Span) -> AgentRun:
    """The agent's span: its input, its answer, its model and the run's usage.

    Examples:
        >>> def span(**attrs):
        ...     return Span("t", "s", None, "weather_agent", 0, 9, "ok", None, {
        ...         "entity.type": "agent", "entity.id": "weather_agent", "operation.id": "op",
        ...         "entity.name": "weather_agent", "ai.model.name": "gpt-4o-mini", **attrs})
        >>> run = _agent_run(span(input="Rain in Paris?", output="No rain.",
        ...     **{"usage.prompt_tokens": 179, "usage.completion_tokens": 55}))
        >>> run.name, run.input_value, run.output_value, run.model
        ('weather_agent', 'Rain in Paris?', 'No rain.', 'gpt-4o-mini')
        >>> [(m.role, m.content) for m in run.outputs], run.input_tokens, run.output_tokens
        ([('assistant', 'No rain.')], 179, 55)

        A message list given as the input is no text of the run's; a sub-agent is named by
        ``subagent.name`` (its ``entity.name`` is its parent's); no output, no answer:

        >>> run = _agent_run(span(input='[{"role": "user", "content": "Hi"}]',
        ...     **{"voltagent.is_subagent": True, "subagent.name": "forecaster"}))
        >>> run.input_value, run.name, run.outputs, run.input_tokens
        (None, 'forecaster', [], None)
    """
    attrs = span.attributes
    given = _text(attrs.get("input"))
    answer = _text(attrs.get("output"))
    subagent = attrs.get("voltagent.is_subagent") in (True, "true")
    return AgentRun(
        span,
        outputs=[Msg(role="assistant", content=answer)] if answer is not None else [],
        output_value=try_json(answer),
        name=_text(attrs.get("subagent.name" if subagent else "entity.name")),
        model=_text(attrs.get("ai.model.name")),
        input_value=given if not isinstance(try_json(given), list | dict) else None,
        input_tokens=first_token_count(attrs, "usage.prompt_tokens"),
        output_tokens=first_token_count(attrs, "usage.completion_tokens"),
        own_usage=True,
    )


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None
