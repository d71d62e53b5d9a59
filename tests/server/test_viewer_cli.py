"""``fourfold serve``: the binding rules, the token, and what it prints."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from fourfold._cli import cli
from fourfold.errors import ConfigError
from fourfold.server import check_binding, is_loopback, viewer_url


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.1.2.3", True),
        ("localhost", True),
        ("::1", True),
        ("[::1]", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.168.1.10", False),
        ("example.com", False),
    ],
)
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


@pytest.mark.parametrize(
    ("host", "token", "message"),
    [
        ("127.0.0.1", None, None),
        ("0.0.0.0", "a-token-of-enough-length", None),
        ("127.0.0.1", "a-token-of-enough-length", None),
        ("0.0.0.0", None, "needs a token"),
        ("192.168.1.10", None, "needs a token"),
        ("0.0.0.0", "short", "use at least 16"),
    ],
)
def test_check_binding(host: str, token: str | None, message: str | None) -> None:
    if message is None:
        check_binding(host, token)
    else:
        with pytest.raises(ConfigError, match=message):
            check_binding(host, token)


@pytest.mark.parametrize(
    ("args", "env", "message"),
    [
        (["--host", "0.0.0.0"], {}, "needs a token"),
        (["--host", "192.168.1.10"], {}, "FOURFOLD_SERVE_TOKEN"),
        (["--token", "short"], {}, "use at least 16"),
        (["--host", "0.0.0.0"], {"FOURFOLD_SERVE_TOKEN": "short"}, "use at least 16"),
    ],
)
def test_serve_refuses_an_unguarded_binding_with_exit_2(
    tmp_path: Path, args: list[str], env: dict[str, str], message: str
) -> None:
    result = CliRunner().invoke(
        cli, ["serve", "--store", str(tmp_path / "runs.db"), *args], env=env
    )
    assert result.exit_code == 2
    assert message in result.output


def test_serve_says_when_its_port_is_taken(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(
            cli, ["serve", "--store", str(tmp_path / "runs.db"), "--port", str(port)]
        )
    assert result.exit_code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.output
    assert "choose another --port" in result.output


@pytest.mark.parametrize(
    ("host", "token", "url"),
    [
        ("127.0.0.1", None, "http://127.0.0.1:8765/"),
        ("0.0.0.0", "tok", "http://127.0.0.1:8765/?token=tok"),
        ("::1", None, "http://[::1]:8765/"),
    ],
)
def test_viewer_url(host: str, token: str | None, url: str) -> None:
    assert viewer_url(host, 8765, token) == url
