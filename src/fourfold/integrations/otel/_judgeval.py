"""Judgment Labs' judgeval tracer: what ``judgment.span_kind`` says each span is.

judgeval's ``Tracer`` (OpenTelemetry-based, scope ``judgeval``, resource
``telemetry.sdk.name`` ``judgeval``) writes a span's kind as ``judgment.span_kind``: the
``span_type`` of an ``@Tracer.observe`` function (``span`` by default, ``function``,
``tool``, ``agent``, ``llm``...), ``llm`` on the spans of the clients it wraps (``wrap``:
``OPENAI_API_CALL``, ``ANTHROPIC_API_CALL``, ``GOOGLE_API_CALL``, ``TOGETHER_API_CALL``), and
no ``gen_ai.operation.name``. An observed function's arguments are ``judgment.input``, a JSON
object of its parameters (``{"city": "Paris"}``), and its result ``judgment.output``: a
string, number or flag as it is, anything else as JSON. A wrapped client's call writes the
request and the response whole: ``gen_ai.prompt`` the create call's keyword arguments as
JSON (``{"model", "messages", "tools"}``; Anthropic's with its ``system``, google-genai's
``{"model", "contents", "config"}``, the Responses API's ``{"instructions", "input"}``),
``gen_ai.completion`` the response object as JSON (a streamed call's, the text its chunks
said); its counts as ``judgment.usage.*`` (the input split into ``non_cached_input_tokens``,
``cache_read_input_tokens`` and ``cache_creation_input_tokens``; ``output_tokens``) and
the model as ``judgment.llm.model`` (judgeval 1.6: the response's dated name). A span that
names its operation (``gen_ai.operation.name``) is read by the GenAI conventions, whatever
judgment keys it carries. judgeval also exports a span while it runs, each copy numbered
``judgment.update_id``: those are read once, as the span's last update, before any span is
read (`.._span_updates`). What each kind is (`judgeval_step`):

- ``llm`` with the wrapped client's request or response: one model call. Its input the
  request's messages (the Responses API's instructions and items, google-genai's contents
  after its system instruction, Anthropic's ``system`` first); its reply the response's
  (Chat Completions' choices, each an assistant message, several the reply's choices; the
  Responses API's output items; a Gemini candidate's content; Anthropic's message; a stream's
  text as an assistant's); the model asked for the request's ``model``, else
  ``gen_ai.request.model``, else ``judgment.llm.model``; the answering model the response's
  ``model``; its usage the input's parts summed (the provider's count of the input:
  judgeval takes the cached tokens out of OpenAI's ``prompt_tokens``) and ``output_tokens``,
  else ``gen_ai.usage.*`` (which earlier versions wrote). An ``llm`` span with neither (a
  function the application typed ``llm``) records a function's arguments, not a request:
  none of the run's steps (the wrapped client's span inside it is the call);
- ``tool``: one tool call named as its span is (the decorated function's name), its
  arguments its input, its result its output; no call id is written (the call is the request
  of its name and arguments), its error the exception the span recorded;
- ``agent``: an agent's run, named as its span is (a span the trace types as an agent's
  names it, the contract's ``agent``), its answer its output;
- any other kind on a root span with an output (an ``@Tracer.observe`` function around the
  run, ``function`` or ``span``) is the application's run, which names no agent, its answer
  its output; under another span, a step of the application, none of these.

A run's ``judgment.input`` is the decorated function's arguments, the application's, not
what the user asked (the contract's decorated function): no run's input is read from it, so
the input is the first user message. An output that is a JSON object or array is the run's
structured answer; other text is the answer as written.
"""

from __future__ import annotations

from typing import Any

from .._choices import as_choices
from .._messages import Msg, parse_messages, try_json
from .._numbers import amount, first_token_count, token_count
from .._spans import PLACEHOLDER_MODELS, Span
from .._steps import AgentRun, ModelCall, Step, ToolRun
from ._mlflow_native import native_reply, native_request
from ._mlflow_responses import responses_reply_turns, responses_request
from ._tools import tool_run

__all__ = ["JUDGMENT_KIND", "is_judgeval", "judgeval_step"]

JUDGMENT_KIND = "judgment.span_kind"
_INPUT = "judgment.input"
_OUTPUT = "judgment.output"
_PROMPT = "gen_ai.prompt"
_COMPLETION = "gen_ai.completion"
_MODEL = "judgment.llm.model"
_INPUT_PARTS = (
    "judgment.usage.non_cached_input_tokens",
    "judgment.usage.cache_read_input_tokens",
    "judgment.usage.cache_creation_input_tokens",
)
_OUTPUT_COUNT = "judgment.usage.output_tokens"
_COST = "judgment.usage.total_cost_usd"
_RESPONSE_KEYS = frozenset({"choices", "candidates", "output"})


def is_judgeval(span: Span) -> bool:
    """Whether judgeval typed the span (``judgment.span_kind``) and no operation is named.

    By its attributes, not its scope (an application may name its own tracer's).

    Examples:
        >>> def span(**attrs):
        ...     return Span("t", "s", None, "x", 0, 1, "unset", None, attrs)
        >>> is_judgeval(span(**{"judgment.span_kind": "llm", "gen_ai.prompt": "{}"}))
        True

        Not a span naming its operation, nor another tracer's kind (LangWatch's span type,
        Langfuse's observation, traceloop-sdk's span kind, AgentOps'), nor judgeval's
        input alone:

        >>> is_judgeval(span(**{"judgment.span_kind": "llm", "gen_ai.operation.name": "chat"}))
        False
        >>> [is_judgeval(span(**{key: "llm"})) for key in ("langwatch.span.type",
        ...     "langfuse.observation.type", "traceloop.span.kind", "agentops.span.kind")]
        [False, False, False, False]
        >>> is_judgeval(span(**{"judgment.input": '{"city": "Paris"}'}))
        False
    """
    attrs = span.attributes
    return isinstance(attrs.get(JUDGMENT_KIND), str) and not attrs.get("gen_ai.operation.name")


def judgeval_step(span: Span) -> Step | None:
    """What a judgeval span is (see the module's docstring); None: none of the run's steps.

    Examples:
        >>> def span(name, kind, parent="p", **attrs):
        ...     return Span("t", "s", parent, name, 0, 1, "unset", None,
        ...                 {"judgment.span_kind": kind, **attrs})
        >>> run = judgeval_step(span("get_weather", "tool", **{
        ...     "judgment.input": '{"city":"Paris"}', "judgment.output": "sunny, 22 C"}))
        >>> run.call.name, run.call.arguments, run.call.result, run.call.id
        ('get_weather', {'city': 'Paris'}, 'sunny, 22 C', None)

        A function the application typed ``llm`` (its arguments, no request), a step of the
        application under another span, and a root that recorded no output are none:

        >>> judgeval_step(span("summarise", "llm", **{"judgment.input": '{"text": "..."}',
        ...     "judgment.output": "short"})) is None
        True
        >>> [judgeval_step(span("step", k, **{"judgment.output": "x"})) for k in
        ...     ("function", "span")]
        [None, None]
        >>> judgeval_step(span("weather_loop", "function", None)) is None
        True
    """
    attrs = span.attributes
    kind = str(attrs.get(JUDGMENT_KIND))
    if kind == "llm":
        recorded = _PROMPT in attrs or _COMPLETION in attrs
        return _model_call(span) if recorded else None
    if kind == "tool":
        return _tool_run(span)
    if kind == "agent":
        return _run(span, "agent", span.name)
    if span.parent_id is not None or _OUTPUT not in attrs:
        return None
    return _run(span, "app", None)


def _model_call(span: Span) -> ModelCall:
    """A wrapped client's call: its request's messages, its response's, the model and usage.

    Examples:
        >>> import json
        >>> request = {"model": "gpt-4o-mini", "messages": [
        ...     {"role": "system", "content": "Be brief."}, {"role": "user", "content": "Rain?"}]}
        >>> response = {"object": "chat.completion", "model": "gpt-4o-mini-2024-07-18",
        ...     "choices": [{"index": 0, "finish_reason": "stop", "message": {
        ...     "role": "assistant", "content": "No rain."}}]}
        >>> span = Span("t", "s", "p", "OPENAI_API_CALL", 0, 1, "unset", None, {
        ...     "judgment.span_kind": "llm", "gen_ai.prompt": json.dumps(request),
        ...     "gen_ai.completion": json.dumps(response),
        ...     "judgment.usage.non_cached_input_tokens": 50,
        ...     "judgment.usage.cache_read_input_tokens": 11,
        ...     "judgment.usage.output_tokens": 34,
        ...     "judgment.llm.model": "gpt-4o-mini-2024-07-18"})
        >>> call = _model_call(span)
        >>> [(m.role, m.content) for m in call.inputs + call.outputs]
        [('system', 'Be brief.'), ('user', 'Rain?'), ('assistant', 'No rain.')]
        >>> call.input_tokens, call.output_tokens, call.model, call.response_model
        (61, 34, 'gpt-4o-mini', 'gpt-4o-mini-2024-07-18')

        With no request model, ``judgment.llm.model``; with no counts, unknown (not zero):

        >>> del span.attributes["gen_ai.prompt"]
        >>> del span.attributes["judgment.usage.non_cached_input_tokens"]
        >>> del span.attributes["judgment.usage.cache_read_input_tokens"]
        >>> call = _model_call(span)
        >>> call.model, call.inputs, call.input_tokens
        ('gpt-4o-mini-2024-07-18', [], None)
    """
    attrs = span.attributes
    request = try_json(attrs.get(_PROMPT))
    response = try_json(attrs.get(_COMPLETION))
    parts = [token_count(attrs.get(key)) for key in _INPUT_PARTS]
    counted = [n for n in parts if n is not None]
    input_tokens = sum(counted) if counted else None
    output_tokens = token_count(attrs.get(_OUTPUT_COUNT))
    if input_tokens is None and output_tokens is None:  # earlier versions: the GenAI keys
        input_tokens = first_token_count(attrs, "gen_ai.usage.input_tokens")
        output_tokens = first_token_count(
            attrs, "gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens"
        )
    asked = request.get("model") if isinstance(request, dict) else None
    asked = asked or attrs.get("gen_ai.request.model")
    answered = response.get("model") if isinstance(response, dict) else None
    return ModelCall(
        span,
        inputs=_request(request),
        outputs=_reply(request, response, attrs.get(_COMPLETION)),
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        cost_usd=amount(attrs.get(_COST)),
        model=_model(asked) or _model(attrs.get(_MODEL)),
        provider=_model(attrs.get("judgment.llm.provider")) or _model(attrs.get("gen_ai.system")),
        response_model=_model(answered) or _model(attrs.get(_MODEL)),
    )


def _request(request: Any) -> list[Msg]:
    """The messages of a create call's keyword arguments.

    Examples:
        >>> asked = _request({"model": "claude-haiku-4-5", "system": "Be brief.", "messages": [
        ...     {"role": "user", "content": "Rain?"},
        ...     {"role": "assistant", "content": [{"type": "tool_use", "id": "t1",
        ...      "name": "get_weather", "input": {"city": "Paris"}}]},
        ...     {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1",
        ...      "content": "sunny"}]}]})
        >>> [(m.role, m.content, m.tool_call_id) for m in asked]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('system', 'Be brief.', None), ('user', 'Rain?', None), ('assistant', None, None),
         ('tool', 'sunny', 't1')]
        >>> [(m.role, m.content) for m in _request({"model": "gemini-2.5-flash",
        ...     "contents": "Rain?", "config": {"system_instruction": "Be brief."}})]
        [('system', 'Be brief.'), ('user', 'Rain?')]
        >>> [(m.role, m.content) for m in _request({"model": "gpt-4o-mini",
        ...     "instructions": "Be brief.", "input": "Rain?"})]
        [('system', 'Be brief.'), ('user', 'Rain?')]
        >>> _request("not a request"), _request({"model": "gpt-4o-mini"})
        ([], [])
    """
    if not isinstance(request, dict):
        return []
    found = responses_request(request)
    if found is None:
        found = native_request(request)
    if found is not None:
        return found
    messages = request.get("messages")
    out = parse_messages(messages) if isinstance(messages, list) else []
    system = request.get("system")  # Anthropic's, apart from its messages
    if isinstance(system, str | list) and system:
        out = parse_messages({"role": "system", "content": system}) + out
    return out


def _reply(request: Any, response: Any, raw: Any) -> list[Msg]:
    """What the call answered: the response object's messages, or a stream's text.

    Examples:
        >>> def choice(i, text):
        ...     return {"index": i, "finish_reason": "stop", "message": {
        ...         "role": "assistant", "content": text}}
        >>> [(m.content, m.choice) for m in _reply({}, {"choices": [choice(0, "a"),
        ...     choice(1, "b")]}, None)]
        [('a', 0), ('b', 1)]
        >>> [said] = _reply({}, {"type": "message", "role": "assistant", "content": [
        ...     {"type": "tool_use", "id": "t1", "name": "get_weather", "input": {}}]}, None)
        >>> said.content, [r.id for r in said.tool_calls]
        (None, ['t1'])
        >>> [m.content for m in _reply({}, {"candidates": [{"content": {"role": "model",
        ...     "parts": [{"text": "Sunny."}]}}]}, None)]
        ['Sunny.']

        A streamed call's text is the reply as said, even text that parses as JSON; a
        response with no choice said nothing, and no text is no reply:

        >>> [m.content for m in _reply({}, {"answer": "Sunny."}, '{"answer": "Sunny."}')]
        ['{"answer": "Sunny."}']
        >>> _reply({}, {"choices": []}, '{"choices": []}'), _reply({}, "", "")
        ([], [])
    """
    if isinstance(response, dict):
        found = responses_reply_turns(request, response)
        if found is None:
            found = native_reply(response)
        if found is not None:
            return found
        choices = response.get("choices")
        if isinstance(choices, list):
            said = parse_messages(choices, default_role="assistant")
            return as_choices(said) if len(said) > 1 else said
        if response.get("role") == "assistant" or response.get("type") == "message":
            return parse_messages(response, default_role="assistant")
        if _RESPONSE_KEYS & set(response):
            return []  # a response that holds no message
    if isinstance(raw, str) and raw:
        return [Msg(role="assistant", content=raw)]
    return []


def _tool_run(span: Span) -> ToolRun:
    """A ``tool`` span: the call named as its span, its input the arguments, its output the result.

    Examples:
        >>> def span(**attrs):
        ...     return Span("t", "s", "p", "get_weather", 0, 1, "unset", None,
        ...                 {"judgment.span_kind": "tool", **attrs})
        >>> run = _tool_run(span(**{"judgment.input": '{"city": "Paris"}',
        ...     "judgment.output": '{"temp": 22}'}))
        >>> run.call.arguments, run.call.result, run.result_recorded
        ({'city': 'Paris'}, {'temp': 22}, True)

        A function that raised: its exception the error, no result recorded:

        >>> failed = Span("t", "s", "p", "get_weather", 0, 1, "error", "city unknown",
        ...     {"judgment.span_kind": "tool", "judgment.input": '{"city": "Atlantis"}'},
        ...     events=[{"name": "exception", "attributes": {"exception.type": "ValueError",
        ...     "exception.message": "city unknown"}}])
        >>> run = _tool_run(failed)
        >>> run.call.error, run.result_recorded
        ('ValueError: city unknown', False)
    """
    attrs = span.attributes
    found: dict[str, Any] = {"gen_ai.tool.name": span.name}
    if _INPUT in attrs:
        found["gen_ai.tool.call.arguments"] = attrs[_INPUT]
    if _OUTPUT in attrs:
        found["gen_ai.tool.call.result"] = attrs[_OUTPUT]
    return tool_run(span, found)


def _run(span: Span, kind: str, name: str | None) -> AgentRun:
    """An ``agent`` span (`kind` ``agent``) or the application's root (``app``).

    Examples:
        >>> span = Span("t", "s", None, "weather_loop", 0, 9, "unset", None, {
        ...     "judgment.span_kind": "function",
        ...     "judgment.input": '{"question": "Rain?"}', "judgment.output": "No rain."})
        >>> run = _run(span, "app", None)
        >>> run.kind, run.name, run.output_value, run.input_value
        ('app', None, 'No rain.', None)

        An object returned is the structured answer; other text, even a number's, as written:

        >>> span.attributes["judgment.output"] = '{"city": "Paris", "rain": false}'
        >>> _run(span, "agent", "weather_agent").output_value
        {'city': 'Paris', 'rain': False}
        >>> span.attributes["judgment.output"] = "22"
        >>> _run(span, "app", None).output_value
        '22'

        A function that returned nothing (JSON ``null``) answered nothing:

        >>> span.attributes["judgment.output"] = "null"
        >>> _run(span, "app", None).output_value is None
        True
    """
    said = span.attributes.get(_OUTPUT)
    value = try_json(said)
    return AgentRun(
        span,
        output_value=value if value is None or isinstance(value, dict | list) else said,
        kind=kind,
        name=name,
    )


def _model(value: Any) -> str | None:
    if not isinstance(value, str) or not value or value.strip().lower() in PLACEHOLDER_MODELS:
        return None
    return value
