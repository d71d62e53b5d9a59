"""An OTLP/HTTP receiver: ``POST /v1/traces`` and ``POST /v1/logs``, protobuf or JSON.

The body is parsed and its spans handed to the monitor's buffer; evaluation happens
later, in the monitor's loop, so an exporter is never kept waiting for checks or judges.
``Content-Encoding: gzip`` is accepted. A protobuf body (``application/x-protobuf``, the
OpenTelemetry exporters' default) is decoded with ``opentelemetry-proto`` (the ``otlp``
extra: ``pip install 'fourfold[otlp]'``) into the OTLP JSON mapping the span reader reads,
and answered with an empty protobuf ``Export*ServiceResponse``.

``/v1/logs`` takes the logs signal: the OpenTelemetry project's GenAI instrumentations
write the messages of a model call as events there (``gen_ai.client.inference.operation.
details``, ``gen_ai.user.message``...), in the context of the call's span, which the buffer
joins to that span whichever arrives first. Other log records are accepted and ignored.
"""

from __future__ import annotations

import logging
import zlib
from collections.abc import Callable
from typing import Any, Literal

from aiohttp import web

from .._json import JsonProblem, parse_json
from ..errors import ConfigError
from ..integrations import GzipTooLarge, ProtobufUnavailable, decode_otlp, gunzip

__all__ = ["OtlpReceiver"]

log = logging.getLogger("fourfold.monitor")

_MAX_BODY = 64 * 1024 * 1024
"""The largest request body, before and after gzip (a small gzip body can hold gigabytes)."""


class OtlpReceiver:
    """Receives OTLP on ``http://HOST:PORT/v1/traces`` and ``/v1/logs``.

    Args:
        accept: called with each request's parsed JSON; returns the spans it held and
            raises `ConfigError` when it holds none.
        host: the address to bind (``127.0.0.1``: this machine only).
        port: the port (0: any free one; see `port` once started).
    """

    def __init__(self, accept: Callable[[Any], int], *, host: str, port: int) -> None:
        self._accept = accept
        self.host = host
        self._port = port
        self._runner: web.AppRunner | None = None
        self.requests = 0
        """Requests answered 200."""

    @property
    def port(self) -> int:
        """The bound port (the one asked for, or the one picked for port 0)."""
        if self._runner is not None:
            for site in self._runner.sites:
                server = getattr(site, "_server", None)
                sockets = getattr(server, "sockets", None) or []
                if sockets:
                    return int(sockets[0].getsockname()[1])
        return self._port

    @property
    def url(self) -> str:
        """Where exporters send traces."""
        return f"http://{self.host}:{self.port}/v1/traces"

    async def start(self) -> None:
        """Bind and start answering.

        Raises:
            ConfigError: the port cannot be bound (in use, or not allowed).
        """
        app = web.Application(client_max_size=_MAX_BODY)
        app.router.add_post("/v1/traces", self._traces)
        app.router.add_post("/v1/logs", self._logs)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self._port).start()
        except OSError as exc:
            await runner.cleanup()
            raise ConfigError(
                f"cannot receive OTLP on {self.host}:{self._port}: {exc.strerror or exc}",
                hint="pick another --otlp-port (or stop what is using this one)",
            ) from exc
        self._runner = runner

    async def stop(self) -> None:
        """Stop answering and release the port."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _traces(self, request: web.Request) -> web.Response:
        return await self._receive(request, "traces")

    async def _logs(self, request: web.Request) -> web.Response:
        return await self._receive(request, "logs")

    async def _receive(self, request: web.Request, signal: _Signal) -> web.Response:
        protobuf = "protobuf" in request.content_type
        try:
            body = await request.read()
        except web.HTTPRequestEntityTooLarge:
            return _error(413, f"the body is larger than {_MAX_BODY // 2**20} MiB")
        if body[:2] == b"\x1f\x8b":  # gzip, whether or not aiohttp already undid it
            try:
                body = gunzip(body, _MAX_BODY)
            except (OSError, EOFError, zlib.error) as exc:
                return _error(400, f"the gzip body does not decompress: {exc}")
            except GzipTooLarge:
                return _error(413, f"the body decompresses to more than {_MAX_BODY // 2**20} MiB")
        if protobuf:
            try:
                data = decode_otlp(body, signal)
            except ProtobufUnavailable as exc:
                return _error(415, str(exc))
            except ValueError as exc:
                what = "trace" if signal == "traces" else "logs"
                return _error(400, f"the body is not an OTLP protobuf {what} request: {exc}")
            return self._hand_over(data, protobuf=True)
        try:
            data = parse_json(body.decode("utf-8"), unique_keys=False, repair=True)
        except UnicodeDecodeError as exc:
            return _error(400, f"the body is not UTF-8: {exc}")
        except JsonProblem as exc:
            where = f" (line {exc.line}, column {exc.column})" if exc.line is not None else ""
            what = "the body is not JSON" if exc.syntax else "the body's JSON is refused"
            return _error(400, f"{what}{where}: {exc.message}")
        return self._hand_over(data, protobuf=False)

    def _hand_over(self, data: Any, *, protobuf: bool) -> web.Response:
        try:
            spans = self._accept(data)
        except ConfigError as exc:
            return _error(400, exc.message)
        self.requests += 1
        log.debug("received %d spans over OTLP", spans)
        if protobuf:  # an empty ExportTraceServiceResponse is zero bytes
            return web.Response(body=b"", content_type="application/x-protobuf")
        return web.json_response({"partialSuccess": {}})


_Signal = Literal["traces", "logs"]


def _error(status: int, message: str) -> web.Response:
    log.warning("refused an OTLP request (%d): %s", status, message)
    return web.json_response({"code": status, "message": message}, status=status)
