"""The corpus's exports as committed: one over 1 MB is kept gzipped (``<name>.json.gz``), and
the corpus's readers (`tests.helpers.corpus`) read a gzipped export as they read a plain one.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter

from tests.helpers.corpus import (
    CORPUS,
    EXPORTS,
    GZIPPED,
    LARGE,
    OTLP_JSON,
    export_of,
    export_stem,
    export_text,
    otlp_documents,
)

LARGE_EXPORTS = {
    "langgraph/langgraph-large-result-2026-12-06.json.gz",
    "langgraph/langgraph-long-2026-12-06.json.gz",
}
"""The exports kept gzipped (each over 2 MB as JSON)."""


def test_no_export_over_1_mb_is_committed_uncompressed() -> None:
    large = [
        f"{path.relative_to(CORPUS)}: {path.stat().st_size:,} bytes"
        for path in EXPORTS
        if not path.name.endswith(GZIPPED) and path.stat().st_size > LARGE
    ]
    assert large == [], "gzip each with `gzip -9 -n`, its truth's trace_file <name>.json.gz"


def test_a_gzipped_export_is_gzipped_as_gzip_9_n_writes_it() -> None:
    for path in EXPORTS:
        if path.name.endswith(GZIPPED):
            data = path.read_bytes()
            assert data[:2] == b"\x1f\x8b", path
            assert not data[3] & 0x08, f"{path.name} names its file: gzip -n leaves it out"
            assert data[4:8] == bytes(4), f"{path.name} has a time: gzip -n leaves it out"
            assert len(gzip.decompress(data)) > LARGE, f"{path.name} is small enough unzipped"


def test_every_gzipped_export_is_read_by_the_corpus_readers() -> None:
    gzipped = {str(p.relative_to(CORPUS)) for p in EXPORTS if p.name.endswith(GZIPPED)}
    assert gzipped == LARGE_EXPORTS
    assert gzipped <= {str(p.relative_to(CORPUS)) for p in OTLP_JSON}
    for rel in gzipped:
        documents, _ = otlp_documents(CORPUS / rel)
        assert documents and all("resourceSpans" in d for d in documents)
        assert export_text(CORPUS / rel).startswith("{")
        assert export_stem(CORPUS / rel) == rel.split("/")[1].removesuffix(".json.gz")


def test_every_export_has_one_truth_naming_it_and_every_truth_an_export() -> None:
    stems = Counter(p.parent / export_stem(p) for p in EXPORTS)
    assert [str(s) for s, n in stems.items() if n > 1] == [], "kept both plain and gzipped"
    truths = sorted(CORPUS.rglob("*.expected.json"))
    named = {json.loads(t.read_text(encoding="utf-8"))["trace_file"] for t in truths}
    assert named == {str(p.relative_to(CORPUS)) for p in EXPORTS}
    assert {export_of(t) for t in truths} == set(EXPORTS)
