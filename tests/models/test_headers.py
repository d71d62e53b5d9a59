"""Headers configured are the headers sent, checked on what a real local server received.

A key header (``Authorization``, ``x-api-key``, ``api-key``) gives the key by hand: the
provider's default key variable is then not read; naming a variable in ``api_key_env``
as well is refused. Any other configured header wins over fourfold's own.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pydantic import ValidationError

from fourfold import ConfigError, load_suite
from fourfold._cli import cli
from fourfold.models import ModelConfig, get_model
from fourfold.models._http import HttpProvider
from tests.helpers.model_builders import KEY, KEY_VAR, config_for, run_one
from tests.helpers.openai_server import OpenAIServer, anthropic_reply

ENV_KEY = "sk-env-key-that-must-not-be-sent"


def test_an_authorization_header_is_sent_as_written_not_the_default_key(
    openai_server: OpenAIServer, key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", ENV_KEY)
    config = config_for(
        openai_server, "openai/gpt-4.1-mini", headers={"Authorization": f"Bearer ${{{KEY_VAR}}}"}
    )
    assert config.api_key_var is None  # the header carries the key
    run_one(get_model(config))
    (received,) = openai_server.requests
    assert received.headers["authorization"] == f"Bearer {key}"
    assert ENV_KEY not in str(received.headers)


def test_a_key_header_to_anthropic_replaces_the_default_and_others_override(
    openai_server: OpenAIServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", ENV_KEY)
    openai_server.script(anthropic_reply("ok"))
    headers = {"X-Api-Key": "literal-key-123", "anthropic-version": "2024-10-22"}
    run_one(get_model(config_for(openai_server, "anthropic/claude-x", headers=headers)))
    (received,) = openai_server.requests
    assert received.headers["x-api-key"] == "literal-key-123"
    assert received.headers["anthropic-version"] == "2024-10-22"
    assert ENV_KEY not in str(received.headers)


def test_api_key_env_sends_the_key_beside_other_headers(
    openai_server: OpenAIServer, key: str
) -> None:
    headers = {"OpenAI-Organization": "org-1", "content-type": "application/json; charset=utf-8"}
    config = config_for(openai_server, api_key_env=KEY_VAR, headers=headers)
    run_one(get_model(config))
    (received,) = openai_server.requests
    assert received.headers["authorization"] == f"Bearer {key}"
    assert received.headers["openai-organization"] == "org-1"
    # a configured header wins over fourfold's own, whatever the case of its name
    assert received.headers["content-type"] == "application/json; charset=utf-8"


@pytest.mark.parametrize("header", ["Authorization", "authorization", "x-api-key", "api-key"])
def test_a_key_given_twice_is_refused(header: str) -> None:
    with pytest.raises(ValidationError, match="given its key twice") as caught:
        ModelConfig(model="openai/gpt-4.1-mini", api_key_env=KEY_VAR, headers={header: "x"})
    assert f"by the {header} header" in str(caught.value)
    assert "remove api_key_env" in str(caught.value)


def test_a_provider_given_its_key_twice_is_refused() -> None:
    with pytest.raises(ConfigError, match="given its key twice"):
        HttpProvider(
            name="openai",
            base_url="http://127.0.0.1:9/v1",
            api_key_env=KEY_VAR,
            headers={"Authorization": "Bearer x"},
        )


def test_an_empty_api_key_env_with_a_key_header_is_fine() -> None:
    config = ModelConfig(model="openai/x", api_key_env="", headers={"Authorization": "Bearer y"})
    assert config.api_key_var is None


SUITE = """name: twice
agent: {python: "agent:answer"}
cases: cases.jsonl
models:
  judge:
    model: openai/gpt-4.1-mini
    api_key_env: FOURFOLD_TEST_KEY
    headers: {Authorization: "Bearer ${FOURFOLD_TEST_KEY}"}
"""


def test_a_suite_giving_a_key_twice_is_bad_input_naming_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "suite.yaml").write_text(SUITE)
    (tmp_path / "cases.jsonl").write_text('{"id": "c", "input": "hi"}\n')
    with pytest.raises(ConfigError) as caught:
        load_suite(tmp_path / "suite.yaml")
    assert caught.value.line == 5 and "given its key twice" in str(caught.value)
    result = CliRunner().invoke(cli, ["validate", str(tmp_path / "suite.yaml")])
    assert result.exit_code == 2, result.output
    assert "suite.yaml:5" in result.output and "given its key twice" in result.output
    assert "Traceback" not in result.output
    assert KEY not in result.output
