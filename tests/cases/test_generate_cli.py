"""``fourfold generate`` end to end, against the real local OpenAI-compatible test server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.cases import load_cases
from tests.helpers.generate_builders import Script
from tests.helpers.openai_server import OpenAIServer, error


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["generate", *map(str, args)], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def suite(tmp_path: Path, server: OpenAIServer) -> Path:
    path = tmp_path / "suite.yaml"
    path.write_text(
        "name: gen\n"
        "agent: {python: 'agent:run'}\n"
        "models:\n"
        "  gen:\n"
        "    model: openai-compatible/test-model\n"
        f"    base_url: {server.base_url}\n"
        "    max_retries: 0\n"
        "  judge: openai/gpt-4.1-mini\n"
    )
    return path


def test_generate_writes_the_cases_and_the_coverage_beside_them(
    catalog: Path, suite: Path, tmp_path: Path, script: Script
) -> None:
    out = tmp_path / "generated.jsonl"
    code, stdout, stderr = invoke(
        catalog, "--kind", "catalog", "--suite", suite, "--model-name", "gen", "-o", out,
        "--per-record", "2", "--no-cache",
    )  # fmt: skip
    assert code == 0, stderr
    cases = load_cases(out)
    assert len(script.bodies) == 10 and len({c.metadata["source_id"] for c in cases}) == 10
    assert f"generated {len(cases)} cases from 10 records" in stdout
    assert "cases per intent × category" in stdout and "compatibility" in stdout
    table = json.loads((tmp_path / "generated.coverage.json").read_text())
    assert table["cases"] == len(cases)
    assert sum(n for row in table["counts"].values() for n in row.values()) == len(cases)
    assert "compatibility" in table["intents_without_cases"]
    assert ["compatibility", "footwear"] in table["empty"]


def test_dry_run_estimates_and_makes_no_request(
    catalog: Path, server: OpenAIServer, tmp_path: Path
) -> None:
    out = tmp_path / "cases.jsonl"
    code, stdout, _ = invoke(
        catalog, "--kind", "catalog", "--model", "openai/gpt-4.1-mini", "--dry-run", "-o", out
    )
    assert code == 0
    assert server.requests == []
    assert not out.exists()
    assert "dry run: 10 model calls, 30 queries asked for" in stdout
    assert "estimated cost: $0.0" in stdout and "openai/gpt-4.1-mini" in stdout
    assert "queries asked for, per intent × category" in stdout
    assert "no call was made" in stdout


def test_dry_run_without_a_price_or_a_model_says_the_cost_is_unknown(
    catalog: Path, suite: Path, server: OpenAIServer
) -> None:
    code, stdout, _ = invoke(catalog, "--kind", "catalog", "--dry-run")
    assert code == 0 and "cost: unknown (no model given" in stdout
    code, stdout, _ = invoke(
        catalog, "--kind", "catalog", "--suite", suite, "--model", "gen", "--dry-run"
    )
    assert code == 0 and "is not in the price table" in stdout
    assert server.requests == []


def test_resume_continues_a_limited_run(
    catalog: Path, suite: Path, tmp_path: Path, script: Script, server: OpenAIServer
) -> None:
    out = tmp_path / "cases.jsonl"
    common = ["--kind", "catalog", "--suite", suite, "--model", "gen", "-o", out, "--no-cache"]
    code, _, _ = invoke(catalog, *common, "--limit", "4", "--seed", "2")
    assert code == 0 and len(script.bodies) == 4
    first = set(script.bodies)
    code, stdout, _ = invoke(catalog, *common, "--seed", "2", "--resume", "--dry-run")
    assert code == 0 and "dry run: 6 model calls (4 already in the output)" in stdout
    script.bodies.clear()
    code, stdout, _ = invoke(catalog, *common, "--seed", "2", "--resume")
    assert code == 0
    assert not first & set(script.bodies) and len(script.bodies) == 6
    assert "skipped 4 records already in the output" in stdout
    assert len({c.metadata["source_id"] for c in load_cases(out)}) == 10


def test_a_model_error_for_one_record_exits_1_after_writing_the_others(
    catalog: Path, suite: Path, tmp_path: Path, script: Script
) -> None:
    script.overrides["P0003"] = error(500, "upstream exploded")
    out = tmp_path / "cases.jsonl"
    code, stdout, stderr = invoke(
        catalog, "--kind", "catalog", "--suite", suite, "--model", "gen", "-o", out, "--no-cache"
    )
    assert code == 1
    assert "failed P0003: ServerError" in stderr and "upstream exploded" in stderr
    assert "1 record failed (1 ServerError): P0003" in stdout and "--resume" in stdout
    assert "Traceback" not in stdout + stderr
    assert len({c.metadata["source_id"] for c in load_cases(out)}) == 9


def test_replies_come_from_the_store_cache_the_second_time(
    catalog: Path, suite: Path, tmp_path: Path, server: OpenAIServer
) -> None:
    out = tmp_path / "cases.jsonl"
    store = tmp_path / "runs.db"
    args = ["--kind", "catalog", "--suite", suite, "--model", "gen", "-o", out, "--store", store]
    code, _, _ = invoke(catalog, *args, "--limit", "3")
    assert code == 0 and len(server.requests) == 3
    first = out.read_text()
    code, stdout, _ = invoke(catalog, *args, "--limit", "3", "--overwrite")
    assert code == 0 and len(server.requests) == 3
    assert "3 calls (3 from the cache)" in stdout
    assert out.read_text() == first


def test_generate_from_articles_with_combinations(
    articles: Path, suite: Path, tmp_path: Path
) -> None:
    out = tmp_path / "support.jsonl"
    code, stdout, stderr = invoke(
        articles, "--kind", "articles", "--suite", suite, "--model", "gen", "-o", out,
        "--combine", "2", "--combinations", "2", "--no-cache",
    )  # fmt: skip
    assert code == 0, stderr
    cases = load_cases(out)
    combined = [c for c in cases if "source_ids" in c.metadata]
    assert len({c.metadata["source_id"] for c in combined}) == 2
    assert "combined" in stdout


CATALOG_ARGS = ["{catalog}", "--kind", "catalog"]
SUITE_ARGS = [*CATALOG_ARGS, "--suite", "{suite}"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["{tmp}/missing.jsonl", "--kind", "catalog", "--dry-run"], "missing.jsonl"),
        (["{catalog}", "--kind", "brochure"], "'brochure' is not one of"),
        (["{tmp}", "--kind", "catalog", "--dry-run"], "a catalog is one record file"),
        ([*CATALOG_ARGS, "--combine", "2", "--dry-run"], "--combine is for"),
        ([*CATALOG_ARGS, "--model", "gpt-4o"], "is not provider/name"),
        (CATALOG_ARGS, "no model to generate with"),
        ([*CATALOG_ARGS, "--model-name", "gen"], "give --suite too"),
        (SUITE_ARGS, "say which with --model-name"),
        ([*SUITE_ARGS, "--model", "nope"], "no model named 'nope'"),
        ([*CATALOG_ARGS, "--suite", "{tmp}/none.yaml", "--model", "g"], "none.yaml"),
        ([*CATALOG_ARGS, "--resume", "--overwrite"], "not both"),
        ([*CATALOG_ARGS, "--per-record", "7"], "1<=x<=6"),
        (["{bad}", "--kind", "catalog", "--dry-run"], "bad.jsonl:2: invalid JSON"),
        (["{articles}/returning-an-item.md", "--kind", "articles", "--dry-run"], "'.md' file"),
        ([*SUITE_ARGS, "--model", "gen", "-o", "{catalog}"], "the output exists"),
    ],
)
def test_bad_input_exits_2_with_what_is_wrong_and_no_traceback(
    catalog: Path,
    articles: Path,
    suite: Path,
    tmp_path: Path,
    server: OpenAIServer,
    args: list[str],
    message: str,
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "A1"}\n{"id": \n')
    values = {"tmp": tmp_path, "catalog": catalog, "suite": suite, "bad": bad, "articles": articles}
    code, stdout, stderr = invoke(*(a.format(**values) for a in args))
    assert code == 2
    assert message in " ".join((stdout + stderr).split())
    assert "Traceback" not in stdout + stderr
    assert server.requests == []
