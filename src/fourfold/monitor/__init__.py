"""Monitoring production: traces evaluated as they come, per-layer control limits, alerts.

`Monitor` reads a watched folder of trace files and/or an OTLP/HTTP receiver, evaluates
each trace with a suite's deterministic checks (and a sampled share with its judges,
under a budget), stores each time window as a run, and flags a window whose pass rate in
a layer leaves the control limits of the windows before it (`p_chart`), writing an
`Alert` to a file and a webhook. ``fourfold monitor`` is the command; `backfill`
(``--backfill``) re-checks stored or recorded traces in bulk, as one run.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports

if TYPE_CHECKING:
    from ._alerts import Alert, AlertKind, AlertSink
    from ._backfill import Backfill, backfill, read_arrivals
    from ._config import MonitorConfig, TraceFormat, parse_duration
    from ._control import ControlLimits, Direction, p_chart
    from ._monitor import (
        Clock,
        LayerWindow,
        Monitor,
        WindowReport,
        describe_window,
        is_judge,
        judged_sample,
    )
    from ._otlp import OtlpReceiver
    from ._state import MonitorState


__all__ = [
    "Alert",
    "AlertKind",
    "AlertSink",
    "Backfill",
    "Clock",
    "ControlLimits",
    "Direction",
    "LayerWindow",
    "Monitor",
    "MonitorConfig",
    "MonitorState",
    "OtlpReceiver",
    "TraceFormat",
    "WindowReport",
    "backfill",
    "describe_window",
    "is_judge",
    "judged_sample",
    "p_chart",
    "parse_duration",
    "read_arrivals",
]

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        **dict.fromkeys(["Alert", "AlertKind", "AlertSink"], "._alerts"),
        **dict.fromkeys(["Backfill", "backfill", "read_arrivals"], "._backfill"),
        **dict.fromkeys(["MonitorConfig", "TraceFormat", "parse_duration"], "._config"),
        **dict.fromkeys(["ControlLimits", "Direction", "p_chart"], "._control"),
        **dict.fromkeys(
            [
                "Clock",
                "LayerWindow",
                "Monitor",
                "WindowReport",
                "describe_window",
                "is_judge",
                "judged_sample",
            ],
            "._monitor",
        ),
        "OtlpReceiver": "._otlp",
        "MonitorState": "._state",
    },
)
