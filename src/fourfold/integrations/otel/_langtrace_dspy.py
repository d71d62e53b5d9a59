"""Langtrace's DSPy spans: a module's keyword arguments as a Python repr, its prediction as JSON.

langtrace-python-sdk (3.8.21) wraps the ``forward`` of DSPy's modules (``Predict``,
``ChainOfThought``, ``ChainOfThoughtWithHint``, ``ReAct``, ``ProgramOfThought``,
``MultiChainComparison``; scope ``langtrace_python_sdk.instrumentation.dspy.instrumentation``,
``langtrace.service.name`` ``DSPy``, ``gen_ai.system`` ``dspy``) in one span named
``<Module>.forward`` that writes ``dspy.signature.name`` (the module's class),
``dspy.signature.args`` (the call's keyword arguments as ``str(kwargs)``: a Python dict's
repr, not JSON) and ``dspy.signature.result`` (the ``Prediction``'s ``toDict()`` as JSON).
It writes no operation name, model or usage: the module's LM call is the LiteLLM and client
spans inside it. Such a span is a DSPy module's run, read as openinference-instrumentation-
dspy's module span is (`._dspy_programs`): a chain (a run only outside other steps).

- Input: the arguments that ask a text (``question``, ``task``, ``query``, ``prompt``:
  `._asked_task`), else their one text value once ReAct's ``trajectory`` is set aside (the
  scratchpad ReAct gives its predictors beside the signature's inputs: the run's own steps,
  not what the user asked); arguments that ask no text are what the program was asked, kept
  as written (DSPy's prompt renders its fields in its own markers: no user's message). A
  repr that is no literal dict (an argument that is an object, ``History(...)``) is not read.
- Output: the prediction's one output field beside ``reasoning`` and ``trajectory`` (the
  contract: the run's answer is the prediction's ``answer``), else the prediction as written
  (`._dspy_programs.dspy_answer`): a ReAct step's ``{next_thought, next_tool_name,
  next_tool_args}`` is that object.

Langtrace's other DSPy spans (``Evaluate.__call__``'s ``dspy.evaluate.*``, an optimizer's
``dspy.optimizer.*``) write no ``dspy.signature.*`` and are not read.
"""

from __future__ import annotations

from typing import Any

from .._langtrace_spans import is_langtrace
from .._messages import try_json
from .._spans import Span
from .._steps import AgentRun
from ._asked_task import asked_task
from ._dspy_programs import dspy_answer
from ._model_str import python_dict

__all__ = ["dspy_module_run", "is_langtrace_dspy"]

_NAME = "dspy.signature.name"
_ARGS = "dspy.signature.args"
_RESULT = "dspy.signature.result"

_SCRATCHPAD = frozenset({"trajectory"})
"""The input field a DSPy module adds to its predictors' signature (ReAct's steps so far)."""


def is_langtrace_dspy(span: Span) -> bool:
    """Whether the span is Langtrace's record of a DSPy module's ``forward``.

    A span of Langtrace's that carries ``dspy.signature.name``.

    Examples:
        >>> lt = {"langtrace.sdk.name": "langtrace-python-sdk", "gen_ai.system": "dspy"}
        >>> def span(attrs, name="Predict.forward"):
        ...     return Span("t", "s", None, name, 1, 2, "ok", None, attrs)
        >>> is_langtrace_dspy(span({**lt, "dspy.signature.name": "Predict"}))
        True

        Its ``Evaluate.__call__`` (no signature), another tracer's DSPy module span (its
        name alone), a Langtrace model call: not one.

        >>> is_langtrace_dspy(span({**lt, "dspy.evaluate.args": "()"}, "Evaluate.__call__"))
        False
        >>> is_langtrace_dspy(span({"input.value": '{"question": "Hi"}'}))
        False
        >>> is_langtrace_dspy(span({"dspy.signature.name": "Predict"}))
        False
        >>> is_langtrace_dspy(span({**lt, "gen_ai.system": "litellm"}, "chat.completions.create"))
        False
    """
    return isinstance(span.attributes.get(_NAME), str) and is_langtrace(span)


def dspy_module_run(span: Span) -> AgentRun | None:
    """Langtrace's DSPy module span as a chain run: its arguments' ask, its prediction.

    Examples:
        >>> attrs = {"langtrace.sdk.name": "langtrace-python-sdk",
        ...          "dspy.signature.name": "Predict",
        ...          "dspy.signature.args": "{'question': 'Warmer?', 'trajectory': ''}",
        ...          "dspy.signature.result": '{"next_thought": "Look.", "next_tool_args": {}}'}
        >>> run = dspy_module_run(Span("t", "s", None, "Predict.forward", 1, 2, "ok", None,
        ...                            attrs))
        >>> run.kind, run.input_value, run.output_value, run.name
        ('chain', 'Warmer?', '{"next_thought": "Look.", "next_tool_args": {}}', None)

        ChainOfThought's prediction answers with its output field:

        >>> attrs["dspy.signature.result"] = '{"reasoning": "Sunny.", "answer": "Paris."}'
        >>> dspy_module_run(Span("t", "s", None, "ChainOfThought.forward", 1, 2, "ok", None,
        ...                      attrs)).output_value
        '"Paris."'
    """
    if not is_langtrace_dspy(span):
        return None
    attrs = span.attributes
    result = attrs.get(_RESULT)
    return AgentRun(
        span,
        output_value=dspy_answer(result) if isinstance(result, str) else None,
        kind="chain",
        input_value=module_input(attrs.get(_ARGS)),
    )


def module_input(raw: Any) -> str | None:
    """What a DSPy module's keyword arguments, written as a dict's repr, ask.

    Examples:
        >>> module_input("{'question': 'Weather in Paris?', 'trajectory': ''}")
        'Weather in Paris?'
        >>> module_input("{'city_query': 'Paris?', 'trajectory': '[[ ## thought_0 ## ]]'}")
        'Paris?'

        Arguments asking no one text are kept as written; a repr that is no literal dict
        (an object among the arguments), or none, is not read:

        >>> module_input("{'questions': ['Warmer?', 'Umbrella?']}")
        "{'questions': ['Warmer?', 'Umbrella?']}"
        >>> module_input("{'question': 'Hi', 'history': History(messages=[])}") is None
        True
        >>> module_input("{}") is None, module_input(None) is None
        (True, True)
    """
    args = python_dict(raw) or try_json(raw)  # a repr that happens to be JSON too
    if not isinstance(args, dict) or not args:
        return None
    asked = asked_task(args)
    if asked is not None:
        return asked
    texts = [v for k, v in args.items() if k not in _SCRATCHPAD]
    if len(texts) == 1 and isinstance(texts[0], str) and texts[0].strip():
        return texts[0]
    return raw if isinstance(raw, str) else None
