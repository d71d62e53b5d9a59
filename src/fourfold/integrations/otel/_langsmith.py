"""LangSmith's runs exported as OpenTelemetry spans (``LANGSMITH_OTEL_ENABLED``).

The langsmith SDK turns each run it traces (LangChain's callbacks, ``@traceable``,
``wrap_openai``) into one span carrying the run's type as ``langsmith.span.kind`` and its
inputs and outputs as ``gen_ai.prompt`` / ``gen_ai.completion``, JSON of the run's own
``inputs`` and ``outputs``. Its ``gen_ai.operation.name`` is derived from the run type and
misleads: a ``prompt`` run (a ``ChatPromptTemplate`` formatting messages) is called ``chat``
and a ``retriever`` run ``embeddings``. So the run type decides what a span is
(`langsmith_operation`), and the payloads are read in the shapes LangSmith records:

- a model call (``llm``): LangChain's chat model run ``{"messages": [[<serialised
  messages>]]}`` (one list per prompt of the batch; the ``{"lc": 1, "type": "constructor"}``
  form) answered by an ``LLMResult`` ``{"generations": [[{"text", "message"}]]}``, a text
  model's ``{"prompts": [...]}``, or the Chat Completions request (``wrap_openai``: the body,
  ``{"messages", "model", "tools"...}``) answered by the response body (``{"choices":
  [{"message"}]}``, streamed ones assembled); a reply given as a message or as text too;
- a tool run (``tool``): its inputs are the arguments (``{"city": "Paris"}``); a run's output
  that is not an object is recorded as ``{"output": value}``, so that is the result (for a
  LangChain tool, the ``ToolMessage`` it returned, which holds the content and the call id);
- a retriever run (``retriever``): the ``{"documents": [...]}`` it returned, LangChain
  ``Document``s (``{id, page_content, metadata}``), are the passages;
- a ``chain`` run is a run of the application (only the top-most counts, as a LangChain
  chain does): its input the user's question when it is one text (a run's input that is not
  an object is recorded as ``{"input": value}``, a function's one text argument under its
  name), its result the last assistant message of a LangGraph state ``{"messages": [...]}``,
  else its output (unwrapped from ``{"output": value}``);
- ``prompt`` and ``parser`` runs are the application's steps, no model call.

LangSmith's Claude Agent SDK integration records its conversation chain's system prompt, its
tool runs' arguments and results and the model asked for in shapes of its own
(`._langsmith_claude`).

LangSmith's run types name no agent: a ``chain`` run's name is a function's, a graph's or a
runnable's, and is not taken for an agent's. The agent is named only where the messages
say who spoke: the ``name`` the assistant replies in a chain's resulting state carry (LangGraph's
prebuilt agent signs its replies with its own name), where an integration says a chain is an
agent's run (Google ADK's: `._langsmith_adk`, whose ``ls-adk-<n>`` call ids and ``{}`` tool
outputs are its own too), or where a framework's own agent span, exported through
LangSmith's exporter, still says so (`rewritten_agent`).
"""

from __future__ import annotations

from typing import Any

from ...trace import Passage
from .._messages import Msg, parse_messages, try_json
from .._spans import Span
from .._steps import AgentRun
from ._langchain_documents import document_passages
from ._langsmith_adk import adk_agent_name, tool_result_recorded, without_fallback_ids
from ._langsmith_agents import agents_messages, agents_question
from ._langsmith_claude import claude_conversation_inputs
from ._langsmith_responses import (
    responses_inputs,
    responses_question,
    responses_reply,
    responses_turns,
)
from ._shapes import langchain_messages

__all__ = [
    "LANGSMITH_KIND",
    "langsmith_chain",
    "langsmith_messages",
    "langsmith_operation",
    "langsmith_passages",
    "langsmith_tool_attributes",
]

LANGSMITH_KIND = "langsmith.span.kind"
# the GenAI operation of each LangSmith run type that is one; the others (chain, prompt,
# parser) are steps of the application
_OPERATIONS = {
    "llm": "chat",
    "tool": "execute_tool",
    "retriever": "retrieval",
    "embedding": "embeddings",
}


def langsmith_operation(attrs: dict[str, Any]) -> str | None:
    """The operation of a LangSmith span by its run type; None for a chain, prompt or parser.

    Examples:
        >>> langsmith_operation({"langsmith.span.kind": "prompt", "gen_ai.operation.name": "chat"})
        >>> langsmith_operation({"langsmith.span.kind": "retriever"})
        'retrieval'
    """
    return _OPERATIONS.get(str(attrs.get(LANGSMITH_KIND)))


def langsmith_chain(span: Span) -> AgentRun:
    """A LangSmith ``chain`` run: the application's run, named after no chain.

    Its agent is the one its resulting state's assistant replies are signed by, if any; a
    chain Google ADK's integration nests in the runner's run is an agent's run, named after it.

    Examples:
        >>> span = Span("t", "s", None, "weather_agent", None, None, "unset", None, {
        ...     "langsmith.span.kind": "chain", "gen_ai.prompt": '{"question": "Rain?"}',
        ...     "gen_ai.completion": '{"output": "No rain."}'})
        >>> run = langsmith_chain(span)
        >>> run.input_value, run.output_value, run.name
        ('Rain?', 'No rain.', None)
    """
    attrs = span.attributes
    inputs = try_json(attrs.get("gen_ai.prompt"))
    question = None
    if isinstance(inputs, dict) and len(inputs) == 1:
        [question] = inputs.values()
    if isinstance(question, list):  # the Agents SDK processor's root: the message list
        question = agents_question(question)
    question = responses_question(inputs) or question  # its root on the Responses API
    claude = claude_conversation_inputs(attrs)  # the Claude Agent SDK's {prompt, system}
    if claude is not None:
        question = claude[0]
    output = _unwrapped(try_json(attrs.get("gen_ai.completion")))
    reply = responses_reply(output)  # the root's output items, on the Responses API
    if reply is not None:
        output = reply.content
    state = langchain_messages(output) if isinstance(output, dict) else None
    said = [m for m in state or [] if m.role == "assistant" and m.content]
    # the agent its replies are signed by (LangGraph's prebuilt agent names its replies)
    signed = next((m.name for m in state or [] if m.role == "assistant" and m.name), None)
    agent = adk_agent_name(span)  # Google ADK's integration: the chain of an agent's run
    signed = signed or rewritten_agent(attrs)
    return AgentRun(
        span,
        outputs=said[-1:],  # a LangGraph state's result is its last assistant message
        output_value=output if state is None else None,
        kind="chain" if agent is None else "agent",
        name=signed or agent,
        input_value=question if isinstance(question, str) and question.strip() else None,
        inputs=claude[1] if claude is not None else [],  # its system prompt, nowhere else
    )


def rewritten_agent(attrs: dict[str, Any]) -> str | None:
    """The agent a framework's own agent span, rewritten as a LangSmith chain run, names.

    LangSmith's ``LangSmithSpanExporter`` (``setup_langsmith_telemetry()``) exports a
    framework's own OpenTelemetry spans with ``langsmith.span.kind`` added and their GenAI
    attributes kept: Strands' ``invoke_agent <name>`` span becomes a ``chain`` run still
    carrying ``gen_ai.operation.name`` ``invoke_agent`` and ``gen_ai.agent.name``. That is the
    framework saying which agent ran, not a chain's name (LangSmith's own chain runs, such as
    its ADK integration's, say ``chain`` as their operation and name no agent).

    Examples:
        >>> rewritten_agent({"langsmith.span.kind": "chain",
        ...     "gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "planner"})
        'planner'
        >>> rewritten_agent({"langsmith.span.kind": "chain", "gen_ai.operation.name": "chain",
        ...     "gen_ai.agent.name": "planner"}) is None
        True
    """
    name = attrs.get("gen_ai.agent.name")
    if attrs.get("gen_ai.operation.name") != "invoke_agent" or not isinstance(name, str):
        return None
    return name.strip() or None


def _unwrapped(value: Any) -> Any:
    """A run's output: LangSmith records one that is no object as ``{"output": value}``."""
    if isinstance(value, dict) and set(value) == {"output"}:
        return value["output"]
    return value


def langsmith_messages(attrs: dict[str, Any]) -> tuple[list[Msg], list[Msg]] | None:
    """A LangSmith model call's input and output messages; None when neither is readable.

    Examples:
        >>> human = {"lc": 1, "type": "constructor", "id": ["langchain", "HumanMessage"],
        ...          "kwargs": {"content": "Hi", "type": "human"}}
        >>> ai = {"lc": 1, "type": "constructor", "id": ["langchain", "AIMessage"],
        ...       "kwargs": {"content": "Hello", "tool_calls": []}}
        >>> inputs, outputs = langsmith_messages({
        ...     "gen_ai.prompt": {"messages": [[human]]},
        ...     "gen_ai.completion": {"generations": [[{"text": "Hello", "message": ai}]]}})
        >>> [(m.role, m.content) for m in inputs + outputs]
        [('user', 'Hi'), ('assistant', 'Hello')]
        >>> _, [reply] = langsmith_messages({"gen_ai.completion": {"choices": [
        ...     {"message": {"role": "assistant", "content": "Hi"}}]}})
        >>> reply.content
        'Hi'
    """
    inputs = _prompt(try_json(attrs.get("gen_ai.prompt")))
    outputs = _completion(try_json(attrs.get("gen_ai.completion")))
    if inputs is None and outputs is None:
        return None
    # Google ADK's integration numbers the calls ADK sent without ids: no ids
    return without_fallback_ids(attrs, inputs or []), without_fallback_ids(attrs, outputs or [])


def _prompt(value: Any) -> list[Msg] | None:
    if not isinstance(value, dict):
        return None
    found = responses_inputs(value)  # the Agents SDK processor's, on the Responses API
    if found is not None:
        return found
    found = agents_messages(value)  # the Agents SDK processor's {"input": [...]}
    if found is not None:
        return found
    messages = value.get("messages")
    if isinstance(messages, list) and messages and all(isinstance(m, list) for m in messages):
        messages = messages[0]  # a batch of prompts: a chat model run is given one
    if isinstance(messages, list):
        found = langchain_messages(messages)
        return found if found is not None else parse_messages(messages)
    prompts = value.get("prompts")
    if isinstance(prompts, list) and prompts and isinstance(prompts[0], str):
        return [Msg(role="user", content=prompts[0])]  # a text model's prompt
    return None


def _completion(value: Any) -> list[Msg] | None:
    value = _unwrapped(value)
    turns = responses_turns(value)  # the Responses API's output items
    if turns is not None:
        return turns
    if isinstance(value, str):
        return [Msg(role="assistant", content=value)] if value else []
    if not isinstance(value, dict):
        return None
    generations = value.get("generations")
    if isinstance(generations, list):
        first = generations[0] if generations else []
        return [m for g in (first if isinstance(first, list) else [first]) for m in _generation(g)]
    choices = value.get("choices")
    if isinstance(choices, list):
        out: list[Msg] = []
        for choice in choices[:1]:  # the reply the application goes on with
            if isinstance(choice, dict) and isinstance(choice.get("message"), dict):
                out.extend(parse_messages(choice["message"], default_role="assistant"))
            elif isinstance(choice, dict) and isinstance(choice.get("text"), str):
                out.append(Msg(role="assistant", content=choice["text"]))
        return out
    found = langchain_messages([value])  # a reply given as one message
    if found is not None:
        return found
    return parse_messages(value, default_role="assistant") if "role" in value else None


def _generation(generation: Any) -> list[Msg]:
    """One ``Generation``: its message (a chat model's), else its text."""
    if not isinstance(generation, dict):
        return []
    found = langchain_messages([generation["message"]]) if "message" in generation else None
    if found:
        return found
    text = generation.get("text")
    return [Msg(role="assistant", content=text)] if isinstance(text, str) and text else []


def langsmith_tool_attributes(attrs: dict[str, Any]) -> dict[str, Any]:
    """A LangSmith tool span's attributes, its run's inputs and output in the tool reader's keys.

    Those are ``gen_ai.tool.call.arguments`` and ``gen_ai.tool.call.result``; other spans'
    attributes are returned as they are.

    Examples:
        >>> out = langsmith_tool_attributes({"langsmith.span.kind": "tool",
        ...     "gen_ai.prompt": '{"city": "Paris"}', "gen_ai.completion": '{"output": "sunny"}'})
        >>> out["gen_ai.tool.call.arguments"], out["gen_ai.tool.call.result"]
        ({'city': 'Paris'}, 'sunny')
    """
    if attrs.get(LANGSMITH_KIND) != "tool":
        return attrs
    out = dict(attrs)
    inputs = try_json(attrs.get("gen_ai.prompt"))
    inputs = _tool_message_content(inputs, listed=True)  # Strands' tool span, rewritten
    if inputs is not None and "gen_ai.tool.call.arguments" not in attrs:
        out["gen_ai.tool.call.arguments"] = inputs
    output = _unwrapped(try_json(attrs.get("gen_ai.completion")))
    output = _tool_message_content(output, listed=False)
    if not tool_result_recorded(attrs):
        output = None  # Google ADK's integration: ``{}``, the tool returned None
    if output is not None and "gen_ai.tool.call.result" not in attrs:
        out["gen_ai.tool.call.result"] = output
    return out


def _tool_message_content(value: Any, *, listed: bool) -> Any:
    """What a tool message a tool span's prompt or completion is says; else `value` itself.

    LangSmith's ``LangSmithSpanExporter`` rewrites a Strands ``execute_tool`` span's events
    into its run's inputs and output: the ``gen_ai.tool.message`` event (the call's arguments,
    as JSON text) becomes ``{"messages": [{"role": "tool", "content", "tool_call_id"}]}``
    (`listed`) and the ``gen_ai.choice`` event (the tool's result) one message ``{"role":
    "tool", "content", "tool_call_id"...}``. Those wrappers are the exporter's, not the tool's:
    the arguments are the first's content (its JSON read), the result the second's content.

    Examples:
        >>> _tool_message_content({"messages": [{"role": "tool", "content": '{"city": "Rome"}',
        ...     "tool_call_id": "c1"}]}, listed=True)
        {'city': 'Rome'}
        >>> _tool_message_content({"role": "tool", "content": "sunny", "tool_call_id": "c1"},
        ...     listed=False)
        'sunny'
        >>> _tool_message_content({"messages": [{"role": "user", "content": "Hi"}]}, listed=True)
        {'messages': [{'role': 'user', 'content': 'Hi'}]}
    """
    message = value
    if listed:
        messages = value.get("messages") if isinstance(value, dict) else None
        message = messages[0] if isinstance(messages, list) and len(messages) == 1 else None
        if not isinstance(value, dict) or set(value) != {"messages"}:
            return value
    if not isinstance(message, dict) or message.get("role") != "tool" or "content" not in message:
        return value
    if not set(message) <= {"role", "content", "name", "tool_call_id"}:
        return value
    content = message["content"]
    return try_json(content) if listed else content


def langsmith_passages(span: Span) -> list[Passage]:
    """The documents a LangSmith retriever run returned, as passages.

    Each a LangChain ``Document`` (``{id, page_content, metadata}``): the id its own (else
    the span's id and its place), the source its metadata's ``source`` (or ``url``,
    ``file_path``); a retriever gives no score unless its metadata holds one.

    Examples:
        >>> documents = {"documents": [{"id": "d1", "page_content": "Ships in 2 days.",
        ...     "metadata": {"source": "shipping.md"}, "type": "Document"}]}
        >>> span = Span("t", "s", None, "r", None, None, "unset", None, {
        ...     "langsmith.span.kind": "retriever", "gen_ai.completion": documents})
        >>> [(p.id, p.text, p.source) for p in langsmith_passages(span)]
        [('d1', 'Ships in 2 days.', 'shipping.md')]
    """
    output = try_json(span.attributes.get("gen_ai.completion"))
    documents = output.get("documents") if isinstance(output, dict) else None
    return document_passages(documents, span.span_id)
