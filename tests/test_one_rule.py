"""One place for each rule (#11): a rule written twice drifts, so each is written once.

The tests here read src/fourfold and fail when a second copy of a rule comes back: the
per-layer tally of trials written by hand, a second movement type or pairwise score table,
a second parser of JSON in model text, a second record reader, a second ``module:attr``
parser, a second percent or count formatter. Each also checks the one copy behaves.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from fourfold.runs import CheckResult, LayerReading, Trial, decided_in, layer_values
from tests.helpers import source_tree

ROOT = source_tree.ROOT
PACKAGE = source_tree.PACKAGE
NOW = datetime(2026, 1, 1, tzinfo=UTC)


def sources() -> tuple[tuple[Path, ast.Module], ...]:
    """Every module of the package, parsed (once per test process: tests.helpers.source_tree)."""
    return source_tree.parsed()


def where(file: Path, node: ast.AST) -> str:
    return f"{file.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"


def trial(case: str, *results: CheckResult, status: str = "ok", repeat: int = 0) -> Trial:
    return Trial.model_validate(
        {
            "case_id": case,
            "repeat": repeat,
            "status": status,
            "started_at": NOW,
            "ended_at": NOW,
            "results": list(results),
        }
    )


def result(check: str, status: str, layer: str = "outcome", **metadata: object) -> CheckResult:
    return CheckResult.model_validate(
        {"check": check, "layer": layer, "status": status, "metadata": metadata}
    )


# -- 1. the per-layer tally -------------------------------------------------------------


def test_decided_in_skips_errored_and_undecided_trials() -> None:
    trials = [
        trial("a", result("x", "pass"), result("y", "fail"), result("z", "fail")),
        trial("b", result("x", "pass")),
        trial("c", result("x", "pass"), status="error"),
        trial("d", result("x", "error")),
        trial("e", result("x", "skip")),
        trial("f", result("x", "pass", layer="policy")),
    ]
    readings = list(decided_in(trials, "outcome"))
    assert [(r.trial.case_id, r.passed, r.failing) for r in readings] == [
        ("a", False, ["y", "z"]),
        ("b", True, []),
    ]
    assert [r.trial.case_id for r in decided_in(trials, "outcome", cases=["b", "c"])] == ["b"]
    assert layer_values(trials, "outcome") == {"a": [0.0], "b": [1.0]}


def test_decided_in_counts_only_the_results_asked_for() -> None:
    judged = result("judge", "fail", model_calls=[])
    t = trial("a", result("x", "pass"), judged)
    (everything,) = decided_in([t], "outcome")
    assert not everything.passed
    (deterministic,) = decided_in([t], "outcome", counts=lambda r: r is not judged)
    assert deterministic == LayerReading(t, True, (t.results[0],))
    assert list(decided_in([trial("b", judged)], "outcome", counts=lambda r: False)) == []


def _compares_status_to_ok(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Compare)
        and isinstance(node.left, ast.Attribute)
        and node.left.attr == "status"
        and any(isinstance(c, ast.Constant) and c.value == "ok" for c in node.comparators)
    )


def _calls(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == name)
        or (isinstance(node.func, ast.Attribute) and node.func.attr == name)
    )


def test_no_tally_of_trials_in_a_layer_is_written_by_hand() -> None:
    """Skipping errored trials and reading a layer's status together is `decided_in`'s job."""
    home = PACKAGE / "runs" / "_layers.py"
    found = []
    for file, _ in sources():
        if file == home:
            continue
        nodes = source_tree.nodes(file)
        # A function holding both holds them in its file: walk the functions of the few
        # files that have both, not every function of every file (a second and a half).
        if not any(map(_compares_status_to_ok, nodes)) or not any(
            _calls(n, "layer_status") for n in nodes
        ):
            continue
        for fn in nodes:
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            inner = list(ast.walk(fn))
            if any(map(_compares_status_to_ok, inner)) and any(
                _calls(n, "layer_status") for n in inner
            ):
                found.append(f"{fn.name} at {where(file, fn)}")
    assert not found, (
        "per-layer tallies written by hand (skip errored trials, then layer_status): "
        f"{found}; use fourfold.runs.decided_in"
    )


def test_the_gate_is_imported_for_its_decision_only() -> None:
    """What other modules take from `fourfold.gate` is the gate's own: its decision, its
    config and its report (a tally or a movement imported through the gate would be a
    second home for it)."""
    import fourfold.gate as gate

    own = set(gate.__all__)
    borrowed = []
    for file, _ in sources():
        for node in source_tree.nodes(file):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("gate"):
                borrowed += [
                    f"{alias.name} at {where(file, node)}"
                    for alias in node.names
                    if alias.name not in own
                ]
    assert not borrowed, f"names imported from fourfold.gate that are not the gate's: {borrowed}"


# -- 2. one movement type, one pairwise score table --------------------------------------


def _assigned_names(tree: ast.Module) -> Iterator[tuple[str, ast.AST]]:
    for node in tree.body:
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        for target in targets:
            if isinstance(target, ast.Name):
                yield target.id, node


def test_movement_is_defined_once() -> None:
    homes = [
        where(file, node)
        for file, tree in sources()
        for name, node in _assigned_names(tree)
        if name == "Movement"
    ]
    assert [h.rsplit(":", 1)[0] for h in homes] == ["src/fourfold/stats/_movement.py"], (
        f"`Movement` is defined at {homes}; import fourfold.stats.Movement instead"
    )


def test_every_view_has_a_look_for_every_movement() -> None:
    from fourfold.report._terminal import _MOVE_STYLE
    from fourfold.report.html._svg import MOVEMENT_COLORS
    from fourfold.stats import MOVEMENTS

    assert set(_MOVE_STYLE) == set(MOVEMENTS)
    assert set(MOVEMENT_COLORS) == set(MOVEMENTS)


def test_the_gate_and_compare_read_a_move_alike() -> None:
    from fourfold.stats import movement

    # significant and beyond the margin, either way
    assert movement(-0.2, 0.01, 0.05, margin=0.1) == "regression"
    assert movement(0.2, 0.01, 0.05) == "improvement"
    # significant but within the margin: noise, the only move called that
    assert movement(-0.05, 0.01, 0.05, margin=0.1) == "noise"
    # beyond the margin and not significant on enough cases: not noise, not significant
    assert movement(-0.2, 0.2, 0.05, margin=0.1, n_cases=20) == "not_significant"
    assert movement(-0.118, 0.125, 0.05, margin=0.0, n_cases=40) == "not_significant"
    # a drop no exact test on 4 cases can find (2 / 2**4 = 0.125 >= 0.05)
    assert movement(-0.2, 0.2, 0.05, margin=0.1, n_cases=4) == "underpowered"
    assert movement(0.2, 0.2, 0.05, margin=0.1, n_cases=4) == "not_significant"
    assert movement(None, 0.01, 0.05) == "no_data"


def test_the_pairwise_score_table_is_written_once() -> None:
    sides = {"candidate", "tie", "baseline"}
    found = [
        where(file, node)
        for file, _ in sources()
        for node in source_tree.nodes(file)
        if isinstance(node, ast.Dict)
        and {k.value for k in node.keys if isinstance(k, ast.Constant)} == sides
        and all(isinstance(v, ast.Constant) and isinstance(v.value, float) for v in node.values)
    ]
    assert [f.rsplit(":", 1)[0] for f in found] == ["src/fourfold/runs/_layers.py"], (
        f"pairwise win scores written at {found}; use fourfold.runs.PAIRWISE_SCORES"
    )


# -- 3. one parser of JSON in a model's text ---------------------------------------------


def _attribute_uses(name: str) -> list[str]:
    return [
        where(file, node)
        for file, _ in sources()
        for node in source_tree.nodes(file)
        if isinstance(node, ast.Attribute) and node.attr == name
    ]


ANSWER_RULE = "src/fourfold/checks/_structure.py"
"""The structure checks' `find_answer` reads an agent's *answer*, by a rule of its own: the
whole output or a fenced block, any JSON value, never an object amid prose (a check of
the answer's structure must not pass prose with some JSON in it)."""


def test_json_in_model_text_is_found_in_one_place() -> None:
    """Scanning text for JSON values (``raw_decode``) or code fences is `json_object_in`'s."""
    scans = _attribute_uses("raw_decode")
    fences = [
        where(file, node)
        for file, tree in sources()
        for node in source_tree.nodes(file)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and "```" in node.value
        and _is_pattern(tree, node)
    ]
    assert {w.rsplit(":", 1)[0] for w in scans + fences} - {ANSWER_RULE} == {
        "src/fourfold/_json.py"
    }, f"JSON looked for in text at {scans + fences}; use fourfold._json.json_object_in"


def _is_pattern(tree: ast.Module, constant: ast.Constant) -> bool:
    """Whether `constant` is the pattern of a ``re.compile``/``re.search``... call."""
    return any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "re"
        and node.args
        and node.args[0] is constant
        for node in ast.walk(tree)
    )


# -- 4. one line-numbered reader of JSONL and CSV ----------------------------------------


def test_csv_is_read_in_one_place() -> None:
    readers = _attribute_uses("reader") + _attribute_uses("DictReader")
    csv_reads = [w for w in readers if _mentions_csv(w)]
    assert {w.rsplit(":", 1)[0] for w in csv_reads} == {"src/fourfold/_records.py"}, (
        f"CSV read at {csv_reads}; use fourfold._records.read_csv"
    )


def _mentions_csv(at: str) -> bool:
    path, line = at.rsplit(":", 1)
    return "csv." in (ROOT / path).read_text(encoding="utf-8").splitlines()[int(line) - 1]


def test_cases_and_labels_read_a_csv_alike(tmp_path: Path) -> None:
    """A record is numbered by the line it starts on; a stray quote is refused in both."""
    import pytest

    from fourfold._records import read_records
    from fourfold.calibration import load_labels
    from fourfold.errors import ConfigError

    cases = tmp_path / "cases.csv"
    cases.write_text('id,input\na,"two\nlines"\nb,one\n', encoding="utf-8")
    assert [(r.data["id"], r.line) for r in read_records(cases)] == [("a", 2), ("b", 4)]
    labels = tmp_path / "labels.csv"
    labels.write_text(
        'case_id,criterion,labeller,value,note\na,rubric:grounding,ann,2,"two\nlines"\n'
        "b,rubric:grounding,ann,3,\n",
        encoding="utf-8",
    )
    assert [label.source for label in load_labels(labels)] == [f"{labels}:2", f"{labels}:4"]
    for path, header in ((cases, "id,input\n"), (labels, "case_id,criterion,labeller,value\n")):
        path.write_text(header + 'a,"b"c,1,2\n', encoding="utf-8")
        with pytest.raises(ConfigError, match="not valid CSV") as caught:
            if path is cases:
                read_records(path)
            else:
                load_labels(path)
        assert caught.value.line == 2


# -- 5. one reader of ``module:attribute`` -----------------------------------------------


def _splits_at_colon(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("partition", "rpartition", "split", "rsplit")
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == ":"
    )


def test_module_attribute_references_are_read_in_one_place() -> None:
    """A function that splits at ``:`` and imports what it found reads a reference by hand."""
    home = PACKAGE / "_imports.py"
    importers = ("import_user_module", "import_from", "import_module", "find_attribute")
    found = []
    for file, _ in sources():
        if file == home:
            continue
        nodes = source_tree.nodes(file)
        # As above: only the files that split at ":" and import have functions to walk.
        if not any(map(_splits_at_colon, nodes)) or not any(
            _calls(n, name) for n in nodes for name in importers
        ):
            continue
        for fn in nodes:
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = list(ast.walk(fn))
                if any(map(_splits_at_colon, inner)) and any(
                    _calls(n, name) for n in inner for name in importers
                ):
                    found.append(f"{fn.name} at {where(file, fn)}")
    assert not found, (
        f"`module:attribute` split by hand in {found}; use fourfold._imports.split_reference"
    )


def test_a_reference_is_read_alike_for_agents_and_tools() -> None:
    import pytest

    from fourfold._imports import split_reference
    from fourfold.errors import ConfigError

    kw = {"field": "x is", "shape": "module:function", "hint": "e.g. 'a:b'"}
    assert split_reference("pkg.mod : Cls.run", **kw) == ("pkg.mod", "Cls.run")
    for bad, words in [
        ("mod", "not 'module:function'"),
        (":f", "not 'module:function'"),
        ("mod:", "not 'module:function'"),
        ("agent.py:run", "names the file 'agent.py'"),
        ("src/agent:run", "names the file 'src/agent'"),
    ]:
        with pytest.raises(ConfigError, match=words):
            split_reference(bad, **kw)


# -- 6. one percent and one count formatter ----------------------------------------------

FORMATTERS = {"_pct", "_percent", "_count", "_plural", "pct", "count_of"}
"""(`fourfold.checks._lexicon.plural` tells whether a word is a plural: another concept.)"""


def test_percent_and_count_are_formatted_in_one_place() -> None:
    home = PACKAGE / "_format.py"
    found = [
        f"{fn.name} at {where(file, fn)}"
        for file, tree in sources()
        if file != home
        for fn in source_tree.nodes(file)
        if isinstance(fn, ast.FunctionDef) and fn.name in FORMATTERS and not _is_method(tree, fn)
    ]
    assert not found, f"formatters defined again: {found}; use fourfold._format"


def _is_method(tree: ast.Module, fn: ast.FunctionDef) -> bool:
    return any(isinstance(node, ast.ClassDef) and fn in node.body for node in ast.walk(tree))


def test_the_formatters() -> None:
    from fourfold._format import count_of, pct, plural

    assert [pct(v) for v in (0.125, 0.875, 1.0, None, float("inf"))] == [
        "12%",
        "88%",
        "100%",
        "—",
        "—",
    ]
    assert (count_of(1, "case"), count_of(0, "case"), count_of(2, "match", "matches")) == (
        "1 case",
        "0 cases",
        "2 matches",
    )
    assert (plural(1, "tool"), plural(3, "tool")) == ("tool", "tools")
