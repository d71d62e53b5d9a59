"""Where a run's suite file is now, for the viewer: its criteria's anchors, its folder.

A run records the suite file it ran (`Run.suite_path`): an absolute path since runs store
one, a path relative to the folder `fourfold run` ran in for older runs. The viewer may
run elsewhere, and the store and the project may have moved since, so the file is looked
for, in this order:

1. where the run recorded it, when that is an absolute path to a file;
2. in each folder given with ``fourfold serve --suite-dir``, then the store's folder,
   the folder above it (the default store is ``.fourfold/fourfold.db`` inside the
   project), and the viewer's working directory: the recorded path taken from there,
   then ever shorter ends of it (a project moved whole keeps the suite's place inside
   it: ``/old/proj/suites/a.yaml`` is found as ``suites/a.yaml`` beside a store moved to
   ``/new/proj``; a folder given with ``--suite-dir`` finds it as ``a.yaml``).

A file found anywhere but where the run recorded it counts only if it is the same suite:
a YAML mapping whose ``name`` is the run's suite. What was found, and how, is said on the
pages that use it (`SuiteFile.how`); when nothing is found, the pages say where the viewer
looked and how to point it at the folder (`SuiteFile.missing`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..runs import Run

__all__ = ["SuiteFile", "find_suite"]


@dataclass(frozen=True)
class SuiteFile:
    """A run's suite file as the viewer found it (or did not)."""

    recorded: str | None
    """The path the run recorded (None: the run recorded none, e.g. an import)."""
    path: Path | None
    """The file, absolute; None when it was not found."""
    how: str
    """How it was found, for people: ``where the run recorded it``, ``from the store's
    folder /x``..."""
    tried: tuple[Path, ...] = ()
    """Every place looked at, in order (when it was not found, or found by a guess)."""

    @property
    def folder(self) -> Path | None:
        """The suite's folder (criteria and case files are relative to it), or None."""
        return None if self.path is None else self.path.parent

    @property
    def moved(self) -> bool:
        """Whether the file was found somewhere else than the run recorded."""
        return self.path is not None and self.how != _AS_RECORDED

    @property
    def missing(self) -> str | None:
        """Why the pages cannot use the suite's folder, and what to do; None when found."""
        if self.path is not None or self.recorded is None:
            return None
        shown = ", ".join(str(p) for p in self.tried[:6])
        more = f" and {len(self.tried) - 6} more" if len(self.tried) > 6 else ""
        return (
            f"the suite file this run recorded ({self.recorded}) is not found (looked at "
            f"{shown}{more}): a rubric criterion defined in a file beside it shows without "
            "its anchors, and promoted cases cannot go beside it; start the viewer with "
            "--suite-dir FOLDER, the folder that holds the suite file now"
        )


_AS_RECORDED = "where the run recorded it"


def find_suite(
    run: Run,
    *,
    suite_dirs: Sequence[Path] = (),
    store_dir: Path | None = None,
    cwd: Path | None = None,
) -> SuiteFile:
    """Find the suite file of `run` (see the module's docstring for the order).

    Args:
        run: the run whose ``suite_path`` is looked for.
        suite_dirs: folders given with ``--suite-dir``, searched first.
        store_dir: the folder of the store's file (None for a database server).
        cwd: the viewer's working directory (default: the current one).
    """
    recorded = run.suite_path
    if not recorded:
        return SuiteFile(None, None, "the run recorded no suite file")
    given = Path(recorded)
    if given.is_absolute() and given.is_file():
        return SuiteFile(recorded, given.resolve(), _AS_RECORDED)
    bases = [(d, f"in --suite-dir {d}") for d in suite_dirs]
    if store_dir is not None:
        bases.append((store_dir, f"in the store's folder {store_dir}"))
        bases.append((store_dir.parent, f"in the folder above the store's, {store_dir.parent}"))
    here = cwd if cwd is not None else Path.cwd()
    bases.append((here, f"in the working directory {here}"))
    tried: list[Path] = []
    for candidate, how in _candidates(given, bases):
        if candidate in tried:
            continue
        tried.append(candidate)
        if _is_suite(candidate, run.suite):
            return SuiteFile(recorded, candidate, how, tuple(tried))
    return SuiteFile(recorded, None, "not found", tuple(tried))


def _candidates(given: Path, bases: list[tuple[Path, str]]) -> Iterator[tuple[Path, str]]:
    parts = given.parts[1:] if given.is_absolute() else given.parts
    for base, where in bases:
        # The longest ends first: the more of the recorded path a place keeps, the
        # likelier it is the same project.
        for start in range(len(parts)):
            tail = Path(*parts[start:])
            yield (base / tail).resolve(), f"as {tail} {where}"


def _is_suite(path: Path, name: str) -> bool:
    """Whether `path` is a suite file of the suite `name` (read just far enough to say)."""
    try:
        if not path.is_file() or path.stat().st_size > 10_000_000:
            return False
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return False
    return isinstance(data, dict) and data.get("name") == name
