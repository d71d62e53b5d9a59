"""A note added in a real browser: `fourfold serve` in a subprocess, headless Chromium.

The server runs with a token, so the flow goes through the token cookie, the name cookie
and the note form's CSRF token; the note lands in the store and on the modes page.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fourfold.store import Store
from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, browser_missing
from tests.helpers.viewer_builders import judged_run
from tests.server.test_viewer_browser import TOKEN, _free_port, _wait_until_up

pytestmark = pytest.mark.browser

JUDGED = "20261129-120000-judged"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    reason = browser_missing()
    if reason is not None:
        pytest.skip(reason)
    folder = tmp_path_factory.mktemp("notes-viewer")
    store_path = folder / "runs.db"
    with Store.open(store_path) as store:
        judged_run(store, run_id=JUDGED)
    executable = Path(sys.executable).with_name("fourfold")
    command = [str(executable)] if executable.exists() else [sys.executable, "-m", "fourfold"]
    for _attempt in range(3):  # another process may take the free port first
        port = _free_port()
        log = (folder / "serve.log").open("w")
        process = subprocess.Popen(
            [*command, "serve", "--store", str(store_path), "--port", str(port), "--token", TOKEN],
            cwd=folder,
            env=dict(os.environ),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        if _wait_until_up(url, process):
            break
        process.kill()
        process.wait()
    else:
        pytest.fail(f"fourfold serve did not start:\n{(folder / 'serve.log').read_text()}")
    try:
        yield url, store_path
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def test_add_a_note_on_a_trial_and_see_it_counted(served: tuple[str, Path]) -> None:
    from playwright.sync_api import sync_playwright

    url, store_path = served
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page: Any = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(f"{url}/?token={TOKEN}")
            page.fill("#whoami input[name=name]", "fay")
            page.click("#whoami button[type=submit]")
            page.wait_for_selector("nav .who b.labeller:text-is('fay')")
            page.goto(f"{url}/runs/{JUDGED}/trial?case=refund-1&repeat=0")
            box = page.locator("#notes")
            assert "no notes on this trial yet" in box.inner_text()
            box.locator("textarea[name=text]").fill("cited §9.9, which does not exist")
            box.locator("input[name=mode]").fill("invented policy")
            box.locator("button[type=submit]").click()
            page.wait_for_selector("#notes li[data-note]")
            assert page.url.endswith("/trial?case=refund-1&repeat=0#notes")
            shown = page.locator("#notes li[data-note]").inner_text()
            assert "cited §9.9, which does not exist" in shown and "fay" in shown
            page.click("#notes a:text-is('failure modes')")
            row = page.locator("table.modes tr[data-mode='invented policy']")
            assert row.locator(".count").inner_text() == "1"
        finally:
            browser.close()
    with Store.open(store_path) as store:
        (note,) = store.notes(JUDGED)
    assert (note.case_id, note.author, note.mode) == ("refund-1", "fay", "invented policy")
    assert not errors
