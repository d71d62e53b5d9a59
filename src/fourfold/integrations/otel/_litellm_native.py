"""LiteLLM's raw request records of the providers it calls in their own APIs.

`._litellm` reads a ``raw_gen_ai_request`` span whose ``llm.<provider>.*`` keys are OpenAI's
(``messages``, ``choices``, ``usage``). On a provider LiteLLM calls in that provider's own
API, the span holds what that API sent back (and, for some, what was sent), each top-level
key of the body as ``llm.<provider>.<key>``, a Python repr or a plain value:

- the Gemini API (``gemini/...``): the request's ``contents`` (google-genai ``Content``) and
  ``system_instruction``, the reply's ``candidates`` (each ``{content: <Content>}``),
  ``usageMetadata`` (``promptTokenCount``, ``candidatesTokenCount``) and ``modelVersion``;
- Bedrock's Converse API (``bedrock/...``): the reply only, ``output`` (``{message: {role,
  content: [<Converse blocks>]}}``) and ``usage`` (``inputTokens``, ``outputTokens``);
- Ollama's ``/api/chat`` (``ollama_chat/...``): the reply only, ``message`` (Ollama's, its
  calls without ids), ``model`` and the counts ``prompt_eval_count`` / ``eval_count``;
- OpenAI's Responses API (the proxy's ``/v1/messages`` route served through it, its keys
  under ``llm.None.``): the response, ``object`` ``response``, its ``output`` items (one
  reply, its calls with their ids) and ``usage`` (``input_tokens``, ``output_tokens``).

Each span is one call: its reply, its request when recorded, its counts and the model that
answered. The span LiteLLM writes the last call's attributes on wraps them
(`.._same_call`), as it does the OpenAI-format records. Values are read as literals, never
evaluated; a value of another kind reads as nothing.
"""

from __future__ import annotations

import re
from typing import Any

from .._messages import Msg, parse_messages, responses_output
from .._numbers import token_count
from .._spans import Span
from .._steps import ModelCall
from ._litellm import literal
from ._shapes import converse_blocks

__all__ = ["is_litellm_native_raw", "litellm_native_call"]

RAW_SPAN = "raw_gen_ai_request"
_REPLY = re.compile(r"llm\.([A-Za-z0-9_-]+)\.(candidates|output|message)")
# (input, output) token counts: Gemini's, Converse's, Ollama's
_COUNTS = (
    ("usageMetadata", "promptTokenCount", "candidatesTokenCount"),
    ("usage", "inputTokens", "outputTokens"),
    ("usage", "input_tokens", "output_tokens"),
    ("", "prompt_eval_count", "eval_count"),
)


def is_litellm_native_raw(span: Span) -> bool:
    """Whether a span is LiteLLM's raw record of a call in a provider's own API.

    Named ``raw_gen_ai_request``, with a reply key (``candidates``, ``output``, ``message``)
    under ``llm.<provider>.``, and no convention's operation or span kind.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> raw = Span("t", "s", None, "raw_gen_ai_request", 0, 1, "ok", None,
        ...            {"llm.ollama_chat.message": "{'role': 'assistant', 'content': 'Hi'}"})
        >>> is_litellm_native_raw(raw)
        True
        >>> is_litellm_native_raw(Span("t", "s", None, "chat", 0, 1, "ok", None,
        ...                            {"llm.ollama_chat.message": "{}"}))
        False
    """
    attrs = span.attributes
    if span.name != RAW_SPAN or "gen_ai.operation.name" in attrs:
        return False
    if "openinference.span.kind" in attrs:
        return False
    return any(_REPLY.fullmatch(key) for key in attrs)


def litellm_native_call(span: Span) -> ModelCall | None:
    """The model call a native ``raw_gen_ai_request`` span records; None when no reply.

    Examples:
        >>> from fourfold.integrations._spans import Span
        >>> gemini = Span("t", "s", None, "raw_gen_ai_request", 0, 1, "ok", None, {
        ...     "llm.gemini.contents": "[{'role': 'user', 'parts': [{'text': 'Hi'}]}]",
        ...     "llm.gemini.candidates": "[{'content': {'role': 'model', 'parts': "
        ...                              "[{'functionCall': {'name': 'f', 'args': {}}}]}}]",
        ...     "llm.gemini.usageMetadata": "{'promptTokenCount': 5, 'candidatesTokenCount': 2}",
        ...     "llm.gemini.modelVersion": "gemini-2.5-flash"})
        >>> call = litellm_native_call(gemini)
        >>> [m.content for m in call.inputs], [r.name for r in call.outputs[0].tool_calls]
        (['Hi'], ['f'])
        >>> call.input_tokens, call.output_tokens, call.response_model, call.provider
        (5, 2, 'gemini-2.5-flash', 'gemini')
        >>> bedrock = Span("t", "s", None, "raw_gen_ai_request", 0, 1, "ok", None, {
        ...     "llm.bedrock.output": "{'message': {'role': 'assistant', 'content': "
        ...                           "[{'toolUse': {'toolUseId': 't1', 'name': 'f', "
        ...                           "'input': {'a': 1}}}]}}",
        ...     "llm.bedrock.usage": "{'inputTokens': 61, 'outputTokens': 34}"})
        >>> call = litellm_native_call(bedrock)
        >>> [(r.id, r.arguments) for r in call.outputs[0].tool_calls], call.input_tokens
        ([('t1', {'a': 1})], 61)
        >>> ollama = Span("t", "s", None, "raw_gen_ai_request", 0, 1, "ok", None, {
        ...     "llm.ollama_chat.message": "{'role': 'assistant', 'content': 'Hello'}",
        ...     "llm.ollama_chat.prompt_eval_count": 9, "llm.ollama_chat.eval_count": 3,
        ...     "llm.ollama_chat.model": "llama3.2"})
        >>> call = litellm_native_call(ollama)
        >>> call.outputs[0].content, call.output_tokens, call.response_model
        ('Hello', 3, 'llama3.2')
        >>> litellm_native_call(Span("t", "s", None, "raw_gen_ai_request", 0, 1, "ok", None,
        ...                          {"llm.gemini.candidates": "[oops"})) is None
        True
    """
    attrs = span.attributes
    provider = next((m.group(1) for k in attrs if (m := _REPLY.fullmatch(k))), None)
    if provider is None:
        return None
    prefix = f"llm.{provider}."
    outputs = _reply(attrs, prefix)
    if not outputs:
        return None
    counts = _counts(attrs, prefix)
    model = attrs.get(prefix + "modelVersion") or attrs.get(prefix + "model")
    return ModelCall(
        span,
        inputs=_request(attrs, prefix),
        outputs=outputs,
        input_tokens=counts[0],
        output_tokens=counts[1],
        provider=provider,
        response_model=model if isinstance(model, str) and model else None,
    )


def _reply(attrs: dict[str, Any], prefix: str) -> list[Msg]:
    """The reply: Gemini's first candidate, Converse's output message, or Ollama's message."""
    candidates = literal(attrs.get(prefix + "candidates"))
    if isinstance(candidates, list) and candidates and isinstance(candidates[0], dict):
        return parse_messages(candidates[0].get("content"), default_role="assistant")
    output = literal(attrs.get(prefix + "output"))
    if isinstance(output, list) and attrs.get(prefix + "object") == "response":
        return [responses_output([item for item in output if isinstance(item, dict)])]
    message = output.get("message") if isinstance(output, dict) else None
    if message is None:
        message = literal(attrs.get(prefix + "message"))
    if not isinstance(message, dict):
        return []
    blocks = converse_blocks(message.get("content"))
    if blocks is not None:
        message = {**message, "content": blocks}
    return parse_messages(message, default_role="assistant")


def _request(attrs: dict[str, Any], prefix: str) -> list[Msg]:
    """The request's messages when recorded: Gemini's ``system_instruction`` and ``contents``."""
    contents = literal(attrs.get(prefix + "contents"))
    if not isinstance(contents, list):
        return []
    system = literal(attrs.get(prefix + "system_instruction"))
    said = parse_messages({**system, "role": "system"}) if isinstance(system, dict) else []
    return [*said, *parse_messages(contents)]


def _counts(attrs: dict[str, Any], prefix: str) -> tuple[int | None, int | None]:
    """The call's (input, output) tokens, in whichever of the providers' shapes it has."""
    for holder, prompt, reply in _COUNTS:
        found = literal(attrs.get(prefix + holder)) if holder else None
        usage = found if isinstance(found, dict) else {}
        if not holder:
            usage = {k: attrs.get(prefix + k) for k in (prompt, reply)}
        counts = (token_count(usage.get(prompt)), token_count(usage.get(reply)))
        if counts != (None, None):
            return counts
    return None, None
