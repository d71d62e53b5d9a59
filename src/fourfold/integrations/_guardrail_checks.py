"""A guardrail's own model call checks the run; its reply is not the run's answer.

An agent framework can back a guardrail with a model: the OpenAI Agents SDK's guardrail
function runs an agent of its own (a classifier with a structured ``output_type``) on the
run's input, before or beside the agent, or on its final output, after it. OpenInference
records that run inside the guardrail's span (``openinference.span.kind`` ``GUARDRAIL``):
its model call is a model call of the trace (its messages, its tokens), but what it answers
is a verdict on the run, not the run's answer. When the guardrail trips on the input, the
agent never answers and the check's reply is the only assistant text: the run produced no
answer. An output guardrail's check comes after the answer, the latest text in time.

Guardrails AI's guard is another ``GUARDRAIL`` span: OpenInference's instrumentation of it
writes each attempt as a ``Runner.step`` span of that kind whose events are its validators'
results (``<validator>_result``, with ``validator_name`` and ``result``); the model call
under it is the run's own, which the validators check after it answered (`validates_output`).

`answer_said` is the assistant's answer as the conversation holds it, leaving out what
a span inside a guardrail said.
"""

from __future__ import annotations

from collections.abc import Mapping

from ._choices import other_choice
from ._conversation import Conversation, said_text
from ._react_text import react_answer
from ._spans import Span, ancestors

__all__ = ["answer_said", "guardrail_checks", "validates_output"]

_KIND = "openinference.span.kind"


def guardrail_checks(ordered: list[Span], by_id: Mapping[str, Span]) -> set[int]:
    """The start times (unix ns) of the spans that run inside a guardrail's span."""
    return {
        s.start_ns
        for s in ordered
        if s.start_ns is not None
        and any(
            str(a.attributes.get(_KIND, "")).upper() == "GUARDRAIL" and not validates_output(a)
            for a in ancestors(s, by_id)
        )
    }


def validates_output(span: Span) -> bool:
    """Whether a guardrail's span records validators' results: Guardrails AI's guard step.

    Examples:
        >>> def step(*events):
        ...     return Span("t", "g", None, "step", 1, 2, "ok", None, {}, events=list(events))
        >>> validates_output(step({"name": "v_result",
        ...     "attributes": {"validator_name": "v", "result": "pass"}}))
        True
        >>> validates_output(step()), validates_output(step({"name": "v_result", "attributes": {}}))
        (False, False)
    """
    return any(
        str(e.get("name") or "").endswith("_result")
        and "validator_name" in (e.get("attributes") or {})
        and "result" in (e.get("attributes") or {})
        for e in span.events
    )


def answer_said(conv: Conversation, ordered: list[Span], by_id: Mapping[str, Span]) -> str | None:
    r"""The assistant's latest text in time that is no guardrail's check (`guardrail_checks`).

    Nor a reply's choice after its first (`other_choice`).

    A ReAct final step's text gives its ``Answer:`` (`react_answer`).
    As `Conversation.last_said`: a message recorded at no known time takes the time of the
    one before it; at equal times the later one counts.

    Examples:
        >>> from ._messages import Msg
        >>> def span(id, parent, start, kind):
        ...     return Span("t", id, parent, kind, start, start + 1, "ok", None, {_KIND: kind})
        >>> guard, check = span("g", None, 1, "GUARDRAIL"), span("c", "g", 2, "LLM")
        >>> conv = Conversation()
        >>> conv.now = 2
        >>> conv.append(Msg(role="assistant", content='{"is_injection": true}'))
        >>> conv.last_said()
        '{"is_injection": true}'
        >>> answer_said(conv, [guard, check], {"g": guard, "c": check}) is None
        True
    """
    checks = guardrail_checks(ordered, by_id)
    if not checks:
        return react_answer(conv.last_said())
    latest: tuple[int, int, str] | None = None
    when = 0
    for i, msg in enumerate(conv.messages):
        born = conv.born(msg)
        when = when if born is None else born
        text = said_text(msg)
        if text is None or born in checks or other_choice(msg):
            continue
        if latest is None or (when, i) >= latest[:2]:
            latest = (when, i, text)
    return react_answer(latest[2] if latest is not None else None)
