"""AutoGen AgentChat as MLflow's AutoGen autolog records it (``mlflow.autogen.autolog()``).

The autolog patches the agents' methods and the model client, so a run is AGENT spans named
``<agent name>.<method>`` (``weather_agent.run``, ``weather_agent.on_messages``) over LLM
spans (``OpenAIChatCompletionClient.create``, ``mlflow.message.format`` ``autogen``); it
makes no TOOL span, the tools running inside the agent's method. What the spans record is
AutoGen's own objects as JSON:

- a model call's inputs are autogen-core's ``LLMMessage``s (``{"messages": [...]}``, each with
  its ``type``): ``SystemMessage`` the system prompt, ``UserMessage`` the user's (a list
  content its text parts), ``AssistantMessage`` the model's turn, its ``content`` its text or
  the ``FunctionCall``s it requested (``{id, name, arguments}``, the arguments JSON text) and
  its ``thought`` the text it wrote beside them, ``FunctionExecutionResultMessage`` one tool
  message per result (``{call_id, name, content, is_error}``); its outputs a
  ``CreateResult`` (``{finish_reason, content, thought, usage}``), read as such a turn;
- an agent's outputs are AgentChat's messages: ``run``'s ``TaskResult`` (``{messages,
  stop_reason}``), ``on_messages``' ``Response`` (``{chat_message, inner_messages}``), read
  by `._autogen.agentchat_messages`; the run's answer is the last text an agent said in
  them, and the agent is the one whose name the span's name starts with (the messages'
  ``source``), not the method it ran.
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg
from ._autogen import agentchat_messages, function_calls, function_result, last_said

__all__ = ["autogen_reply", "autogen_request", "autogen_run"]

_FORMAT = "autogen"


def autogen_request(request: Any, message_format: Any) -> list[Msg] | None:
    """The messages of an AutoGen model client call's inputs; None when it is not one.

    Examples:
        >>> asked = {"messages": [{"type": "SystemMessage", "content": "Be brief."},
        ...     {"type": "UserMessage", "content": "Weather?", "source": "user"},
        ...     {"type": "AssistantMessage", "source": "a", "thought": None, "content": [
        ...         {"id": "c1", "name": "get_weather", "arguments": '{"city": "Oslo"}'}]},
        ...     {"type": "FunctionExecutionResultMessage", "content": [{"call_id": "c1",
        ...         "name": "get_weather", "content": "snow", "is_error": False}]}]}
        >>> [(m.role, m.content) for m in autogen_request(asked, "autogen")]
        [('system', 'Be brief.'), ('user', 'Weather?'), ('assistant', None), ('tool', 'snow')]
        >>> autogen_request(asked, "openai") is None
        True
    """
    if message_format != _FORMAT or not isinstance(request, dict):
        return None
    messages = request.get("messages")
    if not isinstance(messages, list):
        return None
    return [msg for m in messages if isinstance(m, dict) for msg in _llm_message(m)]


def autogen_reply(reply: Any, message_format: Any) -> list[Msg] | None:
    """The turn an AutoGen model client's ``CreateResult`` holds; None when it is not one.

    Examples:
        >>> said = {"finish_reason": "stop", "content": "Sunny.", "thought": None}
        >>> [(m.role, m.content) for m in autogen_reply(said, "autogen")]
        [('assistant', 'Sunny.')]
    """
    if message_format != _FORMAT or not isinstance(reply, dict) or "finish_reason" not in reply:
        return None
    return _assistant(reply, None)


def autogen_run(outputs: Any, span_name: str) -> tuple[list[Msg], str] | None:
    """An AutoGen agent span's answer (the last text an agent said) and its agent's name.

    None when `outputs` hold no AgentChat message an agent named by `span_name`'s first part
    said (the span is no AutoGen agent's, as the autolog names them).

    Examples:
        >>> done = {"messages": [{"type": "TextMessage", "source": "user", "content": "Hi?"},
        ...     {"type": "TextMessage", "source": "weather_agent", "content": "Sunny."}],
        ...     "stop_reason": None}
        >>> said, agent = autogen_run(done, "weather_agent.run")
        >>> [m.content for m in said], agent
        (['Sunny.'], 'weather_agent')
        >>> autogen_run(done, "writer.run") is None
        True
    """
    agent, dot, _method = span_name.rpartition(".")
    if not dot or not agent:
        return None
    messages = agentchat_messages(outputs)
    if not any(m.name == agent for m in messages):
        return None
    return last_said(messages), agent


def _llm_message(message: dict[str, Any]) -> list[Msg]:
    kind = message.get("type")
    content = message.get("content")
    if kind == "SystemMessage":
        return [Msg(role="system", content=_text(content))]
    if kind == "UserMessage":
        return [Msg(role="user", content=_text(content))]
    if kind == "AssistantMessage":
        source = message.get("source")
        return _assistant(message, str(source) if source else None)
    if kind == "FunctionExecutionResultMessage" and isinstance(content, list):
        return [function_result(c) for c in content if isinstance(c, dict)]
    return []


def _assistant(message: dict[str, Any], name: str | None) -> list[Msg]:
    """A model's turn: its text, or the calls it requested with the thought beside them."""
    content, thought = message.get("content"), message.get("thought")
    if isinstance(content, list):
        requests = function_calls(content)
        text = thought if isinstance(thought, str) and thought else None
        return [Msg(role="assistant", content=text, name=name, tool_calls=requests)]
    return [Msg(role="assistant", content=_text(content), name=name)]


def _text(content: Any) -> str | None:
    """A message's text: a string as written, a list's text parts joined by a newline."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [c for c in content if isinstance(c, str)]
        return "\n".join(parts) if parts else None
    return None
