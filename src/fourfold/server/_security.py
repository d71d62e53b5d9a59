"""Who may use the viewer, and proof that a state-changing request came from its own pages.

**Access.** Bound to a loopback address without a token, the viewer answers only requests
whose ``Host`` names this machine (``127.0.0.1``, ``localhost``, ``[::1]``): a web page
elsewhere that re-points its own domain at 127.0.0.1 (DNS rebinding) is refused. With a
token (required when bound to any other address), every request needs it: an
``Authorization: Bearer <token>`` header, or the session cookie that opening any page with
``?token=<token>`` sets (HttpOnly, SameSite=Strict) before redirecting to the same address
without it, so the token does not linger in the address bar or the history. The cookie
holds an HMAC of the token, not the token.

**CSRF.** Every POST carries a CSRF token (the form field ``csrf``, or the header
``X-CSRF-Token``), even on localhost: another site's page can make the browser POST to
127.0.0.1. The token is a signed double-submit: each browser gets a random nonce in a
SameSite=Strict cookie, and its token is the HMAC of that nonce under a key drawn when the
server starts. A page elsewhere can neither read the cookie nor compute the token for it.
A POST whose ``Origin`` names another origin is refused too.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from ._errors import Problem

__all__ = [
    "AUTH_COOKIE",
    "CSRF_COOKIE",
    "CSRF_FIELD",
    "CSRF_HEADER",
    "LOOPBACK_HOSTS",
    "MIN_TOKEN_LENGTH",
    "Security",
    "is_loopback",
]

AUTH_COOKIE = "fourfold_session"
CSRF_COOKIE = "fourfold_csrf"
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-csrf-token"
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
"""Host names a loopback-bound viewer answers to."""
MIN_TOKEN_LENGTH = 16
"""A shorter token could be guessed; `fourfold serve` refuses it."""

_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_COOKIE_AGE = 60 * 60 * 24 * 30


def is_loopback(host: str) -> bool:
    """Whether binding to `host` keeps the server on this machine.

    Examples:
        >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
        (True, True, False)
    """
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Security:
    """The viewer's access rules (see the module's docstring)."""

    token: str | None = None
    """The access token; None: no token (the viewer must then be bound to loopback)."""
    allowed_hosts: frozenset[str] | None = LOOPBACK_HOSTS
    """Host names accepted in the ``Host`` header (None: any, as with a token)."""
    key: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)
    """The key CSRF tokens are signed with (drawn per server)."""

    @classmethod
    def for_binding(cls, host: str, token: str | None) -> Security:
        """The rules for a server bound to `host`: hosts checked unless a token guards it."""
        if token is not None:
            return cls(token=token, allowed_hosts=None)
        return cls(token=None, allowed_hosts=LOOPBACK_HOSTS | {host.strip("[]").lower()})

    def session_value(self) -> str:
        """What the session cookie holds: an HMAC of the token (never the token)."""
        assert self.token is not None
        return hmac.new(self.token.encode(), b"fourfold-viewer-session", hashlib.sha256).hexdigest()

    def csrf_token(self, nonce: str) -> str:
        """The CSRF token of a browser whose CSRF cookie is `nonce`."""
        return hmac.new(self.key, nonce.encode(), hashlib.sha256).hexdigest()

    def check_csrf(self, request: Request, submitted: Iterable[str]) -> None:
        """Refuse a POST whose CSRF token (form field or header) does not match its cookie.

        Raises:
            Problem: 403, with what to do.
        """
        nonce = request.cookies.get(CSRF_COOKIE, "")
        candidates = [*submitted, request.headers.get(CSRF_HEADER, "")]
        expected = self.csrf_token(nonce) if nonce else ""
        if not expected or not any(
            c and hmac.compare_digest(c.encode(), expected.encode()) for c in candidates
        ):
            raise Problem(
                403,
                "this request has no valid CSRF token (the form is stale, or the request "
                "did not come from the viewer's own page); reload the page and try again",
            )

    async def middleware(
        self, request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        """Check the host, the token and the origin; hand out the CSRF cookie."""
        if self.allowed_hosts is not None:
            host = _host_name(request.headers.get("host", ""))
            if host not in self.allowed_hosts:
                return _refuse(
                    request,
                    400,
                    f"the Host header {host!r} is not this server's name; open the viewer "
                    "at the address `fourfold serve` printed (http://127.0.0.1:PORT/)",
                )
        if self.token is not None:
            passed = self._authenticate(request)
            if passed is None:
                return _refuse(
                    request,
                    401,
                    "this viewer needs its token: open the address `fourfold serve` printed "
                    "(it ends in ?token=...), or send the header Authorization: Bearer TOKEN",
                    bearer=True,
                )
            if passed == "query" and request.method in _SAFE_METHODS:
                return self._drop_token_from_address(request)
        if request.method not in _SAFE_METHODS:
            origin = request.headers.get("origin")
            if origin is not None and not _same_origin(origin, request):
                return _refuse(
                    request, 403, f"a request from another origin ({origin}) cannot change data"
                )
        nonce = request.cookies.get(CSRF_COOKIE)
        fresh = nonce is None or len(nonce) != 32
        if fresh:
            nonce = secrets.token_hex(16)
        assert nonce is not None
        request.state.csrf = self.csrf_token(nonce)
        response = await call_next(request)
        if fresh:
            response.set_cookie(
                CSRF_COOKIE, nonce, max_age=_COOKIE_AGE, httponly=True, samesite="strict"
            )
        return response

    def _authenticate(self, request: Request) -> str | None:
        assert self.token is not None
        token = self.token.encode()
        header = request.headers.get("authorization", "")
        scheme, _, value = header.partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(value.strip().encode(), token):
            return "header"
        cookie = request.cookies.get(AUTH_COOKIE, "")
        if cookie and hmac.compare_digest(cookie.encode(), self.session_value().encode()):
            return "cookie"
        given = request.query_params.get("token")
        if given is not None and hmac.compare_digest(given.encode(), token):
            return "query"
        return None

    def _drop_token_from_address(self, request: Request) -> Response:
        query = [(k, v) for k, v in request.query_params.multi_items() if k != "token"]
        target = request.url.path + (f"?{urlencode(query)}" if query else "")
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(
            AUTH_COOKIE,
            self.session_value(),
            max_age=_COOKIE_AGE,
            httponly=True,
            samesite="strict",
        )
        return response


def _host_name(host: str) -> str:
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _same_origin(origin: str, request: Request) -> bool:
    # "null": a browser that keeps the origin to itself (our pages send no referrer, so
    # Chromium posts their forms with Origin: null); the CSRF token decides then.
    if origin == "null":
        return True
    parts = urlsplit(origin)
    return parts.netloc.lower() == request.headers.get("host", "").lower()


def _refuse(request: Request, status: int, message: str, *, bearer: bool = False) -> Response:
    from ._errors import problem_response

    response = problem_response(request, Problem(status, message))
    if bearer:
        response.headers["WWW-Authenticate"] = 'Bearer realm="fourfold"'
    return response
