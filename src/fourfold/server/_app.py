"""The viewer's FastAPI app: routes, error pages, security headers, stylesheets."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..errors import ConfigError, RunNotFoundError, StoreError
from ..store import Store
from . import _actions, _api, _label, _notes, _pages
from ._actions import security_of
from ._errors import Problem, problem_response
from ._forms import validation_message
from ._security import Security
from ._state import Viewer, ViewerConfig
from ._views import PAGE_CSP, asset

__all__ = ["create_app"]


def create_app(
    store: Store,
    *,
    security: Security | None = None,
    config: ViewerConfig | None = None,
) -> FastAPI:
    """The viewer as an ASGI app over `store`.

    Args:
        store: the run store (the caller opens and closes it).
        security: who may use it (default: no token, loopback host names only; see
            `Security.for_binding`).
        config: where promoted cases may be written, the environment whose credentials
            are masked, the bootstrap size.

    Examples:
        >>> import tempfile, pathlib
        >>> from fastapi.testclient import TestClient
        >>> with Store.open(pathlib.Path(tempfile.mkdtemp()) / "runs.db") as store:
        ...     client = TestClient(create_app(store), base_url="http://127.0.0.1")
        ...     client.get("/").status_code
        200
    """
    security = security or Security()
    app = FastAPI(
        title="fourfold viewer",
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
    )
    app.state.viewer = Viewer(store, config or ViewerConfig())
    app.state.security = security

    # The access checks run before any route; the headers (added after, so outermost) go
    # on every answer, refusals included. The rules are the app's `Security` as the routes
    # read it (``app.state.security``, see `_actions.security_of`): one object decides both.
    @app.middleware("http")
    async def access(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        return await security_of(request).middleware(request, call_next)

    @app.middleware("http")
    async def headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        response.headers.setdefault("Content-Security-Policy", PAGE_CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Cache-Control", "no-store")
        return response

    @app.exception_handler(Problem)
    async def on_problem(request: Request, exc: Problem) -> Response:
        return problem_response(request, exc)

    @app.exception_handler(RunNotFoundError)
    async def on_not_found(request: Request, exc: RunNotFoundError) -> Response:
        return problem_response(request, Problem(404, str(exc)))

    @app.exception_handler(ConfigError)
    async def on_config(request: Request, exc: ConfigError) -> Response:
        return problem_response(request, Problem(422, str(exc)))

    @app.exception_handler(StoreError)
    async def on_store(request: Request, exc: StoreError) -> Response:
        return problem_response(request, Problem(503, str(exc)))

    @app.exception_handler(RequestValidationError)
    async def on_invalid(request: Request, exc: RequestValidationError) -> Response:
        message = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'] if p not in ('query', 'path', 'body'))}: "
            f"{e['msg']}"
            for e in exc.errors()
        )
        return problem_response(request, Problem(422, message or "the input is not valid"))

    @app.exception_handler(ValidationError)
    async def on_model(request: Request, exc: ValidationError) -> Response:
        return problem_response(request, Problem(422, validation_message(exc)))

    @app.exception_handler(StarletteHTTPException)
    async def on_http(request: Request, exc: StarletteHTTPException) -> Response:
        detail = exc.detail if isinstance(exc.detail, str) else "error"
        if exc.status_code == 404:
            detail = f"no page at {request.url.path}; start from the runs list at /"
        elif exc.status_code == 405:
            detail = f"{request.method} is not how {request.url.path} is used"
        return problem_response(request, Problem(exc.status_code, detail))

    @app.get("/favicon.ico")
    def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/static/{name}")
    def static(name: str) -> Response:
        text = asset(name)
        if text is None:
            raise Problem(404, f"no stylesheet {name!r}")
        return Response(
            text,
            media_type="text/css; charset=utf-8",
            headers={"Cache-Control": "max-age=3600"},
        )

    for module in (_pages, _actions, _label, _api, _notes):
        app.include_router(module.router)
    return app
