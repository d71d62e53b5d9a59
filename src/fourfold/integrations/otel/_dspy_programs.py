"""A DSPy module's span under OpenInference: the arguments it was called with, its prediction.

openinference-instrumentation-dspy (0.1.48, DSPy 3.4.1) records each module's ``forward`` /
``aforward`` as a CHAIN span (scope ``openinference.instrumentation.dspy``) whose
``input.value`` is the call's keyword arguments as JSON (``{"question": ...}``; ReAct's
``{"input_args": {...}}``) and whose ``output.value`` is the ``Prediction``'s fields as JSON.
The span is named ``<Module>.forward`` (``<Module>.aforward`` under ``acall``): that name
tells a DSPy module where no scope is written (an SDK's console dump names none).

- Input: the arguments that ask one text are that text (the generic reading, `_run_input`);
  arguments that do not (a program of its own given ``{"questions": [two texts]}``, as a
  ``dspy.Parallel`` program is) are what the program was asked, kept as written: DSPy's prompt
  is no user's message (it renders the fields in its own markers), and a program whose model
  calls ran in other traces (``dspy.Parallel``'s worker threads) has none at all.
- Output: the run's answer is the prediction's output field, not the object that also holds
  the module's own ``reasoning`` (``ChainOfThought``) and ``trajectory`` (``ReAct``): with
  one output field left, its value is the answer (a list stays a list); more fields stay the
  prediction, as written.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .._messages import try_json
from .._spans import Span

__all__ = ["DSPY_SCOPE", "dspy_answer", "dspy_input", "is_dspy_module"]

DSPY_SCOPE = "openinference.instrumentation.dspy"
"""The instrumentation scope of openinference-instrumentation-dspy's spans."""

_OWN_FIELDS = frozenset({"reasoning", "trajectory"})
"""The fields a DSPy module adds to its signature's outputs (ChainOfThought, ReAct)."""

_MODULE_SPAN = re.compile(r"[A-Za-z_]\w*\.a?forward")


def is_dspy_module(span: Span) -> bool:
    """Whether `span` is a DSPy module's: by its scope, else (none written) by its name.

    Examples:
        >>> def named(name: str, scope: str | None = None) -> Span:
        ...     return Span("t", "s", None, name, None, None, "ok", None, {}, scope=scope)
        >>> is_dspy_module(named("Anything", DSPY_SCOPE)), is_dspy_module(named("RAG.forward"))
        (True, True)
        >>> is_dspy_module(named("RAG.forward", "openinference.instrumentation.langchain"))
        False
        >>> is_dspy_module(named("LM.__call__")), is_dspy_module(named("RunnableSequence"))
        (False, False)
    """
    if span.scope is not None:
        return span.scope == DSPY_SCOPE
    return _MODULE_SPAN.fullmatch(span.name) is not None


def dspy_input(raw: Any, asked: str | None) -> str | None:
    """The program's input: `asked` (the text its arguments ask), else its arguments as written.

    Examples:
        >>> dspy_input('{"question": "Warmer?"}', "Warmer?")
        'Warmer?'
        >>> dspy_input('{"questions": ["Warmer?", "Umbrella?"]}', None)
        '{"questions": ["Warmer?", "Umbrella?"]}'
        >>> dspy_input("null", None) is None
        True
    """
    if asked is not None or not isinstance(raw, str):
        return asked
    parsed = try_json(raw)
    return raw if isinstance(parsed, dict) and parsed else None


def dspy_answer(raw: Any) -> Any:
    """The prediction's one output field, as JSON text; else `raw` as recorded.

    Examples:
        >>> dspy_answer('{"answers": ["Sunny at 22 C.", "Tokyo."]}')
        '["Sunny at 22 C.", "Tokyo."]'
        >>> dspy_answer('{"reasoning": "22 C is warmer.", "answer": "Sunny."}')
        '"Sunny."'
        >>> dspy_answer('{"answer": "Sunny.", "confidence": 0.9}')
        '{"answer": "Sunny.", "confidence": 0.9}'
    """
    parsed = try_json(raw) if isinstance(raw, str) else raw
    if not isinstance(parsed, dict):
        return raw
    fields = [key for key in parsed if key not in _OWN_FIELDS]
    if len(fields) != 1:
        return raw
    return json.dumps(parsed[fields[0]], ensure_ascii=False)
