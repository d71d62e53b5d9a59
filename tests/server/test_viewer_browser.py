"""The viewer end to end: `fourfold serve` in a subprocess on a free loopback port, driven by
headless Chromium (Debian's) through Playwright.

Skipped, with the reason, where /usr/bin/chromium or the playwright package is missing;
CI installs both. The server runs with a token, so every flow also goes through the token
cookie and the CSRF tokens of the forms. Screenshots go to a temporary folder (or
$FOURFOLD_SCREENSHOTS); with $FOURFOLD_README_VIEWER_SCREENSHOT set to a path, the
README's picture of the labelling page is taken there too.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest

from fourfold import RunOptions, run
from fourfold.cases import load_cases
from fourfold.store import Store
from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, browser_missing
from tests.helpers.hostile import PAYLOADS, SECRET, hostile_store
from tests.helpers.viewer_builders import judged_run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

pytestmark = pytest.mark.browser

TOKEN = "browser-test-token-5d1e9c0a7b"
JUDGED = "20261129-120000-judged"
STARTUP_S = 30.0


@dataclass(frozen=True)
class Served:
    """A running `fourfold serve` and what its store holds."""

    url: str
    folder: Path
    store_path: Path
    v1: str
    v2: str
    hostile: str
    hostile_cases: list[str]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    reason = browser_missing()
    if reason is not None:
        pytest.skip(reason)
    folder = tmp_path_factory.mktemp("viewer")
    suite_dir = folder / "support"
    shutil.copytree(EXAMPLES / "support", suite_dir)
    store_path = folder / "runs.db"
    store, hostile, cases = hostile_store(store_path)
    with store:
        v1 = run(
            suite_dir / "suite.yaml", store=store, options=RunOptions(agent="v1", progress=False)
        )
        v2 = run(
            suite_dir / "suite.yaml", store=store, options=RunOptions(agent="v2", progress=False)
        )
        judged_run(store, run_id=JUDGED)
    executable = Path(sys.executable).with_name("fourfold")
    command = [str(executable)] if executable.exists() else [sys.executable, "-m", "fourfold"]
    for _attempt in range(3):  # another process may take the free port first
        port = _free_port()
        log = (folder / "serve.log").open("w")
        process = subprocess.Popen(
            [
                *command,
                "serve",
                "--store",
                str(store_path),
                "--port",
                str(port),
                "--token",
                TOKEN,
                "--cases-dir",
                str(folder),
            ],
            cwd=folder,
            env={**os.environ, "FOURFOLD_TEST_KEY": SECRET},
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
        yield Served(url, folder, store_path, v1.run.id, v2.run.id, hostile, cases)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


def _wait_until_up(url: str, process: subprocess.Popen[bytes]) -> bool:
    deadline = time.monotonic() + STARTUP_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            response = httpx.get(
                f"{url}/api/session", headers={"Authorization": f"Bearer {TOKEN}"}, timeout=2
            )
            if response.status_code == 200:
                return True
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    return False


@pytest.fixture(scope="module")
def browser(served: Served) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class Person:
    """One browser (its own cookies) with what it reported."""

    page: Any
    errors: list[str]
    dialogs: list[str]

    def open(self, url: str) -> None:
        self.page.goto(url)


@pytest.fixture
def person(browser: Any, served: Served) -> Iterator[Any]:
    """Open a new browser context that has been let in with the token."""
    contexts: list[Any] = []

    def make(who: str | None = None, *, width: int = 1400, height: int = 1000) -> Person:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        watched = Person(page, [], [])
        page.on("console", lambda m: watched.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: watched.errors.append(str(e)))

        def on_dialog(dialog: Any) -> None:
            watched.dialogs.append(dialog.message)
            dialog.dismiss()

        page.on("dialog", on_dialog)
        page.goto(f"{served.url}/?token={TOKEN}")
        assert page.url == f"{served.url}/", "the token left the address"
        if who is not None:
            page.fill("#whoami input[name=name]", who)
            page.click("#whoami button[type=submit]")
            page.wait_for_selector(f"nav .who b.labeller:text-is('{who}')")
        return watched

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def shots() -> Path:
    chosen = os.environ.get("FOURFOLD_SCREENSHOTS")
    folder = Path(chosen) if chosen else Path(os.environ.get("TMPDIR", "/tmp")) / "viewer-shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_without_the_token_the_browser_gets_nothing(browser: Any, served: Served) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        response = page.goto(f"{served.url}/")
        assert response is not None and response.status == 401
        assert "needs its token" in page.inner_text("body")
        assert served.v2 not in page.content()
    finally:
        context.close()


def test_open_the_runs_a_report_and_a_trial_fetched_from_the_api(
    person: Any, served: Served, shots: Path
) -> None:
    ann = person()
    page = ann.page
    rows = page.locator("table.runs tbody tr")
    assert rows.count() == 4
    assert rows.nth(0).get_attribute("data-run") == served.v2, "newest first"
    assert rows.nth(1).get_attribute("data-run") == served.v1
    v2 = page.locator(f"tr[data-run='{served.v2}']")
    assert v2.locator(".badge").inner_text().lower() == "block"
    assert v2.locator(".agent").inner_text() == "v2"
    page.screenshot(path=str(shots / "viewer-runs.png"))

    page.select_option("select[name=suite]", "support")
    page.click("form.bar button[type=submit]")
    assert page.locator("table.runs tbody tr").count() == 2

    with page.expect_navigation():
        v2 = page.locator(f"tr[data-run='{served.v2}']")
        v2.locator("a.open-report").click()
    page.wait_for_selector("html[data-ready]")
    assert page.text_content("#gate .word") == "block"
    page.select_option("#f-layer", "policy")
    page.select_option("#f-verdict", "fail")
    with page.expect_response(lambda r: "/api/runs/" in r.url and "/trials/t" in r.url) as got:
        page.locator("#case-rows tr[data-key]").first.click()
    assert got.value.status == 200
    page.wait_for_selector(".drawer .trial")
    assert page.locator(".drawer mark.ev").count() > 0, "the evidence is highlighted"
    page.screenshot(path=str(shots / "viewer-report-trial.png"))
    assert not ann.errors and not ann.dialogs


def test_compare_two_runs_and_open_the_report_against_the_baseline(
    person: Any, served: Served, shots: Path
) -> None:
    ann = person()
    page = ann.page
    page.click("nav a[href='/compare']")
    page.select_option("select[name=suite]", "support")
    page.select_option("select[name=base]", served.v1)
    page.select_option("select[name=cand]", served.v2)
    page.click("form.compare-form button[type=submit]")
    assert page.get_attribute("#comparison", "data-decision") == "block"
    assert page.get_attribute("tr[data-layer=policy]", "data-verdict") == "regression"
    page.screenshot(path=str(shots / "viewer-compare.png"), full_page=True)

    page.click("a.open-compare-report")
    page.wait_for_selector("html[data-ready]")
    assert "vs baseline" in page.inner_text("header")
    page.wait_for_selector("#flip-list .flip.open .side .trial")
    sides = page.locator("#flip-list .flip.open .side .trial")
    assert sides.count() == 2, "both traces, the baseline's fetched from the API too"
    assert sides.nth(0).get_attribute("data-key").startswith("b")
    page.screenshot(path=str(shots / "viewer-compare-report.png"))
    assert not ann.errors and not ann.dialogs


def _label_all(who: Person, served: Served, values: dict[str, int]) -> int:
    page = who.page
    page.goto(f"{served.url}/label/{JUDGED}?criterion=rubric:grounding&n=6")
    done = 0
    while page.locator(".label-item").count():
        case = page.get_attribute(".label-item", "data-case")
        assert case is not None
        assert "the judge's rationale" not in page.content()
        page.fill(".label-form textarea[name=note]", f"{case}: as I read §4.2")
        page.click(f".label-form button[name=value][value='{values[case]}']")
        page.wait_for_load_state()
        done += 1
        assert done <= 6
    return done


def _panel(page: Any) -> dict[str, str]:
    return {
        key: page.inner_text(f".calibration-panel .cal-{key}")
        for key in ("labels", "items", "pairs", "judge-all")
    }


def test_two_labellers_label_and_the_calibration_panel_changes(
    person: Any, served: Served, shots: Path
) -> None:
    from tests.helpers.viewer_builders import judge_score

    truth = {f"refund-{i}": judge_score(i) for i in range(24)}
    ann = person("ann")
    assert _label_all(ann, served, truth) == 6
    page = ann.page
    assert "Nothing left for you" in page.inner_text(".queue-empty")
    assert "Not computed yet" in page.inner_text(".calibration-panel")
    page.click(".calibrate-form button")
    page.wait_for_selector(".calibration-panel .cal-labels")
    first = _panel(page)
    assert first["labels"] == "6 by 1 person"
    assert first["items"] == "6" and first["pairs"] == "0"
    assert first["judge-all"].startswith("κw 1.00"), first

    bob = person("bob")
    off_by_one = {case: max(0, v - 1) if i % 2 else v for i, (case, v) in enumerate(truth.items())}
    assert _label_all(bob, served, off_by_one) == 6
    page = bob.page
    assert page.inner_text(".progress .complete") == "6"
    assert "6 label(s) since" in page.inner_text(".calibration-panel")
    page.click(".calibrate-form button")
    page.wait_for_selector(".calibration-panel .cal-labels")
    second = _panel(page)
    assert second["labels"] == "12 by 2 people"
    assert second["pairs"] == "6"
    assert second["judge-all"] != first["judge-all"]
    assert page.locator(".calibration-panel svg").count() == 1
    page.screenshot(path=str(shots / "viewer-calibration.png"), full_page=True)
    with Store.open(served.store_path) as store:
        labels = store.labels(run_id=JUDGED, criterion="rubric:grounding")
    assert {lb.labeller for lb in labels} == {"ann", "bob"} and len(labels) == 12
    assert all(lb.source == "viewer" and lb.note for lb in labels)

    # The README's picture: a labeller's view, the next item beside the calibration.
    cy = person("cy", width=1280, height=900)
    cy.page.goto(f"{served.url}/label/{JUDGED}?criterion=rubric:grounding&n=24")
    cy.page.wait_for_selector(".label-item")
    cy.page.screenshot(path=str(shots / "viewer-label.png"))
    target = os.environ.get("FOURFOLD_README_VIEWER_SCREENSHOT")
    if target:
        cy.page.screenshot(path=target, type="png")
        assert Path(target).stat().st_size < 300_000
    assert not (ann.errors or bob.errors or cy.errors)


def test_override_a_judge_score_with_a_reason(person: Any, served: Served, shots: Path) -> None:
    dee = person("dee")
    page = dee.page
    page.goto(f"{served.url}/runs/{JUDGED}/trials?show=judged")
    page.click("a.trial-link:text-is('refund-1')")
    card = page.locator(".result[data-check='rubric:grounding']")
    assert "score 1" in card.locator(".rh").inner_text()
    card.locator(".override-form select[name=score]").select_option("3")
    card.locator(".override-form textarea[name=reason]").fill("every figure is in §4.2")
    card.locator(".override-form button").click()
    card = page.locator(".result[data-check='rubric:grounding']")
    now = card.locator(".review-now").inner_text()
    assert "overridden to 3" in now and "the judge gave 1, fail" in now
    assert "by dee at 20" in now and "every figure is in §4.2" in now
    assert "score 1" in card.locator(".rh").inner_text(), "the judge's score is kept"
    page.screenshot(path=str(shots / "viewer-review.png"))
    page.click("nav a:text-is('reviews')")
    assert page.locator("table.reviews tbody tr").count() == 1
    assert page.inner_text("table.reviews .reviewer") == "dee"
    with Store.open(served.store_path) as store:
        (review,) = store.reviews(JUDGED)
    assert (review.original_score, review.new_score, review.reviewer) == (1.0, 3.0, "dee")
    assert not dee.errors and not dee.dialogs


def test_promote_a_failing_trial_to_a_case_file(person: Any, served: Served, shots: Path) -> None:
    eve = person("eve")
    page = eve.page
    page.goto(f"{served.url}/runs/{served.v2}/trials?show=failing")
    page.locator("a.trial-link").first.click()
    assert page.input_value(".promote-form input[name=target]") == "support/promoted.jsonl"
    broke = [
        box.get_attribute("value") for box in page.locator(".promote-form input[name=layer]").all()
    ]
    assert broke
    page.fill(".promote-form input[name=target]", "promoted/cases.jsonl")
    page.click(".promote-form button")
    assert page.get_attribute(".promoted", "data-added") == "1"
    page.screenshot(path=str(shots / "viewer-promoted.png"))
    (case,) = load_cases(served.folder / "promoted" / "cases.jsonl")
    assert case.metadata["broke"] == broke
    assert case.metadata["promoted_from"]["run"] == served.v2
    assert not eve.errors and not eve.dialogs


def test_hostile_text_shows_literally_and_runs_nothing(
    person: Any, served: Served, shots: Path
) -> None:
    mallory = person('<img src=x onerror="window.__pwned=1">')
    page = mallory.page
    run = served.hostile
    visited = [
        "/",
        f"/runs/{run}/trials",
        f"/runs/{run}/reviews",
        f"/label/{run}?criterion=rubric:policy_compliance&n=30",
        f"/compare?base={run}&cand={JUDGED}",
    ]
    for path in visited:
        page.goto(served.url + path)
        page.mouse.move(300, 300)
        assert page.evaluate("() => typeof window.__pwned") == "undefined", path
    page.goto(served.url + "/")
    row = page.locator(f"tr[data-run='{run}']")
    assert row.locator("td.suite").inner_text().startswith("hostile <suite>")
    assert row.locator("td.agent").inner_text() == "v<1>"

    for index in (0, 1, 5, 9, 10, 11):
        query = urlencode({"case": served.hostile_cases[index], "repeat": 0})
        page.goto(f"{served.url}/runs/{run}/trial?{query}")
        text = page.inner_text("main")
        assert " ".join(f"question {PAYLOADS[index]}".split()) in " ".join(text.split())
        assert SECRET not in page.content()
        for item in page.locator(".result, .tl-item").all()[:8]:
            item.hover()
        assert page.evaluate("() => typeof window.__pwned") == "undefined"
    page.screenshot(path=str(shots / "viewer-hostile-trial.png"))

    card = page.locator(".result[data-check='rubric:policy_compliance']")
    card.locator(".override-form input[name=score]").fill("3")  # no scale recorded: a number
    card.locator(".override-form textarea[name=reason]").fill(
        "</textarea><script>window.__pwned=1</script>"
    )
    card.locator(".override-form button").click()
    now = page.locator(".result[data-check='rubric:policy_compliance'] .review-now").inner_text()
    assert "</textarea><script>window.__pwned=1</script>" in now
    assert '<img src=x onerror="window.__pwned=1">' in now

    page.goto(f"{served.url}/runs/{run}")
    page.wait_for_selector("html[data-ready]")
    page.locator("#case-rows tr[data-key]").first.click()
    page.wait_for_selector(".drawer .trial")
    assert page.evaluate("() => typeof window.__pwned") == "undefined"
    assert not mallory.dialogs


def test_review_the_queue_and_the_report_counts_the_override(
    person: Any, served: Served, shots: Path
) -> None:
    from fourfold.calibration import review_queue

    queued = "20261129-130000-queued"
    with Store.open(served.store_path) as store:
        judged_run(store, run_id=queued, minutes=60, cases=8, leaks=False)
        queue = review_queue(store, queued, 0.25, checks=["rubric:grounding"])
    assert len(queue.items) == 2
    fay = person("fay")
    page = fay.page
    page.goto(f"{served.url}/runs/{queued}/reviews")
    rows = page.locator("table.queue tbody tr[data-queued]")
    assert rows.count() == 2
    first = queue.items[0]
    assert page.locator("section.queue").get_attribute("data-left") == "2"
    page.click(f"table.queue a:text-is('{first.case_id}')")
    card = page.locator(".result[data-check='rubric:grounding']")
    new = "0" if (first.score or 0) >= 2 else "3"
    card.locator(".override-form select[name=score]").select_option(new)
    card.locator(".override-form textarea[name=reason]").fill("checked against §4.2 myself")
    card.locator(".override-form button").click()
    page.wait_for_selector(".result[data-check='rubric:grounding'] .review-now")
    page.goto(f"{served.url}/runs/{queued}/reviews")
    assert page.locator("section.queue").get_attribute("data-left") == "1"
    assert page.locator("table.queue tbody tr[data-queued]").count() == 1
    page.goto(f"{served.url}/runs/{queued}")
    reviews = page.locator("#reviews")
    assert reviews.get_attribute("data-overridden") == "1"
    text = reviews.inner_text()
    assert "checked against §4.2 myself" in text and "fay" in text
    assert f"{first.case_id}#0" in text
    page.screenshot(path=str(shots / "viewer-review-queue.png"))
    assert not fay.errors and not fay.dialogs
