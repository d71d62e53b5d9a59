"""What every benchmark shares: the machine line, timing and the ratio against a target."""

from __future__ import annotations

import os
import platform
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any

from fourfold.runs import Trial
from fourfold.store import Store


def machine() -> str:
    """One line naming the machine and the software the figures belong to."""
    cpu = _cpu_model()
    return (
        f"machine: {platform.platform()}, {cpu + ', ' if cpu else ''}{os.cpu_count()} CPUs; "
        f"{platform.python_implementation()} {platform.python_version()}; "
        f"fourfold {version('fourfold')}, pydantic {version('pydantic')}, "
        f"SQLAlchemy {version('sqlalchemy')}"
    )


def best_of(fn: Callable[[], object], *, repeat: int = 3, warmup: int = 1) -> float:
    """Seconds of the fastest of `repeat` calls of `fn`, after `warmup` untimed calls.

    The fastest run is the one least disturbed by the rest of the machine; the code under
    test does the same work every time.
    """
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def median_of(fn: Callable[[], object], *, repeat: int = 3, warmup: int = 1) -> float:
    """Seconds of the median of `repeat` calls of `fn`, after `warmup` untimed calls."""
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


@dataclass(frozen=True)
class Figure:
    """A measured figure and its target, printed as one ratio line."""

    name: str
    value: float
    unit: str
    target: float
    higher_is_better: bool
    digits: int = 0

    @property
    def ratio(self) -> float:
        """How many times better than the target (above 1 meets it)."""
        if self.higher_is_better:
            return self.value / self.target
        return self.target / self.value if self.value else float("inf")

    def line(self) -> str:
        """``checks: 12,345 traces/s (target ≥ 1,000: 12.3×, met)``."""
        sign = "≥" if self.higher_is_better else "≤"
        verdict = "met" if self.ratio >= 1 else "MISSED"
        return (
            f"{self.name}: {self.value:,.{self.digits}f} {self.unit} "
            f"(target {sign} {self.target:,g} {self.unit}: {self.ratio:.1f}×, {verdict})"
        )


def table(headers: list[str], rows: list[list[str]], *, indent: str = "  ") -> str:
    """A plain text table, the first column left-aligned and the others right-aligned."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]

    def fmt(row: list[str]) -> str:
        cells = [
            str(c).ljust(w) if i == 0 else str(c).rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        return indent + "  ".join(cells).rstrip()

    rule = (indent + "  ".join("-" * w for w in widths)).rstrip()
    return "\n".join([fmt(headers), rule, *(fmt(r) for r in rows)])


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as file:
            for line in file:
                if line.startswith("model name"):
                    return " ".join(line.split(":", 1)[1].split())
    except OSError:
        pass
    return platform.processor()


class TimedStore(Store):
    """A store that adds up the time spent writing trials (the runner writes in batches)."""

    write_s = 0.0

    def save_trials(
        self,
        run_id: str,
        trials: Sequence[Trial],
        *,
        calls: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        """Store the batch (and the model calls the runner writes with it), timing it."""
        start = time.perf_counter()
        super().save_trials(run_id, trials, calls=calls)
        self.write_s += time.perf_counter() - start
