"""``fourfold improve``: proposals from the tuning slice's disagreements and overrides, judged
through the rubric judge against a real local server, kappa before and after on a held-out
slice no proposal saw; a proposal that does not improve is written, marked, exit 1."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.cases import Case
from fourfold.improve import improve_criterion, labelled_items, split_items
from fourfold.judges import Criterion, load_criterion
from fourfold.models import ModelConfig, get_model
from fourfold.runs import Label, Review
from fourfold.store import Store
from fourfold.trace import Trace
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply
from tests.helpers.store_builders import make_result, make_run, make_trial

RUN = "20261201-120000-tone01"
N = 12
CRITERION = """\
name: tone
layer: policy
description: Is the answer courteous?
scale: [0, 2]
inputs: [input, output]
anchors:
  2: Courteous throughout.
  1: Neutral but curt.
  0: Rude.
"""


def human(i: int) -> int:
    return i % 3


def stored(i: int) -> int:
    # The judge as it graded the run: right on a third, one too high on the rest.
    return min(2, human(i) + (i % 2))


def make_store(root: Path, server: OpenAIServer) -> Path:
    (root / "tone.yaml").write_text(CRITERION)
    (root / "suite.yaml").write_text(
        "name: tone\nmodels:\n  judge: {model: openai-compatible/judge, base_url: "
        f"'{server.base_url}'}}\n  writer: {{model: openai-compatible/writer, base_url: "
        f"'{server.base_url}'}}\n"
    )
    db = root / "runs.db"
    with Store.open(db) as store:
        store.create_run(make_run(RUN, suite_path=str(root / "suite.yaml"), seed=11))
        store.save_cases(RUN, [Case(id=f"c{i}", input=f"question {i}") for i in range(N)])
        for i in range(N):
            result = make_result(
                "rubric:tone",
                layer="policy",
                status="pass" if stored(i) == 2 else "fail",
                score=float(stored(i)),
                metadata={"scale": [0, 2], "criterion": "tone"},
            )
            store.save_trial(
                RUN, make_trial(f"c{i}", trace=Trace(output=f"answer {i}."), results=[result])
            )
        store.add_labels(
            [
                Label(
                    run_id=RUN,
                    case_id=f"c{i}",
                    repeat=0,
                    criterion="rubric:tone",
                    labeller="ana",
                    value=human(i),
                    note=f"curt, not courteous ({i})" if stored(i) != human(i) else None,
                )
                for i in range(N)
            ]
        )
        for i in range(N):
            if stored(i) != human(i):
                store.add_review(
                    Review(
                        run_id=RUN,
                        case_id=f"c{i}",
                        repeat=0,
                        check="rubric:tone",
                        original_score=stored(i),
                        original_status="fail",
                        action="override",
                        new_score=human(i),
                        reason=f"reviewer reason {i}",
                        reviewer="bo",
                    )
                )
                break
    return db


def proposals(*anchors: dict[str, str]) -> str:
    return json.dumps(
        {
            "proposals": [
                {"change": f"edit {n}", "description": "Is the answer courteous?", "anchors": a}
                for n, a in enumerate(anchors)
            ]
        }
    )


GOOD = {"2": "Courteous. CLARIFIED", "1": "Curt: no greeting, no thanks.", "0": "Rude."}
WORSE = {"2": "Courteous. SCRAMBLED", "1": "Curt.", "0": "Rude."}
BROKEN = {"2": "Courteous.", "0": "Rude."}  # no anchor for 1


def handler(proposal: str) -> Callable[[dict[str, Any]], Reply]:
    """The proposer gets `proposal`; the judge scores by which criterion it was shown."""

    def answer(body: dict[str, Any]) -> Reply:
        name = body.get("response_format", {}).get("json_schema", {}).get("name")
        if name == "criterion_proposals":
            return chat_reply(proposal)
        text = " ".join(str(m.get("content")) for m in body["messages"])
        i = int(re.search(r"answer (\d+)\.", text)[1])  # type: ignore[index]
        if "CLARIFIED" in text:
            score = human(i)
        elif "SCRAMBLED" in text:
            score = (human(i) + 1) % 3
        else:
            score = stored(i)
        return chat_reply(
            json.dumps({"evidence": f"answer {i}.", "rationale": "as anchored", "score": score})
        )

    return answer


def improve(db: Path, root: Path, *extra: str, code: int) -> str:
    result = CliRunner().invoke(
        cli,
        [
            "improve",
            str(root / "tone.yaml"),
            "--run",
            RUN,
            "-o",
            str(root / "new.yaml"),
            "--store",
            str(db),
            *extra,
        ],
        catch_exceptions=False,
    )
    assert result.exit_code == code, result.output
    return result.output + (result.stderr if result.stderr_bytes else "")


def test_a_clarified_anchor_improves_kappa_on_the_held_out_slice(tmp_path: Path) -> None:
    with OpenAIServer(handler(proposals(WORSE, GOOD, BROKEN))) as server:
        db = make_store(tmp_path, server)
        out = " ".join(improve(db, tmp_path, "--seed", "3", "--json", code=0).split())
        bodies = server.bodies
    figures = json.loads(out[: out.rindex("}") + 1])
    assert figures["improved"] is True and figures["chosen"] == "edit 1"
    assert figures["held_out"]["kappa_after"] == pytest.approx(1.0)
    assert figures["held_out"]["kappa_before"] < 1.0
    assert [p["change"] for p in figures["tuning"]["proposals"]] == ["edit 0", "edit 1"]
    assert "proposal 3 (edit 2): no anchor for score 1" in figures["rejected"][0]
    written = (tmp_path / "new.yaml").read_text()
    assert not written.startswith("# NOT AN IMPROVEMENT")
    criterion = load_criterion(tmp_path / "new.yaml")
    assert isinstance(criterion, Criterion) and criterion.anchors[2] == "Courteous. CLARIFIED"

    # The held-out slice: in no proposal prompt, judged only with the chosen criterion.
    split = split_items(
        labelled_items(
            Store.open(db).trials(RUN),
            [
                Label(
                    run_id=RUN,
                    case_id=f"c{i}",
                    repeat=0,
                    criterion="rubric:tone",
                    labeller="ana",
                    value=human(i),
                )
                for i in range(N)
            ],
            "rubric:tone",
        ),
        0.3,
        3,
    )
    held = {int(item.case_id[1:]) for item in split.held_out}
    assert len(held) == 4 and figures["held_out"]["items"] == 4
    prompt = next(
        json.dumps(b)
        for b in bodies
        if b.get("response_format", {}).get("json_schema", {}).get("name") == "criterion_proposals"
    )
    assert all(f"answer {i}." not in prompt and f"reason {i}" not in prompt for i in held)
    assert "curt, not courteous" in prompt  # the tuning slice's notes are what it reads
    judged = [b for b in bodies if "CLARIFIED" in json.dumps(b) or "SCRAMBLED" in json.dumps(b)]
    held_judged = [b for b in judged if any(f"answer {i}." in json.dumps(b) for i in held)]
    assert all("CLARIFIED" in json.dumps(b) for b in held_judged) and len(held_judged) == 4
    assert len(judged) == 2 * (N - 4) + 4


def test_the_judge_calls_are_cached_so_a_second_run_asks_nothing(tmp_path: Path) -> None:
    with OpenAIServer(handler(proposals(GOOD))) as server:
        db = make_store(tmp_path, server)
        improve(db, tmp_path, code=0)
        asked = len(server.requests)
        improve(db, tmp_path, code=0)
        assert len(server.requests) == asked
        improve(db, tmp_path, "--no-cache", code=0)
        assert len(server.requests) == 2 * asked


def test_a_proposal_that_does_not_improve_is_written_marked_and_exits_1(tmp_path: Path) -> None:
    with OpenAIServer(handler(proposals(WORSE))) as server:
        db = make_store(tmp_path, server)
        out = " ".join(improve(db, tmp_path, "--model", "writer", code=1).split())
    assert "not an improvement" in out and "NOT AN IMPROVEMENT" in out
    written = (tmp_path / "new.yaml").read_text()
    assert written.startswith("# NOT AN IMPROVEMENT: on the held-out slice Cohen's kappa went")
    assert isinstance(load_criterion(tmp_path / "new.yaml"), Criterion)
    assert "no proposal agreed with people better than the original" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope"], "has no rubric criterion 'nope'"),
        (["tone.yaml", "--held-out", "1.5"], "1.5"),
        (["tone.yaml", "--judge", "critic"], "no model named 'critic'"),
    ],
)
def test_bad_input_is_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    with OpenAIServer(handler(proposals(GOOD))) as server:
        db = make_store(tmp_path, server)
        args = [str(tmp_path / a) if a.endswith(".yaml") else a for a in args]
        result = CliRunner().invoke(
            cli,
            ["improve", *args, "--run", RUN, "-o", str(tmp_path / "n.yaml"), "--store", str(db)],
        )
    assert result.exit_code == 2, result.output
    assert message in " ".join((result.output + result.stderr).split())
    assert not (tmp_path / "n.yaml").exists()


def test_improve_from_python(tmp_path: Path) -> None:
    import asyncio

    with OpenAIServer(handler(proposals(GOOD))) as server:
        db = make_store(tmp_path, server)
        config = ModelConfig(model="openai-compatible/judge", base_url=server.base_url)

        async def go() -> Any:
            async with get_model(config) as model:
                with Store.open(db) as store:
                    return await improve_criterion(
                        original=load_criterion(tmp_path / "tone.yaml"),  # type: ignore[arg-type]
                        check="rubric:tone",
                        trials=store.trials(RUN),
                        labels=store.labels(run_id=RUN),
                        reviews=store.reviews(RUN),
                        cases=store.cases(RUN),
                        proposer=model,
                        judge=model,
                        run_id=RUN,
                        held_out=0.25,
                        seed=5,
                    )

        result = asyncio.run(go())
    assert result.improved and len(result.split.held_out) == 3
    assert result.overrides <= 1 and result.clusters >= 1
