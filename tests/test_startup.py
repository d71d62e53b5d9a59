"""Fast to start: ``import fourfold`` and ``fourfold --help`` load none of the heavy libraries.

Each check runs a fresh interpreter, since this one has imported everything already, and
reads ``sys.modules`` after the import or the command. The heavy libraries are loaded where
they are used: a suite that runs loads what it needs, a help text loads nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

from fourfold._cli import COMMANDS, cli
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

pytestmark = pytest.mark.slow

HEAVY = ("scipy", "numpy", "sqlalchemy", "aiohttp", "jinja2", "jsonschema")
"""Libraries that cost 0.05-1 s each to import and that `import fourfold` must not load."""

ALSO_UNNEEDED = ("rich", "pydantic", "httpx", "yaml")
"""Lighter, but nothing a bare import or the command list needs either."""


def python(code: str, *, cwd: Path | None = None) -> str:
    """Run `code` in a new interpreter; its standard output (it must exit 0)."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def loaded_after(code: str) -> list[str]:
    """The top-level packages of `HEAVY` and `ALSO_UNNEEDED` loaded after running `code`."""
    probe = (
        "import sys\n"
        f"{code}\n"
        "import json\n"
        f"print(json.dumps(sorted(m for m in {HEAVY + ALSO_UNNEEDED!r} if m in sys.modules)))"
    )
    loaded: list[str] = json.loads(python(probe).strip().splitlines()[-1])
    return loaded


def run_cli(*args: str) -> str:
    """Code that runs ``fourfold ARGS`` in the probe's interpreter, output discarded."""
    return (
        "import contextlib, io\n"
        "from fourfold._cli import main\n"
        f"sys.argv = ['fourfold', *{list(args)!r}]\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        "        main()\n"
        "    except SystemExit as exc:\n"
        "        assert exc.code in (0, None), exc.code\n"
    )


def test_import_fourfold_loads_no_heavy_library() -> None:
    assert loaded_after("import fourfold") == []


def test_a_value_type_loads_no_heavy_library() -> None:
    # What a check author imports: cases, traces, the decorator and the verdicts.
    loaded = loaded_after("from fourfold import Case, Trace, check, failed, passed")
    assert not set(loaded) & set(HEAVY)


def test_loading_a_suite_loads_no_statistics() -> None:
    # The engine and the gate are imported before a run's first call; the statistics
    # (numpy, scipy) serve only baselines and repeats, after the calls.
    loaded = loaded_after("import fourfold._engine, fourfold.gate, fourfold.suite")
    assert not set(loaded) & {"numpy", "scipy"}, loaded


def test_the_run_end_is_imported_after_the_first_call() -> None:
    # The gate's deciding and the summary serve a run's end: the preload thread imports
    # them while the calls wait, so nothing before the first call may need them.
    probe = (
        "import sys\n"
        "import fourfold._engine, fourfold.suite\n"
        "print(sorted(m for m in ('fourfold.gate', 'fourfold.summary', 'fourfold.consistency')"
        " if m in sys.modules))"
    )
    assert python(probe).strip() == "[]"


def test_fourfold_help_loads_no_heavy_library() -> None:
    assert loaded_after(run_cli("--help")) == []


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_command_help_loads_no_heavy_library(command: str) -> None:
    loaded = loaded_after(run_cli(command, "--help"))
    assert not set(loaded) & set(HEAVY), f"fourfold {command} --help loads {loaded}"


def test_the_listing_summaries_are_the_commands_own() -> None:
    """`COMMANDS` repeats each command's first sentence; it must not drift from the docstring."""
    ctx = click.Context(cli)
    for name, spec in COMMANDS.items():
        command = cli.get_command(ctx, name)
        assert command is not None, name
        assert command.name == name
        for limit in (30, 45, 74, 1_000):
            assert click.Command(name, help=spec.summary).get_short_help_str(
                limit
            ) == command.get_short_help_str(limit), (
                f"COMMANDS[{name!r}].summary differs from the command's docstring"
            )


def test_constants_written_out_for_the_help_match_the_library() -> None:
    from fourfold._cli import _generate, _import, _run
    from fourfold.generate import DEFAULT_SIMILARITY
    from fourfold.integrations import FORMATS
    from fourfold.suite import MAX_SEED

    assert _run.MAX_SEED == MAX_SEED
    assert _generate.DEFAULT_SIMILARITY == DEFAULT_SIMILARITY
    assert _import.FORMATS == FORMATS


def test_a_judge_check_resolves_without_importing_the_judges_first() -> None:
    # `import fourfold` no longer imports fourfold.judges; the name is found through the
    # package's entry point, as any other package's checks are.
    code = (
        "from fourfold.checks import create_check\n"
        "check = create_check('rubric', {'criterion': 'conciseness'})\n"
        "assert check.name == 'rubric:conciseness', check.name"
    )
    loaded_after(code)


FIRST_CONNECT_PROBE = """
import json, sys

seen = []


def hook(event, args):
    # The first socket a run connects is its first judge call.
    if event == "socket.connect" and not seen:
        seen.append(sorted(m for m in {watched!r} if m in sys.modules))


sys.addaudithook(hook)
from fourfold._cli import main

sys.argv = ["fourfold", "run", "suite.yaml", "--store", "runs.db", "--no-progress"]
try:
    main()
finally:
    print("FIRST-CONNECT " + json.dumps(seen))
    print("AT-EXIT " + json.dumps(sorted(m for m in ("numpy", "scipy") if m in sys.modules)))
"""

RUN_END = (
    "numpy",
    "fourfold.consistency",
    "fourfold.gate",
    "fourfold.summary",
    "fourfold.report._terminal",
)
"""What a run's end needs and its first call does not: the statistics across repeats,
the gate's deciding, the summary and its rendering."""


STORE = ("sqlalchemy", "fourfold.store._store", "fourfold.store._migrations", "fourfold.forecast")
"""What opening a store and making the run's forecast import: a new run with a SQLite
store opens it while its first calls wait (`fourfold._engine._opening`)."""

DETECTORS = ("fourfold.checks._policy", "fourfold.checks._pii", "fourfold.checks._trajectory")
"""Built-in deterministic checks: a suite that names none of them imports none."""

RICH = ("rich",)
"""The terminal's rendering: a run without a progress bar prints only at its end."""

REGRADE = ("fourfold._engine._regrade",)
"""Re-grading a stored run (``fourfold regrade``): a run never needs it."""

REPLAY = ("fourfold.agents._replay",)
"""Replaying recorded traces: only a suite whose agent is ``replay`` needs it."""

UNUSED_KINDS = (
    "fourfold.simulation",
    "fourfold.judges._pairwise",
    "fourfold.judges._log_odds",
    "fourfold.models._anthropic",
    "fourfold.models._mock",
    "fourfold.models._stream",
    "fourfold.agents._command",
    "fourfold.agents._process",
    "fourfold.agents._model_agent",
    "fourfold.agents._tools",
)
"""The kinds of judge, model, agent and case a suite does not name: simulated users, the
pairwise judge, Anthropic's and the mock provider, streamed replies, command and model
agents (this suite: a Python agent, a rubric judge on an OpenAI-compatible endpoint)."""


def test_a_judged_run_calls_before_its_end_and_its_store_are_imported(tmp_path: Path) -> None:
    # A whole `fourfold run` process, repeats and a judge: the interpreter runs one thread
    # at a time, so what the end needs (see PreloadOnce) and the store (see StoreOpening)
    # must wait until the calls wait. The agent is a coroutine: a plain function runs in a
    # thread the loop waits on, an idle loop by `_idle`'s measure once the thread takes more
    # than a few milliseconds (as on a loaded machine), and the store would rightly begin then.
    def rubric(body: dict[str, object]) -> Reply:
        return chat_reply(json.dumps({"evidence": "Done.", "rationale": "r", "score": 3}))

    (tmp_path / "agent.py").write_text("async def answer(case):\n    return 'Done.'\n")
    (tmp_path / "cases.jsonl").write_text(
        "".join(json.dumps({"id": f"c{i}", "input": f"q{i}"}) + "\n" for i in range(3))
    )
    with OpenAIServer(rubric) as server:
        (tmp_path / "suite.yaml").write_text(
            "name: judged\nagent: {python: 'agent:answer'}\ncases: cases.jsonl\nrepeats: 2\n"
            f"models:\n  judge: {{model: 'openai-compatible/j', base_url: '{server.base_url}', "
            "api_key_env: ''}\nchecks:\n  - rubric: {criterion: conciseness}\n"
        )
        out = python(
            FIRST_CONNECT_PROBE.format(
                watched=RUN_END + STORE + DETECTORS + RICH + REGRADE + REPLAY + UNUSED_KINDS
            ),
            cwd=tmp_path,
        )
        calls = len(server.requests)
    assert calls == 6  # one judge call a trial
    [line] = [x for x in out.splitlines() if x.startswith("FIRST-CONNECT ")]
    assert json.loads(line.removeprefix("FIRST-CONNECT ")) == [[]]
    assert "deploy" in out.lower()  # and the run was stored, gated and summarized
    # With repeats and no baseline, nothing in the run needs arrays: its consistency, gate
    # and summary (rubric tables included) are plain Python.
    [line] = [x for x in out.splitlines() if x.startswith("AT-EXIT ")]
    assert json.loads(line.removeprefix("AT-EXIT ")) == []


def test_the_command_line_spares_its_start_up_heap_the_collector() -> None:
    # What `_collector` promises, read from outside: a command runs with a raised young
    # threshold and leaves its heap frozen for the interpreter's shutdown.
    probe = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print(gc.get_threshold()[0], gc.get_freeze_count() > 1000))\n"
        "from fourfold._cli import main\n"
        "sys.argv = ['fourfold', 'runs', '--help']\n"
        "main()\n"
    )
    from fourfold._cli._collector import START_THRESHOLD

    assert python(probe).split()[-2:] == [str(START_THRESHOLD), "True"]
