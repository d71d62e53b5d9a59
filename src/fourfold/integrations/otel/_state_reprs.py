"""The turns a LangGraph node's state holds whole, where openlit writes it as message ``str()``s.

openlit's LangChain instrumentation (1.8.3) records a LangGraph node's run as an
``invoke_agent <node>`` span whose ``gen_ai.workflow.input`` and ``gen_ai.workflow.output``
are the node's state, ``{"messages": [...]}``, each message written as its ``str()``
(``content='Transferring back to supervisor' additional_kwargs={} response_metadata=
{'__is_handoff_back': True} name='weather_agent' tool_calls=[{'name':
'transfer_back_to_supervisor', 'args': {}, 'id': '3baec955-...', 'type': 'tool_call'}]``; a
``ToolMessage``'s ``content='...' name='...' tool_call_id='...'``). Its chat spans drop what
those hold: a turn's requests (replayed as its text alone) and tool messages' call ids.

So the state is where a turn no model wrote is recorded whole: langgraph-supervisor's hand-back
(an ``AIMessage`` it makes, ``__is_handoff_back``, requesting ``transfer_back_to_<supervisor>``,
and the ``ToolMessage`` answering it), which the supervisor's next model input replays as text
(both readings of ``openlit-supervisor``: the turn requests that call, its answer names it).
`state_turns` reads the assistant turns that requested calls and the tool messages of a state
(its output's, what the node handed on); `.._held_turns` gives them back to the model
inputs that replay them.

A message's class is not written: one with ``tool_call_id`` is a tool message, one with
``tool_calls`` (every ``AIMessage`` writes the field) an assistant's; any other (a human's, a
system's) is not read, since no call is lost with it.

traceAI's LangChain instrumentation (traceai-langchain 0.2.0) writes a LangGraph graph's or
node's state the same way, inside its OpenInference-style ``output.value`` (``{"messages":
[<str()>, ...]}``). `state_messages` reads such a state whole, as the conversation it is, for
its run's answer (its last assistant message with text) and its agent (the name its replies
carry), and its requesting turns and tool messages are turns its run holds whole
(`held_turns`, as `state_turns` reads openlit's): a tool message and an assistant's as
above, any other a user's (a human's: a LangGraph agent's system prompt is given to its
model, not kept in its state; the two write the same fields). A list any item of which is
not a message's ``str()`` is no such state.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg, ToolRequest, try_json
from ._model_str import model_str_fields

__all__ = ["held_turns", "state_messages", "state_turns"]

_SCOPE = "openlit.instrumentation.langchain"


def state_turns(scope: str | None, attrs: dict[str, Any]) -> list[Msg]:
    """The requesting turns and tool messages of an openlit node span's output state.

    `scope`: the span's instrumentation scope; `attrs`: its attributes.

    Examples:
        >>> import json
        >>> turn = ("content='Back' additional_kwargs={} name='w' tool_calls=[{'name': "
        ...     "'transfer_back', 'args': {}, 'id': 'h2', 'type': 'tool_call'}]")
        >>> done = "content='Transferred back' name='transfer_back' tool_call_id='h2'"
        >>> said = "content='Sunny' additional_kwargs={} tool_calls=[]"
        >>> state = {"gen_ai.workflow.output": json.dumps({"messages": [said, turn, done]})}
        >>> out = state_turns("openlit.instrumentation.langchain", state)
        >>> [(m.role, m.content, [r.id for r in m.tool_calls], m.tool_call_id) for m in out]
        [('assistant', 'Back', ['h2'], None), ('tool', 'Transferred back', [], 'h2')]
        >>> state_turns("openlit.instrumentation.langgraph", state)
        []
    """
    if scope != _SCOPE:
        return []
    state = try_json(attrs.get("gen_ai.workflow.output"))
    found = state.get("messages") if isinstance(state, dict) else None
    if not isinstance(found, list):
        return []
    out: list[Msg] = []
    for text in found:
        fields = model_str_fields(text)
        if fields is None or not isinstance(fields.get("content"), str):
            continue
        if isinstance(fields.get("tool_call_id"), str) and fields["tool_call_id"]:
            name = fields.get("name")
            out.append(
                Msg(
                    role="tool",
                    content=fields["content"],
                    name=name if isinstance(name, str) else None,
                    tool_call_id=fields["tool_call_id"],
                )
            )
            continue
        requests = [_request(r) for r in fields.get("tool_calls") or []]
        if requests and all(r is not None for r in requests):
            asked = [r for r in requests if r is not None]
            out.append(Msg(role="assistant", content=fields["content"], tool_calls=asked))
    return out


def state_messages(value: Any) -> list[Msg] | None:
    """The messages of a state ``{"messages": [...]}`` written as their ``str()`` s, else None.

    Examples:
        >>> said = ("content='Sunny' additional_kwargs={} name='w' tool_calls=[{'name': 'get', "
        ...     "'args': {'city': 'Paris'}, 'id': 'c1', 'type': 'tool_call'}]")
        >>> state = {"messages": ["content='Weather?' additional_kwargs={}", said,
        ...     "content='sun' name='get' tool_call_id='c1'"]}
        >>> [(m.role, m.content, m.tool_call_id) for m in state_messages(state)]
        [('user', 'Weather?', None), ('assistant', 'Sunny', None), ('tool', 'sun', 'c1')]
        >>> state_messages({"messages": ["content='Weather?'", "plain text"]}) is None
        True
        >>> state_messages({"messages": [{"type": "human", "data": {"content": "Hi"}}]}) is None
        True
    """
    state = try_json(value)
    found = state.get("messages") if isinstance(state, dict) else None
    if not isinstance(found, list) or not found:
        return None
    out: list[Msg] = []
    for text in found:
        fields = model_str_fields(text)
        if fields is None or not isinstance(fields.get("content"), str):
            return None
        name = fields.get("name") if isinstance(fields.get("name"), str) else None
        if isinstance(fields.get("tool_call_id"), str) and fields["tool_call_id"]:
            call = fields["tool_call_id"]
            out.append(Msg("tool", fields["content"], name=name, tool_call_id=call))
        elif "tool_calls" in fields:
            asked = [r for r in map(_request, fields.get("tool_calls") or []) if r is not None]
            out.append(Msg("assistant", fields["content"] or None, name=name, tool_calls=asked))
        else:
            out.append(Msg("user", fields["content"]))
    return out


def held_turns(state: list[Msg]) -> list[Msg]:
    """The turns of `state` that requested calls, and the tool messages naming theirs.

    Examples:
        >>> from .._messages import ToolRequest
        >>> asked = Msg("assistant", None, tool_calls=[ToolRequest("get", {}, "c1")])
        >>> state = [Msg("user", "Hi"), asked, Msg("tool", "sun", tool_call_id="c1"),
        ...     Msg("assistant", "Sunny")]
        >>> [m.role for m in held_turns(state)]
        ['assistant', 'tool']
    """
    return [
        m
        for m in state
        if (m.role == "assistant" and m.tool_calls) or (m.role == "tool" and m.tool_call_id)
    ]


def _request(value: Any) -> ToolRequest | None:
    """A LangChain tool call (``{name, args, id, type}``) as a request; None if not one."""
    if not isinstance(value, dict) or not isinstance(value.get("name"), str):
        return None
    args = value.get("args")
    call = value.get("id")
    return ToolRequest(
        value["name"],
        args if isinstance(args, dict) else {},
        str(call) if call not in (None, "") else None,
    )
