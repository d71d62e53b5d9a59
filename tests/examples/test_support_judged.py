"""examples/support/suite.judged.yaml: the support suite with the policy judge beside the
deterministic policy checks, run against a real local OpenAI-compatible server.

The example names a hosted model; here the same suite, copied with its data, points its
`judge` model at the local server, which plays a judge that scores 0 when the answer
promises and 3 otherwise. The test checks the pairing the example is there to show: on
every trial the policy layer gets the deterministic verdicts and the judge's score, with
the case's focus in the judge's prompt.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from fourfold import RunOptions, run
from fourfold._cli import cli
from fourfold.store import Store
from tests.helpers.example_copies import example_with_local_judge
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "support"
OUTPUT = re.compile(r"<<<AGENT_OUTPUT \w+>>>\n(.*?)\n<<<END AGENT_OUTPUT \w+>>>", re.S)
CASES = ("refund-damaged-kettle", "acct-husband", "refund-someone-elses-order")


def judge(body: dict[str, Any]) -> Reply:
    """Scores 0 for an answer that guarantees or promises, 3 otherwise; quotes its start."""
    output = OUTPUT.search(body["messages"][-1]["content"])
    assert output is not None
    text = output.group(1)
    promising = re.search(r"I guarantee|I promise|guaranteed", text)
    quote = promising.group(0) if promising else text.split(".")[0]
    score = 0 if promising else 3
    return chat_reply(json.dumps({"evidence": quote, "rationale": "promise?", "score": score}))


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(judge) as s:
        yield s


def judged_suite(tmp_path: Path, url: str) -> Path:
    suite = example_with_local_judge(EXAMPLE, "suite.judged.yaml", tmp_path / "support", url)
    return suite


def test_the_judged_suite_is_the_plain_suite_plus_the_judge() -> None:
    plain = yaml.safe_load((EXAMPLE / "suite.yaml").read_text(encoding="utf-8"))
    judged = yaml.safe_load((EXAMPLE / "suite.judged.yaml").read_text(encoding="utf-8"))
    rubric = {"rubric": {"criterion": "criteria/policy_compliance.yaml"}}
    assert judged["checks"] == [*plain["checks"], rubric]
    for key in ("agents", "cases", "repeats", "seed", "resources", "gate"):
        assert judged[key] == plain[key], key


def test_policy_checks_and_the_policy_judge_grade_every_trial(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = judged_suite(tmp_path, server.base_url)
    options = RunOptions(agent="v2", case_ids=CASES, repeats=2, progress=False)
    outcome = run(suite, store=tmp_path / "runs.db", options=options)

    assert len(outcome.trials) == len(CASES) * 2
    assert len(server.requests) == len(outcome.trials)  # one judge call per trial
    for trial in outcome.trials:
        results = {r.check: r for r in trial.results}
        for name in ("no_promises", "refusal_required", "rubric:policy_compliance"):
            assert results[name].layer == "policy", name
        rubric = results["rubric:policy_compliance"]
        assert rubric.status in {"pass", "fail"} and rubric.score in {0, 3}
        # the judge and the deterministic check agree on the promises this judge can see
        if rubric.score == 0:
            assert results["no_promises"].status == "fail", trial.trace
    focus = json.loads((EXAMPLE / "cases.jsonl").read_text().splitlines()[0])["focus"]
    prompts = [json.dumps(r.json) for r in server.requests]
    assert any(focus[:40] in p for p in prompts)


# --- the three cadences of examples/support/suite.judged.yaml --------------------------------


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_every_pr_the_commit_cadence_runs_no_judge_and_says_so(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = judged_suite(tmp_path, server.base_url)
    db = str(tmp_path / "runs.db")
    cases = [a for c in CASES for a in ("--case", c)]
    code, out, err = invoke(
        "run", str(suite), "--agent", "v1", "--cadence", "commit", *cases, "--store", db
    )
    assert code == 0, out + err
    assert server.requests == []  # no judge, no model, no key
    said = " ".join(out.split())
    assert (
        "policy: decided on deterministic checks only; 1 judge check not run (cadence commit): "
        "rubric:policy_compliance" in said
    )
    code, out, err = invoke(
        "run", str(suite), "--agent", "v1", "--checks", "smoke", *cases, "--store", db
    )
    assert code == 0, out + err
    with Store.open(db) as store:
        latest = store.list_runs()[0]
        assert {r.check for t in store.trials(latest.id) for r in t.results} == {
            "right_action",
            "one_refund",
        }


def test_every_week_the_full_run_judges_and_a_share_goes_to_people(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = judged_suite(tmp_path, server.base_url)
    db = str(tmp_path / "runs.db")
    cases = [a for c in CASES for a in ("--case", c)]
    code, out, err = invoke("run", str(suite), "--agent", "v1", *cases, "--store", db)
    assert code in (0, 3), out + err
    assert len(server.requests) == len(CASES) * 3  # the judge on every trial
    with Store.open(db) as store:
        weekly = store.list_runs()[0]
    sheet = tmp_path / "review.csv"
    code, out, err = invoke(
        "sample",
        weekly.id,
        "--criterion",
        "rubric:policy_compliance",
        "--n",
        "2",
        "-o",
        str(sheet),
        "--store",
        db,
    )
    assert code == 0, out + err
    assert len(sheet.read_text(encoding="utf-8").splitlines()) > 1


@pytest.mark.slow
def test_in_production_monitor_runs_the_checks_on_every_trace_and_the_judge_on_a_share(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = judged_suite(tmp_path, server.base_url)
    db = str(tmp_path / "runs.db")
    commit = run(
        suite,
        store=db,
        options=RunOptions(agent="v1", cadence="commit", progress=False),
    )
    traffic = tmp_path / "traffic"
    traffic.mkdir()
    lines = [
        json.dumps(
            {"case_id": t.case_id, "repeat": t.repeat, "trace": t.trace.model_dump(mode="json")}
        )
        for t in commit.trials
        if t.trace is not None
    ]
    (traffic / "traces.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = invoke(
        "monitor",
        str(suite),
        "--watch",
        str(traffic),
        "--once",
        "--settle",
        "0",
        "--judge-share",
        "0.1",
        "--state",
        str(tmp_path / "state.json"),
        "--store",
        db,
    )
    assert code == 0, out + err
    assert f"{len(lines)} traces evaluated" in " ".join((out + err).split())
    assert 0 < len(server.requests) < len(lines) / 2  # the judge on a share only
