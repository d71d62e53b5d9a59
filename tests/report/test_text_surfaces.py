"""Hostile text on every surface but the viewer: the terminal, JUnit XML, the report's page.

What an agent, a tool or a judge writes may hold escape sequences, rich markup and bidi
controls. The terminal must not be restyled, cleared or reordered by it (rich passes an
escape sequence through as it is, and reads ``[bold]`` as a style); JUnit XML must stay
readable XML; the report's server-written parts and plots follow the viewer's rule
(text_checks.py).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold._text import MARKED
from fourfold.cases import Case
from fourfold.checks import CheckResult, Evidence
from fourfold.gate import GateConfig, evaluate_gate
from fourfold.report import junit_xml
from fourfold.report.html import load_report, render_report
from fourfold.runs import Run, Trial
from fourfold.store import Store
from fourfold.trace import Message, ToolCall, Trace
from tests.helpers.hostile import hostile_store
from tests.helpers.hostile_long import LONG_BASE, LONG_RUN, long_text_store
from tests.helpers.text_checks import check_page

ESC = "\x1b"
RLO = "\u202e"
MARKUP = "[bold red]boom[/]"
CASE = f"{MARKUP} {ESC}[2J{ESC}[31m case {RLO}42"
CHECK = f"check [link=http://evil.example]x[/link] {RLO}fdp.exe"
EXPLAIN = f"explained {ESC}]8;;http://evil.example{ESC}\\link{ESC}]8;;{ESC}\\ over\rwritten\x07"
RUN_A = "20261201-100000-term0a"
RUN_B = "20261201-110000-term0b"
_NOW = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)


def _run(run_id: str, minutes: int) -> Run:
    return Run(
        id=run_id,
        suite=f"suite {ESC}[5mblink {MARKUP}",
        agent_version=f"v {RLO}1.2 {ESC}[8m",
        package_version="test",
        started_at=_NOW.replace(minute=minutes),
        ended_at=_NOW.replace(minute=minutes),
        status="finished",
    )


def _trial(case_id: str, *, fail: bool, repeat: int = 0) -> Trial:
    output = f"out {ESC}[?1049h {MARKUP} {RLO}cba"
    trace = Trace(
        messages=[Message(role="user", content=f"q {ESC}[31m {MARKUP}")],
        tool_calls=[
            ToolCall(name=f"tool {MARKUP}", arguments={"a": f"{ESC}[1m"}, error=f"{RLO}err")
        ],
        output=output,
    )
    return Trial(
        case_id=case_id,
        repeat=repeat,
        status="ok",
        trace=trace,
        results=[
            CheckResult(
                check=CHECK,
                layer="policy",
                status="fail" if fail else "pass",
                explanation=EXPLAIN,
                evidence=[Evidence(text=f"{MARKUP} {ESC}[31m", where="output")],
            )
        ],
        started_at=_NOW,
        ended_at=_NOW,
    )


@pytest.fixture(scope="module")
def store_path(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    path = tmp_path_factory.mktemp("terminal") / "runs.db"
    with Store.open(path) as store:
        for run_id, minutes, fail in ((RUN_A, 0, False), (RUN_B, 10, True)):
            store.create_run(_run(run_id, minutes))
            store.save_cases(run_id, [Case(id=CASE, input="q"), Case(id="other", input="q")])
            store.save_trial(run_id, _trial(CASE, fail=fail))
            store.save_trial(run_id, _trial("other", fail=fail))
            store.save_trial(
                run_id,
                Trial(
                    case_id=CASE,
                    repeat=1,
                    status="error",
                    error=f"crashed {ESC}[2J {MARKUP} {RLO}x",
                    started_at=_NOW,
                    ended_at=_NOW,
                ),
            )
    yield path


def _invoke(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code in (0, 1, 3), result.output
    return result.output


def _assert_shown_not_obeyed(out: str) -> None:
    assert ESC not in out, "an escape sequence reached the terminal"
    assert "\r" not in out and "\x07" not in out
    assert not [ch for ch in out if ch in MARKED], "a bidi control reached the terminal"
    assert "<U+001B>" in out


@pytest.mark.parametrize(
    "args",
    [
        ["show", RUN_B],
        ["show", RUN_B, "--case", CASE],
        ["show", RUN_B, "--errors"],
        ["runs"],
        ["compare", RUN_A, RUN_B],
    ],
    ids=["summary", "case", "errors", "runs", "compare"],
)
def test_the_terminal_shows_escapes_markup_and_overrides_as_text(
    store_path: Path, args: list[str]
) -> None:
    out = _invoke(*args, "--store", str(store_path))
    _assert_shown_not_obeyed(out)
    if args[0] != "runs":
        assert MARKUP in out, "rich markup in agent text is printed, not applied"
    if args[:2] == ["show", RUN_B] and len(args) == 3:
        assert "<U+202E>" in out


def test_junit_xml_stays_xml_and_shows_controls_as_code_points(store_path: Path) -> None:
    with Store.open(store_path) as store:
        run = store.get_run(RUN_B)
        trials = store.trials(RUN_B)
    xml = junit_xml(run, trials, evaluate_gate(trials, GateConfig()))
    root = ET.fromstring(xml)  # a control character would make this raise
    assert not [ch for ch in xml if ch in MARKED or ch in "\x1b\x07\r"]
    failures = root.findall(".//failure")
    assert failures and "<U+001B>" in (failures[0].text or "")
    assert any("<U+202E>" in (c.get("name") or "") for c in root.iter("testcase"))
    assert "[bold red]boom[/]" in xml


def test_the_reports_page_and_plots_show_controls_as_code_points(
    tmp_path: Path, store_path: Path
) -> None:
    with Store.open(tmp_path / "runs.db") as store:
        long_text_store(None, store)
        html = render_report(load_report(store, LONG_RUN, baseline=LONG_BASE, n_resamples=50))
    checker = check_page(html)
    assert not checker.problems, checker.problems[:5]
    assert checker.ctl_spans, "the header's suite name shows its override as a span"
    title = html[html.index("<title>") : html.index("</title>")]
    assert "invoice&lt;U+202E&gt;fdp.exe" in title
    svgs = [part.split("</svg>")[0] for part in html.split("<svg")[1:]]
    assert svgs and not [ch for svg in svgs for ch in svg if ch in MARKED]
    assert any("&lt;U+202E&gt;" in svg for svg in svgs), "a plot's label names the control"
    hostile, hostile_id, _ = hostile_store(tmp_path / "hostile.db")
    with hostile:
        page = render_report(load_report(hostile, hostile_id, n_resamples=50))
    assert not check_page(page).problems
    with Store.open(store_path) as store:
        assert not check_page(render_report(load_report(store, RUN_B, n_resamples=50))).problems
