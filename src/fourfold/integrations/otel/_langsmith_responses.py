"""LangSmith's Agents SDK runs on the Responses API: their inputs and outputs as items.

On the Responses API, LangSmith's ``OpenAIAgentsTracingProcessor`` writes each model call
(a ``Response`` run, ``llm``) and the trace's root run (``Agent workflow``, which records the
first call's input and the last call's output as its own) in the API's shapes:

- the inputs ``{"input": [<items>], "instructions": <system prompt>}``: the request's input
  items, messages (``{"role", "content"}``), ``function_call`` items (a tool request:
  ``call_id``, ``name``, ``arguments``; a turn requesting two tools is two items in a row)
  and ``function_call_output`` items (a result: ``call_id``, ``output``), and the agent's
  instructions, sent beside them as the request's ``instructions``: the system prompt
  (`responses_inputs`);
- the output ``{"output": [<output items>]}``: the reply's items, ``message`` items
  (``output_text`` parts) and ``function_call`` items (`responses_turns`; the text they say
  together, `responses_reply`).

Each item is a message of its own, a ``function_call`` an assistant turn requesting that one
call, as the API writes them and as the other instrumentations of the Agents SDK on the
Responses API (OpenInference's, Logfire's, OpenLLMetry's) replay them (the contract,
tests/data/traces/README.md). Until 2026-12-06 a run of ``function_call`` items was read here
as one turn, the one export that read so.

Chat Completions runs write ``{"input": [<messages>]}`` and a message (`_langsmith_agents`).
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, parse_messages, responses_output

__all__ = ["responses_inputs", "responses_question", "responses_reply", "responses_turns"]

_OUTPUT_ITEMS = frozenset({"message", "function_call", "reasoning"})


def _items(inputs: Any) -> list[dict[str, Any]] | None:
    """The input items of a run's ``{"input": [...], "instructions": ...}``, if it is one."""
    if not isinstance(inputs, dict) or not set(inputs) <= {"input", "instructions"}:
        return None
    items = inputs.get("input")
    if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
        return None
    if not any(isinstance(inputs.get("instructions"), str) or "type" in i for i in items):
        return None  # a message list alone: the Chat Completions shape
    return items


def responses_inputs(inputs: Any) -> list[Msg] | None:
    """The messages a Responses run's inputs hold: instructions first, then the items.

    Examples:
        >>> msgs = responses_inputs({"instructions": "Be brief.", "input": [
        ...     {"role": "user", "content": "Rain?"},
        ...     {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        ...     {"type": "function_call", "call_id": "c2", "name": "f", "arguments": "{}"},
        ...     {"type": "function_call_output", "call_id": "c1", "output": "no"},
        ...     {"type": "function_call_output", "call_id": "c2", "output": "yes"}]})
        >>> [(m.role, m.content, m.tool_call_id, [r.id for r in m.tool_calls]) for m in msgs]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('system', 'Be brief.', None, []), ('user', 'Rain?', None, []),
         ('assistant', None, None, ['c1']), ('assistant', None, None, ['c2']),
         ('tool', 'no', 'c1', []), ('tool', 'yes', 'c2', [])]
        >>> responses_inputs({"input": [{"role": "user", "content": "Rain?"}]}) is None
        True
    """
    items = _items(inputs)
    if items is None:
        return None
    instructions = inputs.get("instructions")
    out = [Msg(role="system", content=instructions)] if isinstance(instructions, str) else []
    for item in items:
        if item.get("type") == "function_call":
            out.append(responses_output([item]))  # a turn requesting that one call
        elif item.get("type") == "function_call_output":
            answer = {
                "role": "tool",
                "content": item.get("output"),
                "tool_call_id": item.get("call_id"),
            }
            out.extend(parse_messages(answer))
        elif "role" in item:
            out.extend(parse_messages(item))
    return out


def responses_question(inputs: Any) -> str | None:
    """The last user message's text of a Responses run's inputs (the root run's question).

    Examples:
        >>> responses_question({"instructions": "Be brief.",
        ...                     "input": [{"role": "user", "content": "Rain?"}]})
        'Rain?'
    """
    said = [m.content for m in responses_inputs(inputs) or [] if m.role == "user"]
    last = said[-1] if said else None
    return last if isinstance(last, str) and last.strip() else None


def responses_turns(output: Any) -> list[Msg] | None:
    """The messages a run's output items make, one an item; None when `output` is no item list.

    Examples:
        >>> turns = responses_turns([
        ...     {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        ...     {"type": "function_call", "call_id": "c2", "name": "f", "arguments": "{}"}])
        >>> [[r.id for r in m.tool_calls] for m in turns]
        [['c1'], ['c2']]
    """
    items = _output_items(output)
    if items is None:
        return None
    said = [responses_output([item]) for item in items]
    turns = [m for m in said if m.tool_calls or m.content is not None]
    return turns or [responses_output(items)]


def responses_reply(output: Any) -> Msg | None:
    """The assistant message a run's output items make; None when `output` is no item list.

    Examples:
        >>> reply = responses_reply([{"type": "message", "role": "assistant",
        ...     "content": [{"type": "output_text", "text": "No rain."}]}])
        >>> reply.role, reply.content
        ('assistant', 'No rain.')
        >>> responses_reply([{"role": "assistant", "content": "No rain."}]) is None
        True
    """
    items = _output_items(output)
    return None if items is None else responses_output(items)


def _output_items(output: Any) -> list[dict[str, Any]] | None:
    """`output` when it is a non-empty list of the Responses API's output items, else None."""
    if not isinstance(output, list) or not output:
        return None
    if not all(isinstance(i, dict) and i.get("type") in _OUTPUT_ITEMS for i in output):
        return None
    return output
