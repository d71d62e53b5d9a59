"""A DSPy module the application called on its own, under MLflow's DSPy autolog.

``mlflow-dspy-bootstrap-2026-12-06n`` (both blind readings): a ``dspy.Predict`` compiled by
``BootstrapFewShot``, asked a question; MLflow types the module's ``Predict.forward`` span
``LLM`` (its ``signature`` beside it) over the ``LM.__call__`` that is the model call. At the
root it is the run: its arguments' question is the input and its prediction's answer the
output (`otel/_mlflow.interpret_mlflow`); before, the model's prompt (the demos' and the
question's fields) and its raw field-marked reply were. Inside a program (a ReAct's
``Predict.forward``) it stays what it was.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers.span_builders import import_one, mlflow_attributes, span

TRACE = "d5" * 16
QUESTION = "What is the weather in Paris?"
REPLY = "[[ ## answer ## ]]\nsunny, 22 C\n\n[[ ## completed ## ]]"


def test_a_root_dspy_module_is_the_run(tmp_path: Path) -> None:
    module = mlflow_attributes(
        "LLM",
        {"question": QUESTION},
        {"answer": "sunny, 22 C"},
        signature="question -> answer",
        **{"mlflow.chat.tokenUsage": {"input_tokens": 96, "output_tokens": 9}},
    )
    prompt = f"[[ ## question ## ]]\n{QUESTION}\n\nRespond with the fields."
    lm = mlflow_attributes(
        "CHAT_MODEL",
        {
            "messages": [
                {"role": "system", "content": "Fields."},
                {"role": "user", "content": prompt},
            ]
        },
        [REPLY],
        model="openai/gpt-4o-mini",
    )
    spans = [
        span(1, "Predict.forward", module, trace=TRACE, start=0.0, end=2.0),
        span(2, "LM.__call__", lm, trace=TRACE, parent=1, start=0.5, end=1.5),
    ]
    imported = import_one(tmp_path, spans)
    assert (imported.input, imported.trace.output) == (QUESTION, "sunny, 22 C")
    assert [m.role for m in imported.trace.messages] == ["system", "user", "assistant"]
    assert imported.trace.usage.input_tokens == 96
