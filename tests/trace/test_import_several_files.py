"""Several files imported as one export (`read_traces` with a list, ``fourfold import A B``).

What an exporter writes apart has to come together: a Collector's file exporter rotates its
files (a trace's spans end up in two), the traces and the logs signal are often exported to
files of their own, and the same batch can land in two files. Every OTLP JSON export of
the corpus, its spans scattered at random over two files and its log records in a third,
imports as the single file does.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.errors import ConfigError
from fourfold.integrations import read_traces
from tests.helpers.corpus import (
    CORPUS,
    OTLP_JSON,
    compared,
    dumped,
    export_name,
    export_stem,
    otlp_documents,
)

TAU = (
    CORPUS.parent
    / "tau"
    / "runs"
    / "tau-bench"
    / "aaronwu"
    / "llama-3.1-8b-instruct-airline.json.gz"
)
AGENT_FRAMEWORK = CORPUS / "microsoft-agent-framework" / "agent-framework-2026-12-03.json"
SAMPLE = [
    AGENT_FRAMEWORK,  # spans and per-message events on the logs signal
    CORPUS / "agno" / "agno-team-2026-12-03.json",  # a team: nested runs
    CORPUS / "openai" / "openai-v2-latest-events-2026-12-03.json",
]


def _scattered(source: Path, folder: Path) -> list[Path]:
    """`source`'s spans at random over two files (each its own requests), its logs in a third."""
    documents, _ = otlp_documents(source)
    rng = random.Random(export_name(source))
    parts: list[list[dict[str, Any]]] = [[], [], []]
    for document in documents:
        if "resourceLogs" in document:
            parts[2].append(document)
        for resource in document.get("resourceSpans", []):
            for scope in resource.get("scopeSpans", []):
                halves: list[list[Any]] = [[], []]
                for span in scope.get("spans", []):
                    halves[rng.randrange(2)].append(span)
                for part, spans in zip(parts, halves, strict=False):
                    if spans:
                        held = {**resource, "scopeSpans": [{**scope, "spans": spans}]}
                        part.append({"resourceSpans": [held]})
    files = []
    for n, part in enumerate(parts):
        if part:
            path = folder / f"{export_stem(source)}.{n}.jsonl"
            path.write_text("".join(json.dumps(d) + "\n" for d in part), encoding="utf-8")
            files.append(path)
    return files


def _dumped(files: list[Path]) -> list[dict[str, Any]]:
    return [imported.model_dump(mode="json") for imported in read_traces(files).traces]


@pytest.mark.parametrize("source", SAMPLE, ids=export_stem)
def test_an_export_scattered_over_files_imports_as_one(source: Path, tmp_path: Path) -> None:
    files = _scattered(source, tmp_path)
    assert len(files) >= 2
    assert compared(_dumped(files)) == compared(dumped(source))


@pytest.mark.slow
def test_every_export_of_the_corpus_scattered_over_files_imports_as_one(tmp_path: Path) -> None:
    different = [
        str(source.relative_to(CORPUS))
        for source in OTLP_JSON
        if compared(_dumped(_scattered(source, tmp_path))) != compared(dumped(source))
    ]
    assert len(OTLP_JSON) > 300
    assert different == []


def _spans_and_logs(folder: Path) -> tuple[Path, Path]:
    """The real export's spans, without the copies of the messages on them, and its logs."""
    spans, logs = (json.loads(line) for line in AGENT_FRAMEWORK.read_text("utf-8").splitlines())
    on_spans = {"gen_ai.input.messages", "gen_ai.output.messages", "gen_ai.system_instructions"}
    for resource in spans["resourceSpans"]:
        for scope in resource["scopeSpans"]:
            for span in scope["spans"]:
                span["attributes"] = [a for a in span["attributes"] if a["key"] not in on_spans]
    (spans_file := folder / "traces.json").write_text(json.dumps(spans), encoding="utf-8")
    (logs_file := folder / "logs.json").write_text(json.dumps(logs), encoding="utf-8")
    return spans_file, logs_file


def test_the_logs_signals_file_gives_the_spans_file_its_conversation(tmp_path: Path) -> None:
    spans_file, logs_file = _spans_and_logs(tmp_path)
    whole = read_traces(AGENT_FRAMEWORK).traces[0].trace
    [alone] = read_traces(spans_file).traces
    [joined] = read_traces([spans_file, logs_file]).traces
    assert len(alone.trace.messages) < len(whole.messages)
    assert [(m.role, m.content) for m in joined.trace.messages] == [
        (m.role, m.content) for m in whole.messages
    ]
    assert joined.trace.tool_calls == whole.tool_calls


def test_a_file_named_twice_or_a_batch_in_two_files_is_read_once(tmp_path: Path) -> None:
    copy = tmp_path / AGENT_FRAMEWORK.name
    copy.write_bytes(AGENT_FRAMEWORK.read_bytes())
    once = compared(dumped(AGENT_FRAMEWORK))
    assert compared(_dumped([AGENT_FRAMEWORK, AGENT_FRAMEWORK])) == once
    assert compared(_dumped([AGENT_FRAMEWORK, copy])) == once  # exact repeats dropped


def test_a_benchmark_file_is_read_on_its_own_beside_span_files(tmp_path: Path) -> None:
    spans = read_traces(AGENT_FRAMEWORK).traces
    tau = read_traces(TAU)
    both = read_traces([TAU, AGENT_FRAMEWORK])
    assert [t.trace_id for t in both.traces] == [t.trace_id for t in tau.traces + spans]
    assert both.skipped == tau.skipped


def test_logs_alone_in_several_files_say_the_spans_are_missing(tmp_path: Path) -> None:
    _, logs_file = _spans_and_logs(tmp_path)
    other = tmp_path / "more-logs.json"
    other.write_bytes(logs_file.read_bytes())
    with pytest.raises(ConfigError) as info:
        read_traces([logs_file, other])
    assert "the 2 files hold no spans, only" in info.value.message
    assert "give their file beside this one" in (info.value.hint or "")


@pytest.mark.parametrize("given", [[], ["folder"]])
def test_no_file_or_a_folder_is_refused_with_what_to_give(given: list[str], tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    with pytest.raises(ConfigError) as info:
        read_traces([tmp_path / name for name in given])
    hint = info.value.hint or ""
    assert ("name one or more files" in hint) if not given else ("folder/*.json" in hint)


def test_the_command_imports_several_files_and_names_a_missing_one(tmp_path: Path) -> None:
    spans_file, logs_file = _spans_and_logs(tmp_path)
    out = tmp_path / "replay.jsonl"
    runner = CliRunner()
    done = runner.invoke(cli, ["import", str(spans_file), str(logs_file), "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert "imported 1 trace of 1 case from 2 files" in done.output
    [line] = out.read_text("utf-8").splitlines()
    assert len(json.loads(line)["trace"]["messages"]) == len(
        read_traces(AGENT_FRAMEWORK).traces[0].trace.messages
    )
    missing = tmp_path / "gone.json"
    done = runner.invoke(cli, ["import", str(spans_file), str(missing), "-o", str(out)])
    assert done.exit_code == 2
    assert f"file not found: {missing}" in done.output
    assert "Traceback" not in done.output
    done = runner.invoke(cli, ["import"])
    assert done.exit_code == 2
    assert "Missing argument 'FILES...'" in done.output
