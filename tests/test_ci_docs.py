"""docs/ci.md: its workflows are valid YAML and every fourfold command in them is real."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import click
import pytest
import yaml

from fourfold._cli import cli

DOC = Path(__file__).resolve().parent.parent / "docs" / "ci.md"
TEXT = DOC.read_text(encoding="utf-8")
WORKFLOWS = re.findall(r"^```yaml\n(.*?)^```", TEXT, flags=re.S | re.M)


def _shell_lines(node: Any) -> list[str]:
    """Every string in a workflow that holds a shell command."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [line for item in node for line in _shell_lines(item)]
    if isinstance(node, dict):
        return [
            line for key, v in node.items() if key in {"run", "script"} for line in _shell_lines(v)
        ] + [line for v in node.values() if isinstance(v, dict | list) for line in _shell_lines(v)]
    return []


def _fourfold_commands(script: str) -> list[list[str]]:
    """The ``fourfold ...`` invocations in a shell script, each as its words."""
    joined = script.replace("\\\n", " ")
    commands = []
    for match in re.finditer(r"(?:^|[;|&(]\s*|\$\()\s*(fourfold\s[^|;&)\n]*)", joined, flags=re.M):
        words = shlex.split(match.group(1), posix=True)
        commands.append(words)
    return commands


def test_the_page_has_a_github_and_a_gitlab_workflow() -> None:
    assert len(WORKFLOWS) == 2
    github, gitlab = (yaml.safe_load(w) for w in WORKFLOWS)
    assert set(github["jobs"]) == {"evaluate"}
    assert "fourfold" in gitlab


@pytest.mark.parametrize("index", range(len(WORKFLOWS)))
def test_every_fourfold_command_is_real_with_real_options(index: int) -> None:
    workflow = yaml.safe_load(WORKFLOWS[index])
    commands = [c for line in _shell_lines(workflow) for c in _fourfold_commands(line)]
    assert {c[1] for c in commands} >= {"run", "runs", "report"}, commands
    ctx = click.Context(cli)
    for words in commands:
        command = cli.get_command(ctx, words[1])
        assert command is not None, words
        known = {o for p in command.params for o in [*p.opts, *p.secondary_opts]}
        given = {w for w in words[2:] if w.startswith("-") and not w.startswith("-$")}
        assert given <= known, (words, given - known)
        choices = {
            o: p.type.choices
            for p in command.params
            if isinstance(p.type, click.Choice)
            for o in getattr(p, "opts", [])
        }
        for option, value in zip(words, words[1:], strict=False):
            if option in choices and not value.startswith("$"):
                assert value in choices[option], (words, option, value)
