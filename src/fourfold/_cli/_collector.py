"""The garbage collector, tuned for a command's short life.

A command imports a few hundred modules whose objects (classes, validators, SQL
constructs, compiled patterns) live until it exits, then does its work. At CPython's
default thresholds the cyclic collector walks that growing start-up heap hundreds of times
while it is built, then again through every full collection of the command's work, and
once more, whole, while the interpreter shuts down: on a judged ``fourfold run`` about
0.1 s before its first call, 0.25 s during its calls and 0.2 s at exit (a bare HTTP
client loop spends 0.05 s on all of it). So:

- `start` raises the young generation's threshold for the command's life: a start-up
  allocates far more objects that live than it leaves garbage, and a run's trials leave
  little garbage that only a collection frees (reference counting frees the rest), so
  collecting every 50,000 allocations instead of every 700 keeps memory bounded all the
  same, for a short command as for `serve` or `monitor`;
- `settle` moves what start-up left alive to the permanent generation (`gc.freeze`), which
  collections skip: the work's own collections then walk the work's own objects;
- `finish` freezes everything before the interpreter shuts down: the process is ending,
  and its memory goes back with it, whatever a collection would have found.

Objects are still freed by reference counting throughout; only cycles made during start-up
and left unreachable stay until the exit. This is the command line's business, never the
library's: a long-lived process that imports fourfold keeps its own collector settings.
"""

from __future__ import annotations

import gc

__all__ = ["START_THRESHOLD", "finish", "settle", "start"]

START_THRESHOLD = 50_000
"""Allocations (net of frees) between young collections; CPython's default is 700."""


def start() -> None:
    """Collect rarely while the command starts: raise the young generation's threshold."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(START_THRESHOLD, middle, old)


def settle() -> None:
    """Start-up is over: leave what it built out of every later collection."""
    gc.freeze()


def finish() -> None:
    """The command is done: no collection while the interpreter shuts down."""
    gc.freeze()
