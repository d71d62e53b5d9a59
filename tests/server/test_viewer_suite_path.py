"""Where the viewer finds a run's suite file: recorded absolute, old relative paths, moved
stores, ``--suite-dir``; and what depends on it (a criterion's anchors, promotion)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold import RunOptions, run
from fourfold._cli import cli
from fourfold.runs import Run
from fourfold.server import ViewerConfig, create_app
from fourfold.server._suites import find_suite
from fourfold.store import Store
from tests.helpers.viewer_builders import judged_run
from tests.helpers.viewer_client import name, post, text_of

ANCHOR = "FILE ANCHOR: every figure traced to its section"
CRITERION = f"""\
name: grounding
layer: grounding
description: The project's own grounding criterion.
scale: [0, 3]
pass_at: 2
inputs: [input, output, passages]
anchors:
  3: "{ANCHOR}"
  2: "FILE ANCHOR two"
  1: "FILE ANCHOR one"
  0: "FILE ANCHOR zero"
"""
CHECKS = {"checks_resolved": [{"name": "rubric", "args": {"criterion": "criteria/strict.yaml"}}]}
RUN = "20261129-120000-judged"
TRIAL = f"/runs/{RUN}/trial?case=refund-0&repeat=0"


def make_project(folder: Path, suite: str = "refunds") -> Path:
    """A suite folder: the suite file and a criterion file beside it."""
    (folder / "criteria").mkdir(parents=True, exist_ok=True)
    (folder / "criteria" / "strict.yaml").write_text(CRITERION, encoding="utf-8")
    path = folder / "suite.yaml"
    path.write_text(f"name: {suite}\nagent: {{python: agent:answer}}\ncases: []\n")
    return path


def client_of(store: Store, **config: Any) -> Any:
    from fastapi.testclient import TestClient

    app = create_app(store, config=ViewerConfig(n_resamples=50, **config))
    client = TestClient(app, base_url="http://127.0.0.1", follow_redirects=False)
    name(client, "ann")
    return client


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The viewer's working directory: not the folder `fourfold run` ran in."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture
def old_run(tmp_path: Path, elsewhere: Path) -> Iterator[Store]:
    """A run recorded as older fourfolds did: ``proj/suite.yaml``, relative to the folder
    it ran in, where the store is too."""
    make_project(tmp_path / "proj")
    with Store.open(tmp_path / "runs.db") as store:
        judged_run(store, suite_path=Path("proj/suite.yaml"), config=CHECKS)
        yield store


def test_a_run_records_its_suite_file_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    (project / "agent.py").write_text("def answer(case, rec):\n    return 'ok'\n")
    (project / "cases.jsonl").write_text('{"id": "c1", "input": "hi"}\n')
    (project / "suite.yaml").write_text(
        "name: tiny\nagent: {python: 'agent:answer'}\ncases: cases.jsonl\n"
        "checks:\n  - max_length: {words: 5}\n"
    )
    monkeypatch.chdir(tmp_path)
    with Store.open(tmp_path / "runs.db") as store:
        result = run("proj/suite.yaml", store=store, options=RunOptions(progress=False))
        stored = store.get_run(result.run.id)
    assert stored.suite_path == str(project / "suite.yaml")


def test_an_old_relative_path_is_found_from_the_stores_folder(
    tmp_path: Path, old_run: Store
) -> None:
    found = find_suite(old_run.get_run(RUN), store_dir=tmp_path, cwd=Path.cwd())
    assert found.path == tmp_path / "proj" / "suite.yaml"
    assert found.how == f"as proj/suite.yaml in the store's folder {tmp_path}"
    assert found.moved and found.missing is None


def test_the_labelling_page_shows_the_criterion_files_anchors(
    tmp_path: Path, old_run: Store
) -> None:
    client = client_of(old_run)
    page = client.get(f"/label/{RUN}?criterion=rubric:grounding&n=6").text
    assert ANCHOR in unescape(page), "the anchors of the suite's own criterion file"
    assert "The suite file is not where the run recorded it (proj/suite.yaml)" in text_of(page)
    assert str(tmp_path / "proj" / "suite.yaml") in text_of(page)
    # and a reviewer's choices on a trial's page name the same anchors
    trial = unescape(client.get(TRIAL).text)
    assert f"3 — {ANCHOR}" in trial


def test_promotion_goes_beside_the_suite_or_under_the_cases_dir_and_nowhere_else(
    tmp_path: Path, old_run: Store, elsewhere: Path
) -> None:
    cases = tmp_path / "cases"
    client = client_of(old_run, case_roots=(cases,))
    page = unescape(client.get(TRIAL).text)
    beside = tmp_path / "proj" / "promoted.jsonl"
    assert f'name="target" value="{beside}"' in page
    assert (
        post(client, f"/runs/{RUN}/promote", {**_trial(), "target": str(beside)}).status_code == 200
    )
    assert beside.exists(), "the suite's own folder is allowed"
    # a relative target goes under --cases-dir
    assert (
        post(client, f"/runs/{RUN}/promote", {**_trial(), "target": "p.jsonl"}).status_code == 200
    )
    assert (cases / "p.jsonl").exists()
    # the folder the old path names from the viewer's working directory is not the suite's
    wrong = elsewhere / "proj" / "promoted.jsonl"
    refused = post(client, f"/runs/{RUN}/promote", {**_trial(), "target": str(wrong)})
    assert refused.status_code == 422 and "writes case files only under" in refused.text
    assert not wrong.exists() and not (elsewhere / "proj").exists()


def _trial() -> dict[str, str]:
    return {"case": "refund-0", "repeat": "0"}


def test_a_moved_project_is_found_from_its_store(tmp_path: Path, elsewhere: Path) -> None:
    new = tmp_path / "new" / "proj"
    make_project(new)
    gone = tmp_path / "old" / "proj" / "suite.yaml"
    with Store.open(new / ".fourfold" / "fourfold.db") as store:
        judged_run(store, suite_path=gone, config=CHECKS)
        found = find_suite(store.get_run(RUN), store_dir=new / ".fourfold", cwd=elsewhere)
        assert found.path == new / "suite.yaml"
        assert found.how == f"as suite.yaml in the folder above the store's, {new}"
        page = text_of(client_of(store).get(f"/label/{RUN}?criterion=rubric:grounding").text)
    assert ANCHOR in page
    assert f"not where the run recorded it ({gone})" in page


def test_another_suite_of_the_same_file_name_is_not_taken(tmp_path: Path, elsewhere: Path) -> None:
    make_project(tmp_path / "proj", suite="another-suite")
    with Store.open(tmp_path / "runs.db") as store:
        judged_run(store, suite_path=Path("proj/suite.yaml"), config=CHECKS)
        found = find_suite(store.get_run(RUN), store_dir=tmp_path, cwd=elsewhere)
        assert found.path is None
        assert tmp_path / "proj" / "suite.yaml" in found.tried
        client = client_of(store, case_roots=(tmp_path / "cases",))
        label = text_of(client.get(f"/label/{RUN}?criterion=rubric:grounding").text)
        trial = unescape(client.get(TRIAL).text)
    assert ANCHOR not in label
    assert "the suite file this run recorded (proj/suite.yaml) is not found" in label
    assert "start the viewer with --suite-dir FOLDER" in label
    assert 'name="target" value="promoted.jsonl"' in trial
    roots = text_of(trial).split("writes case files only under ")[1].split(". Or")[0]
    assert roots.strip() == str(tmp_path / "cases"), "the suite's folder is not allowed: not found"


def test_suite_dir_points_the_viewer_to_the_folder(tmp_path: Path, elsewhere: Path) -> None:
    moved = tmp_path / "somewhere" / "else"
    make_project(moved)
    with Store.open(tmp_path / "store" / "runs.db") as store:
        judged_run(store, suite_path=Path("/gone/proj/suite.yaml"), config=CHECKS)
        run_ = store.get_run(RUN)
        assert find_suite(run_, store_dir=tmp_path / "store", cwd=elsewhere).path is None
        found = find_suite(run_, suite_dirs=[moved], store_dir=tmp_path / "store")
        assert found.path == moved / "suite.yaml"
        assert found.how == f"as suite.yaml in --suite-dir {moved}"
        page = client_of(store, suite_dirs=(moved,)).get(f"/label/{RUN}?criterion=rubric:grounding")
    assert ANCHOR in unescape(page.text)


def test_the_recorded_absolute_path_is_used_as_it_is(tmp_path: Path) -> None:
    suite = make_project(tmp_path / "proj", suite="renamed-since")
    found = find_suite(_run(str(suite)), store_dir=tmp_path / "elsewhere")
    assert (found.path, found.how, found.moved) == (suite, "where the run recorded it", False)
    assert find_suite(_run(None)).missing is None


def _run(suite_path: str | None) -> Run:
    return Run(
        id="r",
        suite="refunds",
        suite_path=suite_path,
        agent_version="v",
        package_version="test",
        started_at=datetime(2026, 11, 29, tzinfo=UTC),
    )


def test_serve_refuses_a_suite_dir_that_does_not_exist(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli,
        ["serve", "--store", str(tmp_path / "runs.db"), "--suite-dir", str(tmp_path / "nope")],
    )
    assert result.exit_code == 2
    assert "does not exist" in result.output
