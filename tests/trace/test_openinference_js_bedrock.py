"""OpenInference's Bedrock instrumentation for JS: what only its Converse request holds.

Shapes from ``bedrock/openinference-js-bedrock-2026-12-07i.json``
(@arizeai/openinference-instrumentation-bedrock 0.5.1 over the AWS SDK for JavaScript v3's
``ConverseCommand``): ``input.value`` is the request as sent, ``{modelId, system, messages,
toolConfig}``, while ``llm.input_messages`` flatten a message of ``toolResult`` blocks to one
message naming only the last block's call, no content (`_js_flat` writes them as
``attribute-helpers.ts`` does). The Python instrumentation's spans (``input.value`` the messages
list, a tool message per result) and other requests in ``input.value`` read as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations.otel._converse_requests import with_converse_results
from fourfold.integrations.otel._openinference import _messages, flatten
from tests.helpers.span_builders import import_one, span

TRACE = "b3" * 16
_SYSTEM = [{"text": "You are a weather assistant."}]
_QUESTION = {"role": "user", "content": [{"text": "What is the weather in Paris and in Tokyo?"}]}
_ASKED = {
    "role": "assistant",
    "content": [
        {"toolUse": {"toolUseId": "tooluse_w1", "name": "get_weather", "input": {"city": "P"}}},
        {"toolUse": {"toolUseId": "tooluse_w2", "name": "get_weather", "input": {"city": "T"}}},
    ],
}
_ANSWER = "Paris is sunny; Tokyo has rain."


def _result(call: str, text: str, **more: Any) -> dict[str, Any]:
    return {"toolResult": {"toolUseId": call, "content": [{"text": text}], **more}}


_RESULTS = {
    "role": "user",
    "content": [_result("tooluse_w1", "sunny, 22 C"), _result("tooluse_w2", "rain, 17 C")],
}


def _js_flat(system: list[dict[str, Any]], messages: list[dict[str, Any]]) -> dict[str, Any]:
    """``llm.input_messages`` as the JS instrumentation writes a Converse request's messages.

    The system blocks' texts as message 0; one text block as ``content``, else each text
    block a ``contents.<j>`` entry, each ``toolUse`` a ``tool_calls.<k>`` entry, and each
    ``toolResult`` only ``tool_call_id``, the last one written staying.
    """
    said = [{"role": "system", "content": [{"text": "\n\n".join(b["text"] for b in system)}]}]
    out: dict[str, Any] = {}
    for i, message in enumerate([*said, *messages] if system else messages):
        at = f"llm.input_messages.{i}.message"
        out[f"{at}.role"] = message["role"]
        blocks = message["content"]
        if len(blocks) == 1 and "text" in blocks[0]:
            out[f"{at}.content"] = blocks[0]["text"]
            continue
        calls = 0
        for j, block in enumerate(blocks):
            if "text" in block:
                out[f"{at}.contents.{j}.message_content.type"] = "text"
                out[f"{at}.contents.{j}.message_content.text"] = block["text"]
            elif "toolUse" in block:
                use = block["toolUse"]
                call = f"{at}.tool_calls.{calls}.tool_call"
                out[f"{call}.id"] = use["toolUseId"]
                out[f"{call}.function.name"] = use["name"]
                out[f"{call}.function.arguments"] = json.dumps(use["input"])
                calls += 1
            elif "toolResult" in block:
                out[f"{at}.tool_call_id"] = block["toolResult"]["toolUseId"]
    return out


def _python_flat(messages: list[dict[str, Any]]) -> dict[str, Any]:
    """``llm.input_messages`` as the Python instrumentation writes them: a tool message each."""
    out: dict[str, Any] = {}
    i = 0
    for message in messages:
        results = [b["toolResult"] for b in message["content"] if "toolResult" in b]
        for result in results:
            at = f"llm.input_messages.{i}.message"
            out[f"{at}.role"] = "tool"
            out[f"{at}.content"] = result["content"][0]["text"]
            out[f"{at}.tool_call_id"] = result["toolUseId"]
            i += 1
        if results:
            continue
        out.update({k.replace(".0.", f".{i}.", 1): v for k, v in _js_flat([], [message]).items()})
        i += 1
    return out


def _reply(n: int, request: Any, flat: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
    """A ``bedrock.converse`` LLM span under the application's span 1."""
    out: dict[str, Any] = {"llm.output_messages.0.message.role": "assistant"}
    texts = [b["text"] for b in reply["content"] if "text" in b]
    uses = [b["toolUse"] for b in reply["content"] if "toolUse" in b]
    if texts:
        out["llm.output_messages.0.message.content"] = texts[0]
    for k, use in enumerate(uses):
        call = f"llm.output_messages.0.message.tool_calls.{k}.tool_call"
        out[f"{call}.id"] = use["toolUseId"]
        out[f"{call}.function.name"] = use["name"]
        out[f"{call}.function.arguments"] = json.dumps(use["input"])
    attrs = {
        "openinference.span.kind": "LLM",
        "llm.provider": "aws",
        "llm.system": "anthropic",
        "llm.model_name": "anthropic",
        "input.value": json.dumps(request),
        "input.mime_type": "application/json",
        "output.value": json.dumps({"output": {"message": reply}, "stopReason": "end_turn"}),
        **flat,
        **out,
    }
    return span(n, "bedrock.converse", attrs, trace=TRACE, parent=1, start=n, end=n + 0.5)


def _loop(
    results: dict[str, Any], *, python: bool = False, model: str = "us.anthropic.claude-sonnet-4-6"
) -> list[dict[str, Any]]:
    """The application's span and two Converse calls, the second given `results`."""
    said = {"role": "assistant", "content": [{"text": _ANSWER}]}
    spans = [span(1, "weather_loop", {}, trace=TRACE, start=0.0, end=9.0)]
    for n, messages, reply in (
        (2, [_QUESTION], _ASKED),
        (3, [_QUESTION, _ASKED, results], said),
    ):
        if python:  # the messages list alone; llm.model_name the id given
            flat = _python_flat([{"role": "system", "content": _SYSTEM}, *messages])
            request: Any = messages
        else:
            flat = _js_flat(_SYSTEM, messages)
            request = {"modelId": model, "system": _SYSTEM, "messages": messages}
        built = _reply(n, request, flat, reply)
        if python:
            built["attributes"]["llm.model_name"] = model
        spans.append(built)
    return spans


def _said(tmp_path: Path, spans: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    imported = import_one(tmp_path, spans)
    return [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]


def _calls(tmp_path: Path, spans: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    imported = import_one(tmp_path, spans)
    return [(c.id, c.arguments, c.result, c.error) for c in imported.trace.tool_calls]


def test_a_flattened_message_of_tool_results_is_read_from_the_request(tmp_path: Path) -> None:
    said = _said(tmp_path, _loop(_RESULTS))
    assert said[3:] == [
        ("tool", "sunny, 22 C", "tooluse_w1"),
        ("tool", "rain, 17 C", "tooluse_w2"),
        ("assistant", _ANSWER, None),
    ]
    assert _calls(tmp_path, _loop(_RESULTS)) == [
        ("tooluse_w1", {"city": "P"}, "sunny, 22 C", None),
        ("tooluse_w2", {"city": "T"}, "rain, 17 C", None),
    ]


def test_a_failed_result_and_text_beside_the_results(tmp_path: Path) -> None:
    """A ``status: error`` result is the call's failure; the message's text a user message."""
    results = {
        "role": "user",
        "content": [
            _result("tooluse_w1", "sunny, 22 C"),
            _result("tooluse_w2", "no such city", status="error"),
            {"text": "Answer in one line."},
        ],
    }
    assert _said(tmp_path, _loop(results))[3:6] == [  # its text first, as parse_messages reads
        ("user", "Answer in one line.", None),  # a message of text and results
        ("tool", "sunny, 22 C", "tooluse_w1"),
        ("tool", "no such city", "tooluse_w2"),
    ]
    assert _calls(tmp_path, _loop(results))[1] == (
        "tooluse_w2",
        {"city": "T"},
        "no such city",
        "no such city",
    )


def test_one_result_alone_takes_its_content(tmp_path: Path) -> None:
    """A message of one ``toolResult`` block is flattened to its id alone too."""
    asked = {"role": "assistant", "content": _ASKED["content"][:1]}
    spans = _loop({"role": "user", "content": [_result("tooluse_w1", "sunny, 22 C")]})
    request = json.loads(spans[2]["attributes"]["input.value"])
    request["messages"][1] = asked
    spans[2]["attributes"]["input.value"] = json.dumps(request)
    for key in [k for k in spans[2]["attributes"] if ".tool_calls.1." in k]:
        del spans[2]["attributes"][key]
    assert ("tool", "sunny, 22 C", "tooluse_w1") in _said(tmp_path, spans)


# -- the look-alikes it must not fire on --------------------------------------------------


def test_the_python_instrumentations_spans_read_as_before(tmp_path: Path) -> None:
    """``input.value`` the messages list: no request; each result its own tool message."""
    said = _said(tmp_path, _loop(_RESULTS, python=True))
    assert said[3:5] == [
        ("tool", "sunny, 22 C", "tooluse_w1"),
        ("tool", "rain, 17 C", "tooluse_w2"),
    ]


def test_messages_that_do_not_line_up_with_the_request_stay() -> None:
    """A request of other messages than the flattened ones gives nothing."""
    messages = [_QUESTION, _ASKED, _RESULTS]
    attrs = flatten(_python_flat([{"role": "system", "content": _SYSTEM}, *messages]))
    flat = _messages(attrs, "llm.input_messages.", "user")
    request = {"modelId": "m", "system": _SYSTEM, "messages": messages}
    assert with_converse_results(flat, request) == flat  # five flattened, four sent
    js = _messages(flatten(_js_flat(_SYSTEM, messages)), "llm.input_messages.", "user")
    assert with_converse_results(js, {**request, "system": []}) == js  # no system sent
    reordered = {**request, "messages": [_QUESTION, _RESULTS, _ASKED]}
    assert with_converse_results(js, reordered) == js  # another role at a place


def test_other_requests_in_input_value_stay() -> None:
    """An Anthropic body (InvokeModel's, no modelId), an OpenAI body: the flattened messages."""
    js = _messages(
        flatten(_js_flat(_SYSTEM, [_QUESTION, _ASKED, _RESULTS])), "llm.input_messages.", "user"
    )
    anthropic = {
        "anthropic_version": "bedrock-2023-05-31",
        "system": "You are a weather assistant.",
        "messages": [
            {"role": "user", "content": "What is the weather in Paris and in Tokyo?"},
            {"role": "assistant", "content": []},
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "tooluse_w1", "content": "sunny"},
                    {"type": "tool_result", "tool_use_id": "tooluse_w2", "content": "rain"},
                ],
            },
        ],
    }
    assert with_converse_results(js, json.dumps(anthropic)) == js
    openai = {"model": "gpt-4o", "messages": anthropic["messages"]}
    assert with_converse_results(js, json.dumps(openai)) == js


# -- the model asked for --------------------------------------------------------------------


def test_the_model_is_the_requests_model_id(tmp_path: Path) -> None:
    """``llm.model_name`` is the instrumentation's cut of the id (the inference profile's
    vendor): the request's ``modelId`` is the model asked for, and no model answered by name."""
    imported = import_one(tmp_path, _loop(_RESULTS))
    assert imported.metadata["model"] == "us.anthropic.claude-sonnet-4-6"
    assert imported.metadata.get("response_model") is None
    spans = _loop(_RESULTS, model="anthropic.claude-3-sonnet-20240229-v1:0")
    for built in spans[1:]:
        built["attributes"]["llm.model_name"] = "claude-3-sonnet"
    assert import_one(tmp_path, spans).metadata["model"] == (
        "anthropic.claude-3-sonnet-20240229-v1:0"
    )


def test_the_python_and_invoke_model_spans_keep_their_model_name(tmp_path: Path) -> None:
    """No Converse request in ``input.value`` (the Python instrumentation's messages list, an
    InvokeModel body): ``llm.model_name`` as before; a model asked for by name still wins."""
    python = _loop(_RESULTS, python=True, model="us.amazon.nova-pro-v1:0")
    assert import_one(tmp_path, python).metadata["model"] == "us.amazon.nova-pro-v1:0"
    invoke = _loop(_RESULTS)
    for built in invoke[1:]:
        body = {"anthropic_version": "bedrock-2023-05-31", "messages": []}
        built["attributes"]["input.value"] = json.dumps(body)
        built["attributes"]["llm.model_name"] = "claude-sonnet-4-5-20250929"
    assert import_one(tmp_path, invoke).metadata["model"] == "claude-sonnet-4-5-20250929"
    asked = _loop(_RESULTS)
    for built in asked[1:]:
        built["attributes"]["llm.invocation_parameters"] = json.dumps({"model": "m-asked"})
    assert import_one(tmp_path, asked).metadata["model"] == "m-asked"
