"""Helpers of the viewer's tests: the store's runs, a TestClient over the app, forms with
their CSRF token, and a page's text."""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from typing import Any

from fourfold.server import Security, ViewerConfig, create_app
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
    from fastapi.testclient import TestClient

    app = create_app(
        viewed.store,
        security=security,
        config=ViewerConfig(
            case_roots=(viewed.root,),
            environ={"FOURFOLD_TEST_KEY": SECRET},
            n_resamples=200,
        ),
    )
    return TestClient(app, base_url=base_url, follow_redirects=False)


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
