"""A raw prompt in a model's chat template is the messages it renders.

Bedrock's ``invoke_model`` on Meta Llama under OpenInference
(``openinference-bedrock-llama-2026-12-06m``, both blind readings): the span's only input is
the body's ``prompt``, the Llama 3 instruct template with a system and a user turn and the
open assistant header. Its turns are the call's messages and the user's text the run's
input (`integrations/_templated_prompts.py`); before, the whole template was one user
message.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fourfold.integrations._templated_prompts import template_turns
from tests.helpers.span_builders import import_one, span

SYSTEM = "You are a helpful assistant. Answer in one short sentence."
QUESTION = "Which is warmer: sunny at 22 C or rain at 17 C?"
LLAMA3 = (
    "<|begin_of_text|><|start_header_id|>system<|end_header_id|>\n\n"
    f"{SYSTEM}<|eot_id|><|start_header_id|>user<|end_header_id|>\n\n"
    f"{QUESTION}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n"
)


def test_a_llama_prompt_on_invoke_model_is_its_system_and_user_turns(tmp_path: Path) -> None:
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "us.meta.llama3-3-70b-instruct-v1:0",
        "input.value": LLAMA3,
        "input.mime_type": "text/plain",
        "llm.token_count.prompt": 164,
        "llm.token_count.completion": 27,
    }
    imported = import_one(tmp_path, [span(1, "bedrock.invoke_model", attrs, trace="11" * 16)])
    trace = imported.trace
    assert [(m.role, m.content) for m in trace.messages] == [
        ("system", SYSTEM),
        ("user", QUESTION),
    ]
    assert imported.input == QUESTION


@pytest.mark.parametrize(
    "text",
    [
        "Tell me about <|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>",  # text before
        LLAMA3.replace("<|eot_id|><|start_header_id|>user", "<|eot_id|> <|start_header_id|>user"),
        "<|start_header_id|>narrator<|end_header_id|>\n\nOnce<|eot_id|>",  # no chat role
        "Which is warmer, <|im_start|>?",
    ],
)
def test_text_that_is_not_one_whole_templated_prompt_stays_as_written(text: str) -> None:
    assert template_turns(text) is None


def test_an_earlier_reply_and_a_tool_output_keep_their_turns() -> None:
    prompt = LLAMA3 + "Let me check.<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\n"
    prompt += "sunny<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n"
    turns = template_turns(prompt)
    assert turns is not None
    assert [(m.role, m.content) for m in turns] == [
        ("system", SYSTEM),
        ("user", QUESTION),
        ("assistant", "Let me check."),
        ("tool", "sunny"),
    ]


def test_a_templated_prompt_recorded_as_a_user_message_stays_as_written(tmp_path: Path) -> None:
    # OpenLLMetry's Bedrock instrumentation (openllmetry-bedrock-llama-2026-12-06n, both blind
    # readings): the body's prompt as the call's one user message, which is the message
    attrs = {
        "gen_ai.operation.name": "text_completion",
        "gen_ai.request.model": "llama3-3-70b-instruct-v1:0",
        "gen_ai.input.messages": json.dumps(
            [{"role": "user", "parts": [{"type": "text", "content": LLAMA3}]}]
        ),
    }
    imported = import_one(tmp_path, [span(1, "text_completion", attrs, trace="12" * 16)])
    assert [(m.role, m.content) for m in imported.trace.messages] == [("user", LLAMA3)]
    assert imported.input == LLAMA3
