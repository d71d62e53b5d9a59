"""Messages recorded outside the ``gen_ai.input.messages`` attributes.

In span events, in an ``events`` attribute, and in framework keys.

One reader per shape, all returning (inputs, outputs) in the internal `Msg` form:

- semconv 1.37: the ``gen_ai.client.inference.operation.details`` events, whose attributes
  are ``gen_ai.input.messages`` / ``gen_ai.output.messages`` / ``gen_ai.system_instructions``
  (in one event, or one event each);
- semconv 1.28–1.36: one span event per message, ``gen_ai.{system,user,assistant,tool}.message``
  and ``gen_ai.choice`` (the output: ``message``, ``index``, ``finish_reason``), their
  ``content`` / ``message`` possibly Bedrock Converse content blocks (Strands Agents), or
  the whole body JSON text in one ``gen_ai.event.content`` attribute (Azure's tracing);
- the same bodies serialised into one ``events`` attribute (a JSON list), with ``event.name``
  (Logfire's OpenAI Agents, pydantic-ai v1) or without it (Logfire's google-genai: a body with
  ``message`` and ``finish_reason`` is the choice);
- semconv ≤1.27: ``gen_ai.content.prompt`` / ``gen_ai.content.completion`` events (attributes
  ``gen_ai.prompt`` / ``gen_ai.completion``: JSON, or ``role: content`` lines as OpenLIT writes);
- Vercel AI SDK: ``ai.prompt.messages``, ``ai.prompt``, ``ai.response.text``,
  ``ai.response.toolCalls``.
"""

from __future__ import annotations

import json
from typing import Any

from .._choices import finished_choices
from .._messages import Msg, ToolRequest, parse_arguments, parse_messages, try_json
from .._spans import Span
from ._choice_objects import is_message_body
from ._placeholder_ids import without_placeholder_ids
from ._shapes import converse_blocks
from ._system_instructions import with_system_instructions

__all__ = ["event_messages", "vercel_messages"]

Messages = tuple[list[Msg], list[Msg]]

_EVENT_ROLES = {
    "gen_ai.system.message": "system",
    "gen_ai.user.message": "user",
    "gen_ai.assistant.message": "assistant",
    "gen_ai.tool.message": "tool",
}
_DETAILS = "gen_ai.client.inference.operation.details"


def event_messages(span: Span) -> Messages | None:
    """The messages a span's events (or ``events`` attribute) hold; None when there are none."""
    details = [e.get("attributes") or {} for e in span.events if e.get("name") == _DETAILS]
    if details:
        return _details(details)
    bodies: list[tuple[str | None, dict[str, Any]]] = [
        (str(e.get("name")), _event_body(e.get("attributes") or {}))
        for e in span.events
        if e.get("name") in _EVENT_ROLES or e.get("name") == "gen_ai.choice"
    ]
    if not bodies:
        raw = try_json(span.attributes.get("events"))
        if isinstance(raw, list):
            bodies = [(item.get("event.name"), item) for item in raw if isinstance(item, dict)]
    if bodies:
        return _bodies(bodies)
    prompt = [e for e in span.events if e.get("name") == "gen_ai.content.prompt"]
    completion = [e for e in span.events if e.get("name") == "gen_ai.content.completion"]
    if prompt or completion:
        inputs = [m for e in prompt for m in _content(e, "gen_ai.prompt", "user")]
        outputs = [m for e in completion for m in _content(e, "gen_ai.completion", "assistant")]
        return inputs, outputs
    return None


def _event_body(attributes: dict[str, Any]) -> dict[str, Any]:
    """A per-message event's body: its attributes, or the object its ``gen_ai.event.content`` holds.

    Azure's tracing (``azure-ai-inference``'s ``AIInferenceInstrumentor``, azure-core's tracer)
    writes each event's body as JSON text in that one attribute, beside ``gen_ai.system``;
    the semantic conventions' events carry the body's keys as attributes themselves.

    Examples:
        >>> _event_body({"gen_ai.system": "az.ai.inference",
        ...     "gen_ai.event.content": '{"role": "user", "content": "Hi"}'})["content"]
        'Hi'
        >>> _event_body({"content": "Hi"})
        {'content': 'Hi'}
        >>> _event_body({"gen_ai.event.content": "not JSON", "content": "Hi"})["content"]
        'Hi'
    """
    held = try_json(attributes.get("gen_ai.event.content"))
    if not isinstance(held, dict):
        return dict(attributes)
    return {**{k: v for k, v in attributes.items() if k != "gen_ai.event.content"}, **held}


def _details(events: list[dict[str, Any]]) -> Messages:
    """The details events of one span, read together.

    One event may hold all three attributes, or each its own (Strands Agents writes the
    system instructions, the input and the output as three events). The system instructions
    head the input unless a system message of the input holds the same text
    (`with_system_instructions`: openlit's OpenAI instrumentation writes its prompt both ways).
    """
    inputs: list[Msg] = []
    outputs: list[Msg] = []
    for attrs in events:
        inputs.extend(parse_messages(attrs.get("gen_ai.input.messages")))
        outputs.extend(
            parse_messages(attrs.get("gen_ai.output.messages"), default_role="assistant")
        )
    for attrs in reversed(events):
        inputs = with_system_instructions(inputs, attrs.get("gen_ai.system_instructions"))
    return inputs, outputs


def _bodies(bodies: list[tuple[str | None, dict[str, Any]]]) -> Messages:
    """The messages of the per-message event bodies; the choice bodies are the reply.

    Several choice bodies, each one message that finished (its own ``finish_reason``), are
    the choices of one reply (a request's ``n``, each choice event with its ``index``): each
    a message, the answer the first (`finished_choices`).
    """
    inputs: list[Msg] = []
    outputs: list[Msg] = []
    finished: list[dict[str, Any]] = []
    for name, body in bodies:
        if name == "gen_ai.choice" or ("message" in body and "finish_reason" in body):
            message = try_json(body.get("message"))
            if isinstance(message, dict) and not is_message_body(message):
                continue  # an object answered, no message (`_choice_objects.choice_object`)
            said = len(outputs)
            if isinstance(message, dict):
                outputs.extend(_body({"role": "assistant", **message}, "assistant"))
            elif isinstance(message, str | list) and message:
                # the reply's text, or its content blocks (Strands Agents)
                outputs.extend(_body({"role": "assistant", "content": message}, "assistant"))
            if len(outputs) == said + 1:
                finished.append({"role": "assistant", "finish_reason": body.get("finish_reason")})
            continue
        role = _EVENT_ROLES.get(name or "") or str(body.get("role") or "user")
        inputs.extend(_body({**body, "role": body.get("role") or role}, role))
    return without_placeholder_ids(inputs), finished_choices(finished, outputs)


def _body(body: dict[str, Any], role: str) -> list[Msg]:
    data = {k: v for k, v in body.items() if k not in ("event.name", "gen_ai.system")}
    if role == "tool" and "tool_call_id" not in data and data.get("id"):
        data["tool_call_id"] = data["id"]
    content = try_json(data.get("content"))
    blocks = converse_blocks(content)
    if blocks is not None:
        data["content"] = blocks
    elif isinstance(content, list) and all(isinstance(p, str) for p in content):
        data["content"] = "".join(content)
    elif isinstance(content, list | dict) and role != "tool":
        data["content"] = content if isinstance(content, list) else [content]
    msgs = parse_messages(data, default_role=role)
    if not msgs and role in ("assistant", "user", "system"):
        return [Msg(role=role, content=None)]
    return msgs


_LINE_ROLES = ("system", "user", "assistant", "tool")


def _content(event: dict[str, Any], key: str, role: str) -> list[Msg]:
    raw = (event.get("attributes") or {}).get(key)
    parsed = try_json(raw)
    if isinstance(parsed, list | dict):
        return parse_messages(parsed, default_role=role)
    if not isinstance(raw, str):
        return []
    lines = raw.split("\n")
    if all(line.split(":", 1)[0].strip() in _LINE_ROLES and ":" in line for line in lines):
        return [
            Msg(role=line.split(":", 1)[0].strip(), content=line.split(":", 1)[1].lstrip())
            for line in lines
        ]
    return [Msg(role=role, content=raw)]


def vercel_messages(attrs: dict[str, Any]) -> Messages | None:
    """The Vercel AI SDK's ``ai.prompt.messages`` / ``ai.prompt`` and ``ai.response.*``.

    The reply is ``ai.response.text`` and ``ai.response.toolCalls``, or, for
    ``generateObject`` / ``streamObject``, ``ai.response.object`` (the text the model wrote).
    """
    if not any(k.startswith(("ai.prompt", "ai.response.")) for k in attrs):
        return None
    inputs: list[Msg] = []
    if "ai.prompt.messages" in attrs:
        inputs = parse_messages(attrs["ai.prompt.messages"])
    elif "ai.prompt" in attrs:
        prompt = try_json(attrs["ai.prompt"])
        if isinstance(prompt, dict):
            if isinstance(prompt.get("system"), str):
                inputs.append(Msg(role="system", content=prompt["system"]))
            if isinstance(prompt.get("prompt"), str):
                inputs.append(Msg(role="user", content=prompt["prompt"]))
            inputs.extend(parse_messages(prompt.get("messages")))
    reply = attrs.get("ai.response.text") or attrs.get("ai.response.object")
    out = Msg(role="assistant", content=reply if isinstance(reply, str) and reply else None)
    calls = try_json(attrs.get("ai.response.toolCalls"))
    for call in calls if isinstance(calls, list) else []:
        if isinstance(call, dict):
            args = call.get("input", call.get("args"))
            out.tool_calls.append(
                ToolRequest(
                    name=str(call.get("toolName") or ""),
                    arguments=parse_arguments(args),
                    id=call.get("toolCallId"),
                )
            )
    outputs = [out] if out.content is not None or out.tool_calls else []
    return inputs, outputs


def dumps(value: Any) -> str:
    """JSON text of a value (for messages whose content is structured)."""
    return json.dumps(value, ensure_ascii=False, default=str)
