"""Run ids: made before a store is opened (a new run may start its calls first)."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

__all__ = ["new_run_id"]


def new_run_id(now: datetime | None = None) -> str:
    """Make a run id: the UTC time (so ids sort in time) and a random suffix.

    For example ``20261129-193755-a1b2c3``.

    Args:
        now: the time to stamp (default: the current time).

    Examples:
        >>> from datetime import UTC, datetime
        >>> rid = new_run_id(datetime(2026, 11, 29, 19, 37, 55, tzinfo=UTC))
        >>> rid.startswith("20261129-193755-"), len(rid)
        (True, 22)
    """
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{secrets.token_hex(3)}"
