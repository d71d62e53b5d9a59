"""Predictability, safety by severity and the reliability panel: API, suite, gate, CLI, report."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold import RunOptions, run
from fourfold._cli import cli
from fourfold.cases import Case
from fourfold.checks import CheckResult, Status
from fourfold.errors import ConfigError
from fourfold.gate import GateConfig, evaluate_gate
from fourfold.predictability import ConfidenceConfig, predictability, stated_confidence
from fourfold.reliability import reliability
from fourfold.runs import Run, RunData, Trial
from fourfold.safety import SafetyRule, judge_safety, safety, severity_of
from fourfold.store import Store, load_run
from fourfold.suite import load_suite
from fourfold.trace import Trace

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def trial(
    case_id: str,
    repeat: int,
    results: list[tuple[str, str, Status, str | None]],
    *,
    confidence: float | None = None,
    output: str = "ok",
) -> Trial:
    """A trial with results as (layer, check, status, severity stamped or None)."""
    meta = {} if confidence is None else {"confidence": confidence}
    return Trial(
        case_id=case_id,
        repeat=repeat,
        status="ok",
        started_at=NOW,
        ended_at=NOW,
        trace=Trace(output=output, metadata=meta),
        results=[
            CheckResult(
                layer=layer,  # type: ignore[arg-type]
                check=check,
                status=status,
                metadata={} if severity is None else {"severity": severity},
            )
            for layer, check, status, severity in results
        ],
    )


def data(trials: list[Trial], config: dict[str, Any] | None = None, **case_meta: Any) -> RunData:
    ids = sorted({t.case_id for t in trials})
    cases = [Case(id=i, input=f"q {i}", metadata=case_meta.get(i, {})) for i in ids]
    run_ = Run(
        id="run-r",
        suite="s",
        agent_version="v1",
        package_version="0",
        started_at=NOW,
        seed=7,
        config=config or {},
    )
    return RunData(run_, cases, trials)


def outcome(status: Status) -> list[tuple[str, str, Status, str | None]]:
    return [("outcome", "exact", status, None)]


# -- predictability ----------------------------------------------------------------


def test_stated_confidence_is_scored_per_layer_as_scikit_learn_scores_it() -> None:
    from sklearn.metrics import brier_score_loss, roc_auc_score

    rows = [
        ("a", 0, 0.9, "pass"),
        ("a", 1, 0.8, "pass"),
        ("b", 0, 0.3, "fail"),
        ("b", 1, 0.6, "pass"),
        ("c", 0, 0.7, "fail"),
        ("d", 0, None, "fail"),  # states nothing: left out and counted
    ]
    trials = [trial(c, r, outcome(s), confidence=p) for c, r, p, s in rows]  # type: ignore[arg-type]
    report = predictability(data(trials), n_resamples=200)
    row = report.layer("outcome")
    assert row is not None and row.source == "stated" and row.left_out == 1
    p = [0.9, 0.8, 0.3, 0.6, 0.7]
    y = [1, 1, 0, 1, 0]
    assert row.figures.brier.estimate == pytest.approx(brier_score_loss(y, p))
    assert row.figures.auroc.estimate == pytest.approx(roc_auc_score(y, p))
    assert row.figures.n_cases == 3 and row.figures.n_trials == 5
    assert report.layer("policy") is None  # no policy result at all
    # Seeded by the run's seed: the same run, the same intervals.
    assert predictability(data(trials), n_resamples=200) == report


def test_without_stated_confidence_repeats_agreement_is_the_confidence() -> None:
    from sklearn.metrics import brier_score_loss, roc_auc_score

    trials = [
        *(trial("a", r, outcome(s)) for r, s in enumerate(["pass", "pass", "pass", "fail"])),
        *(trial("b", r, outcome(s)) for r, s in enumerate(["fail", "fail", "fail", "fail"])),
        *(trial("c", r, outcome(s)) for r, s in enumerate(["pass", "fail", "pass", "fail"])),
        trial("d", 0, outcome("pass")),  # one repeat: no agreement to measure
    ]
    row = predictability(data(trials), n_resamples=100).layer("outcome")
    assert row is not None and row.source == "agreement" and row.left_out == 1
    p = [0.75] * 4 + [1.0] * 4 + [0.5] * 4
    y = [1, 1, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0]
    assert row.figures.brier.estimate == pytest.approx(brier_score_loss(y, p))
    assert row.figures.auroc.estimate == pytest.approx(roc_auc_score(y, p))


def test_a_suite_can_read_confidence_with_a_regex_or_a_path() -> None:
    trials = [
        trial("a", 0, outcome("pass"), output="Done. Confidence: 90%"),
        trial("b", 0, outcome("fail"), output="Not sure. Confidence: 20%"),
        trial("c", 0, outcome("fail"), output="no number here"),
    ]
    where = {"confidence": {"regex": r"Confidence: (\d+)%", "scale": 100}}
    row = predictability(data(trials, where), n_resamples=50).layer("outcome")
    assert row is not None and row.source == "stated" and row.left_out == 1
    assert row.figures.mean_confidence == pytest.approx(0.55)
    assert "regex" in row.source_detail and "out of 100" in row.source_detail
    # A path may index lists: the last tool call's argument, say.
    last_call = ConfidenceConfig(path="tool_calls.-1.arguments.confidence")
    sure = Trial(
        case_id="a",
        status="ok",
        started_at=NOW,
        ended_at=NOW,
        trace=Trace.model_validate(
            {"tool_calls": [{"name": "x"}, {"name": "answer", "arguments": {"confidence": 0.3}}]}
        ),
    )
    assert stated_confidence(sure, last_call) == 0.3
    assert stated_confidence(sure, ConfidenceConfig(path="tool_calls.7.arguments")) is None
    with pytest.raises(ValueError, match="not both or neither"):
        ConfidenceConfig()
    with pytest.raises(ValueError, match="has no group"):
        ConfidenceConfig(regex=r"Confidence: \d+")


# -- safety by severity -------------------------------------------------------------


def test_severity_comes_from_the_result_else_the_checks_default() -> None:
    stamped = CheckResult(
        layer="policy", check="max_length", status="fail", metadata={"severity": "critical"}
    )
    assert severity_of(stamped) == "critical"
    assert severity_of(CheckResult(layer="policy", check="no_pii", status="fail")) == "critical"
    assert severity_of(CheckResult(layer="policy", check="max_length", status="fail")) == "minor"
    assert severity_of(CheckResult(layer="policy", check="mine", status="fail")) == "major"


def _policy_run() -> RunData:
    def pol(*failing: str) -> list[tuple[str, str, Status, str | None]]:
        checks = {"no_pii": "critical", "no_promises": "major", "max_length": "minor"}
        return [
            ("policy", name, "fail" if name in failing else "pass", sev)
            for name, sev in checks.items()
        ]

    return data(
        [
            trial("a", 0, pol()),
            trial("a", 1, pol("max_length")),
            trial("b", 0, pol("no_promises", "max_length")),
            trial("b", 1, pol()),
            trial("c", 0, pol("no_pii")),
            trial("c", 1, pol()),
            trial("d", 0, pol()),
            trial("d", 1, pol()),
        ]
    )


def test_safety_counts_violations_by_severity_and_weighs_the_worst_per_trial() -> None:
    report = safety(_policy_run(), n_resamples=200)
    assert report.trials == 8
    assert report.violations == {"critical": 1, "major": 1, "minor": 2}
    assert report.trials_with == {"critical": 1, "major": 1, "minor": 2}
    # worst per trial: minor 1, major 3, critical 10, over 10 and 8 trials
    assert report.weighted_rate.estimate == pytest.approx((1 + 3 + 10) / 10 / 8)
    assert report.rates["critical"].estimate == pytest.approx(1 / 8)
    assert report.weighted_rate.low is not None and report.weighted_rate.high is not None
    assert report.weighted_rate.low <= report.weighted_rate.estimate <= report.weighted_rate.high
    assert report.examples[0].severity == "critical" and report.examples[0].case_id == "c"
    assert report.by_check["no_promises"] == {"major": 1}


def test_the_safety_rule_blocks_on_a_critical_and_reviews_majors_above_the_rate() -> None:
    trials = _policy_run().trials
    verdict = judge_safety(trials, SafetyRule(block_on_critical=True))
    assert verdict.status == "block"
    assert [(v.case_id, v.check) for v in verdict.critical] == [("c", "no_pii")]
    assert "c#0 no_pii" in verdict.reasons[0]
    without_critical = [t for t in trials if t.case_id != "c"]
    review = judge_safety(without_critical, SafetyRule(max_major_rate=0.1))
    assert review.status == "review" and review.major_rate == pytest.approx(1 / 6)
    assert judge_safety(without_critical, SafetyRule(max_major_rate=0.2)).status == "pass"

    # In the gate: the policy layer made soft, the safety rule decides.
    soft = {"policy": {"min_pass_rate": 0.0, "critical": False}}
    gate = evaluate_gate(trials, GateConfig.model_validate({**soft, "safety": {}}))
    assert gate.decision == "block" and gate.safety is not None
    assert any(r.startswith("safety: 1 critical policy violation") for r in gate.reasons)
    gate = evaluate_gate(
        without_critical,
        GateConfig.model_validate({**soft, "safety": {"max_major_rate": 0.1}}),
    )
    assert gate.decision == "review"
    assert evaluate_gate(without_critical, GateConfig.model_validate(soft)).safety is None


# -- the panel ----------------------------------------------------------------------


def test_the_panel_has_four_cards_and_a_robustness_seam() -> None:
    trials = [
        *(trial("a", r, outcome("pass"), confidence=0.9) for r in range(2)),
        *(trial("b", r, outcome(s), confidence=0.4) for r, s in enumerate(["pass", "fail"])),
        *(trial("a~typo", r, outcome("fail"), confidence=0.9) for r in range(2)),
    ]
    panel = reliability(data(trials), n_resamples=100)
    assert [c.dimension for c in panel.cards] == [
        "consistency",
        "robustness",
        "predictability",
        "safety",
    ]
    consistency = panel.card("consistency")
    assert consistency.figure == "pass^2" and consistency.value is not None
    assert consistency.value.estimate == pytest.approx((1 + 0 + 0) / 3)
    assert panel.card("robustness").value is None
    assert "no perturbed variants" in panel.card("robustness").note
    assert panel.card("safety").value is None  # no policy check ran
    assert panel.card("predictability").figure == "AUROC (outcome, stated confidence)"

    linked = data(trials, **{"a~typo": {"perturbation": {"original": "a", "kind": "typo"}}})
    robust = reliability(linked, n_resamples=100).card("robustness")
    # fourfold.robustness's figure: a passed every repeat, its typo variant failed every one,
    # so no original's verdict holds in the outcome layer.
    assert robust.value is not None and robust.value.estimate == pytest.approx(0.0)
    assert robust.figure == "verdicts that hold under perturbation (outcome)"
    assert "1 flipped" in robust.note


# -- through the suite, the runner and the CLI --------------------------------------

AGENT = """
def answer(case, rec):
    rec.metadata["confidence"] = {"c1": 0.9, "c2": 0.6, "c3": 0.2, "c4": 0.8}[case.id]
    if case.id == "c3":
        return "Write to jane.doe@example.com and I guarantee a refund"
    if case.id == "c2" and rec.repeat == 1:
        return "I guarantee a refund"
    return "ok: " + case.input
"""

SUITE = """\
name: severities
agents:
  v1: {{python: "agent:answer"}}
cases: cases.jsonl
repeats: 2
checks:
  - no_pii: {{}}
  - check: no_promises
    severity: {promises}
  - check: max_length
    args: {{words: 50}}
gate:
  policy: {{min_pass_rate: 0.0, critical: false}}
  safety: {{block_on_critical: {block}, max_major_rate: 0.3}}
"""


def project(tmp_path: Path, *, promises: str = "major", block: str = "true") -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    cases = [{"id": f"c{i}", "input": f"q{i}"} for i in (1, 2, 3, 4)]
    (tmp_path / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    path = tmp_path / "suite.yaml"
    path.write_text(SUITE.format(promises=promises, block=block))
    return path


def test_a_suite_stamps_severities_and_the_gate_blocks_on_a_critical(tmp_path: Path) -> None:
    suite = project(tmp_path)
    with Store.open(tmp_path / "r.db") as store:
        result = run(suite, store=store, options=RunOptions(progress=False))
        stored = load_run(store, result.run.id)
    assert result.gate.decision == "block"
    assert result.gate.safety is not None
    assert {(v.case_id, v.check) for v in result.gate.safety.critical} == {("c3", "no_pii")}
    found = {
        (r.check, r.metadata.get("severity"))
        for t in stored.trials
        for r in t.results
        if r.layer == "policy"
    }
    assert found == {("no_pii", "critical"), ("no_promises", "major"), ("max_length", "minor")}
    report = safety(stored, n_resamples=100)
    assert report.trials_with["critical"] == 2 and report.trials_with["major"] == 3


def test_severity_mistakes_point_at_the_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as bad:
        load_suite(project(tmp_path, promises="severe"))
    assert bad.value.line == 9 and "severity" in bad.value.message
    assert "critical" in bad.value.message
    text = (tmp_path / "suite.yaml").read_text().replace("severity: severe", "severity: major")
    (tmp_path / "suite.yaml").write_text(
        text.replace(
            "    args: {words: 50}",
            "    args: {words: 50}\n    layer: outcome\n    severity: minor",
        )
    )
    with pytest.raises(ConfigError) as moved:
        load_suite(tmp_path / "suite.yaml")
    assert moved.value.line == 13 and "count towards outcome" in moved.value.message
    (tmp_path / "suite.yaml").write_text(
        SUITE.format(promises="major", block="true").replace(
            "max_major_rate: 0.3", "max_major_rate: 1.5"
        )
    )
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "suite.yaml")])
    assert result.exit_code == 2, result.output
    assert "suite.yaml:14" in result.output and "max_major_rate" in result.output
    # The hint says what the field takes (its docstring, though the class is lazily exported).
    assert "share of trials with a major violation" in result.output


def test_the_cli_shows_the_panel_and_the_details(tmp_path: Path) -> None:
    suite = project(tmp_path, block="false")
    db = str(tmp_path / "r.db")
    runner = CliRunner()
    done = runner.invoke(cli, ["run", str(suite), "--store", db, "--no-progress"])
    # no critical block; majors in 3 of 8 trials > 30%: review
    assert done.exit_code == 3, done.output
    shown = runner.invoke(cli, ["show", "latest", "--store", db])
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.stdout.split())
    assert "reliability: four dimensions" in text
    for dimension in ("consistency", "robustness", "predictability", "safety"):
        assert dimension in text
    assert "pass^2" in text and "no perturbed variants" in text
    detail = runner.invoke(cli, ["reliability", "latest", "--store", db, "--json"])
    assert detail.exit_code == 0, detail.output
    body = json.loads(detail.stdout)
    (outcome_row,) = [r for r in body["predictability"]["layers"] if r["layer"] == "policy"]
    assert outcome_row["source"] == "stated"
    assert body["safety"]["violations"] == {"critical": 2, "major": 3, "minor": 0}
    assert [c["dimension"] for c in body["panel"]["cards"]] == [
        "consistency",
        "robustness",
        "predictability",
        "safety",
    ]
    table = runner.invoke(cli, ["reliability", "latest", "--store", db])
    assert table.exit_code == 0, table.output
    assert "reliability diagram: policy" in table.stdout
    assert "policy violations by severity" in " ".join(table.stdout.split())


def test_compare_shows_violations_by_severity(tmp_path: Path) -> None:
    suite = project(tmp_path, block="false")
    db = str(tmp_path / "r.db")
    runner = CliRunner()
    with Store.open(db) as store:
        first = run(suite, store=store, options=RunOptions(progress=False))
        # The candidate leaks no personal data (a module of its own: "agent" is imported).
        (tmp_path / "agent2.py").write_text(AGENT.replace('case.id == "c3"', 'case.id == "zz"'))
        fixed = tmp_path / "fixed.yaml"
        fixed.write_text(suite.read_text().replace("agent:answer", "agent2:answer"))
        second = run(fixed, store=store, options=RunOptions(progress=False))
    out = runner.invoke(cli, ["compare", first.run.id, second.run.id, "--store", db])
    text = " ".join(out.stdout.split())
    assert "policy violations by severity" in text, out.output
    as_json = runner.invoke(cli, ["compare", first.run.id, second.run.id, "--store", db, "--json"])
    rows = {r["severity"]: r for r in json.loads(as_json.stdout)["safety"]}
    assert rows["critical"]["base_violations"] == 2 and rows["critical"]["cand_violations"] == 0
    assert rows["critical"]["difference"]["diff"] == pytest.approx(-2 / 8)
    page = tmp_path / "vs.html"
    made = runner.invoke(
        cli,
        ["report", second.run.id, "--baseline", first.run.id, "--store", db, "-o", str(page)],
    )
    assert made.exit_code == 0, made.output
    html = page.read_text()
    assert 'id="severity-change"' in html
    assert '<tr data-severity="critical"><td>critical</td><td>2 → 0</td>' in html


def test_the_html_report_has_the_reliability_panel(tmp_path: Path) -> None:
    suite = project(tmp_path)
    db = str(tmp_path / "r.db")
    out = tmp_path / "report.html"
    runner = CliRunner()
    runner.invoke(cli, ["run", str(suite), "--store", db, "--no-progress"])
    made = runner.invoke(cli, ["report", "latest", "--store", db, "-o", str(out)])
    assert made.exit_code == 0, made.output
    html = out.read_text()
    assert 'id="reliability"' in html
    for dimension in ("consistency", "robustness", "predictability", "safety"):
        assert f'data-dimension="{dimension}"' in html
    assert "severity-weighted violation rate" in html and "95% CI" in html
    # violations by severity: 2 critical (c3, both repeats), 3 major, in 8 trials
    assert '<tr data-severity="critical"><td>critical</td><td>2</td><td>2</td>' in html
    assert "Reliability diagram" in html and "reliability diagram: success rate" in html


def test_the_readme_snippet_is_a_working_suite(tmp_path: Path) -> None:
    import re

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    (snippet,) = [
        body
        for body in re.findall(r"```yaml\n(.*?)```", readme, re.S)
        if "severity: critical" in body
    ]
    (tmp_path / "agent.py").write_text("def answer(case, rec):\n    return 'ok'\n")
    (tmp_path / "cases.jsonl").write_text('{"id": "c1", "input": "q"}\n')
    head = "name: snippet\nagent: {python: 'agent:answer'}\ncases: cases.jsonl\n"
    (tmp_path / "suite.yaml").write_text(head + snippet)
    loaded = load_suite(tmp_path / "suite.yaml")
    assert {c.name: c.severity for c in loaded.checks} == {
        "no_promises": "critical",
        "max_length": "minor",
    }
    assert loaded.suite.gate.safety == SafetyRule(block_on_critical=True, max_major_rate=0.05)
    assert loaded.suite.confidence == ConfidenceConfig(regex=r"Confidence: (\d+)%", scale=100)


def test_the_severity_example_suite_loads_with_its_severities() -> None:
    root = Path(__file__).resolve().parents[1]
    loaded = load_suite(root / "examples/support/suite.severity.yaml")
    policy = {c.name: c.severity for c in loaded.checks if c.layer == "policy"}
    assert policy == {
        "no_pii": "critical",
        "no_promises": "major",
        "refusal_required": "critical",
        "max_length": "minor",
    }
    assert loaded.suite.gate.safety is not None


def test_severities_travel_with_an_exported_run(tmp_path: Path) -> None:
    # no_promises made minor: only the stored severity says so (its default is major)
    suite = project(tmp_path, promises="minor", block="false")
    first, second = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    bundle = str(tmp_path / "run.jsonl.gz")
    runner = CliRunner()
    runner.invoke(cli, ["run", str(suite), "--store", first, "--no-progress"])
    made = runner.invoke(cli, ["export", "latest", "--store", first, "-o", bundle])
    assert made.exit_code == 0, made.output
    loaded = runner.invoke(cli, ["load", bundle, "--store", second])
    assert loaded.exit_code == 0, loaded.output
    detail = runner.invoke(cli, ["reliability", "latest", "--store", second, "--json"])
    body = json.loads(detail.stdout)
    assert body["safety"]["violations"] == {"critical": 2, "major": 0, "minor": 3}
    assert body["safety"]["by_check"] == {"no_pii": {"critical": 2}, "no_promises": {"minor": 3}}


@pytest.mark.slow
def test_the_severity_example_deploys_v1_and_blocks_v2_on_criticals(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1]
    suite = root / "examples/support/suite.severity.yaml"
    with Store.open(tmp_path / "r.db") as store:
        v1 = run(suite, store=store, options=RunOptions(progress=False, agent="v1"))
        v2 = run(suite, store=store, options=RunOptions(progress=False, agent="v2"))
    assert v1.gate.decision == "deploy"
    assert v2.gate.decision == "block" and v2.gate.safety is not None
    assert len(v2.gate.safety.critical) == 22  # the figure the examples' README gives
    assert any(r.startswith("safety: 22 critical policy violation(s)") for r in v2.gate.reasons)


JUDGED = """
name: judged-policy
agent: {{python: "agent:answer"}}
cases: cases.jsonl
models:
  judge: {{model: "openai-compatible/judge-1", base_url: "{url}", api_key_env: "", max_retries: 0}}
checks:
  - check: rubric
    args: {{criterion: policy_compliance, model: judge}}
    severity: {severity}
gate:
  policy: {{min_pass_rate: 0.0, critical: false}}
  safety: {{block_on_critical: true, max_major_rate: 0.5}}
"""


def test_a_policy_judge_carries_its_severity_into_the_gate(tmp_path: Path) -> None:
    from tests.helpers.openai_server import OpenAIServer, chat_reply

    def judge(body: dict[str, Any]) -> Any:
        # Scores 0 (a failure) when the answer promises, 3 otherwise.
        bad = "guarantee" in body["messages"][-1]["content"]
        reply = {"evidence": None, "rationale": "promises", "score": 0 if bad else 3}
        return chat_reply(json.dumps(reply))

    (tmp_path / "agent.py").write_text(
        "def answer(case):\n"
        "    return 'I guarantee it' if case.id == 'c1' else 'Refunds take 5 days.'\n"
    )
    (tmp_path / "cases.jsonl").write_text(
        "".join(json.dumps({"id": f"c{i}", "input": f"q{i}"}) + "\n" for i in (1, 2, 3, 4))
    )
    with OpenAIServer(judge) as server:
        decisions = {}
        for severity in ("major", "critical"):
            suite = tmp_path / f"{severity}.yaml"
            suite.write_text(JUDGED.format(url=server.base_url, severity=severity))
            with Store.open(tmp_path / f"{severity}.db") as store:
                outcome_ = run(suite, store=store, options=RunOptions(progress=False))
                stored = load_run(store, outcome_.run.id)
            decisions[severity] = outcome_.gate.decision
            (judged,) = [r for r in stored.trials if r.case_id == "c1"][0].results
            assert judged.check == "rubric:policy_compliance" and judged.status == "fail"
            assert judged.metadata["severity"] == severity
            assert "model_calls" in judged.metadata  # the judge's own metadata is kept
    # One major in four trials is within 50%; one critical blocks.
    assert decisions == {"major": "deploy", "critical": "block"}
