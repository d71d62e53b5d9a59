"""Reports: the terminal views and JUnit XML.

The terminal views: a run's summary, a comparison, consistency, calibration, reliability.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from ._calibration import render_calibration
    from ._compare import render_comparison
    from ._consistency import render_consistency
    from ._junit import junit_xml, write_junit
    from ._reliability import render_reliability, render_reliability_panel
    from ._terminal import print_summary, render_summary


__all__ = [
    "junit_xml",
    "print_summary",
    "render_calibration",
    "render_comparison",
    "render_consistency",
    "render_reliability",
    "render_reliability_panel",
    "render_summary",
    "write_junit",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "render_calibration": "._calibration",
        "render_comparison": "._compare",
        "render_consistency": "._consistency",
        **dict.fromkeys(["junit_xml", "write_junit"], "._junit"),
        **dict.fromkeys(["render_reliability", "render_reliability_panel"], "._reliability"),
        **dict.fromkeys(["print_summary", "render_summary"], "._terminal"),
    },
)
