"""A worker process of a ``python`` agent with ``isolation: process``.

Run as ``python -m fourfold.agents._worker`` by `ProcessAgent`, never by hand. It imports
the agent, then runs one trial at a time with the in-process adapter (`PythonAgent`), so a
trial in a worker records, times and fails exactly as it would in fourfold's own process.

The conversation is length-prefixed JSON frames (`write_frame`, `read_frame`) on the
stdin and stdout the worker started with. The agent gets neither: stdin is /dev/null, and
stdout is stderr, so a ``print`` in the agent shows where it would in-process and cannot
corrupt a frame.

1. fourfold sends ``{"python", "path", "base_dir", "timeout"}``; the worker imports the
   function and answers ``{"ready": true}``, or ``{"error", "hint"}`` (a `ConfigError`)
   and exits.
2. For each trial fourfold sends ``{"case", "seed", "repeat"}``; the worker answers
   ``{"trace": <the trace's JSON>}``.
3. When fourfold closes the worker's stdin, the worker exits. A worker whose parent is
   gone (killed with SIGKILL) exits too, within a second, so none is left behind.
"""

from __future__ import annotations

import asyncio
import json
import os
import struct
import threading
import time
from pathlib import Path
from typing import IO, Any

from ..cases import Case
from ..errors import ConfigError
from ._python import PythonAgent, load_function

__all__ = ["frame", "main", "read_frame", "write_frame"]

_HEADER = struct.Struct(">I")
_ORPHAN_POLL_S = 1.0


def write_frame(out: IO[bytes], message: dict[str, Any]) -> None:
    """Write one frame: the message as JSON, after its length as 4 bytes."""
    body = json.dumps(message).encode()
    out.write(_HEADER.pack(len(body)) + body)
    out.flush()


def frame(message: dict[str, Any]) -> bytes:
    """One frame as bytes (for fourfold's side, which writes to an asyncio stream)."""
    body = json.dumps(message).encode()
    return _HEADER.pack(len(body)) + body


def read_frame(source: IO[bytes]) -> dict[str, Any] | None:
    """Read one frame; None at the end of the input."""
    header = _read_exactly(source, _HEADER.size)
    if header is None:
        return None
    body = _read_exactly(source, _HEADER.unpack(header)[0])
    if body is None:
        return None
    message: dict[str, Any] = json.loads(body)
    return message


def _read_exactly(source: IO[bytes], n: int) -> bytes | None:
    chunks: list[bytes] = []
    while n:
        chunk = source.read(n)
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def main() -> None:
    """Serve trials until fourfold closes stdin."""
    requests = os.fdopen(os.dup(0), "rb", buffering=0)
    replies = os.fdopen(os.dup(1), "wb", buffering=0)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    _exit_when_orphaned()
    init = read_frame(requests)
    if init is None:
        return
    try:
        fn = load_function(init["python"], path=init["path"], base_dir=Path(init["base_dir"]))
        agent = PythonAgent(fn, timeout=float(init["timeout"]), name=init["python"])
    except ConfigError as exc:
        write_frame(replies, {"error": exc.message, "hint": exc.hint})
        return
    write_frame(replies, {"ready": True})
    asyncio.run(_serve(agent, requests, replies))


async def _serve(agent: PythonAgent, requests: IO[bytes], replies: IO[bytes]) -> None:
    loop = asyncio.get_running_loop()
    while True:
        # Read off the loop, so that a background task the agent left runs meanwhile.
        request = await loop.run_in_executor(None, read_frame, requests)
        if request is None:
            return
        case = Case.model_validate(request["case"])
        trace = await agent.run(case, seed=int(request["seed"]), repeat=int(request["repeat"]))
        write_frame(replies, {"trace": trace.to_json()})


def _exit_when_orphaned() -> None:
    """End this process soon after its parent ends, whatever the agent is doing."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(_ORPHAN_POLL_S)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="fourfold-orphan-watch", daemon=True).start()


if __name__ == "__main__":
    main()
