"""The viewer's pages under long tokens and bidi overrides, in a real browser.

The viewer runs in this process (uvicorn in a thread, on a free loopback port) over a store
holding the runs of report/hostile_long.py; Debian's headless Chromium opens every page.
A page must stay as wide as the window however long a token is, and text after a
right-to-left override must still read left to right: the glyphs of "fdp.exe" and of "42"
are measured where the browser put them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import pytest

from fourfold.server import ViewerConfig, bind, create_app
from tests.helpers.browser import CHROMIUM, CHROMIUM_ARGS, browser_missing
from tests.helpers.hostile_long import LONG, LONG_BASE, LONG_RUN, long_text_store

pytestmark = pytest.mark.browser

WIDTH = 1280

GLYPH_XS = """([selector, needle]) => {
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(needle);
      if (at < 0) continue;
      const xs = [];
      for (let k = 0; k < needle.length; k++) {
        const range = document.createRange();
        range.setStart(node, at + k);
        range.setEnd(node, at + k + 1);
        xs.push(range.getBoundingClientRect().left);
      }
      return xs;
    }
  }
  return null;
}"""
"""The left edge of each character of `needle`, in the first element of `selector` that
holds it in one text node."""

OVERFLOWING = """() => {
  const out = [];
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    const edge = document.documentElement.clientWidth + 1;
    if (r.width && r.right > edge) out.push(e.tagName + '.' + e.className);
  }
  return out.slice(0, 8);
}"""

MARKER_PAIR = """() => {
  // Two labels of U+202E drawn the same way: one after the control itself, as pages show
  // it; one with nothing before it. They must look the same.
  const make = (top, text, cp) => {
    const box = document.createElement('div');
    box.style.cssText = 'position:fixed;left:0;z-index:99;background:#fff;padding:4px';
    box.style.top = top + 'px';
    const span = document.createElement('span');
    span.className = 'ctl';
    span.setAttribute('data-cp', cp);
    span.id = 'probe-' + top;
    if (text) span.appendChild(document.createTextNode(text));
    box.appendChild(span);
    document.body.appendChild(box);
  };
  make(0, '\\u202e', 'U+202E');
  make(40, '', 'U+202E');
  make(80, '', 'E202+U');
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[str]]]:
    reason = browser_missing("uvicorn")
    if reason is not None:
        pytest.skip(reason)
    import uvicorn

    folder = tmp_path_factory.mktemp("viewer-text")
    store, cases = long_text_store(folder / "runs.db")
    with store:
        app = create_app(store, config=ViewerConfig(case_roots=(folder,), n_resamples=50))
        listener = bind("127.0.0.1", 0)
        server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]})
        thread.start()
        try:
            while not server.started:
                if not thread.is_alive():
                    pytest.fail("the viewer did not start")
                threading.Event().wait(0.05)
            yield f"http://127.0.0.1:{listener.getsockname()[1]}", cases
        finally:
            server.should_exit = True
            thread.join(timeout=10)
            listener.close()


@pytest.fixture(scope="module")
def browser(site: tuple[str, list[str]]) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any, site: tuple[str, list[str]]) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": WIDTH, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site[0] + "/")
    page.fill("#whoami input[name=name]", "ann")
    page.click("#whoami button[type=submit]")
    page.wait_for_selector("nav .who b.labeller")
    yield page
    context.close()
    assert not errors, errors


def _pages(cases: list[str]) -> list[str]:
    trial = urlencode({"case": cases[0], "repeat": 0})
    return [
        "/",
        f"/runs/{LONG_RUN}/trials",
        f"/runs/{LONG_RUN}/trial?{trial}",
        f"/runs/{LONG_RUN}/reviews",
        f"/label?run={LONG_RUN}",
        f"/label/{LONG_RUN}?criterion=rubric:grounding",
        f"/compare?base={LONG_BASE}&cand={LONG_RUN}",
    ]


def test_no_page_grows_wider_than_the_window(page: Any, site: tuple[str, list[str]]) -> None:
    url, cases = site
    for path in _pages(cases):
        page.goto(url + path)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= WIDTH, (path, width, page.evaluate(OVERFLOWING))
    # the whole token is on the trial's page, wrapped inside its box
    page.goto(url + _pages(cases)[2])
    output = page.locator(".tl-output .seg")
    assert LONG in (output.text_content() or "")
    sizes = output.evaluate("e => [e.scrollWidth, e.clientWidth, e.scrollHeight]")
    assert sizes[0] <= sizes[1] and sizes[2] > 200, sizes


def test_the_reports_drawer_shows_the_whole_token(page: Any, site: tuple[str, list[str]]) -> None:
    url, _ = site
    page.goto(f"{url}/runs/{LONG_RUN}?baseline={LONG_BASE}")
    page.wait_for_selector("html[data-ready]")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= WIDTH
    page.locator("#case-rows tr[data-key]").first.click()
    page.wait_for_selector(".drawer .trial")
    drawer = page.locator(".drawer")
    scroll, client = drawer.evaluate("d => [d.scrollWidth, d.clientWidth]")
    assert scroll <= client, "the drawer cuts its text at its edge"
    cut = page.evaluate(
        """() => Array.from(document.querySelectorAll('.drawer .seg, .drawer pre, .drawer .expl'))
            .filter(e => e.scrollWidth > e.clientWidth + 1).length"""
    )
    assert cut == 0
    assert LONG in (page.locator(".drawer .tl-output .seg").text_content() or "")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= WIDTH
    # the flipped cases, side by side, hold it too
    page.keyboard.press("Escape")
    page.wait_for_selector("#flip-list .flip.open .side .trial")
    for side in page.locator("#flip-list .flip.open .side").all():
        assert side.evaluate("s => s.scrollWidth <= s.clientWidth + 1")


def test_text_after_an_override_reads_left_to_right(page: Any, site: tuple[str, list[str]]) -> None:
    url, cases = site
    page.goto(url + _pages(cases)[2])  # the trial: its output, its case id
    for selector in (".tl-output .seg", ".trial-head .case-id", "header h1"):
        xs = page.evaluate(GLYPH_XS, [selector, "fdp.exe"])
        assert xs is not None, selector
        assert xs == sorted(xs) and xs[0] < xs[-1], (selector, "reads exe.pdf", xs)
    xs = page.evaluate(GLYPH_XS, [".tl-output .seg", "42"])
    assert xs is not None and xs[0] < xs[1], "score 42 reads 24"
    page.goto(f"{url}/runs/{LONG_RUN}/reviews")
    xs = page.evaluate(GLYPH_XS, ["table.reviews td.text", "42"])
    assert xs is not None and xs[0] < xs[1], "the review's reason reads 24"
    assert page.locator("table.reviews .ctl[data-cp='U+202E']").count() >= 2


def test_the_code_point_label_reads_left_to_right(page: Any, site: tuple[str, list[str]]) -> None:
    url, _ = site
    page.goto(f"{url}/runs/{LONG_RUN}/reviews")
    page.evaluate(MARKER_PAIR)
    after_control = page.locator("#probe-0").screenshot()
    alone = page.locator("#probe-40").screenshot()
    reversed_ = page.locator("#probe-80").screenshot()
    assert alone != reversed_, "the probe cannot tell the two readings apart"
    assert after_control == alone, "the label after U+202E is drawn reversed (E202+U)"
