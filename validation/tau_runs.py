"""Every collected τ-bench and τ²-bench run: fourfold's verdict against the recorded reward.

Nothing here is published: the script measures, file by file, how often fourfold's
verdict, read from the trace alone, agrees with the reward the benchmark recorded. The
files are real runs from public repositories, both domains, many agents
(committed in tests/data/tau/runs/, or read from ``$FOURFOLD_TAU_RUNS``; provenance,
sha256 and licences in tests/data/tau/SOURCE.md), and τ-bench's own gpt-4o airline
trajectories from the shared data folder when present. Each one goes through
fourfold as ``fourfold import`` and ``fourfold run`` take it:

1. the records are imported (`from_tau_bench`, `from_tau2`); records τ-bench could not
   run (``{"info": {"error", "traceback"}, "traj": []}``) are left out and counted, a
   ``{"metrics", "results"}`` wrapper is opened, and trials are numbered 0.. per task in
   file order where the file repeats the task id as the trial;
2. a replay suite with ``tau/expected_actions`` and ``tau/expected_outputs`` (fourfold's
   verdict: neither fails; each skips a part the task's reward basis leaves out),
   ``tau/reward`` (the recorded reward) and ``tau/expected_actions`` with
   ``normalize: []`` (the calls as written, the comparison before the normalisations) is
   run by `fourfold.run` into a temporary store;
3. the stored trials are read back and each verdict set against the reward.

A run counts when the benchmark graded it (`graded`), the importer did not flag its reward
as unsound (``reward_flags``), and the reward compared what the check compares: τ-bench
before commit 718ffa1 (November 2024) graded a task with expected outputs on the outputs
alone, without the database, so for files run with it (``outputs_only``) such tasks are
left out; and a τ²-bench task whose reward basis names none of the parts fourfold's checks
decide (telecom's ``ENV_ASSERTION`` tasks, graded on the device's final state) leaves both
checks skipped, and is left out too (``basis_undecided``). Agreement is the share of
counted runs where fourfold's verdict and ``reward == 1`` coincide; it must be at least
`FLOOR` in every file. Every disagreement is listed with the check that decided it.

Run: .venv/bin/python validation/tau_runs.py
"""

from __future__ import annotations

import gzip
import json
import os
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _common import Missing, Report, replay_run, run_script, table, workspace

from fourfold import CheckResult, Trial
from fourfold.integrations import (
    ImportedTrace,
    from_tau2,
    from_tau_bench,
    write_cases,
    write_replay,
)
from fourfold.integrations.tau._checks import graded
from fourfold.integrations.tau._reward import reward_flags_of
from fourfold.stats import cohen_kappa

NAME = "τ-bench and τ²-bench runs: fourfold's verdict vs the recorded reward, per file"
FLOOR = 0.97
"""The least agreement any file may show before the script fails."""
ENV = "FOURFOLD_TAU_RUNS"
"""Overrides the folder of collected runs (default: the committed ``tests/data/tau/runs/``)."""
SHARED = Path("tau-bench") / "historical_trajectories" / "gpt-4o-airline.json"
ACTIONS, OUTPUTS, REWARD, AS_WRITTEN = (
    "tau/expected_actions",
    "tau/expected_outputs",
    "tau/reward",
    "as written",
)
AIRLINE_READS = (
    "get_user_details",
    "get_reservation_details",
    "search_direct_flight",
    "search_onestop_flight",
    "list_all_airports",
    "calculate",
    "think",
)


@dataclass(frozen=True)
class RunFile:
    """One collected results file and what the script must know to read it fairly."""

    path: str
    """Under the collected folder (``tau-bench/...json.gz``), or the shared file."""
    agent: str
    """The agent strategy and model, as its repository describes the run."""
    outputs_only: bool = False
    """Run with τ-bench before 718ffa1: tasks with expected outputs not graded on the DB."""
    actions_args: dict[str, Any] = field(default_factory=dict)
    """Arguments for ``tau/expected_actions`` (an agent's own read tools in ``reads``)."""


FILES = [
    RunFile("tau-bench/asteroidai/gpt-4o-retail.json.gz", "tool calling, gpt-4o", True),
    RunFile("tau-bench/asteroidai/gpt-4o-mini-retail.json.gz", "tool calling, gpt-4o-mini", True),
    RunFile("tau-bench/avaljotsingh/tool-calling-retail.json.gz", "tool calling (model unnamed)"),
    RunFile(
        "tau-bench/avaljotsingh/tool-calling-preconditions-retail.json.gz",
        "tool calling with preconditions",
    ),
    RunFile("tau-bench/madhav-kanda/dynamic-subtasks-retail.json.gz", "tool calling, subtasks"),
    RunFile("tau-bench/madhav-kanda/gpt-4o-retail.json.gz", "tool calling, gpt-4o"),
    RunFile("tau-bench/madhav-kanda/qwen2.5-7b-instruct-retail.json.gz", "Qwen2.5-7B-Instruct"),
    RunFile("tau-bench/madhav-kanda/qwen2.5-7b-instruct-airline.json.gz", "Qwen2.5-7B-Instruct"),
    RunFile(
        "tau-bench/madhav-kanda/qwen2.5-coder-32b-instruct-airline.json.gz",
        "Qwen2.5-Coder-32B-Instruct",
    ),
    RunFile("tau-bench/reapor-yurnero/llama-3.1-8b-instruct-retail.json.gz", "Llama-3.1-8B-Instr."),
    RunFile(
        "tau-bench/reapor-yurnero/llama-3.2-3b-instruct-airline.json.gz", "Llama-3.2-3B-Instr."
    ),
    RunFile("tau-bench/aaronwu/llama-3.1-8b-instruct-airline.json.gz", "Llama-3.1-8B-Instruct"),
    RunFile(
        "tau-bench/yiphei/neo-airline.json.gz",
        "'neo' agent (revised env)",
        actions_args={"reads": [*AIRLINE_READS, "sort_flights"]},
    ),
    RunFile("tau-bench/ck496/react-qwen3-8b-retail.json.gz", "ReAct, Qwen3-8B"),
    RunFile("tau-bench/ck496/act-qwen3-4b-airline.json.gz", "Act, Qwen3-4B"),
    RunFile("tau-bench/garrettallen14/claude-3.7-sonnet-airline.json.gz", "claude-3.7-sonnet"),
    RunFile("tau2-bench/sierra/gpt-4.1-retail.json.gz", "gpt-4.1"),
    RunFile("tau2-bench/sierra/gpt-4.1-sft-retail.json.gz", "gpt-4.1 fine-tuned"),
    RunFile("tau2-bench/sierra/gpt-4.1-airline.json.gz", "gpt-4.1"),
    RunFile("tau2-bench/sierra/qwen2.5-7b-airline.json.gz", "qwen2.5:7b (ollama)"),
    RunFile("tau2-bench/distyl-ai/claude-opus-4-6-airline.json.gz", "claude-opus-4-6"),
    RunFile("tau2-bench/openai/gpt-oss-120b-airline.json.gz", "gpt-oss-120b (LangChain)"),
    RunFile("tau2-bench/sierra/gpt-4.1-telecom-solo.json.gz", "gpt-4.1, solo (no user)"),
    RunFile("tau2-bench/pr17/gpt-4o-telecom.json.gz", "gpt-4o, user gpt-4o"),
]


def collected() -> Path:
    """The folder of collected runs: $FOURFOLD_TAU_RUNS, else the committed tests/data/tau/runs/."""
    override = os.environ.get(ENV)
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[1] / "tests" / "data" / "tau" / "runs"


@dataclass
class Measured:
    """One file's verdicts against its rewards."""

    label: str
    domain: str
    agent: str
    runs: int = 0
    errors: int = 0
    ungraded: int = 0
    flagged: Counter[str] = field(default_factory=Counter)
    outputs_only: int = 0
    basis_undecided: int = 0
    """Graded on no part the checks decide: both skipped (τ²-bench's ENV_ASSERTION tasks)."""
    pairs: list[tuple[bool, bool]] = field(default_factory=list)
    """(fourfold's verdict, rewarded) of the counted runs."""
    as_written: list[tuple[bool, bool]] = field(default_factory=list)
    graded: list[tuple[bool, bool]] = field(default_factory=list)
    """(verdict, rewarded) of every graded run, flagged and outputs-only ones included (not
    those whose basis the checks do not decide: they have no verdict)."""
    disagreements: list[str] = field(default_factory=list)

    def agreement(self, pairs: list[tuple[bool, bool]] | None = None) -> tuple[int, int]:
        chosen = self.pairs if pairs is None else pairs
        return sum(a == b for a, b in chosen), len(chosen)


def build(root: Path, report: Report) -> None:
    folder = collected()
    files = [(f, folder / f.path) for f in FILES if (folder / f.path).exists()]
    shared = root / SHARED
    if shared.exists():
        files.insert(0, (RunFile(str(SHARED), "tool calling, gpt-4o (τ-bench's own)"), shared))
    if not files:
        raise Missing(folder)
    measured = [_measure(spec, path) for spec, path in files]
    for m in measured:
        agree, n = m.agreement()
        rate = agree / n if n else 1.0
        report.at_least(m.label, FLOOR, rate, f"{rate:.1%} ({agree}/{n})")
    report.blocks.append(_table(measured))
    report.blocks.append(_excluded(measured))
    report.blocks.append(_listing(measured))


def _measure(spec: RunFile, path: Path) -> Measured:
    data = _load(path)
    tau2 = isinstance(data, dict) and "simulations" in data
    label = spec.path.removesuffix(".json.gz").removesuffix(".json")
    label = label.removeprefix("tau-bench/historical_trajectories/")
    m = Measured(label=label, domain=_domain(label), agent=spec.agent)
    if tau2:
        imported = from_tau2(data)
    else:
        records = data["results"] if isinstance(data, dict) else data
        runnable = [r for r in records if isinstance((r.get("info") or {}).get("task"), dict)]
        m.errors = len(records) - len(runnable)
        imported = _numbered(from_tau_bench(runnable))
    m.runs = len(imported)
    checks: list[Any] = [
        {"check": ACTIONS, "args": spec.actions_args},
        OUTPUTS,
        REWARD,
        {"check": ACTIONS, "args": {**spec.actions_args, "normalize": []}, "name": AS_WRITTEN},
    ]
    with workspace() as (folder, store):
        suite = _suite(folder, imported, checks)
        stored = replay_run(store, suite)
    for trial in sorted(stored.trials, key=lambda t: (_order(t.case_id), t.repeat)):
        if trial.error is not None or trial.trace is None:
            continue  # a repeat this task has no record for (its record was an error)
        meta = trial.trace.metadata
        if not graded(meta):
            m.ungraded += 1
            continue
        if _undecided(trial):
            m.basis_undecided += 1  # no verdict to set against the reward
            continue
        rewarded = _result(trial, REWARD).status == "pass"
        verdict = _verdict(trial, ACTIONS)
        m.graded.append((verdict, rewarded))
        flags = reward_flags_of(meta)
        if flags:
            m.flagged.update(flags)
            continue
        if spec.outputs_only and _result(trial, OUTPUTS).status != "skip":
            m.outputs_only += 1
            continue

        m.pairs.append((verdict, rewarded))
        m.as_written.append((_verdict(trial, AS_WRITTEN), rewarded))
        if verdict != rewarded:
            m.disagreements.append(_explain(trial, meta))
    return m


def _load(path: Path) -> Any:
    raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    return json.loads(raw)


def _numbered(imported: list[ImportedTrace]) -> list[ImportedTrace]:
    """Trials 0.. per task in file order, when the file's trials do not already say so."""
    by_case: dict[str, list[ImportedTrace]] = defaultdict(list)
    for item in imported:
        by_case[item.case_id].append(item)
    if all(
        sorted(i.repeat for i in items) == list(range(len(items))) for items in by_case.values()
    ):
        return imported
    counter: Counter[str] = Counter()
    out = []
    for item in imported:
        out.append(item.model_copy(update={"repeat": counter[item.case_id]}))
        counter[item.case_id] += 1
    return out


def _suite(folder: Path, imported: list[ImportedTrace], checks: list[Any]) -> Path:
    """What ``fourfold import`` writes, and a suite replaying it with `checks`."""
    traces, cases = folder / "traces.jsonl", folder / "cases.jsonl"
    write_replay(imported, traces)
    write_cases(imported, cases)
    suite = folder / "suite.yaml"
    suite.write_text(
        "name: tau-runs\n"
        f"agent: {{replay: {traces.name}, version: recorded}}\n"
        f"cases: {cases.name}\n"
        f"repeats: {1 + max(i.repeat for i in imported)}\n"
        f"checks: {json.dumps(checks)}\n",
        encoding="utf-8",
    )
    return suite


def _verdict(trial: Trial, actions: str) -> bool:
    """fourfold's verdict: neither check fails (a check skips a part the basis leaves out)."""
    return (
        _result(trial, actions).status in ("pass", "skip")
        and _result(trial, OUTPUTS).status != "fail"
    )


def _undecided(trial: Trial) -> bool:
    """Both checks skipped: the task's reward rests on nothing they decide."""
    return all(_result(trial, check).status == "skip" for check in (ACTIONS, OUTPUTS))


def _result(trial: Trial, check: str) -> CheckResult:
    return next(r for r in trial.results if r.check == check)


def _explain(trial: Trial, meta: dict[str, Any]) -> str:
    actions, outputs = _result(trial, ACTIONS), _result(trial, OUTPUTS)
    lines = [
        f"{trial.case_id} trial {trial.repeat}: reward {meta.get('reward'):g}, fourfold "
        f"{'pass' if _verdict(trial, ACTIONS) else 'fail'}: {ACTIONS} {actions.status} "
        f"({actions.explanation})"
        + (f"; {OUTPUTS} fail ({outputs.explanation})" if outputs.status == "fail" else "")
    ]
    lines += [f"    {e.text[:220]}" for e in actions.evidence[:2]]
    return "\n".join(lines)


def _table(measured: list[Measured]) -> str:
    rows = []
    for m in measured:
        agree, n = m.agreement()
        before, _ = m.agreement(m.as_written)
        everything, graded = m.agreement(m.graded)
        kappa = cohen_kappa([a for a, _ in m.pairs], [b for _, b in m.pairs]) if n else None
        rows.append(
            (
                m.label,
                m.domain,
                m.agent,
                str(m.runs),
                f"{everything / graded:.1%} ({everything}/{graded})" if graded else "—",
                str(n),
                f"{before / n:.1%}" if n else "—",
                f"{agree / n:.1%} ({agree}/{n})" if n else "—",
                "—" if kappa is None else f"{kappa:.3f}",
            )
        )
    header = (
        "file",
        "domain",
        "agent",
        "runs",
        "all graded",
        "compared",
        "as written",
        "agreement",
        "κ",
    )
    return (
        "per file (all graded: every run the benchmark graded on a part the checks decide; "
        "compared: those whose reward "
        "is not flagged nor outputs-only, and whose task's basis names a part the checks "
        "decide; as written: tau/expected_actions with normalize: [] on the compared runs):\n"
        + table(rows, header)
    )


def _excluded(measured: list[Measured]) -> str:
    rows = []
    for m in measured:
        flags = ", ".join(f"{k} {v}" for k, v in sorted(m.flagged.items())) or "—"
        rows.append(
            (
                m.label,
                str(m.errors),
                str(m.ungraded),
                flags,
                str(m.outputs_only or "—"),
                str(m.basis_undecided or "—"),
            )
        )
    header = (
        "file",
        "not run (error)",
        "not graded",
        "reward flagged",
        "outputs only",
        "basis undecided",
    )
    return "runs left out of the agreement:\n" + table(rows, header)


def _listing(measured: list[Measured]) -> str:
    lines = ["disagreements (counted runs where fourfold's verdict differs from the reward):"]
    for m in measured:
        for text in m.disagreements:
            lines.append(f"  {m.label}: {text}")
    return "\n".join(lines)


def _domain(label: str) -> str:
    return next((d for d in ("airline", "retail", "telecom") if d in label), "?")


def _order(case_id: str) -> tuple[int, str]:
    tail = case_id.rsplit("-", 1)[-1]
    return (int(tail), "") if tail.isdigit() else (1 << 30, case_id)


if __name__ == "__main__":
    run_script(NAME, build)
