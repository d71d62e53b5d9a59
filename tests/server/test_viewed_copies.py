"""The viewer tests' store is built once and copied: each copy is a store of its own, and
its judged run's suite is the copy's, not the template's."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourfold.runs import Note
from fourfold.store import Store
from tests.helpers.store_template import copy_template
from tests.helpers.viewer_client import Viewed
from tests.server.conftest import ViewedTemplate


def test_a_copy_holds_the_three_runs_and_points_at_its_own_suite(viewed: Viewed) -> None:
    ids = {r.id for r in viewed.store.list_runs()}
    assert ids == {viewed.judged, viewed.baseline, viewed.hostile}
    suite_path = viewed.store.get_run(viewed.judged).suite_path
    assert suite_path == str(viewed.root / "suite" / "suite.yaml")
    assert Path(suite_path).read_text(encoding="utf-8") == "name: refunds\n"
    assert viewed.store.get_run(viewed.baseline).suite_path is None


def test_what_one_copy_stores_no_other_copy_sees(
    viewed_template: ViewedTemplate, tmp_path: Path
) -> None:
    t = viewed_template
    with Store.open(copy_template(t.folder, tmp_path / "a")) as a:
        a.add_note(Note(run_id=t.judged, case_id="refund-0", text="only in a", author="ann"))
        assert len(a.notes(t.judged)) == 1
    with Store.open(copy_template(t.folder, tmp_path / "b")) as b:
        assert b.notes(t.judged) == []
    assert not (t.folder / "runs.db-wal").exists(), "the template is never opened"


def test_an_open_template_is_refused(tmp_path: Path) -> None:
    with Store.open(tmp_path / "template" / "runs.db"):
        with pytest.raises(AssertionError, match="still open"):
            copy_template(tmp_path / "template", tmp_path / "copy")
