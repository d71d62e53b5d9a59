"""The README's failure-mode walkthrough, run as written on the support example's v2 run.

Every ``fourfold notes`` line of the snippet runs with RUN replaced by the run's id; the
``propose`` line runs against a real local server standing in for the suite's judge model
(its ``--suite`` swapped for ``--model``/``--base-url`` and ``--apply`` added).
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from fourfold import RunOptions, run
from fourfold.judges import Criterion, load_criterion
from fourfold.store import Store
from tests.helpers.openai_server import OpenAIServer, chat_reply
from tests.notes.notes_builders import invoke

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _snippet(marker: str) -> list[list[str]]:
    (body,) = [b for b in re.findall(r"```bash\n(.*?)```", README, re.S) if marker in b]
    lines = [line.split("  #")[0].strip() for line in body.splitlines()]
    return [shlex.split(line) for line in lines if line.startswith("fourfold ")]


@pytest.mark.slow
def test_the_failure_modes_walkthrough_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    db = str(tmp_path / "runs.db")
    with Store.open(db) as store:
        outcome = run(
            ROOT / "examples/support/suite.yaml",
            store=store,
            options=RunOptions(agent="v2", progress=False),
        )
    run_id = outcome.run.id
    steps = _snippet("fourfold notes skeleton")
    assert [s[1:3] for s in steps[1:]] == [
        ["notes", "add"], ["notes", "add"], ["notes", "add"], ["notes", "add"],
        ["notes", "list"], ["notes", "group"], ["notes", "propose"], ["notes", "modes"],
        ["notes", "skeleton"], ["notes", "skeleton"],
    ]  # fmt: skip
    proposal = {"modes": [
        {"name": "looped on search", "note_ids": [3], "why": "the same search again"},
        {"name": "promised", "note_ids": [4], "why": "a guarantee"},
    ]}  # fmt: skip
    with OpenAIServer() as server:
        server.script(chat_reply(json.dumps(proposal)))
        for words in steps[1:]:
            args = [run_id if w == "RUN" else w for w in words[1:]]
            if args[1] == "propose":
                at = args.index("--suite")
                args[at : at + 2] = ["--model", "openai-compatible/m", "--base-url",
                                     server.base_url, "--apply"]  # fmt: skip
            invoke(*args, "--store", db)
    modes = json.loads(invoke("notes", "modes", run_id, "--json", "--store", db))
    assert [(m["name"], m["trials"]) for m in modes["modes"]] == [
        ("invented policy", 2), ("looped on search", 1), ("promised", 1),
    ]  # fmt: skip
    check = (tmp_path / "checks/looped.py").read_text()
    assert "TOOL = 'search_policies'" in check and "LIMIT = 3" in check
    criterion = load_criterion(tmp_path / "criteria/invented_policy.yaml")
    assert isinstance(criterion, Criterion) and "cited §4.7" in criterion.anchors[0]


def test_the_improve_snippet_uses_real_options() -> None:
    import click

    from fourfold._cli import cli

    (words,) = _snippet("fourfold improve")
    command = cli.get_command(click.Context(cli), words[1])
    assert command is not None
    known = {o for p in command.params for o in getattr(p, "opts", [])}
    assert {w for w in words if w.startswith("-")} <= known
    assert (ROOT / words[2]).is_file()
