"""Every route of the viewer through FastAPI's TestClient: pages, the API, 404s and 422s,
the token, the Host check, CSRF and the security headers."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from typing import Any

import pytest

from fourfold.runs import Note
from tests.helpers.hostile import SECRET_HEADER
from tests.helpers.viewer_client import TOKEN, Viewed, csrf, make_client, name, post

PAGES = [
    "/",
    "/?suite=refunds",
    "/runs/{judged}",
    "/runs/{judged}?baseline={baseline}",
    "/runs/{judged}/trials",
    "/runs/{judged}/trials?show=failing",
    "/runs/{judged}/trials?show=judged",
    "/runs/{judged}/trials?show=reviewed",
    "/runs/{judged}/trials?show=errored&page=3",
    "/runs/{judged}/trial?case=refund-0&repeat=0",
    "/runs/{judged}/reviews",
    "/runs/{judged}/promote.jsonl?case=refund-0&repeat=0",
    "/compare",
    "/compare?suite=refunds",
    "/compare?base={baseline}&cand={judged}",
    "/label",
    "/label?run={judged}",
    "/label/{judged}?criterion=rubric:grounding",
    "/label/{judged}?criterion=grounding&n=5",
    "/api/session",
    "/api/runs",
    "/api/runs/{judged}",
    "/api/runs/{judged}/trials/t0",
    "/api/runs/{judged}/trials/b0?baseline={baseline}",
    "/api/runs/{judged}/reviews",
    "/api/runs/{judged}/labelling?criterion=rubric:grounding",
    "/static/report.css",
    "/static/viewer.css",
]

RUN_ROUTES = [
    "/runs/{run}",
    "/runs/{run}/trials",
    "/runs/{run}/trial?case=refund-0",
    "/runs/{run}/reviews",
    "/runs/{run}/promote.jsonl?case=refund-0",
    "/label/{run}?criterion=rubric:grounding",
    "/label?run={run}",
    "/compare?base={run}&cand={judged}",
    "/runs/{judged}?baseline={run}",
    "/api/runs/{run}",
    "/api/runs/{run}/trials/t0",
    "/api/runs/{run}/reviews",
    "/api/runs/{run}/labelling?criterion=rubric:grounding",
]


def _url(template: str, viewed: Viewed, **extra: str) -> str:
    return template.format(judged=viewed.judged, baseline=viewed.baseline, **extra)


@pytest.mark.parametrize("template", PAGES)
def test_every_page_answers(client: Any, viewed: Viewed, template: str) -> None:
    response = client.get(_url(template, viewed))
    assert response.status_code == 200, response.text[:2000]


def test_the_runs_list_is_newest_first_and_filters_by_suite(client: Any, viewed: Viewed) -> None:
    page = client.get("/").text
    order = [page.index(f'data-run="{r}"') for r in (viewed.judged, viewed.baseline)]
    assert order == sorted(order)
    assert viewed.hostile in page
    only = client.get("/?suite=refunds").text
    assert viewed.judged in only and viewed.hostile not in only
    assert client.get("/?suite=nothing-by-this-name").text.count("data-run=") == 0


def test_the_report_is_served_live_with_details_from_the_api(client: Any, viewed: Viewed) -> None:
    page = client.get(f"/runs/{viewed.judged}").text
    config = re.search(r'id="ff-config">(.*?)</script>', page)
    assert config is not None
    assert f'"detailUrl":"/api/runs/{viewed.judged}/trials/{{key}}"' in config.group(1)
    assert 'id="ff-d-t0"' not in page, "a served report embeds no trial detail"
    assert "connect-src &#39;self&#39;" in page
    assert f'href="/runs/{viewed.judged}/trials"' in page, "the viewer's links are on the report"
    detail = client.get(f"/api/runs/{viewed.judged}/trials/t0").json()
    assert detail["case_id"] == "refund-0" and detail["key"] == "t0"


def test_a_report_against_a_baseline_fetches_the_baselines_trials(
    client: Any, viewed: Viewed
) -> None:
    page = client.get(f"/runs/{viewed.judged}?baseline={viewed.baseline}").text
    assert f"?baseline={viewed.baseline}" in page
    assert "vs baseline" in page


def test_compare_shows_the_comparison_table(client: Any, viewed: Viewed) -> None:
    page = client.get(f"/compare?base={viewed.baseline}&cand={viewed.judged}").text
    assert 'id="comparison"' in page
    for layer in ("outcome", "trajectory", "grounding", "policy"):
        assert f'data-layer="{layer}"' in page
    assert 'data-check="rubric:grounding"' in page
    assert f'href="/runs/{viewed.judged}?baseline={viewed.baseline}"' in page


def test_compare_never_says_deploy_over_the_candidates_own_block(
    client: Any, viewed: Viewed
) -> None:
    gate = {"decision": "block", "reasons": ["policy pass rate 0% < 80%"]}
    summary = {**(viewed.store.get_run(viewed.judged).summary or {}), "gate": gate}
    viewed.store.update_run(viewed.judged, summary=summary)
    page = unescape(client.get(f"/compare?base={viewed.baseline}&cand={viewed.judged}").text)
    assert 'data-decision="block"' in page
    assert "the candidate's own gate says block: policy pass rate 0% < 80%" in page
    assert 'class="own-gate">block<' in page


@pytest.mark.parametrize("template", RUN_ROUTES)
def test_unknown_runs_are_404(client: Any, viewed: Viewed, template: str) -> None:
    response = client.get(_url(template, viewed, run="no-such-run"))
    assert response.status_code == 404
    if template.startswith("/api/"):
        assert "no run 'no-such-run'" in response.json()["detail"]
    else:
        assert "no run 'no-such-run'" in unescape(response.text)


@pytest.mark.parametrize(
    ("template", "message"),
    [
        ("/runs/{judged}/trial?case=refund-0&repeat=x", "repeat: Input should be a valid integer"),
        ("/runs/{judged}/trial?repeat=0", "case: Field required"),
        ("/runs/{judged}/trial?case=refund-0&repeat=-1", "repeat: Input should be greater"),
        ("/runs/{judged}/trials?show=bogus", "show: String should match"),
        ("/runs/{judged}/trials?page=0", "page: Input should be greater"),
        ("/runs/{judged}?baseline={judged}", "cannot be its own baseline"),
        ("/compare?base={judged}&cand={judged}", "pick two different runs"),
        ("/label/{judged}?criterion=nope", "has no rubric results of 'nope'"),
        ("/label/{judged}?criterion=rubric:grounding&n=0", "n: Input should be greater"),
        ("/label?run={judged}&criterion=no_pii", "its rubric checks: rubric:grounding"),
        ("/api/runs/{judged}/labelling?criterion=nope", "no rubric results of 'nope'"),
        ("/runs/{judged}/promote.jsonl?case=refund-3", "failed no check"),
        ("/runs/{judged}/promote.jsonl?case=refund-0&layer=trajectory", "did not break"),
    ],
)
def test_bad_input_is_422_with_a_message(
    client: Any, viewed: Viewed, template: str, message: str
) -> None:
    response = client.get(_url(template, viewed))
    assert response.status_code == 422
    text = response.json()["detail"] if template.startswith("/api/") else unescape(response.text)
    assert message in text


@pytest.mark.parametrize(
    "template",
    [
        "/runs/{judged}/trial?case=refund-99&repeat=0",
        "/runs/{judged}/trial?case=refund-0&repeat=5",
        "/api/runs/{judged}/trials/t999",
        "/static/nothing.css",
        "/no/such/page",
    ],
)
def test_unknown_things_are_404(client: Any, viewed: Viewed, template: str) -> None:
    assert client.get(_url(template, viewed)).status_code == 404


# Access


@pytest.mark.parametrize(
    "template", ["/", "/runs/{judged}", "/api/runs", "/api/runs/{judged}/trials/t0", "/label"]
)
def test_a_viewer_with_a_token_refuses_requests_without_it(
    token_client: Callable[..., Any], viewed: Viewed, template: str
) -> None:
    response = token_client().get(_url(template, viewed))
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Bearer")
    assert "token" in response.text
    assert "refunds" not in response.text and "data-run" not in response.text, (
        "a refusal shows nothing of the store"
    )


@pytest.mark.parametrize(
    "headers",
    [
        {"Authorization": "Bearer wrong-token-wrong-token"},
        {"Authorization": f"Basic {TOKEN}"},
        {"Cookie": "fourfold_session=forged"},
    ],
)
def test_a_wrong_token_is_refused(
    token_client: Callable[..., Any], headers: dict[str, str]
) -> None:
    assert token_client().get("/", headers=headers).status_code == 401
    assert token_client().get("/?token=wrong-token-wrong").status_code == 401


def test_a_bearer_token_opens_the_api(token_client: Callable[..., Any], viewed: Viewed) -> None:
    response = token_client().get("/api/runs", headers={"Authorization": f"Bearer {TOKEN}"})
    assert response.status_code == 200
    assert {r["id"] for r in response.json()} >= {viewed.judged, viewed.hostile}


def test_the_token_in_the_address_sets_an_httponly_strict_cookie(
    token_client: Callable[..., Any], viewed: Viewed
) -> None:
    c = token_client()
    response = c.get(f"/runs/{viewed.judged}/trials?show=failing&token={TOKEN}")
    assert response.status_code == 303
    assert response.headers["location"] == f"/runs/{viewed.judged}/trials?show=failing"
    cookie = next(
        v for k, v in response.headers.multi_items() if k == "set-cookie" and "session" in v
    )
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert TOKEN not in cookie, "the cookie holds a digest of the token, not the token"
    assert c.get(f"/runs/{viewed.judged}/trials?show=failing").status_code == 200
    assert c.get(f"/api/runs/{viewed.judged}/trials/t0").status_code == 200


def test_with_a_token_a_post_still_needs_its_csrf_token(
    token_client: Callable[..., Any], viewed: Viewed
) -> None:
    c = token_client()
    c.get(f"/?token={TOKEN}")
    assert c.post("/whoami", data={"name": "ann"}).status_code == 403
    assert post(c, "/whoami", {"name": "ann"}).status_code == 303


@pytest.mark.parametrize(
    ("host", "status"),
    [
        ("127.0.0.1:8765", 200),
        ("localhost:8765", 200),
        ("[::1]:8765", 200),
        ("localhost", 200),
        ("evil.example:8765", 400),
        ("127.0.0.1.evil.example", 400),
        ("192.0.2.10:8765", 400),
    ],
)
def test_a_loopback_viewer_answers_only_its_own_host_names(
    client: Any, host: str, status: int
) -> None:
    response = client.get("/", headers={"Host": host})
    assert response.status_code == status
    if status == 400:
        assert "is not this server's name" in unescape(response.text)


# CSRF

POSTS = [
    ("/whoami", {"name": "ann"}),
    (
        "/runs/{judged}/review",
        {"case": "refund-0", "repeat": "0", "check": "rubric:grounding", "action": "accept"},
    ),
    ("/runs/{judged}/promote", {"case": "refund-0", "repeat": "0", "target": "p.jsonl"}),
    (
        "/label/{judged}",
        {"criterion": "rubric:grounding", "case": "refund-0", "repeat": "0", "value": "2"},
    ),
    ("/label/{judged}/calibrate", {"criterion": "rubric:grounding"}),
    ("/runs/{judged}/notes", {"case": "refund-0", "repeat": "0", "text": "invented §9"}),
    ("/runs/{judged}/modes", {"note": "1", "mode": "invented policy"}),
]


def test_every_post_route_is_in_the_csrf_table(client: Any) -> None:
    paths = client.app.openapi()["paths"]
    posts = {path for path, methods in paths.items() if "post" in methods}
    assert posts == {p.replace("{judged}", "{run_id}") for p, _ in POSTS}


@pytest.mark.parametrize(("template", "data"), POSTS)
@pytest.mark.parametrize("how", ["none", "wrong", "other browser's", "foreign origin"])
def test_posts_without_a_valid_csrf_token_are_refused(
    client: Any, viewed: Viewed, template: str, data: dict[str, str], how: str
) -> None:
    name(client, "ann")
    url = _url(template, viewed)
    if how == "none":
        response = client.post(url, data=data)
    elif how == "wrong":
        response = client.post(url, data={**data, "csrf": "0" * 64})
    elif how == "other browser's":
        other = make_client(viewed)
        response = client.post(url, data={**data, "csrf": csrf(other)})
    else:
        response = client.post(
            url, data={**data, "csrf": csrf(client)}, headers={"Origin": "http://evil.example"}
        )
    assert response.status_code == 403
    assert "CSRF" in response.text or "another origin" in response.text
    assert viewed.store.reviews(viewed.judged) == []
    assert viewed.store.labels() == []


@pytest.mark.parametrize(("template", "data"), POSTS)
def test_posts_with_the_csrf_token_go_through(
    client: Any, viewed: Viewed, template: str, data: dict[str, str]
) -> None:
    name(client, "ann")
    if template.endswith("/modes"):  # grouping needs a note to group (its id is 1)
        note = Note(run_id=viewed.judged, case_id="refund-0", text="x", author="ann")
        viewed.store.add_note(note)
    response = post(client, _url(template, viewed), data)
    assert response.status_code in (200, 303), response.text[:2000]
    same_origin = post(client, _url(template, viewed), data) if template == "/whoami" else None
    if same_origin is not None:
        assert same_origin.status_code == 303


def test_a_form_that_is_not_urlencoded_or_too_large_is_refused(client: Any) -> None:
    token = csrf(client)
    as_json = client.post(
        "/whoami", json={"name": "ann", "csrf": token}, headers={"X-CSRF-Token": token}
    )
    assert as_json.status_code == 422 and "x-www-form-urlencoded" in as_json.text
    big = client.post("/whoami", data={"name": "a" * 300_000, "csrf": token})
    assert big.status_code == 413


# Headers and secrets


def test_pages_forbid_every_script_and_framing(client: Any, viewed: Viewed) -> None:
    response = client.get(f"/runs/{viewed.judged}/trial?case=refund-0&repeat=0")
    csp = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "script-src" not in csp
    assert "frame-ancestors 'none'" in csp and "form-action 'self'" in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "<script" not in response.text


def test_the_report_keeps_its_own_policy(client: Any, viewed: Viewed) -> None:
    response = client.get(f"/runs/{viewed.judged}")
    assert response.headers["Content-Security-Policy"] == "frame-ancestors 'none'"
    assert "script-src 'sha256-" in unescape(response.text)


@pytest.mark.parametrize(
    "template",
    [
        "/",
        "/runs/{hostile}",
        "/runs/{hostile}/trials",
        "/api/runs",
        "/api/runs/{hostile}",
        "/compare?base={hostile}&cand={judged}",
        "/label?run={hostile}",
    ],
)
def test_no_page_shows_the_runs_configuration(client: Any, viewed: Viewed, template: str) -> None:
    text = client.get(_url(template, viewed, hostile=viewed.hostile)).text
    assert SECRET_HEADER not in text
    assert "api_key_env" not in text and "X-Secret" not in text
