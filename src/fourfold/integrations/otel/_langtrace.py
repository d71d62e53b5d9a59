"""Langtrace's model-call spans: its prompt and completion events, read in its own shapes.

langtrace-python-sdk (3.8.21) records a model call as a span of its own scope
(``langtrace_python_sdk.instrumentation.<provider>.instrumentation``, ``langtrace.sdk.name``
set: `.._langtrace_spans`), with the older GenAI events: ``gen_ai.content.prompt``
(``gen_ai.prompt``, the request's messages as a JSON list) and ``gen_ai.content.completion``
(``gen_ai.completion``, one ``{role, content}`` per choice). Most of what it writes is the
OpenAI shape `.._messages.parse_messages` reads; three things are its own:

- the OpenAI instrumentation writes a reply that only requests tools as an assistant message
  whose ``content`` *is* the list of requests (``[{id, type, function: {name, arguments}}]``,
  its ``extract_content``), and a legacy ``function_call`` as a ``content`` of
  ``{name, arguments}``: the assistant's requests, its text null;
- it writes a requesting assistant turn of the request (``messages``) as the bare list of its
  calls in the message's place, ``[{id, type, function}]`` read from the calls' attributes:
  from dicts (a history the application keeps as dicts) ``getattr`` finds nothing, and the
  entry is ``[{"id": "", "type": ""}, ...]`` (the turn's text, if any, is not written).
  With the function written it is the turn's requests; without, it names no call, and the
  turn is the earlier call's reply, which its own completion records: nothing is read for it;
- the Anthropic instrumentation appends the request's ``system`` parameter to the messages
  it writes, after the conversation; the model is given it before (Anthropic's messages hold
  no system role): a system message its prompt ends with heads the input;
- a streamed reply when tools were offered is the calls' argument strings joined, and a
  requesting turn replayed from dicts is a list of ``{"id": "", "type": ""}`` stubs, which
  the tool messages after it name (`._langtrace_streams`).

Langtrace's TypeScript SDK (``@langtrase/typescript-sdk`` 6.3.7, `.._langtrace_spans.
is_langtrace_ts`) writes the same events, in two shapes of its own:

- its OpenAI instrumentation writes a reply that requests tools with the list of requests
  as JSON *text* in ``content`` (the list of ``{id, type, function}`` as a string): the
  assistant's requests, as the Python SDK's list is;
- its Anthropic instrumentation writes the reply as one ``{content, role}`` entry per
  content block, a ``tool_use`` block as a bare ``{"role": "assistant"}`` (its id, name and
  input dropped): no message (the text block's entry is the reply's text; the next call's
  prompt replays the turn whole, its ``tool_use`` blocks with their ids).

`langtrace_messages` is the span's (inputs, outputs); None for a span no Langtrace model
instrumentation wrote, or whose events hold no JSON list (the generic reader,
`._events.event_messages`, reads those).
"""

from __future__ import annotations

from typing import Any

from .._langtrace_spans import is_langtrace, is_langtrace_ts
from .._messages import Msg, ToolRequest, parse_arguments, parse_messages, try_json
from .._spans import Span
from ._langtrace_streams import streamed_reply, stub_turn

__all__ = ["langtrace_messages"]
_PROMPT = ("gen_ai.content.prompt", "gen_ai.prompt")
_COMPLETION = ("gen_ai.content.completion", "gen_ai.completion")

Messages = tuple[list[Msg], list[Msg]]


def langtrace_messages(span: Span) -> Messages | None:
    """A Langtrace model-call span's (inputs, outputs), read from its events.

    Examples:
        >>> import json
        >>> def span(prompt, completion, system="openai"):
        ...     events = [
        ...         {"name": "gen_ai.content.prompt", "attributes": {
        ...             "gen_ai.prompt": json.dumps(prompt)}},
        ...         {"name": "gen_ai.content.completion", "attributes": {
        ...             "gen_ai.completion": json.dumps(completion)}}]
        ...     attrs = {"langtrace.sdk.name": "langtrace-python-sdk", "gen_ai.system": system}
        ...     return Span("t", "s", None, "chat", 1, 2, "ok", None, attrs, events)
        >>> calls = [{"id": "c1", "type": "function",
        ...           "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'}}]
        >>> _, [reply] = langtrace_messages(span([{"role": "user", "content": "Hi"}],
        ...                                      [{"role": "assistant", "content": calls}]))
        >>> reply.content, reply.tool_calls
        (None, [ToolRequest(name='get_weather', arguments={'city': 'Paris'}, id='c1')])

        The requesting turn replayed as its calls: read when they name their function,
        nothing when they name none (the earlier reply is that turn).

        >>> blank = [{"id": "", "type": ""}]
        >>> asked, _ = langtrace_messages(span(
        ...     [{"role": "user", "content": "Hi"}, blank,
        ...      {"role": "tool", "tool_call_id": "c1", "content": "sunny"}], []))
        >>> [(m.role, m.tool_call_id) for m in asked]
        [('user', None), ('tool', 'c1')]
        >>> asked, _ = langtrace_messages(span([{"role": "user", "content": "Hi"}, calls], []))
        >>> [(m.role, [c.id for c in m.tool_calls]) for m in asked]
        [('user', []), ('assistant', ['c1'])]

        Anthropic's system parameter, written last, heads the input:

        >>> asked, _ = langtrace_messages(span(
        ...     [{"role": "user", "content": "Hi"}, {"role": "system", "content": "Be brief."}],
        ...     [{"type": "text", "role": "assistant", "content": "Hello"}], "anthropic"))
        >>> [m.role for m in asked]
        ['system', 'user']

        Another tracer's span, or events that hold no JSON list, are not read here:

        >>> other = span([], [])
        >>> other.attributes.pop("langtrace.sdk.name")
        'langtrace-python-sdk'
        >>> langtrace_messages(other) is None
        True
    """
    typescript = is_langtrace_ts(span)
    if not is_langtrace(span) and not typescript:
        return None
    prompts = _event_values(span, *_PROMPT)
    completions = _event_values(span, *_COMPLETION)
    if prompts is None and completions is None:
        return None
    inputs: list[Msg] = []
    for n, item in enumerate(prompts or []):
        turn = stub_turn(span, item, (prompts or [])[n + 1 :]) if isinstance(item, list) else None
        inputs.extend([turn] if turn is not None else _prompt_item(item))
    if typescript:
        completions = [c for c in completions or [] if not _dropped_block(c)]
    outputs = [
        streamed_reply(span, m)
        for item in completions or []
        for m in _completion_item(item, text_requests=typescript)
    ]
    return (_system_first(inputs) if _anthropic(span) else inputs), outputs


def _anthropic(span: Span) -> bool:
    """Whether Langtrace's Anthropic instrumentation wrote the span."""
    attrs = span.attributes
    return attrs.get("langtrace.service.name") == "Anthropic" or (
        str(attrs.get("gen_ai.system") or "").lower() == "anthropic"
    )


def _event_values(span: Span, name: str, key: str) -> list[Any] | None:
    """The JSON lists the span's `name` events hold under `key`, concatenated; None if none."""
    found: list[Any] | None = None
    for event in span.events:
        if event.get("name") != name:
            continue
        value = try_json((event.get("attributes") or {}).get(key))
        if not isinstance(value, list):
            return None  # not Langtrace's JSON list: the generic reader's
        found = [*(found or []), *value]
    return found


def _prompt_item(item: Any) -> list[Msg]:
    """One entry of the prompt: a message, or a requesting turn written as its calls."""
    if isinstance(item, list):
        calls = _requests(item)
        return [Msg(role="assistant", tool_calls=calls)] if calls else []
    return parse_messages(item)


def _dropped_block(item: Any) -> bool:
    """Whether a TypeScript SDK completion entry is a content block it wrote nothing of.

    Examples:
        >>> _dropped_block({"role": "assistant"}), _dropped_block({"role": "assistant",
        ...                                                       "content": "Hi"})
        (True, False)
    """
    return isinstance(item, dict) and set(item) == {"role"} and item["role"] == "assistant"


def _completion_item(item: Any, *, text_requests: bool = False) -> list[Msg]:
    """One choice of the completion: its requests when its ``content`` is them.

    `text_requests`: the requests may be written as JSON text (the TypeScript SDK's).

    Examples:
        >>> text = '[{"id": "c1", "type": "function", "function": {"name": "f"}}]'
        >>> [m.tool_calls for m in _completion_item({"role": "assistant", "content": text},
        ...                                         text_requests=True)]
        [[ToolRequest(name='f', arguments={}, id='c1')]]
        >>> [m.content for m in _completion_item({"role": "assistant", "content": "[1, 2]"},
        ...                                      text_requests=True)]
        ['[1, 2]']
        >>> [m.content == text for m in _completion_item({"role": "assistant", "content": text})]
        [True]
    """
    if not isinstance(item, dict):
        return parse_messages(item, default_role="assistant")
    content = item.get("content")
    if text_requests and isinstance(content, str) and content.lstrip().startswith("["):
        listed = try_json(content)
        content = listed if isinstance(listed, list) else content
    role = str(item.get("role") or "assistant")
    if isinstance(content, list) and content and (calls := _requests(content)):
        return [Msg(role=role, tool_calls=calls)]
    if isinstance(content, dict) and isinstance(content.get("name"), str):
        name, arguments = content["name"], content.get("arguments")
        return [Msg(role=role, tool_calls=[ToolRequest(name, parse_arguments(arguments))])]
    return parse_messages(item, default_role="assistant")


def _requests(items: list[Any]) -> list[ToolRequest]:
    """The calls of a list of ``{id, type, function: {name, arguments}}``; [] unless all are.

    A list whose entries name no function (``{"id": "", "type": ""}``) names no call.
    """
    out: list[ToolRequest] = []
    for item in items:
        fn = item.get("function") if isinstance(item, dict) else None
        if not isinstance(fn, dict) or not isinstance(fn.get("name"), str) or not fn["name"]:
            return []
        call_id = item.get("id")
        out.append(
            ToolRequest(
                name=fn["name"],
                arguments=parse_arguments(fn.get("arguments")),
                id=call_id if isinstance(call_id, str) and call_id else None,
            )
        )
    return out


def _system_first(inputs: list[Msg]) -> list[Msg]:
    """An Anthropic request's input with the system message it ends with first.

    Langtrace's Anthropic instrumentation appends the ``system`` parameter as one system
    message after the conversation (Anthropic's messages hold no system role of their own);
    an input that does not end with one is as written.

    Examples:
        >>> [m.role for m in _system_first([Msg("user", "Hi"), Msg("system", "Be brief.")])]
        ['system', 'user']
        >>> [m.role for m in _system_first([Msg("user", "Hi"), Msg("assistant", "Hello")])]
        ['user', 'assistant']
    """
    if len(inputs) < 2 or inputs[-1].role != "system":
        return inputs
    return [inputs[-1], *inputs[:-1]]
