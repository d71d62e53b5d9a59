"""Langfuse's own OpenTelemetry spans (its Python SDK v3 and later, its JS/TS SDK 5.x).

The spans of ``@observe``, the ``start_as_current_*`` context managers, its OpenAI drop-in
and its LangChain handler. Each observation is a span (scope ``langfuse-sdk``) named as the
observation is, that says what it is only by ``langfuse.observation.type`` (``generation``,
``agent``, ``tool``, ``retriever``, ``embedding``, ``chain``, ``span``, ``event``...), with
no ``gen_ai.operation.name``; its input and output are JSON in
``langfuse.observation.input`` / ``.output`` (a text as it is), a generation's model in
``langfuse.observation.model.name`` and its token counts as JSON in
``langfuse.observation.usage_details``. So the type decides (`langfuse_operation`), and the
payloads are read in the shapes the SDK records:

- a ``generation`` is a model call: its input the request's messages (a list of
  OpenAI-style messages; the OpenAI drop-in's ``{"messages", "tools"...}``; LangChain's
  serialised messages; a text prompt; ``@observe(as_type="generation")``'s record of the
  decorated function's call, ``{"args": [...], "kwargs": {...}}``, the one argument that is a
  message list: Langfuse 5.2 on a function of the application's own that calls the model;
  the drop-in's Responses API request, its input items after the instructions as a system
  item, read as the Responses items they are, `_responses_request`),
  less the tools offered that Langfuse's LangChain
  handler appends as ``role: tool`` messages whose content is the tool's definition
  (``{"type": "function", "function": {...}}``: no message was said); its output the reply
  (an OpenAI-style or LangChain message, the drop-in's streamed reply as text, its Responses
  API reply's output items, one written alone, each item a turn: `responses_turns`); its usage
  ``usage_details``' ``input`` / ``output`` (the drop-in writes OpenAI's ``prompt_tokens`` /
  ``completion_tokens``); its model the one the request asked for where the handler gives it
  (LangChain's ``ls_model_name`` in the observation's metadata), else ``model.name``, which is
  the model that answered (`langfuse_call`);
- a ``tool`` observation is a tool call named as the observation is (the tool's name: the
  decorated function's, or ``@observe(name=...)``, or the LangChain tool's), its input the
  arguments and its output the result, read by the tool reader (`langfuse_tool_attributes`):
  ``@observe``'s record of a call (``{"args": [...], "kwargs": {...}}``) whose values have
  no names leaves the arguments to the request the call answers; the LangChain handler's
  ``metadata.tool_call_id`` is the call's id, so the tool message a LangGraph ``Command``
  carries for the call (langgraph-supervisor's hand-off tools, 5.2.0) is its result;
- an ``agent`` observation is an agent run named as the observation is, its output the
  run's answer (a LangGraph state's last assistant text), its input the question when it is
  one text (a text, or an object of one text), never ``@observe``'s record of the decorated
  function's arguments, which are the application's: the input is then the first user
  message (`langfuse_run`).
  Langfuse's LangChain handler types a chain ``agent`` when its name says ``agent``: a
  LangGraph node named as its node (``metadata.langgraph_node``, the prebuilt agent's
  ``agent`` node) names a node, not an agent, and is named only by the replies its state
  signs;
- a root ``span`` or ``chain`` observation with an output is the application's run; its
  output a message state (LangChain's serialised messages, or the JS handler's
  `._langfuse_js_messages`) is answered by its last assistant text, and LangChain 1.x's
  ``create_agent`` run (LangChain.js 1.5.14 under @langfuse/langchain 5.11.1: a plain span)
  names its agent by ``metadata.lc_agent_name``;
- an observation at level ``ERROR`` failed, its status message why, whether or not the SDK
  set the span's status (the JS SDK does not: `._langfuse_levels`); the JS handler writes a
  tool message with its tool's name as its role, read as a tool message
  (`._langfuse_js_messages`);
- a ``retriever`` observation's documents are passages (LangChain's, or the plain
  ``{id, text, source}`` objects an ``@observe``-decorated retriever returned); other types (a
  non-root ``span`` or ``chain``, ``event``, ``evaluator``, ``guardrail``...) are the
  application's steps.
"""

from __future__ import annotations

from typing import Any

from ...trace import Passage
from .._document_passages import text_documents
from .._messages import Msg, parse_messages, try_json
from .._numbers import first_token_count
from .._passages import Retrieval
from .._spans import Span
from .._steps import AgentRun, ModelCall, Step
from ._langchain_documents import document_passages
from ._langfuse_js_messages import handler_message, handler_messages
from ._langfuse_levels import failed_observation
from ._langfuse_metadata import langfuse_metadata
from ._langsmith_responses import responses_inputs, responses_turns
from ._shapes import langchain_messages
from ._tools import tool_run

__all__ = [
    "LANGFUSE_TYPE",
    "langfuse_call",
    "langfuse_operation",
    "langfuse_run",
    "langfuse_step",
    "langfuse_tool_attributes",
]

LANGFUSE_TYPE = "langfuse.observation.type"
_INPUT = "langfuse.observation.input"
_OUTPUT = "langfuse.observation.output"
_MODEL = "langfuse.observation.model.name"
_USAGE = "langfuse.observation.usage_details"
_REQUEST_MODEL = "ls_model_name"  # LangChain's, via the handler (a metadata key)
_NODE = "langgraph_node"  # a metadata key
_AGENT_NAME = "lc_agent_name"  # a metadata key: LangChain 1.x's ``create_agent``'s name
_CALL_ID = "tool_call_id"  # a metadata key: the LangChain handler's, the call a tool answers
_OPERATIONS = {
    "generation": "chat",
    "agent": "invoke_agent",
    "tool": "execute_tool",
    "retriever": "retrieval",
    "embedding": "embeddings",
}
_INPUT_TOKENS = ("input", "prompt_tokens", "input_tokens")
_OUTPUT_TOKENS = ("output", "completion_tokens", "output_tokens")


def langfuse_operation(attrs: dict[str, Any]) -> str | None:
    """The operation of a Langfuse observation by its type.

    None for the application's steps and for spans that name their own operation.

    Examples:
        >>> langfuse_operation({"langfuse.observation.type": "generation"})
        'chat'
        >>> langfuse_operation({"langfuse.observation.type": "chain"})
        >>> langfuse_operation({"langfuse.observation.type": "tool", "gen_ai.operation.name": "x"})
    """
    if attrs.get("gen_ai.operation.name"):
        return None
    return _OPERATIONS.get(str(attrs.get(LANGFUSE_TYPE)))


def langfuse_step(span: Span) -> Step | None:
    """What a Langfuse observation's span is (see the module's docstring); None: a step.

    Examples:
        >>> span = Span("t", "s", "p", "get_weather", None, None, "unset", None, {
        ...     "langfuse.observation.type": "tool",
        ...     "langfuse.observation.input": '{"city": "Oslo"}',
        ...     "langfuse.observation.output": "snow"})
        >>> run = langfuse_step(span)
        >>> run.call.name, run.call.arguments, run.call.result
        ('get_weather', {'city': 'Oslo'}, 'snow')
    """
    span = failed_observation(span)  # Langfuse's level ERROR: the JS SDK sets no status
    attrs = span.attributes
    kind = str(attrs.get(LANGFUSE_TYPE))
    op = langfuse_operation(attrs)
    if op == "chat":
        return langfuse_call(span)
    if op == "execute_tool":
        return tool_run(span, langfuse_tool_attributes(span))
    if op == "invoke_agent":
        return langfuse_run(span, "agent")
    if op == "retrieval":
        return Retrieval(span, _passages(span))
    if kind in ("span", "chain") and span.parent_id is None and _OUTPUT in attrs:
        return langfuse_run(span, "app")
    return None


def langfuse_tool_attributes(span: Span) -> dict[str, Any]:
    """A tool observation's attributes, its name, input and output in the tool reader's keys.

    Those are ``gen_ai.tool.name``, ``gen_ai.tool.call.arguments``,
    ``gen_ai.tool.call.result`` and, from the LangChain handler's ``metadata.tool_call_id``,
    ``gen_ai.tool.call.id``; keys the span has already are kept.

    Examples:
        >>> span = Span("t", "s", "p", "get_weather", None, None, "unset", None, {
        ...     "langfuse.observation.input": '{"args": ["Oslo"], "kwargs": {}}'})
        >>> out = langfuse_tool_attributes(span)
        >>> out["gen_ai.tool.name"], out["gen_ai.tool.call.arguments"]
        ('get_weather', '{"args": ["Oslo"], "kwargs": {}}')
    """
    out = dict(span.attributes)
    out.setdefault("gen_ai.tool.name", span.name)
    called = langfuse_metadata(span.attributes, _CALL_ID)
    if called not in (None, ""):
        out.setdefault("gen_ai.tool.call.id", str(called))
    if _INPUT in out:
        out.setdefault("gen_ai.tool.call.arguments", out[_INPUT])
    if _OUTPUT in out:
        out.setdefault("gen_ai.tool.call.result", out[_OUTPUT])
    return out


def langfuse_call(span: Span) -> ModelCall:
    """A ``generation`` observation: the request's messages, the reply, usage and model.

    Examples:
        >>> span = Span("t", "s", "p", "OpenAI-generation", None, None, "unset", None, {
        ...     "langfuse.observation.type": "generation",
        ...     "langfuse.observation.input": '{"messages": [{"role": "user", "content": "Hi"}],'
        ...     ' "tools": []}',
        ...     "langfuse.observation.output": '{"role": "assistant", "content": "Hello"}',
        ...     "langfuse.observation.model.name": "gpt-4o-mini-2024-07-18",
        ...     "langfuse.observation.usage_details":
        ...         '{"prompt_tokens": 9, "completion_tokens": 2}'})
        >>> call = langfuse_call(span)
        >>> [(m.role, m.content) for m in call.inputs + call.outputs]
        [('user', 'Hi'), ('assistant', 'Hello')]
        >>> call.input_tokens, call.output_tokens, call.model
        (9, 2, 'gpt-4o-mini-2024-07-18')
    """
    attrs = span.attributes
    usage = try_json(attrs.get(_USAGE))
    usage = usage if isinstance(usage, dict) else {}
    answered = _text(attrs.get(_MODEL))
    return ModelCall(
        span,
        inputs=_request(try_json(attrs.get(_INPUT))),
        outputs=_reply(try_json(attrs.get(_OUTPUT))),
        input_tokens=first_token_count(usage, *_INPUT_TOKENS),
        output_tokens=first_token_count(usage, *_OUTPUT_TOKENS),
        model=_text(langfuse_metadata(attrs, _REQUEST_MODEL)) or answered,
        response_model=answered,
    )


def _called_with(value: Any) -> Any:
    """The message list an ``@observe`` call record (``{"args", "kwargs"}``) was given, or `value`.

    The call's one argument that is a message list; `value` when none is, or several are.

    Examples:
        >>> asked = [{"role": "user", "content": "Hi"}]
        >>> _called_with({"args": [asked], "kwargs": {}}) == asked
        True
        >>> _called_with({"args": [], "kwargs": {"messages": asked, "model": "m"}}) == asked
        True
        >>> _called_with({"args": ["Oslo"], "kwargs": {}})
        {'args': ['Oslo'], 'kwargs': {}}
    """
    if not isinstance(value, dict) or set(value) != {"args", "kwargs"}:
        return value
    args = value["args"] if isinstance(value["args"], list) else []
    kwargs = value["kwargs"] if isinstance(value["kwargs"], dict) else {}
    lists = [v for v in [*args, *kwargs.values()] if _message_list(v)]
    return lists[0] if len(lists) == 1 else value


def _message_list(value: Any) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(m, dict) and isinstance(m.get("role"), str) for m in value)
    )


def _request(value: Any) -> list[Msg]:
    value = _called_with(value)
    asked = _responses_request(value)
    if asked is not None:
        return asked
    if isinstance(value, dict) and isinstance(value.get("messages"), list):
        value = value["messages"]  # the OpenAI drop-in's request: {messages, tools...}
    elif isinstance(value, dict) and isinstance(value.get("prompt"), str):
        return [Msg(role="user", content=value["prompt"])]  # a text completion's prompt
    if isinstance(value, str):
        return [Msg(role="user", content=value)] if value else []
    if not isinstance(value, list):
        return []
    found = langchain_messages(value)
    if found is not None:
        return found
    return parse_messages([handler_message(m) for m in value if not _offered_tool(m)])


_CALL_ITEMS = frozenset({"function_call", "function_call_output"})


def _responses_request(value: Any) -> list[Msg] | None:
    """The OpenAI drop-in's record of a Responses API request, else None.

    Langfuse's drop-in (``client.responses.create``) records the request's ``input`` after
    the ``instructions`` as a leading system item (``[{"role": "system", ...}, *input]``, a
    text input a user item), inside ``{"input": ..., "tools": ...}`` when the call was given
    tools or other fields; ``instructions`` stays a key of its own only beside an input of
    neither shape. The input items are read by the Responses reader (`responses_inputs`):
    a ``function_call`` item is an assistant turn requesting that one call, a
    ``function_call_output`` item the tool message answering its ``call_id`` (the contract).
    A bare list is read so only when it holds such items; a list of messages alone, and the
    Chat Completions record (``{"messages", "tools"}``), are left to the message readers.

    Examples:
        >>> msgs = _responses_request({"input": [
        ...     {"role": "system", "content": "Be brief."}, {"role": "user", "content": "Rain?"},
        ...     {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        ...     {"type": "function_call_output", "call_id": "c1", "output": "no"}],
        ...     "tools": []})
        >>> [(m.role, m.content, m.tool_call_id) for m in msgs]
        ... # doctest: +NORMALIZE_WHITESPACE
        [('system', 'Be brief.', None), ('user', 'Rain?', None),
         ('assistant', None, None), ('tool', 'no', 'c1')]
        >>> [(m.role, m.content) for m in _responses_request({"input": "Rain?", "tools": []})]
        [('user', 'Rain?')]
        >>> _responses_request([{"role": "user", "content": "Rain?"}]) is None
        True
    """
    if isinstance(value, dict) and "messages" not in value:
        given = value.get("input")
        if isinstance(given, str):
            given = [{"role": "user", "content": given}] if given else []
        if not isinstance(given, list):
            return None
        request: dict[str, Any] = {"input": given}
        if isinstance(value.get("instructions"), str):
            request["instructions"] = value["instructions"]
        read = responses_inputs(request)
        return read if read is not None else _request(given)  # messages alone
    if isinstance(value, list) and any(
        isinstance(i, dict) and i.get("type") in _CALL_ITEMS for i in value
    ):
        return responses_inputs({"input": value})
    return None


def _offered_tool(message: Any) -> bool:
    """Whether a message is a tool's definition, not a message.

    Langfuse's LangChain handler lists the tools offered as ``role: tool`` messages after the
    prompt.

    Examples:
        >>> _offered_tool({"role": "tool", "content": {"type": "function",
        ...     "function": {"name": "get_weather"}}})
        True
        >>> _offered_tool({"role": "tool", "content": "sunny", "tool_call_id": "call_1"})
        False
    """
    if not isinstance(message, dict) or message.get("role") != "tool":
        return False
    content = message.get("content")
    return isinstance(content, dict) and isinstance(content.get("function"), dict)


def _reply(value: Any) -> list[Msg]:
    # the drop-in's Responses API reply: its output items, one item written alone
    turns = responses_turns(value if isinstance(value, list) else [value])
    if turns is not None:
        return turns
    if isinstance(value, str):
        return [Msg(role="assistant", content=value)] if value else []
    if isinstance(value, dict) and isinstance(value.get("choices"), list):
        choices = [c for c in value["choices"] if isinstance(c, dict)]
        value = choices[0].get("message") if choices else None  # the reply gone on with
    if isinstance(value, list):  # several choices: the first
        value = value[0] if value else None
    if not isinstance(value, dict):
        return []
    found = langchain_messages([value])
    if found is not None:
        return found
    return parse_messages(value, default_role="assistant")


def langfuse_run(span: Span, kind: str) -> AgentRun:
    """An ``agent`` observation (`kind` ``agent``) or the application's root (``app``).

    Examples:
        >>> span = Span("t", "s", None, "weather_agent", None, None, "unset", None, {
        ...     "langfuse.observation.type": "agent",
        ...     "langfuse.observation.input": '{"args": ["Rain?"], "kwargs": {}}',
        ...     "langfuse.observation.output": "No rain."})
        >>> run = langfuse_run(span, "agent")
        >>> run.name, run.input_value, run.output_value
        ('weather_agent', None, 'No rain.')
    """
    attrs = span.attributes
    output = try_json(attrs.get(_OUTPUT))
    state = None
    if isinstance(output, dict | list):  # LangChain's serialised state, or the JS handler's
        state = langchain_messages(output) or handler_messages(output)
    said = [m for m in state or [] if m.role == "assistant" and m.content]
    signed = next((m.name for m in state or [] if m.role == "assistant" and m.name), None)
    name: str | None = None
    if kind == "agent":
        node = langfuse_metadata(attrs, _NODE)
        name = signed if node is not None and str(node) == span.name else span.name
    else:  # LangChain 1.x's ``create_agent`` run, a plain span, names its agent
        name = _text(langfuse_metadata(attrs, _AGENT_NAME))
    return AgentRun(
        span,
        outputs=said[-1:],  # a LangGraph state's result is its last assistant message
        output_value=output if state is None else None,
        kind=kind,
        name=name,
        input_value=_question(try_json(attrs.get(_INPUT))),
    )


def _question(value: Any) -> str | None:
    """The run's input when its observation records what was asked as one text.

    A text as it is, or an object of one text (``{"question": ...}``). ``@observe``'s record
    of the decorated function's call (``{"args": [...], "kwargs": {...}}``) is none: those are
    the application's arguments, not what the user asked (the contract's ``input``), so the
    run's input is then the first user message, as the model was given it, which may hold
    more than the argument (a context block the function put around the question).

    Examples:
        >>> _question("Rain?"), _question({"question": "Rain?"})
        ('Rain?', 'Rain?')
        >>> _question({"args": ["Rain?"], "kwargs": {}})
        >>> _question({"args": [], "kwargs": {"question": "Rain?"}})
        >>> _question({"messages": [["user", "Rain?"]]})
    """
    if isinstance(value, dict) and set(value) == {"args", "kwargs"}:
        return None  # the decorated function's arguments: the application's
    if isinstance(value, dict) and len(value) == 1:
        [value] = value.values()
    return value if isinstance(value, str) and value.strip() else None


def _passages(span: Span) -> list[Passage]:
    """A retriever observation's documents: what the retrieval returned, as passages.

    The LangChain handler's retriever records LangChain documents (``{page_content, metadata,
    id}``, under ``documents`` or as a list); ``@observe(as_type="retriever")`` on the
    application's own function records what the function returned, its documents as the
    application shaped them (``[{"id", "source", "text"}]``, read by `text_documents`). The
    observation's type says it retrieved, so its output's documents are the passages.

    Examples:
        >>> span = Span("t", "s1", "p", "search", None, None, "unset", None, {
        ...     "langfuse.observation.type": "retriever",
        ...     "langfuse.observation.output":
        ...         '[{"id": "d1", "source": "a.md", "text": "Ships in 2 days."}]'})
        >>> _passages(span)
        [Passage(id='d1', text='Ships in 2 days.', source='a.md', score=None)]
    """
    output = try_json(span.attributes.get(_OUTPUT))
    if isinstance(output, dict):
        output = output.get("documents")
    return document_passages(output, span.span_id) or text_documents(output, span.span_id)


def _text(value: Any) -> str | None:
    return str(value) if value not in (None, "") else None
