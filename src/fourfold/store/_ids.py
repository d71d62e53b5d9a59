"""Run ids: made before a store is opened (a new run may start its calls first)."""

from __future__ import annotations

import secrets
import threading
from datetime import UTC, datetime

__all__ = ["new_run_id"]

_MADE: dict[str, set[str]] = {}
"""The suffixes this process has given each recent second's ids (the last `_SECONDS`)."""
_SECONDS = 64
_LOCK = threading.Lock()


def new_run_id(now: datetime | None = None) -> str:
    """Make a run id: the UTC time (so ids sort in time) and a random suffix.

    For example ``20261129-193755-a1b2c3``. A process never makes the same id twice (a
    suffix it has given that second is drawn again); two processes starting runs in the
    same second share an id once in 16.7 million pairs, which `Store.create_run` refuses.

    Args:
        now: the time to stamp (default: the current time).

    Examples:
        >>> from datetime import UTC, datetime
        >>> rid = new_run_id(datetime(2026, 11, 29, 19, 37, 55, tzinfo=UTC))
        >>> rid.startswith("20261129-193755-"), len(rid)
        (True, 22)
    """
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%d-%H%M%S")
    with _LOCK:
        given = _MADE.setdefault(stamp, set())
        suffix = secrets.token_hex(3)
        while suffix in given:
            suffix = secrets.token_hex(3)
        given.add(suffix)
        if len(_MADE) > _SECONDS:
            del _MADE[next(iter(_MADE))]  # the second first stamped the longest ago
    return f"{stamp}-{suffix}"
