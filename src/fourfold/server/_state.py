"""What the viewer's routes share: the store, the report cache, the secrets to mask."""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._secrets import collect_secrets, redact
from ..calibration import ANALYSIS_KIND
from ..errors import RunNotFoundError, StoreError
from ..report.html import ReportData, load_report
from ..runs import CheckResult, Run, Trial, is_model_graded
from ..store import Store
from ._errors import Problem
from ._suites import SuiteFile, find_suite

__all__ = ["REPORTS_KEPT", "Viewer", "ViewerConfig", "is_judge_result"]

REPORTS_KEPT = 8
"""Reports kept assembled in memory (a report of 10,000 trials is tens of MB)."""

JUDGE_PREFIXES = ("rubric:", "pairwise:")


def is_judge_result(result: CheckResult) -> bool:
    """Whether a model judged this result (a rubric or pairwise check, or any model-graded)."""
    return result.check.startswith(JUDGE_PREFIXES) or is_model_graded(result)


@dataclass(frozen=True)
class ViewerConfig:
    """How the viewer behaves beyond who may use it."""

    case_roots: tuple[Path, ...] = field(default_factory=lambda: (Path.cwd(),))
    """Folders promoted cases may be written under (besides each run's suite folder); a
    relative case file is taken from the first."""
    environ: Mapping[str, str] = field(default_factory=lambda: os.environ)
    """The environment whose credentials pages must never show."""
    n_resamples: int = 2000
    """Bootstrap resamples of reports and calibrations."""
    sample_size: int = 100
    """Items of a labelling queue (as ``fourfold sample --n``)."""
    suite_dirs: tuple[Path, ...] = ()
    """Folders to look for runs' suite files in first, when a file is not where its run
    recorded it (``fourfold serve --suite-dir``; see `find_suite`)."""


class Viewer:
    """The store and what is computed from it, shared by every request (thread-safe)."""

    def __init__(self, store: Store, config: ViewerConfig) -> None:
        self.store = store
        self.config = config
        self._store_dir = store.file.parent if store.file is not None else None
        self._cwd = Path.cwd()
        self._reports: OrderedDict[tuple[Any, ...], ReportData] = OrderedDict()
        self._lock = threading.Lock()

    def run(self, run_id: str) -> Run:
        """The run `run_id` names (an id, a unique prefix, ``latest``).

        Raises:
            Problem: 404 when no single run matches.
        """
        try:
            return self.store.get_run(run_id)
        except RunNotFoundError as exc:
            raise Problem(404, str(exc)) from exc
        except StoreError as exc:  # a prefix of several ids
            raise Problem(404, str(exc)) from exc

    def trials(self, run: Run) -> list[Trial]:
        """Every trial of `run`, in the report's order (its keys are ``t<index>``)."""
        return self.store.trials(run.id)

    def trial(self, run: Run, case_id: str, repeat: int) -> tuple[int, Trial]:
        """The trial of `case_id` and `repeat` with its index in the run's trials.

        Raises:
            Problem: 404 when the run has no such trial.
        """
        for index, trial in enumerate(self.trials(run)):
            if trial.case_id == case_id and trial.repeat == repeat:
                return index, trial
        raise Problem(
            404,
            f"run {run.id} has no trial of case {case_id!r}, repeat {repeat}; "
            "pick one from the run's trial list",
        )

    def secrets(self, *runs: Run) -> list[str]:
        """Values the pages of `runs` must mask (keys, header values, credentials)."""
        found: list[str] = []
        for run in runs:
            found += collect_secrets(run.config, self.config.environ)
        return sorted(set(found), key=lambda v: (-len(v), v))

    def redact(self, data: Any, *runs: Run) -> Any:
        """`data` with the secrets of `runs` masked in every string."""
        return redact(data, self.secrets(*runs))

    def report(self, run: Run, baseline: Run | None = None) -> ReportData:
        """The report of `run` (against `baseline`), assembled once per state of the runs.

        The run's trials, status, calibrations and reviews are part of the cache key, so a
        run still going, newly calibrated or reviewed is assembled again on the next request.
        """
        key = (self._state(run), self._state(baseline) if baseline is not None else None)
        with self._lock:
            found = self._reports.get(key)
            if found is not None:
                self._reports.move_to_end(key)
                return found
        report = load_report(
            self.store,
            run.id,
            baseline=baseline.id if baseline is not None else None,
            environ=self.config.environ,
            n_resamples=self.config.n_resamples,
        )
        with self._lock:
            self._reports[key] = report
            while len(self._reports) > REPORTS_KEPT:
                self._reports.popitem(last=False)
        return report

    def _state(self, run: Run) -> tuple[Any, ...]:
        calibrations = tuple(
            (a.key, a.created_at) for a in self.store.analyses(run.id, ANALYSIS_KIND)
        )
        # A review changes what the report counts: the newest one is part of the key.
        reviews = self.store.reviews(run.id)
        return (
            run.id,
            run.status,
            run.ended_at,
            len(self.store.finished_keys(run.id)),
            calibrations,
            (len(reviews), reviews[-1].id if reviews else None),
        )

    def case_file(self, target: str, run: Run) -> Path:
        """Where a promoted case may go: a ``.jsonl`` file under an allowed folder.

        Raises:
            Problem: 422 for another suffix or a file outside the allowed folders.
        """
        text = target.strip()
        if not text:
            raise Problem(422, "say which case file to append to (a .jsonl path)")
        if "\x00" in text:  # no file name holds one; the OS refuses it with a ValueError
            raise Problem(422, "a case file's path cannot hold a NUL character")
        try:
            path = Path(text).expanduser()
            if not path.is_absolute():
                path = self.config.case_roots[0] / path
            path = path.resolve()
        except (OSError, RuntimeError) as exc:  # a name too long, a symlink loop
            raise Problem(422, f"{text!r} is not a usable path: {exc}") from exc
        if path.suffix.lower() != ".jsonl":
            raise Problem(
                422, f"{text} is not a .jsonl file: promoted cases are appended one per line"
            )
        roots = self.case_roots(run)
        if not any(path.is_relative_to(root) for root in roots):
            shown = ", ".join(str(r) for r in roots)
            raise Problem(
                422,
                f"the viewer writes case files only under {shown}; give a path there "
                "(or download the case and add it yourself)",
            )
        try:
            is_dir = path.is_dir()
        except OSError as exc:
            raise Problem(422, f"{text!r} is not a usable path: {exc.strerror or exc}") from exc
        if is_dir:
            raise Problem(422, f"{path} is a folder; give a .jsonl file")
        return path

    def suite_file(self, run: Run) -> SuiteFile:
        """Where the suite file of `run` is now (`find_suite`), and how it was found."""
        return find_suite(
            run, suite_dirs=self.config.suite_dirs, store_dir=self._store_dir, cwd=self._cwd
        )

    def located(self, run: Run) -> Run:
        """`run` with its ``suite_path`` where the file is now (None: not found).

        What reads files relative to the suite (a rubric's criterion file) is given this.
        """
        found = self.suite_file(run).path
        return run.model_copy(update={"suite_path": None if found is None else str(found)})

    def case_roots(self, run: Run) -> Sequence[Path]:
        """The folders case files of `run` may be written under.

        The configured ones (``--cases-dir``), and the suite's folder when its file is found.
        """
        roots = [root.resolve() for root in self.config.case_roots]
        folder = self.suite_file(run).folder
        if folder is not None:
            roots.append(folder.resolve())
        return list(dict.fromkeys(roots))

    def default_case_file(self, run: Run) -> str:
        """The case file the promote form suggests: ``promoted.jsonl`` beside the suite."""
        folder = self.suite_file(run).folder
        root = self.config.case_roots[0].resolve()
        if folder is None:
            return "promoted.jsonl"
        target = folder / "promoted.jsonl"
        return str(target.relative_to(root)) if target.is_relative_to(root) else str(target)
