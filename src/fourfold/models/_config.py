"""How a model is configured: its name, where it lives, its key and its limits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = [
    "DEFAULT_MAX_TOKENS",
    "KEY_HEADERS",
    "ModelConfig",
    "Prices",
    "ProviderDefaults",
    "key_headers",
    "provider_defaults",
]

DEFAULT_MAX_TOKENS = 4096
"""The output cap of a call whose request and model config set none: a reply that runs on
ends there rather than at the timeout."""

KEY_HEADERS = frozenset({"authorization", "x-api-key", "api-key"})
"""Headers (lower-cased) that carry an API key: configuring one gives the key by hand."""


def key_headers(headers: Mapping[str, str]) -> list[str]:
    """The headers of `headers` that carry an API key (`KEY_HEADERS`), as written.

    Examples:
        >>> key_headers({"Authorization": "Bearer x", "OpenAI-Organization": "org"})
        ['Authorization']
    """
    return [name for name in headers if name.lower() in KEY_HEADERS]


@dataclass(frozen=True, slots=True)
class ProviderDefaults:
    """What a provider prefix means when the config leaves it open."""

    base_url: str | None
    api_key_env: str | None
    json_schema_output: bool
    label: str
    """The provider's name in messages."""
    stream: bool = False
    """Whether replies are streamed (so a loop is stopped as it starts)."""


_DEFAULTS: dict[str, ProviderDefaults] = {
    "openai": ProviderDefaults("https://api.openai.com/v1", "OPENAI_API_KEY", True, "OpenAI"),
    "anthropic": ProviderDefaults(
        "https://api.anthropic.com/v1", "ANTHROPIC_API_KEY", False, "Anthropic"
    ),
    # Local servers stream: a small model's loop is stopped as soon as it shows.
    "ollama": ProviderDefaults("http://localhost:11434/v1", None, True, "Ollama", stream=True),
    "vllm": ProviderDefaults("http://localhost:8000/v1", None, True, "vLLM", stream=True),
    "llamacpp": ProviderDefaults(
        "http://localhost:8080/v1", None, True, "llama.cpp server", stream=True
    ),
    "lmstudio": ProviderDefaults("http://localhost:1234/v1", None, True, "LM Studio", stream=True),
    "openai-compatible": ProviderDefaults(None, None, True, "the OpenAI-compatible endpoint"),
    "mock": ProviderDefaults(None, None, True, "the mock provider"),
}


def provider_defaults(provider: str) -> ProviderDefaults:
    """The defaults of a provider prefix (an unknown one: no URL, no key, JSON schema on)."""
    return _DEFAULTS.get(provider, ProviderDefaults(None, None, True, provider))


class Prices(BaseModel):
    """What a model costs, in US dollars per million tokens."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    input_per_mtok: float = Field(ge=0)
    """USD per million input (prompt) tokens."""
    output_per_mtok: float = Field(ge=0)
    """USD per million output (completion) tokens."""


class ModelConfig(BaseModel):
    """One model: which, where, with which key, and how hard fourfold may call it.

    Examples:
        >>> ModelConfig(model="openai/gpt-4.1-mini").api_key_var
        'OPENAI_API_KEY'
        >>> ModelConfig(model="ollama/llama3.1").endpoint
        'http://localhost:11434/v1'
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str
    """``provider/name``: ``openai/gpt-4.1-mini``, ``anthropic/claude-sonnet-4-5``,
    ``ollama/llama3.1``, ``vllm/Qwen2.5-7B``, ``openai-compatible/<name>`` (with `base_url`),
    ``mock/<anything>`` (scripted, for tests)."""
    base_url: str | None = None
    """The API's base URL, up to and including ``/v1`` (default: the provider's own; required
    for ``openai-compatible``)."""
    api_key_env: str | None = None
    """The NAME of the environment variable that holds the API key, never the key itself
    (default: OPENAI_API_KEY for openai, ANTHROPIC_API_KEY for anthropic, none for local
    servers; an empty string sends no key). The key is sent as ``Authorization: Bearer
    <key>`` (``x-api-key`` to Anthropic). A key header in `headers` replaces the default
    variable; naming a variable here and giving a key header too is an error."""
    headers: dict[str, str] = Field(default_factory=dict, repr=False)
    """HTTP headers sent with every call, exactly as written; ``${VAR}`` in a value is
    read from the environment. A key header (``Authorization``, ``x-api-key``,
    ``api-key``) gives the key by hand: the provider's default key variable is then not
    read, and an explicit `api_key_env` is refused (say where the key comes from once).
    Other headers win over what fourfold would send (``anthropic-version``). Values are
    secrets: never shown, and redacted from what a run stores."""
    concurrency: int = Field(default=16, ge=1, le=4096)
    """How many calls may be in flight at once (also the size of the connection pool)."""
    rpm: float | None = Field(default=None, gt=0)
    """Requests per minute at most (None: no limit). Spread evenly, with a burst of at most one
    second's worth."""
    tpm: float | None = Field(default=None, gt=0)
    """Tokens (input + output) per minute at most (None: no limit)."""
    timeout: float = Field(default=60.0, gt=0)
    """Seconds one HTTP attempt may take, from sending to the whole reply."""
    max_retries: int = Field(default=4, ge=0, le=100)
    """Retries after a rate limit, server error, timeout or lost connection."""
    temperature: float | None = 0.0
    """Sampling temperature for requests that set none (None: the provider's default)."""
    max_tokens: int | None = Field(default=DEFAULT_MAX_TOKENS, ge=1)
    """Maximum output tokens for requests that set none. The default, 4096, ends a reply
    that runs on; judges, whose replies are short, ask for at most 512 unless this is set
    in the config. ``null`` sends no cap (the provider's own default). A reasoning model
    spends these tokens on its reasoning too: give it room (e.g. 16000)."""
    stream: bool | None = None
    """Stream replies (OpenAI-compatible endpoints), so that a reply that loops is stopped
    as soon as the loop shows rather than at the output cap or the timeout. None: the
    provider's default, on for local servers (``llamacpp``, ``ollama``, ``vllm``,
    ``lmstudio``) and off elsewhere."""
    prices: Prices | None = None
    """Override the built-in price table for this model."""
    json_schema_output: bool | None = None
    """Whether the endpoint takes ``response_format: json_schema`` (None: the provider's
    default: yes for OpenAI-compatible endpoints, no for Anthropic, which is asked in the
    prompt instead)."""

    @field_validator("model")
    @classmethod
    def _provider_and_name(cls, value: str) -> str:
        provider, sep, name = value.partition("/")
        if not sep or not provider or not name:
            raise ValueError(
                f"{value!r} is not a model name: write provider/name, e.g. "
                "openai/gpt-4.1-mini, anthropic/claude-sonnet-4-5, ollama/llama3.1 or "
                "mock/model"
            )
        return value

    @model_validator(mode="after")
    def _needs_a_url(self) -> ModelConfig:
        if self.base_url is None and self.provider == "openai-compatible":
            raise ValueError(
                f"{self.model} needs a base_url: the URL of the endpoint, up to and including "
                "/v1 (e.g. http://localhost:8000/v1)"
            )
        return self

    @model_validator(mode="after")
    def _one_key(self) -> ModelConfig:
        given = key_headers(self.headers)
        if given and self.api_key_env:
            raise ValueError(
                f"{self.model} is given its key twice: by api_key_env ({self.api_key_env}) "
                f"and by the {given[0]} header; keep one: remove the header (api_key_env "
                "sends the key in it), or remove api_key_env to send the header as written"
            )
        return self

    @property
    def provider(self) -> str:
        """The provider prefix (``openai`` of ``openai/gpt-4.1-mini``)."""
        return self.model.partition("/")[0]

    @property
    def name(self) -> str:
        """The model as the provider names it (``gpt-4.1-mini``; may itself hold slashes)."""
        return self.model.partition("/")[2]

    @property
    def endpoint(self) -> str | None:
        """The base URL in use: the configured one, else the provider's default."""
        url = self.base_url or provider_defaults(self.provider).base_url
        return url.rstrip("/") if url else None

    @property
    def api_key_var(self) -> str | None:
        """The environment variable the key is read from (None: no key is read).

        None as well when `headers` has a key header: the header carries the key.
        """
        if self.api_key_env is not None:
            return self.api_key_env or None
        if key_headers(self.headers):
            return None
        return provider_defaults(self.provider).api_key_env

    @property
    def streams(self) -> bool:
        """Whether replies are streamed: `stream`, else the provider's default."""
        if self.stream is not None:
            return self.stream
        return provider_defaults(self.provider).stream

    @property
    def sets_max_tokens(self) -> bool:
        """Whether the config itself sets `max_tokens` (rather than leaving the default)."""
        return "max_tokens" in self.model_fields_set

    @property
    def supports_json_schema(self) -> bool:
        """Whether JSON-schema output is requested from the endpoint."""
        if self.json_schema_output is not None:
            return self.json_schema_output
        return provider_defaults(self.provider).json_schema_output
