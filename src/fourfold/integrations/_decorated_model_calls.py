"""A traceloop-sdk ``@task`` around a model call no instrumentation records: the task is it.

traceloop-sdk's decorators record a decorated function's arguments and return value as JSON
(``traceloop.entity.input`` / ``.output``, `otel._traceloop`), and a ``@task`` is a step of
the application's own whose model calls are read from their own spans. An application whose
model client no instrumentation covers (plain ``httpx`` posting to a Chat Completions
endpoint) leaves no model-call span at all: the conversation is only in the task that wraps
each call, given the chat messages as its one argument and returning the model's reply
message. Both blind readings of ``traceloop-sdk-httpx`` read each such task as the model call
it wraps: its argument the call's input, its return value the reply (with the calls' ids,
which the tool spans do not carry).

The rule, `with_decorated_model_calls`: in a trace where no span is a model call, a ``task``
span of the decorators (``traceloop.span.kind`` ``task``, no operation of its own) whose
function was given one argument, a list of chat messages (objects each with a ``role``), and
returned one assistant message (an object whose ``role`` is ``assistant``) or a provider's
response holding one (Chat Completions' ``choices[0].message``...) is a model call: that
list its input, that message its reply. No model, usage or provider: the trace names none.
A trace with a model call anywhere is left as it is: its calls are read from their spans,
and a task around one is the step it always was.
"""

from __future__ import annotations

from typing import Any

from ._answer import provider_message
from ._messages import Msg, parse_messages, try_json
from ._spans import Span
from ._steps import ModelCall, Step

__all__ = ["with_decorated_model_calls"]


def with_decorated_model_calls(
    ordered: list[Span], steps: dict[int, Step | None]
) -> dict[int, Step | None]:
    """`steps` with each decorated task that wraps an unrecorded model call read as that call.

    `ordered`: the trace's spans; `steps`: what each is, by ``id(span)``. Other steps, and
    every step of a trace that has a model call, are returned as they were.

    Examples:
        >>> def task(given, returned):
        ...     return Span("t", "s1", None, "ask_model.task", 1, 2, "unset", None, {
        ...         "traceloop.span.kind": "task", "traceloop.entity.input": given,
        ...         "traceloop.entity.output": returned})
        >>> asked = '{"args": [[{"role": "user", "content": "Weather?"}]], "kwargs": {}}'
        >>> span = task(asked, '{"role": "assistant", "content": "Sunny."}')
        >>> call = with_decorated_model_calls([span], {id(span): None})[id(span)]
        >>> [(m.role, m.content) for m in call.inputs + call.outputs]
        [('user', 'Weather?'), ('assistant', 'Sunny.')]
        >>> other = task('{"args": ["Weather?"], "kwargs": {}}', '"Sunny."')
        >>> with_decorated_model_calls([other], {id(other): None})[id(other)] is None
        True
    """
    if any(isinstance(step, ModelCall) for step in steps.values()):
        return steps
    out = dict(steps)
    for span in ordered:
        if not _decorated_task(span.attributes):
            continue
        inputs = _given_messages(span.attributes.get("traceloop.entity.input"))
        reply = _returned_reply(span.attributes.get("traceloop.entity.output"))
        if inputs and reply is not None:
            out[id(span)] = ModelCall(span, inputs=inputs, outputs=[reply])
    return out


def _decorated_task(attrs: dict[str, Any]) -> bool:
    """Whether a span is a traceloop-sdk ``@task``'s (the decorators' own, naming no operation).

    The same test as `otel._traceloop.decorated_operation`'s, which this package's assembly
    cannot import (the conventions' package imports the assembly).
    """
    return attrs.get("traceloop.span.kind") == "task" and not attrs.get("gen_ai.operation.name")


def _given_messages(raw: Any) -> list[Msg]:
    """The chat messages a decorated function was given as its one argument, else none.

    Examples:
        >>> [m.content for m in _given_messages('{"args": [], "kwargs": {"messages": '
        ...     '[{"role": "system", "content": "Be brief."}]}}')]
        ['Be brief.']
        >>> _given_messages('{"args": [[{"content": "no role"}]], "kwargs": {}}')
        []
    """
    given = try_json(raw)
    if not isinstance(given, dict) or not set(given) <= {"args", "kwargs"}:
        return []
    args, kwargs = given.get("args") or [], given.get("kwargs") or {}
    if not isinstance(args, list) or not isinstance(kwargs, dict):
        return []
    values = [*args, *kwargs.values()]
    if len(values) != 1 or not isinstance(values[0], list) or not values[0]:
        return []
    if not all(isinstance(m, dict) and isinstance(m.get("role"), str) for m in values[0]):
        return []
    return parse_messages(values[0])


def _returned_reply(raw: Any) -> Msg | None:
    """The assistant message a decorated function returned, or a provider's response's.

    Examples:
        >>> _returned_reply('{"role": "assistant", "content": "Sunny."}').content
        'Sunny.'
        >>> _returned_reply('{"role": "user", "content": "Sunny?"}') is None
        True
    """
    returned = try_json(raw)
    if not isinstance(returned, dict):
        return None
    if returned.get("role") != "assistant":
        return provider_message(returned)
    found = parse_messages(returned, default_role="assistant")
    return found[0] if len(found) == 1 else None
