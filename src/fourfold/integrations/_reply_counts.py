"""A LlamaIndex run's token counts, written only in its replies' ``additional_kwargs``.

OpenLLMetry's LlamaIndex instrumentation (``opentelemetry.instrumentation.llamaindex``,
0.62.4) writes no ``gen_ai.usage.*`` on the chat spans of an LLM it records itself
(llama-index-llms-google-genai's ``GoogleGenAI``, the google-genai instrumentation
suppressed under it). LlamaIndex's LLM puts each reply's counts in the reply message's
``additional_kwargs`` (``prompt_tokens``, ``completion_tokens``, ``total_tokens``: Gemini's
``usage_metadata``), and the instrumentation records that message as JSON wherever it passes:
the next chat call's ``traceloop.entity.input`` (the turn sent back), a preparation span's
output, the ``parse_agent_output`` step's result (``{"result": {"response": <ChatMessage>}}``)
for the last reply. Each reply is the same object wherever it is written.

The rule, `reply_counts`: when no model call of the trace carries counts, the usage is the sum,
over the distinct assistant ``ChatMessage`` records (``{role, additional_kwargs, blocks}``)
that carry ``prompt_tokens`` or ``completion_tokens`` in the JSON ``traceloop.entity.input``
/ ``traceloop.entity.output`` of that instrumentation's spans (in a dump that names no scope,
of any span with ``traceloop.entity.name``), of their counts: each reply
once, however often it is recorded (the same blocks and the same counts are the same reply).
Unknown when no such record is found, or when more replies carry counts than the trace has
model calls (then the records are not one reply per call, and their sum would say more than
the calls cost). A reply whose own call recorded it nowhere is missing from the sum: the
truth's annotators read the same records.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from ..trace import Usage
from ._messages import try_json
from ._spans import Span

__all__ = ["reply_counts"]

_SCOPE = "opentelemetry.instrumentation.llamaindex"
_VALUES = ("traceloop.entity.input", "traceloop.entity.output")
_ENTITY = "traceloop.entity.name"
_DEPTH = 6
"""How deep in a recorded value a reply is looked for (``result.response`` is two down)."""


def reply_counts(spans: Iterable[Span], model_calls: int) -> Usage | None:
    """The counts the trace's recorded LlamaIndex replies carry, each reply once; or None.

    `model_calls`: how many model calls the trace has (none of them with counts).

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> reply = {"role": "assistant", "blocks": [{"block_type": "text", "text": "Hi"}],
        ...     "additional_kwargs": {"prompt_tokens": 5, "completion_tokens": 2}}
        >>> out = json.dumps({"result": {"response": reply}})
        >>> step = Span("t", "s", None, "BaseWorkflowAgent.task", 0, 1, "unset", None,
        ...     {"traceloop.entity.output": out}, scope="opentelemetry.instrumentation.llamaindex")
        >>> again = Span("t", "s2", None, "GoogleGenAI.task", 0, 1, "unset", None,
        ...     {"traceloop.entity.input": json.dumps({"messages": [reply]})},
        ...     scope="opentelemetry.instrumentation.llamaindex")
        >>> usage = reply_counts([step, again], 1)
        >>> usage.input_tokens, usage.output_tokens
        (5, 2)
        >>> reply_counts([step], 0) is None
        True
    """
    seen: dict[str, tuple[int, int]] = {}
    for span in spans:
        if span.scope != _SCOPE and (span.scope is not None or _ENTITY not in span.attributes):
            continue  # another tracer's (a dump naming no scope: a traceloop entity's, read)
        for key in _VALUES:
            raw = span.attributes.get(key)
            if not isinstance(raw, str) or "prompt_tokens" not in raw:
                continue
            for reply in _replies(try_json(raw), _DEPTH):
                counts = _counts(reply)
                if counts is not None:
                    same = {"blocks": reply.get("blocks"), "kw": reply["additional_kwargs"]}
                    seen.setdefault(json.dumps(same, sort_keys=True, default=str), counts)
    if not seen or len(seen) > model_calls:
        return None
    return Usage(
        input_tokens=sum(i for i, _ in seen.values()),
        output_tokens=sum(o for _, o in seen.values()),
    )


def _replies(value: Any, depth: int) -> Iterator[dict[str, Any]]:
    """The assistant ``ChatMessage`` records in `value`, `depth` levels down at most."""
    if depth < 0:
        return
    if isinstance(value, list):
        for item in value:
            yield from _replies(item, depth - 1)
    elif isinstance(value, dict):
        if value.get("role") == "assistant" and isinstance(value.get("additional_kwargs"), dict):
            yield value
            return
        for item in value.values():
            yield from _replies(item, depth - 1)


def _counts(reply: dict[str, Any]) -> tuple[int, int] | None:
    """A reply's (prompt, completion) counts, or None when it carries neither."""
    kwargs = reply["additional_kwargs"]
    given = [kwargs.get("prompt_tokens"), kwargs.get("completion_tokens")]
    if all(not isinstance(n, int) or isinstance(n, bool) for n in given):
        return None
    prompt, completion = (n if isinstance(n, int) and not isinstance(n, bool) else 0 for n in given)
    return prompt, completion
