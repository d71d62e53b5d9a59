"""Import, in a thread, what a run needs only after its calls, while the calls wait.

A judged run spends most of its wall time waiting on the network. The statistics its
end needs (numpy and scipy, for consistency across repeats and for a baseline's noise
margins) cost a few hundred milliseconds to import; imported when the run ends they add
to its wall time, imported in a thread while the calls wait they mostly do not. A module
half imported by the thread is finished, not imported twice, when the run's own import
statement reaches it (Python's per-module import locks), and a failed import here is
silent: the run's own import raises it where it belongs.

The thread starts once the first trial has ended and the loop is next idle
(`PreloadOnce.when_idle`), not before the calls: the interpreter runs one thread at a
time, so imports started earlier would delay the first call by their whole cost, and
imports started while the loop reads a wave of replies would delay the next calls (see
`fourfold._engine._idle`); between waves the run is only waiting on its calls.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Sequence

__all__ = ["PreloadOnce", "Wanted", "preload"]


Wanted = tuple[str, str | None]
"""A module to import, and an attribute to read from it (None: none), which loads the
attribute's own module when the package is lazy (``("fourfold.stats", "holm")``)."""


def preload(wanted: Sequence[Wanted]) -> threading.Thread | None:
    """Start importing what `wanted` names in a thread.

    Returns the thread (not a daemon: an interrupted run's exit
    waits for it rather than tearing down an interpreter mid-import), or None with
    nothing to import.

    Examples:
        >>> preload([]) is None
        True
        >>> thread = preload([("json", "dumps")])
        >>> thread.join(); thread.is_alive()
        False
    """
    if not wanted:
        return None
    thread = threading.Thread(
        target=_import_all, args=(tuple(wanted),), name="fourfold-preload", daemon=False
    )
    thread.start()
    return thread


class PreloadOnce:
    """Calls `preload` the first time it is called, never again.

    Examples:
        >>> once = PreloadOnce([("json", "dumps")])
        >>> first, second = once(), once()
        >>> first is not None and second is None
        True
        >>> first.join()
    """

    def __init__(self, wanted: Sequence[Wanted]) -> None:
        self._wanted: Sequence[Wanted] | None = wanted
        self._planned = False

    def when_idle(self, *, within: float) -> None:
        """Call this when the running loop is next idle (see `fourfold._engine._idle`); once."""
        if not self._planned:
            self._planned = True
            from ._idle import when_idle

            when_idle(self, within=within)

    def __call__(self) -> threading.Thread | None:
        """Start the imports on the first call; return the thread (None after the first)."""
        wanted, self._wanted = self._wanted, None
        return None if wanted is None else preload(wanted)


def _import_all(wanted: tuple[Wanted, ...]) -> None:
    for module_name, attribute in wanted:
        try:
            module = importlib.import_module(module_name)
            if attribute:
                getattr(module, attribute)
        except Exception:  # noqa: BLE001, S112 - the run's own import reports it
            continue
