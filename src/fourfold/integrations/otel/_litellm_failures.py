"""A LiteLLM call that failed at the provider: its request on a span, no reply of its own.

LiteLLM's OpenTelemetry callback (litellm 1.110.2, ``callbacks = ["otel"]``) writes a call
that raised (the provider's HTTP 500 after LiteLLM's retries: ``litellm.InternalServerError``)
on the span current then, the application's own when LiteLLM makes none (`._litellm`): the
request, ``gen_ai.input.messages`` (the history sent, the tool-call turn replayed as an empty
text part beside its ``tool_calls``), and the error (``error.type``, ``error.message``,
``error.code``, and LiteLLM's own ``error.llm_provider``); no reply, and no
``raw_gen_ai_request`` span. The reply the span holds (``gen_ai.output.messages``,
``gen_ai.response.finish_reasons``, ``gen_ai.completion.{i}.function_call.*``) is what an
earlier call on the same span left there: the turn the failed request replays last. So a
span recording LiteLLM's failure whose reply is its request's last assistant turn again (the
same text and the same requests, by name and arguments: the leftover keys name no ids) had no
reply (`replayed_reply`), and no other record's reply is its (`ModelCall.failed`: the raw
span under it is the earlier call, whose reply the request already holds).

A failure a later call on the same span overwrote (a router's retry or fallback that then
succeeded: ``error.*`` beside that call's answer) keeps the answer: it is no turn of the
request.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg

__all__ = ["replayed_reply"]


def replayed_reply(attrs: dict[str, Any], inputs: list[Msg], outputs: list[Msg]) -> bool:
    """Whether `outputs` are an earlier call's turn that the failed request `inputs` replays.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> turn = Msg("assistant", tool_calls=[ToolRequest("f", {"city": "Oslo"}, "c1")])
        >>> left = Msg("assistant", tool_calls=[ToolRequest("f", {"city": "Oslo"})])
        >>> history = [Msg("user", "Weather?"), turn, Msg("tool", "snow", tool_call_id="c1")]
        >>> failed = {"error.type": "InternalServerError", "error.llm_provider": "openai"}
        >>> replayed_reply(failed, history, [left])
        True
        >>> replayed_reply(failed, history, [Msg("assistant", "Snow in Oslo.")])
        False
        >>> replayed_reply({}, history, [left])
        False
    """
    if not isinstance(attrs.get("error.llm_provider"), str) or "error.type" not in attrs:
        return False
    asked = [m for m in inputs if m.role == "assistant"]
    return len(outputs) == 1 and bool(asked) and _same_turn(outputs[0], asked[-1])


def _same_turn(reply: Msg, turn: Msg) -> bool:
    """The same assistant turn: its text, and its requests by name and arguments, in order."""
    return (
        reply.role == turn.role
        and (reply.content or "").strip() == (turn.content or "").strip()
        and [(r.name, r.arguments) for r in reply.tool_calls]
        == [(r.name, r.arguments) for r in turn.tool_calls]
    )
