"""The bundled example suites behave as their README says.

Each suite is run here the way the runner will run it, without the runner: cases and
resources are loaded, every agent version is called directly with a `Recorder` for each
case and repeat, every check of the suite file is built with `create_check`, and the
per-layer pass rates are judged against the suite's gate. v1 must deploy; v2 must block,
with the failing layers named, and show each of its failure modes.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from fourfold.agents import Recorder
from fourfold.cases import Case, load_cases
from fourfold.checks import LAYERS, Check, CheckContext, CheckResult, create_check
from fourfold.resources import Resources, load_resource
from fourfold.trace import Trace

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SUITES = ["support", "shop"]


# ------------------------------------------------------------------ running a suite


@dataclass(frozen=True)
class Suite:
    name: str
    config: dict[str, Any]
    cases: list[Case]
    resources: Resources
    checks: list[Check]
    module: ModuleType


@dataclass(frozen=True)
class TrialRun:
    case: Case
    repeat: int
    trace: Trace
    results: list[CheckResult]

    def layer_status(self, layer: str) -> str:
        """Like the gate: fail if any result fails, else error, else pass, else skip."""
        statuses = {r.status for r in self.results if r.layer == layer}
        for status in ("fail", "error", "pass"):
            if status in statuses:
                return status
        return "skip"

    def failed(self, check: str) -> bool:
        return any(r.check == check and r.status == "fail" for r in self.results)


@dataclass(frozen=True)
class LayerRate:
    passed: int
    failed: int
    errors: int

    @property
    def rate(self) -> float:
        return self.passed / (self.passed + self.failed)


def _import(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _check_entries(raw: list[Any]) -> list[dict[str, Any]]:
    """The suite's checks in the long form (the shorthand is ``- name: {args}``)."""
    entries = []
    for item in raw:
        if "check" in item:
            entries.append(item)
        else:
            ((name, args),) = item.items()
            entries.append({"check": name, "args": args or {}})
    return entries


@cache
def load(name: str) -> Suite:
    folder = EXAMPLES / name
    config = yaml.safe_load((folder / "suite.yaml").read_text(encoding="utf-8"))
    files = [config["cases"]] if isinstance(config["cases"], str) else config["cases"]
    cases = [case for file in files for case in load_cases(folder / file)]
    resources = Resources(
        {
            rname: load_resource(rname, folder / spec["path"], key=spec.get("key", "id"))
            for rname, spec in config.get("resources", {}).items()
        }
    )
    checks = [
        create_check(e["check"], e.get("args", {}), layer=e.get("layer"), label=e.get("name"))
        for e in _check_entries(config["checks"])
    ]
    modules = {spec["python"].split(":")[0] for spec in config["agents"].values()}
    assert len(modules) == 1, "both versions live in one module"
    (module_name,) = modules
    module = _import(folder / f"{module_name}.py", f"fourfold_example_{name}_{module_name}")
    return Suite(name, config, cases, resources, checks, module)


def _as_trace(value: Any, rec: Recorder) -> Trace:
    """What the python adapter makes of an agent's answer: the examples return the output
    and the structured answer, and the recording supplies the rest (calls, passages, usage)."""
    if isinstance(value, str):
        return rec.to_trace(output=value)
    assert isinstance(value, dict), f"an agent returned {type(value).__name__}"
    assert set(value) <= {"output", "structured"}, sorted(value)
    return rec.to_trace(output=value.get("output"), structured=value.get("structured"))


def agent(suite: Suite, version: str) -> Callable[[Case, Recorder], Any]:
    _, function = suite.config["agents"][version]["python"].split(":")
    fn: Callable[[Case, Recorder], Any] = getattr(suite.module, function)
    return fn


def run_uncached(name: str, version: str, seed: int | None = None) -> list[TrialRun]:
    suite = load(name)
    fn = agent(suite, version)
    seed = suite.config["seed"] if seed is None else seed
    trials = []
    for case in suite.cases:
        for repeat in range(suite.config["repeats"]):
            rec = Recorder(case, seed=seed, repeat=repeat)
            with rec.active():
                trace = _as_trace(fn(case, rec), rec)
            ctx = CheckContext(case=case, trace=trace, resources=suite.resources)
            results = [check.run(ctx) for check in suite.checks]
            trials.append(TrialRun(case, repeat, trace, results))
    return trials


run = cache(run_uncached)


def layer_rates(trials: list[TrialRun]) -> dict[str, LayerRate]:
    rates = {}
    for layer in LAYERS:
        statuses = [t.layer_status(layer) for t in trials]
        rates[layer] = LayerRate(
            statuses.count("pass"), statuses.count("fail"), statuses.count("error")
        )
    return rates


def gate(name: str, trials: list[TrialRun]) -> tuple[str, list[str]]:
    """The decision and the failing layers, by the rules of the suite's ``gate:``."""
    rules = load(name).config["gate"]
    rates = layer_rates(trials)
    decision, failing = "deploy", []
    for layer in LAYERS:
        rule, rate = rules[layer], rates[layer]
        broken = (rule.get("hard") and rate.failed > 0) or (
            "min_pass_rate" in rule and rate.rate < rule["min_pass_rate"]
        )
        if broken:
            failing.append(layer)
            if rule.get("critical", True):
                decision = "block"
            elif decision == "deploy":
                decision = "review"
    return decision, failing


# ------------------------------------------------------------------ the data


def test_support_data_is_the_size_the_readme_says() -> None:
    suite = load("support")
    assert len(suite.cases) >= 40
    assert 15 <= len(suite.resources["policies"]) <= 30
    assert len(suite.resources["accounts"]) >= 20
    categories = {c.strata["category"] for c in suite.cases}
    assert {"refunds", "returns", "shipping", "billing", "account", "privacy"} <= categories
    assert {c.strata["difficulty"] for c in suite.cases} == {"easy", "medium", "hard"}
    refusals = [c for c in suite.cases if "must_refuse" in c.tags]
    assert len(refusals) >= 5
    assert all(c.ground_truth["action"] == "refuse" for c in refusals)
    for case in suite.cases:
        assert case.expected and case.focus, case.id
        for section in case.ground_truth["sections"]:
            assert section in suite.resources["policies"], (case.id, section)


def test_shop_data_is_the_size_the_readme_says() -> None:
    suite = load("shop")
    assert len(suite.resources["catalog"]) >= 150
    assert len(suite.cases) >= 40
    fields = set(suite.resources["catalog"].records[0])
    for case in suite.cases:
        constraints = case.ground_truth["constraints"]
        assert set(constraints) <= fields, case.id
        assert case.expected and case.focus, case.id
        # the focus names the catalog fields the evaluator must look at
        assert all(field in case.focus for field in constraints), case.id


def test_the_catalog_is_what_make_catalog_writes() -> None:
    script = _import(EXAMPLES / "shop" / "make_catalog.py", "fourfold_example_make_catalog")
    written = (EXAMPLES / "shop" / "data" / "catalog.jsonl").read_text(encoding="utf-8")
    assert [json.loads(line) for line in written.splitlines()] == script.build()


@pytest.mark.parametrize("case", load("shop").cases, ids=lambda c: c.id)
def test_every_shop_query_has_several_right_answers_and_tempting_wrong_ones(case: Case) -> None:
    suite = load("shop")
    (match,) = [c for c in suite.checks if c.spec.name == "catalog_match"]
    good = []
    for product in suite.resources["catalog"].records:
        trace = Trace(output="", structured={"intro": "", "items": [product["id"]]})
        ctx = CheckContext(case=case, trace=trace, resources=suite.resources)
        if match.run(ctx).is_pass:
            good.append(product)
    assert len(good) >= 3
    same_type = [
        p for p in suite.resources["catalog"].records
        if p["product_type"] in str(case.ground_truth["constraints"]["product_type"])
    ]  # fmt: skip
    assert len(same_type) > len(good), "some products of the right type must be wrong"


# ------------------------------------------------------------------ the verdicts


@pytest.mark.slow  # two whole example suites run
@pytest.mark.parametrize("name", SUITES)
def test_every_check_decides(name: str) -> None:
    for version in ("v1", "v2"):
        errors = [
            (t.case.id, r.check, r.explanation)
            for t in run(name, version)
            for r in t.results
            if r.status == "error"
        ]
        assert errors == []


@pytest.mark.parametrize("name", SUITES)
def test_v1_deploys(name: str) -> None:
    trials = run(name, "v1")
    rates = layer_rates(trials)
    for layer in LAYERS:
        failures = [
            (t.case.id, t.repeat, [r.explanation for r in t.results if r.status == "fail"])
            for t in trials
            if t.layer_status(layer) == "fail"
        ]
        assert failures == [], layer
        assert rates[layer].passed > 0, f"no check decides the {layer} layer"
    assert gate(name, trials) == ("deploy", [])


@pytest.mark.parametrize(
    ("name", "failing"),
    [
        ("support", ["trajectory", "grounding", "policy"]),
        ("shop", ["outcome", "trajectory", "grounding", "policy"]),
    ],
)
def test_v2_blocks_and_names_the_failing_layers(name: str, failing: list[str]) -> None:
    trials = run(name, "v2")
    assert gate(name, trials) == ("block", failing)
    rates = layer_rates(trials)
    for layer in ("trajectory", "grounding", "policy"):
        # a meaningful share, not one unlucky trial
        assert 1 - rates[layer].rate >= 0.1, (layer, rates[layer])


@pytest.mark.parametrize(
    ("name", "check", "at_least"),
    [
        ("support", "tool_order", 3),  # refunds before looking the account up
        ("support", "cited_ids_exist", 3),  # cites a section that does not exist
        ("support", "no_pii", 3),  # reads a phone number out
        ("support", "no_loops", 3),  # the same search three times
        ("support", "max_length", 3),  # about four times as long
        ("support", "no_promises", 3),  # "I guarantee..."
        ("support", "values_grounded", 1),  # another customer's phone, never retrieved
        ("shop", "catalog_match", 30),  # long, imprecise lists
        ("shop", "max_length", 30),  # a paragraph of intro
        ("shop", "max_calls", 3),  # searches again and again
        ("shop", "cited_ids_exist", 3),  # a "top pick" it never retrieved
        ("shop", "forbidden_phrases", 3),  # "the best prices"
    ],
)
def test_v2_shows_each_failure_mode(name: str, check: str, at_least: int) -> None:
    failing = [t for t in run(name, "v2") if t.failed(check)]
    assert len(failing) >= at_least
    assert not any(t.failed(check) for t in run(name, "v1"))


def test_v2_support_failures_are_spread_over_trials_not_cases() -> None:
    trials = run("support", "v2")
    mixed = 0
    for case in load("support").cases:
        statuses = {t.layer_status("policy") for t in trials if t.case.id == case.id}
        mixed += statuses == {"pass", "fail"}
    assert mixed >= 10, "the failure modes are drawn per trial, so repeats disagree"


def test_v2_support_still_gets_most_outcomes_right() -> None:
    # the point of the example: the outcome alone would not catch v2
    assert layer_rates(run("support", "v2"))["outcome"].rate >= 0.8


def test_cost_budget_has_room_for_v1_and_not_for_v2_at_its_worst() -> None:
    budget = load("support").config["checks"]
    usd = next(c["max_cost"]["usd"] for c in budget if "max_cost" in c)
    v1 = max(t.trace.usage.cost_usd or 0 for t in run("support", "v1"))
    v2 = max(t.trace.usage.cost_usd or 0 for t in run("support", "v2"))
    assert v1 < 0.9 * usd < usd < v2


# ------------------------------------------------------------------ reproducibility


@pytest.mark.parametrize("name", SUITES)
@pytest.mark.parametrize("version", ["v1", "v2"])
def test_a_seed_reproduces_a_run(name: str, version: str) -> None:
    def fingerprint(trials: list[TrialRun]) -> list[Any]:
        return [
            (t.trace.output, t.trace.structured, [c.signature() for c in t.trace.tool_calls])
            for t in trials
        ]

    assert fingerprint(run_uncached(name, version)) == fingerprint(run(name, version))


@pytest.mark.parametrize("name", SUITES)
def test_repeats_and_seeds_vary_the_wording(name: str) -> None:
    trials = run(name, "v1")
    by_case: dict[str, set[str | None]] = {}
    for t in trials:
        by_case.setdefault(t.case.id, set()).add(t.trace.output)
    varied = sum(len(outputs) > 1 for outputs in by_case.values())
    assert varied >= len(by_case) // 2
    other_seed = run(name, "v1", seed=8)
    assert [t.trace.output for t in other_seed] != [t.trace.output for t in trials]
