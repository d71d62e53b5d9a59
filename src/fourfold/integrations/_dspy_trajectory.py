"""A DSPy ReAct tool call that failed, answered by the observation ReAct gave the model for it.

DSPy's ``ReAct`` catches a tool's exception and writes what it gives the model in its place
(``Execution error in get_weather: `` and the formatted traceback in DSPy 3.x) as the step's
observation. The tool's span records the error and no output; the observation is in the
module's trajectory: ``ReAct.forward``'s output, the Prediction ``{"trajectory": {...},
"reasoning": ..., "answer": ...}`` whose trajectory holds, for each step ``N``,
``thought_N``, ``tool_name_N``, ``tool_args_N`` and ``observation_N``. OpenInference's DSPy
instrumentation records it as the span's ``output.value``, MLflow's DSPy autolog as its
``mlflow.spanOutputs``; the tools' spans are that span's children (its descendants when the
tool runs inside another span). The next model input holds the same text, but in the form
the adapter gave it (ChatAdapter's ``[[ ## observation_N ## ]]`` field markers, JSONAdapter's
JSON): the Prediction's trajectory is the same under every adapter.

So the tool calls run under a span whose output holds such a trajectory take its steps in
order, each step once: a call takes the first step not taken that names its tool with its
arguments (by its tool alone when the span kept no arguments object). A call that failed
with no result recorded takes that step's observation as its result (what the model was
given for it; its error stays the span's); any other call only takes its step, so that a
failed call repeating an earlier call's tool and arguments gets its own step.

ReAct's built-in ``finish`` tool is a call too (a request answered by a tool result in the
trace): OpenInference records it as a tool span, but MLflow's DSPy autolog (3.17) makes no
span for it (its callback skips the tool named ``finish``). Its request and result
(``Completed.``) are the last step of the ``ReAct.forward`` span's trajectory in
``mlflow.spanOutputs``: `react_finishes` reads it from there when no tool span under that
span ran ``finish``, placed after the span's last tool span (ReAct's loop ends on it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..trace import ToolCall
from ._messages import try_json
from ._spans import Span, ancestors, ns_to_datetime
from ._steps import Step, ToolRun

__all__ = ["react_finishes", "react_steps", "with_react_observations"]

_OUTPUT_KEYS = ("output.value", "mlflow.spanOutputs")
"""Where a span records its output: OpenInference's attribute, MLflow's."""


def with_react_observations(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> dict[int, Step | None]:
    """`steps` with each failed tool call under a ReAct trajectory given its observation.

    `ordered`: the trace's spans in start order; `steps`: what each is, by ``id(span)``;
    `by_id`: the spans by span id. The steps of other spans are returned as they were.
    """
    left: dict[int, list[dict[str, Any]] | None] = {}  # id(span) -> its trajectory's steps left

    def trajectory(span: Span) -> list[dict[str, Any]] | None:
        if id(span) not in left:
            left[id(span)] = _trajectory(span)
        return left[id(span)]

    for span in ordered:
        run = steps[id(span)]
        if not isinstance(run, ToolRun):
            continue
        if run.call.name is None:
            continue  # a call the span names no tool of takes no step: none names its tool
        mine = next((t for a in ancestors(span, by_id) if (t := trajectory(a)) is not None), None)
        if mine is None:
            continue
        step = _take(mine, run.call.name, run.call.arguments if run.arguments_recorded else None)
        failed = run.call.error is not None and not run.result_recorded
        if step is not None and failed and run.call.result is None:
            call = run.call.model_copy(update={"result": step["observation"]})
            steps[id(span)] = replace(run, call=call)
    return steps


def react_finishes(
    ordered: list[Span], steps: dict[int, Step | None], by_id: dict[str, Span]
) -> dict[int, ToolCall]:
    """ReAct's ``finish`` calls no span records under MLflow's DSPy autolog, by where they go.

    Each is keyed by ``id()`` of the span it follows: the last tool span under its
    ``ReAct.forward`` span, else that span itself (it finished before any tool ran). Only a
    trajectory in ``mlflow.spanOutputs`` whose last step is ``finish`` gives one, and only when
    no tool span under it is named ``finish`` (OpenInference's DSPy records it as a span).
    """
    mlflow: dict[int, list[dict[str, Any]] | None] = {}

    def trajectory(span: Span) -> list[dict[str, Any]] | None:
        if id(span) not in mlflow:
            mlflow[id(span)] = _mlflow_trajectory(span)
        return mlflow[id(span)]

    last: dict[int, Span] = {}  # id(ReAct span) -> its last tool span
    ran: set[int] = set()  # the ReAct spans a tool span named finish ran under
    for span in ordered:
        run = steps.get(id(span))
        if not isinstance(run, ToolRun):
            continue
        react = next((a for a in ancestors(span, by_id) if trajectory(a) is not None), None)
        if react is None:
            continue
        last[id(react)] = span
        if run.call.name == _FINISH:
            ran.add(id(react))
    out: dict[int, ToolCall] = {}
    for span in ordered:
        trail = trajectory(span)
        if not trail or id(span) in ran or trail[-1]["tool_name"] != _FINISH:
            continue
        args = trail[-1]["tool_args"]
        before = last.get(id(span))
        # no time recorded: it ran once the last tool had returned (else as ReAct began)
        at = ns_to_datetime(before.end_ns if before is not None else span.start_ns)
        call = ToolCall(
            name=_FINISH,
            arguments=args if isinstance(args, dict) else {},
            result=trail[-1]["observation"],
            started_at=at,
            ended_at=at,
        )
        out[id(before if before is not None else span)] = call
    return out


_FINISH = "finish"
"""The name of DSPy ReAct's built-in tool that ends the loop."""


def _mlflow_trajectory(span: Span) -> list[dict[str, Any]] | None:
    """The ReAct steps MLflow's ``mlflow.spanOutputs`` of `span` holds (None: none there)."""
    output = try_json(span.attributes.get("mlflow.spanOutputs"))
    if not isinstance(output, dict):
        return None
    return react_steps(output.get("trajectory"))


def _trajectory(span: Span) -> list[dict[str, Any]] | None:
    """The ReAct steps `span`'s output holds (None: no trajectory there)."""
    output = next((try_json(v) for k in _OUTPUT_KEYS if (v := span.attributes.get(k))), None)
    if not isinstance(output, dict):
        return None
    return react_steps(output.get("trajectory"))


def react_steps(trajectory: Any) -> list[dict[str, Any]] | None:
    """A ReAct trajectory's steps in order, each ``{tool_name, tool_args, observation}``.

    None when `trajectory` is not one (not an object, or no ``tool_name_0`` in it). The steps
    run from 0 while ``tool_name_N`` is there.

    Examples:
        >>> steps = react_steps({"thought_0": "t", "tool_name_0": "get_weather",
        ...     "tool_args_0": {"city": "Tokio"}, "observation_0": "Execution error in ..."})
        >>> [(s["tool_name"], s["tool_args"], s["observation"]) for s in steps]
        [('get_weather', {'city': 'Tokio'}, 'Execution error in ...')]
        >>> react_steps({"answer": "42"}) is None, react_steps("thought_0: ...") is None
        (True, True)
    """
    if not isinstance(trajectory, dict) or "tool_name_0" not in trajectory:
        return None
    out: list[dict[str, Any]] = []
    while f"tool_name_{len(out)}" in trajectory:
        n = len(out)
        out.append(
            {
                "tool_name": trajectory[f"tool_name_{n}"],
                "tool_args": trajectory.get(f"tool_args_{n}"),
                "observation": trajectory.get(f"observation_{n}"),
            }
        )
    return out


def _take(
    left: list[dict[str, Any]], name: str, arguments: dict[str, Any] | None
) -> dict[str, Any] | None:
    """The first step of `left` naming tool `name` with `arguments` (None: any), removed."""
    for n, step in enumerate(left):
        if step["tool_name"] == name and (arguments is None or step["tool_args"] == arguments):
            return left.pop(n)
    return None
