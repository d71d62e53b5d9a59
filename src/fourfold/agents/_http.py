"""The ``http`` adapter: an agent behind a URL, one POST per trial."""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Mapping

import httpx

from ..cases import Case
from ..errors import AgentError, ConfigError
from ..trace import Trace
from ._recorder import Recorder
from ._trial import Adapter, merge_trace, request_body, trace_from_json

__all__ = ["HttpAgent", "check_url", "expand_headers"]

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


class HttpAgent(Adapter):
    """POSTs the request as JSON to the URL and reads the response body as a trace.

    One `httpx.AsyncClient` serves every trial; `aclose` closes it. Header values never
    appear in error messages (they often hold keys), and are blanked out of response
    bodies quoted there.
    """

    def __init__(self, url: str, *, headers: dict[str, str], timeout: float) -> None:
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self._client: httpx.AsyncClient | None = None
        self._where = _safe_url(url)

    async def attempt(self, case: Case, *, seed: int, repeat: int, rec: Recorder) -> Trace:
        """POST the case once and read the response as a trace."""
        client = self._client_for_loop()
        body = request_body(case, seed=seed, repeat=repeat)
        try:
            # httpx's timeout bounds each read or write; this bounds the whole exchange.
            response = await asyncio.wait_for(client.post(self.url, json=body), self.timeout)
        except (TimeoutError, httpx.TimeoutException) as exc:
            raise AgentError(
                f"{self._where} did not answer within the timeout of {self.timeout:g}s "
                "(raise agent.timeout in the suite if it needs longer)"
            ) from exc
        except httpx.HTTPError as exc:
            reason = self._redact(str(exc) or type(exc).__name__)
            raise AgentError(f"request to {self._where} failed: {reason}") from exc
        if not response.is_success:
            raise AgentError(
                f"{self._where} answered HTTP {response.status_code} "
                f"{response.reason_phrase}" + self._body_note(response)
            )
        try:
            data = response.json()
        except ValueError as exc:  # JSONDecodeError, or undecodable bytes
            raise AgentError(
                f"{self._where} answered HTTP {response.status_code} with a body that is not "
                "JSON" + self._body_note(response)
            ) from exc
        return merge_trace(trace_from_json(data, source=self._where), rec)

    async def aclose(self) -> None:
        """Close the HTTP client."""
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    def _client_for_loop(self) -> httpx.AsyncClient:
        # Made on first use, inside the running loop, rather than at make_agent time.
        if self._client is None:
            self._client = httpx.AsyncClient(
                headers=self.headers, timeout=httpx.Timeout(self.timeout)
            )
        return self._client

    def _body_note(self, response: httpx.Response) -> str:
        text = response.text.strip()
        if not text:
            return " (empty body)"
        cut = text[:300] + ("..." if len(text) > 300 else "")
        return f": {self._redact(cut)!r}"

    def _redact(self, text: str) -> str:
        # Whole values first, then their long words: a server may echo just the token of
        # "Bearer <token>".
        for value in self.headers.values():
            if value:
                text = text.replace(value, "***")
        for value in self.headers.values():
            for word in value.split():
                if len(word) >= 8:
                    text = text.replace(word, "***")
        return text


def _safe_url(url: str) -> str:
    """Drop the user info and query string, which may hold credentials, from a URL."""
    parsed = httpx.URL(url)
    port = f":{parsed.port}" if parsed.port is not None else ""
    return f"{parsed.scheme}://{parsed.host}{port}{parsed.path}"


def expand_headers(
    headers: Mapping[str, str], env: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Replace ``${VAR}`` in header values with the environment variable's value.

    Raises:
        ConfigError: a variable is not set (the message names it, never the value).
    """
    environ = os.environ if env is None else env
    expanded = {}
    for name, value in headers.items():

        def lookup(match: re.Match[str], header: str = name) -> str:
            var = match.group(1)
            if var not in environ:
                raise ConfigError(
                    f"agent.headers.{header} uses ${{{var}}}, but {var} is not set",
                    hint=f"export {var}=... before running, or remove the header",
                )
            return environ[var]

        expanded[name] = _VAR.sub(lookup, value)
    return expanded


def check_url(url: str) -> str:
    """Return the URL after checking it is http(s) with a host.

    Raises:
        ConfigError: it is not.
    """
    try:
        parsed = httpx.URL(url)
    except httpx.InvalidURL as exc:
        raise ConfigError(f"agent.http is not a valid URL: {exc}") from exc
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise ConfigError(
            "agent.http must be an http:// or https:// URL with a host"
            + (f" (its scheme is {parsed.scheme!r})" if parsed.scheme else ""),
            hint="e.g. http://localhost:8000/answer",
        )
    return url
