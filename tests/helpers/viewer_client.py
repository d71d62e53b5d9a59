"""Helpers of the viewer's tests: the store's runs, a TestClient over the app, forms with
their CSRF token, and a page's text."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from types import TracebackType
from typing import Any

from fourfold.server import Security, ViewerConfig, create_app
from fourfold.server._state import Viewer
from fourfold.store import Store
from tests.helpers.hostile import SECRET

TOKEN = "t0ken-for-the-viewer-tests-4f2a"


@dataclass
class Viewed:
    """A store with runs, and the ids the tests use."""

    store: Store
    root: Path
    judged: str
    """The candidate: a run whose trials a rubric and a pairwise judge scored."""
    baseline: str
    """An earlier run of the same suite."""
    hostile: str
    """A run whose every text is hostile (tests/report/hostile.py)."""
    hostile_cases: list[str]


def make_client(
    viewed: Viewed, *, security: Security | None = None, base_url: str = "http://127.0.0.1"
) -> Any:
    """A TestClient of the viewer over `viewed`, as `create_app` makes it.

    The app comes from `_IDLE_APPS` when one is there: see `_app`. Leaving the client's
    ``with`` block gives its app back; a client never entered keeps its app.
    """
    config = ViewerConfig(
        case_roots=(viewed.root,),
        environ={"FOURFOLD_TEST_KEY": SECRET},
        n_resamples=200,
    )
    client = _pooled_client_class()(
        _app(viewed.store, security, config), base_url=base_url, follow_redirects=False
    )
    return client


_IDLE_APPS: list[Any] = []
"""Apps of clients that have left their ``with`` block, for the next `make_client`.

FastAPI prepares an app's included routes (their parameters, bodies and responses) on the
app's first request: some 20 ms of CPU per app, most of a short server test's time. An
app that served one test serves the next, given that test's store, config and security;
an app is used by one client at a time (a test with two open clients has two apps)."""

_APP_STATE = frozenset({"viewer", "security"})
"""What `create_app` keeps in ``app.state``: all that differs between two of its apps
(the rules of `Security` are read from there, by the middleware and the routes)."""


def _app(store: Store, security: Security | None, config: ViewerConfig) -> Any:
    """``create_app(store, security=security, config=config)``, or an idle app set so."""
    if not _IDLE_APPS:
        return create_app(store, security=security, config=config)
    app = _IDLE_APPS.pop()
    state: dict[str, Any] = app.state._state
    assert set(state) == _APP_STATE, (
        f"create_app now keeps {sorted(state)} in app.state; set each for a reused app here"
    )
    state["viewer"] = Viewer(store, config)
    state["security"] = security or Security()
    return app


@functools.cache
def _pooled_client_class() -> type[Any]:
    """TestClient, giving its app back to `_IDLE_APPS` when it leaves its ``with`` block."""
    from fastapi.testclient import TestClient

    class PooledClient(TestClient):
        def __exit__(
            self,
            exc_type: type[BaseException] | None = None,
            exc: BaseException | None = None,
            tb: TracebackType | None = None,
        ) -> None:
            super().__exit__(exc_type, exc, tb)
            if not any(app is self.app for app in _IDLE_APPS):
                _IDLE_APPS.append(self.app)

    return PooledClient


def csrf(client: Any) -> str:
    """The client's CSRF token (the session endpoint also sets its cookie)."""
    response = client.get("/api/session")
    assert response.status_code == 200, response.text
    token: str = response.json()["csrf"]
    return token


def post(client: Any, url: str, data: dict[str, Any], *, token: str | None = None) -> Any:
    """POST a form with the client's CSRF token (or `token`)."""
    return client.post(url, data={**data, "csrf": token if token is not None else csrf(client)})


def name(client: Any, who: str) -> None:
    """Say who is at this client."""
    response = post(client, "/whoami", {"name": who, "next": "/"})
    assert response.status_code == 303, response.text


def text_of(html: str) -> str:
    """A page's text: tags dropped, entities read, whitespace collapsed.

    A control's span (`fourfold._text.html_text`) leaves its character in place, and the
    break opportunities in a long token nothing, as a reader selecting the text gets it.
    """
    html = re.sub(r'<span class="ctl"[^>]*>(.)</span>', r"\1", html).replace("<wbr>", "")
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
