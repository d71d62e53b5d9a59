"""The base of the result models, with pydantic alone: a module needing no arrays loads no numpy."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["_Result"]


class _Result(BaseModel):
    """A frozen, JSON-serializable result: stored with runs, compared in tests."""

    model_config = ConfigDict(extra="forbid", frozen=True)
