"""OpenLLMetry's LangChain prompt step: the messages it rendered for the model call after it.

OpenLLMetry 0.62.4's LangChain instrumentation records each runnable of a chain as an
``execute_task <name>`` span (``traceloop.span.kind`` ``task``) whose output, with content
tracing on, is the callback's record ``{"outputs": ..., "kwargs": ...}`` in
``gen_ai.task.output`` (and ``traceloop.entity.output``). A LangGraph ``create_react_agent``'s
``agent`` node runs its ``Prompt`` step (system prompt plus the state's messages) and then the
chat model; the prompt step's outputs are those messages, LangChain-serialised (``{"lc": 1,
"type": "constructor", "id": [..., "SystemMessage"], "kwargs": {...}}``).

`rendered_prompt` reads such a span as a prompt step (a `ModelCall` marked ``rendered``): the
assembly gives its messages to the next model call under the same parent when that call
recorded no input (`.._rendered_prompts`), and drops it otherwise. A task whose outputs are
anything else (a node's state update ``{"messages": [...]}``, a router's ``Send`` list) is not.
"""

from __future__ import annotations

from typing import Any

from .._messages import try_json
from .._spans import Span
from .._steps import ModelCall
from ._shapes import langchain_messages

__all__ = ["rendered_prompt"]

_OUTPUT_KEYS = ("gen_ai.task.output", "traceloop.entity.output")


def rendered_prompt(span: Span) -> ModelCall | None:
    """The prompt step an ``execute_task`` span is, when its outputs are a message list.

    Examples:
        >>> system = {"lc": 1, "type": "constructor", "id": ["langchain", "SystemMessage"],
        ...     "kwargs": {"content": "Be brief.", "type": "system"}}
        >>> out = '{"outputs": [%s]}' % __import__("json").dumps(system)
        >>> span = Span("t", "p", "seq", "execute_task Prompt", 1, 2, "ok", None,
        ...     {"gen_ai.operation.name": "execute_task", "gen_ai.task.output": out})
        >>> [(m.role, m.content) for m in rendered_prompt(span).inputs]
        [('system', 'Be brief.')]
        >>> span.attributes["gen_ai.task.output"] = '{"outputs": {"messages": [%s]}}' % (
        ...     __import__("json").dumps(system))
        >>> rendered_prompt(span) is None
        True
    """
    record = _record(span.attributes)
    if not isinstance(record, dict):
        return None
    outputs = record.get("outputs")
    if not isinstance(outputs, list):
        return None  # a state update or a router's choice: no rendered prompt
    messages = langchain_messages(outputs)
    if not messages:
        return None
    return ModelCall(span, inputs=messages, outputs=[], rendered=True)


def _record(attrs: dict[str, Any]) -> Any:
    for key in _OUTPUT_KEYS:
        if attrs.get(key) is not None:
            return try_json(attrs[key])
    return None
