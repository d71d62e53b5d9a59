"""Locating the real fixtures in ../shared/data (or $FOURFOLD_SHARED_DATA); tests skip without."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def shared_data() -> Path:
    override = os.environ.get("FOURFOLD_SHARED_DATA")
    return Path(override) if override else ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared() -> Callable[..., Path]:
    """`shared("tau-bench", "historical_trajectories", ...)`: the path, or skip the test."""

    def find(*parts: str) -> Path:
        path = shared_data().joinpath(*parts)
        if not path.exists():
            pytest.skip(
                f"real fixture {'/'.join(parts)} not found under {shared_data()} "
                "(set FOURFOLD_SHARED_DATA to the shared data folder)"
            )
        return path

    return find
