"""An AGENT span's output recorded as the run's summary message: no answer of its own.

@arizeai/openinference-vercel 3.2.1 on the Vercel AI SDK 7 (``ToolLoopAgent`` and
``generateText``/``streamText`` with tools: tests/data/traces/vercel-ai-sdk/
vercel-ai-sdk-v7-openinference-*-2026-12-06g) writes the run's ``invoke_agent`` span with
both conventions: the AI SDK's GenAI keys (``gen_ai.output.messages``) and OpenInference's
(``openinference.span.kind`` ``AGENT``, ``llm.output_messages.0.*``, ``output.value``). Its
output is one summary message flattening the whole run, in the GenAI conventions' shape
(``[{"role": "assistant", "parts": [{"type": "text", ...}, {"type": "tool_call", ...},
{"type": "tool_call_response", ...}], "finish_reason": "stop"}]``): every step's text, every
call and every result in one message no model sent.

The run's answer is read from its messages (the GenAI record's ``gen_ai.output.messages``,
else the conversation's last reply), never from that JSON as text. This matters when the span
hit the SDK's attribute count limit (D20): the Python SDK evicts the oldest keys, and at 32
the AGENT span loses ``gen_ai.output.messages`` but keeps ``output.value``, which was then
read as the run's result and its JSON written as the answer. So ``output.value`` of an AGENT
span that is such a message list is no result (`is_run_summary`); a whole span reads as
before, its answer the GenAI record's.
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json

__all__ = ["is_run_summary"]


def is_run_summary(value: Any) -> bool:
    """Whether `value` (an ``output.value``) is a list of GenAI-convention messages.

    Each item a mapping with a ``role`` and a list of typed ``parts`` (the OpenTelemetry
    GenAI conventions' message shape), JSON text or parsed.

    Examples:
        >>> is_run_summary('[{"role": "assistant", "parts": [{"type": "text", "content": "Hi"}]}]')
        True
        >>> is_run_summary('{"messages": []}'), is_run_summary("Sunny."), is_run_summary("[]")
        (False, False, False)
        >>> is_run_summary([{"role": "assistant", "content": "Hi"}])
        False
    """
    parsed = try_json(value)
    if not isinstance(parsed, list) or not parsed:
        return False
    return all(
        isinstance(item, dict)
        and isinstance(item.get("role"), str)
        and isinstance(item.get("parts"), list)
        and all(isinstance(p, dict) and isinstance(p.get("type"), str) for p in item["parts"])
        for item in parsed
    )
