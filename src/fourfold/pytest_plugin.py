"""fourfold's pytest plugin: a suite's cases become test items, one per case and layer.

Installed with fourfold (the ``pytest11`` entry point), inert until a test file uses it.
Two ways in:

* a module-level declaration in a test file::

      from fourfold.pytest_plugin import fourfold_suite

      support = fourfold_suite("suite.yaml", agent="v2")

  collects ``support[<case>-<layer>]`` items for every case of the suite and every layer
  its checks feed;

* a marked test function, parametrized the same way, whose body runs after the layer's
  verdict and may assert more on it (the ``fourfold_result`` fixture)::

      @pytest.mark.fourfold("suite.yaml", agent="v2")
      def test_support(fourfold_result):
          assert fourfold_result.trials

The suite runs once per pytest process, on the cases the selected items need (``-k``
narrows the run), the first time an item of it runs; the run is stored like any other
(``--fourfold-store``, default ``$FOURFOLD_STORE`` or ``.fourfold/fourfold.db``), against
``--fourfold-baseline`` and at ``--fourfold-cadence`` when given.

**The gate decides**, as ``fourfold run`` does. An item fails when its case failed the
layer *and* the gate failed that layer as critical (the run blocks); a case that failed a
layer whose rule still held (a pass rate above its minimum), or a non-critical layer (the
run asks for review), is an expected failure (``xfail``) whose reason says which. A case
whose every trial errored, a layer the case has no result in, and a layer no check could
decide for the case (the gate counts those apart) are skipped with the reason. Each
item's failure message lists the layer's results with their evidence. At the end a
``block`` fails the session even when no item failed (a drop against the baseline,
too many errored trials), and a ``review`` is a warning in the summary.

With pytest-xdist, use ``--dist loadscope`` (or ``loadfile``): the items of one suite then
run in one worker, which runs the suite once; with ``--dist load`` every worker that gets
an item runs the suite itself. JUnit XML carries each item's run id and decision as
properties.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .runs import CheckResult, Layer, Trial
    from .suite import LoadedSuite

__all__ = ["CaseLayerResult", "SuiteDeclaration", "fourfold_suite"]

_DECISIONS = ("deploy", "review", "block")
_PROPERTY = "fourfold_decision"


@dataclass(frozen=True)
class SuiteDeclaration:
    """A suite declared in a test file (`fourfold_suite`): what to run and how."""

    path: Path
    agent: str | None = None
    repeats: int | None = None


def fourfold_suite(
    path: str | os.PathLike[str], *, agent: str | None = None, repeats: int | None = None
) -> SuiteDeclaration:
    """Declare a suite whose cases become this file's test items.

    Args:
        path: the suite file, relative to the test file's folder (or absolute).
        agent: which of the suite's agents to run (default: its only or first one).
        repeats: override the suite's repeats.
    """
    return SuiteDeclaration(Path(path), agent=agent, repeats=repeats)


@dataclass
class CaseLayerResult:
    """What one case did in one layer: its trials' results there, and the gate's verdict."""

    case_id: str
    layer: Layer
    run_id: str
    decision: str
    """The run's gate decision: deploy, review or block."""
    trials: list[Trial]
    """The case's trials (every repeat)."""
    results: list[CheckResult] = field(default_factory=list)
    """The case's results in the layer, over its repeats."""
    status: str = "skip"
    """``pass``, ``fail``, ``error`` (a check could not decide) or ``skip`` (no result)."""
    layer_status: str = "no_data"
    """The gate's verdict on the whole layer."""
    critical: bool = True
    layer_rule: str = ""


# ---------------------------------------------------------------------- options


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("fourfold", "fourfold: agent evaluation suites as tests")
    group.addoption(
        "--fourfold-store",
        metavar="PATH|URL",
        help="The run store (default: $FOURFOLD_STORE or .fourfold/fourfold.db).",
    )
    group.addoption(
        "--fourfold-baseline",
        metavar="RUN",
        help="Gate the suites' runs against this stored run (an id, a prefix or latest).",
    )
    group.addoption(
        "--fourfold-cadence",
        choices=("commit", "scheduled"),
        help="Run only the checks of this cadence (commit: no judge is called).",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "fourfold(suite, agent=None, repeats=None): one test per case and layer of SUITE",
    )
    runs = _Runs(config)
    config.stash[_RUNS] = runs
    config.pluginmanager.register(_Verdicts(runs), "fourfold-verdicts")


# ---------------------------------------------------------------------- collection


def pytest_pycollect_makeitem(
    collector: pytest.Module | pytest.Class, name: str, obj: object
) -> pytest.Collector | None:
    if isinstance(obj, SuiteDeclaration) and isinstance(collector, pytest.Module):
        return SuiteCollector.from_parent(collector, name=name, declaration=obj)
    return None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    marker = metafunc.definition.get_closest_marker("fourfold")
    if marker is None:
        return
    declaration = _declaration(marker, Path(metafunc.definition.path).parent)
    runs: _Runs = metafunc.config.stash[_RUNS]
    suite = runs.suite(declaration, base=Path(metafunc.definition.path).parent)
    pairs = [(c.id, layer) for c in suite.cases for layer in _layers(suite)]
    metafunc.parametrize(
        "fourfold_case_layer",
        pairs,
        ids=[f"{case}-{layer}" for case, layer in pairs],
        indirect=True,
    )


@pytest.fixture
def fourfold_case_layer(request: pytest.FixtureRequest) -> tuple[str, Layer]:
    """The (case id, layer) of a test parametrized by ``@pytest.mark.fourfold``."""
    value: tuple[str, Layer] = request.param
    return value


@pytest.fixture
def fourfold_result(
    request: pytest.FixtureRequest, fourfold_case_layer: tuple[str, Layer]
) -> CaseLayerResult:
    """The case's result in the layer; the layer's verdict is applied before the test runs."""
    marker = request.node.get_closest_marker("fourfold")
    base = Path(request.node.path).parent
    declaration = _declaration(marker, base)
    runs: _Runs = request.config.stash[_RUNS]
    case_id, layer = fourfold_case_layer
    result = runs.result(declaration, base, case_id, layer, wanted=_wanted(request.session))
    request.node.user_properties.append((_PROPERTY, result.decision))
    request.node.user_properties.append(("fourfold_run", result.run_id))
    request.node.stash[_RESULT] = result
    return result


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A marked test's body runs after its layer's verdict, which may end it first."""
    result = item.stash.get(_RESULT, None)
    if result is not None:
        _apply(result)
    return (yield)


def _declaration(marker: pytest.Mark | None, base: Path) -> SuiteDeclaration:
    if marker is None or not marker.args:
        raise pytest.UsageError(
            "@pytest.mark.fourfold needs the suite file: @pytest.mark.fourfold('suite.yaml')"
        )
    return SuiteDeclaration(
        Path(marker.args[0]),
        agent=marker.kwargs.get("agent"),
        repeats=marker.kwargs.get("repeats"),
    )


class SuiteCollector(pytest.Collector):
    """The items of a declared suite: one per case and layer."""

    def __init__(self, *, declaration: SuiteDeclaration, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.declaration = declaration

    def collect(self) -> Iterator[pytest.Item]:
        runs: _Runs = self.config.stash[_RUNS]
        suite = runs.suite(self.declaration, base=Path(self.path).parent)
        for case in suite.cases:
            for layer in _layers(suite):
                yield LayerItem.from_parent(
                    self, name=f"{case.id}-{layer}", case_id=case.id, layer=layer
                )


class LayerItem(pytest.Item):
    """One case in one layer of a declared suite."""

    def __init__(self, *, case_id: str, layer: Layer, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case_id = case_id
        self.layer = layer

    @property
    def declaration(self) -> SuiteDeclaration:
        parent = self.parent
        assert isinstance(parent, SuiteCollector)
        return parent.declaration

    def runtest(self) -> None:
        runs: _Runs = self.config.stash[_RUNS]
        result = runs.result(
            self.declaration,
            Path(self.path).parent,
            self.case_id,
            self.layer,
            wanted=_wanted(self.session),
        )
        self.user_properties.append((_PROPERTY, result.decision))
        self.user_properties.append(("fourfold_run", result.run_id))
        _apply(result)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return Path(self.path), None, f"fourfold: {self.name}"


def _apply(result: CaseLayerResult) -> None:
    """Pass, fail, xfail or skip the running test as the gate reads the case in the layer."""
    if result.status == "skip":
        reason = "every trial of the case errored" if _all_errored(result) else "no result"
        pytest.skip(f"{result.case_id} in {result.layer}: {reason}")
    if result.status == "error":  # the gate counts undecided results apart, as review
        pytest.skip(
            f"{result.case_id} in {result.layer}: no check could decide\n"
            + _failure_message(result)
        )
    if result.status == "pass":
        return
    message = _failure_message(result)
    if result.layer_status == "fail" and result.critical:
        pytest.fail(message, pytrace=False)
    if result.layer_status == "fail":
        why = "the layer failed but is not critical: the run asks for review"
    else:
        why = f"the layer's rule holds ({result.layer_rule}): the gate says {result.layer_status}"
    pytest.xfail(f"{why}\n{message}")


def _all_errored(result: CaseLayerResult) -> bool:
    return bool(result.trials) and all(t.status == "error" for t in result.trials)


def _failure_message(result: CaseLayerResult) -> str:
    lines = [
        f"{result.case_id} {result.status}s {result.layer} "
        f"(run {result.run_id}, gate: {result.decision}; layer: {result.layer_status}, "
        f"{result.layer_rule})"
    ]
    for trial in result.trials:
        for r in trial.results:
            if r.layer != result.layer or r.status == "pass":
                continue
            lines.append(f"  repeat {trial.repeat}: {r.check} {r.status}: {r.explanation}")
            lines.extend(f"    evidence: {e.text[:300]!r}" for e in r.evidence[:3])
    return "\n".join(lines)


# ---------------------------------------------------------------------- running


_RUNS = pytest.StashKey["_Runs"]()
_RESULT = pytest.StashKey[CaseLayerResult]()


def _wanted(session: pytest.Session) -> set[tuple[str, str]]:
    """The (suite file, case id) pairs the session's selected items need."""
    wanted: set[tuple[str, str]] = set()
    for item in session.items:
        if isinstance(item, LayerItem):
            wanted.add((str(_resolve(item.declaration.path, Path(item.path).parent)), item.case_id))
        elif isinstance(item, pytest.Function) and item.get_closest_marker("fourfold"):
            callspec = getattr(item, "callspec", None)
            params = callspec.params if callspec is not None else {}
            pair = params.get("fourfold_case_layer")
            marker = item.get_closest_marker("fourfold")
            if pair is not None and marker is not None and marker.args:
                suite = _resolve(Path(marker.args[0]), Path(item.path).parent)
                wanted.add((str(suite), pair[0]))
    return wanted


def _resolve(path: Path, base: Path) -> Path:
    return (path if path.is_absolute() else base / path).resolve()


def _layers(suite: LoadedSuite) -> list[Layer]:
    from .runs import LAYERS

    fed = {c.spec.layer for c in suite.checks}
    return [layer for layer in LAYERS if layer in fed]


class _Runs:
    """The suites of this pytest process: loaded once, run once."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.loaded: dict[Path, LoadedSuite] = {}
        self.outcomes: dict[tuple[Path, str | None, int | None], Any] = {}
        self.decisions: list[tuple[str, str, str]] = []

    def suite(self, declaration: SuiteDeclaration, *, base: Path) -> LoadedSuite:
        from .errors import FourfoldError
        from .suite import load_suite

        path = _resolve(declaration.path, base)
        if path not in self.loaded:
            problem = None
            try:
                self.loaded[path] = load_suite(path)
            except FourfoldError as exc:
                problem = str(exc)
            if problem is not None:  # the message, never a traceback
                pytest.fail(f"fourfold: {problem}", pytrace=False)
        return self.loaded[path]

    def result(
        self,
        declaration: SuiteDeclaration,
        base: Path,
        case_id: str,
        layer: Layer,
        *,
        wanted: set[tuple[str, str]],
    ) -> CaseLayerResult:
        from .runs import decided_in

        path = _resolve(declaration.path, base)
        key = (path, declaration.agent, declaration.repeats)
        if key not in self.outcomes:
            cases = tuple(sorted(c for s, c in wanted if s == str(path)))
            self.outcomes[key] = self._run(path, declaration, cases)
        outcome = self.outcomes[key]
        trials = [t for t in outcome.trials if t.case_id == case_id]
        results = [r for t in trials if t.status == "ok" for r in t.results if r.layer == layer]
        verdict = next(v for v in outcome.gate.layers if v.layer == layer)
        readings = list(decided_in(trials, layer))
        if any(not reading.passed for reading in readings):
            status = "fail"
        elif readings:
            status = "pass"
        else:  # no repeat decided the layer: its checks could not, or there were none
            status = "error" if any(r.status == "error" for r in results) else "skip"
        return CaseLayerResult(
            case_id=case_id,
            layer=layer,
            run_id=outcome.run.id,
            decision=outcome.gate.decision,
            trials=trials,
            results=results,
            status=status,
            layer_status=verdict.status,
            critical=verdict.critical,
            layer_rule=verdict.rule,
        )

    def _run(self, path: Path, declaration: SuiteDeclaration, cases: tuple[str, ...]) -> Any:
        from . import RunOptions, run
        from .errors import FourfoldError

        option = self.config.getoption
        options = RunOptions(
            agent=declaration.agent,
            repeats=declaration.repeats,
            case_ids=cases,
            baseline=option("--fourfold-baseline"),
            cadence=option("--fourfold-cadence"),
            progress=False,
        )
        problem = None
        try:
            outcome = run(path, store=option("--fourfold-store"), options=options)
        except FourfoldError as exc:
            problem = str(exc)
        if problem is not None:
            pytest.fail(f"fourfold: {path}: {problem}", pytrace=False)
        self.decisions.append((str(path), outcome.run.id, outcome.gate.decision))
        return outcome


# ---------------------------------------------------------------------- the session's end


class _Verdicts:
    """The suites' decisions, from the runs made here and from the items' reports.

    Under pytest-xdist the runs are made in the workers; the controller learns each
    decision from the reports of the items, which carry it as a property.
    """

    def __init__(self, runs: _Runs) -> None:
        self.runs = runs
        self.reported: set[str] = set()

    def decisions(self) -> set[str]:
        return {d for _, _, d in self.runs.decisions} | self.reported

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for name, value in report.user_properties:
            if name == _PROPERTY and value in _DECISIONS:
                self.reported.add(str(value))

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        decisions = self.decisions()
        if "block" in decisions and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        decisions = self.decisions()
        if not decisions:
            return
        terminalreporter.section("fourfold")
        for suite, run_id, decision in self.runs.decisions:
            terminalreporter.write_line(f"{suite}: run {run_id}: {decision}")
        worst = max(decisions, key=_DECISIONS.index)
        if worst == "review":
            terminalreporter.write_line(
                "warning: the gate asks for review (fourfold show RUN says why)", yellow=True
            )
        elif worst == "block":
            terminalreporter.write_line("the gate blocks: the session fails", red=True)
