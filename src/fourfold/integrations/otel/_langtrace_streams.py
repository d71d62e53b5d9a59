"""Langtrace's streamed OpenAI replies when tools were offered, and the turns it replays as stubs.

langtrace-python-sdk (3.8.21) wraps a streamed Chat Completions call (``stream=True``,
``gen_ai.request.stream`` true) in its ``StreamWrapper``, which keeps, of each chunk, one
piece: with ``tools`` offered (``gen_ai.request.tools``) the first tool call's
``function.arguments`` delta, and nothing of the text deltas. At the end it writes the
pieces joined as the reply's ``content`` (``{"role": "assistant", "content": ...}``). So:

- a reply that requested tools is written as the calls' argument strings run together
  (``{"city": "Paris"}{"city": "Tokyo"}``), no name, no id: it is the assistant's turn
  requesting those calls, one per JSON object, in order, its text null
  (`streamed_reply`). Each is named by the tool the request offered whose parameters take
  every key of its arguments, when exactly one does; where the arguments fit no offered
  tool, or several, the content is kept as written (nothing names the tool);
- a reply that answered in text is written as ``""``: that is what the span says, and the
  message is kept so (the contract's "as written"; the text is in no span);
- its ids are nowhere in the span: the next call's input gives them, which replays the turn
  as stubs with the tool messages after them (`.._streamed_call_ids`).

The SDK writes a replayed requesting turn of a request as the list of its calls' ``{id,
type}`` read by ``getattr`` (`._langtrace`); from a history kept as dicts, or from
LlamaIndex's, that is ``[{"id": "", "type": ""}, ...]``, the entries sometimes as JSON text.
Such a list names no call, but counts them, and the tool messages right after it answer
them by id: it is the assistant's turn requesting as many calls as there are stubs, the
k-th the call the k-th tool message answers (its id), named by the name every one of those
tool messages carries, else by the one tool offered, its arguments not written (`stub_turn`).
Where the results are fewer, name other calls, or the tool is not known, it is no message,
as before: the earlier call's reply is the turn.

Not read here: a span that was not streamed, or offered no tools (its content is the
model's text), and another tracer's spans.
"""

from __future__ import annotations

from typing import Any

from ..._json import json_documents_in
from .._langtrace_spans import joins_arguments
from .._messages import Msg, ToolRequest, parse_messages, try_json
from .._spans import Span

__all__ = ["offered_tools", "streamed_reply", "stub_turn"]

_STUB = {"id": "", "type": ""}


def offered_tools(span: Span) -> dict[str, frozenset[str]]:
    """The tools the request offered, by name, each with its parameters' names.

    Langtrace writes ``gen_ai.request.tools`` as a JSON list of the tools or, from the
    Python SDK, a list holding that list as JSON text (double-encoded).

    Examples:
        >>> import json
        >>> tool = {"type": "function", "function": {"name": "get_weather",
        ...         "parameters": {"properties": {"city": {"type": "string"}}}}}
        >>> span = Span("t", "s", None, "chat", 1, 2, "ok", None,
        ...             {"gen_ai.request.tools": json.dumps([json.dumps([tool])])})
        >>> offered_tools(span)
        {'get_weather': frozenset({'city'})}
        >>> offered_tools(Span("t", "s", None, "chat", 1, 2, "ok", None, {}))
        {}
    """
    listed = try_json(span.attributes.get("gen_ai.request.tools"))
    out: dict[str, frozenset[str]] = {}
    for entry in listed if isinstance(listed, list) else []:
        entry = try_json(entry)
        for tool in entry if isinstance(entry, list) else [entry]:
            fn = tool.get("function") if isinstance(tool, dict) else None
            if not isinstance(fn, dict) or not isinstance(fn.get("name"), str):
                continue
            schema = fn.get("parameters")
            props = schema.get("properties") if isinstance(schema, dict) else None
            out[fn["name"]] = frozenset(props) if isinstance(props, dict) else frozenset()
    return out


def streamed_reply(span: Span, reply: Msg) -> Msg:
    """`reply` as the turn it was when its content is the calls' argument strings joined.

    Examples:
        >>> import json
        >>> tool = {"type": "function", "function": {"name": "get_weather",
        ...         "parameters": {"properties": {"city": {"type": "string"}}}}}
        >>> attrs = {"langtrace.sdk.name": "langtrace-python-sdk", "gen_ai.request.stream": True,
        ...          "gen_ai.request.tools": json.dumps([tool])}
        >>> span = Span("t", "s", None, "chat", 1, 2, "ok", None, attrs)
        >>> turn = streamed_reply(span, Msg("assistant", '{"city": "Paris"}{"city": "Tokyo"}'))
        >>> turn.content, [(r.name, r.arguments, r.id) for r in turn.tool_calls]
        (None, [('get_weather', {'city': 'Paris'}, None), ('get_weather', {'city': 'Tokyo'}, None)])

        The text a stream dropped is kept as written; so are arguments no offered tool takes,
        and text that is no run of JSON objects:

        >>> streamed_reply(span, Msg("assistant", "")).content
        ''
        >>> streamed_reply(span, Msg("assistant", '{"town": "Paris"}')).tool_calls
        []
        >>> streamed_reply(span, Msg("assistant", '{"city": "Paris"} and more')).tool_calls
        []

        Not streamed, or no tools offered: the content is the model's text.

        >>> still = Span("t", "s", None, "chat", 1, 2, "ok", None,
        ...              {**attrs, "gen_ai.request.stream": False})
        >>> streamed_reply(still, Msg("assistant", '{"city": "Paris"}')).tool_calls
        []
    """
    if reply.role != "assistant" or reply.tool_calls or not reply.content:
        return reply
    if not joins_arguments(span):
        return reply
    objects = _joined_objects(reply.content)
    tools = offered_tools(span)
    names = [_taking(tools, obj) for obj in objects or []]
    if not objects or any(name is None for name in names):
        return reply
    calls = [ToolRequest(str(name), obj) for name, obj in zip(names, objects, strict=True)]
    return Msg(role="assistant", tool_calls=calls)


def _joined_objects(text: str) -> list[dict[str, Any]] | None:
    """The JSON objects `text` is made of, one after another; None if it is anything else.

    Examples:
        >>> _joined_objects('{"a": 1}{"b": 2}')
        [{'a': 1}, {'b': 2}]
        >>> _joined_objects('{}') , _joined_objects('[1]'), _joined_objects('{"a": 1} x')
        ([{}], None, None)
    """
    bounds, stopped = json_documents_in(text)
    if stopped is not None:
        return None
    out: list[dict[str, Any]] = []
    for start, end in bounds:
        value = try_json(text[start:end])
        if not isinstance(value, dict):
            return None
        out.append(value)
    return out or None


def _taking(tools: dict[str, frozenset[str]], arguments: dict[str, Any]) -> str | None:
    """The one offered tool whose parameters take every key of `arguments`; None if not one."""
    fits = [name for name, params in tools.items() if set(arguments) <= params]
    return fits[0] if len(fits) == 1 else None


def stub_turn(span: Span, item: list[Any], after: list[Any]) -> Msg | None:
    """The requesting turn a list of stubs stands for, given the prompt entries `after` it.

    Examples:
        >>> import json
        >>> tool = {"type": "function", "function": {"name": "get_weather"}}
        >>> span = Span("t", "s", None, "chat", 1, 2, "ok", None,
        ...             {"gen_ai.request.tools": json.dumps([tool])})
        >>> stubs = [{"id": "", "type": ""}, '{"id": "", "type": ""}']
        >>> results = [{"role": "tool", "tool_call_id": "c1", "content": "sunny"},
        ...            {"role": "tool", "tool_call_id": "c2", "content": "rain"}]
        >>> turn = stub_turn(span, stubs, results)
        >>> turn.content, [(r.name, r.arguments, r.id) for r in turn.tool_calls]
        (None, [('get_weather', {}, 'c1'), ('get_weather', {}, 'c2')])

        Fewer results than stubs, a list that is not all stubs, or no tool known: none.

        >>> stub_turn(span, stubs, results[:1]) is None
        True
        >>> stub_turn(span, [{"id": "c1", "type": "function"}], results) is None
        True
        >>> two = Span("t", "s", None, "chat", 1, 2, "ok", None, {"gen_ai.request.tools":
        ...            json.dumps([tool, {"type": "function", "function": {"name": "f"}}])})
        >>> stub_turn(two, stubs, results) is None
        True
    """
    if not item or not all(try_json(entry) == _STUB for entry in item):
        return None
    answers = [m for entry in after[: len(item)] for m in parse_messages(entry)]
    ids = [m.tool_call_id for m in answers if m.role == "tool" and m.tool_call_id]
    if len(answers) != len(item) or len(ids) != len(item):
        return None
    tools = list(offered_tools(span))
    named = {m.name for m in answers}
    name = named.pop() if len(named) == 1 else None
    name = name or (tools[0] if len(tools) == 1 else None)
    if name is None:
        return None
    return Msg(role="assistant", tool_calls=[ToolRequest(name, {}, call) for call in ids])
