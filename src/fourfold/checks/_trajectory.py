"""Built-in trajectory checks."""

from __future__ import annotations

__all__: list[str] = []
