"""Haystack ``ChatMessage``s written as Python reprs (openinference-instrumentation-haystack).

OpenInference's Haystack instrumentation writes a component's inputs and outputs as a JSON
object (``input.value`` / ``output.value``) whose ``ChatMessage``s are their Python reprs::

    ChatMessage(_role=<ChatRole.TOOL: 'tool'>, _content=[ToolCallResult(result='sunny',
    origin=ToolCall(tool_name='get_weather', arguments={'city': 'Paris'}, id='call_1',
    extra=None), error=False)], _name=None, _meta={})

and as ``llm.input_messages`` / ``llm.output_messages`` only a message's role and text: an
assistant's tool-call turn and the tool results in a model's input come out empty there, and
a reply's tool calls without their ids. The reprs hold them whole, so they are read: the
parts ``TextContent(text=...)`` (the message's text), ``ToolCall(tool_name, arguments, id)``
(a request) and ``ToolCallResult(result, origin, error)`` (a tool message answering
``origin``; failed when ``error`` is true, its text the error). Other parts (reasoning,
images, files) are no text. The repr is parsed as a Python expression (``ast``), its
values read as literals, never evaluated. A reply's ``_meta`` names the model that answered
(`chat_reply_model`): a Haystack ``Agent``'s output, when its model calls made no span, is the
run's whole record (its conversation, calls, results and model). A pipeline's outputs by
component (``Pipeline.run``'s output, openinference-instrumentation-haystack 0.1.46 on
haystack-ai 2.31) hold a chat generator's ``replies`` as reprs too (`pipeline_replies`): the
reply is the message, its text the run's answer, not the repr.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from typing import Any

from .._literals import call_keywords, node_literal
from .._messages import Msg, ToolRequest, parse_arguments, result_text, result_value, try_json

__all__ = [
    "chat_message_reprs",
    "chat_reply_model",
    "pipeline_agent",
    "pipeline_replies",
    "repr_messages",
]

_ROLE = re.compile(r"<ChatRole\.\w+: ('\w+')>")
_KEYS = ("messages", "replies", "tool_messages", "last_message")
"""The keys a Haystack component's input or output holds its ``ChatMessage``s under (a
generator's ``messages`` and ``replies``, a ``ToolInvoker``'s ``tool_messages``, an
``Agent``'s ``messages`` and ``last_message``); the first that holds any is read."""


def chat_message_reprs(value: Any) -> list[Msg] | None:
    """The ``ChatMessage`` reprs a JSON object holds, as messages (None: it holds none).

    Every item under the key must be a ``ChatMessage`` repr that parses, or none is read.
    """
    items = _items(value)
    if items is None:
        return None
    found = [_chat_message(item) for item in items]
    if any(m is None for m in found):
        return None
    return [m for m in found if m is not None]


def chat_reply_model(value: Any) -> str | None:
    """The model the last assistant ``ChatMessage`` repr names in its ``_meta``.

    A reply's ``model``, the one that answered, among the messages `chat_message_reprs`
    reads (None: none names one).
    """
    if chat_message_reprs(value) is None:
        return None
    for text in reversed(_items(value) or []):
        fields = _fields(text)
        if node_literal(fields.get("_role")) != "assistant":
            continue
        meta = node_literal(fields.get("_meta"))
        model = meta.get("model") if isinstance(meta, dict) else None
        if isinstance(model, str) and model:
            return model
    return None


def pipeline_agent(value: Any) -> tuple[str, list[Msg]] | None:
    """The ``Agent`` among a Haystack pipeline's outputs by component: (its name, its messages).

    ``Pipeline.run`` returns ``{component: outputs}``; an ``Agent``'s outputs are its
    conversation, ``{"messages": [ChatMessage...], "last_message": ChatMessage}``, here as
    reprs. A Haystack ``Agent`` has no name of its own: the pipeline's name for the component
    is the agent's. Of several agents, the first component's name, the last one's messages
    (None: no component's outputs are an agent's).

    Examples:
        >>> reply = "ChatMessage(_role=<ChatRole.ASSISTANT: 'assistant'>, "
        >>> reply += "_content=[TextContent(text='Hi')], _name=None, _meta={})"
        >>> outputs = {"messages": [reply], "last_message": reply}
        >>> name, messages = pipeline_agent({"helper": outputs})
        >>> name, [(m.role, m.content) for m in messages]
        ('helper', [('assistant', 'Hi')])
        >>> pipeline_agent({"llm": {"replies": [reply]}}) is None
        True
    """
    parsed = try_json(value) if isinstance(value, str) else value
    if not isinstance(parsed, dict):
        return None
    found: list[tuple[str, list[Msg]]] = []
    for name, outputs in parsed.items():
        if not isinstance(outputs, dict) or "last_message" not in outputs:
            continue
        messages = chat_message_reprs({"messages": outputs.get("messages")})
        if messages:
            found.append((str(name), messages))
    return (found[0][0], found[-1][1]) if found else None


def pipeline_replies(value: Any) -> list[Msg] | None:
    """A chat generator's replies among a Haystack pipeline's outputs by component.

    ``Pipeline.run`` returns ``{component: outputs}``; a chat generator's (``OpenAIChatGenerator``)
    outputs are ``{"replies": [ChatMessage...]}``, here as reprs (a ``ConditionalRouter``
    passes them on under the route's name, ``final_replies``). The last such component's
    replies, as messages (None: no component's replies are ``ChatMessage`` reprs; a text
    generator's ``replies`` are strings, its answer as they are).

    Examples:
        >>> reply = "ChatMessage(_role=<ChatRole.ASSISTANT: 'assistant'>, "
        >>> reply += "_content=[TextContent(text='Sunny.')], _name=None, _meta={})"
        >>> docs = {"documents": ["Document(id=d1, content: 'x')"]}
        >>> [(m.role, m.content) for m in pipeline_replies({"retriever": docs,
        ...     "llm": {"replies": [reply]}}) or []]
        [('assistant', 'Sunny.')]
        >>> pipeline_replies({"llm": {"replies": ["Sunny."], "meta": [{}]}}) is None
        True
        >>> [m.content for m in pipeline_replies({"router": {"final_replies": [reply]}}) or []]
        ['Sunny.']
    """
    parsed = try_json(value) if isinstance(value, str) else value
    if not isinstance(parsed, dict):
        return None
    found: list[list[Msg]] = []
    for outputs in parsed.values():
        if not isinstance(outputs, dict):
            continue
        for key, said in outputs.items():
            # a generator's ``replies``; a ``ConditionalRouter``'s route of them, named by the
            # pipeline (``final_replies`` in Haystack's tool-loop recipe)
            if str(key).endswith("replies") and isinstance(said, list):
                replies = chat_message_reprs({"replies": said})
                found.extend([replies] if replies else [])
    return found[-1] if found else None


def _items(value: Any) -> list[Any] | None:
    """The items under the first of `_KEYS` that holds any (None: no key does)."""
    parsed = try_json(value) if isinstance(value, str) else value
    if not isinstance(parsed, dict):
        return None
    for key in _KEYS:
        items = parsed.get(key)
        items = [items] if isinstance(items, str) else items
        if isinstance(items, list) and items:
            return items
    return None


def repr_messages(value: Any) -> list[Msg] | None:
    """The messages of a component's input written whole as a Python repr (None: not one).

    haystack-ai 3.x's own tracer writes an agent step's model input so:
    ``{'messages': [ChatMessage(_role=<ChatRole.SYSTEM: 'system'>, ...), ...]}``; every item
    under ``messages`` must be a ``ChatMessage`` that reads, or none is read.
    """
    if not isinstance(value, str) or not value.startswith("{") or "ChatMessage(" not in value:
        return None
    listed = _messages_list(value)
    if listed is None:
        return None
    try:
        node = ast.parse(_ROLE.sub(r"\1", listed), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if not isinstance(node, ast.List) or not node.elts:
        return None
    found = [_message_of(call_keywords(item, "ChatMessage")) for item in node.elts]
    return None if any(m is None for m in found) else [m for m in found if m]


def _messages_list(text: str) -> str | None:
    """The source of the list under the dict repr's top-level ``'messages'`` key.

    The rest of the dict may hold what no parser reads (the agent's tools, ``function=<function
    get_weather at 0x...>``), so the list is cut out by its tokens (brackets inside strings
    are strings), then parsed alone.
    """
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    depth, begin, keyed = 0, None, False
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            at = starts[tok.start[0] - 1] + tok.start[1]
            if tok.type == tokenize.OP and tok.string in "([{":
                if depth == 1 and keyed and tok.string == "[" and begin is None:
                    begin = at
                depth += 1
            elif tok.type == tokenize.OP and tok.string in ")]}":
                depth -= 1
                if begin is not None and depth == 1:
                    return text[begin : at + 1]
            elif depth == 1 and begin is None and tok.type == tokenize.OP and tok.string == ",":
                keyed = False  # the next key
            elif depth == 1 and begin is None and tok.type == tokenize.STRING:
                keyed = keyed or tok.string[1:-1] == "messages"
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return None
    return None


def _fields(text: Any) -> dict[str, ast.expr]:
    """A ``ChatMessage`` repr's keyword arguments, unevaluated (empty: not one)."""
    if not isinstance(text, str) or not text.startswith("ChatMessage(_role="):
        return {}
    try:
        node = ast.parse(_ROLE.sub(r"\1", text), mode="eval").body
    except SyntaxError:
        return {}
    return call_keywords(node, "ChatMessage")


def _chat_message(text: Any) -> Msg | None:
    return _message_of(_fields(text))


def _message_of(fields: dict[str, ast.expr]) -> Msg | None:
    """A ``ChatMessage`` from its keyword arguments (None: they make none)."""
    role = node_literal(fields.get("_role"))
    parts = fields.get("_content")
    if not isinstance(role, str) or not isinstance(parts, ast.List):
        return None
    texts: list[str] = []
    requests: list[ToolRequest] = []
    results: list[Msg] = []
    for part in parts.elts:
        if found := call_keywords(part, "TextContent"):
            text = node_literal(found.get("text"))
            texts.extend([text] if isinstance(text, str) else [])
        elif found := call_keywords(part, "ToolCall"):
            requests.append(_request(found))
        elif found := call_keywords(part, "ToolCallResult"):
            results.append(_result(found))
    if results:
        return results[0]  # a tool message answers one call
    name = node_literal(fields.get("_name"))
    return Msg(
        role=role,
        content="\n".join(texts) if texts else None,
        name=name if isinstance(name, str) else None,
        tool_calls=requests,
    )


def _request(fields: dict[str, ast.expr]) -> ToolRequest:
    ident = node_literal(fields.get("id"))
    return ToolRequest(
        name=str(node_literal(fields.get("tool_name")) or ""),
        arguments=parse_arguments(node_literal(fields.get("arguments"))),
        id=str(ident) if ident else None,
    )


def _result(fields: dict[str, ast.expr]) -> Msg:
    value = node_literal(fields.get("result"))
    text = result_text(value)
    origin = fields.get("origin")
    request = _request(call_keywords(origin, "ToolCall")) if origin is not None else None
    return Msg(
        role="tool",
        content=text,
        name=request.name or None if request else None,
        tool_call_id=request.id if request else None,
        result=result_value(value),
        error=text if node_literal(fields.get("error")) is True else None,
    )
