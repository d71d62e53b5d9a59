"""Secrets fourfold must never store or show: API keys, header values, credentials.

A run knows its own secrets: the key each model reads from ``api_key_env``, every value
of a ``headers:`` mapping (and the token inside ``Authorization: Bearer <token>``), the
credentials an agent's ``env:`` carries, the variables ``${VAR}`` references name, and
the environment variables whose names say they hold a credential (``OPENAI_API_KEY``,
``GITHUB_TOKEN``, ``DB_PASSWORD``...). A `Redactor` is built from them once per run and
applied when anything is **written**: every trial before the store gets it, every model
call before the archive gets it, the run's configuration before it is stored. What the
store holds is then safe to show on any surface, in any environment, and to hand over
as a database file.

Written text gets a marker naming the source, ``[redacted:OPENAI_API_KEY]``, so a
reader knows what was there and where it came from; evidence offsets into an output are
moved with it. Views of runs stored before redaction at write time mask again, with
`mask` (one bullet per character, so offsets already computed stay valid), from what the
stored configuration names and what the showing process's environment holds.

What counts, and what does not (a secret shreds every text it occurs in, so a short or
ordinary value must not be one):

- values shorter than `MIN_SECRET_LENGTH` characters, and paths (``/...``), are never
  secrets;
- an environment variable is a credential when a word of its name (split at ``_``, ``-``
  and ``.``) contains ``TOKEN``, ``SECRET``, ``PASSWORD``, ``PASSWD`` or ``CREDENTIAL``,
  ends with ``KEY`` or ``KEYS``, or starts with ``AUTH`` (``PIP_KEYRING_PROVIDER`` is
  not one);
- the password of a URL (``postgres://user:pw@host``) and a query parameter whose name
  looks secret (``?api_key=...``) are credentials wherever the URL is;
- an ``env:`` entry of the configuration is a credential when its name looks secret; a
  ``headers:`` entry always is, except the few headers that never carry one
  (`HARMLESS_HEADERS`).

Only whole occurrences are found: a secret cut in half (a quote truncated mid-key) keeps
the half that is there.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import parse_qsl, urlsplit

import pydantic_core
from pydantic import BaseModel

if TYPE_CHECKING:
    from .runs import CheckResult, Evidence, Trial

__all__ = [
    "HARMLESS_HEADERS",
    "MASK",
    "MIN_SECRET_LENGTH",
    "Redactor",
    "Secret",
    "collect_secrets",
    "looks_secret",
    "redact",
]

MASK = "\u2022"
"""What each character of a secret becomes where it is masked on display."""

MIN_SECRET_LENGTH = 6
"""Shorter values are not secrets: masking ``true`` or ``1`` everywhere would deface every
text and protect nothing."""

MARKER_PREFIX = "[redacted:"
"""How a marker starts; a stored value that starts so is already redacted."""

HARMLESS_HEADERS = frozenset(
    {"accept", "content-type", "user-agent", "anthropic-version", "anthropic-beta"}
)
"""Headers (lower-cased) that never carry a credential, so their values are not secrets."""

_PROVIDER_KEYS = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY")
_NAME_WORDS = re.compile(r"[_\-.]+")
_SECRET_WORD = re.compile(
    r"TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|KEYS?$|^AUTH|^APIKEY|^PAT$", re.IGNORECASE
)
_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*://[^\s\"'<>]+")
_SCHEME_VALUE = re.compile(r"^[A-Za-z][A-Za-z0-9_\-]*\s+(\S+)$")
"""``Bearer <token>``, ``Basic <b64>``, ``token <t>``: the credential is the last word."""

M = TypeVar("M", bound=BaseModel)


def looks_secret(name: str) -> bool:
    """Whether a variable (or header, or parameter) of this name holds a credential.

    Examples:
        >>> [looks_secret(n) for n in ("OPENAI_API_KEY", "GITHUB_TOKEN", "PIP_KEYRING_PROVIDER")]
        [True, True, False]
    """
    return any(_SECRET_WORD.search(word) for word in _NAME_WORDS.split(name) if word)


@dataclass(frozen=True, slots=True)
class Secret:
    """One value that must not be stored or shown, and where it comes from."""

    value: str
    source: str
    """What the marker names: the environment variable, or the configuration entry
    (``models.judge.headers.Authorization``)."""

    @property
    def marker(self) -> str:
        """What the value becomes in stored text."""
        return f"{MARKER_PREFIX}{self.source}]"


class Redactor:
    """Replaces a run's secrets in text, JSON-like data and records (trials, cases, calls).

    Build it with `from_config` (what a run's configuration and the environment name),
    or from `Secret` values. Its methods return their argument itself when it holds no
    secret, so a clean trial costs one search of its JSON and no copy.

    Examples:
        >>> r = Redactor.from_config({"models": {"j": {"api_key_env": "K"}}}, {"K": "sk-123456"})
        >>> r.text("the key is sk-123456")
        'the key is [redacted:K]'
        >>> r.mask(["sk-123456"])
        ['•••••••••']
    """

    def __init__(self, secrets: Iterable[Secret] = ()) -> None:
        kept: dict[str, Secret] = {}
        for secret in secrets:
            value = secret.value.strip()
            if _is_secret_value(value) and value not in kept:
                kept[value] = Secret(value, secret.source)
        # Longest first: the alternation then takes a whole value before a shorter one
        # inside it. A value from two sources keeps the first (the environment's name).
        self.secrets: tuple[Secret, ...] = tuple(
            sorted(kept.values(), key=lambda s: (-len(s.value), s.value))
        )
        self._markers = {s.value: s.marker for s in self.secrets}
        self._values = tuple(s.value for s in self.secrets)
        self._pattern = _alternation(self._values)
        # A secret's form inside JSON text, for the one search that clears a clean record.
        # Searching with `in`, value by value, beats one regular expression of them all:
        # Python's alternation tries every value at every position.
        self._json_values = tuple(pydantic_core.to_json(v).decode()[1:-1] for v in self._values)
        per_source: dict[str, list[str]] = {}
        for secret in self.secrets:
            per_source.setdefault(secret.marker, []).append(secret.value)
        self._restorable = {m: values[0] for m, values in per_source.items() if len(values) == 1}
        self._marker_pattern = _alternation(self._restorable)

    @classmethod
    def from_config(
        cls, config: Mapping[str, Any], environ: Mapping[str, str] | None = None
    ) -> Redactor:
        """The secrets of a run with `config` in `environ` (default ``os.environ``).

        Args:
            config: the suite as JSON (``Suite.model_dump(mode="json")``), or a stored
                run's configuration (`fourfold.store.Run.config`).
            environ: the environment the run's keys are read from.
        """
        env = os.environ if environ is None else environ
        return cls(_discover(config, env))

    def __bool__(self) -> bool:
        return bool(self.secrets)

    def __len__(self) -> int:
        return len(self.secrets)

    def __repr__(self) -> str:  # never the values
        sources = ", ".join(sorted({s.source for s in self.secrets}))
        return f"Redactor({len(self.secrets)} secrets from {sources or 'nothing'})"

    @property
    def values(self) -> list[str]:
        """The secret values, longest first."""
        return [s.value for s in self.secrets]

    # Write time: markers

    def text(self, text: str) -> str:
        """`text` with each secret replaced by its marker (`text` itself when it has none)."""
        if self._pattern is None or not any(value in text for value in self._values):
            return text
        return self._pattern.sub(lambda m: self._markers[m.group()], text)

    def data(self, data: Any) -> Any:
        """JSON-like `data` with every string (mapping keys too) redacted.

        Returns `data` itself when it holds no secret; otherwise copies of the containers
        on the way to one.
        """
        if self._pattern is None or not self._in_json(data):
            return data
        return self._walk(data)

    def model(self, record: M) -> M:
        """A pydantic record with every string in it redacted (`record` itself when clean)."""
        if self._pattern is None or not self._in_json(record):
            return record
        result: M = self._walk(record)
        return result

    def trial(self, trial: Trial) -> Trial:
        """A trial with its trace, error and results redacted.

        Evidence located by offsets in the output is moved with the text, so it still
        points at the same words (and its quoted text is the redacted span).
        """
        redacted = self.model(trial)
        if redacted is trial or trial.trace is None or not trial.trace.output:
            return redacted
        output = trial.trace.output
        spans = self._spans(output)
        if not spans or redacted.trace is None or redacted.trace.output is None:
            return redacted
        new_output = redacted.trace.output
        results = [
            _moved(result, original, output, new_output, spans)
            for result, original in zip(redacted.results, trial.results, strict=True)
        ]
        return redacted.model_copy(update={"results": results})

    def restore(self, data: Any) -> Any:
        """JSON-like `data` with each marker put back to the value it stands for.

        For what this process reads back from its own archive: a model's reply served
        from the cache then quotes the text it was given again (a judge's evidence is
        found in the live output), as the reply first fetched did. A marker of a source
        with several values stays a marker.
        """
        pattern = self._marker_pattern
        if pattern is None:
            return data
        return _map_strings(
            data,
            lambda s: (
                pattern.sub(lambda m: self._restorable[m.group()], s) if MARKER_PREFIX in s else s
            ),
        )

    # Display time: masks that keep lengths

    def mask(self, data: Any) -> Any:
        """JSON-like `data` with each character of a secret shown as `MASK`.

        For views whose offsets into the text are already computed: lengths are kept.
        """
        if self._pattern is None:
            return data
        pattern = self._pattern
        return _map_strings(data, lambda s: pattern.sub(lambda m: MASK * len(m.group()), s))

    # Machinery

    def _in_json(self, data: Any) -> bool:
        """Whether a secret may be in `data`: one search of its JSON text (fast when not)."""
        text = pydantic_core.to_json(data, fallback=str).decode()
        return any(value in text for value in self._json_values)

    def _spans(self, text: str) -> list[tuple[int, int, int]]:
        """(start, end, marker length) of every secret in `text`."""
        assert self._pattern is not None
        return [
            (m.start(), m.end(), len(self._markers[m.group()]))
            for m in self._pattern.finditer(text)
        ]

    def _walk(self, value: Any) -> Any:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, BaseModel):
            updates = {}
            for name in [*type(value).model_fields, *(value.model_extra or {})]:
                old = getattr(value, name)
                new = self._walk(old)
                if new is not old:
                    updates[name] = new
            return value.model_copy(update=updates) if updates else value
        if isinstance(value, Mapping):
            pairs = [(self._walk(k), self._walk(v)) for k, v in value.items()]
            changed = any(
                nk is not k or nv is not v
                for (nk, nv), (k, v) in zip(pairs, value.items(), strict=True)
            )
            return dict(pairs) if changed else value
        if isinstance(value, list | tuple):
            items = [self._walk(v) for v in value]
            if all(n is o for n, o in zip(items, value, strict=True)):
                return value
            return tuple(items) if isinstance(value, tuple) else items
        return value


def collect_secrets(config: Mapping[str, Any], environ: Mapping[str, str]) -> list[str]:
    """The values a view of a run with `config` must not show, longest first.

    The values `Redactor.from_config` finds: see the module's description.

    Args:
        config: the run's configuration (`fourfold.store.Run.config`).
        environ: the environment (``os.environ``).

    Examples:
        >>> collect_secrets({"models": {"j": {"api_key_env": "K"}}}, {"K": "sk-123456"})
        ['sk-123456']
    """
    return Redactor.from_config(config, environ).values


def redact(data: Any, secrets: Iterable[str]) -> Any:
    """`data` (JSON-like) with every occurrence of a secret in its strings masked.

    Masks keep the length (one `MASK` per character), so offsets into the text stay
    valid. Keys of mappings are masked too.
    """
    return Redactor(Secret(value, "") for value in secrets if value).mask(data)


# Discovery


def _discover(config: Mapping[str, Any], environ: Mapping[str, str]) -> Iterator[Secret]:
    """Every secret of `config` in `environ`; the environment's names come first."""
    names: set[str] = set(_PROVIDER_KEYS)
    names.update(name for name in environ if looks_secret(name))
    for key, value, _ in _walk_config(config):
        if key == "api_key_env" and isinstance(value, str) and value:
            names.add(value)
        if isinstance(value, str):
            names.update(_VAR.findall(value))
    for name in sorted(names):
        if name in environ:
            yield from _with_credential(environ[name], name)
    for name in sorted(environ):  # a URL's password, whatever the variable's name
        yield from _url_secrets(environ[name], name)

    def expand(text: str) -> str:
        return _VAR.sub(lambda m: environ.get(m.group(1), ""), text)

    for key, value, path in _walk_config(config):
        if not isinstance(value, Mapping) or key not in ("headers", "env"):
            continue
        for name, entry in value.items():
            if not isinstance(entry, str) or entry.startswith(MARKER_PREFIX):
                continue
            source = f"{path}.{name}"
            if key == "headers" and str(name).lower() not in HARMLESS_HEADERS:
                yield from _with_credential(expand(entry), source)
            elif key == "env" and looks_secret(str(name)):
                yield from _with_credential(expand(entry), source)
    for _, value, path in _walk_config(config):
        if isinstance(value, str):
            yield from _url_secrets(expand(value), path)


def _with_credential(value: str, source: str) -> Iterator[Secret]:
    """The value, or of ``<scheme> <credential>`` the credential alone.

    The scheme (``Bearer``) is no secret, and a server may echo the credential alone.
    """
    scheme = _SCHEME_VALUE.match(value.strip())
    if scheme is not None and _is_secret_value(scheme.group(1)):
        yield Secret(scheme.group(1), source)
    else:
        yield Secret(value, source)


def _url_secrets(text: str, source: str) -> Iterator[Secret]:
    """Passwords of URLs in `text`, and query values whose parameter names look secret."""
    if "://" not in text:
        return
    for found in _URL.findall(text):
        try:
            parts = urlsplit(found)
            password = parts.password
        except ValueError:
            continue
        if password:
            yield Secret(password, source)
        for name, value in parse_qsl(parts.query):
            if looks_secret(name):
                yield Secret(value, source)


def _walk_config(
    data: Any, key: str | None = None, path: str = ""
) -> Iterator[tuple[str | None, Any, str]]:
    """(key, value, dotted path) of every node of `data`."""
    yield key, data, path
    if isinstance(data, Mapping):
        for k, v in data.items():
            yield from _walk_config(v, str(k), f"{path}.{k}" if path else str(k))
    elif isinstance(data, list | tuple):
        for i, v in enumerate(data):
            yield from _walk_config(v, key, f"{path}[{i}]")


def _is_secret_value(value: str) -> bool:
    return (
        len(value) >= MIN_SECRET_LENGTH
        and not value.startswith("/")
        and not value.startswith(MARKER_PREFIX)
    )


def _alternation(values: Iterable[str]) -> re.Pattern[str] | None:
    escaped = [re.escape(v) for v in values]
    return re.compile("|".join(escaped)) if escaped else None


def _map_strings(data: Any, fn: Any) -> Any:
    if isinstance(data, str):
        return fn(data)
    if isinstance(data, Mapping):
        return {_map_strings(k, fn): _map_strings(v, fn) for k, v in data.items()}
    if isinstance(data, list | tuple):
        return [_map_strings(v, fn) for v in data]
    return data


# Evidence offsets


def _moved(
    result: CheckResult,
    original: CheckResult,
    output: str,
    new_output: str,
    spans: list[tuple[int, int, int]],
) -> CheckResult:
    """`result` with its output evidence's offsets moved to the redacted output."""
    evidence: list[Evidence] = []
    changed = False
    for new, old in zip(result.evidence, original.evidence, strict=True):
        if (
            old.where != "output"
            or old.start is None
            or old.end is None
            or not 0 <= old.start <= old.end <= len(output)
        ):
            evidence.append(new)
            continue
        start, end = _shift(old.start, spans, end=False), _shift(old.end, spans, end=True)
        # Evidence quoting its span gets the redacted span, whole markers included.
        text = new_output[start:end] if old.text == output[old.start : old.end] else new.text
        evidence.append(new.model_copy(update={"start": start, "end": end, "text": text}))
        changed = True
    return result.model_copy(update={"evidence": evidence}) if changed else result


def _shift(offset: int, spans: list[tuple[int, int, int]], *, end: bool) -> int:
    """Where `offset` of the text is once `spans` are replaced by their markers.

    An offset inside a secret moves to the start of its marker (a span's start) or to
    its end (a span's end), so a span that cut into a secret covers its whole marker.
    """
    moved = offset
    for start, stop, length in spans:
        if stop <= offset:
            moved += length - (stop - start)
        elif start < offset:
            base = moved - (offset - start)
            return base + length if end else base
        else:
            break
    return moved
