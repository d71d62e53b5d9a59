"""The trace corpus (tests/data/traces) as tests rewrite it: its OTLP JSON exports, read and
written back the way they came (one document, or one request per line), and imported.

An export is ``<framework>/<name>.json``, or ``<name>.json.gz`` when it is over 1 MB (gzipped
with ``gzip -9 -n``), beside its truth ``<name>.expected.json`` either way: every reader of the
corpus finds the exports in `EXPORTS` and reads them with `export_text` and `export_stem`.
"""

from __future__ import annotations

import base64
import gzip
import json
from pathlib import Path
from typing import Any

from fourfold.integrations import import_traces

CORPUS = Path(__file__).parents[1] / "data" / "traces"
GZIPPED = ".json.gz"
"""How an export over `LARGE` bytes is kept: gzipped, its name ``<name>.json.gz``."""
LARGE = 1_000_000
"""The size over which an export is kept gzipped (a file that size is too big for git)."""


def export_name(path: Path) -> str:
    """The export's name as plain JSON: ``<name>.json`` for ``<name>.json`` and ``.json.gz``."""
    return path.name.removesuffix(".gz")


def export_stem(path: Path) -> str:
    """The export's name without ``.json`` or ``.json.gz``: its truth's, less ``.expected``."""
    return export_name(path).removesuffix(".json")


def export_text(path: Path) -> str:
    """The export's text: a ``.json.gz`` export's gunzipped bytes, as UTF-8."""
    data = path.read_bytes()
    return (gzip.decompress(data) if path.name.endswith(GZIPPED) else data).decode("utf-8")


def export_of(truth: Path) -> Path:
    """The export a truth file ``<name>.expected.json`` is about: ``<name>.json``, or
    ``<name>.json.gz`` when that is the one kept (the truth's ``trace_file``)."""
    plain = truth.with_name(truth.name.removesuffix(".expected.json") + ".json")
    zipped = plain.with_name(plain.name + ".gz")
    return zipped if zipped.exists() and not plain.exists() else plain


EXPORTS = sorted(
    path
    for path in [*CORPUS.rglob("*.json"), *CORPUS.rglob(f"*{GZIPPED}")]
    if not path.name.endswith(".expected.json")
)
"""Every export of the corpus, plain or gzipped (not the truths)."""
OTLP_JSON = [path for path in EXPORTS if '"resourceSpans"' in export_text(path)]
"""Every export of the corpus in OTLP JSON (spans, and logs beside them in some)."""


def otlp_documents(path: Path) -> tuple[list[dict[str, Any]], bool]:
    """The export requests of an OTLP JSON file (plain or gzipped), and whether it holds one
    per line."""
    text = export_text(path)
    try:
        return [json.loads(text)], False
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()], True


def write_documents(documents: list[dict[str, Any]], path: Path, *, per_line: bool) -> Path:
    """Write export requests as `otlp_documents` read them."""
    if per_line:
        path.write_text("\n".join(json.dumps(d) for d in documents), encoding="utf-8")
    else:
        path.write_text(json.dumps(documents[0]), encoding="utf-8")
    return path


def dumped(path: Path) -> list[dict[str, Any]]:
    """Every trace a file imports to, as JSON data (to compare two imports whole)."""
    return [imported.model_dump(mode="json") for imported in import_traces(path)]


def compared(traces: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The traces by id, less what a rewrite changes by itself: when each call ran (a
    coarser clock), and the order of the file's traces and of a run's joined traces, which
    is the order they appear in (tests/data/traces/README.md)."""
    for trace in traces:
        trace["trace"].pop("latency_s", None)
        for call in trace["trace"]["tool_calls"]:
            for key in ("started_at", "ended_at", "latency_s"):
                call.pop(key, None)
        for metadata in (trace["metadata"], trace["trace"]["metadata"]):
            if metadata.get("joined_traces"):
                metadata["joined_traces"] = sorted(metadata["joined_traces"])
    return {trace["trace_id"]: trace for trace in traces}


def any_value(value: Any) -> dict[str, Any]:
    """`value` as OTLP/JSON's AnyValue: lists and maps as array and key-value-list values."""
    if value is None:
        return {}
    if isinstance(value, bool):
        return {"boolValue": value}
    if isinstance(value, int):
        return {"intValue": str(value)}
    if isinstance(value, float):
        return {"doubleValue": value}
    if isinstance(value, str):
        return {"stringValue": value}
    if isinstance(value, list):
        return {"arrayValue": {"values": [any_value(v) for v in value]}}
    items = [{"key": k, "value": any_value(v)} for k, v in value.items()]
    return {"kvlistValue": {"values": items}}


_IDS = {"traceId", "spanId", "parentSpanId"}


def base64_ids(value: Any) -> Any:
    """OTLP JSON's hex ids as protobuf's JSON mapping of bytes (base64)."""
    if isinstance(value, dict):
        return {
            key: (
                base64.b64encode(bytes.fromhex(item)).decode()
                if key in _IDS and isinstance(item, str)
                else base64_ids(item)
            )
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [base64_ids(item) for item in value]
    return value


def limited(document: dict[str, Any], limit: int, *, oldest: bool) -> int:
    """Put every span of an export request through an SDK's attribute count limit, in place.

    `oldest`: the Python SDK's way (a new key in a full span evicts the oldest: the last
    `limit` keys stay); else the JS and Java SDKs' (keys beyond the limit are dropped: the
    first `limit` stay). Each span that lost any says how many (``droppedAttributesCount``).
    Returns how many spans lost attributes.
    """
    hit = 0
    for resource in document.get("resourceSpans", []):
        for scope in resource.get("scopeSpans", []):
            for span in scope.get("spans", []):
                attributes = span.get("attributes") or []
                if len(attributes) <= limit:
                    continue
                hit += 1
                lost = len(attributes) - limit
                span["attributes"] = attributes[lost:] if oldest else attributes[:limit]
                span["droppedAttributesCount"] = int(span.get("droppedAttributesCount", 0)) + lost
    return hit
