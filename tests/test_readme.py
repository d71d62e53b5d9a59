"""The README's snippets are the real files and real code: they cannot drift silently."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", README, re.S)


def _block(lang: str, marker: str) -> str:
    found = [body for kind, body in BLOCKS if kind == lang and marker in body]
    assert len(found) == 1, f"expected one {lang} block containing {marker!r}"
    return found[0]


def test_suite_snippet_is_the_quickstart_suite() -> None:
    snippet = _block("yaml", "name: quickstart")
    assert snippet == (ROOT / "examples/quickstart/suite.yaml").read_text(encoding="utf-8")


def test_case_snippet_is_in_the_quickstart_cases() -> None:
    snippet = _block("yaml", "id: refund-small")
    assert snippet in (ROOT / "examples/quickstart/cases.yaml").read_text(encoding="utf-8")


def test_agent_snippet_matches_the_quickstart_agent() -> None:
    snippet = _block("python", "def v1(case: Case, rec: Recorder)")
    agent = (ROOT / "examples/quickstart/agent.py").read_text(encoding="utf-8")
    v1 = snippet[snippet.index("def v1") : snippet.index("def v2")].strip()
    assert v1 in agent


def test_custom_check_snippet_works() -> None:
    from fourfold.checks import create_check
    from tests.helpers import make_trace, run_check

    namespace: dict[str, object] = {}
    exec(_block("python", "def no_competitors"), namespace)
    chk = create_check("no_competitors", {"names": ["Acme"]})
    assert run_check(chk, trace=make_trace(output="Try ACME instead.")).status == "fail"
    assert run_check(chk, trace=make_trace(output="We can help.")).status == "pass"


@pytest.mark.slow
def test_python_api_snippet_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("FOURFOLD_STORE", str(tmp_path / "runs.db"))
    namespace: dict[str, object] = {}
    exec(_block("python", "from fourfold import RunOptions, run"), namespace)
    outcome = namespace["outcome"]
    assert outcome.gate.decision == "block"  # type: ignore[attr-defined]


def test_regrade_snippet_uses_real_commands_and_options() -> None:
    import click

    from fourfold._cli import cli

    snippet = _block("bash", "fourfold regrade RUN")
    steps = [line.split("#")[0].split() for line in snippet.splitlines()]
    commands = [words for words in steps if words[:1] == ["fourfold"]]
    assert [words[1] for words in commands] == [
        "run", "sample", "labels", "calibrate", "regrade", "calibrate", "compare"
    ]  # fmt: skip
    ctx = click.Context(cli)
    for words in commands:
        command = cli.get_command(ctx, words[1])
        assert command is not None, words
        if isinstance(command, click.Group):
            command = command.get_command(ctx, words[2])
            assert command is not None, words
        known = {o for p in command.params for o in getattr(p, "opts", [])}
        given = {w for w in words if w.startswith("-")}
        assert given <= known, (words, given - known)


def test_cadence_snippet_loads_with_the_cadences_it_states(tmp_path: Path) -> None:
    from fourfold.suite import load_suite

    snippet = _block("yaml", "cadence: commit")
    (tmp_path / "cases.jsonl").write_text('{"id": "c1", "input": "hi"}\n')
    (tmp_path / "suite.yaml").write_text(
        "name: s\nagent: {python: agent:answer}\ncases: cases.jsonl\n"
        "models: {judge: {model: openai/gpt-4.1-mini}}\n" + snippet
    )
    plans = load_suite(tmp_path / "suite.yaml").plans
    assert {name: (p.cadence, p.tags) for name, p in plans.items()} == {
        "no_pii": ("commit", ("smoke",)),
        "rubric:conciseness": ("commit", ()),
        "values_grounded": ("scheduled", ()),
    }


def test_cadence_commands_use_options_run_has() -> None:
    from click.testing import CliRunner

    from fourfold._cli import cli

    help_text = CliRunner().invoke(cli, ["run", "--help"]).output
    commands = _block("sh", "--cadence scheduled")
    for option in re.findall(r"(--[a-z-]+)", commands):
        assert option in help_text, option
    for path in re.findall(r"(examples/[\w./-]+?\.yaml)", README):
        assert (ROOT / path).is_file(), path


def test_robustness_snippet_uses_real_commands_and_options() -> None:
    import click

    from fourfold._cli import cli

    snippet = _block("bash", "fourfold perturb").replace("\\\n", " ")
    commands = [line.split() for line in snippet.splitlines() if line.startswith("fourfold")]
    assert [words[1] for words in commands] == ["perturb", "run", "robustness"]
    ctx = click.Context(cli)
    for words in commands:
        command = cli.get_command(ctx, words[1])
        assert command is not None, words
        known = {o for p in command.params for o in getattr(p, "opts", [])}
        assert {w for w in words if w.startswith("-")} <= known, words
