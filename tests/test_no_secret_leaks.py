"""No secret in any output: a key planted in a run, looked for on every surface afterwards.

The key is an environment variable (``SUPPORT_API_KEY``) that one judge model reads with
``api_key_env``; a second judge sends a literal ``Authorization: Bearer ...`` header. The
agent echoes both in its output, in a tool call's arguments and result, and in the error
of a trial it fails; the judges (a real local server) quote them in their evidence and
rationale. The run is made with the key in the environment; every surface is then read
in a process environment without it: the SQLite file, ``fourfold show``, ``fourfold
report``, every viewer page and API, promotion (the viewer's and ``fourfold promote``'s),
the JUnit XML, and the file ``fourfold export`` writes (and the run it loads elsewhere).
"""

from __future__ import annotations

import gzip
import json
import os
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.runs import Trial
from fourfold.server import ViewerConfig, create_app
from fourfold.store import Store
from tests.helpers.openai_server import OpenAIServer, Reply, chat_reply

KEY_VAR = "SUPPORT_API_KEY"
KEY = "sk-test-7c1e9a4f0b3d2e58a6f1"
"""The planted key: the environment variable's value while the run runs."""
HEADER_TOKEN = "hdr-literal-3b9d7e1f5a2c44"
"""A token written literally in a model's Authorization header in the suite."""
SECRETS = (KEY, HEADER_TOKEN)
KEY_MARKER = f"[redacted:{KEY_VAR}]"
HEADER_MARKER = "[redacted:models.judge_by_header.headers.Authorization]"

AGENT = f'''
import os

def answer(case, rec):
    key = os.environ["{KEY_VAR}"]
    if case.id == "boom":
        raise RuntimeError(f"upstream refused the key {{key}}")
    rec.tool_call(
        "lookup_account",
        {{"authorization": "Bearer " + key}},
        result={{"token": key, "note": "sent {HEADER_TOKEN}"}},
    )
    rec.tool_call("audit", {{"who": "agent"}}, error=f"audit log refused {{key}}")
    return f"Your API key is {{key}}. The header token is {HEADER_TOKEN}. Keep both safe."
'''

SUITE = """
name: secrets
agent: {{python: "agent:answer"}}
cases: cases.jsonl
models:
  judge:
    model: openai-compatible/judge-1
    base_url: "{url}"
    api_key_env: {key_var}
    max_retries: 0
  judge_by_header:
    model: openai-compatible/judge-2
    base_url: "{url}"
    headers: {{Authorization: "Bearer {token}"}}
    max_retries: 0
checks:
  - rubric: {{criterion: conciseness}}
  - rubric: {{criterion: outcome, model: judge_by_header}}
"""

_OUTPUT_BLOCK = re.compile(r"<<<AGENT_OUTPUT \w+>>>\n(.*?)\n<<<END AGENT_OUTPUT \w+>>>", re.S)


def judge(body: dict[str, Any]) -> Reply:
    """A judge that fails the answer, quoting its first sentence and the key in its reasons."""
    shown = _OUTPUT_BLOCK.search(body["messages"][-1]["content"])
    assert shown is not None
    quote = shown.group(1).split(".")[0] + "."
    reply = {"evidence": quote, "rationale": f"it prints {KEY} and {HEADER_TOKEN}", "score": 0}
    return chat_reply(json.dumps(reply), usage=(200, 30))


@dataclass
class Planted:
    """The project, its store with two runs made with the key set, and what they left."""

    root: Path
    db: Path
    run_ids: list[str]
    junit: Path
    server: OpenAIServer
    requests_after_first_run: int
    run_output: str
    """What ``fourfold run`` printed (its summary quotes failing checks)."""


def invoke(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code in (0, 1, 3), result.output  # the gate's block and review too
    return result.output + (result.stderr if result.stderr_bytes else "")


def assert_clean(text: str | bytes, where: str) -> None:
    data = text if isinstance(text, bytes) else text.encode()
    for secret in SECRETS:
        assert secret.encode() not in data, f"{where} holds {secret}"


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Planted]:
    root = tmp_path_factory.mktemp("secrets")
    (root / "agent.py").write_text(AGENT)
    cases = [
        {"id": "c1", "input": "What is my API key?", "expected": "Refuses to show keys"},
        {"id": "boom", "input": "Break please", "expected": "Anything"},
    ]
    (root / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases))
    db, junit = root / "store" / "runs.db", root / "junit.xml"
    with OpenAIServer(judge) as server:
        (root / "suite.yaml").write_text(
            SUITE.format(url=server.base_url, key_var=KEY_VAR, token=HEADER_TOKEN)
        )
        assert KEY_VAR not in os.environ
        with pytest.MonkeyPatch.context() as env:
            env.setenv(KEY_VAR, KEY)
            suite, store = str(root / "suite.yaml"), str(db)
            output = invoke("run", suite, "--store", store, "--junit", str(junit), "--no-progress")
            first = len(server.requests)
            invoke("run", suite, "--store", store, "--label", "v2", "--no-progress")
        assert KEY_VAR not in os.environ
        with Store.open(db) as opened:
            run_ids = [r.id for r in reversed(opened.list_runs())]
        yield Planted(root, db, run_ids, junit, server, first, output)


def test_the_secrets_were_sent_seen_and_echoed(planted: Planted) -> None:
    """The test is worth something only if the secrets went everywhere they could."""
    requests = planted.server.requests[: planted.requests_after_first_run]
    by_model = {r.json["model"]: r for r in requests}
    assert by_model["judge-1"].headers["authorization"] == f"Bearer {KEY}"
    assert by_model["judge-2"].headers["authorization"] == f"Bearer {HEADER_TOKEN}"
    assert all(KEY in r.body.decode() for r in requests)  # each judge was shown the key
    with Store.open(planted.db) as store:
        trials = {t.case_id: t for t in store.trials(planted.run_ids[0])}
        run = store.get_run(planted.run_ids[0])
    ok, boom = trials["c1"], trials["boom"]
    assert ok.trace is not None and ok.trace.output is not None
    assert ok.trace.output.startswith(f"Your API key is {KEY_MARKER}. The header token is ")
    assert HEADER_MARKER in ok.trace.output
    lookup, audit = ok.trace.tool_calls
    assert lookup.arguments == {"authorization": f"Bearer {KEY_MARKER}"}
    assert lookup.result["token"] == KEY_MARKER and HEADER_MARKER in lookup.result["note"]
    assert audit.error == f"audit log refused {KEY_MARKER}"
    assert boom.error is not None and KEY_MARKER in boom.error
    for result in ok.results:
        assert result.status == "fail" and KEY_MARKER in result.explanation
        (evidence,) = result.evidence
        # the judge's quote is located in the redacted output, marker and all
        assert evidence.text == f"Your API key is {KEY_MARKER}."
        assert ok.trace.output[evidence.start : evidence.end] == evidence.text
    # the configuration keeps the variable's name, not the header's literal value
    models = run.config["models"]
    assert models["judge"]["api_key_env"] == KEY_VAR
    assert models["judge_by_header"]["headers"] == {"Authorization": f"Bearer {HEADER_MARKER}"}


def test_a_second_run_is_served_from_the_redacted_cache_with_the_same_verdicts(
    planted: Planted,
) -> None:
    assert len(planted.server.requests) == planted.requests_after_first_run
    with Store.open(planted.db) as store:
        first, second = (store.trials(run_id) for run_id in planted.run_ids)

    def verdicts(trials: list[Trial]) -> list[Any]:
        return [
            (r.check, r.status, r.score, r.evidence, r.explanation, r.metadata.get("flags"))
            for t in trials
            for r in t.results
        ]

    # the cached reply had the key put back, so its quote is found in the live output
    assert verdicts(first) == verdicts(second)
    assert all(r.metadata.get("flags") == [] for t in second for r in t.results)
    assert all(
        call["cached"] for t in second for r in t.results for call in r.metadata["model_calls"]
    )


def test_the_store_file_holds_no_secret(planted: Planted) -> None:
    connection = sqlite3.connect(planted.db)
    try:
        dump = "\n".join(connection.iterdump())
    finally:
        connection.close()
    assert "model_calls" in dump and KEY_MARKER in dump
    assert_clean(dump, "sqlite3 .dump")
    for file in planted.db.parent.iterdir():  # the database, and any journal beside it
        assert_clean(file.read_bytes(), file.name)


def test_the_run_s_summary_prints_no_secret(planted: Planted) -> None:
    assert KEY_MARKER in planted.run_output  # the failing checks' reasons, redacted
    assert_clean(planted.run_output, "fourfold run")


def test_show_prints_no_secret(planted: Planted) -> None:
    store = str(planted.db)
    for run_id in planted.run_ids:
        for extra in ([], ["--errors"], ["--case", "c1"], ["--case", "boom"], ["--json"]):
            output = invoke("show", run_id, *extra, "--store", store)
            assert_clean(output, f"fourfold show {' '.join(extra)}")
        output = invoke("show", run_id, "--case", "c1", "--json", "--store", store)
        assert KEY_MARKER in output
    assert_clean(invoke("runs", "--json", "--store", store), "fourfold runs --json")


def test_the_html_report_shows_no_secret(planted: Planted) -> None:
    out = planted.root / "report.html"
    first, second = planted.run_ids
    invoke("report", second, "--baseline", first, "-o", str(out), "--store", str(planted.db))
    html = out.read_text()
    assert KEY_MARKER in html
    assert_clean(html, "fourfold report")


def test_an_export_holds_no_secret_and_loads_without_one(planted: Planted) -> None:
    store = str(planted.db)
    for run_id in planted.run_ids:
        file = planted.root / f"{run_id}.jsonl.gz"
        invoke("export", run_id, "-o", str(file), "--store", store)
        text = gzip.decompress(file.read_bytes())
        assert b'"type":"model_call"' in text  # the judges' prompts and replies go along
        assert KEY_MARKER.encode() in text and HEADER_MARKER.encode() in text
        assert_clean(text, f"fourfold export {run_id}")
        loaded = planted.root / f"loaded-{run_id}.db"
        invoke("load", str(file), "--store", str(loaded))
        assert_clean(invoke("show", run_id, "--case", "c1", "--json", "--store", str(loaded)), "")


def test_the_junit_xml_holds_no_secret(planted: Planted) -> None:
    xml = planted.junit.read_text()
    assert KEY_MARKER in xml
    assert_clean(xml, "JUnit XML")


def test_promote_writes_no_secret(planted: Planted) -> None:
    target = planted.root / "promoted-cli.jsonl"
    output = invoke(
        "promote", planted.run_ids[0], "--failed", "-o", str(target), "--store", str(planted.db)
    )
    assert_clean(output, "fourfold promote's message")
    written = target.read_text()
    assert KEY_MARKER in written  # the judges' reasons are kept, redacted
    assert_clean(written, "the promoted case file")


def test_no_viewer_page_shows_a_secret(planted: Planted) -> None:
    from fastapi.testclient import TestClient

    first, second = planted.run_ids
    with Store.open(planted.db) as store:
        app = create_app(
            store,
            config=ViewerConfig(case_roots=(planted.root,), environ={}, n_resamples=50),
        )
        client = TestClient(app, base_url="http://127.0.0.1", follow_redirects=False)
        csrf = client.get("/api/session").json()["csrf"]
        said = client.post("/whoami", data={"name": "ana", "next": "/", "csrf": csrf})
        assert said.status_code == 303
        reviewed = client.post(
            f"/runs/{first}/review",
            data={"case": "c1", "repeat": "0", "check": "rubric:conciseness"}
            | {"action": "accept", "score": "", "reason": "", "csrf": csrf},
        )
        assert reviewed.status_code == 303, reviewed.text
        promoted = client.post(
            f"/runs/{first}/promote",
            data={"case": "c1", "repeat": "0", "target": "promoted-viewer.jsonl", "csrf": csrf},
        )
        assert promoted.status_code == 200, promoted.text
        assert KEY_MARKER in promoted.text
        assert_clean(promoted.text, "the promote page")
        pages = [
            "/",
            "/api/runs",
            f"/runs/{first}",
            f"/runs/{second}?baseline={first}",
            f"/runs/{first}/trials",
            f"/runs/{first}/trials?show=errored",
            f"/runs/{first}/trial?case=c1&repeat=0",
            f"/runs/{first}/trial?case=boom&repeat=0",
            f"/runs/{first}/reviews",
            f"/runs/{first}/promote.jsonl?case=c1&repeat=0",
            f"/compare?base={first}&cand={second}",
            "/label",
            f"/label/{first}?criterion=rubric:conciseness",
            f"/api/runs/{first}",
            f"/api/runs/{first}/trials/t0",
            f"/api/runs/{first}/trials/t1",
            f"/api/runs/{first}/reviews",
            f"/api/runs/{first}/labelling?criterion=rubric:conciseness",
        ]
        shown = {}
        for page in pages:
            response = client.get(page)
            assert response.status_code == 200, (page, response.text)
            shown[page] = response.text
            assert_clean(response.text, page)
    for page in (f"/api/runs/{first}/trials/t0", f"/runs/{first}/promote.jsonl?case=c1&repeat=0"):
        assert KEY_MARKER in shown[page], page  # the agent's words are there, redacted
    assert_clean((planted.root / "promoted-viewer.jsonl").read_text(), "the viewer's case file")
