"""Ending a child process for good: its whole process group, and our ends of its pipes.

Shared by the ``command`` adapter and the worker processes of ``isolation: process``. Both
start their children with ``start_new_session=True``, so a child is the leader of a
process group of its own and everything it starts is in that group.

A child can die and leave its pipes open: a process it started in the background still
holds its stdout. Such a group must be killed even though its leader is gone, and the
pipes' transport must be closed here, on the running loop. Left for the garbage collector,
it is closed after the loop is, and Python prints an ``Event loop is closed`` traceback
at exit.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys

__all__ = ["kill_group", "release"]

_REAP_GRACE_S = 5.0
"""How long a killed process gets to be reaped before we stop waiting for it."""
_DRAIN_GRACE_S = 1.0
"""How long the pipes of a killed group get to report their end."""


def kill_group(proc: asyncio.subprocess.Process) -> None:
    """Send SIGKILL to the child's process group, its leader alive or not.

    The group's id is the leader's pid, which the system does not give to another
    process while the group has members; once it has none, there is nothing to kill.
    """
    try:
        if sys.platform != "win32":
            os.killpg(proc.pid, signal.SIGKILL)
        elif proc.returncode is None:
            proc.kill()
    except (ProcessLookupError, PermissionError):
        pass


async def release(proc: asyncio.subprocess.Process) -> None:
    """Kill the child's group, reap it, and close our ends of its pipes.

    Waits at most a few seconds in all; never raises for a process already gone.
    """
    kill_group(proc)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(proc.wait(), _REAP_GRACE_S)
    readers = [r for r in (proc.stdout, proc.stderr) if r is not None]
    if readers:
        # Their ends come once the group is dead; read to them so the transport closes
        # itself, on this loop, as it does after a normal exit.
        with contextlib.suppress(TimeoutError, OSError):
            await asyncio.wait_for(
                asyncio.gather(*(r.read() for r in readers), return_exceptions=True),
                _DRAIN_GRACE_S,
            )
    if proc.stdin is not None:
        proc.stdin.close()
    # A process outside the group (it called setsid) may still hold a pipe: close our end
    # now rather than at garbage collection. asyncio's Process exposes no public close.
    transport = getattr(proc, "_transport", None)
    if transport is not None:
        transport.close()
