"""Tools the provider ran inside one model call, as the reply's own blocks write them.

Anthropic's server tools (``web_search``, ``web_fetch``, ``code_execution``..., and the MCP
connector's tools) run on Anthropic's side while the model writes its reply: the one
``Message`` holds, in order, the model's text, a ``server_tool_use`` block (``id``, ``name``,
``input``; ``mcp_tool_use`` for an MCP server's tool), the result block answering it by its
``tool_use_id`` (``web_search_tool_result``, ``web_fetch_tool_result``,
``code_execution_tool_result``..., ``mcp_tool_result``: a type ending ``_tool_result``, the
result its ``content``), then more text. openinference-instrumentation-anthropic flattens the
reply as one output message (the result block's JSON as one more text part); its
``output.value`` is the raw ``Message`` (tests/data/traces/anthropic/anthropic-web-search-*).

The rule, `server_tool_turns`: a reply whose blocks hold a provider-run request and the result
answering it is a call of the run (a request answered by a tool result in the trace, the
contract's tool call) and is read from those blocks as turns, in their order, as a reply of
the Responses API is a turn an item (`.otel._hosted_search`): the assistant turn up to the
request (its text blocks joined by a newline, as the contract joins text parts; the requests
it made, the provider's and the application's tools' alike), a tool message of each result,
then the turn after it, the answer. The call is named as the request names it, its arguments
the request's ``input``, its id the request's. Its result is the result block's ``content``,
without the block's ``type``/``tool_use_id`` around it (the API's wrapper, as ADK's ``{id,
name, response}`` is unwrapped; content blocks of text alone are their text, as an Anthropic
``tool_result``'s). A result that says the tool failed gives the call its error: a
``*_tool_result_error`` content's ``error_code``, an ``mcp_tool_result`` with ``is_error`` its
text. A reply with no such answered request is left as the flattened messages read it.
"""

from __future__ import annotations

from typing import Any

from ._messages import Msg, ToolRequest, parse_arguments, result_text, result_value

__all__ = ["server_tool_turns"]

_REQUESTS = frozenset({"server_tool_use", "mcp_tool_use"})
"""An Anthropic content block requesting a tool the provider runs."""


class _Turns:
    """The turns being read from a reply's blocks: the open assistant turn, those closed."""

    def __init__(self) -> None:
        self.turns: list[Msg] = []
        self.texts: list[str] = []
        self.requests: list[ToolRequest] = []
        self.answered = False

    def close(self) -> None:
        """End the open assistant turn (when it said or asked anything)."""
        if self.texts or self.requests:
            text = "\n".join(self.texts) if self.texts else None
            self.turns.append(Msg("assistant", text, tool_calls=self.requests))
        self.texts, self.requests = [], []

    def answer(self, call_id: str | None, body: Any, error: str | None) -> None:
        """Close the open turn, then a tool message answering `call_id` with `body`."""
        self.close()
        tool = Msg("tool", result_text(body), tool_call_id=call_id, result=result_value(body))
        tool.error = error
        self.turns.append(tool)
        self.answered = True

    def read(self) -> list[Msg] | None:
        """The turns, or None when no provider-run request was answered."""
        self.close()
        return self.turns if self.answered else None


def server_tool_turns(outputs: list[Msg], response: Any) -> list[Msg]:
    """`outputs`, or the reply's turns read from `response`'s blocks when a provider ran a tool.

    `response` is the model call's raw reply (parsed ``output.value``): an Anthropic
    ``Message``.

    Examples:
        >>> blocks = [{"type": "text", "text": "Searching."},
        ...           {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search",
        ...            "input": {"query": "weather"}},
        ...           {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1",
        ...            "content": [{"type": "web_search_result", "url": "https://a"}]},
        ...           {"type": "text", "text": "Sunny"}, {"type": "text", "text": " today."}]
        >>> turns = server_tool_turns([], {"type": "message", "content": blocks})
        >>> [(m.role, [r.id for r in m.tool_calls], m.tool_call_id) for m in turns]
        [('assistant', ['srvtoolu_1'], None), ('tool', [], 'srvtoolu_1'), ('assistant', [], None)]
        >>> [m.content.splitlines() for m in turns]
        [['Searching.'], ['[{"type": "web_search_result", "url": "https://a"}]'], \
['Sunny', ' today.']]
        >>> flat = [Msg("assistant", "Hi.")]
        >>> server_tool_turns(flat, {"type": "message", "content": [{"type": "text"}]}) is flat
        True
    """
    if not isinstance(response, dict):
        return outputs
    content = response.get("content")
    if response.get("type") != "message" or not isinstance(content, list):
        return outputs
    turns = _anthropic_turns(content)
    return turns if turns is not None else outputs


def _anthropic_turns(blocks: list[Any]) -> list[Msg] | None:
    """An Anthropic ``Message``'s content blocks as turns, split at each server tool's result.

    A thinking block is no text; a client ``tool_use`` is a request of the turn it is in.

    Examples:
        >>> blocks = [{"type": "server_tool_use", "id": "s1", "name": "code_execution",
        ...            "input": {"code": "1/0"}},
        ...           {"type": "code_execution_tool_result", "tool_use_id": "s1",
        ...            "content": {"type": "code_execution_tool_result_error",
        ...                        "error_code": "unavailable"}}]
        >>> [(m.role, m.error) for m in _anthropic_turns(blocks)]
        [('assistant', None), ('tool', 'unavailable')]
        >>> _anthropic_turns([{"type": "server_tool_use", "id": "s1", "name": "web_search"}])
    """
    read = _Turns()
    asked: set[str] = set()
    for block in blocks:
        if not isinstance(block, dict):
            continue
        kind = str(block.get("type") or "")
        ident = block.get("id")
        answers = block.get("tool_use_id")
        if kind == "text" and isinstance(block.get("text"), str):
            read.texts.append(block["text"])
        elif kind in _REQUESTS | {"tool_use"} and isinstance(ident, str):
            name = str(block.get("name") or "")
            read.requests.append(ToolRequest(name, parse_arguments(block.get("input")), ident))
            if kind in _REQUESTS:
                asked.add(ident)
        elif kind.endswith("_tool_result") and isinstance(answers, str) and answers in asked:
            body = _content(block.get("content"))
            read.answer(answers, body, _anthropic_error(block, body))
    return read.read()


def _content(body: Any) -> Any:
    """A result block's content: text blocks alone are their text, anything else as written.

    Examples:
        >>> texts = [{"type": "text", "text": "22 C"}, {"type": "text", "text": "sunny"}]
        >>> _content(texts).splitlines()
        ['22 C', 'sunny']
        >>> _content([{"type": "web_search_result", "url": "https://a"}])
        [{'type': 'web_search_result', 'url': 'https://a'}]
    """
    if isinstance(body, list) and body:
        if all(isinstance(b, dict) and b.get("type") == "text" for b in body):
            return "\n".join(str(b.get("text") or "") for b in body)
    return body


def _anthropic_error(block: dict[str, Any], body: Any) -> str | None:
    """The failure a result block reports: an error content's code, a marked result's text.

    Examples:
        >>> _anthropic_error({}, {"type": "web_search_tool_result_error",
        ...                       "error_code": "max_uses_exceeded"})
        'max_uses_exceeded'
        >>> _anthropic_error({"is_error": True}, "no such table")
        'no such table'
        >>> _anthropic_error({}, [{"type": "web_search_result"}]) is None
        True
    """
    if isinstance(body, dict) and str(body.get("type") or "").endswith("_error"):
        code = body.get("error_code")
        return str(code) if code else str(body.get("type"))
    if block.get("is_error") is True:
        return result_text(body) or "error"
    return None
