"""Chat messages in the shapes tracers record them, read into one internal form.

Shapes understood: OpenAI chat messages (``content`` as text or parts, ``tool_calls`` with
``function.name/arguments``, ``tool_call_id``), the OpenTelemetry GenAI "parts" schema
(``{role, parts: [{type: text, content} | {type: tool_call, id, name, arguments} |
{type: tool_call_response, id, response}]}``), google-genai ``Content`` (``{role: user|model,
parts: [{text} | {function_call: {id, name, args}} | {function_response: {id, name,
response}}]}``, either casing; thoughts left out), Anthropic-style content blocks (``tool_use``,
``tool_result``), the Vercel AI SDK's prompt parts (``{type: tool-call, toolCallId, toolName,
input}`` — ``args`` before ai 5 — and ``{type: tool-result, toolCallId, toolName, output:
{type, value}}`` — ``result`` before ai 5, ``error-text`` / ``error-json`` a failed call's; a
``json`` output's value is the tool's own JSON as it returned it, kept so, even a list of
objects with ``text`` (ai 6's search tool's ``[{id, source, text}]``), where a ``content``
output's value is content blocks, their texts joined; a
``reasoning`` part is not the message's text, nor a text part that is a Converse
``reasoningContent`` block's JSON: `is_converse_reasoning`), Haystack's serialised
``ChatMessage`` (``{role, content: [{text} | {tool_call: {tool_name, arguments, id}} |
{tool_call_result: {result, origin: the ToolCall, error}} | {reasoning: ...}]}``, a result with
``error`` a failed call's), a tool message whose content lists ``{tool_call_id, content}``
entries (Semantic Kernel's merged function results: one tool message per entry,
`._result_entries`), completion objects (``{"text": ..., "finish_reason": ...}``) and Chat
Completions choices (``{"finish_reason", "index", "message"}``: the message,
`._completion_choices`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from .. import trace
from .._json import CutObject, JsonProblem, parse_json
from ..trace import Message
from ._block_reprs import block_repr
from ._completion_choices import choice_message
from ._converse_reasoning import is_converse_reasoning
from ._cut_json import cut_json, cut_messages
from ._function_errors import function_error
from ._item_reprs import each_item, item_repr
from ._literals import LIMIT, python_literal
from ._quoted_names import unquoted_name
from ._react_text import step_key
from ._result_contents import inner_result
from ._result_entries import result_entries
from ._sdk_error_texts import sdk_error_text
from ._text_block import content_text, written_blocks
from ._thinking_replays import thinking_key
from ._unwritten_requests import requesting_turn

__all__ = [
    "Msg",
    "ToolRequest",
    "call_id",
    "is_media",
    "parse_arguments",
    "parse_messages",
    "responses_output",
    "result_text",
    "result_value",
    "try_json",
]

_ROLES = {
    "system": "system",
    "developer": "system",
    "user": "user",
    "human": "user",
    "assistant": "assistant",
    "ai": "assistant",
    "model": "assistant",
    "bot": "assistant",
    "tool": "tool",
    "function": "tool",
    "ipython": "tool",
}


@dataclass
class ToolRequest:
    """A tool call the model asked for in a message.

    The importer's working form of `fourfold.trace.ToolRequest`: mutable, so a request whose
    id only the executed call or its answer gives can be given it (`Msg.to_message` makes
    the public one).
    """

    name: str
    arguments: dict[str, Any]
    id: str | None = None


@dataclass
class Msg:
    """A message with its tool calls, before it becomes a `Message`."""

    role: str
    content: str | None = None
    name: str | None = None
    tool_call_id: str | None = None
    tool_calls: list[ToolRequest] = field(default_factory=list)
    result: Any = None
    """For a tool message, the result as a JSON value (`content` holds its text); for an
    assistant's structured reply (AgentChat's ``StructuredMessage``), the object."""
    partial: bool = False
    """Only part of the message was recorded (a stream whose start the exporter dropped)."""
    cut: bool = False
    """An attribute length limit cut the message short: it holds the parts whole before the
    cut, more may have followed (`._cut_json`); a message the conversation holds whole, of
    which it is the start, is the same message (`._conversation`)."""
    error: str | None = None
    """For a tool message the request marks as a failure (Anthropic's ``tool_result`` with
    ``is_error``, the AI SDK's ``error-text`` / ``error-json`` output), the error: its text;
    a Gemini function response's ``"error"`` value (`._function_errors`)."""
    reused_id: str | None = None
    """For a tool message whose call id an earlier call of another tool or other arguments
    had (smolagents numbers each agent's calls from ``call_1``), its own request, as JSON:
    what tells it from that call's answer (`key`; `._reused_ids`)."""
    reply_item: tuple[int, int] | None = field(default=None, compare=False)
    """For an assistant turn made of one output item of a Responses API reply written as the
    items' reprs, its place among the reply's turns and their number (`._item_reprs`): the
    answers to the reply's calls follow all its turns (`._item_runs`)."""
    choice: int | None = field(default=None, compare=False)
    """For an assistant message that is one of the choices of a reply holding several (Chat
    Completions' ``n``), its place among them: a later choice is no answer (`._choices`)."""
    requests_unwritten: bool = field(default=False, compare=False)
    """For an assistant message recorded as only empty text, a turn that requested tools its
    record left out (`._unwritten_requests`): in an input, it stands for a turn the trace may
    record whole elsewhere (`._silent_replies.without_unwritten_replays`)."""
    said_ns: int | None = field(default=None, compare=False)
    """When the message was said (unix ns), where its record knows it apart from the span
    that records it: a turn of a tool loop given back from the calls it requested, when the
    first started (`._replies_in_runs`). The conversation's time for it (`Conversation.born`),
    instead of the span's start."""

    def key(self) -> tuple[Any, ...]:
        """What makes two records of a message the same message (to merge histories)."""
        if self.role == "tool" and self.tool_call_id:
            return ("tool", self.tool_call_id, self.reused_id)
        calls = tuple(
            (c.id,) if c.id else (c.name, json.dumps(c.arguments, sort_keys=True, default=str))
            for c in self.tool_calls
        )
        text = (self.content or "").strip()
        if self.role == "assistant":
            # an assistant's ReAct step replayed in other words is the same message
            # (`step_key`); so is a reasoning reply Agno replays in <thinking> tags
            text = step_key(thinking_key(text))
        return (self.role, text, calls)

    def to_message(self) -> Message:
        """The public form; an assistant message keeps the calls it requested, in order.

        Examples:
            >>> msg = Msg(role="assistant", tool_calls=[ToolRequest("refund", {"n": 1}, "c1")])
            >>> msg.to_message().tool_calls
            [ToolRequest(id='c1', name='refund', arguments={'n': 1})]
        """
        requests = self.tool_calls if self.role == "assistant" else []
        return Message.model_validate(
            {
                "role": self.role,
                "content": self.content,
                "name": self.name,
                "tool_call_id": self.tool_call_id,
                "tool_calls": [
                    trace.ToolRequest(
                        id=None if r.id is None else str(r.id),
                        name=r.name,
                        arguments=r.arguments,
                    )
                    for r in requests
                ],
            }
        )


def try_json(value: Any) -> Any:
    """`value` parsed when it is a string holding JSON, else `value` itself.

    Within `fourfold._json`'s bounds (JSON nested too deeply stays a string), and a lone
    surrogate escape in it becomes U+FFFD, as in the file that held it.
    """
    if isinstance(value, str | bytes):
        try:
            text = value.decode("utf-8") if isinstance(value, bytes) else value
            return parse_json(text, unique_keys=False, repair=True)
        except (JsonProblem, UnicodeDecodeError):
            return value
    return value


def result_value(value: Any) -> Any:
    """A tool result as a JSON value: a string holding a JSON object or array is parsed."""
    if isinstance(value, str) and value.strip()[:1] in ("{", "["):
        return try_json(value)
    return value


def result_text(value: Any) -> str | None:
    """A tool result as message text."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, default=str)


def parse_arguments(value: Any) -> dict[str, Any]:
    """Tool-call arguments as a JSON object; anything else is kept under ``input``."""
    value = try_json(value)
    if value is None or value == "":
        return {}
    if isinstance(value, dict):
        return value
    return {"input": value}


def parse_messages(value: Any, *, default_role: str = "user") -> list[Msg]:
    """Every message in `value` (a JSON string, a list of messages, one message...).

    JSON text an attribute length limit cut short is no message of its own text: it gives
    its messages as far as they are whole, the one the cut fell in its whole parts
    (`._cut_json.cut_messages`).
    """
    value = try_json(value)
    if value is None:
        return []
    if isinstance(value, str) and cut_json(value):  # cut short: what it holds whole
        found: list[Msg] = []
        for item in cut_messages(value):
            read = parse_messages(item, default_role=default_role)
            for msg in read if isinstance(item, CutObject) else []:
                msg.cut = True  # the message the cut fell in: its whole parts
            found.extend(read)
        return found
    if isinstance(value, str):
        return [Msg(role=default_role, content=value)] if value else []
    if isinstance(value, list):
        out: list[Msg] = []
        for n, item in enumerate(value):
            read = parse_messages(item, default_role=default_role)
            if not read and requesting_turn(item, value[n + 1] if n + 1 < len(value) else None):
                read = [Msg(role="assistant", requests_unwritten=True)]  # its calls left out
            out.extend(read)
        return out
    if not isinstance(value, dict):
        return [Msg(role=default_role, content=json.dumps(value))]
    if isinstance(value.get("messages"), list) and "role" not in value:
        return parse_messages(value["messages"], default_role=default_role)
    chosen = choice_message(value)  # a Chat Completions choice (Laminar's reply): its message
    if chosen is not None:
        return _message(chosen, "assistant")
    if "role" not in value and isinstance(value.get("text"), str):
        return [Msg(role="assistant", content=value["text"])]
    if "role" not in value and "content" not in value and "parts" not in value:
        return []
    return _message(value, default_role)


def _message(data: dict[str, Any], default_role: str) -> list[Msg]:
    role = _ROLES.get(str(data.get("role") or default_role).lower())
    if role is None:
        return []
    if isinstance(data.get("parts"), list):
        return _from_parts(role, data["parts"], data)
    entries = result_entries(data)  # several calls' results in one message: one each
    if entries is not None:
        return [m for entry in entries for m in _message(entry, default_role)]
    msg = Msg(
        role=role,
        name=_str(data.get("name")),
        tool_call_id=_str(data.get("tool_call_id") or (data.get("id") if role == "tool" else None)),
    )
    extra: list[Msg] = []
    content = data.get("content")
    if isinstance(content, list):
        texts = []
        for part in content:
            if isinstance(part, str):
                texts.append(part)
            elif isinstance(part, dict):
                kind = _str(part.get("type"))  # a type that is no text names no kind
                if kind == "tool_use":
                    msg.tool_calls.append(_request(part.get("name"), part.get("input"), part))
                elif kind == "tool_result":
                    body = part.get("content")
                    answer = _tool_message(part.get("tool_use_id"), None, body)
                    if part.get("is_error") is True:  # the tool failed: its text is the error
                        answer.error = answer.content
                    extra.append(answer)
                elif kind == "tool-call":  # the AI SDK's: ``input`` (``args`` before ai 5)
                    args = part["input"] if "input" in part else part.get("args")
                    request = _request(part.get("toolName"), args, {"id": part.get("toolCallId")})
                    msg.tool_calls.append(request)
                elif kind == "tool-result":
                    body = part["output"] if "output" in part else part.get("result")
                    name = _str(part.get("toolName"))
                    # a json output is the tool's own value, not content blocks
                    kept = isinstance(body, dict) and _str(body.get("type")) in _JSON
                    answer = _tool_message(
                        part.get("toolCallId"), name, _output(body), blocks=not kept
                    )
                    if isinstance(body, dict) and _str(body.get("type")) in _FAILED:
                        answer.error = answer.content
                    extra.append(answer)
                elif isinstance(part.get("tool_call"), dict):  # Haystack's ChatMessage
                    call = part["tool_call"]
                    msg.tool_calls.append(
                        _request(call.get("tool_name"), call.get("arguments"), call)
                    )
                elif isinstance(part.get("tool_call_result"), dict):
                    extra.append(_haystack_result(part["tool_call_result"]))
                elif kind in _REASONING:
                    continue  # the model's reasoning, not what it said
                elif isinstance(part.get("text"), str):
                    texts.append(part["text"])
                elif isinstance(part.get("content"), str):
                    texts.append(part["content"])
        msg.content = "\n".join(texts) if texts else None
    elif content is not None:
        msg.content = content if isinstance(content, str) else result_text(content)
    msg.tool_calls.extend(_openai_requests(data))
    if msg.tool_calls and msg.content == "":
        msg.content = None  # a turn that only requests tools has no text, "" or null
    if role == "tool":
        msg.result = result_value(content)
    if msg.content is None and not msg.tool_calls and extra:
        return extra
    return [msg, *extra]


def _openai_requests(data: dict[str, Any]) -> list[ToolRequest]:
    """The tool calls an OpenAI-style message's ``tool_calls`` list requests.

    LangChain's ``{name, args, id}`` too; nothing when it is no list.
    """
    calls = data.get("tool_calls")
    out: list[ToolRequest] = []
    for call in calls if isinstance(calls, list) else []:
        if isinstance(call, dict):
            fn: dict[str, Any] = (
                call["function"] if isinstance(call.get("function"), dict) else call
            )
            # LangChain's ToolCall ({name, args, id, type: "tool_call"}) says ``args``
            arguments = fn["arguments"] if "arguments" in fn else fn.get("args")
            out.append(_request(fn.get("name"), arguments, call))
    return out


def _from_parts(role: str, parts: list[Any], data: dict[str, Any]) -> list[Msg]:
    """A "parts" message, with OpenAI's keys beside its parts.

    OpenAI's ``tool_calls`` and ``tool_call_id`` beside the parts (as LiteLLM writes its
    ``gen_ai.input.messages``) are the message's requests and the call it answers. An
    assistant message whose text parts are each the repr of a Responses API output item
    (openai-agents-v2) is those items, a turn each (`._item_reprs`).

    Examples:
        >>> [asked] = _from_parts("assistant", [{"type": "text", "content": ""}], {
        ...     "tool_calls": [{"id": "c1", "function": {"name": "f", "arguments": "{}"}}]})
        >>> asked.content, [(r.id, r.name) for r in asked.tool_calls]
        (None, [('c1', 'f')])
        >>> [answer] = _from_parts("tool", [{"type": "text", "content": "22 C"}],
        ...                        {"tool_call_id": "c1"})
        >>> answer.content, answer.tool_call_id, answer.result
        ('22 C', 'c1', '22 C')
    """
    items = each_item(parts) if role == "assistant" else None
    if items is not None:  # the Responses API's reply items, a turn each (openai-agents-v2)
        return _item_turns(items)
    steps = _run_steps(parts) if role == "assistant" else None
    if steps is not None:  # a whole run in one message: its turns, each after the last
        later = {"name": data["name"]} if "name" in data else {}
        return [
            m
            for n, step in enumerate(steps)
            for m in _from_parts(role, step, data if n == 0 else later)
        ]
    msg = Msg(role=role, name=_str(data.get("name")))
    texts: list[str] = []
    responses: list[Msg] = []
    for part in parts:
        if not isinstance(part, dict):
            continue
        kind = _str(part.get("type"))
        if kind == "text" and "content" not in part and isinstance(part.get("text"), str):
            # OpenAI's content item as a part, its key ``text`` (LiteLLM's conversion passes a
            # list content's items through as they are, beside an image_url item)
            part = {**part, "content": part["text"]}
        if kind == "text" and is_converse_reasoning(part.get("content")):
            continue  # a Converse reasoning block as text (OpenLLMetry's): no text
        if kind == "text" and part.get("content") is not None:
            said = _written_reply(part["content"], role)
            if said is None:  # Anthropic's text blocks are their text (openlit's Claude)
                written = part["content"] if role == "tool" else written_blocks(part["content"])
                texts.append(content_text(written))  # or their JSON (OpenLLMetry JS's)
            else:  # the repr of a message or of reply items (openai-agents-v2): what it says
                texts.extend([said.content] if said.content else [])
                msg.tool_calls.extend(said.tool_calls)
        elif kind == "tool_call":
            msg.tool_calls.append(_request(part.get("name"), part.get("arguments"), part))
        elif kind == "tool_use":  # Anthropic's blocks as parts (LiteLLM's /v1/messages route)
            msg.tool_calls.append(_request(part.get("name"), part.get("input"), part))
        elif kind == "tool_result":
            response = _tool_message(part.get("tool_use_id"), None, part.get("content"))
            if part.get("is_error") is True:  # the tool failed: its text is the error
                response.error = response.content
            responses.append(response)
        elif kind == "tool_call_response":
            body = part.get("response", part.get("result"))  # pydantic-ai writes "result"
            body = inner_result(body, part.get("id"))  # Agent Framework's result content
            response = _tool_message(part.get("id"), None, body)
            # a Gemini function response's error; the AI SDK's for a call it never ran
            response.error = function_error(body) or sdk_error_text(body)
            responses.append(response)
        elif kind is None:
            _gemini_part(part, msg, texts, responses)
    msg.tool_calls.extend(_openai_requests(data))
    if role == "tool" and responses:  # a result written again as text is the same result
        texts = [t for t in texts if t not in {r.content for r in responses}]
    elif role == "tool" and _str(data.get("tool_call_id")) is not None:
        msg.tool_call_id = _str(data.get("tool_call_id"))
        msg.result = result_value("\n".join(texts)) if texts else None
    # a turn that only requests tools has no text, an empty text part or none (a streamed
    # reply's empty text, autogen-selector-streamed), as in `_message`
    spoken = any(texts) or not msg.tool_calls
    msg.content = "\n".join(texts) if texts and spoken else None
    if not any(texts) and not msg.tool_calls and not responses and parts:
        if any(is_media(part) for part in parts):
            return [msg]  # an image, a file, audio: a message, its content none (no text)
        return []  # only empty text: nothing said (Mastra 1.x's reply of a tool-call turn)
    if responses and msg.content is None and not msg.tool_calls:
        return responses
    return [msg, *responses] if responses else [msg]


_ANSWERED_PARTS = frozenset({"tool_call_response", "tool_result"})
_ASKING_PARTS = frozenset({"text", "tool_call", "tool_use"})


def _run_steps(parts: list[Any]) -> list[list[Any]] | None:
    """The turns of an assistant message that records a whole run, else None.

    The AI SDK 7's ``invoke_agent`` span writes its run as one assistant message of every
    step's parts in order: a step's text and calls, their results, the next step's text...
    (@ai-sdk/otel, `vercel-ai-sdk-v7-preamble-2026-12-07y`). A text or a call after a result
    is a later turn: the model wrote it after it was given that result. So each turn is read
    apart (its text the turn's, not joined with an earlier turn's into one answer), split
    where a text or call part follows a result part; None when no part does.

    Examples:
        >>> said = [{"type": "text", "content": "I'll look."},
        ...         {"type": "tool_call", "id": "c1", "name": "f", "arguments": {}},
        ...         {"type": "tool_call_response", "id": "c1", "response": "22 C"},
        ...         {"type": "text", "content": "It is 22 C."}]
        >>> [[p["type"] for p in step] for step in _run_steps(said)]
        [['text', 'tool_call', 'tool_call_response'], ['text']]
        >>> _run_steps(said[:3]) is None
        True
    """
    steps: list[list[Any]] = [[]]
    answered = False
    for part in parts:
        kind = part.get("type") if isinstance(part, dict) else None
        if answered and kind in _ASKING_PARTS:
            steps.append([])
            answered = False
        answered = answered or kind in _ANSWERED_PARTS
        steps[-1].append(part)
    return steps if len(steps) > 1 else None


_MEDIA_PARTS = frozenset(
    {"blob", "file", "uri", "image", "image_url", "input_image", "audio", "input_audio", "document"}
)
"""Part types that carry media, not text: the GenAI conventions' ``blob`` / ``file`` /
``uri``, OpenAI's, Anthropic's and the AI SDK's image, audio, file and document parts."""
_GEMINI_MEDIA = ("inline_data", "inlineData", "file_data", "fileData")


def is_media(part: Any) -> bool:
    """Whether a message part is an image, a file or audio (its content no text).

    Examples:
        >>> is_media({"type": "blob", "modality": "image", "content": "iVBOR"})
        True
        >>> is_media({"inline_data": {"mime_type": "image/png"}}), is_media({"type": "text"})
        (True, False)
    """
    if not isinstance(part, dict):
        return False
    return part.get("type") in _MEDIA_PARTS or any(key in part for key in _GEMINI_MEDIA)


def _item_turns(items: list[dict[str, Any]]) -> list[Msg]:
    """A Responses API reply's output items, a turn each, in order (`._item_reprs`).

    An item that says nothing (reasoning) makes no turn; each turn knows its place among the
    reply's (`Msg.reply_item`).
    """
    said = [responses_output([item]) for item in items]
    turns = [m for m in said if m.tool_calls or m.content is not None]
    for n, turn in enumerate(turns):
        turn.reply_item = (n, len(turns))
    return turns or [responses_output(items)]


def _repr_message(text: Any) -> dict[str, Any] | None:
    """The message dict `text` is the Python repr of, else None.

    opentelemetry-instrumentation-openai-agents-v2 writes a reply that only requests tools as
    one text part holding ``str()`` of the SDK's message dict (``{'content': None, 'role':
    'assistant', ..., 'tool_calls': [...]}``): a dict with a ``role`` and a ``content`` or
    ``tool_calls``, read as the message it is. Any other text, a dict's repr included, is text.

    Examples:
        >>> _repr_message("{'role': 'assistant', 'content': 'Hi', 'tool_calls': None}")
        {'role': 'assistant', 'content': 'Hi', 'tool_calls': None}
        >>> _repr_message("{'a': 1}") is None, _repr_message("{'role': 'user'} and more")
        (True, None)
    """
    if not isinstance(text, str) or not text.lstrip().startswith("{'"):
        return None
    value = python_literal(text)
    if not isinstance(value, dict) or not isinstance(value.get("role"), str):
        return None
    return value if "content" in value or "tool_calls" in value else None


def _written_reply(text: Any, role: str) -> Msg | None:
    """The message a text part is the Python repr of, else None (the part is text).

    opentelemetry-instrumentation-openai-agents-v2 writes what it cannot read as text with
    ``str()``: a Chat Completions message dict (`_repr_message`), and, in an assistant's
    reply, the Responses API's reply items (`_repr_items`): the whole ``Response`` the SDK
    builds from a streamed Chat Completions call, one turn, or one output item of a Responses
    API call (``ResponseFunctionToolCall(...)``) beside other text. A message whose text parts
    are all items' reprs is a turn per item (`._item_reprs`, in `_from_parts`). Logfire's
    Anthropic instrumentation writes an assistant turn replayed as the SDK's block objects a
    block's repr a part (`._block_reprs`): a text block is its text, a tool use block its
    request, a thinking block nothing (`_block_turn`).
    """
    written = _repr_message(text)
    if written is not None:
        return _message(written, role)[0]
    block = block_repr(text) if role == "assistant" else None
    if block is not None:  # an Anthropic SDK block's repr (Logfire's)
        return _block_turn(block)
    items = _repr_items(text) if role == "assistant" else None
    return responses_output(items) if items is not None else None


def _block_turn(block: dict[str, Any]) -> Msg:
    """What an Anthropic content block says in an assistant turn: its text or its request.

    A thinking block is the model's reasoning, not its text: it says nothing.

    Examples:
        >>> _block_turn({"type": "text", "text": "On it."}).content
        'On it.'
        >>> asked = _block_turn({"type": "tool_use", "id": "t1", "name": "f", "input": {"a": 1}})
        >>> asked.content, [(r.id, r.name, r.arguments) for r in asked.tool_calls]
        (None, [('t1', 'f', {'a': 1})])
        >>> said = _block_turn({"type": "thinking", "thinking": "Hmm."})
        >>> said.content, said.tool_calls
        (None, [])
    """
    msg = Msg(role="assistant")
    if block.get("type") == "text":
        msg.content = str(block.get("text"))
    elif block.get("type") == "tool_use":
        msg.tool_calls.append(_request(block.get("name"), block.get("input"), block))
    return msg


def _repr_items(text: Any) -> list[dict[str, Any]] | None:
    """The Responses API output items `text` is the Python repr of, else None.

    ``str()`` of a ``Response`` dumped to a dict (``{'id': ..., 'object': 'response',
    'output': [{'type': 'function_call', 'call_id': ..., ...}, ...], ...}``): its output
    items; of one output item, a pydantic model (``ResponseFunctionToolCall(arguments='{}',
    call_id='call_1', name='f', type='function_call', ...)``, ``ResponseOutputMessage(...,
    content=[ResponseOutputText(text=..., type='output_text')], type='message')``): that item,
    when its ``type`` is a message, a function call or reasoning (`._item_reprs.item_repr`);
    of one ``output_text`` part of a message item, as a dict (``{'annotations': [], 'text':
    ..., 'type': 'output_text', 'logprobs': []}``: the Agents SDK's next input replaying a
    reply's text under opentelemetry-instrumentation-openai-agents-v2), a message item of that
    text. Values are read as literals (``ast``), never evaluated.

    Examples:
        >>> [item] = _repr_items("ResponseFunctionToolCall(arguments='{}', call_id='c1', "
        ...                      "name='f', type='function_call', id='fc_1', status=None)")
        >>> item["call_id"], item["name"], item["status"]
        ('c1', 'f', None)
        >>> _repr_items("{'object': 'response', 'output': [{'type': 'message', 'content': []}]}")
        [{'type': 'message', 'content': []}]
        >>> _repr_items("Response(s) are welcome."), _repr_items("{'object': 'list'}")
        (None, None)
        >>> _repr_items("{'annotations': [], 'text': 'On it.', 'type': 'output_text'}")[0]["type"]
        'message'
    """
    if not isinstance(text, str) or len(text) > LIMIT:
        return None
    text = text.strip()
    if text.startswith("{'"):
        value = python_literal(text)
        if isinstance(value, dict) and value.get("type") == "output_text":
            return [{"type": "message", "content": [value]}]  # one part of a message item
        ok = isinstance(value, dict) and value.get("object") == "response"
        items = value.get("output") if ok else None
        return [i for i in items if isinstance(i, dict)] if isinstance(items, list) else None
    item = item_repr(text)
    return [item] if item is not None else None


def responses_output(items: list[Any]) -> Msg:
    """The assistant message a Responses API reply's output items make.

    A ``message`` item's ``output_text`` parts are its text, a ``function_call`` item a tool
    request (its ``call_id``); other items (reasoning, refusals) say nothing.
    """
    msg = Msg(role="assistant")
    texts: list[str] = []
    for item in items:
        if not isinstance(item, dict):
            continue
        if item.get("type") == "message":
            for part in item.get("content") or []:
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    texts.append(part["text"])
        elif item.get("type") == "function_call":
            msg.tool_calls.append(
                ToolRequest(
                    name=str(item.get("name") or ""),
                    arguments=parse_arguments(item.get("arguments")),
                    id=_str(item.get("call_id") or item.get("id")),
                )
            )
    msg.content = "".join(texts) if texts else None
    return msg


def _gemini_part(part: dict[str, Any], msg: Msg, texts: list[str], responses: list[Msg]) -> None:
    """A google-genai ``Part``, which has no ``type``.

    ``text`` (not a ``thought``), ``function_call`` ``{id, name, args}`` or
    ``function_response`` ``{id, name, response}``, in either casing.
    """
    call = part.get("function_call") or part.get("functionCall")
    answer = part.get("function_response") or part.get("functionResponse")
    if isinstance(call, dict):
        msg.tool_calls.append(_request(call.get("name"), call.get("args"), call))
    elif isinstance(answer, dict):
        name = _str(answer.get("name"))
        response = _tool_message(answer.get("id"), name, answer.get("response"))
        response.error = function_error(answer.get("response"))  # Gemini's "error" key
        responses.append(response)
    elif isinstance(part.get("text"), str) and not part.get("thought"):
        texts.append(part["text"])


_OUTPUTS = {"text", "json", "error-text", "error-json", "content"}
_FAILED = {"error-text", "error-json"}
_JSON = {"json", "error-json"}
"""The AI SDK's outputs whose value is the tool's own JSON (ai 5+), never content blocks."""
"""The AI SDK's outputs of a tool that failed (ai 5+)."""
_REASONING = {"reasoning", "redacted-reasoning", "thinking", "redacted_thinking"}
"""Content parts that hold the model's reasoning (the AI SDK's, Anthropic's), not its text."""


def _output(body: Any) -> Any:
    """An AI SDK tool result without its wrapper; anything else as it is.

    ai 5+ wraps a result as ``{type: text|json|error-text|error-json|content, value}``.
    """
    if isinstance(body, dict) and body.get("type") in _OUTPUTS and "value" in body:
        return body["value"]
    return body


def _tool_message(call_id: Any, name: str | None, body: Any, *, blocks: bool = True) -> Msg:
    """A tool message; a list `body` is content blocks, their texts joined, when `blocks`."""
    if blocks and isinstance(body, list):  # content blocks
        texts = [b.get("text") for b in body if isinstance(b, dict) and b.get("text")]
        if texts:
            body = "\n".join(str(t) for t in texts)
    return Msg(
        role="tool",
        content=result_text(body),
        name=name,
        tool_call_id=_str(call_id),
        result=result_value(body),
    )


def _haystack_result(part: dict[str, Any]) -> Msg:
    """A Haystack ``tool_call_result`` part: ``{result, origin: the ToolCall, error}``."""
    origin = part.get("origin")
    origin = origin if isinstance(origin, dict) else {}
    answer = _tool_message(origin.get("id"), _str(origin.get("tool_name")), part.get("result"))
    if part.get("error") is True:  # the tool failed: its text is the error
        answer.error = answer.content
    return answer


def _request(name: Any, arguments: Any, data: dict[str, Any]) -> ToolRequest:
    return ToolRequest(
        name=unquoted_name(str(name or "")),
        arguments=parse_arguments(arguments),
        id=_str(data.get("id")),
    )


def _str(value: Any) -> str | None:
    if isinstance(value, list):  # an id written as [run id, call id]
        return call_id(value)
    return None if value is None or value == "" else str(value)


def call_id(value: Any) -> str | None:
    """A call id; from a list ``[run id, call id]``, the last element that looks like one.

    A placeholder in angle brackets (Google ADK writes ``<not specified>`` on a failed tool's
    span) is no id: the call's id is then its request's.

    Examples:
        >>> call_id(["run_9gu", "call_Sz1"]), call_id('["run_1", "call_2"]'), call_id("call_3")
        ('call_Sz1', 'call_2', 'call_3')
        >>> call_id("<not specified>") is None
        True
    """
    if isinstance(value, str) and value.startswith("["):
        value = try_json(value)
    if isinstance(value, list):
        items = [str(v) for v in value if v not in (None, "") and not _PLACEHOLDER.match(str(v))]
        calls = [v for v in items if v.startswith(("call_", "toolu_", "fc_"))]
        found = calls or items
        return found[-1] if found else None
    if value in (None, "") or _PLACEHOLDER.match(str(value)):
        return None
    return str(value)


_PLACEHOLDER = re.compile(r"<[^<>]*>\Z")
"""A value standing in for a missing one (``<not specified>``, ``<unknown>``)."""
