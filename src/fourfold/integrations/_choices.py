"""A reply of several choices: each a message of its own, the answer the first.

A Chat Completions request with ``n`` above 1 (or any API asked for several candidates) gets
one reply holding several choices: complete assistant messages the model wrote to the same
input, side by side, each finished. The instrumentations record them as the reply's messages,
in choice order: OpenInference as ``llm.output_messages.0``, ``.1``... (``n`` in
``llm.invocation_parameters`` / ``input.value``, the response's ``choices`` in
``output.value``), OpenLLMetry as the messages of ``gen_ai.output.messages``, each with its
own ``finish_reason`` (``gen_ai.response.finish_reasons`` ``["stop", "stop"]``), the
OpenTelemetry project's instrumentations (semconv 1.28–1.36) as a ``gen_ai.choice`` event a
choice, each with its ``index`` and ``finish_reason``, Laminar's SDK as the response's
``choices`` in ``gen_ai.output.messages``, each its ``finish_reason`` beside its ``message``
(`._completion_choices`).

They are siblings, as the contract's calls given the same input (DSPy's ``BestOfN``): each a
message of its own after the input they share, in choice order, not the chunks of one
streamed message (a stream's pieces have not finished but the last, `otel._stream_pieces`;
OpenInference's chunk entries come with no response of as many choices). The run's answer is
the first choice: what an OpenAI client reads as the reply (``choices[0]``); a later one is
an alternative the model offered, no answer (`other_choice`).
"""

from __future__ import annotations

from typing import Any

from ._completion_choices import choice_entry
from ._messages import Msg, try_json

__all__ = ["as_choices", "finished_choices", "other_choice", "response_choices"]


def as_choices(outputs: list[Msg]) -> list[Msg]:
    """`outputs`, each marked with its place among the reply's choices (`Msg.choice`)."""
    for i, msg in enumerate(outputs):
        msg.choice = i
    return outputs


def other_choice(msg: Msg) -> bool:
    """Whether `msg` is a choice of a reply after its first: no answer of the run.

    Examples:
        >>> other_choice(Msg("assistant", "b", choice=1)), other_choice(Msg("assistant", "a"))
        (True, False)
    """
    return msg.choice is not None and msg.choice > 0


def _texts(outputs: list[Msg]) -> bool:
    """Whether `outputs` are two or more assistant messages each saying text, requesting none."""
    return len(outputs) >= 2 and all(
        m.role == "assistant" and m.content and not m.tool_calls for m in outputs
    )


def finished_choices(raw: Any, outputs: list[Msg]) -> list[Msg]:
    """`outputs` read from the message list `raw`, marked as choices when each finished.

    A reply list (``gen_ai.output.messages``) of two or more assistant messages, each saying
    text and requesting no tool, each with a ``finish_reason`` of its own that says it ended:
    the choices of one reply (OpenLLMetry's Chat Completions with ``n``). Not the pieces of
    a stream (all but the last with an empty finish reason), nor the items of one reply that
    write none.

    Examples:
        >>> raw = [{"role": "assistant", "finish_reason": "stop"}] * 2
        >>> two = [Msg("assistant", "a"), Msg("assistant", "b")]
        >>> [m.choice for m in finished_choices(raw, two)]
        [0, 1]
        >>> pieces = [{"role": "assistant", "finish_reason": ""}, raw[0]]
        >>> more = [Msg("assistant", "a"), Msg("assistant", "b")]
        >>> [m.choice for m in finished_choices(pieces, more)]
        [None, None]
        >>> listed = [{"finish_reason": "stop", "index": i, "message": {}} for i in (0, 1)]
        >>> [m.choice for m in finished_choices(listed, [Msg("assistant", "a"),
        ...     Msg("assistant", "b")])]
        [0, 1]
    """
    messages = try_json(raw)
    if not _texts(outputs) or not isinstance(messages, list) or len(messages) != len(outputs):
        return outputs
    messages = [choice_entry(m) for m in messages]  # Chat Completions choices (Laminar's)
    if all(
        isinstance(m, dict)
        and m.get("role") == "assistant"
        and isinstance(m.get("finish_reason"), str)
        and m["finish_reason"]
        for m in messages
    ):
        return as_choices(outputs)
    return outputs


def response_choices(attrs: dict[str, Any], outputs: list[Msg]) -> bool:
    """Whether the entries `outputs` of an OpenInference reply are its choices, not chunks.

    OpenInference writes each choice of a Chat Completions reply as an entry of
    ``llm.output_messages`` and has no finish reason per entry; the span says there are
    choices where the request asked for as many (``n`` in ``llm.invocation_parameters`` or
    in the request body, ``input.value``) or the recorded response (``output.value``) holds
    as many choices, each finished (its ``finish_reason``). Entries of a streamed reply, one
    per chunk, come with neither.

    Examples:
        >>> two = [Msg("assistant", "a"), Msg("assistant", "b")]
        >>> response_choices({"llm.invocation_parameters": '{"n": 2}'}, two)
        True
        >>> choice = {"finish_reason": "stop", "message": {"content": "a"}}
        >>> response_choices({"output.value": {"choices": [choice, choice]}}, two)
        True
        >>> response_choices({"llm.invocation_parameters": '{"n": 1}'}, two)
        False
    """
    if not _texts(outputs):
        return False
    for key in ("llm.invocation_parameters", "input.value"):
        request = try_json(attrs.get(key))
        asked = request.get("n") if isinstance(request, dict) else None
        if isinstance(asked, int) and not isinstance(asked, bool) and asked == len(outputs):
            return True
    response = try_json(attrs.get("output.value"))
    choices = response.get("choices") if isinstance(response, dict) else None
    return (
        isinstance(choices, list)
        and len(choices) == len(outputs)
        and all(isinstance(c, dict) and c.get("finish_reason") for c in choices)
    )
