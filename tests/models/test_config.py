"""Model configs: names, per-provider defaults, validation, prices."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from fourfold._fielddocs import field_doc
from fourfold.errors import UnknownNameError
from fourfold.models import DEFAULT_MAX_TOKENS, ModelConfig, Prices, get_model, price_of


@pytest.mark.parametrize(
    ("model", "provider", "name", "endpoint", "key_var", "json_schema"),
    [
        (
            "openai/gpt-4.1-mini",
            "openai",
            "gpt-4.1-mini",
            "https://api.openai.com/v1",
            "OPENAI_API_KEY",
            True,
        ),
        (
            "anthropic/claude-sonnet-4-5",
            "anthropic",
            "claude-sonnet-4-5",
            "https://api.anthropic.com/v1",
            "ANTHROPIC_API_KEY",
            False,
        ),
        ("ollama/llama3.1", "ollama", "llama3.1", "http://localhost:11434/v1", None, True),
        ("vllm/Qwen/Qwen2.5-7B", "vllm", "Qwen/Qwen2.5-7B", "http://localhost:8000/v1", None, True),
        ("mock/anything", "mock", "anything", None, None, True),
    ],
)
def test_defaults_per_provider(
    model: str,
    provider: str,
    name: str,
    endpoint: str | None,
    key_var: str | None,
    json_schema: bool,
) -> None:
    config = ModelConfig(model=model)
    assert (config.provider, config.name) == (provider, name)
    assert config.endpoint == endpoint
    assert config.api_key_var == key_var
    assert config.supports_json_schema is json_schema
    assert (config.concurrency, config.timeout, config.max_retries) == (16, 60.0, 4)
    assert (config.temperature, config.rpm, config.tpm, config.max_tokens) == (
        0.0,
        None,
        None,
        DEFAULT_MAX_TOKENS,
    )
    assert not config.sets_max_tokens
    # Local servers stream, so a small model's loop is stopped as soon as it shows.
    assert config.streams is (provider in ("ollama", "vllm"))


@pytest.mark.parametrize(
    ("fields", "attribute", "expected"),
    [
        ({"base_url": "http://gpu:8000/v1/"}, "endpoint", "http://gpu:8000/v1"),
        ({"api_key_env": "MY_KEY"}, "api_key_var", "MY_KEY"),
        ({"api_key_env": ""}, "api_key_var", None),
        ({"json_schema_output": False}, "supports_json_schema", False),
    ],
)
def test_overrides(fields: dict[str, Any], attribute: str, expected: Any) -> None:
    assert getattr(ModelConfig(model="openai/gpt-4.1", **fields), attribute) == expected


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"model": "gpt-4.1"}, "write provider/name"),
        ({"model": "/gpt-4.1"}, "write provider/name"),
        ({"model": "openai/"}, "write provider/name"),
        ({"model": "openai-compatible/x"}, "needs a base_url"),
        ({"model": "openai/x", "concurrency": 0}, "greater than or equal to 1"),
        ({"model": "openai/x", "timeout": 0}, "greater than 0"),
        ({"model": "openai/x", "rpm": -1}, "greater than 0"),
        ({"model": "openai/x", "max_retries": -1}, "greater than or equal to 0"),
        ({"model": "openai/x", "api_key": "sk-..."}, "Extra inputs are not permitted"),
        ({"model": "openai/x", "prices": {"input_per_mtok": 1}}, "output_per_mtok"),
    ],
)
def test_bad_configs(fields: dict[str, Any], words: str) -> None:
    with pytest.raises(ValidationError, match=words):
        ModelConfig(**fields)


def test_an_unknown_provider_is_named_with_suggestions() -> None:
    with pytest.raises(UnknownNameError, match="unknown provider 'opanai'") as caught:
        get_model(ModelConfig(model="opanai/gpt-4.1"))
    assert "openai" in str(caught.value)


def test_get_model_takes_a_name() -> None:
    assert get_model("mock/x").name == "mock/x"


def test_fields_are_documented() -> None:
    # The docstring under each field is what the suite's error hints quote.
    assert [name for name in ModelConfig.model_fields if not field_doc(ModelConfig, name)] == []


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("gpt-4.1-mini", (0.40, 1.60)),
        ("gpt-4o-2024-08-06", (2.50, 10.00)),
        ("claude-sonnet-4-5-20250929", (3.00, 15.00)),
        ("claude-3-5-haiku-latest", (0.80, 4.00)),
        ("llama3.1", None),
        ("gpt-4.1-mini-finetuned", None),
    ],
)
def test_the_price_table(name: str, expected: tuple[float, float] | None) -> None:
    price = price_of(name)
    if expected is None:
        assert price is None
    else:
        assert price == Prices(input_per_mtok=expected[0], output_per_mtok=expected[1])
