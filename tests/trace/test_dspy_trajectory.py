"""DSPy ReAct's failed tool call: its result is the observation ReAct gave the model for it.

DSPy's ``ReAct.forward`` (DSPy 3.x, ``dspy/predict/react.py``) catches a tool's exception and
writes ``Execution error in <tool>: `` and the traceback as the step's ``observation_N``;
the tool's span records the error and no output. The module's span records its output, the
Prediction whose ``trajectory`` holds ``thought_N``, ``tool_name_N``, ``tool_args_N`` and
``observation_N`` per step: OpenInference's DSPy instrumentation as ``output.value``, MLflow's
DSPy autolog as ``mlflow.spanOutputs`` (the real exports: tests/data/traces/dspy,
tests/data/traces/mlflow/mlflow-dspy). Rule: `integrations/_dspy_trajectory.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers.span_builders import import_one, span

TRACE = "cd" * 16
ASK = "What is the weather in Oslo?"
FIRST = "Execution error in get_weather: \nTraceback ...\nTimeoutError: try again"
SECOND = "Execution error in get_weather: \nTraceback ...\nTimeoutError: still busy"


def _trajectory(*steps: tuple[str, dict[str, Any], str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for n, (name, args, observation) in enumerate(steps):
        out |= {
            f"thought_{n}": f"step {n}",
            f"tool_name_{n}": name,
            f"tool_args_{n}": args,
            f"observation_{n}": observation,
        }
    return {"trajectory": out, "reasoning": "r", "answer": "Snow."}


def _failed(record: dict[str, Any], message: str) -> dict[str, Any]:
    """`record` as a span whose tool raised: status error, an exception event."""
    kind, _, text = message.partition(": ")
    event = {"name": "exception", "attributes": {"exception.type": kind, "exception.message": text}}
    return {**record, "status": {"status_code": "ERROR", "description": message}, "events": [event]}


def _oi(n: int, name: str, attrs: dict[str, Any], parent: int | None = None) -> dict[str, Any]:
    return span(n, name, attrs, trace=TRACE, parent=parent, start=float(n), end=float(n) + 0.5)


def _oi_tool(n: int, city: str, result: str | None = None) -> dict[str, Any]:
    attrs = {
        "openinference.span.kind": "TOOL",
        "input.value": json.dumps({"kwargs": {"city": city}}),
    }
    if result is not None:
        attrs["output.value"] = json.dumps(result)
    return _oi(n, "get_weather.__call__", attrs, parent=1)


def _oi_react(output: dict[str, Any], *tools: dict[str, Any]) -> list[dict[str, Any]]:
    """openinference-instrumentation-dspy's spans: the root CHAIN ``ReAct.forward`` (its output
    the Prediction), a model call, the TOOL spans ``<tool>.__call__`` under the root."""
    root = {
        "openinference.span.kind": "CHAIN",
        "input.value": json.dumps({"input_args": {"question": ASK}}),
        "output.value": json.dumps(output),
    }
    lm = {
        "openinference.span.kind": "LLM",
        "llm.model_name": "gpt-4o-mini",
        "llm.input_messages.0.message.role": "user",
        "llm.input_messages.0.message.content": f"[[ ## question ## ]]\n{ASK}",
        "llm.output_messages.0.message.role": "assistant",
        "llm.output_messages.0.message.content": "[[ ## next_tool_name ## ]]\nget_weather",
    }
    return [_oi(1, "ReAct.forward", root), _oi(2, "LM.__call__", lm, parent=1), *tools]


def test_a_failed_call_takes_its_steps_observation_each_step_once(tmp_path: Path) -> None:
    """Three calls of one tool with the same arguments: the first and last raised, the
    middle one answered; each takes its own step, in order, so each failure its own text."""
    output = _trajectory(
        ("get_weather", {"city": "Oslo"}, FIRST),
        ("get_weather", {"city": "Oslo"}, "snow, -3 C"),
        ("get_weather", {"city": "Oslo"}, SECOND),
        ("finish", {}, "Completed."),
    )
    spans = _oi_react(
        output,
        _failed(_oi_tool(3, "Oslo"), "TimeoutError: try again"),
        _oi_tool(4, "Oslo", "snow, -3 C"),
        _failed(_oi_tool(5, "Oslo"), "TimeoutError: still busy"),
    )
    calls = import_one(tmp_path, spans).trace.tool_calls
    assert [(c.name, c.arguments, c.result, c.error) for c in calls] == [
        ("get_weather", {"city": "Oslo"}, FIRST, "TimeoutError: try again"),
        ("get_weather", {"city": "Oslo"}, "snow, -3 C", None),
        ("get_weather", {"city": "Oslo"}, SECOND, "TimeoutError: still busy"),
    ]


def test_a_failed_call_no_step_names_keeps_no_result(tmp_path: Path) -> None:
    """No step with the call's tool and arguments, or no trajectory: nothing is invented."""
    other = _trajectory(("get_weather", {"city": "Bergen"}, FIRST))
    for output in (other, {"answer": "Snow."}):
        spans = _oi_react(output, _failed(_oi_tool(3, "Oslo"), "TimeoutError: try again"))
        [call] = import_one(tmp_path, spans).trace.tool_calls
        assert (call.result, call.error) == (None, "TimeoutError: try again")


def _mlflow(n: int, title: str, kind: str, inputs: Any, outputs: Any = None, **more: Any) -> Any:
    """A span as MLflow writes it (every value JSON text); no outputs when `outputs` is None."""
    attrs = {"mlflow.spanType": json.dumps(kind), "mlflow.spanInputs": json.dumps(inputs)}
    if outputs is not None:
        attrs["mlflow.spanOutputs"] = json.dumps(outputs)
    attrs |= {key: json.dumps(value) for key, value in more.items()}
    return _oi(n, title, attrs, parent=None if n == 1 else 1)


def test_under_mlflows_dspy_autolog(tmp_path: Path) -> None:
    """``mlflow.dspy.autolog()``: the root AGENT ``ReAct.forward``'s ``mlflow.spanOutputs``
    holds the trajectory; the tool span ``Tool.get_weather`` (its ``name`` the tool's) that
    raised has no outputs; ReAct's ``finish`` has no span: it is read from its step, last."""
    output = _trajectory(
        ("get_weather", {"city": "Olso"}, FIRST),
        ("get_weather", {"city": "Oslo"}, "snow, -3 C"),
        ("finish", {}, "Completed."),
    )
    reply = ["[[ ## next_tool_name ## ]]\nget_weather\n\n[[ ## completed ## ]]"]
    lm = {"model": "openai/gpt-4o-mini", "mlflow.message.format": "dspy"}
    asked = {"messages": [{"role": "user", "content": f"[[ ## question ## ]]\n{ASK}"}]}
    spans = [
        _mlflow(1, "ReAct.forward", "AGENT", {"question": ASK}, output),
        _mlflow(2, "LM.__call__", "CHAT_MODEL", asked, reply, **lm),
        _failed(
            _mlflow(3, "Tool.get_weather", "TOOL", {"city": "Olso"}, name="get_weather"),
            "ValueError: unknown city: Olso",
        ),
        _mlflow(4, "Tool.get_weather", "TOOL", {"city": "Oslo"}, "snow, -3 C", name="get_weather"),
    ]
    imported = import_one(tmp_path, spans)
    assert [(c.name, c.result, c.error) for c in imported.trace.tool_calls] == [
        ("get_weather", FIRST, "ValueError: unknown city: Olso"),
        ("get_weather", "snow, -3 C", None),
        ("finish", "Completed.", None),
    ]
    assert imported.trace.output == "Snow."


def _mlflow_react(output: dict[str, Any], *tools: dict[str, Any]) -> list[dict[str, Any]]:
    """MLflow's DSPy autolog spans: the root AGENT ``ReAct.forward``, a model call, `tools`."""
    reply = ["[[ ## next_tool_name ## ]]\nfinish\n\n[[ ## completed ## ]]"]
    lm = {"model": "openai/gpt-4o-mini", "mlflow.message.format": "dspy"}
    asked = {"messages": [{"role": "user", "content": f"[[ ## question ## ]]\n{ASK}"}]}
    return [
        _mlflow(1, "ReAct.forward", "AGENT", {"question": ASK}, output),
        _mlflow(2, "LM.__call__", "CHAT_MODEL", asked, reply, **lm),
        *tools,
    ]


def _mlflow_tool(n: int, name: str, args: dict[str, Any], result: str) -> dict[str, Any]:
    return _mlflow(n, f"Tool.{name}", "TOOL", args, result, name=name)


def test_mlflow_finish_with_no_span_is_a_call_after_the_last_tool(tmp_path: Path) -> None:
    """MLflow's callback makes no span for ``finish``: the trajectory's last step is a call
    (a request answered by a tool result in the trace), after the tool spans, id null; its
    result is no message of its own (the extraction prompt's trajectory holds it)."""
    output = _trajectory(
        ("get_weather", {"city": "Oslo"}, "snow, -3 C"),
        ("get_weather", {"city": "Bergen"}, "rain, 8 C"),
        ("finish", {}, "Completed."),
    )
    imported = import_one(
        tmp_path,
        _mlflow_react(
            output,
            _mlflow_tool(3, "get_weather", {"city": "Oslo"}, "snow, -3 C"),
            _mlflow_tool(4, "get_weather", {"city": "Bergen"}, "rain, 8 C"),
        ),
    )
    calls = imported.trace.tool_calls
    assert [(c.name, c.arguments, c.result, c.id) for c in calls] == [
        ("get_weather", {"city": "Oslo"}, "snow, -3 C", None),
        ("get_weather", {"city": "Bergen"}, "rain, 8 C", None),
        ("finish", {}, "Completed.", None),
    ]
    assert all(m.content != "Completed." for m in imported.trace.messages)


def test_mlflow_finish_first_step_alone(tmp_path: Path) -> None:
    """ReAct finished before any tool ran: ``finish`` is the only call."""
    output = _trajectory(("finish", {}, "Completed."))
    calls = import_one(tmp_path, _mlflow_react(output)).trace.tool_calls
    assert [(c.name, c.arguments, c.result) for c in calls] == [("finish", {}, "Completed.")]


def test_mlflow_finish_not_read_twice_nor_invented(tmp_path: Path) -> None:
    """A span that ran ``finish`` is the call (read once); a trajectory that did not end on
    ``finish`` (``max_iters`` reached) gives none; nor does OpenInference's output.value."""
    output = _trajectory(
        ("get_weather", {"city": "Oslo"}, "snow, -3 C"), ("finish", {}, "Completed.")
    )
    spans = _mlflow_react(
        output,
        _mlflow_tool(3, "get_weather", {"city": "Oslo"}, "snow, -3 C"),
        _mlflow_tool(4, "finish", {}, "Completed."),
    )
    calls = import_one(tmp_path, spans).trace.tool_calls
    assert [c.name for c in calls] == ["get_weather", "finish"]
    unfinished = _trajectory(("get_weather", {"city": "Oslo"}, "snow, -3 C"))
    spans = _mlflow_react(
        unfinished, _mlflow_tool(3, "get_weather", {"city": "Oslo"}, "snow, -3 C")
    )
    assert [c.name for c in import_one(tmp_path, spans).trace.tool_calls] == ["get_weather"]
    spans = _oi_react(output, _oi_tool(3, "Oslo", "snow, -3 C"))
    assert [c.name for c in import_one(tmp_path, spans).trace.tool_calls] == ["get_weather"]
