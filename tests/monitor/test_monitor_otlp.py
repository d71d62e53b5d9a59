"""The OTLP/HTTP receiver: real POSTs of OTLP JSON, answered at once and evaluated."""

from __future__ import annotations

import asyncio
import gzip
import json
import time
from datetime import timedelta
from pathlib import Path

import httpx
import pytest

from fourfold import ConfigError, Store, load_suite
from fourfold.monitor import Monitor, MonitorConfig
from tests.helpers.monitoring import SUITE, FakeClock, otlp, production_trace

FIXTURE = Path(__file__).parents[1] / "fixtures" / "otlp_support_agent.json"


def receiver_monitor(tmp_path: Path, store: Store, clock: FakeClock, **config) -> Monitor:
    (tmp_path / "suite.yaml").write_text(SUITE)
    return Monitor(
        load_suite(tmp_path / "suite.yaml"),
        store,
        MonitorConfig(otlp_port=0, settle_s=2.0, **config),
        state_path=tmp_path / "state.json",
        clock=clock,
    )


def test_a_posted_otlp_trace_is_answered_at_once_and_evaluated(tmp_path):
    clock = FakeClock()
    clock.window(0)
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with receiver_monitor(tmp_path, store, clock) as monitor:
                assert monitor.receiver.host == "127.0.0.1"
                async with httpx.AsyncClient() as client:
                    started = time.perf_counter()
                    response = await client.post(
                        monitor.receiver.url,
                        content=FIXTURE.read_bytes(),
                        headers={"Content-Type": "application/json"},
                    )
                    answered = time.perf_counter() - started
                assert response.status_code == 200, response.text
                assert answered < 2.0
                assert monitor.evaluated == 0  # evaluation happens in the loop, not the request
                clock.advance(timedelta(seconds=3))
                await monitor.tick()
                return monitor.state.open_window.run_id

        run_id = asyncio.run(scenario())
        trials = {t.case_id: t for t in store.trials(run_id)}
    ok = trials["5b8efff798038103d269b633813fc60c"]
    assert ok.status == "ok"
    assert ok.trace.tool_names == ["lookup_order", "notify_customer"]
    assert {r.check: r.status for r in ok.results}["tools_required"] == "pass"
    assert trials["0af7651916cd43dd8448eb211c80319c"].status == "error"  # rate limited


def test_a_trace_in_two_requests_waits_for_the_quiet_period(tmp_path):
    clock = FakeClock()
    clock.window(0)
    trace = production_trace(0, 1)
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with receiver_monitor(tmp_path, store, clock) as monitor:
                async with httpx.AsyncClient() as client:
                    await client.post(monitor.receiver.url, json=otlp(trace[:2]))
                    clock.advance(timedelta(seconds=1))
                    await monitor.tick()
                    await client.post(
                        monitor.receiver.url,
                        content=gzip.compress(json.dumps(otlp(trace[2:])).encode()),
                        headers={"Content-Type": "application/json", "Content-Encoding": "gzip"},
                    )
                clock.advance(timedelta(seconds=1))
                await monitor.tick()
                assert monitor.evaluated == 0
                clock.advance(timedelta(seconds=2))
                await monitor.tick()
                return monitor.state.open_window.run_id

        [trial] = store.trials(asyncio.run(scenario()))
    assert trial.trace.tool_names == ["lookup_order"] and len(trial.trace.passages) == 1


def test_a_trace_whose_root_never_comes_is_evaluated_after_the_timeout(tmp_path):
    clock = FakeClock()
    clock.window(0)
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with receiver_monitor(tmp_path, store, clock, trace_timeout_s=30) as monitor:
                async with httpx.AsyncClient() as client:
                    await client.post(monitor.receiver.url, json=otlp(production_trace(0, 1)[1:]))
                clock.advance(timedelta(seconds=10))
                await monitor.tick()
                assert monitor.evaluated == 0
                clock.advance(timedelta(seconds=25))
                await monitor.tick()
                return monitor.evaluated

        assert asyncio.run(scenario()) == 1


def _gzip_bomb() -> bytes:
    return gzip.compress(b" " * (65 * 2**20))


@pytest.mark.parametrize(
    ("body", "headers", "status", "message"),
    [
        (b"{not json", {"Content-Type": "application/json"}, 400, "not JSON"),
        (b'{"hello": 1}', {"Content-Type": "application/json"}, 400, "no spans found"),
        (b"\x0a\x00", {"Content-Type": "application/x-protobuf"}, 400, "no spans found"),
        (b"\xff\xff\xff", {"Content-Type": "application/x-protobuf"}, 400, "not an OTLP protobuf"),
        (b"[" * 5000 + b"]" * 5000, {}, 400, "nested more than 100 levels deep"),
        (b'{"n": ' + b"9" * 5000 + b"}", {}, 400, "unreadable number"),
        (b"\xff\xfe{}", {}, 400, "not UTF-8"),
        # 65 MiB of spaces in 65 kB: the bound holds after decompression too. Compressed
        # when the test runs, not when every worker collects this file (a third of a second).
        pytest.param(
            _gzip_bomb, {}, 413, "decompresses to more than 64 MiB", marks=pytest.mark.slow
        ),
        (gzip.compress(b'{"resourceSpans": []}')[:-8], {}, 400, "does not decompress"),
    ],
    ids=[
        "not-json",
        "no-spans",
        "protobuf-no-spans",
        "protobuf-garbage",
        "deep",
        "huge-number",
        "utf16",
        "gzip-bomb",
        "cut-gzip",
    ],
)
def test_bad_requests_are_refused_and_the_receiver_carries_on(
    tmp_path, body, headers, status, message
):
    if callable(body):
        body = body()
    clock = FakeClock()
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with receiver_monitor(tmp_path, store, clock) as monitor:
                async with httpx.AsyncClient() as client:
                    bad = await client.post(monitor.receiver.url, content=body, headers=headers)
                    good = await client.post(
                        monitor.receiver.url, json=otlp(production_trace(0, 1))
                    )
                    missing = await client.post(monitor.receiver.url.replace("traces", "metrics"))
                return bad, good, missing

        bad, good, missing = asyncio.run(scenario())
    assert bad.status_code == status and message in bad.json()["message"]
    assert good.status_code == 200
    assert missing.status_code == 404


def test_stopping_evaluates_what_is_buffered(tmp_path):
    clock = FakeClock()
    clock.window(0)
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with receiver_monitor(tmp_path, store, clock) as monitor:
                async with httpx.AsyncClient() as client:
                    await client.post(monitor.receiver.url, json=otlp(production_trace(0, 1)))
            return monitor

        monitor = asyncio.run(scenario())
        assert monitor.evaluated == 1
        run = store.get_run(monitor.state.open_window.run_id)
        assert run.status == "interrupted"  # kept open for a restart
        assert [c.id for c in store.cases(run.id)] == [t.case_id for t in store.trials(run.id)]


def test_a_port_in_use_is_a_config_error(tmp_path):
    clock = FakeClock()
    with Store.open(tmp_path / "runs.db") as store:

        async def scenario():
            async with receiver_monitor(tmp_path, store, clock) as first:
                port = first.receiver.port
                second = Monitor(
                    first.loaded,
                    store,
                    MonitorConfig(otlp_port=port),
                    state_path=tmp_path / "other-state.json",
                    clock=clock,
                )
                with pytest.raises(ConfigError, match="another --otlp-port"):
                    await second.start()

        asyncio.run(scenario())
