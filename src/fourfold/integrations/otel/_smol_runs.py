r"""What a smolagents run span's output is, under openlit's smolagents instrumentation.

openlit (measured on its smolagents instrumentation with smolagents 1.26.0) writes an
``invoke_agent <agent>`` span for the agent's run and one ``invoke_agent <agent> step_N``
span (``gen_ai.smolagents.step_number``) per step, each with ``gen_ai.provider.name``
``smolagents`` and a ``gen_ai.output.messages`` assistant message:

- a step's output is the step's observation (what its tools returned, a CodeAgent's
  ``Execution logs:\n...``), which smolagents gives the next model call as its
  ``Observation:\n...`` message: said by no one, so no message and no answer of the run;
- the run's output is its answer, the value its ``final_answer`` tool returned (a tool
  message answers that call) or the text of a last model call: the run's result, not a
  message of its own (a model call's reply already says it, when one does).
"""

from __future__ import annotations

from typing import Any

from .._messages import Msg

__all__ = ["smolagents_run", "step_number", "run_output"]

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
