"""MLflow's OpenAI autolog on the Responses API: a ``responses.create`` call as items.

MLflow 3.17.2's ``mlflow.openai.autolog()`` records a ``client.responses.create(...)`` call
(a ``Responses`` span, ``CHAT_MODEL``) with no ``mlflow.chat.messages``: its
``mlflow.spanInputs`` are the request's keyword arguments, ``{"model", "instructions",
"input", "tools", ...}``, and its ``mlflow.spanOutputs`` the whole ``Response`` object
(``{"object": "response", "output": [<items>], ...}``). The request holds the conversation
as the API's items:

- ``instructions``: the system prompt, given only there (`responses_request`);
- ``input``: the user's text (a string), or the items: messages (``{"role", "content"}``),
  ``function_call`` items (a tool request with its item id, ``fc_...``, and the ``call_id``
  its result answers) and ``function_call_output`` items (a result: ``call_id``,
  ``output``), as a hand-written tool loop appends the reply's items and the results to the
  next request's input.

The reply is its ``output`` items, each a message of its own: a ``function_call`` an
assistant turn requesting that one call (known by its ``call_id``), as the API and the next
input write them (the contract's Responses API rule, tests/data/traces/README.md), read by
the same item readers as LangSmith's Agents SDK runs (`._langsmith_responses`).

A Chat Completions request (``{"messages": [...]}``) is no Responses request: the autolog's
``chat.completions.create`` calls, and the Agents SDK's, whose generation records a
``Response`` object built from a Chat Completions reply (one turn requesting both calls,
as the next request writes it), are read as before (`._mlflow`).
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, parse_messages
from ._langsmith_responses import responses_inputs, responses_turns

__all__ = ["responses_reply_turns", "responses_request"]


def _is_request(request: Any) -> bool:
    """Whether `request` is a ``responses.create`` call's keyword arguments.

    Its ``input`` (a string or a list of items) and no ``messages``.
    """
    if not isinstance(request, dict) or "messages" in request:
        return False
    given = request.get("input")
    return isinstance(given, str) or (
        isinstance(given, list) and all(isinstance(item, dict) for item in given)
    )


def responses_request(request: Any) -> list[Msg] | None:
    """The messages a ``responses.create`` request holds: its instructions, then its input.

    None when `request` is no Responses request.

    Examples:
        >>> msgs = responses_request({"model": "gpt-4o-mini", "instructions": "Be brief.",
        ...     "tools": [], "input": [
        ...     {"role": "user", "content": "Rain?"},
        ...     {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f",
        ...      "arguments": "{}", "status": "completed"},
        ...     {"type": "function_call_output", "call_id": "c1", "output": "no"}]})
        >>> [(m.role, m.content, m.tool_call_id, [r.id for r in m.tool_calls]) for m in msgs]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('system', 'Be brief.', None, []), ('user', 'Rain?', None, []),
         ('assistant', None, None, ['c1']), ('tool', 'no', 'c1', [])]
        >>> [(m.role, m.content) for m in responses_request({"input": "Rain?"})]
        [('user', 'Rain?')]
        >>> responses_request({"model": "gpt-4o-mini", "messages": []}) is None
        True
    """
    if not _is_request(request):
        return None
    instructions = request.get("instructions")
    system = [Msg(role="system", content=instructions)] if isinstance(instructions, str) else []
    given = request["input"]
    if isinstance(given, str):
        return system + parse_messages({"role": "user", "content": given})
    items = {"input": given, "instructions": instructions} if system else {"input": given}
    read = responses_inputs(items)  # the instructions first, when there are any
    if read is None:  # no items to read (none, or messages alone): the messages as written
        read = system + [m for item in given if "role" in item for m in parse_messages(item)]
    return read


def responses_reply_turns(request: Any, reply: Any) -> list[Msg] | None:
    """A Responses request's reply, one message an output item; None for another call.

    Examples:
        >>> reply = {"object": "response", "output": [
        ...     {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f",
        ...      "arguments": "{}"},
        ...     {"type": "function_call", "id": "fc_2", "call_id": "c2", "name": "f",
        ...      "arguments": "{}"}]}
        >>> turns = responses_reply_turns({"input": "Rain?"}, reply)
        >>> [[r.id for r in m.tool_calls] for m in turns]
        [['c1'], ['c2']]
        >>> responses_reply_turns({"messages": []}, reply) is None
        True
    """
    if not _is_request(request) or not isinstance(reply, dict):
        return None
    if reply.get("object") != "response" or not isinstance(reply.get("output"), list):
        return None
    return responses_turns(reply["output"])
