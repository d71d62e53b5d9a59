"""Langtrace's DSPy module spans: the arguments as a Python repr, the prediction as JSON.

langtrace-python-sdk (3.8.21) writes a DSPy module's ``forward`` (``Predict.forward``,
``ChainOfThought.forward``...) with ``dspy.signature.name``, its keyword arguments as
``dspy.signature.args`` (``str(kwargs)``) and its ``Prediction`` as ``dspy.signature.result``
(JSON), no operation name: a chain run, its input the text its arguments ask beside ReAct's
``trajectory``, its answer the prediction's output field, else the prediction (the real
export: tests/data/traces/langtrace/langtrace-dspy-2026-12-07e). Rule:
`integrations/otel/_langtrace_dspy.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, stepped_span

TRACE = "d5" * 16
QUESTION = "What is the weather in Paris?"
PROMPT = "[[ ## question ## ]]\nWhat is the weather in Paris?\n\n[[ ## trajectory ## ]]\n"
LANGTRACE = {"langtrace.sdk.name": "langtrace-python-sdk", "langtrace.version": "3.8.21"}


def _module(n: int, name: str, args: str, result: dict[str, Any], **extra: Any) -> Any:
    attrs = {
        **LANGTRACE,
        "langtrace.service.name": "DSPy",
        "gen_ai.system": "dspy",
        "dspy.signature.name": name.split(".")[0],
        "dspy.signature.args": args,
        "dspy.signature.result": json.dumps(result),
        **extra,
    }
    return stepped_span(n, name, attrs, trace=TRACE, parent=None if n == 1 else n - 1)


def _litellm(n: int, reply: str) -> Any:
    attrs = {
        **LANGTRACE,
        "gen_ai.operation.name": "chat",
        "gen_ai.system": "litellm",
        "gen_ai.request.model": "openai/gpt-4o-mini",
        "gen_ai.input.messages": json.dumps([{"role": "user", "content": PROMPT}]),
        "gen_ai.output.messages": json.dumps([{"role": "assistant", "content": reply}]),
        "gen_ai.usage.input_tokens": 210,
        "gen_ai.usage.output_tokens": 40,
    }
    return stepped_span(n, "chat.completions.create", attrs, trace=TRACE, parent=n - 1)


STEP = {
    "next_thought": "Look it up.",
    "next_tool_name": "get_weather",
    "next_tool_args": {"city": "Paris"},
}
STEP_REPLY = "[[ ## next_thought ## ]]\nLook it up.\n\n[[ ## completed ## ]]"


def test_a_react_step_asks_its_question_and_answers_with_its_prediction(tmp_path: Path) -> None:
    """Before, the input was DSPy's prompt and the answer the reply's text in its markers."""
    args = repr({"question": QUESTION, "trajectory": ""})
    imported = import_one(
        tmp_path, [_module(1, "Predict.forward", args, STEP), _litellm(2, STEP_REPLY)]
    )
    assert imported.input == QUESTION
    # three output fields: the prediction, as written (JSON text, as a structured answer is)
    assert json.loads(str(imported.trace.output)) == STEP
    assert imported.metadata.get("agent_name") is None
    assert [m.content for m in imported.trace.messages] == [PROMPT, STEP_REPLY]
    assert imported.trace.tool_calls == []


def test_chain_of_thought_answers_with_its_output_field(tmp_path: Path) -> None:
    """Its ``reasoning`` is DSPy's own field: the answer is the prediction's ``answer``."""
    args = repr({"question": QUESTION, "trajectory": "[[ ## thought_0 ## ]]\nI'll look."})
    result = {"reasoning": "Looked up.", "answer": "Sunny, 22 C."}
    reply = "[[ ## reasoning ## ]]\nLooked up.\n\n[[ ## answer ## ]]\nSunny, 22 C."
    imported = import_one(
        tmp_path,
        [
            _module(1, "ChainOfThought.forward", args, result),
            _module(2, "Predict.forward", args, result),
            _litellm(3, reply),
        ],
    )
    assert imported.input == QUESTION
    assert imported.trace.output == "Sunny, 22 C."


def test_arguments_asking_no_text_are_kept_as_written(tmp_path: Path) -> None:
    args = repr({"questions": ["Warmer?", "Umbrella?"]})
    imported = import_one(
        tmp_path,
        [_module(1, "Predict.forward", args, {"answers": ["Yes.", "No."]}), _litellm(2, "x")],
    )
    assert imported.input == args
    assert json.loads(str(imported.trace.output)) == ["Yes.", "No."]


def test_a_span_langtrace_did_not_write_is_not_read_so(tmp_path: Path) -> None:
    """The same keys without Langtrace's mark (and no OpenInference kind): no DSPy module's
    run; the input is the first user message, the answer the reply."""
    module = _module(1, "Predict.forward", repr({"question": QUESTION}), STEP)
    for key in LANGTRACE:
        del module["attributes"][key]
    imported = import_one(tmp_path, [module, _litellm(2, STEP_REPLY)])
    assert imported.input == PROMPT
    assert imported.trace.output == STEP_REPLY


def test_langtrace_evaluate_span_is_no_run(tmp_path: Path) -> None:
    """``Evaluate.__call__`` writes ``dspy.evaluate.*``, no signature: not a module's run."""
    evaluate = stepped_span(
        1,
        "Evaluate.__call__",
        {
            **LANGTRACE,
            "gen_ai.system": "dspy",
            "dspy.evaluate.args": "(RAG(),)",
            "dspy.evaluate.result": "66.7",
        },
        trace=TRACE,
    )
    imported = import_one(tmp_path, [evaluate, _litellm(2, "Sunny.")])
    assert imported.input == PROMPT
    assert imported.trace.output == "Sunny."
