"""A DSPy program's own span under OpenInference: the arguments it took, its prediction.

openinference-instrumentation-dspy records a module's ``forward`` as a CHAIN whose
``input.value`` is its keyword arguments and ``output.value`` its ``Prediction``'s fields. A
``dspy.Parallel`` program runs its sub-programs in worker threads that do not carry the
OpenTelemetry context: its own span is a trace of its own, with no model call (the real
export: tests/data/traces/dspy/dspy-parallel-*). Its input ``{"questions": [...]}`` asks no one
text, so it is kept as written; its prediction's one output field, a list, is the answer. Rule:
`integrations/otel/_dspy_programs.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations.otel._dspy_programs import DSPY_SCOPE
from tests.helpers.span_builders import import_one, span

TRACE = "9a" * 16
QUESTIONS = ["Which is warmer: sunny at 22 C or rain at 17 C?", "Umbrella: Paris or Tokyo?"]


def _module(name: str, given: Any, prediction: Any, scope: str | None = DSPY_SCOPE) -> Any:
    """One module's CHAIN span, alone in its trace, as the DSPy instrumentation writes it."""
    attrs = {
        "openinference.span.kind": "CHAIN",
        "input.value": json.dumps(given),
        "input.mime_type": "application/json",
        "output.value": json.dumps(prediction),
        "output.mime_type": "application/json",
    }
    written = span(1, name, attrs, trace=TRACE)
    if scope is not None:
        written["instrumentation_scope"] = {"name": scope, "version": "0.1.48"}
    return written


def test_a_programs_arguments_asking_no_one_text_are_its_input_as_written(
    tmp_path: Path,
) -> None:
    """``{"questions": [two texts]}`` is no question of its own and no model call holds the
    user's words: the arguments, as written, are what the program was asked. Before, none."""
    given = {"questions": QUESTIONS}
    imported = import_one(tmp_path, [_module("WeatherQuestions.forward", given, {"answers": []})])
    assert imported.input == json.dumps(given)
    assert imported.trace.messages == []


def test_a_predictions_one_output_field_is_the_answer(tmp_path: Path) -> None:
    """``{"answers": [...]}``: the prediction's output field, a list, is the run's structured
    answer, not the object around it. Before, the object."""
    answers = ["Sunny at 22 C.", "Tokyo."]
    program = _module("WeatherQuestions.forward", {"questions": QUESTIONS}, {"answers": answers})
    trace = import_one(tmp_path, [program]).trace
    assert trace.structured == answers


def test_reasoning_beside_the_answer_is_the_modules_own_field(tmp_path: Path) -> None:
    """ChainOfThought adds ``reasoning``: the answer is still the text of ``answer``, and the
    one question of ``{"question": ...}`` the input (the siblings' reading, unchanged)."""
    prediction = {"reasoning": "22 C is more than 17 C.", "answer": "Sunny at 22 C."}
    program = _module("ChainOfThought.forward", {"question": QUESTIONS[0]}, prediction)
    imported = import_one(tmp_path, [program])
    assert (imported.input, imported.trace.output) == (QUESTIONS[0], "Sunny at 22 C.")
    assert imported.trace.structured is None


def test_a_prediction_of_several_fields_stays_the_prediction(tmp_path: Path) -> None:
    """Two output fields name no one answer: the prediction stays, as written."""
    prediction = {"city": "Tokyo", "umbrella": True}
    program = _module("Umbrella.forward", {"question": QUESTIONS[1]}, prediction)
    assert import_one(tmp_path, [program]).trace.structured == prediction


def test_another_instrumentations_chain_keeps_the_generic_reading(tmp_path: Path) -> None:
    """A CHAIN of another instrumentation with the same shapes: its JSON arguments are a
    chain's, no question (no input), and its one-key object stays its result."""
    program = _module("pipeline", {"questions": QUESTIONS}, {"answers": ["a"]}, scope=None)
    imported = import_one(tmp_path, [program])
    assert imported.input is None
    assert imported.trace.structured == {"answers": ["a"]}


def test_a_module_span_with_no_scope_is_told_by_its_name(tmp_path: Path) -> None:
    """An SDK's console dump writes no instrumentation scope: ``<Module>.forward`` (or
    ``.aforward``) still names a DSPy module, read the same."""
    answers = ["Sunny at 22 C.", "Tokyo."]
    given = {"questions": QUESTIONS}
    for name in ("WeatherQuestions.forward", "WeatherQuestions.aforward"):
        program = _module(name, given, {"answers": answers}, scope=None)
        imported = import_one(tmp_path, [program])
        assert (imported.input, imported.trace.structured) == (json.dumps(given), answers)
