"""``fourfold promote``: a run's failing cases become new cases, recording the layers they broke."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

import fourfold
from fourfold import ConfigError, Store, load_cases
from fourfold._cli import cli
from fourfold.errors import RunNotFoundError
from fourfold.integrations import import_traces, write_replay
from fourfold.promote import promote, promoted_cases, promoted_id
from tests.helpers.store_template import copy_template

FIXTURES = Path(__file__).parent / "fixtures"

AGENT = """
from fourfold import Recorder, tool

@tool
def lookup_account(account_id: str) -> dict:
    return {"id": account_id}

@tool
def issue_refund(account_id: str, amount: float) -> str:
    return "queued"

def desk(case, rec: Recorder) -> str:
    kind = case.context["kind"]
    if kind == "backwards":
        issue_refund("A-1", 10.0)
        lookup_account("A-1")
    else:
        lookup_account("A-1")
        issue_refund("A-1", 10.0)
    leak = kind in ("leak", "backwards") or (kind == "flaky" and rec.repeat == 1)
    answer = "Your refund is on its way."
    return answer + (" Call +1 415 555 0134." if leak else "")
"""

SUITE = """
name: desk
agent: {python: "agent:desk"}
cases: cases.jsonl
repeats: 2
checks:
  - tool_order: {before: lookup_account, after: issue_refund}
  - no_pii: {kinds: [phone]}
  - contains: {phrases: [refund]}
"""

CASES = [
    {"id": "fine", "input": "Refund order 1", "context": {"kind": "fine"}},
    {
        "id": "leak",
        "input": "Refund order 2",
        "context": {"kind": "leak"},
        "expected": "A refund and no personal data",
        "focus": "no phone numbers",
        "strata": {"category": "refunds"},
        "tags": ["vip"],
    },
    {"id": "backwards", "input": "Refund order 3", "context": {"kind": "backwards"}},
    {"id": "flaky", "input": "Refund order 4", "context": {"kind": "flaky"}},
]

WHEN = datetime(2026, 11, 29, 20, 5, tzinfo=UTC)


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The project and a run of its suite, made once for the module; each test gets a copy.

    A run takes a quarter of a second and nearly every test here wants one.
    """
    folder = tmp_path_factory.mktemp("promote")
    (folder / "agent.py").write_text(AGENT)
    (folder / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in CASES))
    (folder / "suite.yaml").write_text(SUITE)
    with Store.open(folder / "runs.db") as store:
        return folder, fourfold.run(folder / "suite.yaml", store=store).run.id


@pytest.fixture
def project(tmp_path: Path, ran: tuple[Path, str]) -> Path:
    """The suite, its agent and cases, and ``runs.db`` holding `run_id`: this test's own."""
    copy_template(ran[0], tmp_path)
    return tmp_path


@pytest.fixture
def run_id(project: Path, ran: tuple[Path, str]) -> str:
    return ran[1]


def promote_cli(project: Path, *args: str):
    return CliRunner().invoke(
        cli, ["promote", *args, "--store", str(project / "runs.db")], catch_exceptions=False
    )


def said(result) -> str:
    """The command's output with line wrapping undone."""
    return " ".join(result.output.split())


def test_failing_cases_become_cases_that_load_and_carry_the_layers_they_broke(project, run_id):
    with Store.open(project / "runs.db") as store:
        result = promote(store, run_id, project / "promoted.jsonl", promoted_at=WHEN)
    assert [c.metadata["promoted_from"]["case_id"] for c in result.added] == [
        "leak",
        "backwards",
        "flaky",
    ]
    loaded = {c.metadata["promoted_from"]["case_id"]: c for c in load_cases(result.target)}
    assert loaded.keys() == {"leak", "backwards", "flaky"}

    leak = loaded["leak"]
    source = CASES[1]
    assert leak.id == promoted_id(fourfold.Case(**source))
    assert (leak.input, leak.context, leak.expected, leak.focus, leak.strata) == (
        source["input"],
        source["context"],
        source["expected"],
        source["focus"],
        source["strata"],
    )
    assert leak.tags == ["vip", "promoted", "broke:policy"]
    assert leak.metadata["broke"] == ["policy"]
    assert leak.metadata["checks"] == ["no_pii"]
    assert "phone" in leak.metadata["failures"]["no_pii"]
    assert leak.metadata["promoted_from"] == {
        "run": run_id,
        "suite": "desk",
        "agent_version": "unversioned",
        "case_id": "leak",
        "repeat": 0,
        "failed_repeats": [0, 1],
        "repeats": 2,
    }
    assert leak.metadata["promoted_at"] == "2026-11-29T20:05:00+00:00"

    backwards = loaded["backwards"]
    assert backwards.metadata["broke"] == ["trajectory", "policy"]  # layer order, both listed
    assert set(backwards.tags) >= {"promoted", "broke:trajectory", "broke:policy"}
    assert backwards.metadata["checks"] == ["tool_order", "no_pii"]

    flaky = loaded["flaky"].metadata["promoted_from"]
    assert (flaky["repeat"], flaky["failed_repeats"]) == (1, [1])


@pytest.mark.parametrize(
    ("layers", "checks", "promoted"),
    [
        (("policy",), (), {"leak", "backwards", "flaky"}),
        (("trajectory",), (), {"backwards"}),
        (("outcome",), (), set()),
        ((), ("tool_order",), {"backwards"}),
        (("policy",), ("tool_order",), set()),
    ],
)
def test_layer_and_check_narrow_what_is_promoted(project, run_id, layers, checks, promoted):
    with Store.open(project / "runs.db") as store:
        _, cases, _ = promoted_cases(store, run_id, layers=layers, checks=checks)
    assert {c.metadata["promoted_from"]["case_id"] for c in cases} == promoted
    for case in cases:
        if layers:
            assert case.metadata["broke"] == list(layers)  # only the layers asked about


def test_promoting_twice_adds_nothing_and_says_how_many_were_skipped(project, run_id):
    first = promote_cli(project, run_id, "--failed", "-o", str(project / "promoted.jsonl"))
    assert first.exit_code == 0, first.output
    assert "added 3 cases" in said(first)
    text = (project / "promoted.jsonl").read_text()

    again = promote_cli(project, "latest", "--failed", "-o", str(project / "promoted.jsonl"))
    assert again.exit_code == 0, again.output
    assert "added 0 cases" in said(again) and "skipped 3 already there" in said(again)
    assert (project / "promoted.jsonl").read_text() == text


def test_a_later_run_failing_the_same_cases_adds_nothing(project, run_id):
    target = project / "promoted.jsonl"
    with Store.open(project / "runs.db") as store:
        promote(store, run_id, target)
        later = fourfold.run(project / "suite.yaml", store=store).run.id
        result = promote(store, later, target)
    assert result.added == [] and len(result.skipped_ids) == 3
    assert len(load_cases(target)) == 3


def test_dry_run_lists_and_writes_nothing(project, run_id):
    result = promote_cli(
        project, run_id, "--failed", "-o", str(project / "promoted.jsonl"), "--dry-run"
    )
    assert result.exit_code == 0, result.output
    assert "would add 3 cases" in said(result)
    assert "broke" in said(result) and "backwards-" in said(result)
    assert not (project / "promoted.jsonl").exists()


def test_into_appends_to_the_suites_first_case_file_skipping_its_own_cases(project, run_id):
    before = (project / "cases.jsonl").read_text()
    result = promote_cli(project, run_id, "--failed", "--into", str(project / "suite.yaml"))
    assert result.exit_code == 0, result.output
    # The failing cases are the suite's own: the same input and context are already there.
    assert "added 0 cases" in said(result)
    assert "3 under another id, same input" in said(result)
    assert (project / "cases.jsonl").read_text() == before


def test_into_another_suite_adds_the_cases_and_that_suite_still_loads(project, run_id, tmp_path):
    other = tmp_path / "regressions"
    other.mkdir()
    (other / "cases.jsonl").write_text('{"id": "old", "input": "Something else"}')  # no newline
    (other / "suite.yaml").write_text(SUITE.replace("desk", "regressions"))
    (other / "agent.py").write_text(AGENT)
    result = promote_cli(project, run_id, "--failed", "--into", str(other / "suite.yaml"))
    assert result.exit_code == 0, result.output
    loaded = fourfold.load_suite(other / "suite.yaml")
    assert [c.id for c in loaded.cases][0] == "old"
    assert len(loaded.cases) == 4
    assert all("promoted" in c.tags for c in loaded.cases[1:])


def test_failures_of_replayed_production_traces_promote_with_the_first_user_message(tmp_path):
    imported = import_traces(FIXTURES / "otlp_support_agent.json", format="otel")
    write_replay(imported, tmp_path / "traces.jsonl")
    (tmp_path / "suite.yaml").write_text(
        "name: prod\n"
        "agent: {replay: traces.jsonl}\n"
        "checks:\n"
        "  - tools_required: {tools: [lookup_order]}\n"
        "  - max_length: {words: 3}\n"
    )
    run = fourfold.run(tmp_path / "suite.yaml", store=tmp_path / "runs.db").run
    with Store.open(tmp_path / "runs.db") as store:
        result = promote(store, run.id, tmp_path / "promoted.jsonl")
    by_trace = {c.metadata["promoted_from"]["case_id"]: c for c in load_cases(result.target)}
    first = by_trace["5b8efff798038103d269b633813fc60c"]
    assert first.input == "Where is my order A-17?"
    assert first.metadata["broke"] == ["policy"]  # max_length; it did call lookup_order
    # The second trace errored (the agent was rate limited): an error is not a failure.
    assert imported[1].trace.error is not None
    assert imported[1].case_id not in by_trace


def test_a_case_without_input_is_reported_not_promoted(tmp_path):
    trace = {
        "messages": [{"role": "assistant", "content": "hello there friend"}],
        "output": "x y z w",
    }
    (tmp_path / "traces.jsonl").write_text(
        json.dumps({"case_id": "silent", "input": "", "trace": trace}) + "\n"
    )
    (tmp_path / "suite.yaml").write_text(
        "name: silent\nagent: {replay: traces.jsonl}\nchecks: [{max_length: {words: 2}}]\n"
    )
    run = fourfold.run(tmp_path / "suite.yaml", store=tmp_path / "runs.db").run
    with Store.open(tmp_path / "runs.db") as store:
        result = promote(store, run.id, tmp_path / "promoted.jsonl")
    assert result.added == [] and result.no_input == ["silent"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope", "--failed", "-o", "p.jsonl"], "no run 'nope'"),
        (["latest", "--failed", "--layer", "polcy", "-o", "p.jsonl"], "did you mean 'policy'"),
        (["latest", "--failed", "--check", "no_pi", "-o", "p.jsonl"], "did you mean 'no_pii'"),
        (["latest", "--failed", "-o", "promoted.yaml"], "is not a JSONL file"),
        (["latest", "--failed"], "needs a case file"),
        (["latest", "-o", "p.jsonl"], "add --failed"),
        (["latest", "--failed", "-o", "p.jsonl", "--into", "suite.yaml"], "not both"),
    ],
)
def test_bad_input_exits_2_without_a_traceback(project, run_id, monkeypatch, args, message):
    monkeypatch.chdir(project)
    result = promote_cli(project, *args)
    assert result.exit_code == 2, result.output
    assert message in said(result)
    assert "Traceback" not in said(result)
    assert not (project / "p.jsonl").exists()


def test_into_a_suite_whose_first_case_file_is_not_jsonl_exits_2(project, run_id, tmp_path):
    other = tmp_path / "yaml-suite"
    other.mkdir()
    (other / "cases.yaml").write_text("- {id: a, input: hi}\n")
    (other / "agent.py").write_text(AGENT)
    (other / "suite.yaml").write_text(SUITE.replace("cases.jsonl", "cases.yaml"))
    result = promote_cli(project, run_id, "--failed", "--into", str(other / "suite.yaml"))
    assert result.exit_code == 2
    assert "is not JSONL" in said(result)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda store, target: promote(store, "missing", target), RunNotFoundError),
        (lambda store, target: promote(store, "latest", target, layers=["x"]), ConfigError),
        (lambda store, target: promote(store, "latest", None), ConfigError),
    ],
)
def test_library_errors(project, run_id, call, error):
    with Store.open(project / "runs.db") as store, pytest.raises(error):
        call(store, project / "promoted.jsonl")


def test_the_run_can_be_narrowed_to_a_layer_from_the_command_line(project, run_id):
    result = promote_cli(
        project, run_id, "--failed", "--layer", "trajectory", "-o", str(project / "t.jsonl")
    )
    assert result.exit_code == 0, result.output
    [case] = load_cases(project / "t.jsonl")
    assert case.tags == ["promoted", "broke:trajectory"]
