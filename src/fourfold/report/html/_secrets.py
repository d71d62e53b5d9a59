"""Secrets a report must never show: API keys, header values, credentials in the environment.

The report renders no part of the run's configuration, so a key can only reach it through
what the agent or a judge wrote (an agent that echoes its environment, a tool that returns
a header). Every such value is masked wherever it occurs in the report's data, one bullet
per character so the evidence offsets into the text stay valid.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

__all__ = ["MASK", "collect_secrets", "redact"]

MASK = "\u2022"
"""What each character of a secret becomes."""

MIN_SECRET_LENGTH = 6
"""Shorter values are not treated as secrets: masking ``true`` or ``1`` everywhere would
deface the report and protect nothing."""

_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH", re.IGNORECASE)
_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
_PROVIDER_KEYS = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY")


def collect_secrets(config: Mapping[str, Any], environ: Mapping[str, str]) -> list[str]:
    """The values a report of a run with `config` must not contain, longest first.

    They are: the values of environment variables the configuration names (``api_key_env``,
    ``${VAR}`` in any string), the providers' default key variables, every variable whose
    name says it holds a credential (``*KEY*``, ``*TOKEN*``, ``*SECRET*``, ``*PASSWORD*``,
    ``*AUTH*``...), and the values of any ``headers`` or ``env`` mapping in the
    configuration, with their ``${VAR}`` references expanded.

    Args:
        config: the run's configuration (`fourfold.store.Run.config`).
        environ: the environment (``os.environ``).

    Examples:
        >>> collect_secrets({"models": {"j": {"api_key_env": "K"}}}, {"K": "sk-123456"})
        ['sk-123456']
    """
    names: set[str] = set(_PROVIDER_KEYS)
    names.update(name for name in environ if _SECRET_NAME.search(name))
    values: set[str] = set()
    for key, value in _walk(config):
        if key == "api_key_env" and isinstance(value, str):
            names.add(value)
        if isinstance(value, str):
            names.update(_VAR.findall(value))
    for mapping in _mappings_named(config, ("headers", "env")):
        for value in mapping.values():
            if isinstance(value, str):
                values.add(_VAR.sub(lambda m: environ.get(m.group(1), ""), value))
    values.update(environ[name] for name in names if name in environ)
    kept = {v for v in values if len(v.strip()) >= MIN_SECRET_LENGTH and not v.startswith("/")}
    return sorted(kept, key=lambda v: (-len(v), v))


def redact(data: Any, secrets: Iterable[str]) -> Any:
    """`data` (JSON-like) with every occurrence of a secret in its strings masked.

    Masks keep the length (one `MASK` per character), so offsets into the text stay
    valid. Keys of mappings are redacted too.
    """
    found = [s for s in secrets if s]
    if not found:
        return data
    return _redact(data, found)


def _redact(data: Any, secrets: list[str]) -> Any:
    if isinstance(data, str):
        for secret in secrets:
            if secret in data:
                data = data.replace(secret, MASK * len(secret))
        return data
    if isinstance(data, Mapping):
        return {_redact(k, secrets): _redact(v, secrets) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_redact(v, secrets) for v in data]
    return data


def _walk(data: Any, key: str | None = None) -> Iterator[tuple[str | None, Any]]:
    yield key, data
    if isinstance(data, Mapping):
        for k, v in data.items():
            yield from _walk(v, str(k))
    elif isinstance(data, list | tuple):
        for v in data:
            yield from _walk(v, key)


def _mappings_named(data: Any, names: tuple[str, ...]) -> Iterator[Mapping[str, Any]]:
    for key, value in _walk(data):
        if key in names and isinstance(value, Mapping):
            yield value
