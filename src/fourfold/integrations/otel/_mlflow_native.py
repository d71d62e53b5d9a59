"""MLflow's model-call spans of provider SDKs and frameworks whose objects are no OpenAI's.

MLflow's autologs record a model call's ``mlflow.spanInputs`` as the arguments the patched
method took and its ``mlflow.spanOutputs`` as what it returned, each the library's own
object as JSON (``model_dump()`` or ``__dict__``). Beside the OpenAI and Anthropic shapes
the shared readers know, three come up:

- the google-genai client (``mlflow.gemini``): ``{"model", "contents": [Content],
  "config": {"system_instruction"...}}`` (``Content`` ``{role: user|model, parts}``, every
  field written, unset ones null), the reply a ``GenerateContentResponse`` (``candidates[0]
  .content``: its text and ``function_call`` parts);
- boto3's Converse API (``mlflow.bedrock``): ``{"modelId", "system": [{"text"}], "messages":
  [{role, content: [<Converse block>]}]}``, the reply ``{"output": {"message": ...}}``;
- pydantic-ai (``mlflow.pydantic_ai``): ``{"messages": [ModelRequest | ModelResponse]}``,
  each ``{"kind": "request" | "response", "parts": [{"part_kind": ...}]}`` (``user-prompt``,
  ``system-prompt``, ``tool-return``, ``retry-prompt``; ``text``, ``tool-call``,
  ``thinking``), a request's ``instructions`` the system prompt the model was given with it;
  the reply one ``ModelResponse``.

Each is rewritten into messages `parse_messages` reads; anything else is None (not one of
these).
"""

from __future__ import annotations

import json
from typing import Any

from .._messages import Msg, parse_messages
from ._shapes import converse_blocks

__all__ = ["native_reply", "native_request"]


def native_request(request: Any) -> list[Msg] | None:
    """The messages of a model call given as google-genai, Converse or pydantic-ai objects.

    Examples:
        >>> [m.role for m in native_request({"contents": [
        ...     {"role": "user", "parts": [{"text": "Hi", "function_call": None}]}],
        ...     "config": {"system_instruction": "Be brief."}})]
        ['system', 'user']
        >>> [asked] = native_request({"messages": [{"role": "assistant", "content": [
        ...     {"toolUse": {"toolUseId": "t1", "name": "f", "input": {"a": 1}}}]}]})
        >>> [(r.id, r.name, r.arguments) for r in asked.tool_calls]
        [('t1', 'f', {'a': 1})]
        >>> native_request({"messages": [{"role": "user", "content": "Hi"}]}) is None
        True
    """
    if not isinstance(request, dict):
        return None
    contents = request.get("contents")
    if isinstance(contents, list | str) and "messages" not in request:
        return _gemini_request(contents, request.get("config"))
    messages = request.get("messages")
    if not isinstance(messages, list) or not messages:
        return None
    if all(_is_model_message(m) for m in messages):
        return _pydantic_ai_messages(messages)
    converted = [_converse_message(m) for m in messages]
    if any(m is None for m in converted):
        return None
    system = converse_blocks(request.get("system"))
    said = [{"role": "system", "content": system}] if system else []
    return parse_messages([*said, *converted])


def native_reply(reply: Any) -> list[Msg] | None:
    """The reply of such a model call.

    The Converse ``output.message``, a Gemini candidate's content, a pydantic-ai
    ``ModelResponse``.

    Examples:
        >>> [said] = native_reply({"candidates": [{"content": {"role": "model", "parts": [
        ...     {"text": None, "function_call": {"id": None, "name": "f", "args": {}}}]}}]})
        >>> said.role, said.content, [r.name for r in said.tool_calls]
        ('assistant', None, ['f'])
        >>> [said] = native_reply({"output": {"message": {"role": "assistant",
        ...     "content": [{"text": "Sunny."}]}}})
        >>> said.content
        'Sunny.'
        >>> native_reply({"choices": []}) is None
        True
    """
    if not isinstance(reply, dict):
        return None
    if _is_model_message(reply):
        return _pydantic_ai_messages([reply])
    output = reply.get("output")
    if isinstance(output, dict) and isinstance(output.get("message"), dict):
        message = _converse_message(output["message"])
        return parse_messages(message, default_role="assistant") if message else None
    candidates = reply.get("candidates")
    if isinstance(candidates, list) and candidates and isinstance(candidates[0], dict):
        content = candidates[0].get("content")
        if isinstance(content, dict) and isinstance(content.get("parts"), list):
            return parse_messages({"role": "assistant", "parts": content["parts"]})
    return None


def _gemini_request(contents: list[Any] | str, config: Any) -> list[Msg]:
    """google-genai's ``contents`` after the config's system instruction.

    The contents a text or ``Content``s, the instruction a text or a ``Content``.
    """
    out: list[Msg] = []
    system = config.get("system_instruction") if isinstance(config, dict) else None
    if isinstance(system, str) and system:
        out.append(Msg(role="system", content=system))
    elif isinstance(system, dict) and isinstance(system.get("parts"), list):
        out.extend(parse_messages({"role": "system", "parts": system["parts"]}))
    if isinstance(contents, str):
        return [*out, *parse_messages(contents)]
    for content in contents:
        if isinstance(content, str):
            out.extend(parse_messages(content))
        elif isinstance(content, dict) and isinstance(content.get("parts"), list):
            out.extend(parse_messages({**content, "role": content.get("role") or "user"}))
    return out


def _converse_message(message: Any) -> dict[str, Any] | None:
    """A Converse message with its blocks as the parts `parse_messages` reads.

    None when its content is no Converse blocks.
    """
    if not isinstance(message, dict):
        return None
    blocks = converse_blocks(message.get("content"))
    if blocks is None:
        return None
    return {"role": message.get("role") or "user", "content": blocks}


def _is_model_message(value: Any) -> bool:
    """Whether `value` is a pydantic-ai ``ModelRequest`` / ``ModelResponse``."""
    return (
        isinstance(value, dict)
        and value.get("kind") in ("request", "response")
        and isinstance(value.get("parts"), list)
    )


def _pydantic_ai_messages(messages: list[Any]) -> list[Msg]:
    """pydantic-ai's messages as a conversation.

    The last request's ``instructions`` first (what pydantic-ai sends as the system prompt),
    then each part in order.
    """
    out: list[dict[str, Any]] = []
    instructions = None
    for message in messages:
        if message.get("kind") == "request":
            instructions = message.get("instructions") or instructions
            out.extend(p for p in map(_request_part, message["parts"]) if p is not None)
        else:
            out.append(_response(message["parts"]))
    said = [{"role": "system", "content": instructions}] if isinstance(instructions, str) else []
    return parse_messages([*said, *out])


def _request_part(part: Any) -> dict[str, Any] | None:
    """A ``ModelRequest`` part as a message.

    A prompt, or a tool's return (or a retry prompt answering a call) as the tool message
    answering it.
    """
    if not isinstance(part, dict):
        return None
    kind = part.get("part_kind")
    if kind in ("system-prompt", "user-prompt"):
        role = "system" if kind == "system-prompt" else "user"
        return {"role": role, "content": part.get("content")}
    if kind in ("tool-return", "retry-prompt") and part.get("tool_call_id"):
        content = part.get("content")
        if kind == "tool-return" and not isinstance(content, str) and content is not None:
            # the tool's value (a dict, or a list of validation errors a refused call returned,
            # mlflow-pydantic-ai-bad-arguments), not content parts: the tool message its JSON
            content = json.dumps(content, ensure_ascii=False)
        return {
            "role": "tool",
            "tool_call_id": part["tool_call_id"],
            "name": part.get("tool_name"),
            "content": content,
        }
    if kind == "retry-prompt":
        return {"role": "user", "content": part.get("content")}
    return None


def _response(parts: list[Any]) -> dict[str, Any]:
    """A ``ModelResponse`` as the assistant message.

    Its text parts' text and its tool calls (a ``thinking`` part is no text).
    """
    texts = [
        p["content"]
        for p in parts
        if isinstance(p, dict)
        and p.get("part_kind") == "text"
        and isinstance(p.get("content"), str)
    ]
    calls = [
        {
            "id": p.get("tool_call_id"),
            "function": {"name": p.get("tool_name"), "arguments": p.get("args")},
        }
        for p in parts
        if isinstance(p, dict) and p.get("part_kind") == "tool-call"
    ]
    return {"role": "assistant", "content": "".join(texts) or None, "tool_calls": calls}
