"""The HTML report in a real browser: headless Chromium (Debian's), driven by Playwright.

Skipped, with the reason, where /usr/bin/chromium or the playwright package is missing;
CI installs both. Screenshots go to a temporary folder (or $FOURFOLD_SCREENSHOTS); with
$FOURFOLD_README_SCREENSHOT set to a path, the README's picture is taken there too.
"""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from fourfold.cases import Case
from fourfold.checks import CheckResult
from fourfold.report.html import build_report, load_report, write_report
from fourfold.runs import Run, RunData, Trial
from fourfold.store import Store
from fourfold.trace import Trace
from tests.helpers.hostile import PAYLOADS, RLO, SECRET, hostile_store
from tests.helpers.hostile_long import LONG, LONG_BASE, LONG_RUN, long_text_store

pytestmark = pytest.mark.browser

PHONE = re.compile(r"\+1 415-555-\d{4}")


@pytest.fixture(scope="module")
def support_report(support_runs: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    with Store.open(support_runs.store_path) as store:
        report = load_report(store, support_runs.cand_id, baseline=support_runs.base_id)
    return write_report(report, tmp_path_factory.mktemp("report") / "support.html")


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    store, run_id, _ = hostile_store(folder / "runs.db")
    with store:
        report = load_report(store, run_id, environ={"FOURFOLD_TEST_KEY": SECRET})
    return write_report(report, folder / "hostile.html")


def _rows(page: Any) -> list[dict[str, Any]]:
    return page.eval_on_selector_all(
        "#case-rows tr[data-key]",
        """rows => rows.map(r => ({
            key: r.dataset.key,
            case: r.cells[0].textContent,
            dots: Array.from(r.querySelectorAll('.dot')).map(d => d.className.split(' ')[1]),
            checks: r.cells[7].textContent,
        }))""",
    )


def test_filter_to_a_failing_layer_and_see_the_leaked_phone_number_highlighted(
    open_page: Any, support_report: Path, screenshot_dir: Path
) -> None:
    watched = open_page(support_report)
    page = watched.page
    assert page.text_content("#gate .word") == "block"
    assert page.locator(".card[data-status=fail]").count() == 3
    page.screenshot(path=str(screenshot_dir / "report-top.png"))

    page.select_option("#f-layer", "policy")
    page.select_option("#f-verdict", "fail")
    rows = _rows(page)
    assert rows, "no failing policy trial listed"
    policy = ["outcome", "trajectory", "grounding", "policy"].index("policy")
    assert all(r["dots"][policy] == "f" for r in rows)
    count = page.text_content("#case-count") or ""
    assert count.startswith(f"{len(rows)} of ")
    page.locator("#cases").screenshot(path=str(screenshot_dir / "cases-policy-fail.png"))

    leaking = next(r for r in rows if "no_pii" in r["checks"])
    page.click(f"#case-rows tr[data-key={leaking['key']}]")
    page.wait_for_selector(".drawer .trial")
    marks = page.eval_on_selector_all(
        ".drawer .tl-output mark.ev-fail", "ms => ms.map(m => m.textContent)"
    )
    assert any(PHONE.fullmatch(m) for m in marks), marks
    # the result card names the check and shows the same span as its evidence
    card = page.locator(".drawer .result", has_text="no_pii").first
    assert PHONE.search(card.text_content() or "")
    card.locator("li.found").first.click()
    page.screenshot(path=str(screenshot_dir / "trial-no-pii.png"))
    assert f"#trial={leaking['key']}" in page.url
    page.keyboard.press("Escape")
    assert page.locator(".drawer").count() == 0
    assert not watched.errors and not watched.dialogs


def test_the_flipped_cases_come_first_with_both_traces_side_by_side(
    open_page: Any, support_report: Path, screenshot_dir: Path
) -> None:
    watched = open_page(support_report)
    page = watched.page
    order = page.eval_on_selector_all(
        "main > section", "sections => sections.map(s => s.id || s.className)"
    )
    assert order.index("flips") < order.index("plots") < order.index("cases")
    first = page.locator("#flip-list .flip").first
    assert "regressed" in (first.locator(".flip-head").text_content() or "")
    sides = first.locator(".sbs > .side")
    assert sides.count() == 2
    sides.nth(0).locator(".trial").wait_for()
    sides.nth(1).locator(".trial").wait_for()
    assert "baseline" in (sides.nth(0).text_content() or "")
    assert "candidate" in (sides.nth(1).text_content() or "")
    # the baseline passed the layer on the repeat shown, the candidate failed it
    assert sides.nth(0).locator(".trial-head .badge").first.text_content() == "pass"
    assert sides.nth(1).locator(".trial-head .badge").first.text_content() == "fail"
    boxes = [sides.nth(i).bounding_box() for i in range(2)]
    assert boxes[0]["x"] + boxes[0]["width"] <= boxes[1]["x"] + 1  # side by side
    assert abs(boxes[0]["y"] - boxes[1]["y"]) < 2
    first.screenshot(path=str(screenshot_dir / "flip.png"))

    # another repeat of the candidate
    buttons = sides.nth(1).locator(".repeat-pick button")
    buttons.nth(buttons.count() - 1).click()
    assert buttons.nth(buttons.count() - 1).get_attribute("aria-pressed") == "true"
    # a second flip opens beside the first
    second = page.locator("#flip-list .flip").nth(1)
    second.locator(".flip-head").click()
    second.locator(".sbs .trial").first.wait_for()
    assert not watched.errors and not watched.dialogs


def test_the_readme_screenshot(open_page: Any, support_report: Path) -> None:
    target = os.environ.get("FOURFOLD_README_SCREENSHOT")
    if not target:
        pytest.skip(
            "set FOURFOLD_README_SCREENSHOT=docs/img/report.png to retake the README's picture"
        )
    watched = open_page(support_report, width=1280, height=900)
    watched.page.screenshot(path=target, type="png")
    assert Path(target).stat().st_size < 300_000


def test_hostile_text_stays_text(
    open_page: Any, hostile_report: Path, screenshot_dir: Path
) -> None:
    watched = open_page(hostile_report)
    page = watched.page
    # hover and click over everything a payload could have turned into a handler
    page.mouse.move(10, 10)
    page.mouse.move(700, 500)
    for row in range(min(page.locator("#case-rows tr[data-key]").count(), len(PAYLOADS) + 2)):
        page.locator("#case-rows tr[data-key]").nth(row).click()
        page.wait_for_selector(".drawer .trial")
        text = page.text_content(".drawer") or ""
        case_id = page.text_content(".drawer .trial-head .cid") or ""
        if case_id != "long-line":
            payload = next((p for p in PAYLOADS if case_id.endswith(p)), None)
            if payload is not None:
                assert f"question {payload}" in text, payload
                if "agent crashed" not in text:
                    assert f"asked {payload}" in text and f"id {payload}" in text, payload
                    assert f"the judge says: {payload}" in text, payload
                    assert f"passage {payload}" in text, payload
        for details in page.locator(".drawer details").all():
            details.click()
        page.mouse.move(300, 300)
        page.keyboard.press("Escape")
    assert page.evaluate("() => typeof window.__pwned") == "undefined"
    assert not watched.dialogs
    injected = page.evaluate(
        """() => document.querySelectorAll('img, iframe, object, embed, base, '
            + 'meta[http-equiv=refresh], a[href^="javascript"], body style').length"""
    )
    assert injected == 0
    assert page.evaluate("() => document.querySelectorAll('script:not([type])').length") == 1
    assert not [e for e in watched.errors if "Content Security Policy" in e], watched.errors
    assert not watched.errors, watched.errors
    assert SECRET not in page.content()


def test_right_to_left_overrides_and_long_lines_are_contained(
    open_page: Any, hostile_report: Path, screenshot_dir: Path
) -> None:
    watched = open_page(hostile_report)
    page = watched.page
    page.fill("#f-search", "right-to-left")
    page.locator("#case-rows tr[data-key]").first.click()
    page.wait_for_selector(".drawer .trial")
    controls = page.eval_on_selector_all(".drawer .ctl", "cs => cs.map(c => c.dataset.cp)")
    assert "U+202E" in controls
    assert RLO in (page.text_content(".drawer .tl-output") or "")
    page.screenshot(path=str(screenshot_dir / "hostile-rtl.png"))
    page.keyboard.press("Escape")

    page.fill("#f-search", "long-line")
    page.locator("#case-rows tr[data-key]").first.click()
    page.wait_for_selector(".drawer .trial")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 1400 + 1  # the 30,000-character line wraps instead of widening the page
    page.screenshot(path=str(screenshot_dir / "hostile-long-line.png"))
    assert not watched.errors and not watched.dialogs


def _paged_report(folder: Path, n: int) -> Path:
    now = datetime(2026, 11, 29, tzinfo=UTC)
    cases = [Case(id=f"case-{i:03d}", input="x", strata={"half": str(i % 2)}) for i in range(n)]
    trials = [
        Trial(
            case_id=c.id,
            status="ok",
            trace=Trace(output=f"answer {i}", latency_s=i / 10),
            results=[
                CheckResult(
                    check="no_pii",
                    layer="policy",
                    status="fail" if i % 5 == 0 else "pass",
                    explanation="x",
                )
            ],
            started_at=now,
            ended_at=now,
        )
        for i, c in enumerate(cases)
    ]
    run = Run(
        id="20261129-000000-p4g3d0",
        suite="paged",
        agent_version="v1",
        package_version="test",
        started_at=now,
        status="finished",
    )
    return write_report(build_report(RunData(run, cases, trials)), folder / "paged.html")


def test_the_case_table_pages_searches_sorts_and_filters_by_stratum(
    open_page: Any, tmp_path: Path
) -> None:
    watched = open_page(_paged_report(tmp_path, 250))
    page = watched.page
    assert len(_rows(page)) == 100
    assert "rows 1–100 · page 1 of 3" in (page.text_content("#case-page") or "")
    # severity first: the failing fifth of the trials leads
    assert all(r["dots"][3] == "f" for r in _rows(page)[:50])
    page.click("#case-next")
    page.click("#case-next")
    assert len(_rows(page)) == 50
    assert page.is_disabled("#case-next")
    page.fill("#f-search", "case-02")
    assert {r["case"] for r in _rows(page)} == {f"case-{i:03d}" for i in range(20, 30)}
    page.fill("#f-search", "")
    page.select_option("#f-stratum", label="half=1")
    assert len(_rows(page)) == 100 and (page.text_content("#case-count") or "").startswith("125 of")
    page.select_option("#f-sort", "latency")
    latencies = [r["case"] for r in _rows(page)][:2]
    assert latencies == ["case-249", "case-247"]
    page.select_option("#f-verdict", "error")
    assert "no trial matches" in (page.text_content("#case-rows") or "")
    assert not watched.errors


@pytest.fixture(scope="module")
def long_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("long")
    store, _ = long_text_store(folder / "runs.db")
    with store:
        report = load_report(store, LONG_RUN, baseline=LONG_BASE, n_resamples=50)
    return write_report(report, folder / "long.html")


@pytest.mark.parametrize("fragment", ["#trial=%E0%A4%A", "#trial=%", "#trial=%ZZ", "#trial=nope"])
def test_a_malformed_trial_address_opens_nothing_and_breaks_nothing(
    open_page: Any, hostile_report: Path, fragment: str
) -> None:
    watched = open_page(hostile_report, fragment=fragment)
    page = watched.page
    assert not watched.errors, watched.errors  # no uncaught URIError
    assert page.locator("#case-rows tr[data-key]").count() > 0, "the table still works"
    if fragment == "#trial=nope":
        page.wait_for_selector(".drawer .empty")
        assert "holds no detail for trial nope" in (page.text_content(".drawer") or "")
        page.keyboard.press("Escape")
    else:
        assert page.locator(".drawer").count() == 0
    page.locator("#case-rows tr[data-key]").first.click()
    page.wait_for_selector(".drawer .trial")
    assert not watched.errors, watched.errors


def test_a_5000_character_token_keeps_the_report_and_its_drawer_within_the_window(
    open_page: Any, long_report: Path, screenshot_dir: Path
) -> None:
    watched = open_page(long_report, width=1280, fragment="#trial=t0")
    page = watched.page
    page.wait_for_selector(".drawer .trial")
    scroll, client = page.locator(".drawer").evaluate("d => [d.scrollWidth, d.clientWidth]")
    assert scroll <= client, "the drawer cuts its text at its edge"
    assert LONG in (page.text_content(".drawer .tl-output .seg") or "")
    # places to break it: a browser breaking a 30,000-character word "anywhere" took 30 s
    assert page.locator(".drawer .tl-output .seg wbr").count() >= len(LONG) // 16 - 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1280
    page.screenshot(path=str(screenshot_dir / "long-token-drawer.png"))
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 1280
    # the trial named in the header, and in the drawer, reads as written after its override
    glyphs = """([sel, needle]) => {
      const root = document.querySelector(sel);
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.data.indexOf(needle);
        if (at < 0) continue;
        return Array.from(needle, (_, k) => {
          const r = document.createRange(); r.setStart(n, at + k); r.setEnd(n, at + k + 1);
          return r.getBoundingClientRect().left;
        });
      }
      return null;
    }"""
    xs = page.evaluate(glyphs, ["header h1", "fdp.exe"])
    assert xs is not None and xs == sorted(xs) and xs[0] < xs[-1], xs
    assert not watched.errors, watched.errors
