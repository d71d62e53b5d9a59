"""The Vercel AI SDK's span shapes (tests/data/traces/vercel-ai-sdk/), each on small spans
written the way the SDK writes them, so each rule is checked apart from the export that
showed it broken: ai 6's built-in ``ai.*`` spans, ai 7's GenAI spans (@ai-sdk/otel).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fourfold.integrations._messages import parse_messages
from tests.helpers.span_builders import import_one, span

TRACE = "ab" * 16


def _span(n: int, name: str, attrs: dict[str, Any], **kw: Any) -> dict[str, Any]:
    start = kw.pop("start", float(n))
    return span(n, name, attrs, trace=TRACE, start=start, end=start + 0.5, **kw)


def _roles(imported: Any) -> list[tuple[str, str | None, str | None]]:
    return [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]


def _call(call_id: str, city: str) -> dict[str, Any]:
    return {
        "type": "tool-call",
        "toolCallId": call_id,
        "toolName": "weather",
        "input": {"city": city},
    }


def _result(call_id: str, output: Any) -> dict[str, Any]:
    return {"type": "tool-result", "toolCallId": call_id, "toolName": "weather", "output": output}


def test_ai_sdk_prompt_parts_are_tool_requests_and_one_tool_message_per_result() -> None:
    # ai 5+: a tool-call part's arguments are `input`, a result's `output` is {type, value}
    history = [
        {"role": "user", "content": [{"type": "text", "text": "Weather in Paris and Rome?"}]},
        {"role": "assistant", "content": [_call("c1", "Paris"), _call("c2", "Rome")]},
        {
            "role": "tool",
            "content": [
                _result("c1", {"type": "text", "value": "sunny"}),
                _result("c2", {"type": "json", "value": {"sky": "rain"}}),
            ],
        },
    ]
    user, asked, first, second = parse_messages(json.dumps(history))
    assert (user.role, user.content) == ("user", "Weather in Paris and Rome?")
    assert (asked.role, asked.content) == ("assistant", None)
    assert [(r.id, r.name, r.arguments) for r in asked.tool_calls] == [
        ("c1", "weather", {"city": "Paris"}),
        ("c2", "weather", {"city": "Rome"}),
    ]
    assert (first.role, first.tool_call_id, first.content, first.name) == (
        "tool",
        "c1",
        "sunny",
        "weather",
    )
    assert (second.tool_call_id, second.result) == ("c2", {"sky": "rain"})


def test_ai_sdk_v4_parts_args_and_result_and_error_and_content_outputs() -> None:
    # ai 4 wrote `args` and `result`; ai 5+ error outputs and content lists keep their value
    history = [
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "Looking."},
                {"type": "tool-call", "toolCallId": "c1", "toolName": "w", "args": {"x": 1}},
            ],
        },
        {
            "role": "tool",
            "content": [
                {"type": "tool-result", "toolCallId": "c1", "toolName": "w", "result": "ok"},
                _result("c2", {"type": "error-text", "value": "boom"}),
                _result("c3", {"type": "content", "value": [{"type": "text", "text": "a"}]}),
            ],
        },
    ]
    asked, *results = parse_messages(history)
    assert (asked.content, [(r.id, r.arguments) for r in asked.tool_calls]) == (
        "Looking.",
        [("c1", {"x": 1})],
    )
    assert [(m.tool_call_id, m.content) for m in results] == [
        ("c1", "ok"),
        ("c2", "boom"),
        ("c3", "a"),
    ]


def test_ai_sdk_v6_generate_text_run_is_one_conversation(tmp_path: Path) -> None:
    system = {"role": "system", "content": "Be brief."}
    user = {"role": "user", "content": [{"type": "text", "text": "Paris?"}]}
    asked = {"role": "assistant", "content": [_call("c1", "Paris")]}
    answered = {"role": "tool", "content": [_result("c1", {"type": "text", "value": "sunny"})]}
    common = {"ai.model.id": "m", "gen_ai.request.model": "m"}
    spans = [
        _span(1, "ai.generateText", {"ai.operationId": "ai.generateText", **common}, start=0.0),
        _span(
            2,
            "ai.generateText.doGenerate",
            {
                "ai.operationId": "ai.generateText.doGenerate",
                "ai.prompt.messages": json.dumps([system, user]),
                "ai.response.toolCalls": json.dumps(
                    [{"toolCallId": "c1", "toolName": "weather", "input": '{"city": "Paris"}'}]
                ),
                "gen_ai.usage.input_tokens": 10,
                "gen_ai.usage.output_tokens": 5,
                **common,
            },
            parent=1,
        ),
        _span(
            3,
            "ai.toolCall",
            {
                "ai.operationId": "ai.toolCall",
                "ai.toolCall.name": "weather",
                "ai.toolCall.id": "c1",
                "ai.toolCall.args": '{"city":"Paris"}',
                "ai.toolCall.result": '"sunny"',
            },
            parent=1,
        ),
        _span(
            4,
            "ai.generateText.doGenerate",
            {
                "ai.operationId": "ai.generateText.doGenerate",
                "ai.prompt.messages": json.dumps([system, user, asked, answered]),
                "ai.response.text": "It is sunny.",
                "gen_ai.usage.input_tokens": 20,
                "gen_ai.usage.output_tokens": 4,
                **common,
            },
            parent=1,
        ),
    ]
    imported = import_one(tmp_path, spans)
    assert _roles(imported) == [
        ("system", "Be brief.", None),
        ("user", "Paris?", None),
        ("assistant", None, None),
        ("tool", "sunny", "c1"),
        ("assistant", "It is sunny.", None),
    ]
    assert [(c.id, c.arguments, c.result) for c in imported.trace.tool_calls] == [
        ("c1", {"city": "Paris"}, "sunny")
    ]


def _parts(role: str, *parts: dict[str, Any]) -> dict[str, Any]:
    return {"role": role, "parts": list(parts)}


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "content": text}


def _tool_call(call_id: str, city: str) -> dict[str, Any]:
    return {"type": "tool_call", "id": call_id, "name": "weather", "arguments": {"city": city}}


def _response(call_id: str, text: str) -> dict[str, Any]:
    return {"type": "tool_call_response", "id": call_id, "response": text}


def _v7_run(first_text: str | None) -> list[dict[str, Any]]:
    """ai 7's spans (@ai-sdk/otel): invoke_agent > step > chat / execute_tool, the
    invoke_agent's output one message gathering every part the run produced."""
    user = _parts("user", _text("Paris?"))
    said = [_text(first_text)] if first_text else []
    asked = _parts("assistant", *said, _tool_call("c1", "Paris"))
    answered = _parts("tool", _response("c1", "sunny"))
    chat = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}
    system = json.dumps([{"type": "text", "content": "Be brief."}])
    return [
        _span(
            1,
            "invoke_agent m",
            {
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": "fn",
                "gen_ai.system_instructions": system,
                "gen_ai.input.messages": json.dumps([user]),
                "gen_ai.output.messages": json.dumps(
                    [
                        _parts(
                            "assistant",
                            *said,
                            _text("It is sunny."),
                            _tool_call("c1", "Paris"),
                            _response("c1", "sunny"),
                        )
                    ]
                ),
                "gen_ai.usage.input_tokens": 30,
                "gen_ai.usage.output_tokens": 9,
            },
            start=0.0,
        ),
        _span(2, "step 1", {"gen_ai.operation.name": "agent_step"}, parent=1),
        _span(
            3,
            "chat m",
            {
                **chat,
                "gen_ai.system_instructions": system,
                "gen_ai.input.messages": json.dumps([user]),
                "gen_ai.output.messages": json.dumps([asked]),
                "gen_ai.usage.input_tokens": 10,
                "gen_ai.usage.output_tokens": 5,
            },
            parent=2,
        ),
        _span(
            4,
            "execute_tool weather",
            {
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "weather",
                "gen_ai.tool.call.id": "c1",
                "gen_ai.tool.call.arguments": '{"city":"Paris"}',
                "gen_ai.tool.call.result": '"sunny"',
            },
            parent=2,
        ),
        _span(5, "step 2", {"gen_ai.operation.name": "agent_step"}, parent=1),
        _span(
            6,
            "chat m",
            {
                **chat,
                "gen_ai.system_instructions": system,
                "gen_ai.input.messages": json.dumps([user, asked, answered]),
                "gen_ai.output.messages": json.dumps([_parts("assistant", _text("It is sunny."))]),
                "gen_ai.usage.input_tokens": 20,
                "gen_ai.usage.output_tokens": 4,
            },
            parent=5,
        ),
    ]


def test_ai_sdk_v7_run_summary_on_invoke_agent_is_not_a_message(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _v7_run(None))
    assert _roles(imported) == [
        ("system", "Be brief.", None),
        ("user", "Paris?", None),
        ("assistant", None, None),
        ("tool", "sunny", "c1"),
        ("assistant", "It is sunny.", None),
    ]
    assert imported.trace.output == "It is sunny."
    assert imported.metadata["agent_name"] == "fn"
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (30, 9)


def test_a_run_summary_joining_several_turns_texts_is_not_a_message(tmp_path: Path) -> None:
    # the model said something before calling the tool: the summary holds both turns' texts
    imported = import_one(tmp_path, _v7_run("Let me look."))
    assert _roles(imported) == [
        ("system", "Be brief.", None),
        ("user", "Paris?", None),
        ("assistant", "Let me look.", None),
        ("tool", "sunny", "c1"),
        ("assistant", "It is sunny.", None),
    ]


_REPLY = '{"city": "Paris", "sky": "sunny"}'  # as the model wrote it
_OBJECT = '{"city":"Paris","sky":"sunny"}'  # as the SDK wrote the parsed object again


def test_ai_sdk_v6_generate_object_reply_is_the_response_object(tmp_path: Path) -> None:
    # generateObject / streamObject: the model call's reply is ai.response.object
    system = {"role": "system", "content": "Be brief."}
    user = {"role": "user", "content": [{"type": "text", "text": "Paris?"}]}
    spans = [
        _span(
            1,
            "ai.generateObject",
            {
                "ai.operationId": "ai.generateObject",
                "operation.name": "ai.generateObject fn",
                "ai.prompt": json.dumps({"system": "Be brief.", "prompt": "Paris?"}),
                "ai.response.object": _OBJECT,
            },
            start=0.0,
        ),
        _span(
            2,
            "ai.generateObject.doGenerate",
            {
                "ai.operationId": "ai.generateObject.doGenerate",
                "operation.name": "ai.generateObject.doGenerate fn",
                "ai.prompt.messages": json.dumps([system, user]),
                "ai.response.object": _REPLY,
                "gen_ai.request.model": "m",
                "gen_ai.usage.input_tokens": 10,
                "gen_ai.usage.output_tokens": 5,
            },
            parent=1,
        ),
    ]
    imported = import_one(tmp_path, spans)
    assert _roles(imported) == [
        ("system", "Be brief.", None),
        ("user", "Paris?", None),
        ("assistant", _REPLY, None),
    ]
    assert json.loads(imported.trace.output or "") == {"city": "Paris", "sky": "sunny"}


def test_a_run_output_writing_the_last_reply_again_as_json_is_not_a_message(
    tmp_path: Path,
) -> None:
    # ai 7's invoke_agent output of a generateObject run: the parsed object, serialised again
    user = json.dumps([_parts("user", _text("Paris?"))])
    spans = [
        _span(
            1,
            "invoke_agent m",
            {
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": "fn",
                "gen_ai.output.type": "json",
                "gen_ai.input.messages": user,
                "gen_ai.output.messages": json.dumps([_parts("assistant", _text(_OBJECT))]),
            },
            start=0.0,
        ),
        _span(
            2,
            "chat m",
            {
                "gen_ai.operation.name": "chat",
                "gen_ai.request.model": "m",
                "gen_ai.output.type": "json",
                "gen_ai.input.messages": user,
                "gen_ai.output.messages": json.dumps([_parts("assistant", _text(_REPLY))]),
            },
            parent=1,
        ),
    ]
    imported = import_one(tmp_path, spans)
    assert _roles(imported) == [("user", "Paris?", None), ("assistant", _REPLY, None)]
    assert json.loads(imported.trace.output or "") == {"city": "Paris", "sky": "sunny"}


def test_ai_sdk_reasoning_parts_are_not_the_message_text(tmp_path: Path) -> None:
    # a reasoning model's turn replayed in the next prompt: [reasoning, tool-call...]; the
    # reply recorded it as ai.response.reasoning apart from its (empty) text
    system = {"role": "system", "content": "Be brief."}
    user = {"role": "user", "content": [{"type": "text", "text": "Paris?"}]}
    asked = {
        "role": "assistant",
        "content": [{"type": "reasoning", "text": "I look it up."}, _call("c1", "Paris")],
    }
    answered = {"role": "tool", "content": [_result("c1", {"type": "text", "value": "sunny"})]}
    call = {
        "ai.operationId": "ai.generateText.doGenerate",
        "operation.name": "ai.generateText.doGenerate fn",
        "gen_ai.request.model": "m",
    }
    root = {"ai.operationId": "ai.generateText", "operation.name": "ai.generateText fn"}
    spans = [
        _span(1, "ai.generateText", root, start=0.0),
        _span(
            2,
            "ai.generateText.doGenerate",
            {
                **call,
                "ai.prompt.messages": json.dumps([system, user]),
                "ai.response.reasoning": "I look it up.",
                "ai.response.toolCalls": json.dumps(
                    [{"toolCallId": "c1", "toolName": "weather", "input": '{"city": "Paris"}'}]
                ),
            },
            parent=1,
        ),
        _span(
            3,
            "ai.generateText.doGenerate",
            {
                **call,
                "ai.prompt.messages": json.dumps([system, user, asked, answered]),
                "ai.response.reasoning": "Done.",
                "ai.response.text": "It is sunny.",
            },
            parent=1,
        ),
    ]
    imported = import_one(tmp_path, spans)
    assert _roles(imported) == [
        ("system", "Be brief.", None),
        ("user", "Paris?", None),
        ("assistant", None, None),
        ("tool", "sunny", "c1"),
        ("assistant", "It is sunny.", None),
    ]


def _v7_call(n: int, parent: int, start: float, system: str, reply: str) -> list[dict[str, Any]]:
    """One ai 7 generateText call (invoke_agent > step > chat) under the application's span."""
    user = json.dumps([_parts("user", _text("Paris?"))])
    said = json.dumps([_parts("assistant", _text(reply))])
    common = {
        "gen_ai.system_instructions": json.dumps([{"type": "text", "content": system}]),
        "gen_ai.input.messages": user,
        "gen_ai.output.messages": said,
        "gen_ai.request.model": "m",
    }
    return [
        _span(
            n,
            "invoke_agent m",
            {"gen_ai.operation.name": "invoke_agent", **common},
            parent=parent,
            start=start,
        ),
        _span(
            n + 1, "step 1", {"gen_ai.operation.name": "agent_step"}, parent=n, start=start + 0.01
        ),
        _span(
            n + 2,
            "chat m",
            {"gen_ai.operation.name": "chat", **common},
            parent=n + 1,
            start=start + 0.02,
        ),
    ]


def test_sibling_runs_answer_with_the_last_one(tmp_path: Path) -> None:
    # an application span calls generateText twice: a classifier, then the answer
    spans = [
        span(1, "handle_request", {}, trace=TRACE, start=0.0, end=9.0),
        *_v7_call(2, 1, 1.0, "Classify the question.", "weather"),
        *_v7_call(5, 1, 3.0, "Answer the question.", "It is sunny."),
    ]
    imported = import_one(tmp_path, spans)
    assert imported.trace.output == "It is sunny."
    assert imported.trace.latency_s == 9.0


def test_a_sibling_runs_separate_conversation_follows_the_answering_one(tmp_path: Path) -> None:
    # the classifier's system prompt and reply are only its own history's: they follow the
    # most complete history (the answering call's input, then its output), the question once
    spans = [
        span(1, "handle_request", {}, trace=TRACE, start=0.0, end=9.0),
        *_v7_call(2, 1, 1.0, "Classify the question.", "weather"),
        *_v7_call(5, 1, 3.0, "Answer the question.", "It is sunny."),
    ]
    imported = import_one(tmp_path, spans)
    assert _roles(imported) == [
        ("system", "Answer the question.", None),
        ("user", "Paris?", None),
        ("assistant", "It is sunny.", None),
        ("system", "Classify the question.", None),
        ("assistant", "weather", None),
    ]


def test_a_tool_result_marked_failed_carries_its_error():
    """Anthropic's ``tool_result`` with ``is_error`` and the AI SDK's ``error-text`` output
    are tool messages of a call that failed: the text is the result and the error."""
    anthropic = {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": "boom", "is_error": True},
            {"type": "tool_result", "tool_use_id": "toolu_2", "content": "fine"},
        ],
    }
    failed, fine = parse_messages(anthropic)
    assert (failed.tool_call_id, failed.content, failed.error) == ("toolu_1", "boom", "boom")
    assert fine.error is None
    sdk = {
        "role": "tool",
        "content": [
            {
                "type": "tool-result",
                "toolCallId": "call_1",
                "toolName": "get_weather",
                "output": {"type": "error-text", "value": "unknown city: Tokio"},
            }
        ],
    }
    [answer] = parse_messages(sdk)
    assert (answer.content, answer.error) == ("unknown city: Tokio", "unknown city: Tokio")


def test_a_later_record_marking_a_tool_result_failed_marks_the_message():
    """The same tool message recorded twice, only the later record saying the call failed
    (one history kept the flag, another dropped it): the conversation's message is failed."""
    from fourfold.integrations._common import calls_from_messages
    from fourfold.integrations._conversation import Conversation

    asked = {
        "role": "assistant",
        "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {}}],
    }
    plain = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1"}]}
    plain["content"][0]["content"] = "boom"
    failed = json.loads(json.dumps(plain))
    failed["content"][0]["is_error"] = True
    conv = Conversation()
    conv.merge(parse_messages([{"role": "user", "content": "Hi"}, asked, plain]), model_input=True)
    conv.merge(parse_messages([{"role": "user", "content": "Hi"}, asked, failed]), model_input=True)
    [(call, answer)] = calls_from_messages(conv.messages)
    assert answer is not None
    assert (call.result, call.error) == ("boom", "boom")
