"""A LangGraph ``Command`` a tool returned, read as the tool message it carries for the call.

A LangGraph tool may return a ``Command`` instead of a value (LangGraph 0.3 and later):
langgraph-supervisor's hand-off tools (``transfer_to_<agent>``, 0.0.31 over LangGraph 1.2)
return ``Command(graph=Command.PARENT, goto=<agent>, update={"messages": [...]})``, the whole
state update, whose messages end with the ``ToolMessage`` that answers the call
(``tool_call_id`` the call's id: ``Successfully transferred to <agent>``). LangGraph's
``ToolNode`` requires that message, and it is what the next model is given.

A tracer that records the tool's return value writes the Command as JSON,
``{"graph": "__parent__", "update": {"messages": [...]}, "resume": null, "goto": "<agent>"}``,
its messages serialised as LangChain's (``{type, data}``, or ``model_dump()``'s flat fields):
Langfuse 5.2.0's LangChain ``CallbackHandler`` as the tool observation's
``langfuse.observation.output``, openinference-instrumentation-langchain 0.1.80 as the
hand-off span's ``output.value``. LangGraph.js (@langchain/langgraph 1.7.3, its
@langchain/langgraph-supervisor 1.1.3 hand-offs) serialises its ``Command`` by its
``toJSON`` as ``{"lg_name": "Command", "update": {"messages": [...]}, "goto": [<agent>]}``
(no ``graph`` key; the messages LangChain.js's ``{lc: 1, type: "constructor", kwargs}``),
which @arizeai/openinference-instrumentation-langchain 4.1.1 writes inside the run's
``{"output": ...}`` (`._wrapped_tool_messages` unwraps it). The call's result is that tool
message, not the Command, which is the framework's wrapper (as a serialised ``ToolMessage``
is read as its content): `command_tool_message` finds it, by the call's id, or, the id not
recorded, as the update's last message when it is the tool's own message (where
langgraph-supervisor puts it, in Python and in JS). A Command that carries no message for
the call stays the result as recorded.

A Command for the graph the tool runs in (Python's ``graph=None``: JSON's ``"graph": null``,
a repr with no ``graph``) must carry the message: LangGraph's ``ToolNode`` (its
``_validate_tool_command``) raises unless one ``ToolMessage`` of the update has the call's
``tool_call_id``, and only then names it after the call, so the output the tracer recorded
holds it unnamed. Deep Agents' ``task`` tool (deepagents 0.7.32) returns so the sub-agent's
answer, ``Command(update={"messages": [ToolMessage(<answer>, tool_call_id=<id>)], ...})``,
which openinference-instrumentation-langchain writes as ``output.value`` with no call id
(``openinference-deepagents-subagent``). With the id not recorded, the update's only tool
message, unnamed or named as the tool, is then the call's. Several, or one named as another
tool, say nothing of which answers; and a hand-off to the parent graph, or LangGraph.js's
``toJSON``, which writes no ``graph``, needs none (the Command stays as recorded).

openlit (1.8.3) writes the Command as its Python repr (`._command_reprs`), and as the call's
``gen_ai.tool.call.id`` the LangChain run's id: it reads the id from a returned
``ToolMessage``, and falls back to the run's when the tool returned a Command. That id names
no call (the model's request and the message answering it say ``call_h1``; the readings of
``openlit-supervisor`` agree), so a Command written so is read the id-less way, its tool
message's ``tool_call_id`` then the call's id (`.tool_run`).
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json
from ._command_reprs import command_repr
from ._shapes import langchain_tool_message

__all__ = ["command_tool_message", "is_command"]

_FIELDS = frozenset({"graph", "update", "goto"})


def is_command(value: Any) -> bool:
    """Whether `value` is a LangGraph ``Command`` as JSON (``{graph, update, resume, goto}``).

    Or LangGraph.js's, named by its ``lg_name`` (``{lg_name: "Command", update, goto}``).

    Examples:
        >>> is_command({"graph": "__parent__", "update": {}, "resume": None, "goto": "a"})
        True
        >>> is_command({"lg_name": "Command", "update": {"messages": []}, "goto": ["a"]})
        True
        >>> is_command({"update": {"messages": []}})
        False
    """
    if not isinstance(value, dict):
        return False
    return _FIELDS <= set(value) or (value.get("lg_name") == "Command" and "update" in value)


def command_tool_message(value: Any, call: str | None, tool: str | None) -> Any:
    """The serialised ``ToolMessage`` a ``Command`` carries for the call; None if it has none.

    `value` is the tool's recorded output (a JSON text or its value), `call` the call's id
    where the span records it, `tool` the tool's name. None also for any value that is not a
    Command.

    Examples:
        >>> reply = {"type": "tool", "content": "Transferred", "additional_kwargs": {},
        ...          "name": "transfer_to_b", "tool_call_id": "call_1"}
        >>> command = {"graph": "__parent__", "goto": "b", "resume": None,
        ...            "update": {"messages": [{"type": "human", "content": "Hi",
        ...                                     "additional_kwargs": {}}, reply]}}
        >>> command_tool_message(command, "call_1", "transfer_to_b")["content"]
        'Transferred'
        >>> command_tool_message(command, None, "transfer_to_b")["content"]
        'Transferred'
        >>> command_tool_message(command, "call_2", "transfer_to_b") is None
        True
        >>> command_tool_message({"content": "sunny"}, "call_1", "get_weather") is None
        True

    A Command for the tool's own graph, its one tool message unnamed (Deep Agents' ``task``):

        >>> answer = {"type": "tool", "data": {"content": "Oslo: snow", "name": None,
        ...           "tool_call_id": "call_t1"}}
        >>> own = {"graph": None, "update": {"messages": [answer]}, "resume": None, "goto": []}
        >>> command_tool_message(own, None, "task")["data"]["content"]
        'Oslo: snow'
        >>> command_tool_message({**own, "graph": "__parent__"}, None, "task") is None
        True
        >>> two = {"messages": [answer, {**answer, "tool_call_id": "call_t2"}]}
        >>> command_tool_message({**own, "update": two}, None, "task") is None
        True
        >>> js = {"lg_name": "Command", "update": {"messages": [answer]}, "goto": []}
        >>> command_tool_message(js, None, "task") is None
        True
    """
    parsed = try_json(value) if isinstance(value, str) else value
    written = command_repr(value) if not is_command(parsed) else None
    if written is not None:  # openlit's str(): the span's id is no call's (see the module)
        parsed, call = written, None
    if not is_command(parsed):
        return None
    replies = [(m, langchain_tool_message(m)) for m in _messages(parsed["update"])]
    if call is not None:
        return next((m for m, reply in replies if reply and reply[1] == call), None)
    last, reply = replies[-1] if replies else (None, None)
    if reply is not None and tool is not None and _name(last) == tool:
        return last
    return _own_graphs(parsed, replies, tool)


def _own_graphs(command: dict[str, Any], replies: list[tuple[Any, Any]], tool: str | None) -> Any:
    """A Command for the tool's own graph: its only tool message, unnamed or the tool's."""
    if "graph" not in command or command["graph"] is not None:
        return None  # a hand-off to the parent graph, or LangGraph.js's (no graph written)
    found = [message for message, reply in replies if reply is not None]
    if len(found) != 1 or _name(found[0]) not in (None, "", tool):
        return None
    return found[0]


def _messages(update: Any) -> list[Any]:
    """The messages of a Command's ``update``: a dict, or a list of ``[key, value]`` pairs."""
    if isinstance(update, list):
        pairs = [p for p in update if isinstance(p, list | tuple) and len(p) == 2]
        update = {str(key): item for key, item in pairs}
    found = update.get("messages") if isinstance(update, dict) else None
    return list(found) if isinstance(found, list) else []


def _name(message: Any) -> Any:
    """A serialised LangChain message's ``name``: ``{type, data}``'s, ``lc``'s or its own."""
    if not isinstance(message, dict):
        return None
    for key in ("data", "kwargs"):
        if isinstance(message.get(key), dict):
            return message[key].get("name")
    return message.get("name")
