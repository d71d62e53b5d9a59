"""τ-bench and τ²-bench: trajectories into traces, tasks into cases, expected actions into checks.

A τ-bench task says which tools the agent must call, with which arguments (its "actions"),
and what it must tell the user (its "outputs"). τ-bench grades a run by replaying those
actions on a fresh database and comparing the final states; only the actions that change
the database matter for that, so reading tools are optional.

fourfold grades the same thing from the trace alone, per case: `expected_actions`
(registered as ``tau/expected_actions``, trajectory layer) reads the case's
``ground_truth["actions"]`` and requires every expected database-changing call, with
matching arguments, in order, and no other successful database-changing call;
`expected_outputs` (``tau/expected_outputs``, outcome layer) requires every expected output
in some reply. A suite that names them imports this module::

    imports: [fourfold.trace.importers]
    checks: [tau/expected_actions, tau/expected_outputs]
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from ...cases import Case
from ...checks import CheckContext, CheckFn, Evidence, Verdict, check, failed, passed, skipped
from ...errors import ConfigError
from .._model import Message, ToolCall, Trace, Usage
from ._common import ImportedTrace, calls_from_messages
from ._messages import Msg, parse_arguments, parse_messages, result_value
from ._report import ImportReport
from ._spans import documents_of
from ._tau_records import Episode, collect_episodes, failed_episode, tau_bench_problem
from ._tau_records import as_dict as _as_dict
from ._tau_records import clean as _clean
from ._tau_records import domain_of as _domain_of
from ._tau_records import last_reply as _last_reply
from ._tau_records import model_of as _model_of
from ._tau_records import parse_time as _when

__all__ = [
    "expected_actions",
    "expected_outputs",
    "from_tau2",
    "from_tau_bench",
    "is_read_only",
    "tau_cases",
    "tau_trajectory_checks",
]

READ_PREFIXES = ("get_", "search_", "list_", "find_")
"""Tools whose names start so only read (τ-bench's airline and retail tools follow this)."""
READ_TOOLS = frozenset({"calculate", "think"})
"""Other tools that change nothing."""
HANDOFF_TOOLS = ("transfer_to_human_agents",)
"""Tools that end the conversation without changing the database; τ-bench's reward skips
them when it replays the expected actions."""


def is_read_only(name: str) -> bool:
    """True for a τ-bench tool that changes nothing (``get_*``, ``search_*``, ``calculate``...)."""
    return name.startswith(READ_PREFIXES) or name in READ_TOOLS


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

    def to_case(self) -> Case:
        ground_truth: dict[str, Any] = {
            "actions": [
                {"name": a.name, "arguments": a.arguments}
                | ({"compare_args": a.compare_args} if a.compare_args is not None else {})
                for a in self.actions
            ],
            "outputs": self.outputs,
        }
        if self.nl_assertions:
            ground_truth["nl_assertions"] = self.nl_assertions
        return Case(
            id=f"task-{self.id}",
            input=self.instruction,
            context={"user_id": self.user_id} if self.user_id else {},
            expected=self._sentence(),
            focus="The tool calls that change the database, with their arguments and order; "
            "the information the user must be given.",
            ground_truth=ground_truth,
            strata={"domain": self.domain} if self.domain else {},
            metadata={"source": self.source, "task_id": self.id},
        )

    def _sentence(self) -> str:
        writes = [a for a in self.actions if not is_read_only(a.name)]
        changes = [a for a in writes if a.name not in HANDOFF_TOOLS]
        if changes:
            parts = [
                "Makes these changes, in order: " + "; ".join(a.render() for a in changes) + "."
            ]
        else:
            parts = ["Changes nothing in the database."]
        if any(a.name in HANDOFF_TOOLS for a in writes):
            parts.append("Transfers the user to a human agent.")
        if self.outputs:
            parts.append("Tells the user " + ", ".join(repr(o) for o in self.outputs) + ".")
        parts.extend(self.nl_assertions)
        return " ".join(parts)


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
    actions = [
        _Action(
            str(a["name"]),
            dict(a.get("arguments") or {}),
            list(a["compare_args"]) if a.get("compare_args") is not None else None,
        )
        for a in criteria.get("actions") or []
        if isinstance(a, dict) and a.get("name") and a.get("requestor", "assistant") == "assistant"
    ]
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
    fixes, and ``required_args`` for the arguments each must fill. For a suite of many
    tasks, use ``tau/expected_actions`` alone: it reads each case's ground truth.

    Args:
        task: a τ-bench task, trajectory record or τ²-bench task.

    Raises:
        ConfigError: `task` is none of those.
    """
    try:
        parsed = _any_task(task, 0, None)
    except ValueError as exc:
        raise ConfigError(str(exc)) from exc
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
    their results by ``tool_call_id`` (a result starting ``Error`` is the call's error), the
    last assistant reply as output. The case id is ``task-{task_id}``, the repeat the trial,
    and the case comes from ``info.task``; the reward and how the episode ended are kept in
    the metadata. Records that are not episodes (τ-bench's runner writes one with
    ``info.error`` and an empty ``traj`` for an episode that crashed) are left out:
    `read_tau_bench` says which, and when the trials were renumbered.

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

    return collect_episodes(
        records,
        what="record",
        file=file,
        identify=lambda i, r: (str(r.get("task_id", i)), r.get("trial")),
        problem=tau_bench_problem,
        convert=convert,
    )


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
        text = answer.content if answer is not None else None
        if isinstance(text, str) and text.startswith("Error"):
            call = call.model_copy(update={"result": None, "error": text})
        calls.append(call)
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
    ``error`` is the call's error), timed by the messages' timestamps; the agent's tokens
    and cost; the duration as latency. The case id is ``task-{task_id}``, the repeat the
    trial; the reward and its breakdown are kept in the metadata.

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
    input_tokens = output_tokens = turns = 0
    for m in sim["messages"]:
        role = m.get("role")
        found: int | None = None
        if m.get("requestor", "assistant") != "assistant" and role == "tool":
            continue  # the user simulator's own tools (telecom): not the agent's trajectory
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
                )
            )
    reward_info = sim.get("reward_info") or {}
    metadata = _clean(
        {
            **common,
            "task_id": task_id,
            "trial": trial,
            "simulation_id": sim.get("id"),
            "reward": reward_info.get("reward"),
            "reward_breakdown": reward_info.get("reward_breakdown"),
            "db_match": (reward_info.get("db_check") or {}).get("db_match"),
            "ended_by": sim.get("termination_reason"),
            "user_cost": sim.get("user_cost"),
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
    task = tasks.get(task_id)
    return ImportedTrace(
        trace_id=str(sim.get("id") or f"tau2:{task_id}:{repeat}"),
        case_id=f"task-{task_id}",
        repeat=repeat,
        trace=trace,
        input=next((m.content for m in msgs if m.role == "user" and m.content), None),
        metadata=metadata,
        case=task.to_case() if task else None,
    )


# ---------------------------------------------------------------------------------- checks


@check(layer="trajectory", name="tau/expected_actions")
def expected_actions(
    match: Literal["names", "names_and_args"] = "names_and_args",
    order: bool = True,
    extra_writes: Literal["fail", "allow"] = "fail",
    ignore: Sequence[str] = HANDOFF_TOOLS,
    reads: Sequence[str] | None = None,
) -> CheckFn:
    """Require the case's expected database-changing tool calls (``ground_truth.actions``).

    Every expected action that changes something must appear among the successful tool
    calls, with the same arguments (strings compared trimmed and case-folded, numbers by
    value, only the arguments the action names, or its ``compare_args``), in the same
    order; calls that only read are optional, and calls that failed changed nothing. With
    ``extra_writes: fail`` a successful database-changing call the case does not expect
    fails too: τ-bench's reward compares the final database, which such a call changes.
    Skips a case without expected actions.

    Args:
        match: compare names and arguments, or names only.
        order: require the expected order.
        extra_writes: whether an unexpected database-changing call fails the check.
        ignore: tools neither required nor counted (by default the hand-off to a human,
            which τ-bench's reward does not replay).
        reads: the tools that only read; by default ``get_*``, ``search_*``, ``list_*``,
            ``find_*``, ``calculate`` and ``think``.
    """
    ignored = set(ignore)
    read_set = set(reads) if reads is not None else None

    def writes(name: str) -> bool:
        if name in ignored:
            return False
        return name not in read_set if read_set is not None else not is_read_only(name)

    def run(ctx: CheckContext) -> Verdict:
        expected = _expected_actions(ctx.case.ground_truth)
        if expected is None:
            return skipped("the case has no expected actions (ground_truth.actions)")
        wanted = [a for a in expected if writes(a.name)]
        made = [
            (i, c) for i, c in enumerate(ctx.trace.tool_calls) if c.error is None and writes(c.name)
        ]
        used: set[int] = set()
        positions: list[int] = []
        problems: list[Evidence] = []
        missing = 0
        for action in wanted:
            j = next(
                (
                    j
                    for j, (_, call) in enumerate(made)
                    if j not in used
                    and call.name == action.name
                    and (match == "names" or _arguments_match(action, call.arguments))
                ),
                None,
            )
            if j is None:
                missing += 1
                problems.append(_missing_evidence(action, made, used))
            else:
                used.add(j)
                positions.append(made[j][0])
        extras = [(i, c) for j, (i, c) in enumerate(made) if j not in used]
        out_of_order = order and positions != sorted(positions)
        numbers: dict[str, Any] = {
            "expected": len(wanted),
            "matched": len(positions),
            "missing": missing,
            "extra": len(extras),
            "out_of_order": out_of_order,
            "not_checked": sum(1 for c in ctx.trace.tool_calls if not writes(c.name)),
        }
        fails_extra = extra_writes == "fail" and extras
        if not missing and not fails_extra and not out_of_order:
            if not wanted:
                why = "no change expected and none made"
                if extras:
                    why = f"no change expected; {len(extras)} allowed unexpected write(s)"
                return passed(why, **numbers)
            what = "names" if match == "names" else "arguments"
            return passed(
                f"all {len(wanted)} expected change(s) made with matching {what}"
                + (", in order" if order else ""),
                **numbers,
            )
        reasons = []
        if missing:
            reasons.append(f"{missing} of {len(wanted)} expected change(s) not made as expected")
        if fails_extra:
            reasons.append(f"{len(extras)} unexpected change(s)")
            problems.extend(
                Evidence(text=f"unexpected: {c.signature()}", where=f"tool_calls[{i}]")
                for i, c in extras
            )
        if out_of_order:
            reasons.append("the expected changes were made in a different order")
            problems.append(
                Evidence(
                    text="order made: " + ", ".join(f"tool_calls[{p}]" for p in positions),
                    where="tool_calls",
                )
            )
        return failed("; ".join(reasons), evidence=problems[:20], **numbers)

    return run


@check(layer="outcome", name="tau/expected_outputs")
def expected_outputs() -> CheckFn:
    """Require every expected output (``ground_truth.outputs``) in some reply of the agent.

    As τ-bench does: an output counts when it occurs, case-insensitively, in one of the
    assistant's messages with commas removed. Skips a case that expects no outputs.
    """

    def run(ctx: CheckContext) -> Verdict:
        gt = ctx.case.ground_truth
        outputs = gt.get("outputs") if isinstance(gt, dict) else None
        if not outputs:
            return skipped("the case expects no particular information in the replies")
        replies = [
            (i, m.content.lower().replace(",", ""))
            for i, m in enumerate(ctx.trace.messages)
            if m.role == "assistant" and m.content
        ]
        if not replies and ctx.output:
            replies = [(-1, ctx.output.lower().replace(",", ""))]
        found: list[Evidence] = []
        missing = []
        for output in outputs:
            hit = next((i for i, text in replies if str(output).lower() in text), None)
            if hit is None:
                missing.append(str(output))
            else:
                where = f"messages[{hit}]" if hit >= 0 else "output"
                found.append(Evidence(text=str(output), where=where))
        numbers: dict[str, Any] = {"expected": len(outputs), "missing": len(missing)}
        if missing:
            return failed(
                f"never told the user {', '.join(repr(m) for m in missing)}",
                evidence=[Evidence(text=m, where="messages") for m in missing],
                **numbers,
            )
        return passed(
            f"told the user all {len(outputs)} expected output(s)", evidence=found, **numbers
        )

    return run


def _expected_actions(ground_truth: Any) -> list[_Action] | None:
    if not isinstance(ground_truth, dict) or not isinstance(ground_truth.get("actions"), list):
        return None
    out = []
    for a in ground_truth["actions"]:
        if not isinstance(a, dict) or not a.get("name"):
            continue
        if a.get("requestor", "assistant") != "assistant":
            continue
        args = a.get("arguments", a.get("kwargs")) or {}
        compare = a.get("compare_args")
        out.append(
            _Action(str(a["name"]), dict(args), list(compare) if compare is not None else None)
        )
    return out


def _arguments_match(action: _Action, arguments: dict[str, Any]) -> bool:
    return _first_difference(action, arguments) is None


def _first_difference(action: _Action, arguments: dict[str, Any]) -> str | None:
    keys = action.compare_args if action.compare_args is not None else list(action.arguments)
    for key in keys:
        if key not in arguments:
            return f"{key} is missing"
        if not _same(action.arguments.get(key), arguments[key]):
            got = json.dumps(arguments[key], ensure_ascii=False, default=str)
            want = json.dumps(action.arguments.get(key), ensure_ascii=False, default=str)
            return f"{key} is {_cut(got)}, expected {_cut(want)}"
    return None


def _same(expected: Any, actual: Any) -> bool:
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return math.isclose(expected, actual, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(expected, str) and isinstance(actual, str):
        return expected.strip().casefold() == actual.strip().casefold()
    if isinstance(expected, dict) and isinstance(actual, dict):
        # Keys the expected value does not name are ignored at every level, as the tools
        # do (a flight given with its origin and destination is the same flight).
        return all(k in actual and _same(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(
            _same(e, a) for e, a in zip(expected, actual, strict=True)
        )
    return bool(expected == actual)


def _missing_evidence(
    action: _Action, made: list[tuple[int, ToolCall]], used: set[int]
) -> Evidence:
    same_name = [(j, i, c) for j, (i, c) in enumerate(made) if c.name == action.name]
    free = [t for t in same_name if t[0] not in used] or same_name
    if not free:
        return Evidence(text=f"expected {_cut(action.render(), 300)}: never called", where="case")
    _, i, call = free[0]
    diff = _first_difference(action, call.arguments) or "matched an earlier expected action"
    return Evidence(
        text=f"expected {_cut(action.render(), 300)}: tool_calls[{i}] differs: {diff}",
        where=f"tool_calls[{i}]",
    )


def _cut(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
