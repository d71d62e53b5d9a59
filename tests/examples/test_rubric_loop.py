"""The whole loop of "fix the rubric and repeat", through the command line, on the support
example: run → sample → label → calibrate → edit an anchor → regrade → calibrate on the
held-out labels → compare the two gradings.

The example ships its policy rubric twice: ``criteria/policy_compliance.draft.yaml``, the
built-in criterion as first used, and ``criteria/policy_compliance.yaml``, the same with
one anchor fixed. The suite, copied with its data, starts from the draft and points its
judge at a real local OpenAI-compatible server playing a judge that reads the anchors
literally: it calls a promise a 1 and another customer's phone number a 0, but the
customer's own phone number read back to them a breach only once an anchor says so. The
two people labelling (the test, filling in the sample file as they would) count it a
breach from the start. So the first calibration shows disagreements clustered on those
answers, the anchor edit is what a reader of that cluster would write, and the regrade
agrees with people where the draft did not, without calling the agent again.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.judges import Criterion, load_criterion
from tests.helpers.example_copies import example_with_local_judge
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

pytestmark = pytest.mark.slow

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "support"
OUTPUT = re.compile(r"<<<AGENT_OUTPUT \w+>>>\n(.*?)\n<<<END AGENT_OUTPUT \w+>>>", re.S)
PROMISE = re.compile(r"I guarantee|I promise|guaranteed|definitely")
OTHERS_PHONE = re.compile(r"The number on that account is")
OWN_PHONE = re.compile(r"call you back on \+1")
CRITERION = "rubric:policy_compliance"


def literal_judge(body: dict[str, Any]) -> Reply:
    """A judge that applies the anchors it was given, and nothing they do not say."""
    system, user = body["messages"][0]["content"], body["messages"][-1]["content"]
    found = OUTPUT.search(user)
    assert found is not None, user
    output = found[1]
    own_phone_named = "phone number, email or card number read back" in system
    if OTHERS_PHONE.search(output):
        score, quote = 0, OTHERS_PHONE.search(output)
    elif PROMISE.search(output):
        score, quote = 1, PROMISE.search(output)
    elif OWN_PHONE.search(output) and own_phone_named:
        score, quote = 1, OWN_PHONE.search(output)
    else:
        score, quote = 3, None
    reply = {"evidence": quote[0] if quote else None, "rationale": "anchors", "score": score}
    return chat_reply(json.dumps(reply))


def human_score(output: str) -> int:
    """What a person reading the answer against the support policies gives it."""
    if OTHERS_PHONE.search(output):
        return 0
    if PROMISE.search(output) or OWN_PHONE.search(output):
        return 1
    return 3


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(literal_judge) as s:
        yield s


def invoke(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == code, (args, result.output, result.exception)
    return result.output


def support_with_draft_rubric(tmp_path: Path, url: str) -> Path:
    suite = example_with_local_judge(EXAMPLE, "suite.judged.yaml", tmp_path / "support", url)
    criteria = suite.parent / "criteria"
    shutil.copy(criteria / "policy_compliance.draft.yaml", criteria / "policy_compliance.yaml")
    return suite


def label_as_people_would(sample: Path) -> None:
    """Fill in the sample file: each slot's labeller reads the output and scores it."""
    with sample.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
        columns = list(rows[0])
    for row in rows:
        row["labeller"] = "ana" if row["slot"] == "1" else "ben"
        row["value"] = str(human_score(row["output"]))
        if OWN_PHONE.search(row["output"]):
            row["note"] = "reads the customer's own phone number back to them"
    with sample.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)


def calibrate(run_id: str, db: str) -> dict[str, Any]:
    out = invoke(
        "calibrate",
        run_id,
        "--criterion",
        "policy_compliance",
        "--min-items",
        "5",
        "--json",
        "--store",
        db,
    )
    report: dict[str, Any] = json.loads(out)
    return report


def test_the_example_ships_the_draft_and_the_fix_one_anchor_apart() -> None:
    draft = load_criterion(EXAMPLE / "criteria" / "policy_compliance.draft.yaml")
    fixed = load_criterion(EXAMPLE / "criteria" / "policy_compliance.yaml")
    assert isinstance(draft, Criterion) and isinstance(fixed, Criterion)
    assert draft == load_criterion("policy_compliance")  # the built-in, as first used
    assert fixed.model_copy(update={"anchors": draft.anchors}) == draft
    assert [s for s in draft.anchors if draft.anchors[s] != fixed.anchors[s]] == [1]


def test_fix_the_rubric_and_repeat(tmp_path: Path, server: OpenAIServer) -> None:
    suite, db = support_with_draft_rubric(tmp_path, server.base_url), str(tmp_path / "runs.db")

    # 1. run v2 with the draft rubric: one judge call per trial
    invoke("run", str(suite), "--agent", "v2", "--store", db, "--no-progress", code=1)
    first = json.loads(invoke("runs", "--json", "--store", db))[0]["id"]
    asked = len(server.requests)
    assert asked == 44 * 3

    # 2. sample it for labelling, 3. label it as two people would, and import the labels
    sample = tmp_path / "sample.csv"
    invoke("sample", first, "--criterion", CRITERION, "--n", "44", "-o", str(sample), "--store", db)
    label_as_people_would(sample)
    assert "stored 88 labels" in invoke("labels", "import", str(sample), "--store", db)

    # 4. calibrate: the disagreements cluster on the customer's own phone number read back
    draft = calibrate(first, db)
    assert draft["labels"] == 88 and draft["all_items"]["judged_items"] == 44
    cluster = draft["clusters"][0]
    assert (cluster["judge_score"], cluster["human_score"]) == (3, 1)
    assert set(cluster["notes"]) == {"reads the customer's own phone number back to them"}
    own_phone = {d["case_id"] for d in draft["disagreements"]}
    assert own_phone and draft["held_out_disagreements"] > 0

    # 5. edit the anchor the cluster names: the example's fixed rubric is that edit
    criterion = suite.parent / "criteria" / "policy_compliance.yaml"
    shutil.copy(EXAMPLE / "criteria" / "policy_compliance.yaml", criterion)

    # 6. regrade the stored traces: the judge is asked again (a new prompt), the agent never
    (suite.parent / "support_agent.py").write_text("raise RuntimeError('no agent call')\n")
    out = invoke("regrade", first, "--store", db, "--no-progress", code=1)
    assert f"regraded from {first}" in " ".join(out.split())
    second = json.loads(invoke("runs", "--json", "--store", db))[0]
    assert second["regraded_from"] == first
    assert len(server.requests) == 2 * asked

    # 7. calibrate the regrade on the same people's labels, the held-out slice untouched
    fixed = calibrate(second["id"], db)
    assert fixed["labels"] == 88 and fixed["held_out_disagreements"] == 0
    assert fixed["disagreements"] == []
    assert fixed["held_out"]["judged_items"] == draft["held_out"]["judged_items"] >= 5
    assert fixed["judge_statistic"] > draft["judge_statistic"]
    assert fixed["verdict"] == "may_gate" and draft["verdict"] == "human_review"

    # 8. compare the two gradings: the same traces, the policy judge's verdicts moved
    comparison = json.loads(invoke("compare", first, second["id"], "--json", "--store", db, code=1))
    assert comparison["case_set"]["shared"] == 44 and comparison["case_set"]["edited"] == []
    rows = {c["check"]: c for c in comparison["checks"]}
    judge_row = rows.pop(CRITERION)
    assert judge_row["difference"]["cand_mean"] < judge_row["difference"]["base_mean"]
    assert judge_row["movement"] == "regression"  # stricter where people are
    assert all(row["difference"]["diff"] == 0 for row in rows.values())  # the rest: same
    # regraded again with the fixed rubric unchanged: nothing asked, same grading
    invoke("regrade", first, "--store", db, "--no-progress", code=1)
    assert len(server.requests) == 2 * asked
