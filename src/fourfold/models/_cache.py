"""The response cache: a model call's reply kept under its request's key.

`Model.generate` looks a request up by ``request.cache_key(provider)`` (the provider, the
model, the messages, every parameter and the caller's ``cache_salt``) and puts every reply
it really fetched, so a second run of an unchanged suite makes no model call, and the
prompt and raw reply of every call are kept.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ._types import ModelRequest, ModelResponse

__all__ = ["MemoryCache", "ResponseCache"]


@runtime_checkable
class ResponseCache(Protocol):
    """Where replies are kept by cache key."""

    def get(self, key: str) -> ModelResponse | None:
        """The reply stored under `key`, or None."""
        ...

    def put(
        self, key: str, request: ModelRequest, response: ModelResponse, *, provider: str = ""
    ) -> None:
        """Keep `response` (the reply to `request`, from `provider`) under `key`."""
        ...

    def flush(self) -> None:
        """Write what is buffered (a no-op for caches that do not buffer)."""
        ...


class MemoryCache:
    """A cache in a dict, for one process (tests, notebooks).

    Examples:
        >>> cache = MemoryCache()
        >>> cache.get("sha256:00") is None
        True
    """

    def __init__(self) -> None:
        self.entries: dict[str, tuple[str, ModelRequest, ModelResponse]] = {}
        """Every entry: key -> (provider, request, response)."""

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        return f"MemoryCache({len(self.entries)} entries)"

    def get(self, key: str) -> ModelResponse | None:
        """The reply stored under `key`, or None."""
        entry = self.entries.get(key)
        return None if entry is None else entry[2]

    def put(
        self, key: str, request: ModelRequest, response: ModelResponse, *, provider: str = ""
    ) -> None:
        """Keep `response` under `key`."""
        self.entries[key] = (provider, request, response)

    def flush(self) -> None:
        """Nothing to write."""
