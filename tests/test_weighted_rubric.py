"""Weighted rubrics end to end: one judge call per dimension, a weighted overall per
trial, gate rules per dimension and overall, compare per dimension, the judge's
confidence. Against a real local OpenAI-compatible server, through the Python API and
the command line."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from fourfold import RunOptions, compare, run
from fourfold._cli import cli
from fourfold.gate import GateConfig, evaluate_gate
from fourfold.store import Store, load_run
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

AGENT = """
def good(case):
    return "Refunds take 5 business days. Open Orders, pick the order, press Refund."

def vague(case):
    return "Refunds happen at some point."
"""

CRITERION = """
name: {name}
layer: outcome
description: Is the answer {name}?
scale: [0, 3]
pass_at: 2
inputs: [input, output]
anchors:
  3: Fully {name}.
  2: Mostly {name}.
  1: Barely {name}.
  0: Not {name} at all.
"""

SUITE = """
name: weighted
agents:
  good: {{python: "agent:good"}}
  vague: {{python: "agent:vague"}}
cases: cases.jsonl
repeats: 2
models:
  judge: {{model: "openai-compatible/judge-1", base_url: "{url}", api_key_env: "", max_retries: 0}}
checks:
  - rubric: {{criterion: criteria/completeness.yaml, confidence: true}}
  - rubric: {{criterion: criteria/accuracy.yaml}}
  - rubric: {{criterion: criteria/actionability.yaml}}
gate:
  outcome: {{min_pass_rate: 0, critical: false}}
  rubrics:
    answer:
      dimensions:
        completeness: {{weight: 0.3, min_mean: 1.5}}
        accuracy: {{weight: 0.5, min_mean: 2}}
        actionability: 0.2
      overall: 2.2
"""

# What the judge gives the good and the vague answer, per criterion.
SCORES = {
    "good": {"completeness": 3, "accuracy": 3, "actionability": 2},
    "vague": {"completeness": 1, "accuracy": 2, "actionability": 0},
}
OUTPUT = re.compile(r"<<<AGENT_OUTPUT \w+>>>\n(.*?)\n<<<END AGENT_OUTPUT \w+>>>", re.S)
GRADED = re.compile(r"Grade the agent's answer on '(\w+)'")


def judge(body: dict[str, Any]) -> Reply:
    """Scores by criterion and answer; a confidence when asked, 1.7 on case c3 (invalid)."""
    system, user = body["messages"][0]["content"], body["messages"][-1]["content"]
    criterion = GRADED.search(user)
    output = OUTPUT.search(user)
    assert criterion is not None and output is not None
    text = output.group(1)
    version = "good" if "Refund." in text else "vague"
    reply: dict[str, Any] = {
        "evidence": text.split(".")[0] + ".",
        "rationale": "as scripted",
        "score": SCORES[version][criterion.group(1)],
    }
    if '"confidence"' in system:
        reply["confidence"] = 1.7 if "refund 3" in user else 0.8
    return chat_reply(json.dumps(reply))


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(judge) as s:
        yield s


def project(tmp_path: Path, url: str, suite: str = SUITE) -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "criteria").mkdir()
    for name in ("completeness", "accuracy", "actionability"):
        (tmp_path / "criteria" / f"{name}.yaml").write_text(CRITERION.format(name=name))
    cases = [{"id": f"c{i}", "input": f"How long does refund {i} take?"} for i in range(1, 11)]
    (tmp_path / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    (tmp_path / "suite.yaml").write_text(suite.format(url=url))
    return tmp_path / "suite.yaml"


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_overall_is_the_weighted_mean_and_the_gate_holds_it(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url)
    db = tmp_path / "runs.db"
    good = run(suite, store=db, options=RunOptions(agent="good", progress=False))
    # one judge call per criterion per trial: 10 cases x 2 repeats x 3 dimensions
    assert len(server.requests) == 60
    (verdict,) = good.gate.rubrics
    assert verdict.name == "answer" and verdict.status == "pass"
    assert verdict.trials == 20 and verdict.undecided_trials == 0
    # 0.3 * 3 + 0.5 * 3 + 0.2 * 2
    assert verdict.overall.mean == pytest.approx(2.8)
    assert verdict.overall.sd == pytest.approx(0.0) and verdict.overall.p5 == pytest.approx(2.8)
    by_name = {d.name: d for d in verdict.dimensions}
    assert by_name["accuracy"].scores.mean == 3 and by_name["accuracy"].passed is True
    assert by_name["actionability"].min_mean is None and by_name["actionability"].passed is None
    assert good.gate.decision == "deploy"

    vague = run(suite, store=db, options=RunOptions(agent="vague", progress=False))
    (verdict,) = vague.gate.rubrics
    assert verdict.status == "fail"
    # 0.3 * 1 + 0.5 * 2 + 0.2 * 0 = 1.3; completeness 1 < 1.5 fails, accuracy 2 holds
    assert verdict.overall.mean == pytest.approx(1.3)
    assert verdict.reasons == ["completeness mean 1.00 < 1.5", "overall mean 1.30 < 2.2"]
    assert vague.gate.decision == "block"
    assert any(r.startswith("rubric answer failed") for r in vague.gate.reasons)


def test_a_dimension_that_errs_leaves_the_overall_undecided(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url)

    def flaky(body: dict[str, Any]) -> Reply:
        user = body["messages"][-1]["content"]
        if "'accuracy'" in user and "refund 2" in user:
            return Reply(status=400, body={"error": {"message": "bad request"}})
        return judge(body)

    server.handler = flaky
    good = run(suite, store=tmp_path / "runs.db", options=RunOptions(agent="good", progress=False))
    (verdict,) = good.gate.rubrics
    # case c2's two repeats have no overall: never the weighted mean of the other two
    assert verdict.undecided_trials == 2 and verdict.overall.n == 18
    assert verdict.overall.mean == pytest.approx(2.8)
    assert verdict.examples[0].startswith("c2#0: accuracy erred")
    assert verdict.status == "review" and good.gate.decision == "review"
    accuracy = next(d for d in verdict.dimensions if d.name == "accuracy")
    assert accuracy.undecided == 2 and accuracy.scores.n == 18


def test_confidence_is_stored_and_shown_never_the_score(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url)
    db = tmp_path / "runs.db"
    good = run(suite, store=db, options=RunOptions(agent="good", progress=False))
    asked = [r for r in server.requests if '"confidence"' in json.dumps(r.json)]
    assert len(asked) == 20  # only the completeness judge asks for it
    results = {
        t.case_id: next(r for r in t.results if r.check == "rubric:completeness")
        for t in good.trials
    }
    assert results["c1"].metadata["confidence"] == 0.8 and results["c1"].score == 3
    # out of [0, 1]: kept as given and flagged, the score still counts
    bad = results["c3"]
    assert "confidence" not in bad.metadata and bad.metadata["invalid_confidence"] == "1.7"
    assert "invalid_confidence" in bad.metadata["flags"] and bad.score == 3
    assert bad.status == "pass"
    accuracy = next(r for r in good.trials[0].results if r.check == "rubric:accuracy")
    assert "confidence" not in accuracy.metadata
    code, out, _ = invoke("show", good.run.id, "--case", "c1", "--repeat", "0", "--store", str(db))
    assert code == 0 and "3.00 (confidence 0.80)" in out


@pytest.mark.slow
def test_cli_run_and_compare_report_each_dimension(tmp_path: Path, server: OpenAIServer) -> None:
    suite = project(tmp_path, server.base_url)
    db = str(tmp_path / "runs.db")
    code, out, err = invoke("run", str(suite), "--agent", "good", "--store", db, "--no-progress")
    assert code == 0, out + err
    assert "rubric answer: pass" in out
    assert re.search(r"overall \(weighted\).*2\.80 ± 0\.00 \(p5 2\.80\)", out)
    code, out, err = invoke("run", str(suite), "--agent", "vague", "--store", db, "--no-progress")
    assert code == 1, out + err
    assert "rubric answer failed (completeness mean 1.00 < 1.5; overall mean 1.30 < 2.2)" in out
    assert "c1#0 overall 1.30 (completeness 1, accuracy 2, actionability 0)" in out

    with Store.open(db) as store:
        base_id, cand_id = (r.id for r in sorted(store.list_runs(), key=lambda r: r.started_at))
        base, cand = load_run(store, base_id), load_run(store, cand_id)
    config = GateConfig.model_validate(cand.run.config["gate"])
    result = compare(base, cand, rng=np.random.default_rng(0), config=config)
    rows = {(r.rubric, r.dimension): r for r in result.rubrics}
    assert list(rows) == [
        ("answer", "completeness"),
        ("answer", "accuracy"),
        ("answer", "actionability"),
        ("answer", "overall"),
    ]
    overall = rows[("answer", "overall")]
    assert overall.base.mean == pytest.approx(2.8) and overall.cand.mean == pytest.approx(1.3)
    assert overall.base.n == overall.cand.n == 20 and overall.cand.p5 == pytest.approx(1.3)
    assert overall.difference is not None and overall.difference.diff == pytest.approx(-1.5)
    assert overall.difference.n_cases == 10 and overall.tested
    assert overall.movement == "regression" and overall.p_holm is not None
    assert rows[("answer", "accuracy")].weight == 0.5
    assert rows[("answer", "accuracy")].check == "rubric:accuracy"

    code, out, err = invoke("compare", base_id, cand_id, "--store", db)
    assert code == 1, out + err  # the candidate's own gate blocks on the rubric
    assert "weighted rubrics" in out
    row = (
        r"answer: overall +2\.80 ± 0\.00 +2\.80 +1\.30 ± 0\.00 +1\.30 +-1\.50 "
        r"\[-1\.50, -1\.50\] +10 "
    )
    assert re.search(row + r"+0\.00781 +regression", out), out
    code, out, _ = invoke("compare", base_id, cand_id, "--store", db, "--json")
    dumped = json.loads(out)["rubrics"]
    assert [r["dimension"] for r in dumped][-1] == "overall"

    html = tmp_path / "report.html"
    code, out, err = invoke(
        "report", cand_id, "--baseline", base_id, "--store", db, "-o", str(html)
    )
    assert code == 0, out + err
    page = html.read_text()
    section = page[page.index('<section id="rubrics">') :]
    section = section[: section.index("</section>")]
    assert 'data-rubric="answer" data-status="fail"' in section
    overall = section[section.index('data-dimension="overall"') :]
    assert "<b>1.30</b>" in overall and "mean ≥ 2.2" in overall and "failed" in overall
    assert "completeness mean 1.00 &lt; 1.5" in section
    assert "lowest: c1#0 overall 1.30 (completeness 1, accuracy 2, actionability 0)" in section
    # the judge's confidence is shown with the result's details, beside its score
    assert '["confidence","0.8"]' in page.replace(" ", "")

    # an exported run, loaded into another store, reads the same rubric: stored and derived
    exported, other = tmp_path / "cand.jsonl.gz", str(tmp_path / "other.db")
    assert invoke("export", cand_id, "-o", str(exported), "--store", db)[0] == 0
    assert invoke("load", str(exported), "--store", other)[0] == 0
    stored = cand.run.summary["gate"]["rubrics"] if cand.run.summary else None
    with Store.open(other) as store:
        loaded = load_run(store, cand_id)
    assert loaded.run.summary is not None and loaded.run.summary["gate"]["rubrics"] == stored
    again = evaluate_gate(loaded.trials, GateConfig.model_validate(loaded.run.config["gate"]))
    assert [r.model_dump(mode="json") for r in again.rubrics] == stored


@pytest.mark.parametrize(
    ("rubric", "line", "expected"),
    [
        (
            "dimensions: {completeness: 0.3, accuracy: 0.5, actionability: 0.3}",
            "suite.yaml:16",
            "the weights sum to 1.1 (completeness 0.3 + accuracy 0.5 + actionability 0.3), not 1",
        ),
        (
            "dimensions: {completeness: 0.5, recency: 0.5}",
            "suite.yaml:16",
            "dimension 'recency' reads 'rubric:recency', which is not a check of this suite",
        ),
        (
            "dimensions: {completeness: {weight: 1, min_mean: 30}}",
            "suite.yaml:16",
            "rubric 'answer': completeness's min_mean is 30, off the judges' scale 0-3",
        ),
        (
            "dimensions: {completeness: 0.5, pii: {weight: 0.5, check: no_pii}}",
            "suite.yaml:16",
            "which is a check the suite runs, but not a rubric judge",
        ),
        (
            "dimensions: {completeness: 1}\n      overall: 3.5",
            "suite.yaml:17",
            "rubric 'answer': overall is 3.5, off the judges' scale 0-3",
        ),
    ],
)
def test_a_bad_rubric_exits_2_naming_file_and_line(
    tmp_path: Path, rubric: str, line: str, expected: str
) -> None:
    bad = (
        "name: weighted\n"  # 1
        "agent: {python: 'agent:good'}\n"
        "cases: cases.jsonl\n"
        "models:\n"
        "  judge: {model: openai-compatible/j, base_url: 'http://127.0.0.1:9/v1'}\n"  # 5
        "checks:\n"
        "  - rubric: {criterion: criteria/completeness.yaml}\n"
        "  - rubric: {criterion: criteria/accuracy.yaml}\n"
        "  - rubric: {criterion: criteria/actionability.yaml}\n"
        "  - no_pii: {}\n"  # 10
        "gate:\n"
        "  outcome: {min_pass_rate: 0.5}\n"
        "  rubrics:\n"
        "    # the article's rubric\n"
        "    answer:\n"  # 15
        f"      {rubric}\n"
    )
    escaped = bad.replace("{", "{{").replace("}", "}}")
    suite = project(tmp_path, "http://127.0.0.1:9/v1", suite=escaped)
    code, out, err = invoke("validate", str(suite))
    assert code == 2, out + err
    flat = " ".join(err.split())  # the terminal wraps long messages
    assert expected in flat and f"{line}:" in flat, err
    assert "Traceback" not in out + err


def test_dimensions_on_different_scales_are_refused(tmp_path: Path) -> None:
    suite = project(tmp_path, "http://127.0.0.1:9/v1")
    five = CRITERION.replace("scale: [0, 3]", "scale: [1, 5]")
    five = five.replace("  0: Not", "  4: Very\n  5: Wholly")
    (tmp_path / "criteria" / "accuracy.yaml").write_text(five.format(name="accuracy"))
    code, out, err = invoke("validate", str(suite))
    assert code == 2, out + err
    flat = " ".join(err.split())
    lines = suite.read_text().splitlines()
    at = next(i for i, text in enumerate(lines, 1) if "accuracy: {weight" in text)
    assert f"suite.yaml:{at}:" in flat
    assert "'accuracy' (rubric:accuracy) is scored 1-5, but completeness is scored 0-3" in flat
