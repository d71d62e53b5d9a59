"""examples/shop/suite.rubric.yaml: the shop suite with a weighted rubric of four judges,
run against a real local OpenAI-compatible server.

The example names a hosted model; here the same suite, copied with its data, points its
`judge` model at the local server, which plays four judges that read the structured
answer: a list of two to five products scores 3 on every dimension, a longer one (v2's
six to ten) scores 1, and a judge asked about accuracy scores v2's padded intro 2. The
test checks what the example is there to show: four calls per trial, an overall per
trial that is the weighted mean, the rubric deciding the gate, and compare per dimension.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml

from fourfold import RunOptions, compare, run
from fourfold.gate import GateConfig
from fourfold.store import Store, load_run
from tests.helpers.example_copies import example_with_local_judge
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "shop"
STRUCTURED = re.compile(
    r"<<<AGENT_STRUCTURED_OUTPUT \w+>>>\n(.*?)\n<<<END AGENT_STRUCTURED_OUTPUT", re.S
)
OUTPUT = re.compile(r"<<<AGENT_OUTPUT \w+>>>\n(.*?)\n<<<END AGENT_OUTPUT \w+>>>", re.S)
GRADED = re.compile(r"Grade the agent's answer on '(\w+)'")
CASES = ("wallet-wife", "tropical-shorts")


def judge(body: dict[str, Any]) -> Reply:
    """3 for a list of at most five products, else 1 (2 on accuracy, which reads the intro)."""
    user = body["messages"][-1]["content"]
    criterion = GRADED.search(user)
    assert criterion is not None
    name = criterion.group(1)
    if name == "accuracy":
        output = OUTPUT.search(user)
        assert output is not None
        score = 3 if len(output.group(1).split()) <= 60 else 2
    else:
        structured = STRUCTURED.search(user)
        assert structured is not None, user
        items = json.loads(structured.group(1))["items"]
        score = 3 if len(items) <= 5 else 1
    return chat_reply(json.dumps({"evidence": None, "rationale": name, "score": score}))


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(judge) as s:
        yield s


def rubric_suite(tmp_path: Path, url: str) -> Path:
    suite = example_with_local_judge(EXAMPLE, "suite.rubric.yaml", tmp_path / "shop", url)
    return suite


def test_the_rubric_suite_is_the_plain_suite_plus_four_judges_and_their_rubric() -> None:
    plain = yaml.safe_load((EXAMPLE / "suite.yaml").read_text(encoding="utf-8"))
    rubric = yaml.safe_load((EXAMPLE / "suite.rubric.yaml").read_text(encoding="utf-8"))
    judges = [
        {"rubric": {"criterion": f"criteria/{n}.yaml"}}
        for n in ("relevance", "accuracy", "completeness", "actionability")
    ]
    judges[1]["rubric"]["confidence"] = True
    assert rubric["checks"] == [*plain["checks"], *judges]
    for key in ("agents", "cases", "repeats", "seed", "resources"):
        assert rubric[key] == plain[key], key
    weights = rubric["gate"]["rubrics"]["answer"]["dimensions"]
    assert set(weights) == {"relevance", "accuracy", "completeness", "actionability"}


def test_the_readme_snippet_is_the_examples_rubric() -> None:
    readme = (EXAMPLE.parents[1] / "README.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```yaml\n(.*?)```", readme, re.S) if "rubrics:" in b]
    snippet = yaml.safe_load(block)
    suite = yaml.safe_load((EXAMPLE / "suite.rubric.yaml").read_text(encoding="utf-8"))
    assert snippet["checks"] == suite["checks"][-4:]
    assert snippet["gate"]["rubrics"] == suite["gate"]["rubrics"]
    text = (EXAMPLE / "suite.rubric.yaml").read_text(encoding="utf-8")
    assert block.split("  rubrics:\n")[1] in text  # the comments too


@pytest.mark.slow
def test_v1_holds_the_rubric_and_v2_fails_it(tmp_path: Path, server: OpenAIServer) -> None:
    suite = rubric_suite(tmp_path, server.base_url)
    db = tmp_path / "runs.db"
    v1 = run(suite, store=db, options=RunOptions(agent="v1", case_ids=CASES, progress=False))
    assert len(server.requests) == 4 * len(v1.trials)  # one call per dimension per trial
    (answer,) = v1.gate.rubrics
    assert answer.status == "pass" and answer.overall.mean == pytest.approx(3.0)
    assert v1.gate.decision == "deploy"

    v2 = run(suite, store=db, options=RunOptions(agent="v2", case_ids=CASES, progress=False))
    (answer,) = v2.gate.rubrics
    # relevance, completeness and actionability 1, accuracy 2: 0.35 + 0.6 + 0.2 + 0.15
    assert answer.overall.mean == pytest.approx(1.3)
    assert answer.status == "fail"
    assert "relevance mean 1.00 < 2" in answer.reasons
    assert any(r.startswith("rubric answer failed") for r in v2.gate.reasons)

    with Store.open(db) as store:
        base, cand = load_run(store, v1.run.id), load_run(store, v2.run.id)
    config = GateConfig.model_validate(cand.run.config["gate"])
    rows = compare(base, cand, rng=np.random.default_rng(0), config=config).rubrics
    overall = rows[-1]
    assert [r.dimension for r in rows] == [
        "relevance",
        "accuracy",
        "completeness",
        "actionability",
        "overall",
    ]
    assert overall.difference is not None and overall.difference.diff == pytest.approx(-1.7)
    assert overall.base.sd == 0 and overall.cand.p5 == pytest.approx(1.3)
