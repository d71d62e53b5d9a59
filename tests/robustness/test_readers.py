"""The bounded readers themselves: JSON, YAML (on libyaml and on PyYAML's own parser), text."""

from __future__ import annotations

import doctest
import importlib
import json
import time
from pathlib import Path

import pytest

from fourfold import _yaml
from fourfold._encoding import lone_surrogate, scrub, storable
from fourfold._json import MAX_DEPTH, JsonProblem, parse_json
from fourfold.errors import ConfigError
from fourfold.monitor._folder import FolderWatcher
from fourfold.monitor._state import MonitorState
from fourfold.trace import Trace
from tests.helpers.fuzz_inputs import ALIAS_BOMB


@pytest.mark.parametrize(
    "module",
    [
        "fourfold._encoding",
        "fourfold._records",
        "fourfold.integrations.tau._records",
    ],
)
def test_doctests(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


# ------------------------------------------------------------------ JSON


def test_json_nesting_is_bounded_exactly() -> None:
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(JsonProblem, match="nested more than 100") as caught:
        parse_json("\n" + " [" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert (caught.value.line, caught.value.column) == (2, 2 * MAX_DEPTH + 2)


def test_brackets_inside_strings_are_not_nesting() -> None:
    text = json.dumps({"a": "[" * 5000, "b": ['{"\\"' + "{" * 300], "c": "]]]"})
    assert parse_json(text)["a"] == "[" * 5000


@pytest.mark.slow
def test_a_large_flat_document_is_checked_quickly() -> None:
    text = json.dumps([{"id": i, "tags": ["a", "b"], "text": "x [y] {z}"} for i in range(100_000)])
    started = time.perf_counter()
    assert len(parse_json(text)) == 100_000
    assert time.perf_counter() - started < 10


def test_duplicate_keys_name_both_places_and_may_be_allowed() -> None:
    text = '{"a": {"k": 1,\n "k": 2}, "k": 3}'
    with pytest.raises(JsonProblem, match=r"'k' appears twice .*first on line 1") as caught:
        parse_json(text)
    assert caught.value.line == 2
    assert parse_json('{"k": 1, "k": 2}', unique_keys=False) == {"k": 2}


def test_a_lone_surrogate_is_refused_or_repaired() -> None:
    text = '{"ok": "\\ud83d\\ude00", "bad": ["\\udc00"]}'
    with pytest.raises(JsonProblem, match=r"bad\[0\] holds a lone surrogate escape"):
        parse_json(text)
    assert parse_json(text, repair=True) == {"ok": "\U0001f600", "bad": ["\ufffd"]}
    assert parse_json('"\\\\ud800"') == "\\ud800"  # an escaped backslash, not an escape


def test_storable_repairs_only_what_cannot_be_written() -> None:
    fine = Trace(output="fine ✓")
    assert storable(fine) is fine
    broken = Trace(output="a\ud800b", metadata={"k\udfff": ["\ud800"]})
    repaired = storable(broken)
    assert repaired.output == "a\ufffdb" and repaired.metadata == {"k\ufffd": ["\ufffd"]}
    assert lone_surrogate(repaired.model_dump()) is None
    assert scrub(("x\ud800", 1)) == ("x\ufffd", 1)


# ------------------------------------------------------------------ YAML


@pytest.fixture(params=["libyaml", "python"])
def loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test on both parsers: libyaml's, and PyYAML's own for builds without it."""
    if request.param == "python":
        monkeypatch.setattr(_yaml, "_Loader", _yaml._PythonLoader)
    return str(request.param)


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [
        ("a: 1\n" + ALIAS_BOMB.decode(), 7, "expands to more than 200,000 nodes"),
        ("a: [" + "[" * 3000 + "]" * 3000 + "]\n", 1, "nested more than 100 levels deep"),
        ("".join("  " * i + f"k{i}:\n" for i in range(150)), 100, "nested more than 100"),
        ("a: 1\nb: 2\na: 3\n", 3, "'a' appears twice in this mapping (first on line 1)"),
        ("a: &x [1, *x]\n", 1, "a cycle"),
        ("a: 2024-13-45\n", 1, "month must be in 1..12"),
        ("a: " + "1" * 5000 + "\n", 1, "4300 digits"),
        ("a: b\nc: \x07\n", 2, "U+0007 is not allowed"),
    ],
    ids=["bomb", "deep-flow", "deep-block", "duplicate", "cycle", "date", "int", "control"],
)
def test_yaml_bounds(loader: str, text: str, line: int, words: str) -> None:
    started = time.perf_counter()
    with pytest.raises(ConfigError) as caught:
        _yaml.load_yaml(text, file="f.yaml")
    assert caught.value.line == line, caught.value.render()
    assert words in caught.value.message
    assert caught.value.hint
    assert time.perf_counter() - started < 5


def test_yaml_lone_surrogate_on_either_parser(loader: str) -> None:
    with pytest.raises(ConfigError, match="surrogate") as caught:
        _yaml.load_yaml('a: ok\nb:\n  - "x\\ud800"\n', file="f.yaml")
    assert caught.value.line == 3


def test_yaml_aliases_and_merges_within_bounds_load(loader: str) -> None:
    text = "base: &b {k: 1, l: [1, 2]}\nuse: *b\nmerged: {<<: *b, k: 2}\n"
    data, lines = _yaml.load_yaml(text, file="f.yaml")
    assert data["use"] == {"k": 1, "l": [1, 2]} and data["merged"]["k"] == 2
    assert lines.line_of(("merged", "k")) == 3


def test_yaml_node_bound_without_aliases(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_yaml, "MAX_NODES", 1000)
    with pytest.raises(ConfigError, match="holds more than 1,000 nodes") as caught:
        _yaml.load_yaml("".join(f"- {i}\n" for i in range(2000)), file="f.yaml")
    assert caught.value.hint and ".jsonl" in caught.value.hint


def test_a_yaml_file_over_the_size_bound_is_not_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_yaml, "MAX_BYTES", 100)
    path = tmp_path / "big.yaml"
    path.write_text("a: " + "x" * 200)
    with pytest.raises(ConfigError, match="larger than 100 bytes"):
        _yaml.read_yaml(path)


# ------------------------------------------------------------------ the monitor's folder


def test_the_watched_folder_skips_a_bad_line_and_repairs_a_surrogate(tmp_path: Path) -> None:
    lines = [
        '{"spans": []}',
        "[" * 5000 + "]" * 5000,
        '{"n": ' + "9" * 5000 + "}",
        '{"text": "bad \\ud800"}',
    ]
    (tmp_path / "t.jsonl").write_text("\n".join(lines) + "\n")
    watcher = FolderWatcher(tmp_path, MonitorState(suite="s"), settle_s=0, stale_s=0)
    [chunk] = watcher.poll(time.time())
    assert chunk.documents == [(1, {"spans": []}), (4, {"text": "bad \ufffd"})]


def test_a_generated_cases_file_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    from fourfold.generate._generate import read_generated

    path = tmp_path / "generated.jsonl"
    path.write_bytes(b'{"id": "a", "input": "x"}\n{"id": "b", "input": "caf\xe9"}\n')
    with pytest.raises(ConfigError, match="not UTF-8") as caught:
        read_generated(path)
    assert caught.value.line == 2
