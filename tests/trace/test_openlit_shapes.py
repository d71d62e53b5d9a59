"""The span shapes openlit writes (its OpenAI, Anthropic, LangChain, LangGraph and Agno
instrumentations), each
on small spans written the way it writes them, so each rule is checked apart from the real
exports that showed it (tests/data/traces/openlit): among them the calls a chat span lists as
comma-joined ``gen_ai.tool.*`` text, the only record of them with content capture off
(openlit-openai-no-content) and a second one of the reply's calls with it on; Agno's
``Claude`` model class, whose system prompt the Anthropic chat spans hold as a list of text
blocks and whose agent span's output is every turn's text run together (openlit-agno-claude).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16
SYSTEM = "Be brief."
_CHAT = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}


def _span(n: int, name: str, attrs: dict[str, Any], **kw: Any) -> Any:
    return span(n, name, attrs, trace=TRACE, start=float(n), end=n + 0.5, **kw)


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def _chat(n: int, inputs: list[Any], outputs: list[Any], usage: tuple[int, int]) -> Any:
    return _span(
        n,
        "chat m",
        {
            **_CHAT,
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(outputs),
            "gen_ai.usage.input_tokens": usage[0],
            "gen_ai.usage.output_tokens": usage[1],
        },
        parent=9,
    )


def _tool(n: int, result: str, *, call_id: str | None) -> Any:
    attrs = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "lookup",
        "gen_ai.tool.call.arguments": "{'q': 'x'}",
        "gen_ai.tool.call.result": result,
    }
    if call_id is not None:
        attrs["gen_ai.tool.call.id"] = call_id
    return _span(n, "execute_tool lookup", attrs, parent=9)


def test_a_tool_message_written_as_its_str_is_its_content(tmp_path: Path) -> None:
    # openlit's LangChain instrumentation records a tool's result as the ToolMessage's str()
    result = "content='found: 42' name='lookup' tool_call_id='c1'"
    [call] = import_one(tmp_path, [_tool(1, result, call_id=None)]).trace.tool_calls
    assert (call.result, call.id, call.arguments) == ("found: 42", "c1", {"q": "x"})


def test_a_tool_message_str_whose_content_holds_equals_signs_and_quotes(tmp_path: Path) -> None:
    result = "content='a=1 b=\"two\"' name='lookup' tool_call_id='c7' status='success'"
    [call] = import_one(tmp_path, [_tool(1, result, call_id="c7")]).trace.tool_calls
    assert (call.result, call.id) == ('a=1 b="two"', "c7")


def test_a_result_that_only_looks_like_fields_stays_text(tmp_path: Path) -> None:
    # no tool_call_id field: not a ToolMessage, whatever its shape
    for result in ("x=1 y=2", "content='hello' name='lookup'", "the answer is x = 1"):
        [call] = import_one(tmp_path, [_tool(1, result, call_id="c1")]).trace.tool_calls
        assert call.result == result


def test_the_tool_call_turn_only_the_first_reply_holds_comes_before_its_results(
    tmp_path: Path,
) -> None:
    # openlit's OpenAI instrumentation leaves the assistant's tool-call turn out of the next
    # request it records: the second input is system, user and the tool messages
    call = {"type": "tool_call", "id": "c1", "name": "lookup", "arguments": {"q": "x"}}
    answer = {"type": "tool_call_response", "id": "c1", "response": "42"}
    first = _chat(
        1,
        [_text("system", SYSTEM), _text("user", "Q?")],
        [{"role": "assistant", "parts": [call]}],
        (10, 5),
    )
    second = _chat(
        2,
        [_text("system", SYSTEM), _text("user", "Q?"), {"role": "tool", "parts": [answer]}],
        [_text("assistant", "It is 42.")],
        (20, 6),
    )
    loop = _span(9, "weather_loop", {})
    imported = import_one(tmp_path, [loop, first, second])
    assert [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages] == [
        ("system", SYSTEM, None),
        ("user", "Q?", None),
        ("assistant", None, None),
        ("tool", "42", "c1"),
        ("assistant", "It is 42.", None),
    ]
    [tool_call] = imported.trace.tool_calls
    assert (tool_call.name, tool_call.arguments, tool_call.result) == ("lookup", {"q": "x"}, "42")
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (30, 11)


def test_a_streamed_calls_event_on_the_enclosing_span_adds_nothing(tmp_path: Path) -> None:
    # streamed, openlit emits each call's inference event after its span's context has
    # gone: the event lands on the enclosing application span, repeating the call
    inputs = [_text("user", "Q?")]
    outputs = [_text("assistant", "A.")]
    details = {
        "name": "gen_ai.client.inference.operation.details",
        "attributes": {
            **_CHAT,
            "gen_ai.input.messages": json.dumps(inputs),
            "gen_ai.output.messages": json.dumps(outputs),
            "gen_ai.usage.input_tokens": 10,
            "gen_ai.usage.output_tokens": 5,
        },
    }
    loop = _span(9, "weather_loop", {}, events=[details])
    imported = import_one(tmp_path, [loop, _chat(1, inputs, outputs, (10, 5))])
    assert [(m.role, m.content) for m in imported.trace.messages] == [
        ("user", "Q?"),
        ("assistant", "A."),
    ]
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (10, 5)


# openlit 1.45 lists a reply's calls on its chat span as joined text, content capture on or off
_JOINED = {
    "gen_ai.tool.name": "get_weather, get_weather",
    "gen_ai.tool.call.id": "call_w1, call_w2",
    "gen_ai.tool.args": '{"city": "Paris"}, {"city": "Tokyo"}',
}
_CALLS = [
    ("get_weather", {"city": "Paris"}, "call_w1", None),
    ("get_weather", {"city": "Tokyo"}, "call_w2", None),
]


def _bare_chat(n: int, extra: dict[str, Any], usage: tuple[int, int]) -> Any:
    # capture_message_content=False: no message on the span, only what the reply did
    attrs = {
        **_CHAT,
        "gen_ai.usage.input_tokens": usage[0],
        "gen_ai.usage.output_tokens": usage[1],
        **extra,
    }
    return _span(n, "chat m", attrs, parent=9)


def _no_content_run(tmp_path: Path, joined: dict[str, Any], *later: Any) -> Any:
    loop = _span(9, "weather_loop", {})
    first = _bare_chat(1, {**joined, "gen_ai.response.finish_reasons": ["tool_calls"]}, (61, 34))
    return import_one(tmp_path, [loop, first, *later])


def _calls(imported: Any) -> list[tuple[str, Any, str | None, Any]]:
    return [(c.name, c.arguments, c.id, c.result) for c in imported.trace.tool_calls]


def test_capture_off_the_joined_tool_attributes_are_the_calls_the_run_went_on_from(
    tmp_path: Path,
) -> None:
    # the second model call came after the reply: the tools ran, their results not recorded
    imported = _no_content_run(tmp_path, _JOINED, _bare_chat(2, {}, (118, 21)))
    assert _calls(imported) == _CALLS
    assert imported.trace.messages == []
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (179, 55)


def test_capture_off_arguments_holding_commas_are_split_as_json(tmp_path: Path) -> None:
    joined = {
        "gen_ai.tool.name": "search, get_weather",
        "gen_ai.tool.call.id": "c1, c2",
        # openlit's LangChain instrumentation names the arguments so
        "gen_ai.tool.call.arguments": '{"q": "Paris, France", "n": [1, 2]}, {"city": "Tokyo"}',
    }
    imported = _no_content_run(tmp_path, joined, _bare_chat(2, {}, (118, 21)))
    assert _calls(imported) == [
        ("search", {"q": "Paris, France", "n": [1, 2]}, "c1", None),
        ("get_weather", {"city": "Tokyo"}, "c2", None),
    ]


def test_capture_off_a_reply_the_run_ended_on_gives_no_call(tmp_path: Path) -> None:
    # no model call after it: nothing shows the tools ran
    assert _no_content_run(tmp_path, _JOINED).trace.tool_calls == []


def test_capture_off_a_name_list_of_another_count_than_the_arguments_gives_no_call(
    tmp_path: Path,
) -> None:
    # openlit leaves empty values out of a joined list: which call a name is cannot be known
    for names in ("get_weather", "get_weather, get_weather, get_weather", ""):
        joined = {**_JOINED, "gen_ai.tool.name": names}
        imported = _no_content_run(tmp_path, joined, _bare_chat(2, {}, (118, 21)))
        assert imported.trace.tool_calls == [], names
    for args in ('{"city": "Paris"}', "{'city': 'Paris'}, {'city': 'Tokyo'}", ""):
        joined = {**_JOINED, "gen_ai.tool.args": args}
        imported = _no_content_run(tmp_path, joined, _bare_chat(2, {}, (118, 21)))
        assert imported.trace.tool_calls == [], args


def test_capture_off_an_id_list_of_another_count_than_the_arguments_gives_no_ids(
    tmp_path: Path,
) -> None:
    joined = {**_JOINED, "gen_ai.tool.call.id": "call_w2"}
    imported = _no_content_run(tmp_path, joined, _bare_chat(2, {}, (118, 21)))
    assert _calls(imported) == [(name, args, None, None) for name, args, _, _ in _CALLS]


def test_capture_off_calls_a_tool_span_records_are_not_listed_again(tmp_path: Path) -> None:
    # a tool span with the call's id, and one with none but the same name and arguments
    with_id = _span(
        2,
        "execute_tool get_weather",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "get_weather",
            "gen_ai.tool.call.id": "call_w1",
            "gen_ai.tool.call.arguments": '{"city": "Paris"}',
        },
        parent=9,
    )
    without_id = _span(
        3,
        "execute_tool get_weather",
        {
            "gen_ai.operation.name": "execute_tool",
            "gen_ai.tool.name": "get_weather",
            "gen_ai.tool.call.arguments": '{"city": "Tokyo"}',
        },
        parent=9,
    )
    imported = _no_content_run(tmp_path, _JOINED, with_id, without_id, _bare_chat(4, {}, (1, 1)))
    assert [(c.name, c.arguments, c.id) for c in imported.trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "call_w1"),
        ("get_weather", {"city": "Tokyo"}, None),
    ]


def test_capture_on_the_joined_tool_attributes_add_no_second_call(tmp_path: Path) -> None:
    # the same calls in the reply's messages and in the joined attributes: each call once
    parts = [
        {"type": "tool_call", "id": f"call_w{i}", "name": "get_weather", "arguments": {"city": c}}
        for i, c in ((1, "Paris"), (2, "Tokyo"))
    ]
    answers = [
        {
            "role": "tool",
            "parts": [{"type": "tool_call_response", "id": f"call_w{i}", "response": r}],
        }
        for i, r in ((1, "sunny"), (2, "rain"))
    ]
    ask = [_text("user", "Weather?")]
    first = _chat(1, ask, [{"role": "assistant", "parts": parts}], (61, 34))
    first["attributes"].update(_JOINED)
    second = _chat(2, [*ask, *answers], [_text("assistant", "Sunny; rain.")], (118, 21))
    imported = import_one(tmp_path, [_span(9, "weather_loop", {}), first, second])
    assert _calls(imported) == [
        ("get_weather", {"city": "Paris"}, "call_w1", "sunny"),
        ("get_weather", {"city": "Tokyo"}, "call_w2", "rain"),
    ]
    [turn] = [m for m in imported.trace.messages if m.tool_calls]
    assert [r.id for r in turn.tool_calls] == ["call_w1", "call_w2"]


def test_a_later_input_replaying_the_listed_calls_adds_no_second_copy(tmp_path: Path) -> None:
    # the reply recorded without its messages, the next input replaying its turn and the
    # results with the same ids: the calls are the answered requests, each once
    imported = import_one(tmp_path, _replayed_run(_JOINED))
    assert _calls(imported) == [
        ("get_weather", {"city": "Paris"}, "call_w1", "sunny"),
        ("get_weather", {"city": "Tokyo"}, "call_w2", "rain"),
    ]


def test_a_replayed_turn_without_ids_is_the_listed_calls_by_name_and_arguments(
    tmp_path: Path,
) -> None:
    imported = import_one(tmp_path, _replayed_run(_JOINED, ids=False))
    assert [(c.name, c.arguments, c.result) for c in imported.trace.tool_calls] == [
        ("get_weather", {"city": "Paris"}, "sunny"),
        ("get_weather", {"city": "Tokyo"}, "rain"),
    ]


def _replayed_run(joined: dict[str, Any], *, ids: bool = True) -> list[Any]:
    turn: dict[str, Any] = {"role": "assistant", "parts": []}
    answers = []
    for i, city, result in ((1, "Paris", "sunny"), (2, "Tokyo", "rain")):
        call: dict[str, Any] = {"type": "tool_call", "name": "get_weather"}
        call["arguments"] = {"city": city}
        answer: dict[str, Any] = {"type": "tool_call_response", "response": result}
        if ids:
            call["id"] = answer["id"] = f"call_w{i}"
        turn["parts"].append(call)
        answers.append({"role": "tool", "parts": [answer]})
    ask = [_text("user", "Weather?")]
    first = _bare_chat(1, joined, (61, 34))
    first["attributes"]["gen_ai.input.messages"] = json.dumps(ask)
    second = _chat(2, [*ask, turn, *answers], [_text("assistant", "Both.")], (118, 21))
    return [_span(9, "weather_loop", {}), first, second]


_BLOCKS_PROMPT = "Be brief.\n\nDo not reflect on the quality of the returned search results"


def _agno_run(output: str) -> list[Any]:
    """Agno's Claude under openlit 1.45: a turn that says text before its call, the answer."""
    blocks = [{"text": _BLOCKS_PROMPT, "type": "text"}]
    system = {"role": "system", "parts": [{"type": "text", "content": blocks}]}
    call = {"type": "tool_call", "id": "toolu_1", "name": "lookup", "arguments": {"q": "x"}}
    turn = {"role": "assistant", "parts": [{"type": "text", "content": "Looking."}, call]}
    answer = {"type": "tool_call_response", "id": "toolu_1", "response": "42"}
    first = _chat(1, [system, _text("user", "Q?")], [turn], (10, 5))
    second = _chat(
        3,
        [system, _text("user", "Q?"), turn, {"role": "user", "parts": [answer]}],
        [_text("assistant", "It is 42.")],
        (20, 6),
    )
    agent = _span(
        9,
        "invoke_agent a",
        {
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": "a",
            "gen_ai.system_instructions": json.dumps([{"type": "text", "content": "Be brief."}]),
            "gen_ai.input.messages": json.dumps([_text("user", "Q?")]),
            "gen_ai.output.messages": json.dumps([_text("assistant", output)]),
        },
    )
    return [agent, first, _tool(2, "42", call_id="toolu_1"), second]


def test_a_system_prompt_of_text_blocks_is_their_text(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _agno_run("Looking.It is 42."))
    assert [(m.role, m.content) for m in imported.trace.messages][:2] == [
        ("system", _BLOCKS_PROMPT),
        ("user", "Q?"),
    ]


def test_a_text_part_of_other_blocks_stays_as_it_was_written() -> None:
    from fourfold.integrations._messages import parse_messages

    image = [{"type": "text", "text": "a"}, {"type": "image", "source": {}}]
    [said] = parse_messages([{"role": "user", "parts": [{"type": "text", "content": image}]}])
    assert said.content == str(image)


def test_an_agno_runs_output_of_every_turns_text_run_together_is_no_last_message(
    tmp_path: Path,
) -> None:
    imported = import_one(tmp_path, _agno_run("Looking.It is 42."))
    assert [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages] == [
        ("system", _BLOCKS_PROMPT, None),
        ("user", "Q?", None),
        ("assistant", "Looking.", None),
        ("tool", "42", "toolu_1"),
        ("assistant", "It is 42.", None),
    ]
    assert imported.trace.output == "Looking.It is 42."  # the run's result, as Agno gave it


def test_a_runs_output_that_is_its_last_reply_or_says_more_is_read_as_before(
    tmp_path: Path,
) -> None:
    # openlit-agno (Agno on OpenAI, a turn of calls with no text): the output is the answer
    said = import_one(tmp_path, _agno_run("It is 42.")).trace.messages
    assert [m.content for m in said if m.role == "assistant"] == ["Looking.", "It is 42."]
    # text the turns do not make, run together or not, is a message of its own
    other = tmp_path / "other"
    other.mkdir()
    said = import_one(other, _agno_run("Looking. It is 42.")).trace.messages
    assert [m.content for m in said if m.role == "assistant"][-1] == "Looking. It is 42."
