"""Reading a whole run back: the run, its cases, its trials and their reviews."""

from __future__ import annotations

from ..runs import RunData
from ._store import Store

__all__ = ["load_run"]


def load_run(store: Store, run_id: str) -> RunData:
    """Read a run, its cases, its trials and the reviews of its judged results.

    Args:
        store: the store.
        run_id: a run id, an unambiguous prefix of one, or ``latest``.

    Raises:
        StoreError: no such run, or the prefix names several.
    """
    run = store.get_run(run_id)
    return RunData(run, store.cases(run.id), store.trials(run.id), store.reviews(run.id))
