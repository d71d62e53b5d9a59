"""Which process is running a run, and whether that process is still there.

A run is ``running`` from the moment it is created until its process marks it finished or
interrupted. A process that vanishes without a word (``kill -9``, a crash, user code
calling ``os._exit``) leaves it ``running`` for ever. So the store keeps, with every
running run, the process that runs it: the host, the process id and the process's start
time (a process id is reused; its start time, in clock ticks since boot, tells a new
process with the old id apart). A reader on the same host can then see that the process
is gone and read the run as ``interrupted``. A run owned by a process on another host
cannot be checked from here and reads as ``running``.

An owner is written as ``host|boot|pid|start``; ``boot`` is the kernel's boot id (Linux)
so that a host rebooted since reads every run of its former life as gone.
"""

from __future__ import annotations

import os
import socket
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path

__all__ = ["Owner", "this_process"]

_SEPARATOR = "|"


@dataclass(frozen=True)
class Owner:
    """A process that runs a run."""

    host: str
    boot: str
    """The kernel's boot id (empty where the system gives none)."""
    pid: int
    start: str
    """The process's start time in clock ticks since boot (empty where unknown)."""

    def __str__(self) -> str:
        return _SEPARATOR.join((self.host, self.boot, str(self.pid), self.start))

    @classmethod
    def parse(cls, text: str | None) -> Owner | None:
        """Read an owner as the store keeps it; None for none or a malformed one."""
        if not text:
            return None
        parts = text.split(_SEPARATOR)
        if len(parts) != 4 or not parts[2].isdigit():
            return None
        host, boot, pid, start = parts
        return cls(host=host, boot=boot, pid=int(pid), start=start)

    def describe(self) -> str:
        """``process 4242 on host ci-7``, for messages."""
        return f"process {self.pid} on host {self.host}"

    def is_gone(self) -> bool:
        """True when this owner is known to have ended; False when alive or unknown.

        Only an owner on this host (and this boot of it) can be checked: a process of
        another host, or one this process may not look at, counts as alive.
        """
        here = this_process()
        if self.host != here.host:
            return False
        if self.boot and here.boot and self.boot != here.boot:
            return True  # the host was rebooted since: every process of before is gone
        if self.pid == here.pid:
            return bool(self.start and here.start and self.start != here.start)
        state = _process_state(self.pid)
        if state is None:  # no /proc: ask the kernel whether the id is in use
            return not _pid_exists(self.pid)
        status, start = state
        if status in ("Z", "X"):  # a zombie has exited; only its parent has not reaped it
            return True
        return bool(self.start) and start != self.start


@cache
def this_process() -> Owner:
    """The owner that stands for the calling process."""
    pid = os.getpid()
    state = _process_state(pid)
    return Owner(
        host=socket.gethostname(),
        boot=_boot_id(),
        pid=pid,
        start="" if state is None else state[1],
    )


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
    except OSError:
        return ""


def _process_state(pid: int) -> tuple[str, str] | None:
    """The (state letter, start time) of process `pid` from /proc; ("X", "") when it is gone.

    None where there is no /proc to ask (macOS, Windows).
    """
    if not Path("/proc/self/stat").exists():
        return None
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return ("X", "")
    except OSError:
        return None
    # The command name (field 2) is in parentheses and may hold spaces or parentheses.
    fields = text[text.rfind(")") + 2 :].split()
    # After the name: state is field 3, starttime field 22 (so 0 and 19 here).
    if len(fields) < 20:
        return None
    return fields[0], fields[19]


def _pid_exists(pid: int) -> bool:
    if sys.platform == "win32":
        return True  # os.kill there terminates the process rather than asking about it
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True
