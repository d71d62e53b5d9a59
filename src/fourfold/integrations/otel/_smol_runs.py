r"""What a smolagents run span's output is, under openlit's smolagents instrumentation.

openlit (measured on its smolagents instrumentation with smolagents 1.26.0) writes an
``invoke_agent <agent>`` span for the agent's run and one ``invoke_agent <agent> step_N``
span (``gen_ai.smolagents.step_number``) per step, each with ``gen_ai.provider.name``
``smolagents`` and a ``gen_ai.output.messages`` assistant message:

- a step's output is the step's observation (what its tools returned, a CodeAgent's
  ``Execution logs:\n...``), which smolagents gives the next model call as its
  ``Observation:\n...`` message: said by no one, so no message and no answer of the run;
- an ``execute_tool`` span's ``gen_ai.tool.call.id`` is a fresh UUID the instrumentation
  makes for the span, which no request, replay or observation carries (the model's id,
  ``call_w1``, is what they answer by): the id of a call the model requested is the
  request's, the span being the execution of the open request of its tool with its very
  arguments; a tool the run's code called with no request (a CodeAgent's) keeps the UUID,
  its only id (`own_call_id`; both readings of each openlit smolagents export);
- the run's output is its answer, the value its ``final_answer`` tool returned (a tool
  message answers that call) or the text of a last model call: the run's result, not a
  message of its own (a model call's reply already says it, when one does).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from .._messages import Msg
from .._spans import Span
from .._steps import ToolRun

__all__ = ["own_call_id", "run_output", "smolagents_run", "step_number"]

_SCOPE = "openlit.instrumentation.smolagents"
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)

_STEP = "gen_ai.smolagents.step_number"


def smolagents_run(attrs: dict[str, Any]) -> bool:
    """Whether a run span is a smolagents agent's (its ``gen_ai.provider.name``)."""
    return attrs.get("gen_ai.provider.name") == "smolagents"


def step_number(attrs: dict[str, Any]) -> Any:
    """The step's number when the span is one step of a smolagents run, else None."""
    return attrs.get(_STEP) if smolagents_run(attrs) else None


def run_output(attrs: dict[str, Any], outputs: list[Msg], value: Any) -> tuple[list[Msg], Any]:
    r"""(messages, result) of a smolagents run span whose output is `outputs`.

    A step's output is neither; an agent run's is its result (its one assistant text), no
    message. Any other span's come back as they are.

    Examples:
        >>> said = [Msg("assistant", "sunny")]
        >>> run_output({"gen_ai.provider.name": "smolagents"}, said, None)
        ([], 'sunny')
        >>> run_output({"gen_ai.provider.name": "smolagents", _STEP: 2}, said, None)
        ([], None)
        >>> run_output({"gen_ai.provider.name": "openai"}, said, None)[0] == said
        True
    """
    if not smolagents_run(attrs):
        return outputs, value
    if step_number(attrs) is not None:
        return [], value
    texts = [m.content for m in outputs if m.role == "assistant" and m.content]
    if value is None and len(texts) == 1 and len(outputs) == 1:
        return [], texts[0]
    return outputs, value


def own_call_id(span: Span, run: ToolRun) -> ToolRun:
    """`run` marked as carrying the instrumentation's own id (`ToolRun.own_id`), where it does.

    Only on openlit's smolagents spans whose call id is a UUID.

    Examples:
        >>> from ...trace import ToolCall
        >>> span = Span("t1", "s1", None, "execute_tool f", 0, 1, "ok", None, {}, scope=_SCOPE)
        >>> fresh = ToolCall(name="f", id="061f1036-7729-4729-8080-3a2dfe9b095e")
        >>> own_call_id(span, ToolRun(span, fresh)).own_id
        True
        >>> own_call_id(span, ToolRun(span, ToolCall(name="f", id="call_1"))).own_id
        False
    """
    if span.scope != _SCOPE or run.call.id is None or not _UUID.fullmatch(run.call.id):
        return run
    return dataclasses.replace(run, own_id=True)
