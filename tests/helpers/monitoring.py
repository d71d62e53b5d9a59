"""Builders for the monitor tests: synthetic production traffic as OTLP JSON, a clock that
moves when told, a webhook server that records what it is sent.

Imported by the test modules beside it (pytest puts this folder on the path).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

START = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
WINDOW = timedelta(minutes=5)
PHONE = "+1 415 555 0134"

SUITE = """
name: support-prod
agent: {replay: unused.jsonl}   # the monitor evaluates traffic; it runs no agent
checks:
  - contains: {phrases: [order]}                     # outcome
  - tools_required: {tools: [lookup_order]}          # trajectory
  - cited_ids_exist: {pattern: '\\[(doc-[a-z]+)\\]'}  # grounding
  - no_pii: {kinds: [phone]}                         # policy
"""


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self, now: datetime = START) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, delta: timedelta) -> None:
        self.now += delta

    def window(self, index: int, *, into: timedelta = timedelta(seconds=10)) -> None:
        """Move to `into` past the start of window `index`."""
        self.now = START + index * WINDOW + into


def trace_id(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()[:32]


def _span_id(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()[:16]


def _attrs(**values: Any) -> list[dict[str, Any]]:
    out = []
    for key, value in values.items():
        if isinstance(value, bool):
            encoded: dict[str, Any] = {"boolValue": value}
        elif isinstance(value, int):
            encoded = {"intValue": str(value)}
        elif isinstance(value, float):
            encoded = {"doubleValue": value}
        else:
            encoded = {"stringValue": value if isinstance(value, str) else json.dumps(value)}
        out.append({"key": key.replace("__", "."), "value": encoded})
    return out


def spans(
    tid: str,
    *,
    question: str,
    answer: str,
    tools: Sequence[str] = ("lookup_order",),
    passages: Sequence[tuple[str, str]] = (("doc-ship", "Orders ship within 2 days."),),
) -> list[dict[str, Any]]:
    """The OTLP spans of one agent run: the root, a retrieval, tool calls and a model call."""
    t0 = 1_764_504_000_000_000_000
    root = _span_id(tid, "root")
    out: list[dict[str, Any]] = [
        {
            "traceId": tid,
            "spanId": root,
            "parentSpanId": "",
            "name": "invoke_agent support-bot",
            "startTimeUnixNano": str(t0),
            "endTimeUnixNano": str(t0 + 3_000_000_000),
            "attributes": _attrs(
                gen_ai__operation__name="invoke_agent",
                gen_ai__agent__name="support-bot",
                gen_ai__output__messages=[
                    {"role": "assistant", "parts": [{"type": "text", "content": answer}]}
                ],
            ),
            "status": {"code": 1},
        },
        {
            "traceId": tid,
            "spanId": _span_id(tid, "retrieval"),
            "parentSpanId": root,
            "name": "retrieval orders-index",
            "startTimeUnixNano": str(t0 + 100_000_000),
            "endTimeUnixNano": str(t0 + 200_000_000),
            "attributes": _attrs(
                gen_ai__operation__name="retrieval",
                gen_ai__data_source__id="orders-index",
                gen_ai__retrieval__documents=[{"id": i, "content": t} for i, t in passages],
            ),
        },
        {
            "traceId": tid,
            "spanId": _span_id(tid, "chat"),
            "parentSpanId": root,
            "name": "chat gpt-4o",
            "startTimeUnixNano": str(t0 + 300_000_000),
            "endTimeUnixNano": str(t0 + 2_000_000_000),
            "attributes": _attrs(
                gen_ai__operation__name="chat",
                gen_ai__request__model="gpt-4o",
                gen_ai__usage__input_tokens=120,
                gen_ai__usage__output_tokens=30,
                gen_ai__input__messages=[{"role": "user", "content": question}],
                gen_ai__output__messages=[{"role": "assistant", "content": answer}],
            ),
        },
    ]
    for n, tool in enumerate(tools):
        out.append(
            {
                "traceId": tid,
                "spanId": _span_id(tid, "tool", n),
                "parentSpanId": root,
                "name": f"execute_tool {tool}",
                "startTimeUnixNano": str(t0 + 2_100_000_000 + n),
                "endTimeUnixNano": str(t0 + 2_200_000_000 + n),
                "attributes": _attrs(
                    gen_ai__operation__name="execute_tool",
                    gen_ai__tool__name=tool,
                    gen_ai__tool__call__arguments={"order_id": "A-17"},
                    gen_ai__tool__call__result={"status": "shipped"},
                ),
            }
        )
    return out


def otlp(span_list: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One OTLP/HTTP JSON export request holding `span_list`."""
    return {
        "resourceSpans": [
            {
                "resource": {"attributes": _attrs(service__name="support-api")},
                "scopeSpans": [
                    {
                        "scope": {"name": "opentelemetry.instrumentation.openai_v2"},
                        "spans": span_list,
                    }
                ],
            }
        ]
    }


def production_trace(
    window: int,
    i: int,
    *,
    outcome: bool = True,
    trajectory: bool = True,
    grounding: bool = True,
    policy: bool = True,
) -> list[dict[str, Any]]:
    """One synthetic production trace, passing or failing each layer as told."""
    answer = "Your order A-17 has shipped" if outcome else "It has shipped"
    answer += " [doc-ship]." if grounding else " [doc-gone]."
    if not policy:
        answer += f" Questions? Call {PHONE}."
    return spans(
        trace_id(window, i),
        question=f"Where is my order A-{i}?",
        answer=answer,
        tools=("lookup_order",) if trajectory else ("search",),
    )


def window_traffic(
    window: int, *, n: int = 40, leak_share: float | None = None
) -> list[list[dict]]:
    """A window's traces: outcome ~90%, trajectory 100%, grounding 95%, policy 97.5%; with
    `leak_share`, that share of traces leak a phone number (policy fails)."""
    traces = []
    for i in range(n):
        leak = i % 40 == 11 if leak_share is None else i < round(leak_share * n)
        traces.append(
            production_trace(
                window,
                i,
                outcome=not (i % 10 == 3 or (window % 2 == 0 and i == 17)),
                grounding=i % 20 != 7,
                policy=not leak,
            )
        )
    return traces


def write_jsonl(path: Path, documents: Sequence[Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(d) + "\n" for d in documents))
    return path


def write_window(folder: Path, window: int, traces: Sequence[list[dict]]) -> None:
    """The window's traces as two JSONL files of OTLP requests; each trace's spans are split
    over two requests (lines), as a batching exporter sends them."""
    half = len(traces) // 2
    for part, chunk in enumerate((traces[:half], traces[half:])):
        lines = []
        for trace in chunk:
            lines.append(otlp(trace[:2]))
            lines.append(otlp(trace[2:]))
        write_jsonl(folder / f"w{window:02d}-{part}.jsonl", lines)


class WebhookServer:
    """A local HTTP server recording the JSON bodies POSTed to it; the first `fail_first`
    requests are answered 500."""

    def __init__(self, *, fail_first: int = 0) -> None:
        self.received: list[dict[str, Any]] = []
        self.requests = 0
        self.fail_first = fail_first
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                outer.requests += 1
                if outer.requests <= outer.fail_first:
                    self.send_response(500)
                    self.end_headers()
                    return
                outer.received.append(json.loads(body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/hook"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> WebhookServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()


@contextmanager
def webhook(*, fail_first: int = 0) -> Iterator[WebhookServer]:
    with WebhookServer(fail_first=fail_first) as server:
        yield server


def record_support_run(tracer: Any) -> None:
    """A support agent's run, made with an OpenTelemetry SDK tracer: the agent span, a model
    call asking for ``lookup_order`` (20/5 tokens), the tool's run (``{"status": "shipped"}``)
    and a model call answering "Your order has shipped." (30/7 tokens)."""
    question = [{"role": "user", "content": "Where is order A-17?"}]
    with tracer.start_as_current_span(
        "invoke_agent support",
        attributes={"gen_ai.operation.name": "invoke_agent", "gen_ai.agent.name": "support"},
    ):
        with tracer.start_as_current_span(
            "chat gpt-4o",
            attributes={
                "gen_ai.operation.name": "chat",
                "gen_ai.request.model": "gpt-4o",
                "gen_ai.usage.input_tokens": 20,
                "gen_ai.usage.output_tokens": 5,
                "gen_ai.input.messages": json.dumps(question),
                "gen_ai.output.messages": json.dumps(
                    [
                        {
                            "role": "assistant",
                            "tool_calls": [
                                {
                                    "id": "call_1",
                                    "function": {"name": "lookup_order", "arguments": "{}"},
                                }
                            ],
                        }
                    ]
                ),
            },
        ):
            pass
        with tracer.start_as_current_span(
            "execute_tool lookup_order",
            attributes={
                "gen_ai.operation.name": "execute_tool",
                "gen_ai.tool.name": "lookup_order",
                "gen_ai.tool.call.id": "call_1",
                "gen_ai.tool.call.result": '{"status": "shipped"}',
            },
        ):
            pass
        with tracer.start_as_current_span(
            "chat gpt-4o",
            attributes={
                "gen_ai.operation.name": "chat",
                "gen_ai.usage.input_tokens": 30,
                "gen_ai.usage.output_tokens": 7,
                "gen_ai.output.messages": json.dumps(
                    [{"role": "assistant", "content": "Your order has shipped."}]
                ),
            },
        ):
            pass
