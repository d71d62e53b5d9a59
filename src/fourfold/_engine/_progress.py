"""The progress display of a run: a bar with counts, errors and the time left."""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, TaskID

__all__ = ["RunProgress"]


class RunProgress:
    """Counts finished and errored trials; draws nothing when disabled.

    rich is imported only to draw: a run without a bar (CI, ``--no-progress``) does not
    load it before its first call.
    """

    def __init__(
        self, total: int, *, done: int = 0, enabled: bool = True, console: Console | None = None
    ) -> None:
        self.errors = 0
        self._progress: Progress | None = None
        self._task: TaskID | None = None
        if enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("[red]{task.fields[errors]} errored"),
                TimeElapsedColumn(),
                TextColumn("eta"),
                TimeRemainingColumn(),
                console=console or Console(stderr=True),
                transient=False,
            )
            self._task = self._progress.add_task("trials", total=total, completed=done, errors=0)

    def __enter__(self) -> RunProgress:
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop drawing (the bar stays as last drawn); stopping again does nothing."""
        if self._progress is not None:
            self._progress.stop()

    def advance(self, *, errored: bool) -> None:
        """Count one finished trial."""
        if errored:
            self.errors += 1
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, advance=1, errors=self.errors)
