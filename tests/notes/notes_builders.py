"""Builders of the notes tests: a store with a run whose trials called tools, and the CLI."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.store import Store
from fourfold.trace import ToolCall, Trace
from tests.helpers.store_builders import make_run, make_trial

RUN = "20261201-090000-a1b2c3"
OTHER = "20261201-100000-d4e5f6"


def invoke(*args: str, code: int = 0) -> str:
    """Run the CLI; assert its exit code; return what it printed (stdout, then stderr)."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.output + (result.stderr if result.stderr_bytes else "")


def make_store(target: str | Path) -> None:
    """Two runs: RUN with cases c1-c4 (c1 with two repeats) whose agent called tools."""
    with Store.open(target) as store:
        store.create_run(make_run(RUN, config={"repeats": 2}))
        store.create_run(make_run(OTHER))
        calls = [ToolCall(name="search_kb"), ToolCall(name="lookup_account")]
        for case in ("c1", "c2", "c3", "c4"):
            for repeat in (0, 1) if case == "c1" else (0,):
                trace = Trace(output=f"answer to {case}", tool_calls=calls)
                store.save_trial(RUN, make_trial(case, repeat, trace=trace))
        store.save_trial(OTHER, make_trial("c1"))
