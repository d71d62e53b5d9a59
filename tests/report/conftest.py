"""Fixtures of the report tests: real runs of the bundled support example, a hostile run,
and headless Chromium (Debian's, driven by Playwright; never a downloaded browser)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fourfold import RunOptions, run
from fourfold.store import Store
from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, browser_missing

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@dataclass(frozen=True)
class SupportRuns:
    """The support example, v1 then v2, in one store."""

    store_path: Path
    base_id: str
    cand_id: str


@pytest.fixture(scope="session")
def support_runs(tmp_path_factory: pytest.TempPathFactory) -> SupportRuns:
    path = tmp_path_factory.mktemp("support") / "runs.db"
    suite = EXAMPLES / "support" / "suite.yaml"
    with Store.open(path) as store:
        base = run(suite, store=store, options=RunOptions(agent="v1", progress=False))
        cand = run(suite, store=store, options=RunOptions(agent="v2", progress=False))
    return SupportRuns(path, base.run.id, cand.run.id)


@pytest.fixture(scope="module")
def browser(support_runs: SupportRuns) -> Iterator[Any]:
    """Headless Chromium, one per test module.

    Playwright's sync API keeps an event loop running in this thread while it is open, so
    `asyncio.run` (every `fourfold.run`) fails until it closes: a session-wide browser
    broke every later test module that runs a suite. Depends on `support_runs` so the runs
    are made before Playwright's loop exists.
    """
    reason = browser_missing()
    if reason is not None:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class Watched:
    """A page with what it reported: console errors, page errors, dialogs."""

    page: Any
    errors: list[str]
    dialogs: list[str]


@pytest.fixture
def open_page(browser: Any) -> Iterator[Any]:
    """Open a report file in a new page, recording errors and dismissing dialogs."""
    pages: list[Any] = []

    def opener(path: Path, *, width: int = 1400, height: int = 1000, fragment: str = "") -> Watched:
        page = browser.new_page(viewport={"width": width, "height": height})
        pages.append(page)
        watched = Watched(page, [], [])
        page.on(
            "console",
            lambda m: watched.errors.append(m.text) if m.type == "error" else None,
        )
        page.on("pageerror", lambda e: watched.errors.append(str(e)))

        def on_dialog(dialog: Any) -> None:
            watched.dialogs.append(dialog.message)
            dialog.dismiss()

        page.on("dialog", on_dialog)
        page.goto(path.as_uri() + fragment)
        page.wait_for_selector("html[data-ready]")
        return watched

    yield opener
    for page in pages:
        page.close()


@pytest.fixture
def screenshot_dir(tmp_path: Path) -> Path:
    """Where tests write their screenshots: a temporary folder, or $FOURFOLD_SCREENSHOTS."""
    chosen = os.environ.get("FOURFOLD_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
