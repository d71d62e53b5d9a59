"""Reports: the terminal views and JUnit XML.

The terminal views: a run's summary, a comparison, consistency, calibration, reliability.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from ._calibration import render_calibration
    from ._compare import render_comparison
    from ._consistency import render_consistency
    from ._forecast import render_forecast, render_forecast_check
    from ._junit import junit_xml, write_junit
    from ._markdown import render_markdown
    from ._reliability import render_reliability, render_reliability_panel
    from ._robustness import render_robustness
    from ._terminal import print_summary, render_summary


__all__ = [
    "junit_xml",
    "print_summary",
    "render_calibration",
    "render_comparison",
    "render_consistency",
    "render_forecast",
    "render_forecast_check",
    "render_markdown",
    "render_reliability",
    "render_reliability_panel",
    "render_robustness",
    "render_summary",
    "write_junit",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "render_calibration": "._calibration",
        "render_comparison": "._compare",
        "render_consistency": "._consistency",
        "render_markdown": "._markdown",
        "render_robustness": "._robustness",
        **dict.fromkeys(["render_forecast", "render_forecast_check"], "._forecast"),
        **dict.fromkeys(["junit_xml", "write_junit"], "._junit"),
        **dict.fromkeys(["render_reliability", "render_reliability_panel"], "._reliability"),
        **dict.fromkeys(["print_summary", "render_summary"], "._terminal"),
    },
)
