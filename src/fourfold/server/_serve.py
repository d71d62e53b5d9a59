"""Running the viewer: checking the binding and the token, then uvicorn."""

from __future__ import annotations

import socket
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ..errors import ConfigError, MissingDependencyError
from ..store import Store
from ._app import create_app
from ._security import MIN_TOKEN_LENGTH, Security, is_loopback
from ._state import ViewerConfig

__all__ = ["bind", "check_binding", "serve", "viewer_url"]


def check_binding(host: str, token: str | None) -> None:
    """Refuse a binding that would expose the viewer without a token, or a weak token.

    Raises:
        ConfigError: bound beyond loopback without a token, or the token is too short.
    """
    if token is not None and len(token) < MIN_TOKEN_LENGTH:
        raise ConfigError(
            f"the token is {len(token)} characters long; use at least {MIN_TOKEN_LENGTH}",
            hint="make one with: python -c 'import secrets; print(secrets.token_urlsafe(24))'",
        )
    if token is None and not is_loopback(host):
        raise ConfigError(
            f"--host {host} lets other machines reach the viewer, and it shows agents' "
            "outputs and lets people change labels: it needs a token",
            hint="give --token TOKEN or set FOURFOLD_SERVE_TOKEN (make one with: python -c "
            "'import secrets; print(secrets.token_urlsafe(24))'), or bind to 127.0.0.1",
        )


def viewer_url(host: str, port: int, token: str | None = None) -> str:
    """The address to open (with the token, which sets the session cookie)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def serve(
    store: Store,
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    token: str | None = None,
    case_roots: tuple[Path, ...] = (),
    suite_dirs: tuple[Path, ...] = (),
    on_start: Callable[[str], None] | None = None,
) -> None:
    """Serve the viewer over `store` until interrupted.

    Args:
        store: the run store.
        host: the address to bind (loopback by default).
        port: the port.
        token: the access token (required beyond loopback).
        case_roots: folders promoted cases may be written under (default: the working
            directory).
        suite_dirs: folders to look for runs' suite files in, when one is not where its
            run recorded it (`ViewerConfig.suite_dirs`).
        on_start: called with the address to open once the server listens.

    Raises:
        ConfigError: the binding needs a token, or the token is too short.
        MissingDependencyError: uvicorn is not installed.
    """
    check_binding(host, token)
    try:
        import uvicorn
    except ImportError as exc:
        raise MissingDependencyError(
            "fourfold serve needs the viewer's extra: pip install 'fourfold[serve]'"
        ) from exc

    config = ViewerConfig(suite_dirs=suite_dirs)
    if case_roots:
        config = replace(config, case_roots=case_roots)
    app = create_app(store, security=Security.for_binding(host, token), config=config)
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host=host,
            port=port,
            log_level="warning",
            server_header=False,
            proxy_headers=False,
        )
    )
    # Bound here rather than by uvicorn, so a port in use is an error that says what to
    # do, and the address is announced only once it is ours.
    listener = bind(host, port)
    if on_start is not None:
        on_start(viewer_url(host, listener.getsockname()[1], token))
    server.run(sockets=[listener])


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on `host` and `port` (0: any free port).

    Raises:
        ConfigError: the address cannot be bound (in use, or not this machine's).
    """
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise ConfigError(
            f"cannot listen on {host}:{port}: {exc.strerror or exc}",
            hint="choose another --port (another viewer may be running), or another --host",
        ) from exc
    sock.listen(128)
    sock.set_inheritable(True)
    return sock
