"""`Case.content_hash` tells an edited case from the same case, and nothing else.

Properties: the hash depends on the values only (not on the order keys were written in, nor
on the process: Python's string hashing is salted per process); any change to a hashed field
changes it; the id and the metadata are left out.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fourfold.cases import Case
from tests.helpers.strategies import JSON_OBJECTS, JSON_VALUES, STRATA, TEXT, cases

HASHED = {
    "input": TEXT,
    "context": JSON_OBJECTS,
    "expected": st.none() | TEXT,
    "focus": st.none() | TEXT,
    "ground_truth": JSON_VALUES,
    "strata": STRATA,
    "tags": st.lists(st.text(max_size=6), max_size=3),
}
"""Each field the hash covers, with a strategy for a new value of it."""


def _reversed_keys(value: Any) -> Any:
    """The same value with every object's keys inserted in the opposite order."""
    if isinstance(value, dict):
        return {k: _reversed_keys(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [_reversed_keys(v) for v in value]
    return value


def _as_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


@given(cases())
def test_the_order_keys_were_written_in_does_not_change_the_hash(case: Case) -> None:
    data = case.model_dump(mode="json")
    rewritten = Case.model_validate(_reversed_keys(data))
    assert rewritten.content_hash == case.content_hash


@given(cases(), st.text(min_size=1, max_size=8), JSON_OBJECTS)
def test_the_id_and_the_metadata_are_not_hashed(case: Case, id: str, metadata: Any) -> None:
    assert case.model_copy(update={"id": id, "metadata": metadata}).content_hash == (
        case.content_hash
    )


@given(cases(), st.data())
def test_a_change_to_any_hashed_field_changes_the_hash(case: Case, data: st.DataObject) -> None:
    field = data.draw(st.sampled_from(sorted(HASHED)), label="field")
    new = data.draw(HASHED[field], label="new value")
    edited = Case.model_validate({**case.model_dump(mode="json"), field: new})
    same = _as_json(edited.model_dump(mode="json")[field]) == _as_json(
        case.model_dump(mode="json")[field]
    )
    assert (edited.content_hash == case.content_hash) == same


@pytest.mark.slow
@settings(max_examples=4)  # a child process each: a few batches of a few cases
@given(st.lists(cases(), min_size=4, max_size=6), st.integers(0, 2**32 - 1))
def test_another_process_computes_the_same_hashes(batch: list[Case], hash_seed: int) -> None:
    """A child with another string-hash salt hashes the same cases the same way."""
    child = (
        "import json, sys\n"
        "from fourfold.cases import Case\n"
        "for line in sys.stdin:\n"
        "    print(Case.model_validate_json(line).content_hash)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", child],
        input="".join(c.model_dump_json() + "\n" for c in batch),
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
        timeout=120,
        check=True,
    )
    assert proc.stdout.split() == [c.content_hash for c in batch]
