"""The bundled support example judged on the local model: ``policy_compliance`` on v1 and v2.

The example's agent (no model) is run by `fourfold.run` with the example's own suite,
one repeat, into a temporary store. Its version 2 breaks policy on a share of its
trials, which the deterministic policy checks (``no_promises``, ``refusal_required``,
``no_pii``, ``max_length``) catch. The judged cases are the first `CASES` (by id) on which
v2's policy layer fails and the first `CASES` on which it passes, each with both
versions' answers; the built-in ``policy_compliance`` rubric grades every one of those
trials on the local model, and its pass/fail is set against the policy layer's verdict.
The policy checks are not ground truth, but a judge that cannot tell their failures from
their passes on this example does not earn its keep on it.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path
from typing import Any

from local_figures import call_figures
from local_measure import Judging

from fourfold import RunOptions, Store, run
from fourfold.cases import Case
from fourfold.checks import CheckContext
from fourfold.judges import Criterion, load_criterion, parse_reply, rubric
from fourfold.store import load_run
from fourfold.trace import Trace

SUITE = Path(__file__).resolve().parents[1] / "examples" / "support" / "suite.yaml"
CASES = 4

Trial = tuple[str, Case, Trace, bool]
"""(version, case, trace, whether the deterministic policy layer passed)."""


def support_trials() -> list[Trial]:
    """Both versions' trials of the chosen cases (run once, one repeat each)."""
    by_version: dict[str, dict[str, tuple[Case, Trace, bool]]] = {}
    with tempfile.TemporaryDirectory(prefix="fourfold-local-") as tmp:
        with Store.open(Path(tmp) / "runs.db") as store:
            for version in ("v1", "v2"):
                options = RunOptions(agent=version, repeats=1, progress=False)
                outcome = run(SUITE, store=store, options=options)
                data = load_run(store, outcome.run.id)
                cases = {c.id: c for c in data.cases}
                by_version[version] = {}
                for trial in data.trials:
                    assert trial.trace is not None
                    policy = [r for r in trial.results if r.layer == "policy"]
                    passed = all(r.status != "fail" for r in policy)
                    by_version[version][trial.case_id] = (cases[trial.case_id], trial.trace, passed)
    v2 = by_version["v2"]
    failing = sorted(c for c, (_, _, ok) in v2.items() if not ok)[:CASES]
    passing = sorted(c for c, (_, _, ok) in v2.items() if ok)[:CASES]
    return [
        (version, *by_version[version][case_id])
        for case_id in failing + passing
        for version in ("v1", "v2")
    ]


async def judge_support(judging: Judging, trials: list[Trial]) -> list[dict[str, Any]]:
    """The policy_compliance rubric on every trial, with the policy layer's verdict."""
    check = rubric("policy_compliance")
    criterion = load_criterion("policy_compliance")
    assert isinstance(criterion, Criterion)
    records = []
    for version, case, trace, policy_passed in trials:
        ctx = CheckContext(case=case, trace=trace)
        key = await judging._key("support", check, ctx)
        record = judging.cache.get(key)
        if record is None:
            result = await judging._run(check, ctx)
            record = judging._record_any(case.id, result, parse=lambda t: parse_reply(t, criterion))
            record["score"] = result.score if result.status != "error" else None
            record["judge_passed"] = result.status == "pass"
            judging.cache.put(key, record)
        records.append({**record, "version": version, "policy_passed": policy_passed})
    return records


def support_figures(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Per version: the judge's mean score and pass rate; agreement with the policy layer."""
    out: dict[str, Any] = {}
    for version in ("v1", "v2"):
        mine = [r for r in records if r["version"] == version and r.get("error") is None]
        scores = [r["score"] for r in mine if r.get("score") is not None]
        out[version] = {
            "trials": sum(r["version"] == version for r in records),
            "mean_score": statistics.fmean(scores) if scores else None,
            "judge_pass": sum(r["judge_passed"] for r in mine),
            "policy_pass": sum(r["policy_passed"] for r in mine),
        }
    answered = [r for r in records if r.get("error") is None]
    out["agreement"] = (
        sum(r["judge_passed"] == r["policy_passed"] for r in answered) / len(answered)
        if answered
        else None
    )
    failing = [r for r in answered if not r["policy_passed"]]
    out["policy_failures_failed_by_judge"] = [
        sum(not r["judge_passed"] for r in failing),
        len(failing),
    ]
    out["errors"] = sum(r.get("error") is not None for r in records)
    out["evidence_not_found"] = (
        sum("evidence_not_found" in r["flags"] for r in answered) / len(answered)
        if answered
        else None
    )
    out.update(call_figures(records))
    return out


def support_row(label: str, f: dict[str, Any]) -> str:
    def num(value: float | None) -> str:
        return "—" if value is None else f"{value:.2f}"

    def pct(value: float | None) -> str:
        return "—" if value is None else f"{value * 100:.0f}%"

    caught, failing = f["policy_failures_failed_by_judge"]
    seconds = "—" if f["seconds_per_call"] is None else f"{f['seconds_per_call']:.1f}"
    tokens = "—" if f["prompt_tokens"] is None else f"{f['prompt_tokens']:.0f}"
    v1, v2 = f["v1"], f["v2"]
    return (
        f"| {label} | {num(v1['mean_score'])} / {num(v2['mean_score'])} | "
        f"{v1['judge_pass']}/{v1['trials']} / {v2['judge_pass']}/{v2['trials']} | "
        f"{caught}/{failing} | {pct(f['agreement'])} | {f['errors']} | "
        f"{pct(f['evidence_not_found'])} | {f['runaway_calls']} / {f['timeout_calls']} | "
        f"{seconds} | {tokens} |"
    )


SUPPORT_HEADER = (
    "| prompt | mean score v1 / v2 | judge passes v1 / v2 | policy-layer failures the judge "
    "failed | agreement with the policy layer | judge errors | evidence_not_found | runaway / "
    "timeout calls | s per call | prompt tokens (median) |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def main() -> None:
    """Print the chosen trials (no model)."""
    for version, case, _, passed in support_trials():
        print(version, case.id, "policy pass" if passed else "policy FAIL")


if __name__ == "__main__":
    main()
