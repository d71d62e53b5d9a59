"""Hostile text and secrets in the HTML report, checked on the page's source.

The same report is opened in a browser in test_html_browser.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fourfold._secrets import MASK, collect_secrets, redact
from fourfold.report.html import load_report, render_report
from tests.helpers.hostile import LONG_LINE, PAYLOADS, SECRET, SECRET_HEADER, hostile_store

ENV = {"FOURFOLD_TEST_KEY": SECRET, "FOURFOLD_TEST_HDR": "env-header-value-77", "HOME": "/root"}


@pytest.fixture(scope="module")
def hostile_html(tmp_path_factory: pytest.TempPathFactory) -> str:
    store, run_id, _ = hostile_store(tmp_path_factory.mktemp("hostile") / "runs.db")
    with store:
        return render_report(load_report(store, run_id, environ=ENV))


def test_no_payload_reaches_the_page_as_markup(hostile_html: str) -> None:
    for payload in PAYLOADS:
        if "<" in payload:
            assert payload not in hostile_html, payload
    for tag in (
        "<img",
        "<iframe",
        "<svg onload",
        "<base",
        '<meta http-equiv="refresh',
        '<a href="javascript',
    ):
        assert tag not in hostile_html.replace("<svg xmlns", "")
    # the page's own scripts and data blocks, and nothing else
    scripts = re.findall(r"<script\b[^>]*>", hostile_html)
    assert scripts.count("<script>") == 1
    assert all(s == "<script>" or 'type="application/json"' in s for s in scripts)


def test_the_data_blocks_read_back_every_payload_literally(hostile_html: str) -> None:
    blocks = re.findall(
        r'<script type="application/json" id="([^"]+)">(.*?)</script>', hostile_html, flags=re.S
    )
    data = {block_id: json.loads(text) for block_id, text in blocks}
    index = data["ff-index"]
    case_ids = {row[0] for row in index["rows"]}
    for payload in PAYLOADS:
        assert any(payload in case_id for case_id in case_ids), payload
    pool = data.get("ff-pool", [])
    everything = json.dumps([data, pool], ensure_ascii=False)
    for payload in PAYLOADS:
        assert json.dumps(payload, ensure_ascii=False)[1:-1] in everything, payload
    assert LONG_LINE[:1000] in everything


def test_no_secret_reaches_the_page(hostile_html: str) -> None:
    assert SECRET not in hostile_html
    assert SECRET_HEADER not in hostile_html
    assert "env-header-value-77" not in hostile_html
    assert "FOURFOLD_TEST_KEY" not in hostile_html  # the configuration is never shown
    assert MASK * len(SECRET) in hostile_html  # where the agent leaked it


@pytest.mark.parametrize(
    ("config", "environ", "expected"),
    [
        ({"models": {"j": {"api_key_env": "MY_KEY"}}}, {"MY_KEY": "abcdef123"}, ["abcdef123"]),
        ({"x": "Bearer ${TOK}"}, {"TOK": "tok-99999"}, ["tok-99999"]),
        ({"agent": {"headers": {"A": "literal-secret"}}}, {}, ["literal-secret"]),
        ({"agent": {"env": {"API_TOKEN": "pre-${V}-post"}}}, {"V": "zz"}, ["pre-zz-post"]),
        # an agent's env entry is a credential when its name says so
        ({"agent": {"env": {"MODE": "production"}}}, {}, []),
        ({}, {"OPENAI_API_KEY": "sk-openai-1"}, ["sk-openai-1"]),
        ({}, {"GITHUB_TOKEN": "ghp-123456"}, ["ghp-123456"]),
        # short values and paths are not masked everywhere
        ({}, {"MY_TOKEN": "1", "SSH_AUTH_SOCK": "/tmp/ssh/agent.1"}, []),
        # an ordinary variable is not a secret
        ({}, {"LANG": "en_US.UTF-8"}, []),
    ],
)
def test_secrets_are_collected_from_the_config_and_the_environment(
    config: dict[str, object], environ: dict[str, str], expected: list[str]
) -> None:
    assert collect_secrets(config, environ) == expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ("key sk-1234567 here", f"key {MASK * 10} here"),
        ({"sk-1234567": ["x sk-1234567"]}, {MASK * 10: [f"x {MASK * 10}"]}),
        (["no secret", 3, None], ["no secret", 3, None]),
    ],
)
def test_redaction_keeps_lengths(data: object, expected: object) -> None:
    assert redact(data, ["sk-1234567"]) == expected


def test_the_report_command_masks_the_environment_s_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from fourfold._cli import cli

    store, run_id, _ = hostile_store(tmp_path / "runs.db")
    store.close()
    for name, value in ENV.items():
        monkeypatch.setenv(name, value)
    out = tmp_path / "r.html"
    result = CliRunner().invoke(
        cli, ["report", run_id, "-o", str(out), "--store", str(tmp_path / "runs.db")]
    )
    assert result.exit_code == 0, result.output
    html = out.read_text(encoding="utf-8")
    assert SECRET not in html and SECRET_HEADER not in html
