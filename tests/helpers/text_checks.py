"""Where a bidi control sits in an HTML page: shown as a labelled span, or acting.

`check_page` parses a page and lists each character of `fourfold._text.MARKED` found where
it could reorder what a person reads: loose in element content (anywhere but alone in a
``<span class="ctl">`` naming it), in an attribute a person reads (anything but ``value``
and ``data-*``, which go back to the page's own forms and script), and any markup in a
``<title>``, ``<option>`` or ``<textarea>`` (which show text only). Script and style blocks
are data, not text, and are skipped.
"""

from __future__ import annotations

from html.parser import HTMLParser

from fourfold._text import MARKED

__all__ = ["check_page"]

EXACT_ATTRIBUTES = {"value"}
"""Attributes whose value goes back to the viewer unchanged (forms), besides ``data-*``."""


class Checker(HTMLParser):
    """Collects every place a marked character is where it could act."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.ctl_spans = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for key, value in attrs:
            if not key.replace("-", "").isalnum():
                self.problems.append(f"<{tag}> has a broken attribute {key!r}")
            if value and any(ch in MARKED for ch in value):
                if key not in EXACT_ATTRIBUTES and not key.startswith("data-"):
                    self.problems.append(f"<{tag} {key}={value[:60]!r}> holds a control")
            if value and "<span" in value:
                self.problems.append(f"<{tag} {key}=...> holds markup: {value[:80]!r}")
        if "data-cp" in found and not (tag == "span" and found.get("class") == "ctl"):
            self.problems.append(f"<{tag}> carries data-cp")
        if any(t in ("option", "title", "textarea") for t, _ in self.stack):
            self.problems.append(f"<{tag}> inside <{self.stack[-1][0]}>: shown as text there")
        if tag not in ("input", "meta", "link", "br", "img", "col", "wbr"):
            self.stack.append((tag, found))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            top, _ = self.stack.pop()
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        marked = [ch for ch in data if ch in MARKED]
        if not marked or any(t in ("script", "style") for t, _ in self.stack):
            return
        tag, attrs = self.stack[-1] if self.stack else ("", {})
        if tag == "span" and attrs.get("class") == "ctl" and len(data) == 1:
            if attrs.get("data-cp") != f"U+{ord(data):04X}":
                self.problems.append(f"a span names {attrs.get('data-cp')} for U+{ord(data):04X}")
            self.ctl_spans += 1
            return
        where = "/".join(t for t, _ in self.stack[-3:])
        self.problems.append(f"U+{ord(marked[0]):04X} loose in <{where}>: {data[:60]!r}")


def check_page(html: str) -> Checker:
    """`html` checked: its `Checker` lists the problems and counts the controls' spans."""
    checker = Checker()
    checker.feed(html)
    checker.close()
    return checker
