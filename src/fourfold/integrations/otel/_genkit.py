"""Genkit's own OpenTelemetry spans: its actions, its ``generate`` and its flows.

Genkit (for Python 0.12, tracer ``genkit-tracer`` ``v1``; Genkit for JavaScript writes the
same keys) records every action it runs as a span of its own, named as the action is, with no
``gen_ai.*`` attribute: ``genkit:name``, ``genkit:type`` (``action``, ``util``,
``flowStep``...), ``genkit:metadata:subtype`` (an action's kind: ``model``, ``tool.v2``,
``flow``, ``prompt``, ``retriever``, ``embedder``...), ``genkit:path``, ``genkit:state``
(``success`` / ``error``, with ``genkit:error`` and the span's status) and its input and
output as JSON, ``genkit:input`` / ``genkit:output`` (pydantic's dump by alias: camelCase).
What each is, by its type and subtype (`genkit_step`):

- a ``model`` action is one model call. Its input is Genkit's ``GenerateRequest`` (``{messages,
  config, tools, output}``), its output the ``GenerateResponse`` (``{message, finishReason,
  usage, custom, raw, request, latencyMs}``; older ones ``candidates``, the first the reply
  gone on with); its model the action's name (``openai/gpt-4o-mini``: the plugin's prefix and
  the model asked for; the answering model's dated name is only in the plugin's ``custom`` /
  ``raw``); its usage the response's ``usage`` ``inputTokens`` / ``outputTokens``, which
  Genkit writes as floats (``61.0``). Messages are Genkit's (`genkit_messages`);
- a tool action (``tool.v2``, every tool of Genkit for Python; ``tool``, a plain tool of
  Genkit for JavaScript) is one tool call named as the action is, its arguments its input.
  A ``tool.v2`` action returns Genkit's ``MultipartToolResponse`` envelope, ``{output,
  content, metadata}``: the tool returned its ``output`` (as the ``toolResponse`` the model is
  given says), else the text of its ``content`` parts; an envelope holding neither (the tool
  returned ``None``) records no result. A ``tool`` action's output is the tool's own. Its
  span carries no call id: the call is matched to the request of its name and arguments;
- the ``util`` action ``generate`` (``ai.generate()``, Genkit running the tool loop: model
  calls and tool calls in turn, all inside it) wraps its model calls (`ModelCall.wraps_calls`):
  its input ``GenerateActionOptions`` (``{model, messages, tools, config, output}``) is the
  conversation given and the model asked for, its output the last call's response. That
  response's ``usage`` is the last call's only, not the loop's: the span has no usage of its
  own (the model calls inside it count, each once);
- a ``flow`` action (``@ai.flow()``) is the application's workflow, no agent (a flow's name,
  ``genkit:metadata:flow:name``, names a workflow): its input, JSON, the run's own input when
  it is a text (or an object whose ask key holds one, `asked_task`), its output the run's
  answer;
- everything else is none of these: a ``flowStep`` (``ai.run()``), a ``prompt`` or
  ``executable-prompt`` action (it renders the request the model call then records), an
  embedder, a ``util`` action of another name. A retriever's documents are not read (no
  export of one yet).
"""

from __future__ import annotations

from typing import Any

from .._messages import (
    Msg,
    ToolRequest,
    call_id,
    parse_arguments,
    result_text,
    result_value,
    try_json,
)
from .._numbers import first_token_count
from .._spans import Span
from .._steps import AgentRun, ModelCall, Step, ToolRun
from ._asked_task import asked_task
from ._tools import tool_run

__all__ = ["GENKIT_TYPE", "genkit_messages", "genkit_step", "is_genkit"]

GENKIT_TYPE = "genkit:type"
_NAME = "genkit:name"
_SUBTYPE = "genkit:metadata:subtype"
_INPUT = "genkit:input"
_OUTPUT = "genkit:output"
_TOOLS = ("tool", "tool.v2")
_ENVELOPE = "tool.v2"  # the subtype whose output is the MultipartToolResponse envelope
_ROLES = {"system": "system", "user": "user", "model": "assistant", "tool": "tool"}


def is_genkit(span: Span) -> bool:
    """Whether the span is one Genkit's tracer wrote: its ``genkit:type`` and ``genkit:name``.

    By its attributes, not its scope (a console dump keeps none).

    Examples:
        >>> def span(**attrs):
        ...     return Span("t", "s", None, "x", 0, 1, "unset", None, attrs)
        >>> is_genkit(span(**{"genkit:type": "action", "genkit:name": "get_weather"}))
        True

        Not another tracer's span with a type and a name of its own (Langfuse's
        observation, an openlit chat span), nor a Genkit key alone:

        >>> is_genkit(span(**{"langfuse.observation.type": "tool", "name": "get_weather"}))
        False
        >>> is_genkit(span(**{"gen_ai.operation.name": "chat", "type": "action"}))
        False
        >>> is_genkit(span(**{"genkit:type": "action"}))
        False
    """
    attrs = span.attributes
    return isinstance(attrs.get(GENKIT_TYPE), str) and isinstance(attrs.get(_NAME), str)


def genkit_step(span: Span) -> Step | None:
    """What a Genkit span is (see the module's docstring); None: none of the run's steps.

    Examples:
        >>> def span(kind, subtype=None, name="x", **attrs):
        ...     found = {"genkit:type": kind, "genkit:name": name, **attrs}
        ...     if subtype is not None:
        ...         found["genkit:metadata:subtype"] = subtype
        ...     return Span("t", "s", None, name, 0, 1, "unset", None, found)
        >>> run = genkit_step(span("action", "tool.v2", "get_weather",
        ...     **{"genkit:input": '{"city": "Paris"}', "genkit:output": '{"output": "sunny"}'}))
        >>> run.call.name, run.call.arguments, run.call.result, run.call.id
        ('get_weather', {'city': 'Paris'}, 'sunny', None)

        The application's steps, a prompt's rendering, an embedder and a ``util`` action
        that is not ``generate`` are none:

        >>> [genkit_step(span(*args)) for args in [("flowStep", None, "fetch"),
        ...     ("action", "prompt", "weather"), ("action", "executable-prompt", "weather"),
        ...     ("action", "embedder", "googleai/text-embedding-004"), ("util", None, "check")]]
        [None, None, None, None, None]
    """
    attrs = span.attributes
    kind, subtype = attrs.get(GENKIT_TYPE), attrs.get(_SUBTYPE)
    if kind == "action" and subtype == "model":
        return _model_call(span)
    if kind == "action" and subtype in _TOOLS:
        return _tool_run(span, str(subtype))
    if kind == "action" and subtype == "flow":
        return _flow_run(span)
    if kind == "util" and attrs.get(_NAME) == "generate":
        return _generate(span)
    return None


def _model_call(span: Span) -> ModelCall:
    """A ``model`` action: its request's messages, its reply, its usage, the action's model.

    Examples:
        >>> span = Span("t", "s", "p", "openai/gpt-4o-mini", 0, 1, "unset", None, {
        ...     "genkit:type": "action", "genkit:metadata:subtype": "model",
        ...     "genkit:name": "openai/gpt-4o-mini",
        ...     "genkit:input": '{"messages": [{"role": "user", "content": [{"text": "Hi"}]}]}',
        ...     "genkit:output": '{"message": {"role": "model", "content": [{"text": "Hello"}]},'
        ...         ' "usage": {"inputTokens": 9.0, "outputTokens": 2.0, "totalTokens": 11.0},'
        ...         ' "custom": {"model": "gpt-4o-mini-2024-07-18"}}'})
        >>> call = _model_call(span)
        >>> [(m.role, m.content) for m in call.inputs + call.outputs]
        [('user', 'Hi'), ('assistant', 'Hello')]
        >>> call.input_tokens, call.output_tokens, call.model, call.wraps_calls
        (9, 2, 'openai/gpt-4o-mini', False)

        A response of Genkit's older shape, its reply the first candidate's:

        >>> span.attributes["genkit:output"] = ('{"candidates": [{"index": 0, "message": '
        ...     '{"role": "model", "content": [{"text": "Hello"}]}, "finishReason": "stop"}]}')
        >>> [(m.role, m.content) for m in _model_call(span).outputs]
        [('assistant', 'Hello')]
    """
    attrs = span.attributes
    request = _object(attrs.get(_INPUT))
    response = _object(attrs.get(_OUTPUT))
    usage = _object(response.get("usage"))
    return ModelCall(
        span,
        inputs=genkit_messages(request.get("messages")),
        outputs=genkit_messages(_reply(response)),
        input_tokens=first_token_count(usage, "inputTokens"),
        output_tokens=first_token_count(usage, "outputTokens"),
        model=_text(attrs.get(_NAME)),
    )


def _reply(response: dict[str, Any]) -> Any:
    """The message a ``GenerateResponse`` replied with.

    Its ``message``, else its first candidate's (Genkit's older responses).
    """
    if isinstance(response.get("message"), dict):
        return response["message"]
    candidates = response.get("candidates")
    if isinstance(candidates, list) and candidates and isinstance(candidates[0], dict):
        return candidates[0].get("message")
    return None


def _generate(span: Span) -> ModelCall:
    """``generate``: the conversation given, the last call's reply, the model asked for.

    A wrapper of the model calls inside it, with no usage of its own (its response's is its
    last call's).

    Examples:
        >>> span = Span("t", "s", None, "generate", 0, 1, "unset", None, {
        ...     "genkit:type": "util", "genkit:name": "generate",
        ...     "genkit:input": '{"model": "openai/gpt-4o-mini", "messages": [{"role": "user",'
        ...         ' "content": [{"text": "Hi"}]}], "tools": ["get_weather"]}',
        ...     "genkit:output": '{"message": {"role": "model", "content": [{"text": "Hello"}]},'
        ...         ' "usage": {"inputTokens": 118.0, "outputTokens": 21.0}}'})
        >>> call = _generate(span)
        >>> [(m.role, m.content) for m in call.inputs + call.outputs]
        [('user', 'Hi'), ('assistant', 'Hello')]
        >>> call.wraps_calls, call.model, call.input_tokens, call.output_tokens
        (True, 'openai/gpt-4o-mini', None, None)
    """
    attrs = span.attributes
    options = _object(attrs.get(_INPUT))
    return ModelCall(
        span,
        inputs=genkit_messages(options.get("messages")),
        outputs=genkit_messages(_reply(_object(attrs.get(_OUTPUT)))),
        model=_text(options.get("model")),
        wraps_calls=True,
    )


def _tool_run(span: Span, subtype: str) -> ToolRun:
    """A tool action: named as the action is, its input the arguments, its result the tool's.

    Examples:
        >>> def span(subtype, output):
        ...     return Span("t", "s", "p", "lookup", 0, 1, "unset", None, {
        ...         "genkit:type": "action", "genkit:metadata:subtype": subtype,
        ...         "genkit:name": "lookup", "genkit:input": '{"id": 7}', "genkit:output": output})
        >>> run = _tool_run(span("tool.v2", '{"output": {"rows": 2}}'), "tool.v2")
        >>> run.call.result, run.result_recorded
        ({'rows': 2}, True)

        The envelope's content parts when it has no output; no result when it holds neither
        (the tool returned None):

        >>> _tool_run(span("tool.v2", '{"content": [{"text": "two rows"}]}'), "tool.v2").call.result
        'two rows'
        >>> _tool_run(span("tool.v2", "{}"), "tool.v2").result_recorded
        False

        A plain ``tool`` action's output is the tool's own, an ``output`` key of it kept:

        >>> _tool_run(span("tool", '{"output": "x", "rows": 2}'), "tool").call.result
        {'output': 'x', 'rows': 2}
    """
    attrs = span.attributes
    found: dict[str, Any] = {
        "gen_ai.tool.name": attrs[_NAME],
        "gen_ai.tool.call.arguments": attrs.get(_INPUT),
    }
    output = try_json(attrs.get(_OUTPUT))
    result = _envelope_result(output) if subtype == _ENVELOPE else output
    if result is not None:
        found["gen_ai.tool.call.result"] = result
    return tool_run(span, found)


def _envelope_result(envelope: Any) -> Any:
    """What a tool returned, from Genkit's ``MultipartToolResponse`` ``{output, content}``.

    Its ``output``; else the text of its ``content`` parts; None when it holds neither.

    Examples:
        >>> _envelope_result({"output": "sunny, 22 C"}), _envelope_result({"output": [1, 2]})
        ('sunny, 22 C', [1, 2])
        >>> _envelope_result({"content": [{"text": "a"}, {"media": {"url": "x"}}]})
        'a'
        >>> _envelope_result({}) is None, _envelope_result("sunny") is None
        (True, True)
    """
    if not isinstance(envelope, dict):
        return None
    if envelope.get("output") is not None:
        return envelope["output"]
    return _joined_text(envelope.get("content"))


def _flow_run(span: Span) -> AgentRun:
    """A ``flow`` action: the application's workflow, its input and its answer.

    Examples:
        >>> def span(given, returned):
        ...     return Span("t", "s", None, "weather_flow", 0, 1, "unset", None, {
        ...         "genkit:type": "action", "genkit:metadata:subtype": "flow",
        ...         "genkit:name": "weather_flow", "genkit:metadata:flow:name": "weather_flow",
        ...         "genkit:input": given, "genkit:output": returned})
        >>> run = _flow_run(span('"Rain in Paris?"', '"No rain."'))
        >>> run.kind, run.name, run.input_value, run.output_value
        ('workflow', None, 'Rain in Paris?', 'No rain.')

        An object that asks gives its text; the flow's other parameters ask nothing; an
        object returned is the answer as it is:

        >>> _flow_run(span('{"question": "Rain?", "units": "C"}', '{}')).input_value
        'Rain?'
        >>> run = _flow_run(span('{"city": "Paris"}', '{"rain": false}'))
        >>> run.input_value, run.output_value
        (None, {'rain': False})
    """
    attrs = span.attributes
    given = try_json(attrs.get(_INPUT))
    asked = given if isinstance(given, str) else asked_task(given)
    return AgentRun(
        span,
        output_value=try_json(attrs.get(_OUTPUT)),
        kind="workflow",
        input_value=asked or None,
    )


def genkit_messages(value: Any) -> list[Msg]:
    """Genkit's messages (``{role, content: [part, ...]}``) in the importer's form.

    Roles ``system``, ``user``, ``model`` (the assistant) and ``tool``. A message's text is its
    ``text`` parts joined as Genkit joins them (``Message.text``: no separator); a
    ``toolRequest`` part (``{ref, name, input}``) is a call the turn requested, its ``ref`` the
    call's id; each ``toolResponse`` part (``{ref, name, output}``) is a tool message of its
    own, answering its ``ref``, so one message answering two calls is two tool messages, in
    its order. A ``reasoning`` part is not what was said; media, data and custom parts hold no
    text.

    Examples:
        >>> def asked(ref, city):
        ...     return {"toolRequest": {"ref": ref, "name": "get_weather", "input": {"city": city}}}
        >>> def answer(ref, output):
        ...     return {"toolResponse": {"ref": ref, "name": "get_weather", "output": output}}
        >>> msgs = genkit_messages([
        ...     {"role": "system", "content": [{"text": "Be brief."}]},
        ...     {"role": "model", "content": [{"reasoning": "Two cities."},
        ...                                   asked("c1", "Paris"), asked("c2", "Oslo")]},
        ...     {"role": "tool", "content": [answer("c1", "sunny"), answer("c2", {"t": 3})]},
        ...     {"role": "model", "content": [{"text": "Sunny in Paris"},
        ...                                   {"text": ", 3 C in Oslo."}]}])
        >>> [(m.role, m.content, m.tool_call_id) for m in msgs]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('system', 'Be brief.', None), ('assistant', None, None), ('tool', 'sunny', 'c1'),
         ('tool', '{"t": 3}', 'c2'), ('assistant', 'Sunny in Paris, 3 C in Oslo.', None)]
        >>> [(r.id, r.name, r.arguments) for r in msgs[1].tool_calls]
        [('c1', 'get_weather', {'city': 'Paris'}), ('c2', 'get_weather', {'city': 'Oslo'})]
        >>> msgs[3].result
        {'t': 3}

        Other shapes are none of Genkit's: OpenAI's messages, whose content is text, and
        the GenAI conventions' parts are left to their readers:

        >>> genkit_messages([{"role": "assistant", "content": "Hi"}])
        []
        >>> genkit_messages([{"role": "user", "parts": [{"type": "text", "content": "Hi"}]}])
        []
    """
    value = try_json(value)
    items = value if isinstance(value, list) else [value]
    out: list[Msg] = []
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("content"), list):
            out.extend(_message(item))
    return out


def _message(data: dict[str, Any]) -> list[Msg]:
    role = _ROLES.get(str(data.get("role")))
    if role is None:
        return []
    msg = Msg(role=role)
    answers: list[Msg] = []
    for part in data["content"]:
        if not isinstance(part, dict):
            continue
        asked, answered = part.get("toolRequest"), part.get("toolResponse")
        if isinstance(asked, dict) and isinstance(asked.get("name"), str):
            msg.tool_calls.append(
                ToolRequest(
                    asked["name"], parse_arguments(asked.get("input")), call_id(asked.get("ref"))
                )
            )
        elif isinstance(answered, dict):
            answers.append(_answer(answered))
    msg.content = _joined_text(data["content"])
    if msg.content is None and not msg.tool_calls:
        return answers
    return [msg, *answers]


def _answer(response: dict[str, Any]) -> Msg:
    """The tool message a ``toolResponse`` part is: its output (else its content's text)."""
    output = response.get("output")
    if output is None:
        output = _joined_text(response.get("content"))
    return Msg(
        role="tool",
        content=result_text(output),
        name=_text(response.get("name")),
        tool_call_id=call_id(response.get("ref")),
        result=result_value(output),
    )


def _joined_text(parts: Any) -> str | None:
    """The text of Genkit's parts, joined as Genkit joins them; None when none is text."""
    if not isinstance(parts, list):
        return None
    texts = [p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str)]
    return "".join(texts) if texts else None


def _object(value: Any) -> dict[str, Any]:
    found = try_json(value)
    return found if isinstance(found, dict) else {}


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None
