"""LlamaIndex's objects as MLflow's LlamaIndex autolog records them (``mlflow.llama_index``).

MLflow 3.17's ``mlflow.llama_index.autolog()`` (llama-index-core 0.14, llama-index-workflows
2.x) writes LlamaIndex's objects as their JSON dumps in ``mlflow.spanInputs`` /
``mlflow.spanOutputs``:

- a ``ChatMessage`` is ``{role, additional_kwargs, blocks}``: its text the ``text`` blocks'
  (``{"block_type": "text", "text"}``; ``{"text"}`` where the dump leaves defaults out, as
  traceAI's LlamaIndex instrumentation writes its ``AgentOutput`` s in ``output.value``), the
  calls an assistant turn requested its
  ``additional_kwargs.tool_calls`` (OpenAI's form, ids and JSON arguments) or, without them,
  its ``tool_call`` blocks (``{tool_call_id, tool_name, tool_kwargs}``), a tool message's call
  id its ``additional_kwargs.tool_call_id`` (`chat_message`);
- a ``FunctionCallingLLM``'s ``_prepare_chat_with_tools`` is typed ``LLM`` but calls no model:
  its outputs are the request it built, ``{messages, tools, tool_choice, ...}`` (the same
  messages the chat span after it is sent), so it is no model call (`prepared_request`);
- a streamed chat (``astream_chat``, the default of a ``FunctionAgent``) records as its
  outputs the repr of the async generator it returned (``"<async_generator object ... at
  0x...>"``), no reply: the workflow step it runs in, ``run_agent_step``, records the reply
  as its ``AgentOutput`` (`streamed_repr`; `._step_replies` gives it to the call);
- an agent workflow's run (``FunctionAgent.run``, typed ``AGENT``) and its steps output an
  ``AgentOutput``, ``{response: ChatMessage, structured_response, current_agent_name,
  tool_calls, ...}`` (the run's wrapped as ``{"result": ...}``): the response is the step's
  reply and the run's answer, ``current_agent_name`` the agent's name (`agent_output`).
"""

from __future__ import annotations

import json
from typing import Any

from .._run_records import object_repr

__all__ = ["agent_output", "chat_message", "prepared_request", "streamed_repr"]


def chat_message(message: Any) -> Any:
    """A LlamaIndex ``ChatMessage`` dump as an OpenAI-style message; other values as given.

    Examples:
        >>> chat_message({"role": "user", "blocks": [{"block_type": "text", "text": "Hi"}]})
        {'role': 'user', 'content': 'Hi'}
        >>> turn = chat_message({"role": "assistant", "additional_kwargs": {}, "blocks": [
        ...     {"block_type": "text", "text": ""}, {"block_type": "tool_call",
        ...     "tool_call_id": "c1", "tool_name": "f", "tool_kwargs": '{"x": 1}'}]})
        >>> turn["content"], turn["tool_calls"]
        (None, [{'id': 'c1', 'function': {'name': 'f', 'arguments': '{"x": 1}'}}])
        >>> chat_message({"role": "tool", "additional_kwargs": {"tool_call_id": "c1"},
        ...     "blocks": [{"block_type": "text", "text": "sunny"}]})
        {'role': 'tool', 'content': 'sunny', 'tool_call_id': 'c1'}
        >>> chat_message({"role": "user", "content": "Hi"})
        {'role': 'user', 'content': 'Hi'}
        >>> chat_message({"role": "assistant", "blocks": [{"text": "Sunny."}]})  # no defaults
        {'role': 'assistant', 'content': 'Sunny.'}
        >>> chat_message({"role": "user", "blocks": [{"block_type": "image", "text": "alt"}]})
        {'role': 'user', 'content': None}
    """
    if not isinstance(message, dict) or message.get("content") is not None:
        return message
    blocks = message.get("blocks")
    if not isinstance(blocks, list):
        return message
    texts = [
        b["text"]
        for b in blocks
        # a dump without defaults (traceAI's) leaves a text block's block_type out
        if isinstance(b, dict)
        and b.get("block_type", "text") == "text"
        and isinstance(b.get("text"), str)
    ]
    kept = {k: v for k, v in message.items() if k not in ("blocks", "additional_kwargs")}
    out: dict[str, Any] = {**kept, "content": "\n".join(texts) if any(texts) else None}
    extra = message.get("additional_kwargs")
    extra = extra if isinstance(extra, dict) else {}
    calls = extra.get("tool_calls")
    if not isinstance(calls, list) or not calls:
        calls = [c for b in blocks if (c := _block_call(b)) is not None]
    if calls:
        out["tool_calls"] = calls
    if isinstance(extra.get("tool_call_id"), str) and extra["tool_call_id"]:
        out["tool_call_id"] = extra["tool_call_id"]
    return out


def _block_call(block: Any) -> dict[str, Any] | None:
    """A ``tool_call`` block as an OpenAI-style call, else None."""
    if not isinstance(block, dict) or block.get("block_type") != "tool_call":
        return None
    name = block.get("tool_name")
    if not isinstance(name, str) or not name:
        return None
    arguments = block.get("tool_kwargs")
    if not isinstance(arguments, str):
        arguments = json.dumps(arguments if arguments is not None else {})
    return {"id": block.get("tool_call_id"), "function": {"name": name, "arguments": arguments}}


def prepared_request(outputs: Any) -> bool:
    """Whether a model span's outputs are the request it prepared, not a reply.

    Examples:
        >>> prepared_request({"messages": [], "tools": [], "tool_choice": "auto"})
        True
        >>> prepared_request({"message": {"role": "assistant"}, "raw": {}})
        False
    """
    return (
        isinstance(outputs, dict)
        and isinstance(outputs.get("messages"), list)
        and isinstance(outputs.get("tools"), list)
    )


def streamed_repr(outputs: Any) -> bool:
    """Whether a chat span's outputs are the repr of the stream it returned (no reply).

    Examples:
        >>> streamed_repr("<async_generator object wrapped_gen at 0x7f4a60857350>")
        True
        >>> streamed_repr({"message": {"role": "assistant"}})
        False
    """
    return isinstance(outputs, str) and object_repr(outputs)


def agent_output(outputs: Any) -> tuple[Any, str | None] | None:
    """(response message, agent name) of an ``AgentOutput`` dump, bare or as the run's result.

    The response as an OpenAI-style message (`chat_message`), None when the output is a
    structured response (``structured_response`` set: the answer is that object, not the
    text); None when `outputs` is no ``AgentOutput``.

    Examples:
        >>> said, name = agent_output({"result": {"response": {"role": "assistant",
        ...     "blocks": [{"block_type": "text", "text": "Sunny."}]},
        ...     "structured_response": None, "current_agent_name": "weather_agent"}})
        >>> said, name
        ({'role': 'assistant', 'content': 'Sunny.'}, 'weather_agent')
        >>> agent_output({"result": "done"}) is None
        True
    """
    if isinstance(outputs, dict) and set(outputs) == {"result"}:
        outputs = outputs["result"]
    if not isinstance(outputs, dict) or "current_agent_name" not in outputs:
        return None
    response = outputs.get("response")
    if not isinstance(response, dict) or not isinstance(response.get("blocks"), list):
        return None
    named = outputs.get("current_agent_name")
    said = chat_message(response) if outputs.get("structured_response") is None else None
    return said, named if isinstance(named, str) and named else None
