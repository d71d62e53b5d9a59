"""A run's final answer, read out of what its run span recorded.

A run span records its result in the framework's own shape: a string, an Agno
``RunResponse`` (``content``), a CrewAI ``CrewOutput`` (``raw``), a BeeAI message
(``{role, content: [{type: text, text}]}``), a LlamaIndex ``Response`` (``response``,
beside its source nodes' ``metadata``), a provider response (OpenAI ``choices``,
Responses ``output``, Gemini ``candidates``), or a structured result (a JSON value the
application returned). A Python ``repr`` is not an answer: it is what a tracer writes when it
cannot serialise the object, and the caller falls back to the model's last text; but the
reprs of a streamed run's events (smolagents' ``run(stream=True)``) end in its answer
(`streamed_final_answer`).
"""

from __future__ import annotations

import json
from typing import Any

from ._messages import Msg, parse_messages, responses_output, try_json
from ._run_records import object_repr
from ._stop_events import stop_event_answer
from ._stream_steps import streamed_final_answer

__all__ = ["final_answer", "one_response", "provider_message", "run_answer"]

_ANSWER_KEYS = ("content", "raw", "text", "output", "answer", "result", "response")


def run_answer(
    outputs: list[Msg], value: Any, *, whole: bool = False
) -> tuple[str | None, Any] | None:
    """(text, structured) of a run's result, or None when the run records none readable.

    `whole`: `value` is the run's structured result as it stands (`AgentRun.whole_output`),
    read for no answer field.

    Examples:
        >>> run_answer([], '{"content": "Hi", "content_type": "str", "model": "gpt-4o"}')
        ('Hi', None)
        >>> run_answer([], "{'content': 'a repr'}") is None
        True
        >>> run_answer([], "<coroutine object Flow._execute_method at 0x7f24>") is None
        True
        >>> run_answer([], '{"joke": "...", "score": 3}')
        ('{"joke": "...", "score": 3}', {'joke': '...', 'score': 3})
        >>> run_answer([], {"error_code": "ValueError", "invocation_id": "e-1", "author": "a"})
        >>> run_answer([], {"answer": "Sunny.", "report": {}}, whole=True)
        ('{"answer": "Sunny.", "report": {}}', {'answer': 'Sunny.', 'report': {}})
    """
    said = [
        m.content
        for m in outputs
        if m.role == "assistant" and m.content and not object_repr(m.content)
    ]
    if said:
        return said[-1], None
    if value is None:
        return None
    if whole:
        parsed = try_json(value)
        return final_answer(json.dumps(parsed, ensure_ascii=False))
    if isinstance(value, str):
        parsed = try_json(value)
        if parsed is value or isinstance(parsed, str):
            text = parsed if isinstance(parsed, str) else value
            if is_repr(text):  # a streamed run's events may end in its answer
                streamed = streamed_final_answer(text) or stop_event_answer(text)
                return None if streamed is None else (streamed, None)
            return text, None
        value = parsed
    if isinstance(value, dict):
        if _adk_event(value) and not isinstance(value.get("content"), dict):
            return None  # an ADK event with no content (its error's, its actions'): no answer
        message = provider_message(value)
        if message is not None:
            return (message.content, None) if message.content else None
        reply = _pipeline_reply(value)
        if reply is not None:
            return reply, None
        for key in _ANSWER_KEYS:
            inner = value.get(key)
            if isinstance(inner, str):
                return None if is_repr(inner) else (inner, None)
            if isinstance(inner, list) and inner and all(isinstance(p, dict) for p in inner):
                texts = [p["text"] for p in inner if isinstance(p.get("text"), str)]
                if texts:
                    return "".join(texts), None
    if value is None or value == "" or value == {} or value == []:
        return None
    return final_answer(json.dumps(value, ensure_ascii=False))


def _pipeline_reply(value: dict[str, Any]) -> str | None:
    """The generator's reply in a Haystack pipeline's outputs by component.

    ``Pipeline.run`` returns ``{component: outputs}``; a generator's outputs are
    ``{"replies": [text], "meta": [...]}``. The answer is that reply (the last generator's,
    when several), not the object. An ``Agent`` component's outputs hold its conversation and
    its ``last_message`` (a ``ChatMessage`` as a dict, its text in ``content`` parts, haystack
    3.x): the answer is that message's text.

    Examples:
        >>> _pipeline_reply({"llm": {"replies": ["Sunny."], "meta": [{}]}})
        'Sunny.'
        >>> _pipeline_reply({"weather_agent": {"messages": [], "last_message": {
        ...     "role": "assistant", "content": [{"text": "Sunny."}]}}})
        'Sunny.'
    """
    replies = []
    for outputs in value.values():
        if not isinstance(outputs, dict):
            continue
        said = outputs.get("replies")
        if isinstance(said, list) and len(said) == 1 and isinstance(said[0], str):
            replies.append(said[0])
        last = outputs.get("last_message")
        if isinstance(last, dict) and last.get("role") == "assistant":
            parts = last.get("content")
            texts = [p["text"] for p in parts or [] if isinstance(p, dict) and "text" in p]
            if texts and all(isinstance(t, str) for t in texts):
                replies.append("\n".join(texts))
    return replies[-1] if replies else None


def provider_message(value: Any) -> Msg | None:
    """The assistant message in a provider's response object, or None if `value` is not one.

    OpenAI Chat Completions (``choices[0].message``), the Responses API (``output`` items of
    type ``message``/``function_call``) and Gemini (``candidates[0].content.parts``).
    """
    if not isinstance(value, dict):
        return None
    choices = value.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        message = choices[0].get("message")
        if isinstance(message, dict):
            found = parse_messages({"role": "assistant", **message}, default_role="assistant")
            return found[0] if found else None
    if value.get("object") == "response" and isinstance(value.get("output"), list):
        return responses_output(value["output"])
    content = value.get("content")
    if isinstance(content, dict) and isinstance(content.get("parts"), list):  # a Gemini event
        texts = [p["text"] for p in content["parts"] if isinstance(p, dict) and _text(p)]
        return Msg(role="assistant", content="".join(texts) if texts else None)
    candidates = value.get("candidates")
    if isinstance(candidates, list) and candidates and isinstance(candidates[0], dict):
        content = candidates[0].get("content")
        if isinstance(content, dict) and isinstance(content.get("parts"), list):
            texts = [p["text"] for p in content["parts"] if isinstance(p, dict) and _text(p)]
            return Msg(role="assistant", content="".join(texts) if texts else None)
    return None


def _adk_event(value: dict[str, Any]) -> bool:
    """Whether `value` is a Google ADK ``Event`` as its runner records one.

    An event names the invocation it belongs to and who wrote it; a run that failed ends on
    one with the error (``error_code``, ``error_message``) and no content.

    Examples:
        >>> _adk_event({"error_code": "ValueError", "invocation_id": "e-1", "author": "agent"})
        True
        >>> _adk_event({"content": "Hi", "author": "agent"})
        False
    """
    return isinstance(value.get("invocation_id"), str) and isinstance(value.get("author"), str)


def _text(part: dict[str, Any]) -> bool:
    """Whether a Gemini part holds text.

    google-genai's ``model_dump()`` writes an unset ``text`` as null (a function call's part).
    """
    return isinstance(part.get("text"), str)


def one_response(value: Any) -> Any:
    """`value`, or the provider response object it holds as a list's one item.

    The OpenAI Agents SDK records a model call's output as a list: the reply's messages when
    the call was not streamed, but the one Responses API object it built from the chunks
    when it was (``[{"object": "response", "output": [...], "usage": {...}}]``). That
    response is the call's reply and its usage, as a bare one would be. So is the response
    of a mistralai stream's event, ``{"data": {"object": "chat.completion.chunk", "choices":
    [{"message": ...}], ...}}`` (OpenInference's record of a ``chat.stream`` call, the reply
    assembled from its chunks: the only place its calls' ids are).

    Examples:
        >>> chunk = {"object": "chat.completion.chunk", "choices": [{"message": {"content": "Hi"}}]}
        >>> one_response({"data": chunk}) is chunk, one_response([chunk]) is chunk
        (True, True)
    """
    if isinstance(value, list) and len(value) == 1 and provider_message(value[0]) is not None:
        return value[0]
    event = value.get("data") if isinstance(value, dict) and len(value) == 1 else None
    if event is not None and provider_message(event) is not None:
        return event
    return value


def final_answer(text: Any) -> tuple[str | None, Any]:
    """An answer as (text, structured): JSON objects and arrays are kept parsed too."""
    if text is None:
        return None, None
    if not isinstance(text, str):
        return None, text
    parsed = try_json(text)
    return text, parsed if isinstance(parsed, dict | list) else None


def is_repr(text: str) -> bool:
    """Python's repr of a dict or an object (``{'a': 1}``, ``RunResponse(content=...)``).

    Also one the tracer cut short (``StopEvent(result=AgentOutput(...``, ending in ``...``),
    and an object's default repr (``<coroutine object ... at 0x...>``: `object_repr`).
    """
    if object_repr(text):
        return True
    head = text.lstrip()[:40]
    if head.startswith("{'"):
        return True
    name, paren, _ = head.partition("(")
    return (
        bool(paren)
        and name.isidentifier()
        and name[:1].isupper()
        and text.rstrip().endswith((")", "..."))
    )
