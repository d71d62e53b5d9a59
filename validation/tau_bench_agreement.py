"""τ-bench gpt-4o airline: fourfold's trajectory verdict against τ-bench's own reward.

Nothing here is published: the script measures how far fourfold's checks, reading only
the trace, agree with τ-bench's reward, which replays the task's expected actions on a
fresh database and compares final states (and requires every expected output in some
reply). It is informational: it fails only if it raises, or if the agreement of either
verdict below with the reward drops under 97% (`FLOOR`); today it is 99.0% and 100%.
`tau_runs.py` measures the same over every collected run, file by file.

The 200 trajectories go through fourfold as ``fourfold import`` and ``fourfold run``
take them (docs/tau-bench.md shows the commands):

1. `import_traces` reads the records; `write_replay` and `write_cases` write the replay
   file and the cases (``fourfold import FILE -o traces.jsonl --cases cases.jsonl``);
2. a suite with ``agent: {replay: traces.jsonl, version: gpt-4o}``, ``repeats: 4`` and
   the checks ``tau/expected_actions`` (trajectory) and ``tau/expected_outputs``
   (outcome) is run by `fourfold.run` into a temporary store;
3. the stored trials are read back, and each verdict is set against the reward the
   importer kept in the trace's metadata:

   * the trajectory verdict: ``tau/expected_actions`` passed;
   * the trajectory and outcome verdict: ``tau/expected_actions`` passed and
     ``tau/expected_outputs`` did not fail (it skips a task that expects no output).

Only the 195 runs τ-bench graded count (their ``reward_info`` is set). The other 5 stop
after 30 agent steps, the tool-calling agent's step limit, before the episode ended:
τ-bench never computed their reward, and their 0 is the default; they are listed apart.
Agreement is the share of graded runs where the verdict and ``reward == 1`` coincide;
Cohen's kappa is `fourfold.stats.cohen_kappa`. Every disagreeing run is listed with the
check that decided it and the calls it names.

Run: .venv/bin/python validation/tau_bench_agreement.py
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _common import Report, replay_run, replay_suite, require, run_script, table, workspace

from fourfold import CheckResult, Trial
from fourfold.consistency import consistency
from fourfold.integrations import import_traces
from fourfold.stats import cohen_kappa

NAME = "τ-bench gpt-4o airline: fourfold's verdict vs τ-bench's reward (informational)"
FILE = Path("tau-bench") / "historical_trajectories" / "gpt-4o-airline.json"
FLOOR = 0.97
"""The least agreement with τ-bench's reward either verdict may show before the script fails."""
ACTIONS, OUTPUTS = "tau/expected_actions", "tau/expected_outputs"
CALL = re.compile(r"tool_calls\[(\d+)\]")

Decide = Callable[[Trial], bool]
"""A verdict of fourfold's on one stored trial: True for a pass."""


def actions_verdict(trial: Trial) -> bool:
    """The trajectory verdict: every expected change made as expected, no other."""
    return _result(trial, ACTIONS).status == "pass"


def actions_and_outputs_verdict(trial: Trial) -> bool:
    """The trajectory verdict, and no expected output missing from the replies."""
    return actions_verdict(trial) and _result(trial, OUTPUTS).status != "fail"


VERDICTS: list[tuple[str, Decide]] = [
    (ACTIONS, actions_verdict),
    (f"{ACTIONS} + {OUTPUTS}", actions_and_outputs_verdict),
]


def build(root: Path, report: Report) -> None:
    imported = import_traces(require(root / FILE))
    with workspace() as (folder, store):
        suite = replay_suite(
            folder,
            imported,
            name="tau-bench-airline",
            version="gpt-4o",
            checks=[ACTIONS, OUTPUTS],
            repeats=1 + max(i.repeat for i in imported),
        )
        stored = replay_run(store, suite)
    trials = sorted(stored.trials, key=lambda t: (_task(t), t.repeat))
    graded = [t for t in trials if _meta(t).get("reward_info") is not None]
    ungraded = [t for t in trials if _meta(t).get("reward_info") is None]
    report.extra("runs τ-bench graded (reward_info set)", f"{len(graded)}/{len(trials)}")

    for label, verdict in VERDICTS:
        ours = [verdict(t) for t in graded]
        theirs = [_rewarded(t) for t in graded]
        agree = sum(a == b for a, b in zip(ours, theirs, strict=True))
        rate = agree / len(graded) if graded else 0.0
        report.at_least(f"agreement, {label}", FLOOR, rate, f"{rate:.1%} ({agree}/{len(graded)})")
        kappa = cohen_kappa(ours, theirs)
        report.extra(f"Cohen's κ, {label}", "undefined" if kappa is None else f"{kappa:.3f}")
        report.blocks.append(_confusion(label, ours, theirs))

    trajectory = consistency(stored).layer("trajectory")
    assert trajectory is not None, "the run has no trajectory results"
    report.extra(
        f"pass^1..{len(trajectory.table)} of the trajectory layer, all {len(trials)} runs "
        "(fourfold.consistency)",
        " / ".join(f"{row.pass_hat_k or 0:.3f}" for row in trajectory.table),
        "reward: 0.420 / 0.273 / 0.220 / 0.200",
    )
    report.blocks.append(_disagreements(graded))
    report.blocks.append(_ungraded(ungraded))


def _confusion(title: str, ours: list[bool], theirs: list[bool]) -> str:
    def count(a: bool, b: bool) -> str:
        return str(sum(x == a and y == b for x, y in zip(ours, theirs, strict=True)))

    rows = [
        ("fourfold pass", count(True, True), count(True, False)),
        ("fourfold fail", count(False, True), count(False, False)),
    ]
    header = (f"{title} vs τ-bench's reward", "reward 1", "reward 0")
    return table(rows, header)


def _disagreements(graded: list[Trial]) -> str:
    lines = ["disagreements (graded runs where the verdict of either row differs from the reward):"]
    for trial in graded:
        if all(verdict(trial) == _rewarded(trial) for _, verdict in VERDICTS):
            continue
        info = {k: v for k, v in _meta(trial)["reward_info"].items() if k != "gt_data_hash"}
        lines.append(
            f"  {trial.case_id} trial {trial.repeat}: τ-bench reward {_meta(trial)['reward']:g} "
            f"({json.dumps(info, sort_keys=True)})"
        )
        for check in (ACTIONS, OUTPUTS):
            lines.append("    " + _explain(trial, _result(trial, check)))
    return "\n".join(lines)


def _ungraded(ungraded: list[Trial]) -> str:
    lines = [
        f"not graded by τ-bench ({len(ungraded)} runs: reward_info null, reward left at 0; "
        "left out of the tables):"
    ]
    for trial in ungraded:
        assert trial.trace is not None
        steps = sum(m.role == "assistant" for m in trial.trace.messages)
        last = _meta(trial).get("ended_by")
        last = "a reply to the user" if last == "user" else f"{last}()"
        verdicts = ", ".join(
            f"{check} {_result(trial, check).status}" for check in (ACTIONS, OUTPUTS)
        )
        lines.append(
            f"  {trial.case_id} trial {trial.repeat}: {steps} agent steps, the last "
            f"step {last}; {verdicts}"
        )
    return "\n".join(lines)


def _explain(trial: Trial, result: CheckResult) -> str:
    """The check's verdict, and for a failure the calls its evidence points at, named."""
    assert trial.trace is not None
    calls = trial.trace.tool_calls

    def name(match: re.Match[str]) -> str:
        call = calls[int(match.group(1))]
        return f"{match.group(0)} {call.display_name}({_short(_args(call.arguments), 32)})"

    text = f"{result.check}: {result.status}: {result.explanation}"
    if result.status != "fail":
        return text
    found = [CALL.sub(name, e.text) for e in result.evidence if e.where.startswith("tool_calls")]
    return text + "".join(f"\n      {_short(f, 400)}" for f in found[:4])


def _args(arguments: dict[str, Any]) -> str:
    return ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in arguments.items())


def _result(trial: Trial, check: str) -> CheckResult:
    return next(r for r in trial.results if r.check == check)


def _meta(trial: Trial) -> dict[str, Any]:
    assert trial.trace is not None
    return trial.trace.metadata


def _rewarded(trial: Trial) -> bool:
    return abs(float(_meta(trial)["reward"]) - 1) <= 1e-6  # τ-bench's is_successful


def _task(trial: Trial) -> int:
    return int(trial.case_id.removeprefix("task-"))


def _short(text: str, limit: int = 140) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


if __name__ == "__main__":
    run_script(NAME, build)
