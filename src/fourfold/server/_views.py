"""The viewer's pages: Jinja templates, autoescaped, with the report's stylesheet.

Every text an agent, a judge, a suite or a person wrote is untrusted: the templates only
ever print it escaped (autoescape is on, and nothing is marked safe but the SVG the
report's plot writer escapes itself). The pages run no script at all, and their
Content-Security-Policy says so.

Text is also kept from acting on the page's layout: every ``{{ value }}`` goes through
`fourfold._text.html_value` (the environment's ``finalize``), so a bidi control shows as
its code point and reorders nothing, as in the report, and a long token gets places to
break. That markup belongs in element content only; a value printed anywhere else names
its filter, which returns escaped markup that ``finalize`` leaves alone (a test reads
every template for it):

- ``|plain`` in an attribute a person reads (``title``), an ``<option>``'s text and the
  page's ``<title>`` (no markup there: each control becomes ``<U+202E>``);
- ``|exact`` where the value must come back as it is (hidden form fields, ``data-*``,
  ``class``, the ``value`` of an option): escaped, nothing else;
- ``|seg`` and ``|qs`` in an address (a path segment, a query string).
"""

from __future__ import annotations

import json
import math
from datetime import datetime
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import quote, unquote, urlencode

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import escape
from starlette.requests import Request

from .._format import pct
from .._text import html_value, plain
from ._forms import clean_name

__all__ = [
    "LABELLER_COOKIE",
    "PAGE_CSP",
    "asset",
    "current_labeller",
    "render_page",
]

LABELLER_COOKIE = "fourfold_labeller"

PAGE_CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
    "base-uri 'none'; frame-ancestors 'none'"
)
"""The viewer's own pages: its stylesheets, forms to itself, no script at all."""

_ASSETS = {
    "report.css": ("fourfold.report.html", "static/report.css"),
    "viewer.css": ("fourfold.server", "static/viewer.css"),
}


@cache
def asset(name: str) -> str | None:
    """A stylesheet the pages use (the report's, and the viewer's own), or None."""
    where = _ASSETS.get(name)
    if where is None:
        return None
    package, path = where
    return resources.files(package).joinpath(path).read_text("utf-8")


def current_labeller(request: Request) -> str | None:
    """The name the person at this browser gave (a cookie), or None.

    The cookie is checked as the name form checks a name (`clean_name`): one set by hand
    with control characters, or too long, counts as no name, so labels and reviews never
    carry a name the form would have refused.
    """
    raw = request.cookies.get(LABELLER_COOKIE)
    if not raw:
        return None
    try:
        return clean_name(unquote(raw))
    except ValueError:
        return None


def render_page(request: Request, template: str, **context: Any) -> str:
    """Render a page with what every page needs: the CSRF token, who is labelling."""
    return (
        _environment()
        .get_template(template)
        .render(
            csrf=getattr(request.state, "csrf", ""),
            labeller=current_labeller(request),
            here=_here(request),
            **context,
        )
    )


def _here(request: Request) -> str:
    query = request.url.query
    return request.url.path + (f"?{query}" if query else "")


@cache
def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("fourfold.server", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=html_value,
    )
    # What goes into an attribute is markup already (escaped here), so `finalize` leaves it.
    env.filters["plain"] = lambda value: escape(plain(str(value)))
    env.filters["exact"] = escape
    env.filters["seg"] = lambda value: escape(quote(str(value), safe=""))
    env.filters["qs"] = lambda params: escape(_query(params))
    env.filters["when"] = _when
    env.filters["pct"] = pct
    env.filters["pts"] = _pts
    env.filters["num"] = _num
    env.filters["fixed"] = _fixed
    env.filters["pretty"] = _pretty
    return env


def _query(params: dict[str, Any]) -> str:
    pairs: list[tuple[str, str]] = []
    for key, value in params.items():
        if value is None:
            continue
        if isinstance(value, list | tuple):
            pairs.extend((key, str(v)) for v in value)
        else:
            pairs.append((key, str(value)))
    return urlencode(pairs)


def _when(value: datetime | str | None) -> str:
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    return value.strftime("%Y-%m-%d %H:%M:%S UTC")


def _pts(value: float | None) -> str:
    if value is None or not math.isfinite(value):
        return "—"
    return f"{value * 100:+.1f}"


def _num(value: float | None, digits: int = 2) -> str:
    if value is None or not math.isfinite(value):
        return "—"
    if float(value).is_integer() and digits >= 0:
        return f"{value:g}"
    return f"{value:.{digits}f}"


def _fixed(value: float | None) -> str:
    if value is None or not math.isfinite(value):
        return "—"
    return f"{value:.2f}"


def _pretty(value: Any) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, indent=2, default=str)
    except ValueError:  # a circular structure: show what Python would
        return repr(value)
