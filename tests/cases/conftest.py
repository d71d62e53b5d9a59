"""Fixtures for the generation tests: the scripted OpenAI-compatible server and the data."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.generate_builders import CATALOG, Script
from tests.helpers.openai_server import OpenAIServer


@pytest.fixture
def script() -> Script:
    """Replies per record: valid cases for every intent asked, unless a test overrides one."""
    return Script()


@pytest.fixture
def server(script: Script) -> Iterator[OpenAIServer]:
    """A real HTTP server on a free loopback port, answering with `script`."""
    with OpenAIServer(script) as running:
        yield running


@pytest.fixture
def catalog(tmp_path: Path) -> Path:
    """The first 10 products of the bundled shop catalog, in a file a test may edit."""
    lines = CATALOG.read_text(encoding="utf-8").splitlines()[:10]
    path = tmp_path / "catalog.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def product(tmp_path: Path) -> Path:
    """The first product of the bundled catalog alone (P0001, men's brown leather sandals)."""
    path = tmp_path / "product.jsonl"
    path.write_text(CATALOG.read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")
    return path


@pytest.fixture
def articles(tmp_path: Path) -> Path:
    """A copy of the bundled support articles."""
    target = tmp_path / "articles"
    shutil.copytree(Path(__file__).parents[2] / "examples" / "support" / "articles", target)
    return target
