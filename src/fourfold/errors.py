"""One error tree for fourfold.

Every error fourfold raises on purpose derives from `FourfoldError`, and its
message says what went wrong *and* what to do about it. The command line prints
these without a traceback::

    FourfoldError
     ├── ConfigError            a suite, case file, resource or option is wrong (exit 2)
     │    └── UnknownNameError  a check or other registered name does not exist
     ├── AgentError             the system under test failed (recorded on the trial, never raised
     │                          out of a run)
     ├── StoreError             the run store cannot be opened, migrated or read
     │    ├── RunNotFoundError  no run with that id (exit 2)
     │    ├── AmbiguousRunError a run-id prefix that fits several runs (exit 2)
     │    ├── RunExistsError    a run loaded into a store that holds its id (exit 2)
     │    └── RunBusyError      the run is being run by another process now (exit 2)
     ├── IncompleteRunError     a run stopped before every trial was stored (exit 4)
     ├── TraceFormatError       a trace in JSON/JSONL form does not parse
     ├── ProviderError          a model call failed (recorded on the result, never a score)
     │    ├── AuthError              the key is missing or refused (401/403)
     │    ├── RateLimitError         429 after every retry; carries retry_after
     │    ├── BadRequestError        the provider rejected the request (400/404/422)
     │    ├── ServerError            5xx after every retry
     │    ├── ModelTimeoutError      no reply within the timeout, after every retry
     │    └── UnparseableReplyError  the reply is not what was asked for (bad JSON, no text)
     └── MissingDependencyError an optional extra is not installed

Errors from third-party libraries are translated at the boundary
(``raise StoreError(...) from exc``) so callers only ever catch this tree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

__all__ = [
    "EXIT_INTERRUPTED",
    "AgentError",
    "AmbiguousRunError",
    "AuthError",
    "BadRequestError",
    "ConfigError",
    "FourfoldError",
    "IncompleteRunError",
    "MissingDependencyError",
    "ModelTimeoutError",
    "ProviderError",
    "RateLimitError",
    "RunBusyError",
    "RunExistsError",
    "RunNotFoundError",
    "RunawayReplyError",
    "ServerError",
    "StoreError",
    "TraceFormatError",
    "UnknownNameError",
    "UnparseableReplyError",
]


EXIT_INTERRUPTED: Final = 4
"""The exit code of a run that stopped before all its trials were stored (not Ctrl-C, 130):
an agent held the event loop past its timeout, user code tried to end the process, or the
run could not be completed. Its stored trials are kept and ``--resume`` runs the rest."""


class FourfoldError(Exception):
    """Base class of every error fourfold raises on purpose."""

    exit_code: int = 1


class ConfigError(FourfoldError):
    """A suite, case file, resource or command-line option is wrong.

    Args:
        message: what is wrong, in words a user can act on.
        file: the file the mistake is in, if any.
        line: the 1-based line in that file, if known.
        hint: what to do about it.
        path: where in a structured document the mistake is (keys and indices), so a caller
            that knows the document's line numbers can point at the line.
    """

    exit_code = 2

    def __init__(
        self,
        message: str,
        *,
        file: str | Path | None = None,
        line: int | None = None,
        hint: str | None = None,
        path: tuple[str | int, ...] = (),
    ) -> None:
        self.message = message
        self.path = path
        self.file = str(file) if file is not None else None
        self.line = line
        self.hint = hint
        super().__init__(self.render())

    def render(self) -> str:
        """The message as the command line prints it: ``file:line: message`` then the hint."""
        where = ""
        if self.file is not None:
            where = self.file + (f":{self.line}" if self.line is not None else "") + ": "
        text = where + self.message
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class UnknownNameError(ConfigError):
    """A check (or other registered component) name that does not exist."""


class AgentError(FourfoldError):
    """The agent under test failed: raised, timed out, or returned something unusable."""


class StoreError(FourfoldError):
    """The run store cannot be opened, migrated or read."""


class AmbiguousRunError(StoreError):
    """A run-id prefix that is the start of several run ids: give more of the id."""

    exit_code = 2


class RunNotFoundError(StoreError):
    """No run with the given id exists in the store."""

    exit_code = 2


class RunExistsError(StoreError):
    """A run brought into a store (``fourfold load``) whose id the store holds already."""

    exit_code = 2


class RunBusyError(StoreError):
    """The run is being run right now by another process (on this host)."""

    exit_code = 2


class IncompleteRunError(FourfoldError):
    """A run stopped before every case had all its repeats stored.

    Such a run is ``interrupted``, never ``finished``, and has no verdict: resume it. Its
    exit code is `EXIT_INTERRUPTED`.
    """

    exit_code = EXIT_INTERRUPTED


class TraceFormatError(FourfoldError):
    """A trace in its JSON form does not parse or has an unknown schema version."""


class ProviderError(FourfoldError):
    """A model call failed. `category` names the kind, for results and reports.

    Messages never contain API keys or header values. `attempts` and `latency_s` are set
    on the error a `Model` raises once it gives up, so what a failed call cost is
    recorded like a reply's.
    """

    category: str = "provider"

    def __init__(self, message: str, *, status: int | None = None) -> None:
        self.status = status
        self.attempts: int | None = None
        """HTTP attempts made before giving up (None: not counted)."""
        self.latency_s: float | None = None
        """Seconds from the first attempt's start to the failure, every attempt included."""
        super().__init__(message)


class AuthError(ProviderError):
    """The API key is missing or was refused (HTTP 401/403)."""

    category = "auth"


class RateLimitError(ProviderError):
    """Rate-limited (HTTP 429) after every retry."""

    category = "rate_limit"

    def __init__(
        self, message: str, *, status: int | None = 429, retry_after: float | None = None
    ) -> None:
        self.retry_after = retry_after
        super().__init__(message, status=status)


class BadRequestError(ProviderError):
    """The provider rejected the request (HTTP 400/404/422): fix the request, don't retry."""

    category = "bad_request"


class ServerError(ProviderError):
    """The provider failed (HTTP 5xx) after every retry."""

    category = "server"


class ModelTimeoutError(ProviderError):
    """No reply within the timeout, after every retry."""

    category = "timeout"


class RunawayReplyError(ProviderError):
    """The model repeated itself until the output cap, the timeout or fourfold stopped it.

    Not retried: at temperature 0 the same request loops the same way again.
    """

    category = "runaway"

    def __init__(
        self, message: str, *, status: int | None = None, partial: str | None = None
    ) -> None:
        self.partial = partial
        """The reply as far as it went (None when not kept)."""
        super().__init__(message, status=status)


class UnparseableReplyError(ProviderError):
    """The reply is not what was asked for: invalid JSON, no text, wrong shape."""

    category = "unparseable"


class MissingDependencyError(FourfoldError):
    """An optional extra is needed: the message says which ``pip install`` to run."""
