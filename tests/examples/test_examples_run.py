"""The bundled examples through the real runner, store and gate, as `make demo` runs them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold._engine import RunOptions, run
from fourfold.compare import compare
from fourfold.store import Store, load_run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    return Store.open(tmp_path_factory.mktemp("demo") / "runs.db")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("example", "agent", "decision", "failing"),
    [
        ("support", "v1", "deploy", set()),
        ("support", "v2", "block", {"trajectory", "grounding", "policy"}),
        ("shop", "v1", "deploy", set()),
        ("shop", "v2", "block", {"outcome", "trajectory", "grounding", "policy"}),
        ("quickstart", "v1", "deploy", set()),
        ("quickstart", "v2", "block", {"trajectory", "grounding", "policy"}),
    ],
)
def test_example_gate(
    store: Store, example: str, agent: str, decision: str, failing: set[str]
) -> None:
    outcome = run(
        EXAMPLES / example / "suite.yaml",
        store=store,
        options=RunOptions(agent=agent, progress=False),
    )
    assert outcome.gate.decision == decision, outcome.gate.reasons
    assert {v.layer for v in outcome.gate.layers if v.status == "fail"} == failing
    assert outcome.gate.errored_trials == 0
    if example != "quickstart":
        assert len(outcome.trials) >= 40 * 3


@pytest.mark.slow
def test_same_seed_same_results_and_compare_names_the_layers(store: Store, tmp_path: Path) -> None:
    suite = EXAMPLES / "support" / "suite.yaml"
    first = run(suite, store=store, options=RunOptions(agent="v2", progress=False))
    again = run(suite, store=store, options=RunOptions(agent="v2", progress=False))

    def fingerprint(trials: list) -> list:  # type: ignore[type-arg]
        return [
            (t.case_id, t.repeat, t.trace.output, [(r.check, r.status) for r in t.results])
            for t in trials
        ]

    assert fingerprint(first.trials) == fingerprint(again.trials)
    # repeats of a case differ, as a real agent's do
    outputs: dict[str, set[str | None]] = {}
    for t in first.trials:
        outputs.setdefault(t.case_id, set()).add(t.trace.output if t.trace else None)
    assert sum(len(v) > 1 for v in outputs.values()) >= 10

    base = run(suite, store=store, options=RunOptions(agent="v1", progress=False))
    cmp = compare(load_run(store, base.run.id), load_run(store, first.run.id))
    moved = {d.layer for d in cmp.layers if d.regressed}
    assert {"trajectory", "grounding", "policy"} <= moved
    assert cmp.flips[0].direction == "regressed" and cmp.flips[0].layer == "policy"

    db = str(tmp_path / "cli.db")
    runner = CliRunner()
    for agent in ("v1", "v2"):
        runner.invoke(cli, ["run", str(suite), "--agent", agent, "--store", db, "--no-progress"])
    result = runner.invoke(cli, ["compare", "latest", "latest", "--store", db])
    with Store.open(db) as s:
        v2, v1 = s.list_runs()
    # a run against itself: nothing moved, so the word is the run's own gate's (v2 blocks)
    own = (v2.summary or {})["gate"]["decision"]
    assert own == "block"
    assert result.exit_code == 1, result.output
    assert "the candidate's own gate says block" in " ".join(result.output.split())
    result = runner.invoke(cli, ["compare", v1.id, v2.id, "--store", db])
    # v2 regresses in critical layers beyond noise: compare blocks (exit 1)
    assert result.exit_code == 1, result.output
    assert "regressions first" in result.stdout and "policy" in result.stdout
