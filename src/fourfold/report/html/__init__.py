"""The HTML report: one self-contained, offline page per run (and its baseline).

`load_report` reads a run from the store into a `ReportData`; `render_report` draws it
as a page (inline SVG plots, a case table that filters and pages, each trial's trace and
results on demand); `write_report` writes it to a file, and `build_report` makes the same
`ReportData` from runs already in memory. A web app reuses them: build the data once, render
the page with ``detail_url=`` and serve ``report.details[key]`` as JSON. The plots, the
trial rows and the page's parts are the report's own (``fourfold.report.html._plots``,
``._trial``, ``._render``), not a public interface.

Examples:
    >>> from fourfold.store import Store
    >>> import tempfile, pathlib
    >>> with Store.open(pathlib.Path(tempfile.mkdtemp()) / "runs.db") as store:
    ...     pass  # report = load_report(store, "latest"); write_report(report, "r.html")
"""

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports

if TYPE_CHECKING:
    from ._assemble import build_report, load_report
    from ._model import ReportData
    from ._render import render_report, write_report

__all__ = ["ReportData", "build_report", "load_report", "render_report", "write_report"]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(["build_report", "load_report"], "._assemble"),
        "ReportData": "._model",
        **dict.fromkeys(["render_report", "write_report"], "._render"),
    },
)
