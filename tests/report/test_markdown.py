"""``fourfold report --format markdown``: a pull-request comment a reviewer can trust.

The runs are built in a real SQLite store: a baseline where every case passes policy and a
candidate where some fail it, with evidence quoted from hostile agent text.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.cases import Case
from fourfold.checks import CheckResult, Evidence
from fourfold.report._markdown import MAX_CHARS
from fourfold.runs import Run, Trial
from fourfold.store import Store
from fourfold.trace import Trace
from tests.helpers.hostile import PAYLOADS

BASE, CAND = "20261201-100000-base01", "20261201-110000-cand01"
HOSTILE = "`x` | <script>alert(1)</script> @everyone\n**bold** [link](javascript:1)"


def _store(path: Path, n_cases: int, failing: int, quote: str = HOSTILE) -> None:
    """Two finished runs of `n_cases` cases; the candidate fails policy on `failing`."""
    with Store.open(path) as store:
        cases = [Case(id=f"case-{i}", input=f"question {i}") for i in range(n_cases)]
        for run_id, agent, fails in ((BASE, "v1", 0), (CAND, "v2", failing)):
            started = datetime(2026, 12, 1, 10 if run_id == BASE else 11, tzinfo=UTC)
            store.create_run(
                Run(
                    id=run_id,
                    suite="support",
                    agent_version=agent,
                    package_version="test",
                    started_at=started,
                    ended_at=started,
                    status="finished",
                    config={"repeats": 1},
                ),
                cases,
            )
            for i, case in enumerate(cases):
                bad = i < fails
                result = CheckResult(
                    check="no_promises",
                    layer="policy",
                    status="fail" if bad else "pass",
                    explanation="a promise" if bad else "no promise",
                    evidence=[Evidence(text=f"{quote} {i}")] if bad else [],
                )
                store.save_trial(
                    run_id,
                    Trial(
                        case_id=case.id,
                        status="ok",
                        started_at=started,
                        ended_at=started,
                        trace=Trace(output=f"answer {i}"),
                        results=[result],
                    ),
                )


def _report(store: Path, *args: str) -> tuple[int, str]:
    done = CliRunner().invoke(
        cli, ["report", CAND, "--format", "markdown", "--store", str(store), *args]
    )
    return done.exit_code, done.output


def _table_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("| ")]


def _cells(row: str) -> int:
    """Cells of a table row: its pipes that no backslash escapes, less one."""
    return len(re.findall(r"(?<!\\)\|", row)) - 1


def test_the_comment_gives_the_decision_the_layers_the_flips_and_the_link(
    tmp_path: Path,
) -> None:
    store = tmp_path / "runs.db"
    _store(store, n_cases=12, failing=6)
    code, text = _report(store, "--baseline", BASE, "--link", "https://ci.example/r.html")
    assert code == 0, text
    first = text.splitlines()[0]
    assert first == "### fourfold: BLOCK — support v2"
    assert "against v1" in text and "12 shared cases" in text
    policy = next(r for r in _table_rows(text) if r.startswith("| policy"))
    assert "**fail**" in policy and "50% (6/12)" in policy and "**regression**" in policy
    assert "**Flipped cases**: 6 regressed, 0 fixed" in text
    assert "| `case-0` | policy | **pass → fail** | `no_promises`: " in text
    assert text.rstrip().endswith("[The full report](https://ci.example/r.html)")


def test_without_a_baseline_the_comment_is_the_runs_own_gate(tmp_path: Path) -> None:
    store = tmp_path / "runs.db"
    _store(store, n_cases=4, failing=1)
    code, text = _report(store)
    assert code == 0, text
    assert text.startswith("### fourfold: BLOCK — support v2")
    assert "Against the baseline" not in text and "Flipped" not in text
    assert "policy failed" in text


@pytest.mark.parametrize("payload", [HOSTILE, *PAYLOADS])
def test_hostile_evidence_stays_inside_its_cell_and_renders_nothing(
    tmp_path: Path, payload: str
) -> None:
    store = tmp_path / "runs.db"
    _store(store, n_cases=3, failing=3, quote=payload)
    code, text = _report(store, "--baseline", BASE)
    assert code == 0, text
    rows = _table_rows(text)
    header = rows[0]
    for row in rows:  # every row of a table has its header's cells: no pipe escaped it
        if row.startswith("| `case-"):
            assert _cells(row) == 4, row
        elif "Layer" in header and not row.startswith("| Case"):
            assert _cells(row) >= 4, row
    for row in (r for r in rows if r.startswith("| `case-")):
        evidence = row.split("`no_promises`: ", 1)[1]
        # The quote is one code span: a fence, the text, the same fence, then the cell's end.
        fence = re.match(r"`+", evidence)
        assert fence is not None, row
        assert evidence.rstrip(" |").endswith(fence.group(0)), row
    assert "\n**bold**" not in text


def test_a_long_list_of_flips_is_cut_and_says_how_many_are_left(tmp_path: Path) -> None:
    store = tmp_path / "runs.db"
    _store(store, n_cases=40, failing=30, quote="x" * 500)
    code, text = _report(store, "--baseline", BASE, "--limit", "5")
    assert code == 0, text
    assert len([r for r in _table_rows(text) if r.startswith("| `case-")]) == 5
    assert "25 more flipped case(s) are in the full report." in text
    assert max(len(line) for line in text.splitlines()) < 400  # each quote is capped
    assert len(text) <= MAX_CHARS


def test_the_comment_goes_to_a_file_with_o(tmp_path: Path) -> None:
    store = tmp_path / "runs.db"
    _store(store, n_cases=3, failing=1)
    out = tmp_path / "ci" / "comment.md"
    code, text = _report(store, "--baseline", BASE, "-o", str(out))
    assert code == 0, text
    assert out.read_text(encoding="utf-8").startswith("### fourfold: BLOCK")
    assert "### fourfold" not in text  # the terminal says where it went, not what


def test_an_unknown_run_exits_2_naming_it(tmp_path: Path) -> None:
    store = tmp_path / "runs.db"
    _store(store, n_cases=2, failing=0)
    done = CliRunner().invoke(
        cli, ["report", "nope", "--format", "markdown", "--store", str(store)]
    )
    assert done.exit_code == 2
    assert "nope" in done.output and "Traceback" not in done.output
