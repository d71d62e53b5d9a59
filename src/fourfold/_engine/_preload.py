"""Import, in a thread, what a run needs only after its calls, while the calls wait.

A judged run spends most of its wall time waiting on the network. The statistics its
end needs (numpy and scipy, for consistency across repeats and for a baseline's noise
margins) cost a few hundred milliseconds to import; imported when the run ends they add
to its wall time, imported in a thread while the calls wait they mostly do not. A module
half imported by the thread is finished, not imported twice, when the run's own import
statement reaches it (Python's per-module import locks), and a failed import here is
silent: the run's own import raises it where it belongs.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Sequence

__all__ = ["Wanted", "preload"]


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


def _import_all(wanted: tuple[Wanted, ...]) -> None:
    for module_name, attribute in wanted:
        try:
            module = importlib.import_module(module_name)
            if attribute:
                getattr(module, attribute)
        except Exception:  # noqa: BLE001, S112 - the run's own import reports it
            continue
