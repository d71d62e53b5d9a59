"""A watched folder of trace files, read once each, as they are completed.

``.jsonl`` files are read line by line up to their last complete line, so a file still
being written is read as it grows and a half-written line waits for its newline. ``.json``
files are read whole once unchanged for a moment (``settle_s``) and valid JSON; one that
is still not valid after ``stale_s`` is given up and reported. Hidden files and folders
(``.name``) are skipped. How far each file was read is kept in the monitor's state, so a
restart reads nothing twice; a file is known by its path relative to the folder.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._json import JsonProblem, parse_json
from ._state import FileState, MonitorState

__all__ = ["Chunk", "FolderWatcher"]

log = logging.getLogger("fourfold.monitor")

_SUFFIXES = (".json", ".jsonl")


@dataclass
class Chunk:
    """New documents from one file."""

    name: str
    """The file's path relative to the folder."""
    path: Path
    """The file."""
    documents: list[tuple[int | None, Any]] = field(default_factory=list)
    """``(line, parsed JSON)``; the line is None for a whole ``.json`` file."""


class FolderWatcher:
    """Finds what is new in a folder since the last poll.

    Args:
        folder: the folder.
        state: the monitor's state, whose ``files`` records what was read.
        settle_s: a ``.json`` file is read once unchanged this long.
        stale_s: a ``.json`` file still invalid after this long unchanged is given up.
        ignore: files never to read (the state file, when it lives in the folder).
    """

    def __init__(
        self,
        folder: Path,
        state: MonitorState,
        *,
        settle_s: float,
        stale_s: float,
        ignore: tuple[Path, ...] = (),
    ) -> None:
        self.folder = folder
        self.state = state
        self.settle_s = settle_s
        self.stale_s = stale_s
        self._ignore = {p.resolve() for p in ignore}

    def poll(self, wall_time: float) -> list[Chunk]:
        """Read what is new, oldest file first, and record it in the state.

        Args:
            wall_time: the current time (``time.time()``), to age files by.
        """
        if not self.folder.is_dir():
            log.warning("the watched folder %s does not exist (yet)", self.folder)
            return []
        found = self._files()
        for gone in set(self.state.files) - set(found):
            del self.state.files[gone]  # deleted: a new file of that name is a new file
        chunks = []
        for name, (path, stat) in sorted(
            found.items(), key=lambda kv: (kv[1][1].st_mtime_ns, kv[0])
        ):
            known = self.state.files.get(name)
            if path.suffix.lower() == ".jsonl":
                chunk = self._read_lines(name, path, stat.st_size, stat.st_mtime_ns, known)
            else:
                chunk = self._read_whole(name, path, stat, known, wall_time)
            if chunk is not None and chunk.documents:
                chunks.append(chunk)
        return chunks

    def _files(self) -> dict[str, tuple[Path, Any]]:
        found: dict[str, tuple[Path, Any]] = {}
        for path in self.folder.rglob("*"):
            relative = path.relative_to(self.folder)
            if any(part.startswith(".") for part in relative.parts):
                continue
            if path.suffix.lower() not in _SUFFIXES or path.resolve() in self._ignore:
                continue
            try:
                stat = path.stat()
            except OSError:
                continue  # removed between listing and looking
            if path.is_file():
                found[relative.as_posix()] = (path, stat)
        return found

    def _read_lines(
        self, name: str, path: Path, size: int, mtime_ns: int, known: FileState | None
    ) -> Chunk | None:
        entry = known or FileState()
        self.state.files[name] = entry
        if size < entry.offset:
            log.warning("%s shrank (rewritten or truncated): reading it again from the start", name)
            entry.offset = entry.lines = 0
        entry.size, entry.mtime_ns = size, mtime_ns
        if size == entry.offset:
            return None
        try:
            with path.open("rb") as stream:
                stream.seek(entry.offset)
                data = stream.read(size - entry.offset)
        except OSError as exc:
            log.warning("cannot read %s: %s; will try again", name, exc)
            return None
        end = data.rfind(b"\n")
        if end < 0:
            return None  # no complete line yet
        chunk = Chunk(name, path)
        for raw in data[: end + 1].splitlines():
            entry.lines += 1
            if not raw.strip():
                continue
            try:
                chunk.documents.append((entry.lines, _parse(raw)))
            except (UnicodeDecodeError, JsonProblem) as exc:
                log.warning("%s:%d: not a JSON line (%s); skipped", name, entry.lines, exc)
        entry.offset += end + 1
        entry.traces += len(chunk.documents)
        return chunk

    def _read_whole(
        self, name: str, path: Path, stat: Any, known: FileState | None, wall_time: float
    ) -> Chunk | None:
        if known is not None and known.done:
            if (known.size, known.mtime_ns) != (stat.st_size, stat.st_mtime_ns):
                log.warning("%s changed after it was read; it is not read again", name)
                known.size, known.mtime_ns = stat.st_size, stat.st_mtime_ns
            return None
        age = wall_time - stat.st_mtime_ns / 1e9
        if age < self.settle_s:
            return None  # may still be being written
        entry = FileState(size=stat.st_size, mtime_ns=stat.st_mtime_ns)
        try:
            data = _parse(path.read_bytes())
        except (OSError, UnicodeDecodeError, JsonProblem) as exc:
            if age < self.stale_s:
                return None  # still being written, perhaps: try again later
            entry.done, entry.error = True, str(exc)
            self.state.files[name] = entry
            log.warning("%s is not valid JSON after %.0f s (%s); given up", name, age, exc)
            return None
        entry.done, entry.traces = True, 1
        self.state.files[name] = entry
        return Chunk(name, path, [(None, data)])


def _parse(raw: bytes) -> Any:
    """One document: UTF-8 JSON within `parse_json`'s bounds.

    Duplicate keys are the exporter's business, and a lone surrogate escape becomes U+FFFD:
    what an agent wrote is stored, not refused.

    Raises:
        UnicodeDecodeError: not UTF-8.
        JsonProblem: not JSON, or nested too deeply.
    """
    return parse_json(raw.decode("utf-8"), unique_keys=False, repair=True)
