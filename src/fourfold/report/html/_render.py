r"""Rendering a report's data as one self-contained HTML page.

The page works offline: the script and the stylesheet are inlined, plots are inline SVG,
and a Content-Security-Policy allows nothing but them (no network, no other script, no
inline event handler), so even a mistake in escaping could not run an agent's text.
Text is escaped by the template (autoescape) and by the SVG writer; JSON is embedded with
every ``<``, ``>`` and ``&`` written as a ``\u`` escape, so no ``</script>`` or ``<!--``
inside a string can end its block. Bidi controls and invisible characters are shown as
their code points everywhere (`fourfold._text`): by the template, the SVG writer, and the
script, which gets the same character class in its configuration (``controls``).
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
from collections import Counter, defaultdict
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup, escape

from ..._format import pct
from ..._text import BREAK_EVERY, JS_PATTERN, LONG_RUN, html_value, plain
from ._model import ReportData, StratumStats
from ._plots import (
    check_outcomes,
    confusion_matrix,
    forest_plot,
    histogram,
    pass_k_plot,
    reliability_diagram,
    score_histogram,
    strata_heatmap,
)

__all__ = ["PAGE_SIZE", "embed_json", "pool_strings", "render_report", "write_report"]

PAGE_SIZE = 100
"""Rows of the case table per page."""

MIN_POOLED = 24
"""Texts shorter than this are embedded where they occur, not pooled."""
"""Rows of the case table per page."""

MAX_STRATUM_ROWS = 30
"""Values of one stratum key drawn (the most populous); the case table filters on all."""

MAX_FOREST_ROWS = 60
"""Rows of the forest plot; strata rows beyond it are left out (and counted)."""

_SHORT = {"outcome": "out", "trajectory": "traj", "grounding": "grnd", "policy": "pol"}
_JSON_ESCAPES = (
    ("<", "\\u003c"),
    (">", "\\u003e"),
    ("&", "\\u0026"),
    ("\u2028", "\\u2028"),
    ("\u2029", "\\u2029"),
)


def embed_json(data: Any) -> Markup:
    r"""`data` as JSON safe inside ``<script type="application/json">``.

    Every ``<``, ``>`` and ``&`` (and the two line separators JavaScript once choked on)
    is written as a ``\u`` escape, which JSON reads back as the same character, so no
    ``</script>`` or ``<!--`` in a string can end or confuse the block. NaN and infinity
    (which JSON cannot carry) become null.

    Examples:
        >>> str(embed_json({"a": "</script><!--"}))
        '{"a":"\\u003c/script\\u003e\\u003c!--"}'
    """
    try:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    except ValueError:
        text = json.dumps(_finite(data), ensure_ascii=False, separators=(",", ":"))
    # Chained replaces: str.translate with a mapping works a character at a time in Python.
    for char, escaped in _JSON_ESCAPES:
        if char in text:
            text = text.replace(char, escaped)
    return Markup(text)


def _finite(data: Any) -> Any:
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {k: _finite(v) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_finite(v) for v in data]
    return data


@cache
def _environment() -> Environment:
    # Every printed value is element content through `html_value` (a bidi control shows
    # as its code point, as the script shows it in the trial view; a long token gets
    # places to break); a value in an attribute, an <option> or the <title> names its
    # filter, `plain` or `exact`, whose escaped markup `html_value` leaves as it is.
    env = Environment(
        loader=PackageLoader("fourfold.report.html", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=html_value,
    )
    env.filters["plain"] = lambda value: escape(plain(str(value)))
    env.filters["exact"] = escape
    env.filters["pct"] = pct
    return env


@cache
def _asset(name: str) -> str:
    text = resources.files("fourfold.report.html").joinpath("static", name).read_text("utf-8")
    if "</script" in text.lower() or "</style" in text.lower():
        raise RuntimeError(f"the report's {name} must not contain a closing tag")
    return text


def _sha256(text: str) -> str:
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def render_report(
    report: ReportData,
    *,
    detail_url: str | None = None,
    page_size: int = PAGE_SIZE,
) -> str:
    """Render `report` as one HTML page.

    By default the page is self-contained: every trial's detail is embedded as JSON and
    parsed only when the trial is opened. A web app that serves the details itself passes
    `detail_url`, a URL with ``{key}`` where the trial's key goes (``/api/runs/R/trials/{key}``);
    the page then fetches a trial's detail when it is opened (the app returns
    ``report.details[key]`` as JSON), embeds none, and its security policy allows
    requests to its own origin.

    Args:
        report: the report's data (`load_report` or `build_report`).
        detail_url: where to fetch trial details from, or None to embed them.
        page_size: rows of the case table per page.

    Returns:
        The page's HTML.
    """
    css = _asset("report.css")
    js = _asset("report.js")
    connect = "'self'" if detail_url is not None else "'none'"
    csp = (
        f"default-src 'none'; script-src 'sha256-{_sha256(js)}'; "
        f"style-src 'sha256-{_sha256(css)}'; img-src data:; connect-src {connect}; "
        "base-uri 'none'; form-action 'none'"
    )
    config = {
        "controls": JS_PATTERN,
        "longRun": LONG_RUN,
        "breakEvery": BREAK_EVERY,
        "detailUrl": detail_url,
        "pageSize": page_size,
        "candLabel": report.run.agent_version,
        "baseLabel": report.baseline.agent_version if report.baseline is not None else None,
    }
    pool: list[str] = []
    if detail_url is None:
        embedded, pool = pool_strings(report.details)
        details = _details(embedded)
    else:
        details = Markup("")
    template = _environment().get_template("report.html.j2")
    return template.render(
        report=report,
        plots=_plots(report),
        css=Markup(css),
        js=Markup(js),
        csp=csp,
        config_json=embed_json(config),
        index_json=embed_json(report.index),
        details=details,
        pool_json=embed_json(pool) if pool else None,
        short=_SHORT,
    )


def write_report(report: ReportData, path: str | Path) -> Path:
    """Render `report` (self-contained) and write it to `path`, creating its folder.

    Returns:
        The path written.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render_report(report), encoding="utf-8")
    return target


def pool_strings(
    details: Mapping[str, dict[str, Any]],
) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Keep each long text that several trials share once: in a pool, referred to by index.

    Passages, tool results and the checks' stock explanations recur across the trials of
    a run; a report embeds them once. Segment texts, explanations and metadata values of
    at least `MIN_POOLED` characters that occur more than once are pooled.

    Returns:
        The details with pooled texts replaced by their index (new dicts: `details` is
        left as it is), and the pool.
    """
    counts: Counter[str] = Counter()
    for d in details.values():
        counts.update(v for v in d["segs"].values() if len(v) >= MIN_POOLED)
        for r in d["results"]:
            x = r.get("x")
            if x is not None and len(x) >= MIN_POOLED:
                counts[x] += 1
            counts.update(m[1] for m in r.get("m", ()) if len(m[1]) >= MIN_POOLED)
    ids: dict[str, int] = {}
    for text, n in counts.items():
        if n > 1:
            ids[text] = len(ids)
    if not ids:
        return dict(details), []
    out: dict[str, dict[str, Any]] = {}
    for key, d in details.items():
        results = []
        for r in d["results"]:
            if r.get("x") in ids or any(m[1] in ids for m in r.get("m", ())):
                r = dict(r)
                if "x" in r:
                    r["x"] = ids.get(r["x"], r["x"])
                if "m" in r:
                    r["m"] = [[k, ids.get(v, v)] for k, v in r["m"]]
            results.append(r)
        segs = {k: ids.get(v, v) for k, v in d["segs"].items()}
        out[key] = {**d, "segs": segs, "results": results}
    return out, list(ids)


def _details(details: dict[str, dict[str, Any]]) -> Markup:
    parts = [
        f'<script type="application/json" id="ff-d-{escape(key)}">{embed_json(detail)}</script>\n'
        for key, detail in details.items()
    ]
    return Markup("".join(parts))


def _plots(report: ReportData) -> dict[str, Any]:
    plots: dict[str, Any] = {}
    pass_rows = [r for r in report.forest if r.metric == "pass"]
    score_rows = [r for r in report.forest if r.metric == "score"]
    if len(pass_rows) > MAX_FOREST_ROWS:
        kept = [r for r in pass_rows if r.group != "stratum"]
        strata = [r for r in pass_rows if r.group == "stratum" and r.tested]
        pass_rows = kept + strata[: max(MAX_FOREST_ROWS - len(kept), 0)]
    if pass_rows:
        plots["forest_pass"] = forest_plot(pass_rows, title="paired differences, pass rates")
    if score_rows:
        plots["forest_score"] = forest_plot(
            score_rows, title="paired differences, scores", percent=False
        )
    if report.checks:
        plots["checks"] = check_outcomes(report.checks)
    plots["scores"] = [score_histogram(c) for c in report.checks if c.scores]
    by_key: dict[str, list[StratumStats]] = defaultdict(list)
    for s in report.strata:
        by_key[s.key].append(s)
    plots["strata"] = [
        {
            "key": key,
            "svg": strata_heatmap(
                key, sorted(rows, key=lambda s: (-s.cases, s.value))[:MAX_STRATUM_ROWS]
            ),
        }
        for key, rows in by_key.items()
    ]
    plots["pass_k"] = pass_k_plot(report.consistency) if report.consistency else None
    predicted = report.predictability.layers if report.predictability is not None else []
    plots["reliability"] = reliability_diagram(predicted) if predicted else None
    plots["distributions"] = [histogram(d) for d in report.distributions]
    plots["calibrations"] = [{"svg": confusion_matrix(v), "view": v} for v in report.calibrations]
    return plots
