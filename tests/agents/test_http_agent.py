from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from fourfold.agents import Agent, HttpAgentConfig, make_agent
from fourfold.errors import ConfigError
from tests.helpers import make_case

TOKEN = "s3cret-token-value"


class _Handler(BaseHTTPRequestHandler):
    release: threading.Event

    def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
        request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        case = request["case"]
        auth = self.headers.get("Authorization", "")
        route = self.path.split("?")[0]
        if route == "/good":
            self._send(
                200,
                {
                    "output": f"http {case['input']}",
                    "metadata": {"seed": request["seed"], "repeat": request["repeat"]},
                },
            )
        elif route == "/auth":
            if auth == f"Bearer {TOKEN}":
                self._send(200, {"output": "authorised", "usage": {"input_tokens": 4}})
            else:
                self._send(401, f"rejected {auth!r}")
        elif route == "/echo-error":
            self._send(403, f"forbidden for {auth}")
        elif route == "/500":
            self._send(500, "internal kaboom")
        elif route == "/garbage":
            self._send(200, "<html>not json</html>")
        elif route == "/empty":
            self._send(200, "")
        elif route == "/not-a-trace":
            self._send(200, {"passages": [{"id": 1}]})
        elif route == "/list":
            self._send(200, [1, 2])
        elif route == "/slow":
            self.release.wait(10)
            self._send(200, {"output": "late"})
        else:
            self._send(404, "no such route")

    def _send(self, status: int, body: object) -> None:
        data = (body if isinstance(body, str) else json.dumps(body)).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        pass  # the slow route writes to a client that gave up


@pytest.fixture
def server() -> Iterator[str]:
    release = threading.Event()
    handler = type("Handler", (_Handler,), {"release": release})
    httpd = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        release.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)


def _agent(url: str, **config) -> Agent:
    return make_agent(HttpAgentConfig(http=url, **config), base_dir=".")


def test_a_good_endpoint_returns_its_trace(server, run_agent):
    traces = run_agent(
        _agent(f"{server}/good"), (make_case(input="hi"), 0), (make_case(input="yo"), 1), seed=5
    )
    assert [t.output for t in traces] == ["http hi", "http yo"]
    assert [t.metadata for t in traces] == [{"seed": 5, "repeat": 0}, {"seed": 5, "repeat": 1}]
    assert [(m.role, m.content) for m in traces[0].messages] == [
        ("user", "hi"),
        ("assistant", "http hi"),
    ]
    assert all(t.error is None and t.latency_s is not None for t in traces)


@pytest.mark.parametrize(
    ("headers", "env", "output", "error"),
    [
        (
            {"Authorization": "Bearer ${FF_TEST_TOKEN}"},
            {"FF_TEST_TOKEN": TOKEN},
            "authorised",
            None,
        ),
        ({"Authorization": f"Bearer {TOKEN}"}, {}, "authorised", None),
        (
            {"Authorization": "Bearer ${FF_TEST_TOKEN}"},
            {"FF_TEST_TOKEN": "wrong"},
            None,
            "HTTP 401",
        ),
        ({}, {}, None, "HTTP 401 Unauthorized"),
    ],
)
def test_headers_are_expanded_from_the_environment(
    server, run_agent, monkeypatch, headers, env, output, error
):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    [trace] = run_agent(_agent(f"{server}/auth", headers=headers), make_case())
    assert trace.output == output
    assert (trace.error is None) if error is None else (error in (trace.error or ""))


def test_a_missing_header_variable_is_a_config_error(monkeypatch):
    monkeypatch.delenv("FF_TEST_MISSING", raising=False)
    with pytest.raises(ConfigError) as info:
        _agent("http://127.0.0.1:1/x", headers={"X-Key": "k-${FF_TEST_MISSING}"})
    assert "X-Key" in info.value.message and "FF_TEST_MISSING" in info.value.message
    assert "export FF_TEST_MISSING" in (info.value.hint or "")


def test_header_values_never_appear_in_errors(server, run_agent, monkeypatch):
    monkeypatch.setenv("FF_TEST_TOKEN", TOKEN)
    agent = _agent(f"{server}/echo-error", headers={"Authorization": "Bearer ${FF_TEST_TOKEN}"})
    [trace] = run_agent(agent, make_case())
    assert trace.error is not None and "HTTP 403" in trace.error
    assert "forbidden for ***" in trace.error
    assert TOKEN not in trace.error


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    ("route", "error"),
    [
        ("/500", "answered HTTP 500 Internal Server Error: 'internal kaboom'"),
        ("/missing", "answered HTTP 404 Not Found"),
        ("/garbage", "answered HTTP 200 with a body that is not JSON: '<html>not json</html>'"),
        ("/empty", "with a body that is not JSON (empty body)"),
        ("/not-a-trace", "did not return a trace: not a valid trace: passages.0.id"),
        ("/list", "a trace must be a JSON object, got list"),
    ],
)
def test_failures_become_errored_traces(server, run_agent, route, error):
    [trace] = run_agent(_agent(f"{server}{route}"), make_case(input="hi"))
    assert trace.error is not None and error in trace.error
    assert f"{server}{route}" in trace.error
    assert trace.output is None
    assert [m.content for m in trace.messages] == ["hi"]


def test_connection_refused(run_agent):
    url = f"http://127.0.0.1:{_closed_port()}/agent"
    [trace] = run_agent(_agent(url), make_case())
    assert trace.error is not None and trace.error.startswith(f"request to {url} failed: ")


@pytest.mark.slow
def test_a_slow_endpoint_times_out_while_others_finish(server):
    slow, good = _agent(f"{server}/slow", timeout=0.5), _agent(f"{server}/good", timeout=0.5)

    async def both():
        try:
            return await asyncio.gather(
                slow.run(make_case(), seed=0, repeat=0),
                *(good.run(make_case(input=str(i)), seed=0, repeat=0) for i in range(5)),
            )
        finally:
            await slow.aclose()
            await good.aclose()

    start = time.monotonic()
    timed_out, *others = asyncio.run(both())
    assert time.monotonic() - start < 3
    assert timed_out.error is not None and "within the timeout of 0.5s" in timed_out.error
    assert 0.5 <= timed_out.latency_s < 3
    assert [t.output for t in others] == [f"http {i}" for i in range(5)]


def test_a_token_echoed_on_its_own_is_redacted_too(server, run_agent, monkeypatch):
    monkeypatch.setenv("FF_TEST_TOKEN", TOKEN)
    agent = _agent(f"{server}/echo-error", headers={"Authorization": "Token ${FF_TEST_TOKEN}"})
    [trace] = run_agent(agent, make_case())
    assert trace.error is not None and "forbidden for ***" in trace.error
    assert TOKEN not in trace.error


def test_credentials_in_the_url_stay_out_of_errors(server, run_agent):
    url = server.replace("http://", "http://user:pw-secret@") + "/500?api_key=q-secret"
    [trace] = run_agent(_agent(url), make_case())
    assert trace.error is not None and "HTTP 500" in trace.error
    assert "pw-secret" not in trace.error and "q-secret" not in trace.error


@pytest.mark.parametrize("url", ["ftp://example.com/agent", "localhost:8000/agent", "http://"])
def test_a_bad_url_is_a_config_error(url):
    with pytest.raises(ConfigError, match="agent.http"):
        _agent(url)


def test_aclose_without_runs_and_twice():
    agent = _agent("http://127.0.0.1:1/x")

    async def close_twice() -> None:
        await agent.aclose()
        await agent.aclose()

    asyncio.run(close_twice())
