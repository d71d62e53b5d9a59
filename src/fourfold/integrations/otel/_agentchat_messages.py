"""AutoGen AgentChat's messages as OpenInference's AgentChat instrumentation flattens them.

`openinference-instrumentation-autogen-agentchat` writes a model call's messages under
``llm.input_messages.<i>`` from autogen-core's message objects, two of them in shapes of
its own:

- a ``FunctionExecutionResultMessage`` (the tools' results the model is given) is role
  ``function`` with no content, each result its own key ``function.<j>``: the JSON text of
  ``{name, content, call_id, is_error}``. Each is a tool message answering ``call_id``, its
  content the result (the error, when ``is_error``), as autogen-core's runtime delivers the same
  result (`._autogen.function_result`) (`function_results`);
- a ``UserMessage`` whose content is a list (text and ``Image`` items: a
  ``MultiModalMessage``) is the JSON text of that list, each item a string as it is and an
  image its default repr, ``<autogen_core._image.Image object at 0x…>``. The strings are
  the message's text, the images no content (the contract: a part that is not text is
  none) (`multimodal_text`).

A team's or an agent's ``run_stream`` span (CHAIN / AGENT) records AgentChat's ``TaskResult``
as its ``output.value``: ``{messages, stop_reason}``, every message the run said. Its answer
is the last text an agent said (`task_result_reply`), as MLflow's AutoGen autolog's is.
"""

from __future__ import annotations

import re
from typing import Any

from .._messages import Msg, try_json
from ._autogen import agentchat_messages, function_result, last_said

__all__ = ["function_results", "multimodal_text", "task_result_reply"]

_IMAGE_REPR = re.compile(r"<autogen_core\._image\.Image object at 0x[0-9a-fA-F]+>")
_RESULT_KEY = re.compile(r"function\.(\d+)")


def function_results(item: dict[str, Any]) -> list[Msg] | None:
    """The tool messages of a flattened ``function`` message; None when it is no such message.

    `item`: one ``llm.input_messages.<i>``'s keys, without that prefix.

    Examples:
        >>> item = {"message.role": "function",
        ...         "function.0": '{"name": "get_weather", "content": "sunny", "call_id": "c1",'
        ...                       ' "is_error": false}',
        ...         "function.1": '{"name": "get_weather", "content": "no such city",'
        ...                       ' "call_id": "c2", "is_error": true}'}
        >>> [(m.role, m.content, m.tool_call_id, m.error) for m in function_results(item)]
        [('tool', 'sunny', 'c1', None), ('tool', 'no such city', 'c2', 'no such city')]
        >>> function_results({"message.role": "user", "message.content": "Hi"}) is None
        True
    """
    if item.get("message.role") != "function":
        return None
    numbered = sorted(
        (int(match.group(1)), value)
        for key, value in item.items()
        if (match := _RESULT_KEY.fullmatch(key)) is not None
    )
    if not numbered:
        return None
    results = (try_json(value) for _, value in numbered)  # autogen-core's, as the runtime's
    return [function_result(result) for result in results if isinstance(result, dict)]


def multimodal_text(content: Any) -> tuple[str | None] | None:
    """A multimodal message's text, as a one-tuple (its text, None for images alone).

    None when `content` is not the JSON text of a list of strings holding an AutoGen image.

    Examples:
        >>> multimodal_text('["What is this?", "<autogen_core._image.Image object at 0x7f0a>"]')
        ('What is this?',)
        >>> multimodal_text('["<autogen_core._image.Image object at 0x7f0a>"]')
        (None,)
        >>> multimodal_text('["a", "b"]') is None  # no image: text that is a JSON list
        True
    """
    if not isinstance(content, str) or not _IMAGE_REPR.search(content):
        return None
    items = try_json(content)
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        return None
    if not any(_IMAGE_REPR.fullmatch(i) for i in items):
        return None
    texts = [i for i in items if not _IMAGE_REPR.fullmatch(i)]
    return ("\n".join(texts) if texts else None,)


def task_result_reply(value: Any) -> list[Msg]:
    """The last text an agent said in an AgentChat ``TaskResult`` (none: no such result).

    Examples:
        >>> import json
        >>> done = {"messages": [{"type": "TextMessage", "source": "user", "content": "Hi?"},
        ...     {"type": "TextMessage", "source": "weather_agent", "content": "Sunny."}],
        ...     "stop_reason": None}
        >>> [(m.role, m.content) for m in task_result_reply(json.dumps(done))]
        [('assistant', 'Sunny.')]
        >>> task_result_reply('{"messages": []}')  # no stop_reason: no TaskResult
        []
    """
    result = try_json(value)
    if not isinstance(result, dict) or "stop_reason" not in result:
        return []
    if not isinstance(result.get("messages"), list):
        return []
    return last_said(agentchat_messages(result["messages"]))
