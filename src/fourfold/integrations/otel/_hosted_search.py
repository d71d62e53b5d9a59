"""The Responses API's hosted file search, as the model call that ran it records it.

The OpenAI Agents SDK's ``FileSearchTool`` (0.24, ``include_search_results=True``) is no
function the application runs: OpenAI searches the vector stores inside the model call, so no
tool span and no retrieval span records it. openinference-instrumentation-openai-agents 2.6
writes the call's ``response`` span (LLM) with the search in its reply
(``llm.output_messages``): an assistant tool call named by the output item's type,
``file_search_call`` (id the item's id, arguments ``{"queries": [...]}``), a tool message
under that id whose content is the results as a JSON list, then the answer; ``output.value``
is the whole ``Response``, whose ``file_search_call`` item holds the ``results`` (each
``file_id``, ``filename``, ``score``, ``text``, ``attributes``).

The rule, `hosted_search`: a request whose id is a ``file_search_call`` item's in the
response is a call of the tool ``file_search`` (the tool's name: its type in the request's
``tools``, the SDK's ``FileSearchTool.name``), not of the item's type; and that item's
results are what the retrieval returned, so passages (D14) at the model call's span, in
their order: id the result's ``file_id``, its ``text``, source its ``attributes.source``
(else its ``filename``), its ``score``. A function tool's request (a ``function_call``
item's) is left as it is; an item without results (the request did not ``include`` them)
gives no passage.

The other hosted tools are run the same way, inside the model call (`hosted_turns`): a request
whose id is a ``web_search_call`` (``code_interpreter_call``, ``image_generation_call``) item's
is a call of the hosted tool (``web_search``...), which the provider ran: a tool call with no
result unless a tool message answers it (none is recorded for a web search), at the model
call's time. The reply is a list of items, a turn each (the contract): a message holding both
hosted requests and text (OpenInference writes the ``web_search_call`` item and the answer as
one) is the requests' turn, then the text's, in the items' order. A code interpreter's or an
image generation's item that no output message lists is read from the item itself
(`_unlisted_call`): its request, and the result the model was given as its tool message (the
image generated, its base64 data as written, the tool's result as the hosted search's are).
"""

from __future__ import annotations

from typing import Any

from ...trace import Passage, ToolCall
from .._document_passages import document_passage
from .._messages import Msg, ToolRequest, try_json
from .._passages import Retrieval
from .._spans import Span, ns_to_datetime

__all__ = ["hosted_search", "hosted_turns"]

_HOSTED = {
    "web_search_call": "web_search",
    "file_search_call": "file_search",
    "code_interpreter_call": "code_interpreter",
    "image_generation_call": "image_generation",
}
"""A hosted tool's output item type, and the tool's name (its type in the request's tools)."""

_ITEM = "file_search_call"
_TOOL = "file_search"


def hosted_search(span: Span, outputs: list[Msg], response: Any) -> Retrieval | None:
    """Name `outputs`' file search requests ``file_search`` (in place); its results' passages.

    `response` is the model call's ``Response`` object (parsed ``output.value``). None when
    it holds no ``file_search_call`` item with results.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> item = {"type": "file_search_call", "id": "fs_1", "queries": ["ship"],
        ...         "results": [{"file_id": "file-a", "text": "Ships in 2 days.",
        ...                      "attributes": {"source": "shipping.md"}, "score": 0.9}]}
        >>> reply = [Msg("assistant", tool_calls=[ToolRequest("file_search_call", {}, "fs_1")])]
        >>> span = Span("t", "s", None, "response", 0, 1, "ok", None, {})
        >>> found = hosted_search(span, reply, {"object": "response", "output": [item]})
        >>> reply[0].tool_calls[0].name, [(p.id, p.source, p.score) for p in found.passages]
        ('file_search', [('file-a', 'shipping.md', 0.9)])
    """
    items = _items(response)
    if not items:
        return None
    ids = {item.get("id") for item in items}
    for msg in outputs:
        for request in msg.tool_calls:
            if request.id in ids and request.name == _ITEM:
                request.name = _TOOL
    results = [r for item in items for r in _results(item)]
    if not results:
        return None
    return Retrieval(span, [_passage(span, i, r) for i, r in enumerate(results)])


def hosted_turns(span: Span, outputs: list[Msg], response: Any) -> tuple[list[Msg], list[ToolCall]]:
    """The reply's turns, its hosted requests named for their tool, and the calls they made.

    A message with both text and hosted requests is split in two, in the items' order; the
    calls are the hosted requests no tool message among `outputs` answers.

    Examples:
        >>> from fourfold.integrations._messages import ToolRequest
        >>> asked = ToolRequest("web_search_call", {"query": "weather"}, "ws_1")
        >>> reply = [Msg("assistant", "Sunny.", tool_calls=[asked])]
        >>> items = [{"type": "web_search_call", "id": "ws_1"}, {"type": "message"}]
        >>> span = Span("t", "s", None, "response", 0, 1, "ok", None, {})
        >>> turns, ran = hosted_turns(span, reply, {"object": "response", "output": items})
        >>> [(m.content, [r.name for r in m.tool_calls]) for m in turns]
        [(None, ['web_search']), ('Sunny.', [])]
        >>> [(c.name, c.id, c.result) for c in ran]
        [('web_search', 'ws_1', None)]
    """
    output = _output(response)
    types = {i.get("id"): i.get("type") for i in output if i.get("type") in _HOSTED}
    if not types:
        return outputs, []
    outputs = _with_unlisted(outputs, output)
    answered = {m.tool_call_id for m in outputs if m.role == "tool"}
    turns: list[Msg] = []
    ran: list[ToolCall] = []
    for msg in outputs:
        hosted = [r for r in msg.tool_calls if r.id in types]
        for request in hosted:
            request.name = _HOSTED[str(types[request.id])]
            if request.id not in answered:
                ran.append(
                    ToolCall(
                        name=request.name,
                        arguments=request.arguments,
                        id=request.id,
                        started_at=ns_to_datetime(span.start_ns),
                        ended_at=ns_to_datetime(span.end_ns),
                    )
                )
        if (
            msg.role == "assistant"
            and msg.content
            and hosted
            and len(hosted) == len(msg.tool_calls)
        ):
            first = [i.get("type") for i in output].index(types[hosted[0].id])
            said = next((n for n, i in enumerate(output) if i.get("type") == "message"), first)
            asked = Msg("assistant", None, tool_calls=list(msg.tool_calls))
            text = Msg("assistant", msg.content)
            turns += [asked, text] if first <= said else [text, asked]
        else:
            turns.append(msg)
    return turns, ran


def _with_unlisted(outputs: list[Msg], output: list[dict[str, Any]]) -> list[Msg]:
    """`outputs` with the hosted calls the reply's messages leave out.

    openinference-instrumentation-openai-agents writes a ``code_interpreter_call`` or an
    ``image_generation_call`` item in no output message (a ``web_search_call`` it writes as a
    tool call): the item, in the response, is the request and the result the model was given
    (`_unlisted_call`), a turn and a tool message before the reply's text.
    """
    listed = {r.id for m in outputs for r in m.tool_calls}
    added: list[Msg] = []
    for item in output:
        ident = item.get("id")
        read = _unlisted_call(item)
        if read is None or not isinstance(ident, str) or ident in listed:
            continue
        arguments, result = read
        request = ToolRequest(str(item.get("type")), arguments, ident)
        added.append(Msg("assistant", None, tool_calls=[request]))
        if result is not None:
            added.append(Msg("tool", result, tool_call_id=ident, result=try_json(result)))
    if not added:
        return outputs
    at = next(
        (n for n, m in enumerate(outputs) if m.role == "assistant" and m.content), len(outputs)
    )
    return [*outputs[:at], *added, *outputs[at:]]


def _unlisted_call(item: dict[str, Any]) -> tuple[dict[str, Any], str | None] | None:
    """A hosted call item's arguments and result, or None for an item read otherwise.

    A ``code_interpreter_call``: its ``code`` the argument (the container it ran in is none of
    its arguments, as two of three blind readings have it), its ``logs`` outputs the result.
    An ``image_generation_call``: no arguments (the model wrote none: the ``revised_prompt``,
    size and quality are the tool's, recorded on its output item, as the blind readings of
    2026-12-06p have it) and the item's ``result``, the image's base64 data as written, the
    result the model was given before its text.

    Examples:
        >>> _unlisted_call({"type": "image_generation_call", "result": "iVBO", "size": "1024x1024"})
        ({}, 'iVBO')
        >>> _unlisted_call({"type": "code_interpreter_call", "code": "1+1",
        ...                 "outputs": [{"type": "logs", "logs": "2"}]})
        ({'code': '1+1'}, '2')
        >>> _unlisted_call({"type": "web_search_call"}) is None
        True
    """
    kind = item.get("type")
    if kind == "image_generation_call":
        image = item.get("result")
        return {}, image if isinstance(image, str) and image else None
    if kind != "code_interpreter_call" or not isinstance(item.get("code"), str):
        return None
    logs = [
        o["logs"]
        for o in item.get("outputs") or []
        if isinstance(o, dict) and isinstance(o.get("logs"), str)
    ]
    return {"code": item["code"]}, "".join(logs) if logs else None


def _output(response: Any) -> list[dict[str, Any]]:
    """A ``Response`` object's output items."""
    if not isinstance(response, dict) or response.get("object") != "response":
        return []
    output = response.get("output")
    return [i for i in output if isinstance(i, dict)] if isinstance(output, list) else []


def _items(response: Any) -> list[dict[str, Any]]:
    """The ``file_search_call`` items of a ``Response`` object's output."""
    if not isinstance(response, dict) or response.get("object") != "response":
        return []
    output = response.get("output")
    if not isinstance(output, list):
        return []
    return [i for i in output if isinstance(i, dict) and i.get("type") == _ITEM]


def _results(item: dict[str, Any]) -> list[dict[str, Any]]:
    results = item.get("results")
    if not isinstance(results, list):
        return []
    return [r for r in results if isinstance(r, dict) and isinstance(r.get("text"), str)]


def _passage(span: Span, index: int, result: dict[str, Any]) -> Passage:
    attributes = result.get("attributes")
    source = attributes.get("source") if isinstance(attributes, dict) else None
    source = source if isinstance(source, str) and source else result.get("filename")
    ident = result.get("file_id")
    return document_passage(
        span.span_id,
        index,
        id=ident if isinstance(ident, str) else None,
        text=str(result["text"]),
        source=source if isinstance(source, str) else None,
        score=result.get("score"),
    )
