"""τ-bench and τ²-bench: trajectories into traces, tasks into cases.

A τ-bench task says which tools the agent must call, with which arguments (its "actions"),
and what it must tell the user (its "outputs"). τ-bench grades a run by replaying those
actions on a fresh database and comparing the final states; only the actions that change
the database matter for that, so reading tools are optional.

Each task becomes a case whose ground truth holds the expected actions and outputs, and
each run a trace that keeps the recorded reward in its metadata. The checks that grade
them (``tau/expected_actions``, ``tau/expected_outputs``, ``tau/reward``) are in
`_tau_checks`; what makes a recorded reward untrustworthy is in `_tau_reward`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...cases import Case
from ...errors import ConfigError
from ...trace import Message, ToolCall, ToolRequest, Trace, Usage
from .._common import ImportedTrace
from .._messages import Msg, parse_arguments, parse_messages, result_value
from .._report import ImportReport
from .._requested_calls import calls_from_messages
from .._span_files import documents_of
from ._basis import DEFAULT_BASIS, REWARD_TYPES
from ._effects import HANDOFF_TOOLS, is_read_only
from ._react import text_tool_calls
from ._records import Episode, collect_episodes, failed_episode, tau_bench_problem
from ._records import as_dict as _as_dict
from ._records import clean as _clean
from ._records import domain_of as _domain_of
from ._records import last_reply as _last_reply
from ._records import model_of as _model_of
from ._records import parse_time as _when
from ._reward import flag_rewards

__all__ = [
    "from_tau2",
    "from_tau_bench",
    "is_read_only",
    "tau_cases",
    "tau_trajectory_checks",
]

# --------------------------------------------------------------------------------- tasks


@dataclass(frozen=True)
class _Action:
    name: str
    arguments: dict[str, Any]
    compare_args: list[str] | None = None

    def render(self) -> str:
        return f"{self.name}({json.dumps(self.arguments, sort_keys=True, ensure_ascii=False)})"


@dataclass(frozen=True)
class _Task:
    id: str
    instruction: str
    user_id: str | None
    actions: list[_Action]
    outputs: list[str]
    nl_assertions: list[str]
    domain: str | None
    source: str
    reward_basis: tuple[str, ...] | None = None
    """τ²-bench's ``reward_basis`` (its default where the task names none); None: τ-bench."""
    env_assertions: tuple[dict[str, Any], ...] = ()
    """τ²-bench's ``env_assertions``: checks of the environment's final state."""
    user_actions: tuple[_Action, ...] = ()
    """τ²-bench's expected actions of the user (requestor ``user``: telecom's device)."""

    def to_case(self) -> Case:
        ground_truth: dict[str, Any] = {
            "actions": [_action_entry(a) for a in self.actions],
            "outputs": self.outputs,
        }
        if self.nl_assertions:
            ground_truth["nl_assertions"] = self.nl_assertions
        if self.reward_basis is not None:
            ground_truth["reward_basis"] = list(self.reward_basis)
        if self.env_assertions:
            ground_truth["env_assertion_count"] = len(self.env_assertions)
        if self.user_actions:
            ground_truth["user_actions"] = [_action_entry(a) for a in self.user_actions]
        return Case(
            id=f"task-{self.id}",
            input=self.instruction,
            context={"user_id": self.user_id} if self.user_id else {},
            expected=self._sentence(),
            focus=self._focus(),
            ground_truth=ground_truth,
            strata={"domain": self.domain} if self.domain else {},
            metadata={"source": self.source, "task_id": self.id},
        )

    @property
    def basis(self) -> tuple[str, ...]:
        return self.reward_basis if self.reward_basis is not None else DEFAULT_BASIS

    def _focus(self) -> str:
        if self.reward_basis is None or self.basis == DEFAULT_BASIS:
            return (
                "The tool calls that change the database, with their arguments and order; "
                "the information the user must be given."
            )
        said = {
            "DB": "the tool calls that change the database, with their arguments and order",
            "ACTION": "each expected tool call, with its arguments",
            "COMMUNICATE": "the information the user must be given",
            "NL_ASSERTION": "what the natural-language assertions require",
            "ENV_ASSERTION": "the state the environment is left in",
        }
        parts = [said[b] for b in REWARD_TYPES if b in self.basis]
        text = "; ".join(parts) if parts else "nothing: τ²-bench grades no part of it"
        return text[0].upper() + text[1:] + "."

    def _sentence(self) -> str:
        basis = self.basis
        parts = []
        if "DB" in basis:
            writes = [a for a in self.actions if not is_read_only(a.name)]
            changes = [a for a in writes if a.name not in HANDOFF_TOOLS]
            if changes:
                parts.append(
                    "Makes these changes, in order: " + "; ".join(a.render() for a in changes) + "."
                )
            else:
                parts.append("Changes nothing in the database.")
            if any(a.name in HANDOFF_TOOLS for a in writes):
                parts.append("Transfers the user to a human agent.")
        if "ACTION" in basis and self.actions:
            parts.append("Calls " + "; ".join(a.render() for a in self.actions) + ".")
        if self.user_actions and ("ACTION" in basis or "ENV_ASSERTION" in basis):
            parts.append(
                "Has the user call " + "; ".join(a.render() for a in self.user_actions) + "."
            )
        if self.outputs and "COMMUNICATE" in basis:
            parts.append("Tells the user " + ", ".join(repr(o) for o in self.outputs) + ".")
        parts.extend(self.nl_assertions)
        if self.env_assertions and "ENV_ASSERTION" in basis:
            parts.append(
                "Leaves the environment so that "
                + "; ".join(_render_assertion(a) for a in self.env_assertions)
                + "."
            )
        return " ".join(parts)


def _action_entry(action: _Action) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": action.name, "arguments": action.arguments}
    if action.compare_args is not None:
        entry["compare_args"] = action.compare_args
    return entry


def _render_assertion(assertion: dict[str, Any]) -> str:
    """``assert_service_status(expected_status="no_service")``, ``not ...`` when negated."""
    args = assertion.get("arguments") or {}
    shown = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in dict(args).items())
    text = f"{assertion.get('func_name')}({shown})"
    return text if assertion.get("assert_value", True) else f"not {text}"


def _tau_task(data: dict[str, Any], task_id: str, domain: str | None) -> _Task:
    actions = [
        _Action(str(a["name"]), dict(a.get("kwargs") or a.get("arguments") or {}))
        for a in data.get("actions") or []
        if isinstance(a, dict) and a.get("name")
    ]
    return _Task(
        id=task_id,
        instruction=str(data.get("instruction") or ""),
        user_id=data.get("user_id"),
        actions=actions,
        outputs=[str(o) for o in data.get("outputs") or []],
        nl_assertions=[],
        domain=domain,
        source="tau-bench",
    )


def _tau2_task(data: dict[str, Any], domain: str | None) -> _Task:
    criteria = data.get("evaluation_criteria") or {}
    listed = [a for a in criteria.get("actions") or [] if isinstance(a, dict) and a.get("name")]
    actions, user_actions = (
        [
            _Action(
                str(a["name"]),
                dict(a.get("arguments") or {}),
                list(a["compare_args"]) if a.get("compare_args") is not None else None,
            )
            for a in listed
            if (a.get("requestor") or "assistant") == requestor
        ]
        for requestor in ("assistant", "user")
    )
    # τ²-bench's EvaluationCriteria.reward_basis defaults to [DB, COMMUNICATE] when a task
    # names none (src/tau2/data_model/tasks.py); a null or a non-list is read the same.
    basis = criteria.get("reward_basis")
    if not isinstance(basis, list):
        basis = list(DEFAULT_BASIS)
    scenario = (data.get("user_scenario") or {}).get("instructions") or {}
    if isinstance(scenario, str):
        instruction = scenario
    else:
        instruction = "\n\n".join(
            str(scenario[k]).strip()
            for k in ("reason_for_call", "known_info", "unknown_info", "task_instructions")
            if scenario.get(k)
        )
    user = re.search(r"user id is ([\w-]+)", instruction)
    return _Task(
        id=str(data.get("id")),
        instruction=instruction,
        user_id=user.group(1) if user else None,
        actions=actions,
        outputs=[str(o) for o in criteria.get("communicate_info") or []],
        nl_assertions=[str(a) for a in criteria.get("nl_assertions") or []],
        domain=domain or (scenario.get("domain") if isinstance(scenario, dict) else None),
        source="tau2-bench",
        reward_basis=tuple(str(b) for b in basis),
        env_assertions=tuple(
            a for a in criteria.get("env_assertions") or [] if isinstance(a, dict)
        ),
        user_actions=tuple(user_actions),
    )


def _any_task(data: dict[str, Any], index: int, domain: str | None) -> _Task:
    """A task from a τ-bench task, a τ-bench trajectory record or a τ²-bench task."""
    if "evaluation_criteria" in data or "user_scenario" in data:
        return _tau2_task(data, domain)
    if isinstance(data.get("info"), dict) and isinstance(data["info"].get("task"), dict):
        return _tau_task(data["info"]["task"], str(data.get("task_id", index)), domain)
    if "instruction" in data or "actions" in data:
        return _tau_task(data, str(data.get("task_id", data.get("id", index))), domain)
    raise ValueError(
        "not a τ-bench task (instruction, actions), trajectory record (task_id, info.task) "
        "or τ²-bench task (id, user_scenario, evaluation_criteria)"
    )


def tau_cases(
    tasks_or_records: str | Path | Sequence[dict[str, Any]] | dict[str, Any],
) -> list[Case]:
    """One case per τ-bench or τ²-bench task.

    The input is the user's instruction, the context the user id, the ground truth the
    expected actions (``{"name", "arguments"}``) and outputs, and `expected` says the same in
    a sentence. Trajectory records of one task give its case once.

    Args:
        tasks_or_records: a τ-bench task list (``tasks_test.json``, whose list position is the
            task id), τ-bench trajectory records, τ²-bench tasks or a τ²-bench results file
            (its ``tasks``), as a file or parsed JSON.

    Raises:
        ConfigError: an item is none of those.
    """
    file: Path | None = None
    data: Any = tasks_or_records
    if isinstance(data, str | Path):
        file = Path(data)
        data = documents_of(file)[0].data
    if isinstance(data, dict):
        data = data.get("tasks", [data])
    domain = _domain_of(file) if file else None
    cases: dict[str, Case] = {}
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            raise ConfigError(f"item {i} is a {type(item).__name__}, not a task", file=file)
        if failed_episode(item) is not None:
            continue  # a record τ-bench's runner wrote for a crashed episode: no task in it
        try:
            case = _any_task(item, i, domain).to_case()
        except ValueError as exc:
            raise ConfigError(f"item {i}: {exc}", file=file, path=(i,)) from exc
        cases.setdefault(case.id, case)
    return list(cases.values())


def tau_trajectory_checks(task: dict[str, Any]) -> list[dict[str, Any]]:
    """The task's expected actions as suite check entries (``{"check", "args"[, "name"]}``).

    For a suite of one task: ``tau/expected_actions`` (the whole comparison), plus the
    built-in checks that say parts of it in the suite's own words: ``tools_required`` for
    the database-changing tools, ``tool_order`` for each pair of them whose order the task
    fixes, and ``required_args`` for the arguments each must fill. A τ²-bench task whose
    reward basis leaves out ``DB`` gets ``tau/expected_actions`` alone (its changes are not
    required). For a suite of many tasks, use ``tau/expected_actions`` alone: it reads each
    case's ground truth.

    Args:
        task: a τ-bench task, trajectory record or τ²-bench task.

    Raises:
        ConfigError: `task` is none of those.
    """
    try:
        parsed = _any_task(task, 0, None)
    except ValueError as exc:
        raise ConfigError(str(exc)) from exc
    if "DB" not in parsed.basis:
        # graded without the database: the changes are not required, the check says why
        return [{"check": "tau/expected_actions", "args": {}}]
    writes = [a for a in parsed.actions if not is_read_only(a.name) and a.name not in HANDOFF_TOOLS]
    entries: list[dict[str, Any]] = [{"check": "tau/expected_actions", "args": {}}]
    names = list(dict.fromkeys(a.name for a in writes))
    if not names:
        return entries
    entries.append({"check": "tools_required", "args": {"tools": names}})
    sequence = [a.name for a in writes]
    pairs: list[tuple[str, str]] = []
    for before, after in zip(sequence, sequence[1:], strict=False):
        if before != after and (before, after) not in pairs and _ordered(sequence, before, after):
            pairs.append((before, after))
    for before, after in pairs:
        entries.append(
            {
                "check": "tool_order",
                "args": {"before": before, "after": after},
                "name": f"tool_order:{before}>{after}",
            }
        )
    for name in names:
        keys = sorted(
            set.intersection(
                *(
                    {k for k, v in a.arguments.items() if v not in (None, "")}
                    for a in writes
                    if a.name == name
                )
            )
        )
        if keys:
            entries.append(
                {
                    "check": "required_args",
                    "args": {"tool": name, "args": keys},
                    "name": f"required_args:{name}",
                }
            )
    return entries


def _ordered(sequence: list[str], before: str, after: str) -> bool:
    """True when every `after` in `sequence` follows some `before` (what `tool_order` asks)."""
    first = sequence.index(before)
    return all(i > first for i, name in enumerate(sequence) if name == after)


# --------------------------------------------------------------------------- trajectories


def from_tau_bench(data: str | Path | Sequence[dict[str, Any]]) -> list[ImportedTrace]:
    """Import τ-bench trajectories (``historical_trajectories/*.json``).

    Each record becomes a trace: the messages of its ``traj``, its tool calls paired with
    their results by ``tool_call_id`` (a result starting ``Error``, or ``Unknown action``
    for a tool τ-bench does not have, is the call's error; an
    act or ReAct agent's calls are read from its ``Action:`` text and the ``API output:``
    answers), the last assistant reply as output. The case id is ``task-{task_id}``, the
    repeat the trial, and the case comes from ``info.task``; the reward and how the episode
    ended are kept in the metadata, with ``reward_flags`` when the file shows the reward
    cannot be trusted (`fourfold.integrations.tau._reward`). Records that are not
    episodes (τ-bench's runner writes one with ``info.error`` and an empty ``traj`` for an
    episode that crashed) are left out: `read_tau_bench` says which, and when the trials
    were renumbered.

    Args:
        data: the file, or its parsed records. A file named ``{model}-{domain}.json`` also
            gives the model and domain.

    Raises:
        ConfigError: the file is not a list of τ-bench records, or none can be imported.
    """
    return read_tau_bench(data).traces


def read_tau_bench(data: str | Path | Sequence[dict[str, Any]]) -> ImportReport:
    """`from_tau_bench`, with what it skipped and how it numbered the repeats.

    Raises:
        ConfigError: the file is not a list of τ-bench records, or none can be imported.
    """
    file = Path(data) if isinstance(data, str | Path) else None
    records = documents_of(file)[0].data if file else data
    if not isinstance(records, list):
        raise ConfigError(
            "not a τ-bench trajectory file: expected a JSON list of records",
            file=file,
            hint="each record has task_id, trial, reward, info and traj",
        )
    domain = _domain_of(file) if file else None
    model = _model_of(file, domain) if file else None

    def convert(episode: Episode, repeat: int) -> ImportedTrace:
        record = episode.data
        try:
            task = _any_task(record, episode.index, domain) if record.get("info") else None
        except ValueError:
            task = None  # info without the task: the trace is kept, without its case
        return _tau_bench_trace(record, task, episode.task_id, episode.trial, repeat, domain, model)

    report = collect_episodes(
        records,
        what="record",
        file=file,
        identify=lambda i, r: (str(r.get("task_id", i)), r.get("trial")),
        problem=tau_bench_problem,
        convert=convert,
    )
    report.traces = flag_rewards(report.traces)
    return report


def _tau_bench_trace(
    record: dict[str, Any],
    task: _Task | None,
    task_id: str,
    trial: Any,
    repeat: int,
    domain: str | None,
    model: str | None,
) -> ImportedTrace:
    msgs = parse_messages(record["traj"])
    calls = []
    for call, answer in calls_from_messages(msgs):
        if answer is None:
            continue  # asked as the trajectory ended: it ran nowhere (a request, no call)
        text = answer.content
        if isinstance(text, str) and text.startswith(("Error", "Unknown action")):
            # τ-bench answers a tool it does not have with "Unknown action NAME": no change
            call = call.model_copy(update={"result": None, "error": text})
        calls.append(call)
    calls = calls or text_tool_calls(msgs)  # an act or ReAct agent's calls are text
    info = record.get("info") or {}
    reward_info = info.get("reward_info") or {}
    metadata = _clean(
        {
            "source": "tau-bench",
            "task_id": task_id,
            "trial": trial,
            "reward": record.get("reward"),
            "reward_info": reward_info.get("info"),
            "ended_by": info.get("source"),
            "user_cost": info.get("user_cost"),
            "domain": domain,
            "model": model,
        }
    )
    trace = Trace(
        messages=[m.to_message() for m in msgs],
        tool_calls=calls,
        output=_last_reply(msgs),
        turns=sum(1 for m in msgs if m.role == "assistant"),
        metadata=metadata,
    )
    return ImportedTrace(
        trace_id=f"tau-bench:{task_id}:{repeat}",
        case_id=f"task-{task_id}",
        repeat=repeat,
        trace=trace,
        input=next((m.content for m in msgs if m.role == "user" and m.content), None),
        metadata=metadata,
        case=task.to_case() if task else None,
    )


def from_tau2(data: str | Path | dict[str, Any]) -> list[ImportedTrace]:
    """Import a τ²-bench results file (``{info, tasks, simulations}``).

    Each simulation becomes a trace: the domain policy as the system message, then its
    messages; the agent's tool calls paired with their results by id (a result flagged
    ``error`` is the call's error), timed by the messages' timestamps (a request the
    simulation ended before answering ran nowhere: it stays a request on its message, no
    call); the agent's tokens and cost; the duration as latency. The case id is
    ``task-{task_id}``, the repeat the trial; the reward, the basis it was graded on
    (``reward_basis``) and its breakdown are kept in the metadata, with ``reward_flags``
    when the file shows the reward cannot be trusted. The user simulator's own tool calls
    (telecom's device) are no calls of the agent: the metadata keeps them
    (``user_tool_calls``: name, arguments and the error of a failed one) where the user
    made any or the task expects some. Each task's case keeps its reward basis (the
    default ``[DB, COMMUNICATE]`` where it names none), how many environment assertions it
    has, and the user's expected actions (`fourfold.integrations.tau._basis`).

    Raises:
        ConfigError: the data is not a τ²-bench results file, or no simulation in it can
            be imported.
    """
    return read_tau2(data).traces


def read_tau2(data: str | Path | dict[str, Any]) -> ImportReport:
    """`from_tau2`, with the simulations it skipped and how it numbered the repeats.

    Raises:
        ConfigError: the data is not a τ²-bench results file, or no simulation in it can
            be imported.
    """
    file = Path(data) if isinstance(data, str | Path) else None
    doc = documents_of(file)[0].data if file else data
    if not isinstance(doc, dict) or not isinstance(doc.get("simulations"), list):
        raise ConfigError(
            "not a τ²-bench results file: expected an object with 'simulations'",
            file=file,
            hint="τ²-bench writes {timestamp, info, tasks, simulations}",
        )
    info = _as_dict(doc.get("info"))
    env = _as_dict(info.get("environment_info"))
    domain = env.get("domain_name") if isinstance(env.get("domain_name"), str) else None
    tasks: dict[str, _Task] = {}
    unreadable = []
    for i, t in enumerate(doc["tasks"] if isinstance(doc.get("tasks"), list) else []):
        try:
            tasks[str(t.get("id"))] = _tau2_task(t, domain)
        except (ValueError, TypeError, KeyError, AttributeError):
            unreadable.append(str(i))
    common = _clean(
        {
            "source": "tau2-bench",
            "domain": domain,
            "model": _as_dict(info.get("agent_info")).get("llm"),
            "user_model": _as_dict(info.get("user_info")).get("llm"),
        }
    )
    report = collect_episodes(
        doc["simulations"],
        what="simulation",
        file=file,
        identify=lambda i, sim: (str(sim.get("task_id")), sim.get("trial")),
        problem=lambda sim: None if isinstance(sim.get("messages"), list) else "no messages",
        convert=lambda ep, repeat: _tau2_trace(ep, repeat, tasks, common, env.get("policy")),
    )
    if unreadable:
        report.notes.append(
            f"tasks {', '.join(unreadable)} of the file's tasks could not be read: their "
            "simulations have no case"
        )
    report.traces = flag_rewards(report.traces)
    return report


def _tau2_trace(
    episode: Episode,
    repeat: int,
    tasks: dict[str, _Task],
    common: dict[str, Any],
    policy: Any,
) -> ImportedTrace:
    sim = episode.data
    task_id = episode.task_id
    trial = sim.get("trial")
    messages: list[Message] = []
    if isinstance(policy, str) and policy:
        messages.append(Message(role="system", content=policy))
    calls: list[ToolCall] = []
    pending: dict[str, int] = {}
    user_calls: list[dict[str, Any]] = []
    user_pending: dict[str, int] = {}
    input_tokens = output_tokens = turns = 0
    for m in sim["messages"]:
        role = m.get("role")
        found: int | None = None
        requested: list[ToolRequest] = []
        if m.get("requestor", "assistant") != "assistant" and role == "tool":
            # the user simulator's own tools (telecom): not the agent's trajectory; kept
            # in the metadata, where τ²-bench's action check finds them
            k = user_pending.pop(str(m.get("id")), None)
            if k is not None and m.get("error"):
                user_calls[k]["error"] = str(m.get("content"))
            continue
        if role == "user":
            for req in m.get("tool_calls") or []:
                if isinstance(req, dict) and req.get("name"):
                    user_pending[str(req.get("id"))] = len(user_calls)
                    args = parse_arguments(req.get("arguments"))
                    user_calls.append({"name": str(req["name"]), "arguments": args})
        if role == "assistant":
            turns += 1
            usage = m.get("usage") or {}
            input_tokens += int(usage.get("prompt_tokens") or 0)
            output_tokens += int(usage.get("completion_tokens") or 0)
            for req in m.get("tool_calls") or []:
                if req.get("requestor", "assistant") != "assistant":
                    continue
                pending[str(req.get("id"))] = len(calls)
                calls.append(
                    ToolCall(
                        name=str(req.get("name")),
                        arguments=parse_arguments(req.get("arguments")),
                        id=req.get("id"),
                        started_at=_when(m.get("timestamp")),
                    )
                )
                requested.append(
                    ToolRequest(id=calls[-1].id, name=calls[-1].name, arguments=calls[-1].arguments)
                )
        elif role == "tool":
            found = pending.pop(str(m.get("id")), None)
            if found is not None:
                update: dict[str, Any] = {"ended_at": _when(m.get("timestamp"))}
                if m.get("error"):
                    update["error"] = str(m.get("content"))
                else:
                    update["result"] = result_value(m.get("content"))
                calls[found] = calls[found].model_copy(update=update)
        if role in ("assistant", "user", "tool"):
            messages.append(
                Message(
                    role=role,
                    content=m.get("content"),
                    name=calls[found].name if role == "tool" and found is not None else None,
                    tool_call_id=m.get("id") if role == "tool" else None,
                    tool_calls=requested,
                )
            )
    # A request the simulation ended before answering (its step limit, an error) never ran:
    # the message keeps it as a request; it is no call, nor a write to compare.
    unanswered = set(pending.values())
    calls = [call for n, call in enumerate(calls) if n not in unanswered]
    reward_info = sim.get("reward_info") or {}
    task = tasks.get(task_id)
    metadata = _clean(
        {
            **common,
            "task_id": task_id,
            "trial": trial,
            "simulation_id": sim.get("id"),
            "reward": reward_info.get("reward"),
            "reward_basis": reward_info.get("reward_basis"),
            "reward_breakdown": reward_info.get("reward_breakdown"),
            "db_match": (reward_info.get("db_check") or {}).get("db_match"),
            "ended_by": sim.get("termination_reason"),
            "user_cost": sim.get("user_cost"),
            # the user's tool calls, when it made any or the task expects some of it (an
            # empty list then says it made none)
            "user_tool_calls": user_calls if user_calls or (task and task.user_actions) else None,
        }
    )
    agent_cost = sim.get("agent_cost")
    msgs = [Msg(role=m.role, content=m.content) for m in messages]
    trace = Trace(
        messages=messages,
        tool_calls=calls,
        output=_last_reply(msgs),
        usage=Usage(
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            cost_usd=float(agent_cost) if isinstance(agent_cost, int | float) else None,
        ),
        latency_s=sim.get("duration") if isinstance(sim.get("duration"), int | float) else None,
        turns=turns,
        metadata=metadata,
    )
    return ImportedTrace(
        trace_id=str(sim.get("id") or f"tau2:{task_id}:{repeat}"),
        case_id=f"task-{task_id}",
        repeat=repeat,
        trace=trace,
        input=next((m.content for m in msgs if m.role == "user" and m.content), None),
        metadata=metadata,
        case=task.to_case() if task else None,
    )
