"""LangChain.js messages as its serialiser writes them, for the trace rule tests."""

from __future__ import annotations

from typing import Any

__all__ = ["lc"]


def lc(kind: str, **kwargs: Any) -> dict[str, Any]:
    """A message as LangChain.js serialises it (``{lc, type, id, kwargs}``)."""
    return {
        "lc": 1,
        "type": "constructor",
        "id": ["langchain_core", "messages", kind],
        "kwargs": kwargs,
    }
