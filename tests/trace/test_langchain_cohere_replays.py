"""LangGraph on langchain-cohere's ``ChatCohere`` under openlit and OpenLLMetry, on small spans.

- openlit 1.45: the second call's input replays the first turn as Cohere's tool plan text
  alone (its calls dropped), then the results; that is the turn with the calls, one message
  (`integrations/_dropped_calls.py`; ``openlit-langgraph-cohere``);
- OpenLLMetry 0.62.4: the ``ChatCohere.chat`` spans record only the reply; the model's input is
  the output of the sibling ``execute_task Prompt`` span, LangChain-serialised
  (`integrations/_rendered_prompts.py`, `otel/_task_prompts.py`;
  ``openllmetry-langgraph-cohere``). A chat span that records its input keeps it (the
  ``ChatOpenAI`` siblings).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ce" * 16
SYSTEM = "Use get_weather."
ASK = "Weather in Paris?"
PLAN = "I will look up the weather in Paris."
ANSWER = "Paris is sunny."
CALL = {"type": "tool_call", "id": "gw_1", "name": "get_weather", "arguments": {"city": "Paris"}}
_CHAT = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "command-a"}


def _span(n: int, name: str, attrs: dict[str, Any], *, parent: int | None = 9) -> Any:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=n + 0.5)


def _text(role: str, content: str) -> dict[str, Any]:
    return {"role": role, "parts": [{"type": "text", "content": content}]}


def _chat(n: int, outputs: list[Any], inputs: list[Any] | None = None, **kw: Any) -> Any:
    attrs: dict[str, Any] = {**_CHAT, "gen_ai.output.messages": json.dumps(outputs)}
    if inputs is not None:
        attrs["gen_ai.input.messages"] = json.dumps(inputs)
    return _span(n, "ChatCohere.chat", attrs, **kw)


def _said(imported: Any) -> list[tuple[str, str | None, list[str], str | None]]:
    return [
        (m.role, m.content, [r.id for r in m.tool_calls], m.tool_call_id)
        for m in imported.trace.messages
    ]


# openlit: a turn replayed without its calls


def _openlit(tmp_path: Path, replay: list[Any]) -> Any:
    first = _chat(
        1,
        [{"role": "assistant", "parts": [_text("assistant", PLAN)["parts"][0], CALL]}],
        [_text("system", SYSTEM), _text("user", ASK)],
    )
    second = _chat(
        2, [_text("assistant", ANSWER)], [_text("system", SYSTEM), _text("user", ASK), *replay]
    )
    return import_one(tmp_path, [_span(9, "invoke_agent weather", {}, parent=None), first, second])


def test_a_turn_replayed_as_its_text_alone_is_that_turn(tmp_path: Path) -> None:
    result = {"role": "tool", "parts": [{"type": "tool_call_response", "response": "sunny"}]}
    said = _said(_openlit(tmp_path, [_text("assistant", PLAN), result]))
    assert said == [
        ("system", SYSTEM, [], None),
        ("user", ASK, [], None),
        ("assistant", PLAN, ["gw_1"], None),
        ("tool", "sunny", [], "gw_1"),
        ("assistant", ANSWER, [], None),
    ]


def test_other_text_before_the_results_stays_a_message_of_its_own(tmp_path: Path) -> None:
    result = {"role": "tool", "parts": [{"type": "tool_call_response", "response": "sunny"}]}
    said = _said(_openlit(tmp_path, [_text("assistant", "Something else."), result]))
    assert ("assistant", "Something else.", [], None) in said
    assert ("assistant", PLAN, ["gw_1"], None) in said


def test_results_of_another_call_after_the_text_keep_it_apart(tmp_path: Path) -> None:
    other = {
        "role": "tool",
        "parts": [{"type": "tool_call_response", "id": "gw_9", "response": "rain"}],
    }
    said = _said(_openlit(tmp_path, [_text("assistant", PLAN), other]))
    assert [s[:3] for s in said].count(("assistant", PLAN, [])) == 1


# OpenLLMetry: the input only the prompt step records


def _lc(kind: str, content: str, **kwargs: Any) -> dict[str, Any]:
    return {
        "lc": 1,
        "type": "constructor",
        "id": ["langchain", "schema", "messages", kind],
        "kwargs": {"content": content, **kwargs},
    }


def _prompt(n: int, outputs: Any) -> Any:
    record = json.dumps({"outputs": outputs, "kwargs": {"tags": ["seq:step:1"]}})
    attrs = {
        "gen_ai.operation.name": "execute_task",
        "traceloop.span.kind": "task",
        "gen_ai.task.name": "Prompt",
        "gen_ai.task.output": record,
        "traceloop.entity.output": record,
    }
    return _span(n, "execute_task Prompt", attrs)


def _openllmetry(tmp_path: Path, *spans: Any) -> Any:
    root = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather"}
    return import_one(tmp_path, [_span(9, "invoke_agent weather", root, parent=None), *spans])


def test_a_chat_span_without_input_is_given_what_its_prompt_step_rendered(
    tmp_path: Path,
) -> None:
    rendered = [_lc("SystemMessage", SYSTEM), _lc("HumanMessage", ASK)]
    imported = _openllmetry(tmp_path, _prompt(1, rendered), _chat(2, [_text("assistant", ANSWER)]))
    assert _said(imported) == [
        ("system", SYSTEM, [], None),
        ("user", ASK, [], None),
        ("assistant", ANSWER, [], None),
    ]
    assert imported.input == ASK


def test_a_chat_span_with_its_own_input_keeps_it(tmp_path: Path) -> None:
    rendered = [_lc("SystemMessage", "Another prompt."), _lc("HumanMessage", ASK)]
    own = [_text("system", SYSTEM), _text("user", ASK)]
    chat = _chat(2, [_text("assistant", ANSWER)], own)
    assert [s[:2] for s in _said(_openllmetry(tmp_path, _prompt(1, rendered), chat))] == [
        ("system", SYSTEM),
        ("user", ASK),
        ("assistant", ANSWER),
    ]


def test_a_task_whose_outputs_are_a_state_update_renders_nothing(tmp_path: Path) -> None:
    update = {"messages": [_lc("AIMessage", "Not a prompt.")]}
    imported = _openllmetry(tmp_path, _prompt(1, update), _chat(2, [_text("assistant", ANSWER)]))
    assert [s[:2] for s in _said(imported)] == [("assistant", ANSWER)]


def test_a_prompt_step_under_another_parent_gives_nothing(tmp_path: Path) -> None:
    rendered = [_lc("HumanMessage", ASK)]
    chat = _chat(2, [_text("assistant", ANSWER)], parent=8)
    node = _span(8, "execute_task agent", {"gen_ai.operation.name": "execute_task"})
    imported = _openllmetry(tmp_path, node, _prompt(1, rendered), chat)
    assert [s[:2] for s in _said(imported)] == [("assistant", ANSWER)]
