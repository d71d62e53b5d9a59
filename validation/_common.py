"""What every validation script shares: where the data is, figure rows, the printed table.

A script builds a `Report` of `Row`s (figure, published, fourfold, match) and hands it to
`main`, which prints the table and turns it into an exit code: 0 when every published
figure matched (or the data is absent, "skipped"), 1 on any mismatch.

Benchmark trajectories go through fourfold as a user's would: `replay_suite` writes what
``fourfold import FILE -o traces.jsonl --cases cases.jsonl`` writes and a suite that
replays it, and `replay_run` runs that suite with `fourfold.run` into a store and reads
the run back. The benchmark's own reward, which the importers keep in each trace's
metadata, is graded by fourfold's check ``tau/reward``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from importlib.metadata import version
from pathlib import Path
from typing import Literal

from fourfold import Run, RunOptions, Store, run
from fourfold.integrations import ImportedTrace, write_cases, write_replay
from fourfold.runs import RunData
from fourfold.store import load_run, new_run_id

ENV = "FOURFOLD_SHARED_DATA"
NONE = "—"

Status = Literal["match", "mismatch", "skipped"]


def data_root() -> Path:
    """The shared data folder: $FOURFOLD_SHARED_DATA, else ../shared/data beside the repo."""
    override = os.environ.get(ENV)
    if override:
        return Path(override).expanduser().resolve()
    return Path(__file__).resolve().parents[1].parent / "shared" / "data"


class Missing(Exception):
    """The data a script needs is not there: the script is skipped, not failed."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} not found")
        self.path = path


def require(path: Path) -> Path:
    """Return `path`, or raise `Missing` when it does not exist."""
    if not path.exists():
        raise Missing(path)
    return path


@dataclass(frozen=True)
class Row:
    """One figure: what was published, what fourfold computed, whether they agree."""

    figure: str
    published: str
    fourfold: str
    match: bool | None
    """None when nothing was published to match (an extra figure, shown with "—")."""


@dataclass
class Report:
    """The figures of one script, with notes printed under the table."""

    name: str
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    blocks: list[str] = field(default_factory=list)
    """Text printed as it is under the table (a confusion table, a list of runs)."""
    skipped: str | None = None
    seconds: float = 0.0

    @property
    def status(self) -> Status:
        if self.skipped is not None:
            return "skipped"
        return "mismatch" if any(r.match is False for r in self.rows) else "match"

    @property
    def compared(self) -> int:
        return sum(r.match is not None for r in self.rows)

    @property
    def matched(self) -> int:
        return sum(r.match is True for r in self.rows)

    def add(self, row: Row) -> None:
        self.rows.append(row)

    def exact(self, figure: str, published: object, ours: object) -> None:
        """A figure that must be equal (counts, fractions written as ``a/b``)."""
        self.add(Row(figure, str(published), str(ours), str(published) == str(ours)))

    def rounded(self, figure: str, published: str, ours: float, *, percent: bool = False) -> None:
        """A figure published to some decimals: ours, rounded to as many, must read the same.

        `published` is the figure as printed (``"0.273"``, ``"66%"``); with `percent` ours
        is a proportion and is shown as a percentage.
        """
        text = published.rstrip("%")
        places = len(text.split(".")[1]) if "." in text else 0
        value = ours * 100 if percent else ours
        shown = f"{value:.{places}f}" + ("%" if published.endswith("%") else "")
        self.add(Row(figure, published, shown, shown == published))

    def close(self, figure: str, published: float, ours: float, *, shown: int = 6) -> None:
        """A figure published at full float precision: equal to 1e-9 (relative)."""
        match = abs(published - ours) <= 1e-9 * max(1.0, abs(published))
        self.add(Row(figure, f"{published:.{shown}f}", f"{ours:.{shown}f}", match))

    def extra(self, figure: str, ours: str, published: str = NONE) -> None:
        """A figure with nothing published to match it against."""
        self.add(Row(figure, published, ours, None))

    def at_least(self, figure: str, floor: float, ours: float, shown: str) -> None:
        """A figure nobody published that must not fall below `floor` (a proportion)."""
        self.add(Row(figure, f"≥ {floor:.0%} (threshold)", shown, ours >= floor))


def corpus_parts(corpus: Path, name: str) -> list[Path]:
    """A labelled corpus file ``<name>.jsonl`` and its later parts ``<name>.<n>.jsonl``.

    In the order of ``n``: a corpus that would pass 2 MiB goes on in a new part, and rounds
    are appended to the last.
    """
    later = sorted(corpus.glob(f"{name}.*.jsonl"), key=lambda p: int(p.suffixes[-2][1:]))
    return [corpus / f"{name}.jsonl", *later]


def table(rows: Sequence[Sequence[str]], header: Sequence[str]) -> str:
    """A plain ``|``-separated table with aligned columns."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = [" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in [header]]
    lines.append("-+-".join("-" * w for w in widths))
    lines += [" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(line.rstrip() for line in lines)


def mark(match: bool | None) -> str:
    return {True: "yes", False: "NO", None: NONE}[match]


def render(report: Report) -> str:
    """The report as printed: a title, the table (or the skip line) and the notes."""
    out = [f"== {report.name}"]
    if report.skipped is not None:
        out.append(f"skipped: {report.skipped}")
        return "\n".join(out)
    rows = [(r.figure, r.published, r.fourfold, mark(r.match)) for r in report.rows]
    out.append(table(rows, ("figure", "published", "fourfold", "match")))
    for row in report.rows:
        if row.match is False:
            out.append(f"MISMATCH {row.figure}: published {row.published}, fourfold {row.fourfold}")
    out += [f"\n{block}" for block in report.blocks]
    out += [f"note: {n}" for n in report.notes]
    out.append(
        f"{report.status}: {report.matched}/{report.compared} figures ({report.seconds:.1f}s)"
    )
    return "\n".join(out)


def collect(name: str, build: Callable[[Path, Report], None], root: Path | None = None) -> Report:
    """Run one script's `build` on the data root; absent data gives a skipped report."""
    report = Report(name)
    start = time.perf_counter()
    try:
        build(root or data_root(), report)
    except Missing as exc:
        report.skipped = f"{exc.path} not found"
    report.seconds = time.perf_counter() - start
    return report


def main(name: str, build: Callable[[Path, Report], None]) -> int:
    """Entry point of a script: print its table, return 0 on match or skip, 1 on mismatch."""
    report = collect(name, build)
    print(render(report))
    return 1 if report.status == "mismatch" else 0


@contextmanager
def workspace() -> Iterator[tuple[Path, Store]]:
    """A temporary folder and a fresh SQLite store in it, both removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="fourfold-validate-") as tmp:
        with Store.open(Path(tmp) / "runs.db") as store:
            yield Path(tmp), store


def replay_suite(
    folder: Path,
    imported: Sequence[ImportedTrace],
    *,
    name: str,
    version: str,
    checks: Sequence[str],
    repeats: int,
) -> Path:
    """Write a replay file, its cases and a suite replaying them; return the suite file.

    The files are what ``fourfold import FILE -o {version}.traces.jsonl --cases
    {version}.cases.jsonl`` writes (`write_replay`, `write_cases`), and the suite is the
    one docs/tau-bench.md shows: ``agent: {replay: ..., version: ...}``, the cases, the
    repeats and the checks by name.
    """
    traces, cases = folder / f"{version}.traces.jsonl", folder / f"{version}.cases.jsonl"
    write_replay(imported, traces)
    write_cases(imported, cases)
    suite = folder / f"{version}.suite.yaml"
    suite.write_text(
        f"name: {name}\n"
        f"agent: {{replay: {traces.name}, version: {version}}}\n"
        f"cases: {cases.name}\n"
        f"repeats: {repeats}\n"
        f"checks: [{', '.join(checks)}]\n",
        encoding="utf-8",
    )
    return suite


def replay_run(
    store: Store, suite: Path, *, case_ids: Sequence[str] = (), repeats: int | None = None
) -> RunData:
    """Run `suite` with `fourfold.run` into `store` and read the stored run back."""
    options = RunOptions(progress=False, case_ids=tuple(case_ids), repeats=repeats)
    outcome = run(suite, store=store, options=options)
    return load_run(store, outcome.run.id)


def new_run(store: Store, *, suite: str, agent_version: str, started_at: datetime) -> Run:
    """Create (and return) a finished-to-be run in `store`."""
    run = Run(
        id=new_run_id(),
        suite=suite,
        agent_version=agent_version,
        package_version=version("fourfold"),
        started_at=started_at,
    )
    store.create_run(run)
    return run


def run_script(name: str, build: Callable[[Path, Report], None]) -> None:
    """``if __name__ == "__main__": run_script(...)``: exit with the script's code."""
    sys.exit(main(name, build))
