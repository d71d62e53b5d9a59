"""A suite with rubric and pairwise judges, end to end against a real local
OpenAI-compatible server: scores with evidence, judge errors, the cache, --baseline."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold import RunOptions, run
from fourfold._cli import cli
from fourfold.store import Store
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply, error

AGENT = """
def short(case):
    return "Refunds take 5 business days (see 4.2)."

def long(case):
    if case.id == "c2":
        raise RuntimeError("agent down")
    return "Refunds take 5 business days (see 4.2). " + "Also, we value you. " * 10
"""

SUITE = """
name: judged
agents:
  short: {{python: "agent:short"}}
  long: {{python: "agent:long"}}
cases: cases.jsonl
repeats: 2
models:
  judge: {{model: "openai-compatible/judge-1", base_url: "{url}", api_key_env: "", max_retries: 1}}
checks:
  - rubric: {{criterion: conciseness}}
  - pairwise: {{criterion: outcome_preference}}
gate:
  outcome: {{min_pass_rate: 0.5, critical: false}}
"""

BLOCK = re.compile(r"<<<(AGENT_OUTPUT|ANSWER_A|ANSWER_B) \w+>>>\n(.*?)\n<<<END \1 \w+>>>", re.S)


def judge(body: dict[str, Any]) -> Reply:
    """A judge that prefers short answers and quotes the first sentence it saw."""
    user = body["messages"][-1]["content"]
    blocks = dict(BLOCK.findall(user))
    if "AGENT_OUTPUT" in blocks:  # a rubric call
        output = blocks["AGENT_OUTPUT"]
        if "poison" in output:
            return chat_reply(json.dumps({"evidence": "x", "rationale": "r", "score": 9}))
        score = 3 if len(output) < 100 else 1
        quote = output.split(".")[0] + "."
        if "invent" in user:
            quote = "a sentence the agent never wrote"
        reply = {"evidence": quote, "rationale": "length decides", "score": score}
        return chat_reply(json.dumps(reply), usage=(300, 40))
    a, b = blocks["ANSWER_A"], blocks["ANSWER_B"]
    winner = "TIE" if len(a) == len(b) else ("A" if len(a) < len(b) else "B")
    quote = (a if winner == "A" else b).split(".")[0] + "."
    reply = {"decisive_quote": quote, "rationale": "shorter", "winner": winner}
    return chat_reply(json.dumps(reply), usage=(400, 30))


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(judge) as s:
        yield s


def project(tmp_path: Path, url: str) -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "cases.jsonl").write_text(
        "".join(
            json.dumps(
                {
                    "id": f"c{i}",
                    "input": f"How long does refund {i} take?",
                    "expected": "Says 5 business days",
                }
            )
            + "\n"
            for i in range(1, 4)
        )
    )
    (tmp_path / "suite.yaml").write_text(SUITE.format(url=url))
    return tmp_path / "suite.yaml"


def test_rubric_and_pairwise_end_to_end(tmp_path: Path, server: OpenAIServer) -> None:
    suite = project(tmp_path, server.base_url)
    db = tmp_path / "runs.db"

    base = run(suite, store=db, options=RunOptions(agent="short", progress=False))
    t = base.trials[0]
    rubric = next(r for r in t.results if r.check == "rubric:conciseness")
    assert rubric.layer == "outcome" and rubric.score == 3 and rubric.status == "pass"
    assert rubric.evidence and rubric.evidence[0].where == "output"
    assert rubric.evidence[0].start == 0
    pair = next(r for r in t.results if r.check == "pairwise:outcome_preference")
    assert pair.status == "skip"  # no baseline yet
    calls_first = len(server.requests)
    assert calls_first == 6  # 3 cases x 2 repeats, one rubric call each
    assert base.summary.costs.judge_calls == 6 and base.summary.costs.judge_cached_calls == 0
    assert base.summary.costs.judge_tokens == 6 * 340

    # the same run again is served from the cache: no request reaches the server
    again = run(suite, store=db, options=RunOptions(agent="short", progress=False))
    assert len(server.requests) == calls_first
    assert again.summary.costs.judge_cached_calls == 6
    assert [
        r.score for t in again.trials for r in t.results if r.check == "rubric:conciseness"
    ] == [3] * 6

    # --no-cache calls again (and keeps every prompt and reply)
    run(suite, store=db, options=RunOptions(agent="short", progress=False, use_cache=False))
    assert len(server.requests) == 2 * calls_first
    with Store.open(db) as store:
        assert store.count_model_calls() == 6  # same prompts: same keys, upserted

    # the long version against the short baseline: pairwise in both orders, candidate loses
    cand = run(
        suite, store=db, options=RunOptions(agent="long", progress=False, baseline=base.run.id)
    )
    pw = cand.summary.pairwise["pairwise:outcome_preference"]
    assert (pw.wins, pw.losses, pw.ties, pw.inconsistent, pw.errors) == (0, 4, 0, 0, 0)
    assert pw.win_rate == 0.0 and cand.summary.baseline_run == base.run.id
    errored = [t for t in cand.trials if t.status == "error"]
    assert len(errored) == 2 and all("agent down" in (t.error or "") for t in errored)
    judged = next(t for t in cand.trials if t.status == "ok")
    pair = next(r for r in judged.results if r.check == "pairwise:outcome_preference")
    assert pair.metadata["verdict"] == "baseline" and len(pair.metadata["replies"]) == 2
    orders = [r for r in server.requests if "ANSWER_A" in json.dumps(r.json)]
    assert len(orders) == 8  # 4 pairs x 2 orders
    rubric = next(r for r in judged.results if r.check == "rubric:conciseness")
    assert rubric.score == 1 and rubric.status == "fail"
    assert cand.gate.layer("outcome").failed == 4
    assert cand.gate.decision == "review"


def test_judge_errors_are_errors_not_scores(tmp_path: Path, server: OpenAIServer) -> None:
    suite = project(tmp_path, server.base_url)
    (tmp_path / "agent.py").write_text(
        "def short(case):\n"
        "    return {'c1': 'poison pill.', 'c2': 'we invent nothing.'}.get(case.id, 'Fine.')\n"
        "long = short\n"
    )
    outcome = run(suite, store=tmp_path / "r.db", options=RunOptions(progress=False))
    by_case = {
        t.case_id: next(r for r in t.results if r.check == "rubric:conciseness")
        for t in outcome.trials
        if t.repeat == 0
    }
    assert by_case["c1"].status == "error" and by_case["c1"].score is None
    assert by_case["c1"].metadata["error_category"] == "score_out_of_scale"
    assert by_case["c3"].status == "pass"
    assert outcome.gate.layer("outcome").check_errors == 2


@pytest.mark.slow  # every judge call retried with backoff
def test_server_down_is_a_judge_error(tmp_path: Path, server: OpenAIServer) -> None:
    suite = project(tmp_path, server.base_url)
    server.handler = lambda received: error(500)
    outcome = run(suite, store=tmp_path / "r.db", options=RunOptions(progress=False))
    results = [r for t in outcome.trials for r in t.results if r.check == "rubric:conciseness"]
    assert results and all(r.status == "error" and r.score is None for r in results)
    assert {r.metadata["error_category"] for r in results} == {"server"}
    # errors are their own category: not failures, and never a pass
    outcome_layer = outcome.gate.layer("outcome")
    assert outcome_layer.check_errors == 6 and outcome_layer.status == "no_decision"
    assert outcome.gate.decision == "review"
    assert "rubric:conciseness: 6 of 6 results errored (server error)" in outcome.gate.reasons[0]


def test_a_judge_answering_garbage_is_review_not_deploy(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url)
    server.handler = lambda received: chat_reply("Looks great to me! Score: excellent.")
    code, out, err = invoke("run", str(suite), "--store", str(tmp_path / "r.db"), "--no-progress")
    assert code == 3, out + err
    assert "REVIEW" in out and "DEPLOY" not in out
    assert "no decision → review" in out
    assert "rubric:conciseness: 6 of 6 results errored (unparseable reply)" in out
    assert len(server.requests) == 12  # every reply got its one repair request


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr
