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

Gemini's built-in code execution is the same: the reply's ``Content`` parts are text, an
``executable_code`` part (``code``, ``language``), the ``code_execution_result`` part that ran
it (``outcome``, ``output``), then text (``executableCode`` / ``codeExecutionResult`` in the
REST API's casing); openinference-instrumentation-google-genai's flattened output message
keeps only the text parts, the raw response in ``output.value`` all of them
(tests/data/traces/google-genai/openinference-google-genai-code-execution-*).

The rule, `server_tool_turns`: a reply whose blocks hold a provider-run request and the result
answering it is a call of the run (a request answered by a tool result in the trace, the
contract's tool call) and is read from those blocks as turns, in their order, as a reply of
the Responses API is a turn an item (`.otel._hosted_search`): the assistant turn up to the
request (its text blocks joined by a newline, as the contract joins text parts; the requests
it made, the provider's and the application's tools' alike), a tool message of each result,
then the turn after it, the answer. The call is named as the request names it (Gemini's code
part names none: ``code_execution``, the tool as the request's ``tools`` declare it), its
arguments the request's ``input`` (the code part as written, ``{code, language}``), its id the
request's (Gemini's parts carry none unless the part has an ``id``: the tool message then
answers by order). Its result is the result block's ``content``, without the block's
``type``/``tool_use_id`` around it (the API's wrapper, as ADK's ``{id, name, response}`` is
unwrapped; content blocks of text alone are their text, as an Anthropic ``tool_result``'s),
and Gemini's ``code_execution_result`` object as written. A result that says the tool failed
gives the call its error: an Anthropic ``*_tool_result_error`` content's ``error_code``, an
``mcp_tool_result`` with ``is_error`` its text; a code execution whose ``outcome`` is not
``OUTCOME_OK`` its ``output`` (else its outcome). A reply with no such answered request is
left as the flattened messages read it.
"""

from __future__ import annotations

from typing import Any

from ._messages import Msg, ToolRequest, parse_arguments, result_text, result_value

__all__ = ["server_tool_turns"]

_REQUESTS = frozenset({"server_tool_use", "mcp_tool_use"})
"""An Anthropic content block requesting a tool the provider runs."""

_CODE = "code_execution"
"""The name of Gemini's built-in code execution (its key in the request's ``tools``)."""

_DONE = "OUTCOME_OK"


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
    ``Message`` or a Gemini ``GenerateContentResponse``.

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
    if response.get("type") == "message" and isinstance(content, list):
        turns = _anthropic_turns(content)
    else:
        turns = _gemini_turns(_gemini_parts(response))
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


def _gemini_parts(response: dict[str, Any]) -> list[Any]:
    """The parts of a Gemini response's first candidate (or of an event's ``content``)."""
    candidates = response.get("candidates")
    content = response.get("content")
    if isinstance(candidates, list) and candidates and isinstance(candidates[0], dict):
        content = candidates[0].get("content")
    parts = content.get("parts") if isinstance(content, dict) else None
    return parts if isinstance(parts, list) else []


def _gemini_turns(parts: list[Any]) -> list[Msg] | None:
    """A Gemini reply's parts as turns, split at each code execution's result.

    A result answers the code part with its ``id``, else the earliest one not yet answered;
    thought parts are no text; a ``function_call`` is a request of the turn it is in.

    Examples:
        >>> code = {"executable_code": {"code": "print(1/0)", "language": "PYTHON"}}
        >>> failed = {"code_execution_result": {"outcome": "OUTCOME_FAILED",
        ...                                     "output": "ZeroDivisionError"}}
        >>> turns = _gemini_turns([{"text": "hm", "thought": True}, code, failed])
        >>> [(m.role, m.content, [r.name for r in m.tool_calls], m.error) for m in turns]
        [('assistant', None, ['code_execution'], None), ('tool', \
'{"outcome": "OUTCOME_FAILED", "output": "ZeroDivisionError"}', [], 'ZeroDivisionError')]
        >>> _gemini_turns([{"text": "Hi."}]) is None
        True
    """
    read = _Turns()
    waiting: list[ToolRequest] = []
    for part in parts:
        if not isinstance(part, dict):
            continue
        code = _field(part, "executable_code", "executableCode")
        done = _field(part, "code_execution_result", "codeExecutionResult")
        called = _field(part, "function_call", "functionCall")
        if isinstance(part.get("text"), str) and part.get("thought") is not True:
            read.texts.append(part["text"])
        elif code is not None:
            request = ToolRequest(_CODE, _written(code), _id(code))
            read.requests.append(request)
            waiting.append(request)
        elif done is not None and waiting:
            request = next((r for r in waiting if r.id and r.id == _id(done)), waiting[0])
            waiting.remove(request)
            result = _written(done)
            read.answer(request.id, result, _code_error(result))
        elif called is not None:
            args = parse_arguments(called.get("args"))
            read.requests.append(ToolRequest(str(called.get("name") or ""), args, _id(called)))
    return read.read()


def _field(part: dict[str, Any], snake: str, camel: str) -> dict[str, Any] | None:
    """A part's field in either casing (google-genai's dump, the REST API's JSON)."""
    value = part.get(snake, part.get(camel))
    return value if isinstance(value, dict) else None


def _written(value: dict[str, Any]) -> dict[str, Any]:
    """A part's object as written, its id and its unset (null) fields left out."""
    return {k: v for k, v in value.items() if v is not None and k != "id"}


def _id(value: dict[str, Any]) -> str | None:
    ident = value.get("id")
    return ident if isinstance(ident, str) and ident else None


def _code_error(result: dict[str, Any]) -> str | None:
    """A code execution's failure: its output (else its outcome) when the outcome is not OK."""
    outcome = result.get("outcome")
    if outcome is None or outcome == _DONE:
        return None
    output = result.get("output")
    return output if isinstance(output, str) and output else str(outcome)
