"""No merge-conflict marker is left in the project's files (code, docs, examples, data)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(rb"^(<{7} |>{7} |={7}$)", flags=re.MULTILINE)


def _tracked() -> list[Path]:
    try:
        done = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
        )
    except (OSError, subprocess.SubprocessError):
        pytest.skip("not a git checkout: no list of tracked files")
    return [ROOT / name for name in done.stdout.decode().split("\0") if name]


def test_no_file_holds_a_conflict_marker() -> None:
    found = []
    for path in _tracked():
        if path.suffix in {".gz", ".png", ".db"} or not path.is_file():
            continue
        data = path.read_bytes()
        match = MARKER.search(data)
        if match is not None:
            line = data.count(b"\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}")
    assert not found, f"merge-conflict markers left in: {found}"
