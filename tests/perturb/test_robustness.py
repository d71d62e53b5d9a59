"""The robustness report: variants against their originals, through the API and the CLI."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.cases import Case
from fourfold.robustness import robustness
from fourfold.runs import RunData
from fourfold.stats import bootstrap_ci, paired_difference
from tests.helpers.store_builders import make_result, make_run, make_trial

EXAMPLE = Path(__file__).parents[2] / "examples" / "support"


def case(case_id: str, original: str | None = None, kind: str = "typos") -> Case:
    link = {} if original is None else {"perturbation": {"kind": kind, "original": original}}
    return Case(id=case_id, input=case_id, metadata=link)


def run_of(outcomes: dict[str, list[str]], cases: list[Case]) -> RunData:
    """Trials from per-case outcome statuses (one per repeat), all passing policy."""
    trials = [
        make_trial(
            case_id,
            repeat,
            results=[make_result("right", "outcome", status), make_result("pii", "policy")],
        )
        for case_id, statuses in outcomes.items()
        for repeat, status in enumerate(statuses)
    ]
    return RunData(make_run(), cases, trials)


CASES = [
    case("a"),
    case("a~typos-1", "a"),
    case("a~case-1", "a", "case"),
    case("b"),
    case("b~typos-1", "b"),
    case("c"),
    case("c~typos-1", "c"),
    case("lost~typos-1", "gone"),
]
OUTCOMES = {
    "a": ["pass", "pass"],
    "a~typos-1": ["fail", "fail"],  # flips
    "a~case-1": ["pass", "fail"],  # half: holds
    "b": ["fail", "fail"],
    "b~typos-1": ["fail", "pass"],  # half passes: the verdict turns to pass, a flip
    "c": ["pass", "pass"],
    "c~typos-1": ["pass", "pass"],
    "lost~typos-1": ["pass"],
}


def test_pass_rates_difference_robustness_and_flips_per_layer_and_kind() -> None:
    report = robustness(run_of(OUTCOMES, CASES), seed=3)
    assert (report.originals, report.variants, report.unpaired) == (3, 4, ["lost~typos-1"])
    outcome = report.layer("outcome")
    assert outcome is not None
    overall = outcome.overall
    assert (overall.n_originals, overall.n_variants, overall.flips) == (3, 4, 2)
    # the difference is paired by original: a's variants pooled (1 of 4 repeats passed)
    rng = np.random.default_rng(3)
    expected = paired_difference(
        {"a": [1, 1], "b": [0, 0], "c": [1, 1]},
        {"a": [0, 0, 1, 0], "b": [0, 1], "c": [1, 1]},
        rng=rng,
    )
    assert overall.difference == expected
    assert overall.robustness == bootstrap_ci([0.0, 0.0, 1.0], rng=rng)
    assert overall.robustness.estimate == 1 / 3
    kinds = {k.kind: k for k in outcome.kinds}
    assert list(kinds) == ["typos", "case"]
    assert kinds["case"].robustness.estimate == 1.0 and kinds["case"].flips == 0
    assert kinds["typos"].difference.base_mean == 2 / 3
    flips = [(f.variant, f.layer, f.direction) for f in report.flips]
    assert flips == [("a~typos-1", "outcome", "pass→fail"), ("b~typos-1", "outcome", "fail→pass")]
    policy = report.layer("policy")
    assert policy is not None and policy.overall.robustness.estimate == 1.0
    assert policy.overall.difference.diff == 0.0


def test_the_same_seed_gives_the_same_report_and_no_variant_gives_an_empty_one() -> None:
    data = run_of(OUTCOMES, CASES)
    assert robustness(data, seed=1) == robustness(data, seed=1)
    plain = robustness(run_of({"a": ["pass"]}, [case("a")]))
    assert (plain.layers, plain.flips, plain.variants) == ([], [], 0)


@pytest.mark.slow
def test_a_run_over_the_perturbed_example_shows_what_typos_break(tmp_path: Path) -> None:
    """The support example's v1 matches keywords: typos flip its outcome, casing does not."""
    for name in ("suite.robustness.yaml", "support_agent.py", "cases.perturbed.jsonl"):
        shutil.copy(EXAMPLE / name, tmp_path / name)
    shutil.copytree(EXAMPLE / "data", tmp_path / "data")
    store = str(tmp_path / "runs.db")
    picked = ["refund-damaged-kettle", "refund-broken-vase", "return-window"]
    ids = [c for p in picked for c in (p, f"{p}~typos-1", f"{p}~case-1", f"{p}~whitespace-1")]
    runner = CliRunner()
    args = ["run", str(tmp_path / "suite.robustness.yaml"), "--agent", "v1", "--store", store]
    result = runner.invoke(cli, [*args, *(x for i in ids for x in ("--case", i))])
    assert result.exit_code == 0, result.output
    shown = runner.invoke(cli, ["robustness", "latest", "--store", store])
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.output.split())
    assert "9 variants of 3 cases" in text
    assert "refund-damaged-kettle~typos-1 │ typos │ outcome │ 100% → 0% pass (pass→fail)" in text
    as_json = runner.invoke(cli, ["robustness", "latest", "--store", store, "--json"])
    data = json.loads(as_json.output)
    outcome = next(r for r in data["layers"] if r["layer"] == "outcome")
    kinds = {k["kind"]: k for k in outcome["kinds"]}
    assert kinds["case"]["flips"] == 0
    assert kinds["typos"]["flips"] >= 1
    assert kinds["typos"]["difference"]["diff"] < 0
    show = runner.invoke(cli, ["show", "latest", "--store", store])
    assert "robustness to wording (9 variants of 3 cases): outcome " in " ".join(
        show.output.split()
    )
    html = tmp_path / "report.html"
    written = runner.invoke(cli, ["report", "latest", "--store", store, "-o", str(html)])
    assert written.exit_code == 0, written.output
    page = html.read_text(encoding="utf-8")
    assert '<section id="robustness">' in page
    assert 'data-layer="outcome" data-kind="case"' in page
    assert 'data-variant="refund-damaged-kettle~typos-1"' in page


def test_the_example_robustness_suite_is_the_support_suite_over_the_perturbed_cases() -> None:
    import yaml

    base = yaml.safe_load((EXAMPLE / "suite.yaml").read_text(encoding="utf-8"))
    other = yaml.safe_load((EXAMPLE / "suite.robustness.yaml").read_text(encoding="utf-8"))
    assert other.pop("cases") == "cases.perturbed.jsonl"
    assert other.pop("name") == "support-robustness"
    del base["cases"], base["name"]
    assert other == base


def test_show_says_nothing_of_robustness_for_a_run_without_variants(tmp_path: Path) -> None:
    store = str(tmp_path / "runs.db")
    runner = CliRunner()
    args = ["run", str(EXAMPLE / "suite.yaml"), "--agent", "v1", "--store", store]
    assert runner.invoke(cli, [*args, "--case", "refund-damaged-kettle"]).exit_code == 0
    show = runner.invoke(cli, ["show", "latest", "--store", store])
    assert show.exit_code == 0 and "robustness to wording" not in show.output
    # The reliability panel's card says why it has no figure.
    assert "no perturbed variants in this run" in " ".join(show.output.split())
