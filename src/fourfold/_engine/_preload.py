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

__all__ = ["preload"]


def preload(names: Sequence[str]) -> threading.Thread | None:
    """Start importing `names` (``module`` or ``module:attribute``) in a thread.

    An attribute is read after its module is imported, which loads it from a lazy package
    (``fourfold.stats:holm``). Returns the thread (not a daemon: an interrupted run's exit
    waits for it rather than tearing down an interpreter mid-import), or None with
    nothing to import.

    Examples:
        >>> preload([]) is None
        True
        >>> thread = preload(["json"])
        >>> thread.join(); thread.is_alive()
        False
    """
    if not names:
        return None
    thread = threading.Thread(
        target=_import_all, args=(tuple(names),), name="fourfold-preload", daemon=False
    )
    thread.start()
    return thread


def _import_all(names: tuple[str, ...]) -> None:
    for name in names:
        module_name, _, attribute = name.partition(":")
        try:
            module = importlib.import_module(module_name)
            if attribute:
                getattr(module, attribute)
        except Exception:  # noqa: BLE001, S112 - the run's own import reports it
            continue
