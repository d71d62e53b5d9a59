"""Fixtures for the adapter tests: agent modules written to a temporary folder, and a runner."""

from __future__ import annotations

import asyncio
import sys
import textwrap
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fourfold.agents import Agent
from fourfold.cases import Case
from fourfold.trace import Trace

RunAgent = Callable[..., list[Trace]]


@pytest.fixture(autouse=True)
def _isolated_imports(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Undo what make_agent does to sys.path, and forget the modules a test wrote."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith("ff_agent_"):
            del sys.modules[name]


@pytest.fixture
def write_module(tmp_path: Path) -> Callable[[str], str]:
    """Write source to a uniquely named module in tmp_path/lib and return the module's name."""

    def write(source: str) -> str:
        name = f"ff_agent_{uuid.uuid4().hex[:12]}"
        lib = tmp_path / "lib"
        lib.mkdir(exist_ok=True)
        (lib / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
        return name

    return write


@pytest.fixture
def run_agent() -> RunAgent:
    """Run trials concurrently on one event loop, then close the agent.

    Each trial is a case, or a (case, repeat) pair; the seed is 0 unless given.
    """

    def run(agent: Agent, *trials: Case | tuple[Case, int], seed: int = 0) -> list[Trace]:
        async def main() -> list[Trace]:
            try:
                pairs = [t if isinstance(t, tuple) else (t, 0) for t in trials]
                return list(
                    await asyncio.gather(
                        *(agent.run(case, seed=seed, repeat=r) for case, r in pairs)
                    )
                )
            finally:
                await agent.aclose()

        return asyncio.run(main())

    return run
