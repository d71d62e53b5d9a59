"""What the HTTP providers share: one pooled client, the key, and errors translated.

The client is aiohttp's: measured against a local server at 64 concurrent calls, httpx's
connection pool spends over 10 ms of CPU a request (its pool rescans every connection
for every queued request), aiohttp about 0.25 ms, and the issue's budget is 1.5 ms a
judged call. Every failure of an HTTP call leaves here as a `ProviderError` subclass, with a message
that says what went wrong and what to do, and that never holds the key or a header value
(text a server echoes back is scrubbed of them).

A 2xx reply whose body is not JSON (an HTML page from a proxy or load balancer, a body cut
off mid-way) is a `ServerError`, so it is retried like a 502: it says nothing about the
request. A reply is read up to `MAX_REPLY_BYTES`. A lone UTF-16 surrogate escape in a
reply's JSON, which no store can hold, becomes U+FFFD (see `fourfold._encoding`).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit
from urllib.request import getproxies, proxy_bypass

import pydantic_core

from .._encoding import scrub
from ..errors import (
    AuthError,
    BadRequestError,
    ConfigError,
    ModelTimeoutError,
    ProviderError,
    RateLimitError,
    ServerError,
    UnparseableReplyError,
)
from ._config import key_headers, provider_defaults

if TYPE_CHECKING:
    import aiohttp

__all__ = [
    "MAX_REPLY_BYTES",
    "HttpProvider",
    "env_proxy",
    "json_value",
    "retry_after_seconds",
    "safe_url",
]

MAX_REPLY_BYTES = 32 * 2**20
"""The largest reply body read (32 MiB); a larger one is an `UnparseableReplyError`."""

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
_DETAIL_CHARS = 300


class HttpProvider:
    """Base of the HTTP providers: a session per event loop, pooled to the concurrency.

    The key is read from the environment at first use, so a missing key fails the first
    call (an `AuthError` naming the variable), not the construction.
    """

    name: str

    def __init__(
        self,
        *,
        name: str,
        base_url: str,
        api_key_env: str | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 60.0,
        max_connections: int = 16,
        json_schema_output: bool = True,
    ) -> None:
        self.name = name
        self.base_url = base_url.rstrip("/")
        self.api_key_env = api_key_env
        self.timeout = timeout
        self.max_connections = max_connections
        self.json_schema_output = json_schema_output
        self._headers = dict(headers or {})
        given = key_headers(self._headers)
        if given and api_key_env:
            raise ConfigError(
                f"{name} is given its key twice: by the {api_key_env} variable and by the "
                f"{given[0]} header",
                hint="keep one: no api_key_env, or no key header",
            )
        self._label = provider_defaults(name).label
        self._where = safe_url(self.base_url)
        self._session: aiohttp.ClientSession | None = None
        self._session_loop: asyncio.AbstractEventLoop | None = None
        self._secrets: list[str] = []

    def __repr__(self) -> str:
        return f"{type(self).__name__}(name={self.name!r}, base_url={self._where!r})"

    @property
    def label(self) -> str:
        """The provider's name in messages (``OpenAI``, ``llama.cpp server``...)."""
        return self._label

    def auth_headers(self, key: str) -> dict[str, str]:
        """The headers that carry the key."""
        return {"Authorization": f"Bearer {key}"}

    async def aclose(self) -> None:
        """Close the connection pool."""
        session, self._session, self._session_loop = self._session, None, None
        if session is not None:
            await session.close()

    # Machinery for the subclasses

    def session(self) -> aiohttp.ClientSession:
        """The pooled session of the running event loop (made at first use).

        Raises:
            AuthError: the key's environment variable, or one a header names, is not set.
        """
        loop = asyncio.get_running_loop()
        if self._session is not None and self._session_loop is loop:
            return self._session
        import aiohttp  # at the first call, not when fourfold is imported: 0.2-0.4 s

        headers = {"Content-Type": "application/json"}
        if self.api_key_env:
            key = os.environ.get(self.api_key_env, "").strip()
            if not key:
                raise AuthError(
                    f"no API key for {self._label}: the environment variable "
                    f"{self.api_key_env} is not set; export {self.api_key_env}=<your key>, or "
                    "set api_key_env in the model config to the variable that holds it"
                )
            headers.update(self.auth_headers(key))
            self._remember_secret(key)
        # Headers configured are the headers sent: they win over fourfold's own (a name
        # in another case is the same header).
        for name, value in self._expanded_headers().items():
            for same in [h for h in headers if h.lower() == name.lower()]:
                del headers[same]
            headers[name] = value
        # A session made in another (finished) event loop cannot be used in this one.
        # trust_env would look the proxy and ~/.netrc up in a thread on every request;
        # the proxy is looked up here, once, instead (HTTPS_PROXY, NO_PROXY and friends).
        self._session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=self.max_connections, limit_per_host=0),
            headers=headers,
            timeout=aiohttp.ClientTimeout(total=self.timeout),
            proxy=env_proxy(self.base_url),
            cookie_jar=aiohttp.DummyCookieJar(),
        )
        self._session_loop = loop
        return self._session

    async def post_json(self, url: str, body: dict[str, Any], *, model: str) -> dict[str, Any]:
        """POST `body` as JSON and return the reply's JSON object; one attempt.

        Raises:
            ProviderError: the subclass for the failure (auth, rate limit, bad request,
                server, timeout, unparseable reply).
        """
        return await self.post(url, body, model=model)

    async def post(
        self,
        url: str,
        body: dict[str, Any],
        *,
        model: str,
        stream: Callable[[aiohttp.ClientResponse], Awaitable[dict[str, Any]]] | None = None,
    ) -> dict[str, Any]:
        """POST `body` as JSON; one attempt.

        Args:
            url: where to.
            body: the request body.
            model: the model's name, for messages.
            stream: reads a 2xx reply that is an event stream into a reply object (see
                `read_chat_stream`); a reply that is not a stream (an error, or a server
                that does not stream) is read as JSON as without it.

        Returns:
            The reply's JSON object, or what `stream` made of the stream.

        Raises:
            ProviderError: the subclass for the failure (auth, rate limit, bad request,
                server, timeout, unparseable reply, and what `stream` raises).
        """
        import aiohttp  # loaded by `session` already: a dictionary lookup

        session = self.session()
        payload = pydantic_core.to_json(body)
        try:
            async with session.post(url, data=payload, allow_redirects=False) as response:
                status = response.status
                headers = response.headers
                if stream is not None and 200 <= status < 300 and _is_event_stream(headers):
                    return await stream(response)
                content = await self._read(response, model=model)
        except TimeoutError as exc:
            raise ModelTimeoutError(self.timeout_message(model)) from exc
        except aiohttp.ClientConnectorError as exc:
            raise ServerError(
                f"could not connect to {self._where} ({self._reason(exc)}); check that the "
                "server is running and base_url is right"
            ) from exc
        except aiohttp.ClientError as exc:
            raise ServerError(
                f"the connection to {self._where} failed during the call to {model} "
                f"({self._reason(exc)})"
            ) from exc
        if not 200 <= status < 300:
            raise self.status_error(status, headers, content, model=model)
        data = self._json(content, status=status, model=model)
        if not isinstance(data, dict):
            raise UnparseableReplyError(
                f"{self._label} answered {model} with JSON that is not an object"
                f"{self._snippet(content)}",
                status=status,
            )
        return data

    def timeout_message(self, model: str, *, streamed: int | None = None) -> str:
        """Why a call timed out and what to do, for a `ModelTimeoutError`.

        Args:
            model: the model's name.
            streamed: characters of the reply streamed before the timeout (None: the
                reply was not streamed).
        """
        so_far = "" if streamed is None else f" ({streamed} characters of its reply had come)"
        return (
            f"{model} at {self._where} did not finish within {self.timeout:g}s{so_far}; if "
            "the model is that slow, raise timeout in the model config; if its replies run "
            "on, a lower max_tokens ends them sooner"
        )

    async def _read(self, response: aiohttp.ClientResponse, *, model: str) -> bytes:
        """The body, at most `MAX_REPLY_BYTES` of it (decompressed)."""
        if response.content_length is not None and response.content_length > MAX_REPLY_BYTES:
            raise self._too_big(response, model=model)
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.content.iter_chunked(2**16):
            size += len(chunk)
            if size > MAX_REPLY_BYTES:
                raise self._too_big(response, model=model)
            chunks.append(chunk)
        return b"".join(chunks)

    def _too_big(self, response: aiohttp.ClientResponse, *, model: str) -> UnparseableReplyError:
        """The error for a body over `MAX_REPLY_BYTES` (made only then: not for every reply)."""
        return UnparseableReplyError(
            f"{self._label} answered {model} with a body larger than "
            f"{MAX_REPLY_BYTES // 2**20} MiB; check base_url and the model's max_tokens",
            status=response.status,
        )

    def _json(self, content: bytes, *, status: int, model: str) -> Any:
        """The JSON of a 2xx body.

        Raises:
            ServerError: the body is not JSON (an HTML page, a body cut off): retried.
        """
        try:
            return json_value(content)
        except ValueError as exc:
            raise ServerError(
                f"{self._label} answered HTTP {status} for {model} with a body that is not "
                f"JSON{self._snippet(content)}; an HTML page or a cut-off body comes from a "
                "proxy or an overloaded server, so the call is retried",
                status=status,
            ) from exc

    def unparseable(self, what: str, data: dict[str, Any], *, model: str) -> UnparseableReplyError:
        """An error for a JSON reply of the wrong shape, quoting the provider's error if any."""
        detail = _error_message(data)
        note = f": {self.redact(detail)[:_DETAIL_CHARS]}" if detail else ""
        return UnparseableReplyError(f"{self._label}'s reply for {model} {what}{note}")

    def status_error(
        self, status: int, headers: Mapping[str, str], content: bytes, *, model: str
    ) -> ProviderError:
        """Translate a non-2xx reply into the error class for its status."""
        detail = self._detail(content)
        label = self._label
        if status in (401, 403):
            if self.api_key_env:
                todo = f"check that {self.api_key_env} holds a valid key with access to {model}"
            else:
                todo = (
                    "this endpoint wants a key: set api_key_env in the model config to the "
                    "environment variable that holds it"
                )
            return AuthError(
                f"{label} refused the call (HTTP {status}){detail}; {todo}", status=status
            )
        if status == 429:
            wait = retry_after_seconds(headers)
            after = f" and asked to wait {wait:g}s" if wait is not None else ""
            return RateLimitError(
                f"{label} rate-limited the call to {model} (HTTP 429){after}{detail}; lower "
                "concurrency or set rpm/tpm in the model config",
                retry_after=wait,
            )
        if status == 408:
            return ModelTimeoutError(
                f"{label} timed out the call to {model} (HTTP 408){detail}", status=status
            )
        if status == 409 or status >= 500:
            return ServerError(
                f"{label} failed on {model} with HTTP {status}{detail}", status=status
            )
        if status == 404:
            todo = f"check the model name {model!r} and the base_url {self._where}"
        elif 300 <= status < 400:
            todo = f"the base_url {self._where} redirects; give the URL it redirects to"
        else:
            todo = "fix the request or the model config (the provider's message says what)"
        return BadRequestError(
            f"{label} rejected the call to {model} (HTTP {status}){detail}; {todo}", status=status
        )

    def redact(self, text: str) -> str:
        """Blank out the key and header values (and their long words) in `text`."""
        for secret in self._secrets:
            if secret in text:
                text = text.replace(secret, "***")
        return text

    def _expanded_headers(self) -> dict[str, str]:
        expanded = {}
        for header, value in self._headers.items():

            def lookup(match: re.Match[str], header: str = header) -> str:
                var = match.group(1)
                if var not in os.environ:
                    raise AuthError(
                        f"the model header {header} uses ${{{var}}}, but the environment "
                        f"variable {var} is not set; export it or remove the header"
                    )
                return os.environ[var]

            expanded[header] = _VAR.sub(lookup, value)
            self._remember_secret(expanded[header])
        return expanded

    def _remember_secret(self, value: str) -> None:
        # Whole values and their long words: a server may echo just the token of "Bearer x".
        for secret in [value, *value.split()]:
            if len(secret) >= 8 and secret not in self._secrets:
                self._secrets.append(secret)
        self._secrets.sort(key=len, reverse=True)

    def _reason(self, exc: Exception) -> str:
        return self.redact(str(exc) or type(exc).__name__)

    def _detail(self, content: bytes) -> str:
        try:
            data = pydantic_core.from_json(content)
        except ValueError:
            data = None
        message = _error_message(data) if data is not None else None
        if message is None:
            message = content.decode("utf-8", "replace").strip()
        if not message:
            return ""
        message = self.redact(" ".join(message.split()))
        if len(message) > _DETAIL_CHARS:
            message = message[:_DETAIL_CHARS] + "..."
        return f": {message}"

    def _snippet(self, content: bytes) -> str:
        text = content.decode("utf-8", "replace").strip()
        if not text:
            return " (the body is empty)"
        cut = text[:_DETAIL_CHARS] + ("..." if len(text) > _DETAIL_CHARS else "")
        return f": {self.redact(cut)!r}"


def _is_event_stream(headers: Mapping[str, str]) -> bool:
    return headers.get("Content-Type", "").split(";")[0].strip().lower() == "text/event-stream"


def _error_message(data: Any) -> str | None:
    """The message of an error body in the usual shapes (OpenAI, Anthropic, FastAPI...)."""
    if not isinstance(data, dict):
        return None
    err = data.get("error")
    if isinstance(err, dict):
        message = err.get("message")
        if isinstance(message, str) and message:
            return message
        return str(err)
    if isinstance(err, str) and err:
        return err
    for field in ("message", "detail"):
        value = data.get(field)
        if isinstance(value, str) and value:
            return value
        if value:
            return str(value)
    return None


def retry_after_seconds(headers: Mapping[str, str]) -> float | None:
    """How long a 429 asks to wait, in seconds (None when it does not say).

    Read from ``retry-after-ms``, else ``Retry-After`` in seconds or as an HTTP date;
    `headers` must look names up case-insensitively (as aiohttp's do).
    """
    millis = headers.get("retry-after-ms")
    if millis:
        try:
            return max(0.0, float(millis) / 1000)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def env_proxy(url: str) -> str | None:
    """The proxy the environment sets for `url` (``HTTPS_PROXY``... less ``NO_PROXY``)."""
    parts = urlsplit(url)
    proxy = getproxies().get(parts.scheme)
    if not proxy or not parts.hostname or proxy_bypass(parts.hostname):
        return None
    return proxy


def safe_url(url: str) -> str:
    """The URL without user info or query string, which may hold credentials."""
    try:
        parts = urlsplit(url)
        port = f":{parts.port}" if parts.port is not None else ""
    except ValueError:
        return "<an invalid URL>"
    return f"{parts.scheme}://{parts.hostname or ''}{port}{parts.path}"


def json_value(data: str | bytes) -> Any:
    """The JSON value of `data`; a lone surrogate escape in it becomes U+FFFD.

    pydantic-core's parser (fast, depth-bounded) first; Python's, which takes the lone
    surrogate escapes pydantic-core refuses, when that fails.

    Raises:
        ValueError: `data` is not JSON, or is nested too deeply to read.
    """
    try:
        return pydantic_core.from_json(data)
    except ValueError as exc:
        try:
            return scrub(json.loads(data))
        except (ValueError, RecursionError):
            raise exc from None
