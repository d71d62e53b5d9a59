"""Two things only a model call's recorded request or response holds, under OpenInference.

The Agents SDK's hosted ``CodeInterpreterTool`` (``openai-agents-code-interpreter-2026-12-06o``,
three blind readings): the ``code_interpreter_call`` item is in no output message, only in the
``Response`` (``output.value``); it is a call of ``code_interpreter`` (its code the arguments,
the container it ran in none of them), a turn, and a tool message of its logs, before the
answer (`otel/_hosted_search._with_unlisted`). Bedrock's ``invoke_model`` on Amazon Titan
(``openinference-bedrock-titan-2026-12-06o``, both readings): no ``input.value``, the body as
``llm.invocation_parameters``, its ``inputText`` the one user message
(`otel/_openinference._body_prompt`). Before, neither was read.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers.span_builders import import_one, span

ANSWER = "The mean is 19.5 C."


def test_a_code_interpreter_item_only_the_response_holds_is_a_call(tmp_path: Path) -> None:
    item = {
        "type": "code_interpreter_call",
        "id": "ci_1",
        "code": "print((22 + 17) / 2)",
        "container_id": "cntr_1",
        "outputs": [{"type": "logs", "logs": "19.5\n"}],
    }
    said = {"type": "message", "content": [{"type": "output_text", "text": ANSWER}]}
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": "Mean of 22 and 17?",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": ANSWER,
        "output.value": json.dumps({"object": "response", "output": [item, said]}),
    }
    trace = import_one(tmp_path, [span(1, "response", attrs, trace="c1" * 16)]).trace
    assert [(m.role, m.content, m.tool_call_id) for m in trace.messages] == [
        ("user", "Mean of 22 and 17?", None),
        ("assistant", None, None),
        ("tool", "19.5\n", "ci_1"),
        ("assistant", ANSWER, None),
    ]
    [call] = trace.tool_calls
    assert (call.name, call.arguments, call.result, call.id) == (
        "code_interpreter",
        {"code": "print((22 + 17) / 2)"},
        19.5,
        "ci_1",
    )


def test_a_titan_body_recorded_as_parameters_is_the_user_message(tmp_path: Path) -> None:
    prompt = "User: Which is warmer: sunny at 22 C or rain at 17 C?\nBot:"
    body = {"inputText": prompt, "textGenerationConfig": {"maxTokenCount": 64}}
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "amazon.titan-text-express-v1",
        "llm.invocation_parameters": json.dumps(body),
        "output.value": " Sunny at 22 C.",
    }
    imported = import_one(tmp_path, [span(1, "bedrock.invoke_model", attrs, trace="c2" * 16)])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", prompt),
        ("assistant", " Sunny at 22 C."),
    ]
    assert imported.input == prompt
