"""Errors as the viewer answers them: a page for people, JSON for ``/api``."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

__all__ = ["Problem", "problem_response"]


class Problem(Exception):
    """An answer other than success: an HTTP status and a message saying what to do."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def problem_response(request: Request, problem: Problem) -> Response:
    """`problem` as JSON (``{"detail": message}``) for the API, else as a page."""
    if request.url.path.startswith("/api/"):
        return JSONResponse({"detail": problem.message}, status_code=problem.status)
    from ._views import render_page

    return HTMLResponse(
        render_page(
            request,
            "error.html.j2",
            title=_TITLES.get(problem.status, "error"),
            status=problem.status,
            message=problem.message,
        ),
        status_code=problem.status,
    )


_TITLES = {
    400: "bad request",
    401: "token needed",
    403: "refused",
    404: "not found",
    413: "too large",
    422: "cannot do that",
    503: "store unavailable",
}
