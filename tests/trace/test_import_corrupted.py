"""Real exports with attribute values corrupted: the importer imports them or says why.

Every reader of a framework's spans takes an attribute's value to be what that framework
writes there: JSON text, a message list, a number. A Collector that truncates, a proxy that
rewrites, a newer instrumentation that changes a type, and the value is something else. The
corpus of real exports (tests/data/traces) is the starting point: for each file, a few
attributes chosen at random (seeded by the file's name, so a failure is reproducible) get
values of another kind — null, numbers, booleans, empty or broken JSON, lists, maps, a repr
cut short — and the import must read every trace, with what the odd values leave, or say
why in words: never raise another exception than fourfold's own (`FourfoldError`, which the
command line prints as a message naming the file), and never leave a trace out as
"unreadable" (the assembler's guard, which keeps one odd trace from stopping the rest, names
the exception a reader raised: a reader that raises on an odd value has lost the whole
trace for one attribute).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from fourfold.errors import FourfoldError
from fourfold.integrations import read_traces
from tests.helpers.corpus import CORPUS, EXPORTS, any_value, export_name, export_text

MUTATIONS = 6
"""Corrupted copies made of each file."""


def _quick(path: Path) -> bool:
    """The quick loop's share: the first export of each folder (a framework or tracing tool)."""
    return path == min(p for p in EXPORTS if p.parent == path.parent)


FILES = [p if _quick(p) else pytest.param(p, marks=pytest.mark.slow) for p in EXPORTS]
"""Every export. The whole sweep is `slow` (95 s of CPU for the 635 exports of 2026-12-06 on
this project's 2-core machine, more than all of `make test-fast`'s minute); the first export
of each folder runs in the quick loop. `make test` and CI run them all."""

VALUES: list[Any] = [
    None, 0, -1, 1.5, True, "", "x", "{", "[]", "{}", '{"a": 1}', "null", [], {}, [1, "a"],
    {"k": [None]}, "[{'role': 1}]", "Response(", "content= x=", "{'a': ", "ééé",
    '{"messages": [{"role": "assistant", "content": 3}]}', '[{"type": "function"}]',
]  # fmt: skip
"""What an attribute's value becomes: other types, broken JSON and reprs, odd shapes."""


_READ = (
    "gen_ai.", "llm.", "input.", "output.", "tool.", "mlflow.", "langsmith.", "traceloop.", "ai.",
    "openinference.", "retrieval.", "embedding.", "langfuse.", "logfire.", "mastra.", "haystack.",
    "llamaindex.", "messages", "model_dict.", "response.", "nodes", "query",
    "genkit:",
)  # fmt: skip
"""The key prefixes the readers read (not the resource's or the HTTP client's); the six before
the last are LlamaIndex's own OpenTelemetry integration's workflow tags and its events'
fields, the last Genkit's."""


class _Slot:
    """One attribute's value, where it can be replaced: an OTLP/JSON key-value (its AnyValue)
    or a span dump's plain ``attributes`` mapping (the value itself)."""

    def __init__(self, holder: dict[str, Any], key: str, otlp: bool) -> None:
        self.holder, self.key, self.otlp = holder, key, otlp

    def set(self, value: Any) -> None:
        self.holder[self.key] = any_value(value) if self.otlp else value


def _attributes(node: Any, found: list[_Slot]) -> None:
    """Every attribute under `node` that a reader reads (`_READ`): OTLP/JSON's key-values
    (``{"key": ..., "value": {...}}``) and the plain ``attributes`` mappings of span dumps
    (the OpenTelemetry SDK's console exporter, Phoenix's and Langfuse's dumps)."""
    if isinstance(node, dict):
        key = node.get("key")
        if isinstance(key, str) and key.startswith(_READ) and isinstance(node.get("value"), dict):
            found.append(_Slot(node, "value", otlp=True))
        plain = node.get("attributes")
        if isinstance(plain, dict):
            found.extend(_Slot(plain, k, otlp=False) for k in plain if k.startswith(_READ))
        for value in node.values():
            _attributes(value, found)
    elif isinstance(node, list):
        for value in node:
            _attributes(value, found)


def _id(path: Path) -> str:
    return str(path.relative_to(CORPUS))


def _documents(path: Path) -> list[Any] | None:
    """The file's JSON documents (one, or one per line), or None when it is neither."""
    text = export_text(path)
    try:
        return [json.loads(text)]
    except ValueError:
        try:
            return [json.loads(line) for line in text.splitlines() if line.strip()]
        except ValueError:
            return None


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_corrupted_attributes_import_or_say_why(path: Path, tmp_path: Path) -> None:
    documents = _documents(path)
    if documents is None:
        pytest.skip(f"{path.name} is not JSON (another format of the corpus)")
    rng = random.Random(f"{path.parent.name}/{export_name(path)}")
    for n in range(MUTATIONS):
        copy = json.loads(json.dumps(documents))
        found: list[_Slot] = []
        _attributes(copy, found)
        if not found:
            pytest.skip(f"{path.name} has no attributes a reader reads")
        for slot in rng.sample(found, min(len(found), rng.choice([1, 5, 25]))):
            slot.set(rng.choice(VALUES))
        corrupted = tmp_path / f"{n}-{export_name(path)}"
        corrupted.write_text("\n".join(json.dumps(d) for d in copy), encoding="utf-8")
        try:
            report = read_traces(corrupted)
        except FourfoldError as error:  # said why, as a message
            assert "unreadable (" not in str(error), f"copy {n} of {path.name}: {error}"
        else:
            lost = [str(s) for s in report.skipped if s.reason.startswith("unreadable (")]
            assert not lost, f"copy {n} of {path.name}: {lost}"


NAMING = (
    "gen_ai.operation.name", "gen_ai.tool.name", "gen_ai.agent.name", "gen_ai.request.model",
    "tool.name", "llm.request.type", "openinference.span.kind", "traceloop.span.kind",
    "langsmith.span.kind", "mlflow.spanType", "langfuse.observation.type", "genkit:type",
    "genkit:metadata:subtype", "genkit:name",
)  # fmt: skip
"""The keys that say what a span is: each is given a map and a list everywhere in a file."""


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_naming_keys_of_another_kind_import_or_say_why(path: Path, tmp_path: Path) -> None:
    documents = _documents(path)
    if documents is None:
        pytest.skip(f"{path.name} is not JSON (another format of the corpus)")
    for key in NAMING:
        for odd in ({"k": "v"}, ["a", "b"]):
            copy = json.loads(json.dumps(documents))
            found: list[_Slot] = []
            _attributes(copy, found)
            slots = [s for s in found if s.key == key or s.holder.get("key") == key]
            if not slots:
                break
            for slot in slots:
                slot.set(odd)
            corrupted = tmp_path / f"{key}-{export_name(path)}"
            corrupted.write_text("\n".join(json.dumps(d) for d in copy), encoding="utf-8")
            try:
                report = read_traces(corrupted)
            except FourfoldError as error:
                assert "unreadable (" not in str(error), f"{key} = {odd!r}: {error}"
            else:
                lost = [str(s) for s in report.skipped if s.reason.startswith("unreadable (")]
                assert not lost, f"{key} = {odd!r} in {path.name}: {lost}"
