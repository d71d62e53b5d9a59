"""Guardrails AI's runs as OpenInference's instrumentation records them.

``openinference-instrumentation-guardrails`` (0.1.x, over guardrails-ai 0.5) writes one
``Runner.step`` span (kind ``GUARDRAIL``) per attempt, and under it the model call
(``OpenAIChatCallable.__call__`` and its kin, kind ``LLM``) and a span per validator run. The
LLM span records only its input: ``input.value`` is ``{"base_model": ..., "msg_history":
[...]}`` (`guard_messages` reads the messages), with no output and no model. What the model
answered is on the step: each validator's ``<validator>_result`` event carries as ``input``
the LLM output guardrails gave it (and as ``output`` what it made of it); the model asked for
is only in the step's ``input.value``, a ``call_log`` written as the ``Call(...)`` repr whose
``CallInputs`` hold ``kwargs={'model': ...}``.

`mend_guard_calls` writes, in place and before the spans are read, the reply and the model
onto the step's one LLM child that recorded neither: the reply as that span's
``output.value``, the model as its ``llm.invocation_parameters``. A step with no validator
event, several LLM children, or a child that records an output is left as it is; the kwargs
are read as a Python dict literal (`python_dict`), never evaluated.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from .._messages import Msg, parse_messages, try_json
from .._spans import Span
from ._model_str import python_dict

__all__ = ["guard_messages", "mend_guard_calls"]

_KWARGS = re.compile(r"\bkwargs=(\{[^{}]*\})")
_RESULT = re.compile(r".+_result")


def guard_messages(value: Any) -> list[Msg]:
    """The messages of a Guardrails LLM span's ``input.value``: its ``msg_history``.

    Examples:
        >>> [(m.role, m.content) for m in guard_messages(
        ...     '{"base_model": null, "msg_history": [{"role": "user", "content": "Hi"}]}')]
        [('user', 'Hi')]
        >>> guard_messages('{"msg_history": [{"role": "user", "content": "Hi"}]}')  # no base_model
        []
        >>> guard_messages('{"messages": [], "base_model": null}'), guard_messages("Hi")
        ([], [])
    """
    parsed = try_json(value)
    if not isinstance(parsed, dict) or "base_model" not in parsed:
        return []
    history = parsed.get("msg_history")
    if not isinstance(history, list):
        return []
    return parse_messages(history, default_role="user")


def mend_guard_calls(spans: Iterable[Span]) -> None:
    """Give each Guardrails step's unanswered LLM child its reply and model, in place.

    Examples:
        >>> log = "Call(inputs=CallInputs(kwargs={'model': 'm'}))"
        >>> step = Span("t", "a", None, "Runner.step", 0, 9, "ok", None, {
        ...     "openinference.span.kind": "GUARDRAIL",
        ...     "input.value": json.dumps({"call_log": log})},
        ...     events=[{"name": "v_result", "attributes": {"validator_name": "v", "result": "pass",
        ...         "input": "Hello"}}])
        >>> llm = Span("t", "b", "a", "OpenAIChatCallable.__call__", 1, 2, "ok", None, {
        ...     "openinference.span.kind": "LLM", "input.value": '{"base_model": null}'})
        >>> mend_guard_calls([step, llm])
        >>> llm.attributes["output.value"], llm.attributes["llm.invocation_parameters"]
        ('Hello', '{"model": "m"}')
        >>> answered = Span("t", "c", "a", "call", 1, 2, "ok", None, {
        ...     "openinference.span.kind": "LLM", "output.value": "Hi"})
        >>> mend_guard_calls([step, answered]); answered.attributes["output.value"]
        'Hi'
        >>> chain = Span("t", "a", None, "step", 0, 9, "ok", None, {
        ...     "openinference.span.kind": "CHAIN"}, events=step.events)
        >>> other = Span("t", "b", "a", "llm", 1, 2, "ok", None, {
        ...     "openinference.span.kind": "LLM"})
        >>> mend_guard_calls([chain, other]); sorted(other.attributes)
        ['openinference.span.kind']
    """
    spans = list(spans)
    children: dict[tuple[str, str], list[Span]] = {}
    for span in spans:
        if span.parent_id is not None and _kind(span) == "LLM":
            children.setdefault((span.trace_id, span.parent_id), []).append(span)
    for step in spans:
        if _kind(step) != "GUARDRAIL":
            continue
        calls = children.get((step.trace_id, step.span_id), [])
        reply = _validated_input(step)
        if len(calls) != 1 or reply is None:
            continue
        [call] = calls
        if call.attributes.get("output.value") is not None or any(
            k.startswith("llm.output_messages") for k in call.attributes
        ):
            continue
        call.attributes["output.value"] = reply
        model = _call_log_model(step.attributes.get("input.value"))
        if model is not None and "llm.invocation_parameters" not in call.attributes:
            call.attributes["llm.invocation_parameters"] = json.dumps({"model": model})


def _kind(span: Span) -> str:
    return str(span.attributes.get("openinference.span.kind") or "").upper()


def _validated_input(step: Span) -> str | None:
    """The text the step's first validator result event was given (the LLM's output).

    Examples:
        >>> def step(attributes):
        ...     return Span("t", "g", None, "s", 1, 2, "ok", None, {},
        ...         events=[{"name": "v_result", "attributes": attributes}])
        >>> _validated_input(step({"validator_name": "v", "result": "pass", "input": "Hi"}))
        'Hi'
        >>> _validated_input(step({"result": "pass", "input": "Hi"}))  # no validator named
        >>> _validated_input(step({"validator_name": "v", "result": "pass"}))
    """
    for event in step.events:
        attrs = event.get("attributes") or {}
        named = _RESULT.fullmatch(str(event.get("name") or ""))
        if named and "validator_name" in attrs and "result" in attrs:
            text = attrs.get("input")
            if isinstance(text, str) and text:
                return text
    return None


def _call_log_model(value: Any) -> str | None:
    r"""The ``model`` of the ``kwargs`` in the step's ``call_log`` repr.

    Examples:
        >>> _call_log_model('{"call_log": "Call(inputs=CallInputs(kwargs={\'model\': \'m\'}))"}')
        'm'
        >>> _call_log_model('{"call_log": "Call(kwargs={})"}'), _call_log_model('{"x": 1}')
        (None, None)
    """
    parsed = try_json(value)
    log = parsed.get("call_log") if isinstance(parsed, dict) else None
    if not isinstance(log, str) or (found := _KWARGS.search(log)) is None:
        return None
    kwargs = python_dict(found.group(1)) or {}
    model = kwargs.get("model")
    return model if isinstance(model, str) and model else None
