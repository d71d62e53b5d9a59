"""OpenTelemetry GenAI semantic-convention messages and span attributes, as the
``gen_ai.input.messages`` / ``gen_ai.output.messages`` instrumentations write them.

A message is ``{role, parts: [...]}``; a text part ``{type: text, content}``. Every message
list is written as JSON text.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["agent_attributes", "chat_attributes", "text"]


def text(role: str, content: str) -> dict[str, Any]:
    """A GenAI message of one text part."""
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def chat_attributes(
    inputs: list[Any],
    outputs: list[Any],
    *,
    model: str | None = "gpt-4o-mini",
    usage: tuple[int, int] | None = (10, 5),
) -> dict[str, Any]:
    """A ``chat`` span's attributes: `inputs` in, `outputs` out.

    `model` is the request's model and `usage` its ``(input, output)`` tokens; None leaves
    either out.
    """
    attrs: dict[str, Any] = {"gen_ai.operation.name": "chat"}
    if model:
        attrs["gen_ai.request.model"] = model
    attrs["gen_ai.input.messages"] = json.dumps(inputs)
    attrs["gen_ai.output.messages"] = json.dumps(outputs)
    if usage is not None:
        attrs["gen_ai.usage.input_tokens"], attrs["gen_ai.usage.output_tokens"] = usage
    return attrs


def agent_attributes(name: str, inputs: list[Any], outputs: list[Any]) -> dict[str, Any]:
    """An ``invoke_agent`` span's attributes: agent `name` given `inputs`, saying `outputs`."""
    return {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": name,
        "gen_ai.input.messages": json.dumps(inputs),
        "gen_ai.output.messages": json.dumps(outputs),
    }
