"""The model-call archive as a response cache: `fourfold.models.ResponseCache` over the store.

`fourfold.models` knows no database: it defines the cache protocol, and this class
implements it on the store's ``model_calls`` table. The runner builds one per run and
injects it into every model, so a second run of an unchanged suite makes no model call and
every prompt and raw reply is kept with the run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, Protocol, cast

from .._secrets import Redactor
from ..models import ModelRequest, ModelResponse
from ..runs import Trial

if TYPE_CHECKING:
    from ._peek import CachePeek
    from ._store import Store

__all__ = ["PendingStore", "StoreCache"]


class PendingStore(Protocol):
    """A store being opened (`fourfold._engine.StoreOpening`)."""

    @property
    def future(self) -> Future[Store]:
        """Done once the store is open (or could not be)."""

    @property
    def peek(self) -> CachePeek:
        """Where the stored calls are read until the store is open."""

    def result(self) -> Store:
        """The store, opened now if its opening had not begun, waited for if it had."""


class StoreCache:
    """A cache in the run store's ``model_calls`` table, shared by every model of a run.

    Puts are buffered and written in one transaction every `batch_size` puts and on
    `flush`, so a call costs no write of its own; lookups see the buffer first. The runner
    flushes before it writes each batch of finished trials, so a process killed at any
    point keeps every model call of every stored trial (call `flush`, or `Model.aclose`,
    at the end of other uses). The stored keys are read once, at the first
    lookup, so a miss costs no query and a hit is one point lookup by primary key (a key
    another process stores later is a miss, which only costs a call).

    The archive holds every prompt and raw reply, which quote what agents wrote: with a
    `redactor`, the run's secrets are replaced by markers in both before they are
    written, and put back into a reply read from the store (`Redactor.restore`), so a
    cached reply is the reply fetched (a judge's quote of a key the agent echoed is
    found in the output again).

    A run may start calling before its store is open (`fourfold._engine.StoreOpening`):
    the cache is then given the store to come, whose `CachePeek` reads the stored calls
    meanwhile. Until the store is there, puts are only buffered; a write (`flush`)
    waits for it, and raises the error that kept it from opening.

    Args:
        store: the open store, or one being opened.
        batch_size: how many puts to buffer before writing them.
        redactor: the secrets to redact from what is written (none when None).
    """

    def __init__(
        self,
        store: Store | PendingStore,
        *,
        batch_size: int = 64,
        redactor: Redactor | None = None,
    ) -> None:
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self._store: Store | None = None
        self._pending: PendingStore | None = None
        if hasattr(store, "future"):
            self._pending = cast("PendingStore", store)
        else:
            self._store = store
        self.batch_size = batch_size
        self.redactor = redactor or Redactor()
        self._buffer: dict[str, tuple[str, ModelRequest, ModelResponse]] = {}
        self._keys: set[str] | None = None
        self.on_full: Callable[[], None] | None = None
        """Called, instead of `flush`, when `batch_size` puts are buffered: a run's writer
        writes them from its worker thread, not on the event loop the puts come from."""

    def __repr__(self) -> str:
        where = self._store.where if self._store is not None else "a store being opened"
        return f"StoreCache({where!r}, {len(self._buffer)} buffered)"

    @property
    def store(self) -> Store:
        """The store, waiting for it if it is being opened.

        Raises:
            StoreError: the store could not be opened (the error the opening raised).
        """
        if self._store is None:
            assert self._pending is not None
            self._store = self._pending.result()
        return self._store

    def _open_store(self) -> Store | None:
        """The store if it is there now, without waiting (None while it is being opened)."""
        coming = self._pending.future if self._pending is not None else None
        if self._store is None and coming is not None and coming.done():
            if coming.exception() is None:
                self._store = coming.result()
        return self._store

    def _reader(self) -> Store | CachePeek:
        store = self._open_store()
        if store is None and self._pending is not None:
            return self._pending.peek
        return self.store

    @property
    def buffered(self) -> int:
        """Puts not written yet."""
        return len(self._buffer)

    def get(self, key: str) -> ModelResponse | None:
        """The reply stored (or buffered) under `key`, or None."""
        entry = self._buffer.get(key)
        if entry is not None:
            return entry[2]
        if self._keys is None:
            self._keys = self._reader().model_call_keys()
        if key not in self._keys:
            return None
        row = self._reader().get_model_call(key)
        if row is None:
            return None
        # Stored redacted: this run's own secrets go back in, so the reply reads as fetched.
        return ModelResponse.model_validate(self.redactor.restore(row["response"]))

    def put(
        self, key: str, request: ModelRequest, response: ModelResponse, *, provider: str = ""
    ) -> None:
        """Buffer `response` under `key`; write the buffer when it is full."""
        self._buffer[key] = (provider, request, response)
        if self._keys is not None:
            self._keys.add(key)
        if len(self._buffer) >= self.batch_size and self._open_store() is not None:
            if self.on_full is not None:
                self.on_full()
            else:
                self.flush()

    def _stored(self, response: ModelResponse) -> dict[str, Any]:
        """`response` as stored: redacted, its token log-probabilities dropped if needed.

        They are dropped when the tokens spell a secret: one split across tokens is in no
        single string to redact.
        """
        data = response.model_dump(mode="json")
        if response.logprobs and self.redactor:
            written = "".join(t.token for t in response.logprobs)
            if self.redactor.text(written) != written:
                data["logprobs"] = None
        result: dict[str, Any] = self.redactor.data(data)
        return result

    def flush(self, run_id: str | None = None, trials: Sequence[Trial] = ()) -> None:
        """Write the buffered puts in one transaction; with `run_id`, `trials` in it too.

        The runner hands each batch of finished trials over here: their model calls and
        the trials go in one transaction (`Store.save_trials`), so a trial is never stored
        without its calls, and a batch costs one transaction, not two.

        Raises:
            StoreError: the store cannot be written (the buffer is kept, to try again).
        """
        if not self._buffer and run_id is None:
            return
        # Taken whole before the write: a put made meanwhile (the runner's watchdog flushes
        # from its own thread) lands in the new buffer rather than being cleared unwritten.
        buffer, self._buffer = self._buffer, {}
        rows: list[dict[str, Any]] = [
            {
                "key": key,
                "provider": provider,
                "model": request.model,
                "request": self.redactor.data(request.model_dump(mode="json")),
                "response": self._stored(response),
            }
            for key, (provider, request, response) in buffer.items()
        ]
        try:
            if run_id is None:
                self.store.put_model_calls(rows)
            else:
                self.store.save_trials(run_id, trials, calls=rows)
        except BaseException:
            self._buffer = {**buffer, **self._buffer}  # kept, to try again
            raise
