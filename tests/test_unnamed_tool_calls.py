"""A tool call the trace does not name (`ToolCall.name` None) on every surface.

It is stored and exported as it is (``"name": null``), and shown as ``(unnamed tool)``
(`ToolCall.display_name`, the one place that label is written): in ``fourfold show``, the
HTML report, the viewer's trial page and a judge's tool log. Nothing makes a name up.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlencode

from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.cases import Case
from fourfold.judges._prompt import render_tool_call
from fourfold.report.html._trial import trial_detail
from fourfold.runs import Run, Trial
from fourfold.store import Store
from fourfold.trace import ToolCall, Trace
from tests.helpers.viewer_client import Viewed, make_client, text_of

NOW = datetime(2026, 12, 1, tzinfo=UTC)
RUN = "20261201-000000-unname"
LABEL = "(unnamed tool)"
UNNAMED = ToolCall(name=None, arguments={"city": "Paris"}, result="sunny, 22 C")


def _trial() -> Trial:
    trace = Trace(tool_calls=[UNNAMED, ToolCall(name="get_time")], output="Sunny.")
    return Trial(case_id="c1", status="ok", trace=trace, started_at=NOW, ended_at=NOW)


def _store(path: Path) -> Store:
    store = Store.open(path)
    run = Run(
        id=RUN,
        suite="s",
        agent_version="v1",
        package_version="test",
        started_at=NOW,
        ended_at=NOW,
        status="finished",
    )
    store.create_run(run)
    store.save_cases(RUN, [Case(id="c1", input="Weather in Paris?")])
    store.save_trial(RUN, _trial())
    return store


def _invoke(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_trace_keeps_no_name_through_json_and_the_store(tmp_path: Path) -> None:
    trace = _trial().trace
    assert trace is not None
    assert json.loads(trace.to_json())["tool_calls"][0]["name"] is None
    assert Trace.from_json(trace.to_json()) == trace
    assert trace.tool_names == [None, "get_time"]
    with _store(tmp_path / "runs.db") as store:
        [stored] = store.trials(RUN)
    assert stored.trace == trace


def test_export_and_load_keep_no_name(tmp_path: Path) -> None:
    _store(tmp_path / "runs.db").close()
    file = tmp_path / "run.jsonl"
    _invoke("export", RUN, "-o", str(file), "--store", str(tmp_path / "runs.db"))
    _invoke("load", str(file), "--store", str(tmp_path / "loaded.db"))
    with Store.open(tmp_path / "loaded.db") as store:
        [loaded] = store.trials(RUN)
    assert loaded.trace is not None and loaded.trace.tool_calls[0].name is None


def test_show_the_report_and_a_judges_log_label_it(tmp_path: Path) -> None:
    _store(tmp_path / "runs.db").close()
    out = _invoke("show", RUN, "--case", "c1", "--store", str(tmp_path / "runs.db"))
    assert f'tool_calls[0] {LABEL}({{"city": "Paris"}})' in " ".join(out.split())
    detail = trial_detail(_trial(), None, key="c1:0")
    assert [i["name"] for i in detail["timeline"] if i["kind"] == "call"] == [LABEL, "get_time"]
    assert render_tool_call(0, UNNAMED).startswith(f'[0] {LABEL}({{"city": "Paris"}})')


def test_the_viewers_trial_page_labels_it(tmp_path: Path) -> None:
    with _store(tmp_path / "runs.db") as store:
        viewed = Viewed(store, tmp_path, RUN, RUN, RUN, [])
        with make_client(viewed) as client:
            page = client.get(f"/runs/{RUN}/trial?" + urlencode({"case": "c1", "repeat": 0}))
    assert page.status_code == 200
    assert f"tool call {LABEL}" in text_of(page.text)
