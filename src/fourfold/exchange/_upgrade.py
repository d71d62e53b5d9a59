"""Bringing the records of an older export to the current version, one version at a time.

A file says its version in its header; fourfold reads every version from 1 up to
`EXPORT_SCHEMA_VERSION`. ``UPGRADES[n]`` turns one line of a version-``n`` file into the
same line at version ``n + 1`` (a field added gets its value for old runs, a field renamed
its new name...); a version-``n`` line goes through every step from ``n``, so each step
is written once, against the version before it, and never changed after. The committed
files in ``tests/data/export/`` (one per version) prove each version still loads.

Version 2 added the ``note`` record: a version-1 file holds no notes, so its lines are
version-2 lines as they are (`v1_to_v2`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeAlias

from ._records import EXPORT_SCHEMA_VERSION

__all__ = ["UPGRADES", "Step", "upgrade", "v1_to_v2"]

Step: TypeAlias = Callable[[str, dict[str, Any]], dict[str, Any]]
"""One step: ``(kind, line) -> line`` one version up; `kind` is the record's ``type``, or
``header`` for the first line."""


def v1_to_v2(kind: str, line: dict[str, Any]) -> dict[str, Any]:
    """Version 1 to 2: the ``note`` record is new, so a version-1 line stays as it is."""
    del kind
    return line


UPGRADES: Mapping[int, Step] = {1: v1_to_v2}
"""``UPGRADES[n]``: the step from version ``n`` to ``n + 1``."""


def upgrade(
    kind: str,
    line: dict[str, Any],
    version: int,
    *,
    current: int = EXPORT_SCHEMA_VERSION,
    steps: Mapping[int, Step] = UPGRADES,
) -> dict[str, Any]:
    """`line`, a ``kind`` line of a version-`version` file, at version `current`.

    Raises:
        LookupError: a step between the two versions is missing (a bug of fourfold's).
    """
    for step_from in range(version, current):
        step = steps.get(step_from)
        if step is None:
            raise LookupError(f"no upgrade step from export version {step_from}")
        line = step(kind, line)
    return line
