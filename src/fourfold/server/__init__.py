"""The local web viewer behind ``fourfold serve``: runs, reports, labelling, reviews, promotion.

`create_app` builds the FastAPI app over a store; `serve` runs it with uvicorn. Both need
the ``serve`` extra (``pip install 'fourfold[serve]'``). By default the viewer is bound to
127.0.0.1 and answers only requests naming this machine; bound anywhere else it needs a
token (`Security`). Every POST carries a CSRF token.
"""

from ._app import create_app
from ._security import MIN_TOKEN_LENGTH, Security, is_loopback
from ._serve import bind, check_binding, serve, viewer_url
from ._state import ViewerConfig

__all__ = [
    "MIN_TOKEN_LENGTH",
    "Security",
    "ViewerConfig",
    "bind",
    "check_binding",
    "create_app",
    "is_loopback",
    "serve",
    "viewer_url",
]
