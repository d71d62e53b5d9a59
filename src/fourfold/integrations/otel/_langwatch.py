"""LangWatch's own OpenTelemetry spans: what ``langwatch.span.type`` says each span is.

LangWatch's SDKs (Python ``langwatch`` 1.x, its scope ``langwatch``; TypeScript
``langwatch``, its tracer named by the application) write a span's kind as
``langwatch.span.type`` (``span``, ``llm``, ``chain``, ``tool``, ``agent``, ``rag``,
``guardrail``, ``evaluation``, ``workflow``, ``task``...), its input and output as typed values
(`._langwatch_values`) in ``langwatch.input`` / ``langwatch.output``, a model call's token
counts as ``langwatch.metrics`` (the Python SDK's ``{prompt_tokens, completion_tokens}``; the
TypeScript SDK's typed ``json`` value of ``{promptTokens, completionTokens}``), beside a few
GenAI keys: ``gen_ai.request.model`` / ``gen_ai.response.model`` and, from the Python SDK,
``gen_ai.usage.prompt_tokens`` / ``completion_tokens`` (the same counts), and no
``gen_ai.operation.name``. A span that names its operation (``gen_ai.operation.name``) is read
by the GenAI conventions, whatever LangWatch keys it carries. What each type is
(`langwatch_step`):

- ``llm``: one model call. Its input the request's messages (``chat_messages``, a text a user
  message), its output the reply (an assistant's; the Python SDK's DSPy autotracking writes
  the ``LM``'s return value, a ``json`` list of its outputs, one per choice: each a choice's
  text, or DSPy's ``{text, tool_calls}`` where a choice holds more, `._lm_outputs`); its
  model ``gen_ai.request.model`` as
  written (the Python SDK's autotracking writes ``openai/gpt-4o-mini``: LangWatch's vendor
  prefix kept), its answering model ``gen_ai.response.model``; its usage the GenAI counts,
  else the metrics';
- ``tool``: one tool call, named as its span is (the decorated function's, ``get_weather``),
  its arguments its input (a ``json`` object; LangChain's tool input, a dict's Python repr
  written as ``text``, read as that dict, `._tools`), its result its output (a text as it is, a
  JSON value as it is; the LangChain callback's ``chat_messages`` of one ``unknown`` message,
  the tool's output as the model is given it, that message's content; the TypeScript SDK's
  LangChain callback's ``ToolMessage``, serialised whole in a typed value, its content and its
  ``tool_call_id``, the call's id). Else no span carries a call id: the call is matched to the
  request of its name and arguments;
- ``agent``: an agent's run, named as its span is (a span the trace types as an agent's names
  it, the contract's ``agent``), its input the run's own when a text (or an object whose ask
  key holds one, `asked_task`), its output its answer;
- ``chain``: a LangChain runnable the SDK's LangChain callback recorded
  (`._runnable_messages`): a chain run (kind ``chain``: inside another run, a detail of it),
  the requesting turns and tool messages of what it returned held whole for the model inputs
  that replay them without their calls; a chain whose returned state's replies are signed
  with the chain's own name is that agent's run (LangGraph's ``create_agent``, LangGraph.js's
  ``createReactAgent``, named ``weather_agent``), its answer the state's last assistant text;
- any other type on a root span with an output (the Python SDK's ``@langwatch.trace()``
  function, type ``span``; a TypeScript ``workflow``) is the application's run: its input the
  run's own when a text or an object that asks, its output the answer; on a span under
  another, the application's step, nothing of the run. A ``rag`` span is a retrieval, its
  RAG contexts the passages (`._langwatch_rag`); a ``guardrail`` or ``evaluation`` span is a
  check, none of these.
"""

from __future__ import annotations

from typing import Any

from .._choices import as_choices
from .._messages import Msg
from .._numbers import first_token_count
from .._spans import PLACEHOLDER_MODELS, Span
from .._steps import AgentRun, ModelCall, Step, ToolRun
from ._asked_task import asked_task
from ._langwatch_rag import rag_retrieval
from ._langwatch_values import typed_value, value_json, value_messages, value_text
from ._lm_outputs import lm_outputs_reply
from ._runnable_messages import chain_messages, signed_name
from ._state_reprs import held_turns
from ._tools import tool_run

__all__ = ["LANGWATCH_TYPE", "is_langwatch", "langwatch_step"]

LANGWATCH_TYPE = "langwatch.span.type"
_INPUT = "langwatch.input"
_OUTPUT = "langwatch.output"
_METRICS = "langwatch.metrics"
_INPUT_TOKENS = ("gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens")
_OUTPUT_TOKENS = ("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens")
_METRIC_INPUT = ("prompt_tokens", "promptTokens")
_METRIC_OUTPUT = ("completion_tokens", "completionTokens")
_CHECKS = frozenset({"guardrail", "evaluation"})
"""Types that are no step of these: a check's verdict."""


def is_langwatch(span: Span) -> bool:
    """Whether LangWatch's SDK typed the span (``langwatch.span.type``) and no operation is named.

    By its attributes, not its scope (the TypeScript SDK's tracer is named by the application).

    Examples:
        >>> def span(**attrs):
        ...     return Span("t", "s", None, "x", 0, 1, "unset", None, attrs)
        >>> is_langwatch(span(**{"langwatch.span.type": "llm", "gen_ai.request.model": "m"}))
        True

        Not a span naming its operation, nor another tracer's type (Langfuse's observation,
        VoltAgent's ``span.type``, Mastra's), nor LangWatch's input alone:

        >>> is_langwatch(span(**{"langwatch.span.type": "llm", "gen_ai.operation.name": "chat"}))
        False
        >>> is_langwatch(span(**{"langfuse.observation.type": "generation"}))
        False
        >>> is_langwatch(span(**{"span.type": "llm", "entity.type": "agent"}))
        False
        >>> is_langwatch(span(**{"mastra.span.type": "agent_run"}))
        False
        >>> is_langwatch(span(**{"langwatch.input": '{"type": "text", "value": "Hi"}'}))
        False
    """
    attrs = span.attributes
    return isinstance(attrs.get(LANGWATCH_TYPE), str) and not attrs.get("gen_ai.operation.name")


def langwatch_step(span: Span) -> Step | None:
    """What a LangWatch span is (see the module's docstring); None: none of the run's steps.

    Examples:
        >>> def span(name, parent="p", **attrs):
        ...     return Span("t", "s", parent, name, 0, 1, "unset", None, attrs)
        >>> run = langwatch_step(span("get_weather", **{"langwatch.span.type": "tool",
        ...     "langwatch.input": '{"type": "json", "value": {"city": "Paris"}}',
        ...     "langwatch.output": '{"type": "text", "value": "sunny, 22 C"}'}))
        >>> run.call.name, run.call.arguments, run.call.result, run.call.id
        ('get_weather', {'city': 'Paris'}, 'sunny, 22 C', None)

        A check, and a step of the application under another span, are none:

        >>> [langwatch_step(span("check", **{"langwatch.span.type": t,
        ...     "langwatch.output": '{"type": "text", "value": "ok"}'})) for t in
        ...     ("guardrail", "evaluation", "span")]
        [None, None, None]
        >>> langwatch_step(span("weather_loop", None, **{"langwatch.span.type": "span"})) is None
        True
    """
    attrs = span.attributes
    kind = str(attrs.get(LANGWATCH_TYPE))
    if kind == "llm":
        return _model_call(span)
    if kind == "tool":
        return _tool_run(span)
    if kind == "agent":
        return _run(span, "agent", span.name)
    if kind == "chain":
        return _chain_run(span)
    if kind == "rag":
        return rag_retrieval(span)
    if kind in _CHECKS or span.parent_id is not None or _OUTPUT not in attrs:
        return None
    return _run(span, "app", None)


def _model_call(span: Span) -> ModelCall:
    """An ``llm`` span: the request's messages, the reply, the model and the usage.

    Examples:
        >>> span = Span("t", "s", "p", "llm-call", 0, 1, "ok", None, {
        ...     "langwatch.span.type": "llm", "gen_ai.request.model": "gpt-4o-mini",
        ...     "gen_ai.response.model": "gpt-4o-mini-2024-07-18",
        ...     "langwatch.input": '{"type": "chat_messages", "value": [{"role": "user", '
        ...     '"content": "Rain?"}]}',
        ...     "langwatch.output": '{"type": "chat_messages", "value": [{"role": '
        ...     '"assistant", "content": "No rain."}]}',
        ...     "langwatch.metrics": '{"type": "json", "value": {"promptTokens": 9, '
        ...     '"completionTokens": 3}}'})
        >>> call = _model_call(span)
        >>> [(m.role, m.content) for m in call.inputs + call.outputs]
        [('user', 'Rain?'), ('assistant', 'No rain.')]
        >>> call.input_tokens, call.output_tokens, call.model, call.response_model
        (9, 3, 'gpt-4o-mini', 'gpt-4o-mini-2024-07-18')

        The Python SDK's counts, GenAI's and its metrics' the same, read once; none is
        unknown:

        >>> span.attributes.update({"gen_ai.usage.prompt_tokens": 61,
        ...     "gen_ai.usage.completion_tokens": 34,
        ...     "langwatch.metrics": '{"prompt_tokens": 61, "completion_tokens": 34}'})
        >>> _model_call(span).input_tokens, _model_call(span).output_tokens
        (61, 34)
        >>> del span.attributes["langwatch.metrics"], span.attributes["gen_ai.usage.prompt_tokens"]
        >>> _model_call(span).input_tokens is None
        True
    """
    attrs = span.attributes
    metrics = value_json(attrs.get(_METRICS))
    metrics = metrics if isinstance(metrics, dict) else {}
    input_tokens = first_token_count(attrs, *_INPUT_TOKENS)
    output_tokens = first_token_count(attrs, *_OUTPUT_TOKENS)
    if input_tokens is None and output_tokens is None:
        input_tokens = first_token_count(metrics, *_METRIC_INPUT)
        output_tokens = first_token_count(metrics, *_METRIC_OUTPUT)
    answered = _model(attrs.get("gen_ai.response.model"))
    return ModelCall(
        span,
        inputs=value_messages(attrs.get(_INPUT), "user"),
        outputs=_reply(attrs.get(_OUTPUT)),
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        model=_model(attrs.get("gen_ai.request.model")) or answered,
        response_model=answered,
    )


def _reply(raw: Any) -> list[Msg]:
    r"""An ``llm`` span's reply: the messages its output says, else DSPy's LM outputs.

    DSPy's ``LM.__call__`` returns one output per choice, the choice's text (or ``{text,
    tool_calls}`` where a choice holds more); LangWatch's DSPy autotracking writes that list as
    the span's output, a ``json`` value. Each is an assistant message, several the reply's
    choices (`.._choices`).

    Examples:
        >>> said = '[[ ## answer ## ]]\nSunny.\n\n[[ ## completed ## ]]'
        >>> [(m.role, m.content) for m in _reply({"type": "json", "value": [said]})]
        [('assistant', '[[ ## answer ## ]]\nSunny.\n\n[[ ## completed ## ]]')]
        >>> [(m.content, m.choice) for m in _reply({"type": "json", "value": ["a", "b"]})]
        [('a', 0), ('b', 1)]
        >>> call = {"id": "c1", "type": "function", "function": {"name": "get_weather",
        ...     "arguments": '{"city": "Paris"}'}}
        >>> [[r.id for r in m.tool_calls] for m in _reply({"type": "json", "value": [
        ...     {"text": None, "tool_calls": [call]}]})]
        [['c1']]

        Not a JSON object, a list of other values, nor a list mixing texts with them; a
        ``chat_messages`` reply is read as it says:

        >>> _reply({"type": "json", "value": {"answer": "Sunny."}}), _reply({"type": "json",
        ...     "value": [1, 2]}), _reply({"type": "json", "value": ["a", {"b": 1}]})
        ([], [], [])
        >>> [m.content for m in _reply({"type": "chat_messages", "value": [
        ...     {"role": "assistant", "content": "Sunny."}]})]
        ['Sunny.']
    """
    said = value_messages(raw, "assistant")
    found = typed_value(raw)
    if said or found is None or found[0] != "json" or not isinstance(found[1], list):
        return said
    outputs = found[1]
    if outputs and all(isinstance(v, str) for v in outputs):
        said = [Msg(role="assistant", content=v) for v in outputs]
    else:
        said = lm_outputs_reply(outputs) or []
    return as_choices(said) if len(said) > 1 else said


def _tool_run(span: Span) -> ToolRun:
    """A ``tool`` span: the call named as its span, its input the arguments, its output the result.

    Examples:
        >>> def span(given, said):
        ...     return Span("t", "s", "p", "get_weather", 0, 1, "unset", None, {
        ...         "langwatch.span.type": "tool", "langwatch.input": given,
        ...         "langwatch.output": said})
        >>> run = _tool_run(span({"type": "text", "value": "{'city': 'Paris'}"},
        ...     {"type": "chat_messages", "value": [{"role": "unknown", "content": "sunny"}]}))
        >>> run.call.arguments, run.call.result, run.arguments_recorded
        ({'city': 'Paris'}, 'sunny', True)
        >>> run = _tool_run(span('{"type": "text", "value": "Paris"}',
        ...     '{"type": "json", "value": {"temp": 22}}'))
        >>> run.call.arguments, run.call.result, run.arguments_recorded
        ({'input': 'Paris'}, {'temp': 22}, False)

        The TypeScript SDK's LangChain callback: the ``ToolMessage`` the tool made, serialised
        whole in a typed ``text`` value written as ``json``, is its content and its call id:

        >>> message = {"lc": 1, "type": "constructor", "id": ["langchain_core", "messages",
        ...     "ToolMessage"], "kwargs": {"status": "success", "content": "sunny, 22 C",
        ...     "tool_call_id": "call_w1", "name": "get_weather"}}
        >>> run = _tool_run(span({"type": "text", "value": '{"city":"Paris"}'},
        ...     {"type": "json", "value": {"type": "text", "value": message}}))
        >>> run.call.arguments, run.call.result, run.call.id
        ({'city': 'Paris'}, 'sunny, 22 C', 'call_w1')

        A tool's own JSON object with a ``type`` and a ``value`` is its result as it is:

        >>> _tool_run(span({"type": "json", "value": {}}, {"type": "json", "value": {
        ...     "type": "celsius", "value": 22}})).call.result
        {'type': 'celsius', 'value': 22}

        No output recorded, no result:

        >>> bare = Span("t", "s", "p", "get_weather", 0, 1, "unset", None, {
        ...     "langwatch.span.type": "tool"})
        >>> _tool_run(bare).result_recorded
        False
    """
    attrs = span.attributes
    found: dict[str, Any] = {"gen_ai.tool.name": span.name}
    given = value_json(attrs.get(_INPUT))
    if given is not None:
        found["gen_ai.tool.call.arguments"] = given
    if typed_value(attrs.get(_OUTPUT)) is not None:
        found["gen_ai.tool.call.result"] = _result(attrs.get(_OUTPUT))
    return tool_run(span, found)


def _result(raw: Any) -> Any:
    """What a tool returned, as its output records it.

    A ``chat_messages`` value of one message (LangChain's tool output as the callback writes
    it) is that message's content.
    """
    found = typed_value(raw)
    if found is not None and found[0] == "chat_messages" and isinstance(found[1], list):
        contents = [m.get("content") for m in found[1] if isinstance(m, dict)]
        if len(contents) == 1:
            return contents[0]
    return value_json(raw)


def _run(span: Span, kind: str, name: str | None) -> AgentRun:
    """An ``agent`` span (`kind` ``agent``) or the application's root (``app``).

    Examples:
        >>> span = Span("t", "s", None, "weather_agent", 0, 9, "ok", None, {
        ...     "langwatch.span.type": "agent",
        ...     "langwatch.input": '{"type": "text", "value": "Rain?"}',
        ...     "langwatch.output": '{"type": "text", "value": "No rain."}'})
        >>> run = _run(span, "agent", span.name)
        >>> run.name, run.input_value, run.output_value, run.kind
        ('weather_agent', 'Rain?', 'No rain.', 'agent')

        An object that asks gives its question; one of the application's arguments none:

        >>> span.attributes["langwatch.input"] = '{"type": "json", "value": {"question": "Rain?"}}'
        >>> _run(span, "app", None).input_value
        'Rain?'
        >>> span.attributes["langwatch.input"] = '{"type": "json", "value": {"city": "Paris"}}'
        >>> _run(span, "app", None).input_value is None
        True
    """
    attrs = span.attributes
    said = value_messages(attrs.get(_OUTPUT), "assistant")
    given = typed_value(attrs.get(_INPUT))
    asked = value_text(attrs.get(_INPUT)) or asked_task(given[1] if given else None)
    chat = given is not None and given[0] == "chat_messages"
    return AgentRun(
        span,
        inputs=value_messages(attrs.get(_INPUT), "user") if chat else [],
        outputs=[m for m in said if m.role == "assistant"][-1:] if _chat(attrs) else [],
        output_value=None if _chat(attrs) else value_json(attrs.get(_OUTPUT)),
        kind=kind,
        name=name,
        input_value=asked,
    )


def _chat(attrs: dict[str, Any]) -> bool:
    found = typed_value(attrs.get(_OUTPUT))
    return found is not None and found[0] == "chat_messages"


def _chain_run(span: Span) -> AgentRun:
    """A ``chain`` span: LangChain's runnable, or the agent whose replies bear its name.

    Examples:
        >>> import json
        >>> state = {"messages": [{"content": "Rain?", "id": "h1"}, {"content": "",
        ...     "name": "weather_agent", "tool_calls": [{"name": "get_weather", "args": {},
        ...     "id": "c1", "type": "tool_call"}]}, {"content": "sunny", "name": "get_weather",
        ...     "tool_call_id": "c1"}, {"content": "Sunny.", "name": "weather_agent",
        ...     "tool_calls": []}]}
        >>> def chain(name):
        ...     return Span("t", "s", "p", name, 0, 9, "unset", None, {
        ...         "langwatch.span.type": "chain",
        ...         "langwatch.output": json.dumps({"type": "json", "value": state})})
        >>> run = _chain_run(chain("weather_agent"))
        >>> run.kind, run.name, [m.content for m in run.outputs]
        ('agent', 'weather_agent', ['Sunny.'])
        >>> [(m.role, m.tool_call_id) for m in run.held_turns]
        [('assistant', None), ('tool', 'c1')]

        A node whose output bears another name (the agent's ``model`` node) is a chain run,
        its held turns kept:

        >>> run = _chain_run(chain("model"))
        >>> run.kind, run.name, run.outputs, len(run.held_turns)
        ('chain', None, [], 2)
    """
    returned = chain_messages(value_json(span.attributes.get(_OUTPUT)))
    agent = signed_name(returned) == span.name
    said = [m for m in returned if m.role == "assistant" and m.content]
    return AgentRun(
        span,
        outputs=said[-1:] if agent else [],
        kind="agent" if agent else "chain",
        name=span.name if agent else None,
        held_turns=held_turns(returned),
    )


def _model(value: Any) -> str | None:
    if not isinstance(value, str) or value.strip().lower() in PLACEHOLDER_MODELS:
        return None
    return value or None
