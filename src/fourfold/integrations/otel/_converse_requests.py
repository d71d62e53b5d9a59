"""The Converse request OpenInference's Bedrock instrumentation for JS writes whole.

@arizeai/openinference-instrumentation-bedrock (0.4 / 0.5, over the AWS SDK for JavaScript
v3) reads a ``ConverseCommand`` or ``ConverseStreamCommand`` so (its
``converse-request-attributes.ts`` and ``attribute-helpers.ts``):

- ``input.value`` is the command's input as JSON, the request as sent: ``{modelId, system,
  messages, toolConfig, inferenceConfig...}``, each message ``{role, content: [<Converse
  block>]}``;
- ``llm.input_messages`` are the system blocks' texts as message 0 (role ``system``, when
  the request has any), then each message at its place: one text block as
  ``message.content``, else each text or image block as ``message.contents.<j>``, each
  ``toolUse`` block a ``message.tool_calls.<k>`` entry, and each ``toolResult`` block
  nothing but ``message.tool_call_id``, one key each block overwrites. A user message of
  tool results is flattened as one message naming only its last result's call, with none of
  the results' content;
- ``llm.model_name`` is ``extractModelName(modelId)``, the id's second dot-separated part
  (cut at its version for Anthropic's): ``claude-3-sonnet`` of
  ``anthropic.claude-3-sonnet-20240229-v1:0``, and of a cross-region inference profile's id,
  ``us.anthropic.claude-sonnet-4-6``, the vendor, ``anthropic``. A Converse response names
  no model, so no instrumentation reads the answering one from it.

The Python instrumentation (openinference-instrumentation-bedrock) writes ``input.value`` as
the ``messages`` list alone and ``llm.model_name`` as the id given; its InvokeModel spans,
and the JS one's, the model's own body (no ``modelId``). Neither is a request of this shape.

Two rules, on an OpenInference model call whose ``input.value`` is such a request
(`converse_request`):

- `with_converse_results`: when the flattened messages line up with the request's (its system
  message when it has system blocks, then one per message, of the same roles), a flattened
  message standing for a request message that holds ``toolResult`` blocks, and saying no more
  than the instrumentation keeps of it (at most the last result's call id, the texts of its
  text blocks), is that message as the request holds it: each ``toolResult`` a tool message
  answering its ``toolUseId``, its content the result's text (`._shapes.converse_blocks`: a
  list of text blocks its text, a ``status`` of ``error`` its failure), its text blocks a user
  message before them (as `parse_messages` reads any message of text and results). Every other
  message stays as flattened; a request that does not line up changes nothing.
- `converse_model`: the model asked for is the request's ``modelId``, as written (the
  model the contract reads, a request's, over ``llm.model_name``, only a cut of it), and
  ``llm.model_name`` names no answering model.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, parse_messages, try_json
from ._shapes import converse_blocks

__all__ = ["converse_model", "converse_request", "with_converse_results"]


def converse_request(value: Any) -> dict[str, Any] | None:
    """`value` as a Converse request (``{modelId, messages, ...}``, JSON), else None.

    Its ``modelId`` a text, its ``messages`` a list of ``{role, content}``, each role ``user``
    or ``assistant`` and each content a list of Converse blocks (objects of one key, the SDK's
    ``ContentBlock`` union).

    Examples:
        >>> converse_request('{"modelId": "m", "messages": [{"role": "user", '
        ...     '"content": [{"text": "Hi"}]}]}')["modelId"]
        'm'

        The Python instrumentation's messages alone, an OpenAI body, an Anthropic body:

        >>> converse_request('[{"role": "user", "content": [{"text": "Hi"}]}]') is None
        True
        >>> openai = {"model": "m", "messages": [{"role": "user", "content": "Hi"}]}
        >>> converse_request(openai) is None
        True
        >>> converse_request({"modelId": "m", "messages": [
        ...     {"role": "user", "content": [{"type": "text", "text": "Hi"}]}]}) is None
        True
    """
    request = try_json(value)
    if not isinstance(request, dict) or not isinstance(request.get("modelId"), str):
        return None
    messages = request.get("messages")
    if not isinstance(messages, list) or not all(map(_is_converse_message, messages)):
        return None
    return request


def converse_model(value: Any) -> str | None:
    """The model a Converse request in `value` asked for: its ``modelId``, as written.

    Examples:
        >>> converse_model('{"modelId": "us.anthropic.claude-sonnet-4-6", "messages": []}')
        'us.anthropic.claude-sonnet-4-6'
        >>> converse_model('{"model": "gpt-4o", "messages": []}') is None
        True
        >>> converse_model('{"modelId": "", "messages": []}') is None
        True
    """
    request = converse_request(value)
    if request is None or not request["modelId"]:
        return None
    return str(request["modelId"])


def with_converse_results(flat: list[Msg], value: Any) -> list[Msg]:
    """`flat`, each message standing for a request message of tool results read from it.

    `value` is the span's ``input.value``; `flat` its ``llm.input_messages``, read.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> request = {"modelId": "m", "system": [{"text": "Be brief."}], "messages": [
        ...     {"role": "user", "content": [{"text": "Weather?"}]},
        ...     {"role": "assistant", "content": [
        ...         {"toolUse": {"toolUseId": "t1", "name": "f", "input": {"c": "A"}}},
        ...         {"toolUse": {"toolUseId": "t2", "name": "f", "input": {"c": "B"}}}]},
        ...     {"role": "user", "content": [
        ...         {"toolResult": {"toolUseId": "t1", "content": [{"text": "sunny"}]}},
        ...         {"toolResult": {"toolUseId": "t2", "content": [{"text": "rain"}]}}]}]}
        >>> asked = [ToolRequest("f", {"c": "A"}, "t1"), ToolRequest("f", {"c": "B"}, "t2")]
        >>> flat = [Msg("system", "Be brief."), Msg("user", "Weather?"),
        ...         Msg("assistant", None, tool_calls=asked), Msg("user", tool_call_id="t2")]
        >>> [(m.role, m.content, m.tool_call_id) for m in with_converse_results(flat, request)]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('system', 'Be brief.', None), ('user', 'Weather?', None), ('assistant', None, None),
         ('tool', 'sunny', 't1'), ('tool', 'rain', 't2')]

        Flattened messages that do not line up with the request (a message more or less, or
        another role at a place), and a message saying more than the instrumentation keeps,
        are read as they stand:

        >>> with_converse_results(flat[1:], request) == flat[1:]
        True
        >>> said = [*flat[:3], Msg("user", "sunny rain", tool_call_id="t2")]
        >>> with_converse_results(said, request) == said
        True
    """
    request = converse_request(value)
    if request is None:
        return flat
    messages: list[dict[str, Any]] = request["messages"]
    system = request.get("system")
    at = 1 if isinstance(system, list) and system else 0
    if len(flat) != at + len(messages):
        return flat
    if at and flat[0].role != "system":
        return flat
    out = flat[:at]
    for msg, message in zip(flat[at:], messages, strict=True):
        if msg.role != message["role"]:
            return flat
        out.extend(_as_sent(msg, message))
    return out


def _as_sent(msg: Msg, message: dict[str, Any]) -> list[Msg]:
    """The request's `message` when it holds tool results `msg`, its flattening, lost.

    Else `msg`.
    """
    results = [b["toolResult"] for b in message["content"] if "toolResult" in b]
    if not results or not all(isinstance(r, dict) for r in results) or msg.tool_calls:
        return [msg]
    texts = [b["text"] for b in message["content"] if isinstance(b.get("text"), str)]
    if msg.tool_call_id not in (None, results[-1].get("toolUseId")):
        return [msg]  # another call named: not this flattening
    if msg.content not in (None, "", "\n".join(texts)):
        return [msg]  # says more than the message's text blocks: read as it stands
    blocks = converse_blocks(message["content"])
    if blocks is None:
        return [msg]  # a block read nowhere (a cache point, a guard): kept as flattened
    return parse_messages({"role": message["role"], "content": blocks})


def _is_converse_message(message: Any) -> bool:
    """Whether `message` is a Converse message: a role and a list of one-key blocks."""
    if not isinstance(message, dict) or message.get("role") not in ("user", "assistant"):
        return False
    content = message.get("content")
    return isinstance(content, list) and all(
        isinstance(block, dict) and len(block) == 1 for block in content
    )
