"""A function no model requested, whose body is one model call, is no tool call
(`integrations/_prompt_functions.py`).

Semantic Kernel records every kernel function it invokes as ``execute_tool``: the prompt
functions of an ``AgentGroupChat``'s ``KernelFunctionSelectionStrategy`` and
``KernelFunctionTerminationStrategy`` too, with no call id and their model call's reply
written out as the result (``semantic-kernel/semantic-kernel-agent-group-chat-functions-
2026-12-05.json``). The termination function runs inside the agent's span. Before, each was a
tool call, its result a tool message, and the termination's prompt and reply the agent's turn.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "5f" * 16
QUESTION = "What is the weather in Paris?"
REPORT = "Paris is sunny at 22 C."
VERDICT_PROMPT = "Is the RESPONSE done? Say yes or no.\n\nRESPONSE:\n" + REPORT


def _chat(n: int, parent: int, prompt: str, reply: str, tokens: int, start: float) -> Any:
    attrs = {
        "gen_ai.operation.name": "chat",
        "gen_ai.request.model": "gpt-4o-mini",
        "gen_ai.input.messages": json.dumps(
            [{"role": "user", "parts": [{"type": "text", "content": prompt}]}]
        ),
        "gen_ai.output.messages": json.dumps(
            [{"role": "assistant", "parts": [{"type": "text", "content": reply}]}]
        ),
        "gen_ai.usage.input_tokens": tokens,
        "gen_ai.usage.output_tokens": 1,
    }
    return span(n, "chat gpt-4o-mini", attrs, trace=TRACE, parent=parent, start=start, end=start)


def _function(n: int, parent: int | None, name: str, reply: str, call_id: str | None) -> Any:
    attrs: dict[str, Any] = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": name,
        "gen_ai.tool.call.arguments": json.dumps({"lastmessage": REPORT}),
        "gen_ai.tool.call.result": f"[ChatMessageContent(items=[TextContent(text='{reply}')])]",
    }
    if call_id is not None:
        attrs["gen_ai.tool.call.id"] = call_id
    return span(n, f"execute_tool {name}", attrs, trace=TRACE, parent=parent, start=5, end=7)


def _agent_with_termination(call_id: str | None = None) -> list[dict[str, Any]]:
    """An agent's run (one call answering `REPORT`), then, inside its span, a termination
    function (a tool span of its own call) whose model call says ``no``."""
    agent = {"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "weather_agent"}
    return [
        span(1, "invoke_agent weather_agent", agent, trace=TRACE, start=1, end=9),
        _chat(2, 1, QUESTION, REPORT, 50, 2),
        _function(3, 1, "termination", "no", call_id),
        _chat(4, 3, VERDICT_PROMPT, "no", 30, 6),
    ]


def test_a_prompt_function_in_an_agents_span_is_the_chats_call(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _agent_with_termination())

    assert imported.trace.tool_calls == []  # before: termination, a tool call
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said == [("user", QUESTION), ("assistant", REPORT)]  # before: its prompt, 'no'
    assert imported.trace.output == REPORT
    assert imported.trace.usage.input_tokens == 80  # its tokens still count
    assert imported.trace.turns == 1
    assert imported.metadata["team_model_calls"] == 1


def test_a_prompt_function_alone_is_its_calls_conversation(tmp_path: Path) -> None:
    spans = [_function(1, None, "selection", "writer", None), _chat(2, 1, QUESTION, "writer", 9, 6)]

    imported = import_one(tmp_path, spans)

    assert imported.trace.tool_calls == []  # before: selection, its reply's repr a tool message
    said = [(m.role, m.content) for m in imported.trace.messages]
    assert said == [("user", QUESTION), ("assistant", "writer")]
    assert imported.trace.output == "writer"


def test_a_function_a_model_requested_stays_a_tool_call(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _agent_with_termination(call_id="call_t1"))

    assert [c.name for c in imported.trace.tool_calls] == ["termination"]
