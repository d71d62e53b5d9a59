"""Built-in grounding checks."""

from __future__ import annotations

__all__: list[str] = []
