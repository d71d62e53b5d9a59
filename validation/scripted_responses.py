"""The scripted conversations of ``framework_traces.py`` answered on OpenAI's Responses API.

The scripts (`framework_traces.script` and the others) speak Chat Completions: a handler reads
a ``/v1/chat/completions`` body (``messages``) and answers with a chat reply (`chat_reply`,
`stream_reply`). A client on the Responses API (the OpenAI Agents SDK's default
``OpenAIResponsesModel``, the openai client's ``responses.create``, the AI SDK's default
``openai(model)``) posts to ``/v1/responses`` instead. `answering_responses` wraps a script so
that such a request is answered by the same turn, in the Responses format:

- the request is read as the script expects (`chat_request`): ``instructions`` is the system
  message; ``input`` (a string, or items: ``message`` / easy ``{role, content}`` messages,
  ``function_call`` items, a turn's consecutive calls one assistant message, and
  ``function_call_output`` items, each a tool message answering its ``call_id``; ``reasoning``
  items are not messages) is the conversation; ``tools`` (``{type: function, name, ...}``)
  become ``{type: function, function: {...}}``;
- the script's chat reply is rewritten (`responses_reply`): non-streamed, a ``Response``
  object (``object: response``, ``status: completed``) whose ``output`` holds a ``message``
  item (one ``output_text`` part) when the turn has text, then one ``function_call`` item per
  call (``call_id`` the script's id, ``id`` ``fc_...``), and ``usage`` ``{input_tokens,
  input_tokens_details, output_tokens, output_tokens_details, total_tokens}``; streamed
  (``stream: true``), the server-sent events the API sends (``event: <type>`` then ``data:
  <json>``, each with its ``sequence_number``): ``response.created``,
  ``response.in_progress``; for the message ``response.output_item.added``,
  ``response.content_part.added``, one ``response.output_text.delta`` per text delta of the
  script, ``response.output_text.done``, ``response.content_part.done``,
  ``response.output_item.done``; for each call ``response.output_item.added`` (arguments
  empty), ``response.function_call_arguments.delta``, ``response.function_call_arguments.done``,
  ``response.output_item.done``; then ``response.completed`` with the whole response and its
  usage. No ``[DONE]``: the Responses stream ends with its last event.
- a hosted tool's item (the API's own ``file_search_call``, which it runs itself, no call for
  the client to answer) comes from the script as the chat reply's ``hosted_output`` (items in
  the Responses format, not streamed) and is put first in ``output``; a ``file_search_call``'s
  ``results`` are kept only when the request's ``include`` asks for
  ``file_search_call.results`` (a ``code_interpreter_call``'s ``outputs`` only when it asks
  for ``code_interpreter_call.outputs``), as the API has it (``null`` otherwise).

Shapes as in the openai-python SDK's ``openai.types.responses`` (``Response``,
``ResponseOutputMessage``, ``ResponseFunctionToolCall``, ``ResponseUsage``, the
``Response*Event`` classes) and OpenAI's API reference for ``POST /v1/responses``.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable
from typing import Any

from openai_server import OpenAIServer, Reply

__all__ = ["answering_responses", "chat_request", "responses_reply"]

_ids = itertools.count(1)


def _text_of(content: Any) -> str | None:
    """A message's content as the script reads it: the string, or its text parts joined."""
    if content is None or isinstance(content, str):
        return content
    parts = [str(part.get("text") or "") for part in content if isinstance(part, dict)]
    return "".join(parts)


def chat_request(body: dict[str, Any]) -> dict[str, Any]:
    """A Responses request body read as the Chat Completions body a script expects."""
    messages: list[dict[str, Any]] = []
    if body.get("instructions"):
        messages.append({"role": "system", "content": _text_of(body["instructions"])})
    items = body.get("input")
    if isinstance(items, str):
        items = [{"role": "user", "content": items}]
    for item in items or []:
        kind = item.get("type", "message")
        if kind == "message":
            role = "system" if item.get("role") == "developer" else item.get("role")
            messages.append({"role": role, "content": _text_of(item.get("content"))})
        elif kind == "function_call":
            call = {
                "id": item.get("call_id"),
                "type": "function",
                "function": {"name": item.get("name"), "arguments": item.get("arguments")},
            }
            last = messages[-1] if messages else {}
            if last.get("role") == "assistant" and last.get("tool_calls"):
                last["tool_calls"].append(call)  # a turn's parallel calls: one message
            else:
                messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        elif kind == "function_call_output":
            output = item.get("output")
            text = output if isinstance(output, str) else _text_of(output)
            messages.append({"role": "tool", "tool_call_id": item.get("call_id"), "content": text})
    tools = [
        {"type": "function", "function": {k: v for k, v in spec.items() if k != "type"}}
        for spec in body.get("tools") or []
        if spec.get("type") == "function"
    ]
    return {
        "model": body.get("model"),
        "messages": messages,
        "tools": tools,
        "stream": bool(body.get("stream")),
    }


def _chat_turn(reply: Reply) -> tuple[list[str], list[tuple[str, str, str]], dict[str, int], str]:
    """What a script's chat reply says: its text deltas, its calls (id, name, arguments), its
    usage and model."""
    chunks: list[dict[str, Any]]
    if reply.events is not None:
        chunks = []
        for event in reply.events:
            data = event.decode().removeprefix("data: ").strip()
            if data and data != "[DONE]":
                chunks.append(json.loads(data))
    else:
        message = reply.body["choices"][0]["message"]
        delta = {"content": message.get("content"), "tool_calls": message.get("tool_calls")}
        chunks = [{**reply.body, "choices": [{"delta": delta}]}]
    texts: list[str] = []
    calls: list[tuple[str, str, str]] = []
    usage: dict[str, int] = {}
    model = ""
    for chunk in chunks:
        model = str(chunk.get("model") or model)
        usage = chunk.get("usage") or usage
        for choice in chunk.get("choices") or []:
            delta = choice.get("delta") or {}
            if delta.get("content"):
                texts.append(delta["content"])
            for call in delta.get("tool_calls") or []:
                function = call.get("function") or {}
                calls.append((call["id"], function["name"], function.get("arguments") or "{}"))
    return texts, calls, usage, model


def _response(
    request: dict[str, Any], model: str, output: list[dict[str, Any]], usage: Any, status: str
) -> dict[str, Any]:
    """A ``Response`` object as the API returns it."""
    return {
        "id": f"resp_{next(_ids):024x}",
        "object": "response",
        "created_at": int(time.time()),
        "status": status,
        "background": False,
        "error": None,
        "incomplete_details": None,
        "instructions": request.get("instructions"),
        "max_output_tokens": request.get("max_output_tokens"),
        "max_tool_calls": None,
        "model": model,
        "output": output,
        "parallel_tool_calls": request.get("parallel_tool_calls", True),
        "previous_response_id": request.get("previous_response_id"),
        "prompt_cache_key": None,
        "reasoning": {"effort": None, "summary": None},
        "safety_identifier": None,
        "service_tier": "default",
        "store": request.get("store", True),
        "temperature": request.get("temperature", 1.0),
        "text": {"format": {"type": "text"}, "verbosity": "medium"},
        "tool_choice": request.get("tool_choice", "auto"),
        "tools": [
            {**spec, "strict": spec.get("strict", True)} for spec in request.get("tools") or []
        ],
        "top_logprobs": 0,
        "top_p": request.get("top_p", 1.0),
        "truncation": "disabled",
        "usage": usage,
        "user": None,
        "metadata": {},
    }


def responses_reply(request: dict[str, Any], reply: Reply) -> Reply:
    """The script's chat `reply` to the Responses `request`, in the Responses format."""
    if reply.status != 200 or (reply.body is None and reply.events is None):
        return reply
    texts, calls, chat_usage, model = _chat_turn(reply)
    prompt = int(chat_usage.get("prompt_tokens", 0))
    completion = int(chat_usage.get("completion_tokens", 0))
    usage = {
        "input_tokens": prompt,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": completion,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": prompt + completion,
    }
    text = "".join(texts)
    message = {
        "id": f"msg_{next(_ids):024x}",
        "type": "message",
        "status": "completed",
        "content": [{"type": "output_text", "annotations": [], "logprobs": [], "text": text}],
        "role": "assistant",
    }
    functions = [
        {
            "id": f"fc_{next(_ids):024x}",
            "type": "function_call",
            "status": "completed",
            "arguments": arguments,
            "call_id": call_id,
            "name": name,
        }
        for call_id, name, arguments in calls
    ]
    hosted = [_hosted(request, item) for item in (reply.body or {}).get("hosted_output") or []]
    output = hosted + ([message] if texts else []) + functions
    final = _response(request, model, output, usage, "completed")
    if hosted and request.get("stream"):
        raise NotImplementedError("a hosted tool's item is scripted for unstreamed replies only")
    if not request.get("stream"):
        return Reply(200, final)
    return Reply(
        200,
        headers={"Content-Type": "text/event-stream"},
        events=_events(final, message if texts else None, texts, functions),
    )


def _hosted(request: dict[str, Any], item: dict[str, Any]) -> dict[str, Any]:
    """A hosted tool's output `item` as the API returns it to `request`: a ``file_search_call``'s
    ``results``, a ``code_interpreter_call``'s ``outputs``, only when ``include`` asks for
    them."""
    if item.get("type") == "file_search_call" and "file_search_call.results" not in (
        request.get("include") or []
    ):
        return {**item, "results": None}
    if item.get("type") == "code_interpreter_call" and "code_interpreter_call.outputs" not in (
        request.get("include") or []
    ):
        return {**item, "outputs": None}
    return item


def _events(
    final: dict[str, Any],
    message: dict[str, Any] | None,
    texts: list[str],
    functions: list[dict[str, Any]],
) -> list[bytes]:
    """The streamed events of the response `final` (its message in the deltas `texts`)."""
    sequence = itertools.count()
    events: list[bytes] = []

    def send(kind: str, **fields: Any) -> None:
        data = {"type": kind, "sequence_number": next(sequence), **fields}
        events.append(f"event: {kind}\ndata: {json.dumps(data)}\n\n".encode())

    started = {**final, "status": "in_progress", "output": [], "usage": None}
    send("response.created", response=started)
    send("response.in_progress", response=started)
    index = 0
    if message is not None:
        item_id = message["id"]
        part = message["content"][0]
        send(
            "response.output_item.added",
            output_index=index,
            item={**message, "status": "in_progress", "content": []},
        )
        where = {"item_id": item_id, "output_index": index, "content_index": 0}
        send("response.content_part.added", **where, part={**part, "text": ""})
        for delta in texts:
            send("response.output_text.delta", **where, delta=delta, logprobs=[])
        send("response.output_text.done", **where, text=part["text"], logprobs=[])
        send("response.content_part.done", **where, part=part)
        send("response.output_item.done", output_index=index, item=message)
        index += 1
    for item in functions:
        added = {**item, "status": "in_progress", "arguments": ""}
        send("response.output_item.added", output_index=index, item=added)
        where = {"item_id": item["id"], "output_index": index}
        send("response.function_call_arguments.delta", **where, delta=item["arguments"])
        send("response.function_call_arguments.done", **where, arguments=item["arguments"])
        send("response.output_item.done", output_index=index, item=item)
        index += 1
    send("response.completed", response=final)
    return events


def answering_responses(
    server: OpenAIServer, handler: Callable[[Any], Reply]
) -> Callable[[Any], Reply]:
    """`handler` (a script) answering a request to ``/v1/responses`` in the Responses format
    and any other as it does. The path is the request being answered: the server appends it
    to ``server.requests`` and calls the handler at once, on its one event-loop thread."""

    def dispatch(body: Any) -> Reply:
        if server.requests[-1].path.split("?")[0].rstrip("/").endswith("/responses"):
            return responses_reply(body, handler(chat_request(body)))
        return handler(body)

    return dispatch
