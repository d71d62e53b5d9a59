"""Headless Chromium for the browser tests: Debian's, driven by Playwright, never downloaded.

Every test that opens a browser carries the ``browser`` mark (``make test-fast`` leaves them
out) and skips, saying what to install, when the browser or a package it needs is missing.
"""

from __future__ import annotations

import importlib
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def browser_missing(*modules: str) -> str | None:
    """Why the browser tests cannot run here (with what to install), or None when they can.

    Args:
        modules: Packages the test needs besides Playwright (``uvicorn`` for a served viewer).
    """
    if not Path(CHROMIUM).exists():
        return f"no {CHROMIUM}: install Debian's chromium (apt-get install chromium)"
    for name in ("playwright.sync_api", *modules):
        try:
            importlib.import_module(name)
        except ImportError:
            return f"the {name.split('.')[0]} package is not installed (pip install -e '.[dev]')"
    return None
