"""Builders of the export tests: a run with every kind of row (the `made` fixture makes it).

The run is real: a suite with a judge (a real local OpenAI-compatible server), run twice
(v1 then v2, so the v2 run keeps a comparison), two repeats (so it keeps a consistency
report), traces with an assistant turn that requested a tool call, a trial whose agent
fails, labels by two people, a calibration made from them, reviews (an accept and an
override) of judge scores, and notes (one grouped into a mode).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from fourfold import RunOptions, run
from fourfold._cli import cli
from fourfold.calibration import calibrate
from fourfold.runs import Label, Note, Review
from fourfold.store import Store
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

AGENT = """
from fourfold.agents import current_recorder
from fourfold.trace import Message, ToolRequest

def v1(case):
    if case.id == "c3":
        raise RuntimeError("the refunds service is down")
    rec = current_recorder()  # an assistant turn that requested a call: it is exported too
    asked = ToolRequest(id="call_0", name="policy", arguments={"section": "4.2"})
    rec.message("assistant", None, tool_calls=[asked])
    rec.tool_call("policy", {"section": "4.2"}, result="5 business days")
    rec.messages.append(
        Message(role="tool", content="5 business days", name="policy", tool_call_id="call_0")
    )
    return "Refunds take 5 business days (see 4.2)."

def v2(case):
    return "Refunds take 5 business days (see 4.2). " + "We value you. " * (len(case.id) + 2)
"""

SUITE = """
name: exchange
agents:
  v1: {{python: "agent:v1"}}
  v2: {{python: "agent:v2"}}
cases: cases.jsonl
repeats: 2
models:
  judge: {{model: "openai-compatible/judge-1", base_url: "{url}", api_key_env: "", max_retries: 0}}
checks:
  - contains: {{phrases: ["5 business days"]}}
  - max_length: {{words: 20}}
  - rubric: {{criterion: conciseness}}
"""

CRITERION = "rubric:conciseness"
T0 = datetime(2026, 11, 29, 19, 37, 55, 123456, tzinfo=UTC)

_OUTPUT = re.compile(r"<<<AGENT_OUTPUT \w+>>>\n(.*?)\n<<<END AGENT_OUTPUT \w+>>>", re.S)


def judge(body: dict[str, Any]) -> Reply:
    """Scores by length, quoting the answer's first sentence."""
    shown = _OUTPUT.search(body["messages"][-1]["content"])
    assert shown is not None
    output = shown.group(1)
    reply = {
        "evidence": output.split(".")[0] + ".",
        "rationale": "length decides",
        "score": 3 if len(output) < 60 else 1,
    }
    return chat_reply(json.dumps(reply), usage=(250, 35))


@dataclass(frozen=True)
class Made:
    """A store with two runs of the exchange suite; `cand` holds every kind of row."""

    root: Path
    db: Path
    base: str
    cand: str


def invoke(*args: str, code: int | tuple[int, ...] = 0) -> str:
    """Run the CLI; assert its exit code; return what it printed (stdout, then stderr)."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    codes = code if isinstance(code, tuple) else (code,)
    assert result.exit_code in codes, result.output
    return result.output + (result.stderr if result.stderr_bytes else "")


def make_run_with_everything(root: Path) -> Made:
    """Make the two runs in `root` (see the module's docstring)."""
    (root / "agent.py").write_text(AGENT)
    cases = [
        {"id": "c1", "input": "How long do refunds take?", "strata": {"topic": "refunds"}},
        {"id": "c2", "input": "Refund timing?", "expected": "5 business days"},
        {"id": "c3", "input": "Où est mon remboursement ? 🤔", "tags": ["fr"]},
    ]
    (root / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    db = root / "runs.db"
    with OpenAIServer(judge) as server:
        (root / "suite.yaml").write_text(SUITE.format(url=server.base_url))
        with Store.open(db) as store:
            base = run(root / "suite.yaml", store=store, options=RunOptions(agent="v2"))
            cand = run(root / "suite.yaml", store=store, options=RunOptions(agent="v1"))
    base_id, cand_id = base.run.id, cand.run.id
    invoke("compare", base_id, cand_id, "--store", str(db), code=(0, 1, 3))
    with Store.open(db) as store:
        store.add_labels(
            [
                Label(
                    run_id=cand_id,
                    case_id=case,
                    repeat=repeat,
                    criterion=CRITERION,
                    labeller=who,
                    value=value,
                    note="short enough" if value >= 2 else None,
                    source=f"labels.csv:{i + 2}",
                    created_at=T0 + timedelta(minutes=i),
                )
                for i, (case, repeat, who, value) in enumerate(
                    [
                        ("c1", 0, "ana", 3),
                        ("c1", 1, "ana", 2),
                        ("c2", 0, "ana", 3),
                        ("c1", 0, "ben", 3),
                        ("c2", 0, "ben", 1),
                    ]
                )
            ]
            + [Label(run_id=cand_id, case_id="c2", criterion=CRITERION, labeller="cy", value=2)]
        )
        calibrate(store, cand_id, CRITERION, n_resamples=200)
        judged = {
            (t.case_id, t.repeat): r
            for t in store.trials(cand_id)
            for r in t.results
            if r.check == CRITERION
        }
        first = judged[("c1", 0)]
        store.add_review(
            Review(
                run_id=cand_id,
                case_id="c1",
                repeat=0,
                check=CRITERION,
                original_score=first.score,
                original_status=first.status,
                action="accept",
                reviewer="ana",
                created_at=T0,
            )
        )
        for reviewer, score in (("ben", 1.0), ("ana", 2.0)):
            store.add_review(
                Review(
                    run_id=cand_id,
                    case_id="c1",
                    repeat=0,
                    check=CRITERION,
                    original_score=first.score,
                    original_status=first.status,
                    action="override",
                    new_score=score,
                    reason=f"{reviewer}: the answer is padded",
                    reviewer=reviewer,
                )
            )
        padded = store.add_note(
            Note(run_id=cand_id, case_id="c1", repeat=0, text="four paragraphs", author="ana")
        )
        store.add_note(
            Note(
                run_id=cand_id,
                case_id="c3",
                repeat=1,
                text="answered in English to a French question 🤔",
                author="ben",
                created_at=T0,
            )
        )
        assert padded.id is not None
        store.set_note_mode(cand_id, [padded.id], "too long")
    return Made(root, db, base_id, cand_id)
