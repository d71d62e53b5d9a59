r"""Framework payload shapes, rewritten into the shapes the shared readers know.

Frameworks put their own objects in the conventions' attributes; each reader here turns one
such shape into what `parse_messages` and the tool reader already read:

- Bedrock Converse content blocks (Strands Agents' per-message events and tool results):
  ``{"text"}``, ``{"toolUse": {toolUseId, name, input}}``, ``{"toolResult": {toolUseId,
  status, content}}`` become the ``text`` / ``tool_use`` / ``tool_result`` parts (a
  ``status`` of ``error`` the result's ``is_error``);
- a result that is only text blocks (``[{"text": "..."}]``, the Converse and MCP form of a
  tool's return value) is its text;
- a Python call's bound arguments, ``{"args": [], "kwargs": {...}}`` (smolagents' tool
  input), are the keyword arguments; positional ones are bound to the parameter names
  ``tool.parameters`` gives, in order;
- smolagents' own roles in a model call's input: ``tool-call`` (``Calling tools:\n`` and a
  Python repr of the calls) is the assistant turn that requested them (folded into the
  assistant's text just before it: a CodeAgent's code, run as ``python_interpreter``), and
  ``tool-response`` (``Observation:\n...``) the tool message answering it when it answers
  one call, as written, its result the text after the label (`._observations`; several calls'
  joined observations are the tool spans' results, not a message);
  a failed step's ``Error:\n...`` that answers no call (smolagents keeps none of a failed
  step's calls) is a tool message tied to no call, what the model was given: the
  conversation ties it to the failed call (`integrations/_failed_calls.py`); a failed step
  that kept its calls (a CodeAgent's ``python_interpreter`` call) writes
  ``Call id: <id>\nError:\n...``, the tool message answering the call with that id, marked
  failed (its text the call's error: `.._requested_calls`);
- LangChain's serialised messages (``{"type": "ai", "data": {...}}`` from
  ``messages_to_dict``, the ``{"lc": 1, "type": "constructor", "kwargs": {...}}`` form, or
  the message's own fields with its ``type``, ``model_dump()``'s, as LangSmith and MLflow
  record them):
  the messages of a LangGraph state ``{"messages": [...]}``, and a ``ToolMessage`` as a tool's
  output (its ``content`` and ``tool_call_id``; the ``Document``s of its ``artifact``, a
  ``content_and_artifact`` tool's, the documents it retrieved);
- Mastra's model steps (``mastra.span.type`` ``model_step``, @mastra/otel-exporter): the
  ``input`` is ``{"body": <the Chat Completions request as JSON text>}`` (the conversation
  so far) and the ``output`` ``{"text", "toolCalls": [{toolCallId, toolName, args}]}`` (the
  reply; an empty text is no text); 1.x writes them as ``mastra.model_step.input`` (a message
  list, its tool turns and results only tags: ``[tool: get_weather]``) and ``.output``;
- Google ADK's legacy ``call_llm`` spans: the request as ``gcp.vertex.agent.llm_request``
  (``{model, config: {system_instruction}, contents: [<google-genai Content>]}``) and the
  reply as ``gcp.vertex.agent.llm_response`` (``{content: <Content>, usage_metadata...}``);
- CrewAI's task and crew outputs (``output.value`` of OpenInference's wrapper spans): a
  ``TaskOutput`` ``{raw, agent, messages}`` holds the agent's conversation (its answer only
  as ``raw`` when the messages stop before it: not when the last reply says it, whole or as
  the text after its ReAct ``Final Answer:``), a ``CrewOutput`` ``{raw, tasks_output,
  token_usage: {prompt_tokens, completion_tokens}}`` the crew's usage.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .._defined_parameters import parameter_names
from .._literals import python_literal
from .._messages import Msg, ToolRequest, parse_arguments, parse_messages, try_json
from .._run_records import object_repr
from .._text_block import block_text
from ._model_str import model_str_fields
from ._observations import observation_result
from ._smol_plans import replayed_plan

__all__ = [
    "adk_llm_call",
    "call_kwargs",
    "crewai_task_messages",
    "crewai_usage",
    "smolagents_message",
    "converse_blocks",
    "langchain_messages",
    "langchain_artifact_documents",
    "langchain_tool_message",
    "langchain_tool_status",
    "mastra_step",
    "mastra_value",
    "text_blocks",
]

_CONVERSE_KEYS = frozenset(
    {"text", "toolUse", "toolResult", "image", "document", "video", "reasoningContent"}
)

_FLAT_TOOL_MESSAGE = frozenset({"name", "tool_call_id", "content"})
"""The keys of a ``ToolMessage`` flattened by langchain-azure-ai's tracer, exactly these."""


def converse_blocks(value: Any) -> list[dict[str, Any]] | None:
    """Converse content blocks as ``text`` / ``tool_use`` / ``tool_result`` parts; else None.

    Examples:
        >>> converse_blocks([{"toolUse": {"toolUseId": "c1", "name": "f", "input": {"a": 1}}}])
        [{'type': 'tool_use', 'id': 'c1', 'name': 'f', 'input': {'a': 1}}]
        >>> converse_blocks([{"type": "text", "text": "hi"}]) is None
        True
    """
    value = try_json(value)
    if not (isinstance(value, list) and value):
        return None
    if not all(isinstance(b, dict) and len(b) == 1 and set(b) <= _CONVERSE_KEYS for b in value):
        return None
    out: list[dict[str, Any]] = []
    for block in value:
        if "text" in block:
            out.append({"type": "text", "text": block["text"]})
        elif isinstance(block.get("toolUse"), dict):
            use = block["toolUse"]
            out.append(
                {
                    "type": "tool_use",
                    "id": use.get("toolUseId"),
                    "name": use.get("name"),
                    "input": use.get("input"),
                }
            )
        elif isinstance(block.get("toolResult"), dict):
            result = block["toolResult"]
            out.append(
                {
                    "type": "tool_result",
                    "tool_use_id": result.get("toolUseId"),
                    "content": text_blocks(result.get("content")),
                    "is_error": result.get("status") == "error",  # the tool failed
                }
            )
    return out


def text_blocks(value: Any) -> Any:
    """A list of text-only content blocks, or one typed text block, as its text.

    The one block is MCP's ``{"type": "text", "text": ...}``: an MCP tool's result as the
    OpenAI Agents SDK records it; a list's blocks may be LangChain's, each with its own
    ``id`` (`block_text`: langchain-mcp-adapters' MCP result). Anything else stays as it is.

    Examples:
        >>> text_blocks([{"text": "sunny"}]), text_blocks('[{"type": "text", "text": "a"}]')
        ('sunny', 'a')
        >>> text_blocks('{"type": "text", "text": "rain"}')
        'rain'
        >>> text_blocks([{"type": "text", "text": "sunny", "id": "lc_4fb5902b"}])
        'sunny'
        >>> text_blocks([{"text": "a", "score": 1}]), text_blocks({"text": "a"})
        ([{'text': 'a', 'score': 1}], {'text': 'a'})
    """
    parsed = try_json(value) if isinstance(value, str) and value.startswith(("[", "{")) else value
    if isinstance(parsed, dict):  # one block: only with its type, a bare {"text"} is data
        typed = parsed.get("type") == "text" and set(parsed) == {"type", "text"}
        return parsed["text"] if typed and isinstance(parsed["text"], str) else value
    if not (isinstance(parsed, list) and parsed):
        return value
    texts = [block_text(block) for block in parsed]  # LangChain's blocks keep their id
    return value if None in texts else "\n".join(t for t in texts if t is not None)


def call_kwargs(value: Any, parameters: Any = None) -> Any:
    """A Python call's bound arguments as the keywords; BeeAI's tool run input as its input.

    ``{"args": [], "kwargs": {...}}`` is the keywords; ``{"input": {...}, "options": ...}``
    (BeeAI) its ``input``.

    Examples:
        >>> call_kwargs({"args": [], "sanitize_inputs_outputs": True, "kwargs": {"city": "Oslo"}})
        {'city': 'Oslo'}
        >>> call_kwargs({"sanitize_inputs_outputs": True, "kwargs": {"city": "Oslo"}})
        {'city': 'Oslo'}
        >>> call_kwargs({"args": ["x"], "kwargs": {}})
        {'args': ['x'], 'kwargs': {}}
        >>> call_kwargs({"args": ["x"], "kwargs": {}}, '{"answer": {"type": "any"}}')
        {'answer': 'x'}
        >>> call_kwargs('{"input": {"city": "Oslo"}, "options": null}')  # BeeAI's tool run
        {'city': 'Oslo'}
        >>> call_kwargs({"kwargs": {"to": "b", "ctx": "<wf.Context object at 0x7f01>"}})
        {'to': 'b'}

    A call given by its keywords only (LlamaIndex's ``{"kwargs": {...}}``; smolagents'
    ``Tool.__call__`` as MLflow binds it, ``{"sanitize_inputs_outputs", "kwargs"}``, no
    ``args``) is its keywords; a
    keyword whose value is an object's default repr (``<module.Class object at 0x...>``: a
    framework's own object handed to the tool, as LlamaIndex's workflow ``ctx``) is no
    argument the model gave, and is left out.
    """
    parsed = try_json(value)
    if isinstance(parsed, dict) and set(parsed) == {"input", "options"}:
        if isinstance(parsed["input"], dict):  # BeeAI's tool run: {input, options}
            return parsed["input"]
    if not (isinstance(parsed, dict) and isinstance(parsed.get("kwargs"), dict)):
        return value
    keywords_only = set(parsed) in ({"kwargs"}, {"kwargs", "sanitize_inputs_outputs"})
    if keywords_only or (parsed.get("args") in ([], None) and "args" in parsed):
        return {k: v for k, v in parsed["kwargs"].items() if not object_repr(v)}
    names = list(parameter_names(parameters))
    args = parsed.get("args")
    if isinstance(args, list) and len(args) <= len(names):
        return {**dict(zip(names, args, strict=False)), **parsed["kwargs"]}
    return value


_SMOL_CALLS = "Calling tools:"
_SMOL_ERROR = "Error:\n"
_SMOL_CALL_ID = re.compile(r"Call id: (\S+)\nError:\n")
"""The error observation of a step that kept its calls: smolagents 1.x's
``ActionStep.to_messages`` names the step's first call (``Call id: call_2\nError:\n...``)."""


def smolagents_message(role: str, text: str | None, history: list[Msg]) -> bool:
    r"""Add a smolagents ``tool-call`` / ``tool-response`` message to `history` as what it is.

    A plan smolagents replays in its template is the plan the model wrote (`replayed_plan`).
    False when `role` is none of these. An error observation naming a call
    (``Call id: <id>\nError:\n...``) answers that call, whatever else the turn asked.

    Examples:
        >>> history = [Msg(role="assistant", tool_calls=[ToolRequest("f", {}, "call_1"),
        ...     ToolRequest("g", {}, "call_2")])]
        >>> smolagents_message("tool-response", "Call id: call_1\nError:\nboom\n", history)
        True
        >>> history[-1].role, history[-1].tool_call_id, history[-1].name, history[-1].error
        ('tool', 'call_1', 'f', 'Call id: call_1\nError:\nboom\n')
    """
    if role == "assistant" and (plan := replayed_plan(text)) is not None:
        history.append(Msg(role="assistant", content=plan))  # the planning call's reply again
        return True
    if role == "tool-call":
        requests = _smol_requests(text)
        last = history[-1] if history else None
        if last is not None and last.role == "assistant" and not last.tool_calls:
            last.tool_calls.extend(requests)  # the same turn, restated as calls
        elif requests:
            history.append(Msg(role="assistant", tool_calls=requests))
        return True
    if role != "tool-response":
        return False
    asked = next((m.tool_calls for m in reversed(history) if m.tool_calls), [])
    answered = {m.tool_call_id for m in history if m.role == "tool"}
    if named := _SMOL_CALL_ID.match(text or ""):
        tool = next((r.name for m in history for r in m.tool_calls if r.id == named[1]), None)
        answer = Msg(role="tool", content=text, tool_call_id=named[1], name=tool, error=text)
        history.append(answer)  # marked failed: its text, as written, the call's error
    elif len(asked) == 1 and asked[0].id and asked[0].id not in answered:
        result = observation_result(text)  # the call's result: the text after the label
        call = asked[0]
        history.append(
            Msg(role="tool", content=text, tool_call_id=call.id, name=call.name, result=result)
        )
    elif text and text.startswith(_SMOL_ERROR):
        history.append(Msg(role="tool", content=text))  # a failed step's error: no call kept
    return True


def _smol_requests(text: str | None) -> list[ToolRequest]:
    if not text or not text.startswith(_SMOL_CALLS):
        return []
    calls = python_literal(text[len(_SMOL_CALLS) :])
    out = []
    for call in calls if isinstance(calls, list) else []:
        fn = call.get("function") if isinstance(call, dict) else None
        if isinstance(fn, dict) and fn.get("name"):
            arguments = fn.get("arguments")
            out.append(
                ToolRequest(
                    name=str(fn["name"]),
                    arguments=parse_arguments(arguments),
                    id=str(call["id"]) if call.get("id") else None,
                )
            )
    return out


_LC_ROLES = {
    "ai": "assistant",
    "AIMessage": "assistant",
    "AIMessageChunk": "assistant",
    "human": "user",
    "HumanMessage": "user",
    "system": "system",
    "SystemMessage": "system",
    "tool": "tool",
    "ToolMessage": "tool",
}


def _lc_fields(item: Any) -> tuple[str, dict[str, Any]] | None:
    """(role, fields) of one LangChain-serialised message, else None."""
    if not isinstance(item, dict):
        return None
    if item.get("lc") == 1 and isinstance(item.get("id"), list) and item["id"]:
        role = _LC_ROLES.get(str(item["id"][-1]))
        data = item.get("kwargs")
    else:
        role = _LC_ROLES.get(str(item.get("type")))
        data = item.get("data")
        if data is None and {"content", "additional_kwargs"} <= set(item):
            data = item  # its own fields, ``model_dump()``'s (LangSmith's and MLflow's spans)
    if role is None or not isinstance(data, dict):
        return None
    return role, data


def langchain_messages(value: Any) -> list[Msg] | None:
    """The messages of a LangChain-serialised list or LangGraph state; None for other shapes.

    Examples:
        >>> [m.content for m in langchain_messages({"messages": [
        ...     {"type": "human", "data": {"content": "Hi"}},
        ...     {"type": "ai", "data": {"content": "Hello", "name": "bot"}}]})]
        ['Hi', 'Hello']
    """
    value = try_json(value)
    if isinstance(value, dict) and isinstance(value.get("messages"), list):
        value = value["messages"]
    if not (isinstance(value, list) and value):
        return None
    found = [_lc_fields(item) for item in value]
    if any(f is None for f in found):
        return None
    out: list[Msg] = []
    for role, data in (f for f in found if f is not None):
        message: dict[str, Any] = {"role": role, "content": data.get("content")}
        if data.get("name"):
            message["name"] = data["name"]
        if data.get("tool_call_id"):
            message["tool_call_id"] = data["tool_call_id"]
        calls = [c for c in data.get("tool_calls") or [] if isinstance(c, dict)]
        if calls:
            message["tool_calls"] = [
                {"id": c.get("id"), "function": {"name": c.get("name"), "arguments": c.get("args")}}
                for c in calls
            ]
        out.extend(parse_messages(message, default_role=role))
    return out


def langchain_tool_message(value: Any) -> tuple[Any, str | None] | None:
    """(content, tool_call_id) of a LangChain-serialised ``ToolMessage``; else None.

    Three forms: serialised as JSON (``{type: tool, data: {...}}`` or the ``lc`` constructor
    form); written as its ``str()`` (`model_str_fields`: ``content='...' name='get_weather'
    tool_call_id='call_w1'``, a text holding both fields); or flattened to exactly
    ``{name, tool_call_id, content}`` (langchain-azure-ai's tracer, its
    ``_serialise_tool_result``), its call id text or null. A tool's own object with other
    keys, or with a call id that is not text, is no such message: it is the tool's result.

    Examples:
        >>> langchain_tool_message('{"name": "get_weather", "tool_call_id": "call_w1", '
        ...     '"content": "sunny, 22 C"}')
        ('sunny, 22 C', 'call_w1')
        >>> langchain_tool_message({"name": "f", "tool_call_id": None, "content": [
        ...     {"type": "text", "text": "x"}]})
        ([{'type': 'text', 'text': 'x'}], None)
        >>> langchain_tool_message({"type": "tool", "data": {"content": "x",
        ...     "tool_call_id": "c1"}})
        ('x', 'c1')
        >>> langchain_tool_message("content='x' name='f' tool_call_id='c2'")
        ('x', 'c2')
        >>> langchain_tool_message({"name": "Paris", "content": "sunny"}) is None  # no call id
        True
        >>> langchain_tool_message({"name": "f", "tool_call_id": "c", "content": "x",
        ...     "status": "ok"}) is None  # a tool's own object
        True
        >>> langchain_tool_message({"name": "f", "tool_call_id": 3, "content": "x"}) is None
        True
        >>> langchain_tool_message("sunny, 22 C") is None
        True
    """
    parsed = try_json(value)
    found = _lc_fields(parsed)
    if found is None and isinstance(parsed, dict) and set(parsed) == _FLAT_TOOL_MESSAGE:
        if parsed["tool_call_id"] is not None and not isinstance(parsed["tool_call_id"], str):
            return None
        found = ("tool", parsed)
    if found is None:
        fields = model_str_fields(value)
        if fields is not None and {"content", "tool_call_id"} <= set(fields):
            found = ("tool", fields)
    if found is None or found[0] != "tool":
        return None
    data = found[1]
    call = data.get("tool_call_id")
    return data.get("content"), str(call) if call not in (None, "") else None


def langchain_tool_status(value: Any) -> str | None:
    """The ``status`` of a LangChain-serialised ``ToolMessage`` (``success``, ``error``).

    None for any other value.

    Examples:
        >>> langchain_tool_status({"type": "tool", "data": {"content": "x", "status": "error"}})
        'error'
        >>> langchain_tool_status("x") is None
        True
    """
    found = _lc_fields(try_json(value))
    if found is None or found[0] != "tool":
        return None
    status = found[1].get("status")
    return status if isinstance(status, str) else None


def langchain_artifact_documents(value: Any) -> list[dict[str, Any]]:
    """The ``Document``s a LangChain-serialised ``ToolMessage`` carries as its artifact.

    A tool with ``response_format="content_and_artifact"`` returns its documents as the
    artifact (the model is given the content): each ``{type: Document, id, page_content,
    metadata}`` (or the ``{lc: 1, type: constructor, id: [..., Document], kwargs}`` form) as
    ``{id, page_content, metadata}``. None of anything else: another artifact holds no
    documents.
    """
    found = _lc_fields(try_json(value))
    artifact = found[1].get("artifact") if found is not None and found[0] == "tool" else None
    if not isinstance(artifact, list):
        return []
    out = []
    for item in artifact:
        if not isinstance(item, dict):
            continue
        if item.get("lc") == 1 and isinstance(item.get("id"), list) and item["id"]:
            fields = item.get("kwargs") if item["id"][-1] == "Document" else None
        else:
            fields = item if item.get("type") == "Document" else None
        if isinstance(fields, dict) and isinstance(fields.get("page_content"), str):
            out.append(fields)
    return out


def mastra_value(attrs: dict[str, Any], key: str) -> Any:
    """A Mastra span's ``input`` or ``output`` (`key`).

    The attribute of that name (0.x), else ``mastra.<span type>.<key>`` (1.x:
    ``mastra.agent_run.input``, ``mastra.model_step.output``), else, from Mastra's Langfuse
    exporter, which writes them under Langfuse's names, ``langfuse.observation.<key>``.
    """
    if key in attrs:
        return attrs[key]
    found = attrs.get(f"mastra.{attrs.get('mastra.span.type')}.{key}")
    return found if found is not None else attrs.get(f"langfuse.observation.{key}")


# Mastra 1.x's step input is a preview: each message's parts joined with nothing between,
# a text part its text and every other part a tag naming it (its ``summarizePart``): a
# tool-call turn and a tool result ``[tool: get_weather]``, ``[tool-result: get_weather]``,
# an image ``[image]``, a file ``[file]`` (a user's image given as a data URL is one),
# reasoning ``[reasoning]``
_MASTRA_TAG = re.compile(r"\[(?:tool(?:-result)?: [^\]]*|image|file|reasoning)\]")


def mastra_step(attrs: dict[str, Any]) -> tuple[list[Msg], list[Msg]] | None:
    """A Mastra ``model_step`` span's request messages and reply; None when it holds neither.

    0.x writes the request as ``{"body": <the Chat Completions request as JSON text>}``; 1.x
    a preview, each message's parts joined, every part that is not text a tag naming it: the
    tags are no content (a message's content is its text parts), and a message of tags alone
    is none (its tool-call turns are the earlier steps' replies, its tool results the tool
    spans', and a part that is not text is no text).

    Examples:
        >>> import json
        >>> step = {"mastra.span.type": "model_step", "mastra.model_step.input": json.dumps([
        ...     {"role": "user", "content": "Weather in Paris?[file]"},
        ...     {"role": "assistant", "content": "[tool: get_weather]"},
        ...     {"role": "tool", "content": "[tool-result: get_weather]"}])}
        >>> [(m.role, m.content) for m in mastra_step(step)[0]]
        [('user', 'Weather in Paris?')]
    """
    given, reply = try_json(mastra_value(attrs, "input")), try_json(mastra_value(attrs, "output"))
    body = try_json(given.get("body")) if isinstance(given, dict) else None
    if isinstance(body, dict):
        inputs = parse_messages(body.get("messages"))
    elif isinstance(given, list):
        inputs = [m for m in map(_without_tags, parse_messages(given)) if m is not None]
    else:
        inputs = []
    outputs: list[Msg] = []
    if isinstance(reply, dict) and ("text" in reply or "toolCalls" in reply):
        calls = [
            ToolRequest(
                name=str(c.get("toolName") or ""),
                arguments=parse_arguments(c.get("args")),
                id=str(c["toolCallId"]) if c.get("toolCallId") else None,
            )
            for c in reply.get("toolCalls") or []
            if isinstance(c, dict)
        ]
        text = reply.get("text")
        content = text if isinstance(text, str) and text else None
        if content is not None or calls:
            outputs.append(Msg(role="assistant", content=content, tool_calls=calls))
    return (inputs, outputs) if inputs or outputs else None


def _without_tags(message: Msg) -> Msg | None:
    """A Mastra 1.x preview message with its parts' tags taken out; None when only tags."""
    if not isinstance(message.content, str) or not _MASTRA_TAG.search(message.content):
        return message
    text = _MASTRA_TAG.sub("", message.content)
    return replace(message, content=text) if text else None


def adk_llm_call(attrs: dict[str, Any]) -> tuple[list[Msg], list[Msg]] | None:
    """The input and reply of Google ADK's ``call_llm`` span, from its own objects.

    None when it recorded neither (ADK writes ``{}`` when content is off).
    """
    request = try_json(attrs.get("gcp.vertex.agent.llm_request"))
    response = try_json(attrs.get("gcp.vertex.agent.llm_response"))
    request = request if isinstance(request, dict) else {}
    response = response if isinstance(response, dict) else {}
    if not request.get("contents") and not response.get("content"):
        return None
    inputs: list[Msg] = []
    config = request.get("config")
    system = config.get("system_instruction") if isinstance(config, dict) else None
    if isinstance(system, str) and system:
        inputs.append(Msg(role="system", content=system))
    elif isinstance(system, dict | list):  # a Content, or its parts
        parts = system if isinstance(system, list) else system.get("parts") or []
        texts = [str(p.get("text")) for p in parts if isinstance(p, dict) and p.get("text")]
        if texts:
            inputs.append(Msg(role="system", content="\n".join(texts)))
    inputs.extend(parse_messages(request.get("contents")))
    outputs = parse_messages(response.get("content"), default_role="assistant")
    return inputs, outputs


def crewai_task_messages(value: Any) -> list[Msg]:
    r"""The conversation a CrewAI ``TaskOutput`` records, ending on its answer (``raw``).

    The answer is added when no reply says it: CrewAI's ReAct reply ``...Final Answer: <raw>``
    says it (CrewAI's parser takes the text after the marker, stripped).

    Examples:
        >>> said = [{"role": "user", "content": "Go"}, {"role": "assistant", "content": "a"}]
        >>> [m.content for m in crewai_task_messages({"raw": "b", "agent": "R",
        ...                                           "messages": said})]
        ['Go', 'a', 'b']
        >>> said[1]["content"] = "Thought: done\nFinal Answer: b"
        >>> [m.content for m in crewai_task_messages({"raw": "b", "agent": "R",
        ...                                           "messages": said})]
        ['Go', 'Thought: done\nFinal Answer: b']
    """
    output = try_json(value)
    if not isinstance(output, dict) or not isinstance(output.get("messages"), list):
        return []
    if not isinstance(output.get("raw"), str) or "agent" not in output:
        return []
    history = parse_messages(output["messages"])
    said = [m.content for m in history if m.role == "assistant" and m.content]
    raw = output["raw"]
    if raw and (not said or not _says_answer(said[-1], raw)):
        history.append(Msg(role="assistant", content=raw))
    return history


def _says_answer(reply: Any, raw: str) -> bool:
    """Whether a CrewAI reply is its answer `raw`, or says it after ``Final Answer:``."""
    if not isinstance(reply, str):
        return False
    return reply == raw or reply.rpartition(_FINAL_ANSWER)[2].strip() == raw.strip() != ""


_FINAL_ANSWER = "Final Answer:"


def crewai_usage(value: Any) -> tuple[int | None, int | None]:
    """The tokens a CrewAI ``CrewOutput`` reports for the crew (``token_usage``)."""
    output = try_json(value)
    usage = output.get("token_usage") if isinstance(output, dict) else None
    if not isinstance(usage, dict):
        return None, None
    counts = [usage.get("prompt_tokens"), usage.get("completion_tokens")]
    found = [c if isinstance(c, int) and not isinstance(c, bool) else None for c in counts]
    return found[0], found[1]
