"""Cadences, tags and the selection of a run's checks, end to end against a real local
OpenAI-compatible judge: ``--cadence commit`` calls no model, the gate decides on what ran
and says what did not, and compare never reads a judge that did not run as a move."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold import RunOptions, run
from fourfold._cli import cli
from fourfold.cadence import select_checks
from fourfold.compare import compare
from fourfold.errors import ConfigError
from fourfold.runs import SELECTION_KEY, selection_of
from fourfold.store import Store, load_run
from fourfold.suite import load_suite
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

AGENT = """
def short(case):
    return "Refunds take 5 business days."

def chatty(case):
    return "Refunds take 5 business days. Also, we value you as a customer."
"""

SUITE = """\
name: cadenced
agents:
  short: {{python: "agent:short"}}
  chatty: {{python: "agent:chatty"}}
cases: cases.jsonl
repeats: {repeats}
models:
  judge: {{model: "openai-compatible/judge-1", base_url: "{url}", api_key_env: "", max_retries: 0}}
checks:
  - check: max_length
    args: {{words: 60}}
    tags: [smoke]
  - check: no_pii
  - check: max_length
    args: {{words: 60}}
    layer: outcome
    name: short_enough
  - check: rubric
    args: {{criterion: conciseness}}
    layer: policy
  - check: rubric
    args: {{criterion: conciseness}}
    name: concise_outcome
    tags: [smoke]
{extra}
gate:
{gate}
"""

POLICY_RULE = """\
  policy: {hard: true, judge: {check: "rubric:conciseness", min_mean: 2.5}}
"""


def judge(body: dict[str, Any]) -> Reply:
    """Scores 3 for an answer without "Also", else 1 (a failing score on 0-3)."""
    user = body["messages"][-1]["content"]
    score = 1 if "Also" in user else 3
    reply = {"evidence": "Refunds take 5 business days.", "rationale": "r", "score": score}
    return chat_reply(json.dumps(reply), usage=(100, 10))


@pytest.fixture
def server() -> Iterator[OpenAIServer]:
    with OpenAIServer(judge) as s:
        yield s


def project(
    tmp_path: Path,
    url: str,
    *,
    cases: int = 3,
    repeats: int = 2,
    gate: str = POLICY_RULE,
    extra: str = "",
) -> Path:
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "cases.jsonl").write_text(
        "".join(
            json.dumps({"id": f"c{i}", "input": f"How long does refund {i} take?"}) + "\n"
            for i in range(1, cases + 1)
        )
    )
    suite = tmp_path / "suite.yaml"
    suite.write_text(SUITE.format(url=url, repeats=repeats, gate=gate, extra=extra))
    return suite


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


# --- the suite: cadence and tags on check entries ---------------------------------------


def test_deterministic_checks_are_commit_and_judges_scheduled_unless_the_suite_says(
    tmp_path: Path,
) -> None:
    extra = "  - check: no_loops\n    cadence: scheduled\n"
    extra += "  - check: rubric\n    args: {criterion: outcome}\n    cadence: commit\n"
    loaded = load_suite(project(tmp_path, "http://127.0.0.1:9/v1", extra=extra))
    plans = {name: (p.cadence, p.tags, p.judge) for name, p in loaded.plans.items()}
    assert plans == {
        "max_length": ("commit", ("smoke",), False),
        "no_pii": ("commit", (), False),
        "short_enough": ("commit", (), False),
        "rubric:conciseness": ("scheduled", (), True),
        "concise_outcome": ("scheduled", ("smoke",), True),
        "no_loops": ("scheduled", (), False),
        "rubric:outcome": ("commit", (), True),
    }


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ("  - check: no_loops\n    cadence: weekly\n", ["cadence", "'commit' or 'scheduled'"]),
        ("  - check: no_loops\n    tags: smoke\n", ["tags", "tags: [smoke"]),
        ("  - check: no_loops\n    tags: [two words]\n", ["tags", "letters, digits"]),
    ],
)
def test_a_wrong_cadence_or_tag_is_exit_2_at_its_line(
    tmp_path: Path, entry: str, words: list[str]
) -> None:
    suite = project(tmp_path, "http://127.0.0.1:9/v1", extra=entry)
    line = suite.read_text().splitlines().index(entry.splitlines()[1]) + 1
    code, out, err = invoke("run", str(suite), "--store", str(tmp_path / "runs.db"))
    assert code == 2, out + err
    assert f"suite.yaml:{line}" in err
    for word in words:
        assert word in err
    assert "Traceback" not in err


# --- selecting checks ----------------------------------------------------------------------


def test_selection_by_cadence_name_tag_and_layer(tmp_path: Path) -> None:
    loaded = load_suite(project(tmp_path, "http://127.0.0.1:9/v1"))

    def names(**kw: Any) -> list[str]:
        ran, _ = select_checks(loaded.checks, loaded.plans, **kw)
        return [c.name for c in ran]

    everything = [c.name for c in loaded.checks]
    assert names() == everything
    assert select_checks(loaded.checks, loaded.plans)[1] is None  # nothing left out
    assert names(cadence="scheduled") == everything
    assert names(cadence="commit") == ["max_length", "no_pii", "short_enough"]
    assert names(names=["smoke"]) == ["max_length", "concise_outcome"]
    assert names(names=["no_pii", "smoke"]) == ["max_length", "no_pii", "concise_outcome"]
    assert names(layers=["outcome"]) == ["short_enough", "concise_outcome"]
    assert names(cadence="commit", names=["smoke"]) == ["max_length"]
    _, selection = select_checks(loaded.checks, loaded.plans, cadence="commit")
    assert selection is not None
    assert [(s.check, s.layer, s.model_graded, s.reason) for s in selection.skipped] == [
        ("rubric:conciseness", "policy", True, "cadence commit"),
        ("concise_outcome", "outcome", True, "cadence commit"),
    ]


def test_a_selection_naming_nothing_or_leaving_nothing_is_refused(tmp_path: Path) -> None:
    loaded = load_suite(project(tmp_path, "http://127.0.0.1:9/v1"))
    with pytest.raises(ConfigError) as exc:
        select_checks(loaded.checks, loaded.plans, names=["smoek"])
    assert "'smoek' is neither a check nor a tag" in exc.value.message
    assert "did you mean 'smoke'?" in (exc.value.hint or "")
    with pytest.raises(ConfigError) as exc:
        select_checks(loaded.checks, loaded.plans, cadence="commit", layers=["grounding"])
    assert "leaves no check of the suite to run" in exc.value.message


# --- a commit run: no judge called, the gate decides on what ran ---------------------------


def test_commit_cadence_calls_no_model_and_the_gate_says_what_it_did_not_run(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url)
    db = tmp_path / "runs.db"
    outcome = run(suite, store=db, options=RunOptions(cadence="commit", progress=False))

    assert server.requests == []  # no judge model call at all
    assert {r.check for t in outcome.trials for r in t.results} == {
        "max_length",
        "no_pii",
        "short_enough",
    }
    assert outcome.summary.costs.judge_calls == 0
    selection = selection_of(outcome.run.config)
    assert selection is not None and selection.cadence == "commit"
    assert selection.skipped_names() == {"rubric:conciseness", "concise_outcome"}

    gate = outcome.gate
    policy = gate.layer("policy")
    assert policy.status == "pass" and policy.passed == 6  # decided on what ran
    assert policy.judge_scores == 0
    assert policy.not_run == [
        "decided on deterministic checks only; 1 judge check not run (cadence commit): "
        "rubric:conciseness",
        "the rule on rubric:conciseness did not apply: it was not run",
    ]
    # outcome still has short_enough: decided on it, and says the judge was not run
    assert gate.layer("outcome").status == "pass"
    assert gate.layer("outcome").not_run[0].startswith("decided on deterministic checks only")
    # grounding: no check of the suite at all, which is no_data, not "not run"
    assert gate.layer("grounding").status == "no_data" and gate.layer("grounding").not_run == []
    assert gate.decision == "deploy"
    assert [line.split(":")[0] for line in gate.not_run] == ["outcome", "policy", "policy"]

    # the same run read back from the store says the same
    with Store.open(db) as store:
        stored = store.get_run(outcome.run.id)
    assert stored.config[SELECTION_KEY]["cadence"] == "commit"
    assert stored.summary is not None
    assert stored.summary["gate"]["not_run"] == gate.not_run


def test_a_layer_with_none_of_its_checks_run_is_not_run_never_pass(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url)
    outcome = run(
        suite,
        store=tmp_path / "runs.db",
        options=RunOptions(checks=("smoke",), cadence="commit", progress=False),
    )
    assert server.requests == []
    verdict = outcome.gate.layer("outcome")  # short_enough untagged, concise_outcome a judge
    assert verdict.status == "not_run"
    assert verdict.pass_rate is None and verdict.passed == 0
    assert verdict.not_run == [
        "not run: 2 checks not run (cadence commit; not among --checks smoke): "
        "short_enough, concise_outcome"
    ]
    assert outcome.gate.layer("policy").status == "pass"
    assert outcome.gate.decision == "deploy"


def test_scheduled_runs_every_check_and_calls_the_judges(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url)
    outcome = run(
        suite,
        store=tmp_path / "runs.db",
        options=RunOptions(cadence="scheduled", progress=False, agent="chatty"),
    )
    assert len(server.requests) == 2 * 3 * 2  # two judges, 3 cases, 2 repeats
    assert selection_of(outcome.run.config) is not None
    assert outcome.gate.not_run == []
    assert outcome.gate.layer("policy").status == "fail"  # the judge ran, and failed it
    assert outcome.gate.decision == "block"


def test_the_cli_commit_run_calls_no_model_and_prints_what_was_not_run(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url)
    db = str(tmp_path / "runs.db")
    code, out, err = invoke(
        "run", str(suite), "--agent", "chatty", "--cadence", "commit", "--store", db
    )
    # chatty fails only the judge: a commit run cannot see it, and says so
    assert code == 0, out + err
    assert server.requests == []
    assert "not run (the run's selection; the gate decided on what ran)" in out
    assert "policy: decided on deterministic checks only; 1 judge check not run" in out
    assert "(part not run)" in out

    code, out, err = invoke("run", str(suite), "--agent", "chatty", "--store", db)
    assert code == 1, out + err  # the full run calls the judge, which blocks
    assert len(server.requests) == 12
    assert "not run (" not in out

    code, out, err = invoke("runs", "--store", db)
    rows = [line for line in out.splitlines() if "cadenced" in line]
    assert len(rows) == 2
    assert "block" in rows[0] and "(cadence" not in rows[0]  # the full run, newest first
    assert "deploy (cadence commit)" in rows[1]


def test_the_cli_selects_by_tag_and_layer_and_refuses_an_unknown_tag(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url)
    db = str(tmp_path / "runs.db")
    code, out, err = invoke(
        "run", str(suite), "--layer", "policy", "--cadence", "commit", "--store", db
    )
    assert code == 0, out + err
    assert "outcome: not run: 2 checks not run" in out
    with Store.open(db) as store:
        (only,) = store.list_runs()
        results = {r.check for t in store.trials(only.id) for r in t.results}
    assert results == {"max_length", "no_pii"}
    assert server.requests == []

    code, out, err = invoke("run", str(suite), "--checks", "smoek", "--store", db)
    assert code == 2
    assert "'smoek' is neither a check nor a tag" in err and "did you mean 'smoke'?" in err
    code, out, err = invoke(
        "run", str(suite), "--cadence", "commit", "--layer", "grounding", "--store", db
    )
    assert code == 2 and "leaves no check of the suite to run" in err


# --- against a baseline: a judge one side did not run is no move --------------------------

DROP_GATE = """\
  outcome: {min_pass_rate: 0.0, critical: false, max_drop: 0.05}
  policy: {hard: true}
"""


def test_compare_of_a_commit_run_and_a_full_run_reads_no_drop_from_the_judges(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url, cases=8, repeats=1, gate=DROP_GATE)
    db = tmp_path / "runs.db"
    commit = run(
        suite, store=db, options=RunOptions(agent="short", cadence="commit", progress=False)
    )
    full_short = run(suite, store=db, options=RunOptions(agent="short", progress=False))
    full_chatty = run(suite, store=db, options=RunOptions(agent="chatty", progress=False))
    with Store.open(db) as store:
        base, short, chatty = (load_run(store, r.run.id) for r in (commit, full_short, full_chatty))

    # Two full runs: the judge's failures are a real drop of outcome (the test can fail).
    both_full = compare(short, chatty)
    assert both_full.layer("outcome").verdict == "regression"

    # A commit run against a full one: compared on the checks both ran, so no drop.
    mixed = compare(base, chatty)
    assert mixed.layer("outcome").verdict != "regression"
    assert mixed.layer("outcome").base_pass_rate == mixed.layer("outcome").cand_pass_rate == 1.0
    assert any(
        n.startswith(f"compared on the checks both runs ran: the baseline run {commit.run.id}")
        for n in mixed.notes
    )
    assert {c.check for c in mixed.checks} == {"max_length", "no_pii", "short_enough"}

    # The same through the command line.
    code, out, err = invoke("compare", commit.run.id, full_chatty.run.id, "--store", str(db))
    assert "compared on the checks both runs ran" in out + err
    assert "outcome regressed" not in out


def test_the_gate_against_a_commit_baseline_reads_no_drop_from_the_judges(
    tmp_path: Path, server: OpenAIServer
) -> None:
    suite = project(tmp_path, server.base_url, cases=8, repeats=1, gate=DROP_GATE)
    db = tmp_path / "runs.db"
    commit = run(
        suite, store=db, options=RunOptions(agent="short", cadence="commit", progress=False)
    )
    full_short = run(suite, store=db, options=RunOptions(agent="short", progress=False))
    opts = {"agent": "chatty", "progress": False}
    # The judge fails every chatty answer: against a full baseline that is a drop ...
    against_full = run(suite, store=db, options=RunOptions(**opts, baseline=full_short.run.id))
    assert any(
        "dropped against the baseline" in r for r in against_full.gate.layer("outcome").reasons
    )
    # ... against a commit baseline, which never ran the judge, it is none.
    against_commit = run(suite, store=db, options=RunOptions(**opts, baseline=commit.run.id))
    outcome = against_commit.gate.layer("outcome")
    assert outcome.change is not None and outcome.change.diff == 0.0
    assert outcome.reasons == []


# --- resume and export keep the selection --------------------------------------------------


def test_a_resumed_run_keeps_its_selection(tmp_path: Path, server: OpenAIServer) -> None:
    suite = project(tmp_path, server.base_url)
    db = tmp_path / "runs.db"
    first = run(suite, store=db, options=RunOptions(cadence="commit", progress=False))
    with pytest.raises(ConfigError) as exc:
        run(suite, store=db, options=RunOptions(resume=first.run.id, layers=("policy",)))
    assert "was started with cadence commit" in exc.value.message
    again = run(suite, store=db, options=RunOptions(resume=first.run.id, progress=False))
    assert server.requests == []
    assert again.gate.not_run == first.gate.not_run


def test_export_and_load_carry_the_selection(tmp_path: Path, server: OpenAIServer) -> None:
    suite = project(tmp_path, server.base_url)
    db, other = tmp_path / "runs.db", tmp_path / "other.db"
    first = run(suite, store=db, options=RunOptions(cadence="commit", progress=False))
    file = tmp_path / "run.jsonl.gz"
    assert invoke("export", first.run.id, "-o", str(file), "--store", str(db))[0] == 0
    assert invoke("load", str(file), "--store", str(other))[0] == 0
    with Store.open(other) as store:
        loaded = store.get_run(first.run.id)
    assert selection_of(loaded.config) == selection_of(first.run.config)
    assert loaded.summary is not None and loaded.summary["gate"]["not_run"] == first.gate.not_run
    code, out, _ = invoke("show", first.run.id, "--store", str(other))
    assert "policy: decided on deterministic checks only" in out


def test_the_html_report_shows_what_was_not_run(tmp_path: Path, server: OpenAIServer) -> None:
    suite = project(tmp_path, server.base_url)
    db = str(tmp_path / "runs.db")
    first = run(
        suite,
        store=db,
        options=RunOptions(checks=("smoke",), cadence="commit", progress=False),
    )
    html = tmp_path / "report.html"
    code, out, err = invoke("report", first.run.id, "-o", str(html), "--store", db)
    assert code == 0, out + err
    page = html.read_text(encoding="utf-8")
    assert 'data-layer="outcome" data-status="not_run"' in page
    assert "none of its checks was run" in page
    assert "not run: 2 checks not run (cadence commit; not among --checks smoke)" in page
    assert "the gate decided on what ran" in page


def test_junit_names_a_layer_that_was_not_run(tmp_path: Path, server: OpenAIServer) -> None:
    suite = project(tmp_path, server.base_url)
    xml = tmp_path / "junit.xml"
    code, out, err = invoke(
        "run",
        str(suite),
        "--checks",
        "smoke",
        "--cadence",
        "commit",
        "--junit",
        str(xml),
        "--store",
        str(tmp_path / "runs.db"),
    )
    assert code == 0, out + err
    text = xml.read_text(encoding="utf-8")
    assert 'message="not run: 2 checks not run (cadence commit; not among --checks smoke)' in text


def test_tags_beside_a_shorthand_check_point_to_the_long_form(tmp_path: Path) -> None:
    entry = "  - no_loops: {max_repeats: 2}\n    tags: [smoke]\n"
    suite = project(tmp_path, "http://127.0.0.1:9/v1", extra=entry)
    code, out, err = invoke("run", str(suite), "--store", str(tmp_path / "runs.db"))
    assert code == 2, out + err
    said = " ".join(err.split())
    assert "unknown field 'checks.5.no_loops'" in said
    assert "with tags beside it, write the check in the long form: - check: no_loops" in said
