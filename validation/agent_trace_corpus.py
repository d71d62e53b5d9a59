"""Rebuild the third-party agent-trace corpus (tests/data/traces) from its sources' snapshots.

Opt-in: nothing runs this (not CI, not ``make test``, not ``validation/run_all.py``). The 21
third-party traces committed under ``tests/data/traces/<framework>/<name>.json`` were made by
it from two public MIT repositories, at the snapshot commits ``tests/data/traces/SOURCE.md``
records (`LANGFUSE`, `LOGFIRE`); this script is that conversion, so the corpus can be rebuilt
and audited. Each file is read with ``git show <commit>:<path>`` and converted as SOURCE.md's
"Conversions" section says:

- ``L``: a Langfuse trace export (``{"trace", "observations"}``) becomes a list of spans in the
  OpenTelemetry SDK's JSON shape, one per observation, in the export's order (`langfuse_spans`);
- ``R``: on top of ``L``, the attributes Langfuse's ingestion moved into an observation's
  input/output are written back (`RESTORE`);
- ``S``: a Logfire test's inline snapshot (the Python literal compared with
  ``exported_spans_as_dict(parse_json_attributes=True)``) becomes JSON (`logfire_spans`);
- ``P``: an OTLP resource span written in a Langfuse test as protobufjs decoded it becomes
  OTLP/JSON (`otlp_json`).

Every file is then checked against its truth (``<name>.expected.json``): the truth's
``trace_file`` must be the file's path and its ``trace_id`` s the ids the file holds, in order.

Run, from the repository root, with a clone (or bare snapshot) of each repository that holds
the recorded commit::

    git clone https://github.com/langfuse/langfuse /tmp/langfuse
    git clone https://github.com/pydantic/logfire /tmp/logfire
    python validation/agent_trace_corpus.py --langfuse /tmp/langfuse --logfire /tmp/logfire

``--check`` writes nothing and exits 1 when a committed file differs from its rebuild (the
audit); ``--out DIR`` writes elsewhere; file names (``koog/koog-2025-08-26.json``) limit the
run. If a clone lacks a recorded commit, the file is read at the newest commit of the clone
that holds its path, and the script says so (SOURCE.md must then say so too). Standard
library only.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TRACES = ROOT / "tests" / "data" / "traces"

LANGFUSE = "62751446149b702b419a9292ddfc2280cdf74b8c"
"""github.com/langfuse/langfuse snapshot commit (MIT outside ``ee/``; nothing here is from it)."""
LOGFIRE = "e484a6b53a0df3062d304ce258573e387cf3140a"
"""github.com/pydantic/logfire snapshot commit (MIT)."""

FRAMEWORK_TRACES = "worker/src/__tests__/chatml/framework-traces/"
SEEDER_TRACES = "packages/shared/scripts/seeder/utils/framework-traces/"
OTEL_MAPPING = "web/src/__tests__/server/api/otel/otelMapping.servertest.ts"
LOGFIRE_AGENTS = "tests/otel_integrations/test_openai_agents.py"
LOGFIRE_GENAI = "tests/otel_integrations/test_google_genai.py"


@dataclass(frozen=True)
class Entry:
    """One corpus file: where it is written, what it is made from and how."""

    out: str
    """Path under tests/data/traces."""
    repo: str
    """``langfuse`` or ``logfire``."""
    path: str
    """Path of the source file in the repository."""
    conversion: str
    """``L``, ``L, R``, ``S`` or ``P`` (SOURCE.md's keys)."""
    item: str = ""
    """For ``S``: the test function; for ``P``: the test's title."""


def _lf(out: str, name: str, conversion: str = "L", folder: str = FRAMEWORK_TRACES) -> Entry:
    suffix = ".trace.json" if folder == FRAMEWORK_TRACES else ".json"
    return Entry(out, "langfuse", folder + name + suffix, conversion)


ENTRIES = [
    _lf("agno/agno-2025-06-11.json", "agno-2025-06-11"),
    _lf("beeai/beeai-2025-08-01.json", "beeai-2025-08-01"),
    _lf("crewai/crewai-2025-07-11.json", "crewai-2025-07-11"),
    _lf("google-adk/google-adk-2025-08-28.json", "google-adk-2025-08-28"),
    _lf("google-genai/google-gemini-2025-08-01.json", "google-gemini-2025-08-01"),
    Entry(
        "google-genai/logfire-genai-automatic-function-calling.json",
        "logfire",
        LOGFIRE_GENAI,
        "S",
        "test_instrument_google_genai",
    ),
    _lf("koog/koog-2025-08-26.json", "koog-2025-08-26"),
    _lf("llamaindex/llamaindex-2025-06-05.json", "llamaindex-2025-06-05"),
    _lf(
        "microsoft-agent-framework/microsoft-agent-2025-10-14.json",
        "microsoft-agent-2025-10-14",
        "L, R",
        SEEDER_TRACES,
    ),
    _lf(
        "microsoft-agent-framework/microsoft-agent-2025-12-17.json",
        "microsoft-agent-2025-12-17",
        "L, R",
    ),
    _lf("openai-agents/openai-agents-2025-09-30.json", "openai-agents-2025-09-30"),
    Entry(
        "openai-agents/logfire-function-tool-exception.json",
        "logfire",
        LOGFIRE_AGENTS,
        "S",
        "test_function_tool_exception",
    ),
    Entry(
        "openai-agents/logfire-responses-handoff.json",
        "logfire",
        LOGFIRE_AGENTS,
        "S",
        "test_responses",
    ),
    Entry(
        "openai-agents/logfire-chat-completions.json",
        "logfire",
        LOGFIRE_AGENTS,
        "S",
        "test_chat_completions",
    ),
    Entry(
        "openlit/openai-chat-openlit.json",
        "langfuse",
        OTEL_MAPPING,
        "P",
        "should convert an OpenLit OTel Span to Langfuse Events",
    ),
    Entry(
        "openllmetry/openai-chat-traceloop.json",
        "langfuse",
        OTEL_MAPPING,
        "P",
        "should convert a TraceLoop OTel Span to Langfuse Events",
    ),
    _lf("pydantic-ai/pydantic-ai-2025-06-06.json", "pydantic-ai-2025-06-06"),
    _lf("pydantic-ai/pydantic-ai-tools-2025-12-04.json", "pydantic-ai-tools-2025-12-04", "L, R"),
    _lf(
        "pydantic-ai/pydantic-ai-with-gemini-2025-12-24.json",
        "pydantic-ai-with-gemini-2025-12-24",
        "L, R",
    ),
    _lf("vercel-ai-sdk/vercel-aisdk-2025-11-17.json", "vercel-aisdk-2025-11-17", "L, R"),
    _lf("vertex-ai/vertex-ai-2025-08-01.json", "vertex-ai-2025-08-01"),
]

# ------------------------------------------------------------------ reading the snapshots


class Snapshot:
    """A repository's git directory, read at its recorded commit."""

    def __init__(self, directory: Path, commit: str) -> None:
        self.git = directory / ".git" if (directory / ".git").exists() else directory
        self.commit = commit
        self.has_commit = self._run("cat-file", "-e", f"{commit}^{{commit}}").returncode == 0

    def _run(self, *args: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(["git", f"--git-dir={self.git}", *args], capture_output=True)

    def _git(self, *args: str) -> bytes:
        done = self._run(*args)
        if done.returncode != 0:
            raise SystemExit(f"git {' '.join(args)}: {done.stderr.decode().strip()}")
        return done.stdout

    def read(self, path: str) -> str:
        """The file at the recorded commit, else at the newest commit that holds it."""
        commit = self.commit
        if not self.has_commit:
            found = self._git("log", "-1", "--format=%H", "HEAD", "--", path).decode().strip()
            if not found:
                raise SystemExit(f"{self.git}: no commit holds {path}")
            print(f"  {self.commit} is not in {self.git}: {path} read at {found}")
            commit = found
        return self._git("show", f"{commit}:{path}").decode("utf-8")


# ------------------------------------------------------------------ L and R: Langfuse exports


RESTORE: dict[str, Callable[[str, dict[str, Any]], tuple[str, str] | None]] = {
    "microsoft-agent": lambda name, attrs: {
        "invoke_agent": ("gen_ai.input.messages", "gen_ai.output.messages"),
        "chat": ("gen_ai.input.messages", "gen_ai.output.messages"),
        "execute_tool": ("gen_ai.tool.call.arguments", "gen_ai.tool.call.result"),
    }.get(attrs.get("gen_ai.operation.name", "")),
    "pydantic-ai-tools-2025-12-04": lambda name, attrs: (
        ("gen_ai.input.messages", "gen_ai.output.messages")
        if name.startswith("chat ")
        else ("langfuse.observation.input", "langfuse.observation.output")
        if name == "run_joke_generator"
        else None
    ),
    "pydantic-ai-with-gemini-2025-12-24": lambda name, attrs: (
        ("gen_ai.input.messages", "gen_ai.output.messages") if name.startswith("chat ") else None
    ),
    "vercel-aisdk-2025-11-17": lambda name, attrs: {
        "ai.generateText": ("ai.prompt", "ai.response.toolCalls"),
        "ai.generateText.doGenerate": ("ai.prompt.messages", "ai.response.toolCalls"),
        "getWeather": ("ai.toolCall.args", "ai.toolCall.result"),
    }.get(name),
}
"""(file name prefix) → for a span (name, kept attributes): the attributes Langfuse read its
input and output from (``OtelIngestionProcessor.extractInputAndOutput``), to write back."""


def _as_text(value: Any) -> Any:
    """An attribute value as an exporter wrote it: objects, and lists holding them, as JSON text.

    Langfuse parsed JSON text into objects in some exports; the text is written back with
    Python's ``json.dumps`` defaults, the encoding pydantic-ai and the Microsoft Agent Framework
    use for the JSON text attributes of the exports Langfuse kept as text.
    """
    if isinstance(value, dict) or (
        isinstance(value, list) and any(isinstance(v, dict | list) for v in value)
    ):
        return json.dumps(value)
    return value


def _object(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        value = json.loads(value) if value else {}
    return value if isinstance(value, dict) else {}


def langfuse_spans(text: str, restore: Callable[..., tuple[str, str] | None] | None) -> Any:
    """A Langfuse trace export as spans in the OpenTelemetry SDK's JSON shape (L, and R)."""
    spans = []
    for o in json.loads(text)["observations"]:
        meta = _object(o.get("metadata"))
        attributes = {k: _as_text(v) for k, v in _object(meta.get("attributes")).items()}
        resource = {k: _as_text(v) for k, v in _object(meta.get("resourceAttributes")).items()}
        scope = _object(meta.get("scope"))
        keys = restore(o["name"], attributes) if restore else None
        for key, value in zip(keys or (), (o.get("input"), o.get("output")), strict=False):
            if value is not None and key not in attributes:
                attributes[key] = value if isinstance(value, str) else json.dumps(value)
        status: dict[str, Any] = {"status_code": "ERROR" if o.get("level") == "ERROR" else "UNSET"}
        if o.get("statusMessage") is not None:
            status["description"] = o["statusMessage"]
        spans.append(
            {
                "name": o["name"],
                "context": {"trace_id": o["traceId"], "span_id": o["id"]},
                "parent_id": o.get("parentObservationId"),
                "start_time": o.get("startTime"),
                "end_time": o.get("endTime"),
                "status": status,
                "attributes": attributes,
                "resource": {"attributes": resource},
                "instrumentation_scope": {
                    "name": scope.get("name"),
                    "version": scope.get("version"),
                },
            }
        )
    return spans


# ------------------------------------------------------------------ S: Logfire test snapshots

_PLACEHOLDER = object()
"""A dirty-equals matcher (``IsStr()``...): the snapshot holds no value there."""


def _literal(node: ast.expr) -> Any:
    """A Python literal, with dirty-equals calls as `_PLACEHOLDER`; tuples stay tuples."""
    if isinstance(node, ast.Call):
        return _PLACEHOLDER
    if isinstance(node, ast.Dict):
        out = {}
        for k, v in zip(node.keys, node.values, strict=True):
            assert k is not None, "no ** in a snapshot"
            value = _literal(v)
            if value is not _PLACEHOLDER:
                out[ast.literal_eval(k)] = value
        return out
    if isinstance(node, ast.List | ast.Tuple):
        items = [_literal(e) for e in node.elts]
        assert _PLACEHOLDER not in items, "a matcher inside a list"
        return items if isinstance(node, ast.List) else tuple(items)
    return ast.literal_eval(node)


def _logfire_json(value: Any) -> str:
    """JSON text as Logfire writes attributes (``logfire_json_dumps``: compact, non-ASCII kept)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _logfire_attributes(attributes: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in attributes.items():
        if isinstance(value, dict | list):
            value = _logfire_json(value)
        elif isinstance(value, tuple):
            value = list(value)
        out[key] = value
    return out


def logfire_spans(source: str, test: str) -> Any:
    """The spans a Logfire test's inline snapshot holds, as JSON (S)."""
    tree = ast.parse(source)
    function = next(
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == test
    )
    snapshots = [
        n.comparators[0]
        for n in ast.walk(function)
        if isinstance(n, ast.Compare)
        and "exported_spans_as_dict" in ast.unparse(n.left)
        and isinstance(n.comparators[0], ast.Call)
        and ast.unparse(n.comparators[0].func) == "snapshot"
    ]
    assert len(snapshots) == 1, f"{test}: {len(snapshots)} span snapshots"
    spans = _literal(snapshots[0].args[0])  # type: ignore[attr-defined]
    for span in spans:
        span["attributes"] = _logfire_attributes(span["attributes"])
        for event in span.get("events", []):
            event["attributes"] = _logfire_attributes(event.get("attributes", {}))
    return spans


# ------------------------------------------------------------------ P: protobufjs → OTLP/JSON

_TOKEN = re.compile(
    r"""\s+|//[^\n]*|/\*.*?\*/|(?P<str>"(?:[^"\\\n]|\\.)*")|(?P<num>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
    |(?P<name>[A-Za-z_$][\w$]*)|(?P<punct>[{}\[\]:,])""",
    re.DOTALL | re.VERBOSE,
)


def _tokens(text: str, start: int) -> Iterator[tuple[str, Any]]:
    pos = start
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise ValueError(f"unexpected {text[pos : pos + 20]!r} in the test's literal")
        pos = m.end()
        if m.lastgroup == "str":
            yield "value", json.loads(m.group())
        elif m.lastgroup == "num":
            n = m.group()
            yield "value", float(n) if "." in n or "e" in n.lower() else int(n)
        elif m.lastgroup == "name":
            yield "name", m.group()
        elif m.lastgroup == "punct":
            yield m.group(), None


def _js_value(tokens: Iterator[tuple[str, Any]], first: tuple[str, Any] | None = None) -> Any:
    """One JavaScript literal value (objects, arrays, strings, numbers, true/false/null)."""
    kind, value = first or next(tokens)
    if kind == "value":
        return value
    if kind == "name":
        return {"true": True, "false": False, "null": None}[value]
    if kind == "[":
        items = []
        for token in tokens:
            if token[0] == "]":
                return items
            if token[0] != ",":
                items.append(_js_value(tokens, token))
    if kind == "{":
        out = {}
        for token in tokens:
            if token[0] == "}":
                return out
            if token[0] == ",":
                continue
            key = token[1]
            assert next(tokens)[0] == ":", f"no ':' after {key!r}"
            out[key] = _js_value(tokens)
    raise ValueError(f"unexpected {kind!r} in the test's literal")


def _otlp(value: Any) -> Any:
    """protobufjs' decoded values as OTLP/JSON: byte ids as hex, 64-bit integers as text."""
    if isinstance(value, list):
        return [_otlp(v) for v in value]
    if not isinstance(value, dict):
        return value
    if set(value) == {"type", "data"} and value["type"] == "Buffer":
        return bytes(value["data"]).hex()
    if set(value) == {"low", "high", "unsigned"}:
        n = (value["high"] << 32) | (value["low"] & 0xFFFFFFFF)
        if not value["unsigned"] and n >= 1 << 63:
            n -= 1 << 64
        return str(n)
    return {k: _otlp(v) for k, v in value.items()}


def otlp_json(source: str, title: str) -> Any:
    """The resource span a Langfuse test builds, as an OTLP/JSON export request (P)."""
    test = source.index(f'it("{title}"')
    start = source.index("const resourceSpan = ", test) + len("const resourceSpan = ")
    return {"resourceSpans": [_otlp(_js_value(_tokens(source, start)))]}


# ------------------------------------------------------------------ checking and writing


def trace_ids(data: Any) -> list[str]:
    """Trace ids in order of first appearance, as the truth writes them (32 hex digits)."""
    spans = data
    if isinstance(data, dict):  # OTLP/JSON
        spans = [s for r in data["resourceSpans"] for ss in r["scopeSpans"] for s in ss["spans"]]
    ids = (s["traceId"] if "traceId" in s else s["context"]["trace_id"] for s in spans)
    return list(dict.fromkeys(format(i, "032x") if isinstance(i, int) else i.lower() for i in ids))


def build(entry: Entry, snapshots: dict[str, Snapshot]) -> Any:
    source = snapshots[entry.repo].read(entry.path)
    if entry.conversion == "S":
        return logfire_spans(source, entry.item)
    if entry.conversion == "P":
        return otlp_json(source, entry.item)
    name = Path(entry.out).stem
    restore = next((r for prefix, r in RESTORE.items() if name.startswith(prefix)), None)
    assert (restore is not None) == ("R" in entry.conversion), entry.out
    return langfuse_spans(source, restore)


def render(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--langfuse", type=Path, required=True, help="a langfuse/langfuse clone")
    parser.add_argument("--logfire", type=Path, required=True, help="a pydantic/logfire clone")
    parser.add_argument("--out", type=Path, default=TRACES, help="where to write (%(default)s)")
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    parser.add_argument("files", nargs="*", help="only these (e.g. koog/koog-2025-08-26.json)")
    args = parser.parse_args(argv)
    unknown = set(args.files) - {e.out for e in ENTRIES}
    if unknown:
        parser.error(f"not in the corpus: {', '.join(sorted(unknown))}")
    snapshots = {
        "langfuse": Snapshot(args.langfuse, LANGFUSE),
        "logfire": Snapshot(args.logfire, LOGFIRE),
    }
    failed = 0
    for entry in ENTRIES:
        if args.files and entry.out not in args.files:
            continue
        data = build(entry, snapshots)
        truth = json.loads((TRACES / entry.out.replace(".json", ".expected.json")).read_text())
        problems = []
        if truth["trace_file"] != entry.out:
            problems.append(f"truth names {truth['trace_file']}")
        if [t["trace_id"] for t in truth["traces"]] != trace_ids(data):
            problems.append(f"trace ids {trace_ids(data)} are not the truth's")
        target = args.out / entry.out
        text = render(data)
        if args.check:
            if not target.is_file() or target.read_text(encoding="utf-8") != text:
                problems.append(f"differs from {target}")
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        failed += bool(problems)
        status = "; ".join(problems) or ("same" if args.check else "written")
        print(f"{entry.out:62} {entry.conversion:5} {status}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
