"""MLflow's attributes on a framework's own GenAI spans: mlflow 3.17.2's
``mlflow.strands.autolog()`` adds ``mlflow.spanType`` / ``mlflow.spanInputs`` /
``mlflow.spanOutputs`` to Strands' spans, which keep Strands' GenAI record
(tests/data/traces/mlflow/mlflow-strands-*). MLflow's inputs drop the system prompt and the
call turn (only in the message events), its TOOL and AGENT spans name nothing but the span
(``execute_tool get_weather``, ``invoke_agent weather_agent``): the record that holds more is
read, the other filling what it left empty (`fourfold.integrations.otel._mlflow_genai`).
MLflow's own spans (no GenAI record) and Strands' without MLflow's keys read as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "ef" * 16
ASK = "Weather in Oslo and Rome?"
SYSTEM = "You are a weather assistant."
SAID = "Oslo: snow. Rome: sun."
_ASKED = [{"text": ASK}]
_USES = [
    {"toolUse": {"toolUseId": "c1", "name": "get_weather", "input": {"city": "Oslo"}}},
    {"toolUse": {"toolUseId": "c2", "name": "get_weather", "input": {"city": "Rome"}}},
]
_RESULTS = [
    {"toolResult": {"toolUseId": "c1", "status": "success", "content": [{"text": "snow"}]}},
    {"toolResult": {"toolUseId": "c2", "status": "success", "content": [{"text": "sun"}]}},
]


def _span(
    n: int,
    name: str,
    attrs: dict[str, Any],
    *,
    parent: int | None = None,
    events: list[tuple[str, Any]] | None = None,
) -> dict[str, Any]:
    return span(
        n,
        name,
        attrs,
        trace=TRACE,
        parent=parent,
        start=float(n),
        end=float(n) + 0.5,
        events=[{"name": e, "attributes": _texts(a)} for e, a in events or []],
    )


def _texts(attrs: dict[str, Any]) -> dict[str, Any]:
    """Event attributes as Strands writes them: a block list as JSON text."""
    return {k: v if isinstance(v, str) else json.dumps(v) for k, v in attrs.items()}


def _mlflow(kind: str, inputs: Any, outputs: Any = None) -> dict[str, Any]:
    """The keys MLflow's autolog adds to a span: each value JSON text."""
    attrs = {"mlflow.spanType": json.dumps(kind), "mlflow.spanInputs": json.dumps(inputs)}
    attrs["mlflow.traceRequestId"] = '"tr-1"'
    if outputs is not None:
        attrs["mlflow.spanOutputs"] = json.dumps(outputs)
    return attrs


def _strands_run(*, mlflow: bool = True) -> list[dict[str, Any]]:
    """A Strands agent's run as Strands writes it, with MLflow's keys added (or not)."""
    user = {"role": "user", "content": _ASKED}
    tool_turn = {"role": "tool", "content": _RESULTS}
    agent: dict[str, Any] = {
        "gen_ai.operation.name": "invoke_agent",
        "gen_ai.agent.name": "weather_agent",
        "gen_ai.request.model": "m",
    }
    chat: dict[str, Any] = {"gen_ai.operation.name": "chat", "gen_ai.request.model": "m"}
    first = {**chat, "gen_ai.usage.input_tokens": 10, "gen_ai.usage.output_tokens": 5}
    second = {**chat, "gen_ai.usage.input_tokens": 20, "gen_ai.usage.output_tokens": 6}
    tools = [
        {"gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "get_weather"}
        | {"gen_ai.tool.call.id": f"c{i}", "gen_ai.tool.status": "success"}
        for i in (1, 2)
    ]
    if mlflow:
        agent |= _mlflow("AGENT", [user], SAID + "\n")
        first |= _mlflow("CHAT_MODEL", [user], _USES)  # no system prompt
        second |= _mlflow("CHAT_MODEL", [user, tool_turn], [{"text": SAID}])  # no call turn
        tools[0] |= _mlflow("TOOL", {"city": "Oslo"}, [{"text": "snow"}])
        tools[1] |= _mlflow("TOOL", {"city": "Rome"}, [{"text": "sun"}])
    system = ("gen_ai.system.message", {"content": [{"text": SYSTEM}]})
    asked = ("gen_ai.user.message", {"content": _ASKED})
    return [
        _span(
            1,
            "invoke_agent weather_agent",
            agent,
            events=[system, asked, ("gen_ai.choice", {"message": SAID + "\n"})],
        ),
        _span(
            2,
            "chat",
            first,
            parent=1,
            events=[system, asked, ("gen_ai.choice", {"message": _USES})],
        ),
        *(
            _span(
                3 + i,
                "execute_tool get_weather",
                tools[i],
                parent=1,
                events=[
                    ("gen_ai.tool.message", {"role": "tool", "content": {"city": city}}),
                    ("gen_ai.choice", {"message": [{"text": said}], "id": f"c{i + 1}"}),
                ],
            )
            for i, (city, said) in enumerate((("Oslo", "snow"), ("Rome", "sun")))
        ),
        _span(
            5,
            "chat",
            second,
            parent=1,
            events=[
                system,
                asked,
                ("gen_ai.assistant.message", {"content": _USES}),
                ("gen_ai.tool.message", {"content": _RESULTS}),
                ("gen_ai.choice", {"message": [{"text": SAID}]}),
            ],
        ),
    ]


def _messages(imported: Any) -> list[tuple[str, str | None, str | None]]:
    return [(m.role, m.content, m.tool_call_id) for m in imported.trace.messages]


def test_the_chat_spans_events_give_the_system_prompt_and_the_call_turn(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _strands_run())
    assert _messages(imported) == [
        ("system", SYSTEM, None),
        ("user", ASK, None),
        ("assistant", None, None),
        ("tool", "snow", "c1"),  # a tool message per result, not one null message
        ("tool", "sun", "c2"),
        ("assistant", SAID, None),
    ]
    assert [r.id for r in imported.trace.messages[2].tool_calls] == ["c1", "c2"]
    usage = imported.trace.usage
    assert (usage.input_tokens, usage.output_tokens) == (30, 11)


def test_the_tool_is_named_by_gen_ai_tool_name_not_the_span(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _strands_run())
    calls = [(c.name, c.arguments, c.result, c.id) for c in imported.trace.tool_calls]
    assert calls == [
        ("get_weather", {"city": "Oslo"}, "snow", "c1"),
        ("get_weather", {"city": "Rome"}, "sun", "c2"),
    ]


def test_the_agent_is_named_by_gen_ai_agent_name_not_the_span(tmp_path: Path) -> None:
    imported = import_one(tmp_path, _strands_run())
    assert imported.metadata["agent_name"] == "weather_agent"
    assert (imported.input, imported.trace.output) == (ASK, SAID + "\n")


def test_mlflows_keys_change_nothing_strands_records(tmp_path: Path) -> None:
    # the siblings: Strands' own spans read as before, and as with MLflow's keys added
    (tmp_path / "alone").mkdir()
    alone = import_one(tmp_path / "alone", _strands_run(mlflow=False))
    both = import_one(tmp_path, _strands_run())
    assert alone.trace.model_dump(exclude={"metadata"}) == both.trace.model_dump(
        exclude={"metadata"}
    )
    assert alone.metadata["agent_name"] == both.metadata["agent_name"] == "weather_agent"


def test_mlflows_own_spans_without_a_genai_record_read_by_mlflow(tmp_path: Path) -> None:
    # the other autologs (OpenAI, LangChain, DSPy...): no gen_ai key, MLflow's reading alone
    loop = _span(1, "weather_loop", _mlflow("AGENT", {"question": ASK}, SAID))
    tool = _span(2, "get_weather", _mlflow("TOOL", {"city": "Oslo"}, "snow"), parent=1)
    imported = import_one(tmp_path, [loop, tool])
    [call] = imported.trace.tool_calls
    assert (call.name, call.arguments, call.result) == ("get_weather", {"city": "Oslo"}, "snow")
    assert imported.metadata["agent_name"] == "weather_loop"


def test_a_genai_record_that_holds_no_more_leaves_mlflows_reading(tmp_path: Path) -> None:
    # a span with an operation name but no messages of its own: MLflow's request is read
    request = {"model": "m", "messages": [{"role": "system", "content": SYSTEM}]}
    request["messages"].append({"role": "user", "content": ASK})
    reply = {"choices": [{"message": {"role": "assistant", "content": SAID}}]}
    attrs = {"gen_ai.operation.name": "chat", **_mlflow("CHAT_MODEL", request, reply)}
    imported = import_one(tmp_path, [_span(1, "Completions", attrs)])
    assert _messages(imported) == [
        ("system", SYSTEM, None),
        ("user", ASK, None),
        ("assistant", SAID, None),
    ]
