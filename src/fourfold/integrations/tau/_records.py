"""Reading the records of a τ-bench or τ²-bench file one by one, keeping the good ones.

A benchmark's results file is a list of episodes (τ-bench's records, τ²-bench's
simulations). `collect_episodes` turns each into a trace and leaves out, counting and
naming them, the ones that are not episodes:

- records τ-bench's runner writes for an episode that crashed:
  ``{"task_id", "trial", "info": {"error", "traceback"}, "traj": []}``;
- items that are not objects, or lack what an episode has (``traj``, ``messages``);
- items whose content cannot be read (a message that is not an object...).

The repeat of an episode is its ``trial`` when that is a repeat index: a whole number,
counted from 0 within each task, never twice for a task and below the number of the
task's records. Some files write another number there (the task id again); then the
repeats are numbered per task in file order, and the report says so, since otherwise a
replay asks for repeats 0, 1, ... and finds none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ...errors import ConfigError
from .._common import ImportedTrace
from .._messages import Msg
from .._report import ImportReport, Skipped

__all__ = [
    "Episode",
    "as_dict",
    "clean",
    "collect_episodes",
    "domain_of",
    "failed_episode",
    "last_reply",
    "model_of",
    "number_repeats",
    "parse_time",
    "tau_bench_problem",
]

_SHOWN = 5
"""How many skipped items an error message names."""


@dataclass(frozen=True, slots=True)
class Episode:
    """One item of the file that is an episode: its position, task, trial (as written)."""

    index: int
    task_id: str
    trial: Any
    data: dict[str, Any]

    @property
    def where(self) -> str:
        return f"task {self.task_id}, trial {self.trial!r}"


def failed_episode(record: dict[str, Any]) -> str | None:
    r"""The error τ-bench's runner recorded for an episode that crashed, or None.

    Examples:
        >>> failed_episode({"task_id": 3, "info": {"error": "Timeout\nmore"}, "traj": []})
        'Timeout'
        >>> failed_episode({"task_id": 3, "info": {"task": {}}, "traj": [{}]}) is None
        True
    """
    info = record.get("info")
    if not isinstance(info, dict) or info.get("error") in (None, ""):
        return None
    if record.get("traj"):
        return None  # an episode that ran, with an error noted on the side
    lines = str(info["error"]).strip().splitlines()
    return lines[0][:200] if lines else "error"


def number_repeats(
    episodes: Sequence[Episode], records: Counter[str]
) -> tuple[list[int], str | None]:
    """The repeat of each episode, and a note when the trials had to be renumbered.

    Args:
        episodes: the episodes, in file order.
        records: how many items of the file each task has (episodes and skipped records).

    Examples:
        >>> eps = [Episode(i, t, int(t), {}) for i, t in enumerate(["0", "1", "2"])]
        >>> repeats, note = number_repeats(eps, Counter({"0": 1, "1": 1, "2": 1}))
        >>> repeats, note is not None
        ([0, 0, 0], True)
    """
    seen: set[tuple[str, int]] = set()
    why: str | None = None
    for ep in episodes:
        trial = ep.trial
        if not isinstance(trial, int) or isinstance(trial, bool) or trial < 0:
            why = f"task {ep.task_id} has trial {trial!r}, not a whole number of 0 or more"
        elif (ep.task_id, trial) in seen:
            why = f"task {ep.task_id} has trial {trial} twice"
        elif trial >= records[ep.task_id]:
            count = records[ep.task_id]
            why = f"task {ep.task_id} has trial {trial} but {count} record{'s' * (count != 1)}"
        if why is not None:
            break
        seen.add((ep.task_id, trial))
    if why is None:
        return [int(ep.trial) for ep in episodes], None
    counter: Counter[str] = Counter()
    repeats = []
    for ep in episodes:
        repeats.append(counter[ep.task_id])
        counter[ep.task_id] += 1
    note = (
        f"the trial field is not a repeat index ({why}): repeats are numbered per task in "
        "file order (the file's trial is kept in each trace's metadata)"
    )
    return repeats, note


def collect_episodes(
    items: Sequence[Any],
    *,
    what: str,
    file: Path | None,
    identify: Callable[[int, dict[str, Any]], tuple[str, Any]],
    problem: Callable[[dict[str, Any]], str | None],
    convert: Callable[[Episode, int], ImportedTrace],
) -> ImportReport:
    """Convert each episode of `items` into a trace, skipping (and naming) the others.

    Args:
        items: the file's records or simulations.
        what: what an item is called (``record``, ``simulation``).
        file: the file, for messages.
        identify: an item's task id and trial as written.
        problem: why an item is not an episode (None: it is one).
        convert: an episode and its repeat into a trace; may raise ValueError, TypeError,
            KeyError or AttributeError on content it cannot read (the item is skipped).

    Raises:
        ConfigError: not one item could be imported; names the first skipped ones.
    """
    report = ImportReport()
    skipped: list[tuple[int, Skipped]] = []
    episodes: list[Episode] = []
    records: Counter[str] = Counter()
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            skipped.append((i, Skipped(f"{what} {i}", f"a {type(item).__name__}, not an object")))
            continue
        task_id, trial = identify(i, item)
        records[task_id] += 1
        episode = Episode(i, task_id, trial, item)
        why = problem(item)
        if why is not None:
            skipped.append((i, Skipped(f"{what} {i} ({episode.where})", why)))
        else:
            episodes.append(episode)
    repeats, note = number_repeats(episodes, records)
    if note is not None:
        report.notes.append(note)
    for episode, repeat in zip(episodes, repeats, strict=True):
        try:
            report.traces.append(convert(episode, repeat))
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            reason = f"unreadable ({type(exc).__name__}: {_first_line(exc)})"
            where = f"{what} {episode.index} ({episode.where})"
            skipped.append((episode.index, Skipped(where, reason)))
    report.skipped = [s for _, s in sorted(skipped, key=lambda pair: pair[0])]
    if not report.traces:
        shown = "; ".join(str(s) for s in report.skipped[:_SHOWN])
        more = len(report.skipped) - _SHOWN
        raise ConfigError(
            f"no {what} could be imported"
            + (f": {shown}" + (f"; and {more} more" if more > 0 else "") if shown else ""),
            file=file,
            hint="the file holds no episode that ran; check that it is the results file "
            "the benchmark wrote",
        )
    return report


def tau_bench_problem(record: dict[str, Any]) -> str | None:
    """Why a τ-bench record is not an episode to import, or None when it is one."""
    error = failed_episode(record)
    if error is not None:
        return f"the episode crashed in τ-bench's runner ({error})"
    if not isinstance(record.get("traj"), list):
        return "not a τ-bench trajectory record (no 'traj' list of messages)"
    return None


def as_dict(value: Any) -> dict[str, Any]:
    """`value` when it is a dict, else an empty one (for optional objects of a file)."""
    return value if isinstance(value, dict) else {}


def last_reply(msgs: list[Msg]) -> str | None:
    """The last thing the assistant said."""
    return next((m.content for m in reversed(msgs) if m.role == "assistant" and m.content), None)


def parse_time(value: Any) -> datetime | None:
    """An ISO timestamp, or None when `value` is not one."""
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def domain_of(file: Path | None) -> str | None:
    """The τ-bench domain a file's name or folder names (``gpt-4o-airline.json``)."""
    if file is None:
        return None
    for part in (stem(file), *reversed(file.parent.parts[-2:])):  # gpt-4o-airline.json, airline/
        for domain in ("airline", "retail", "telecom"):
            if domain in part:
                return domain
    return None


def model_of(file: Path, domain: str | None) -> str | None:
    """The model a file's name gives (``gpt-4o`` of ``gpt-4o-airline.json``)."""
    if domain and stem(file).endswith(f"-{domain}"):
        return stem(file).removesuffix(f"-{domain}")
    return None


def stem(file: Path) -> str:
    """A file's name without its extension, nor ``.gz`` before it (``gpt-4o-airline.json.gz``).

    Examples:
        >>> stem(Path("runs/gpt-4o-airline.json.gz")), stem(Path("gpt-4o-airline.json"))
        ('gpt-4o-airline', 'gpt-4o-airline')
    """
    name = file.name.removesuffix(".gz")
    return Path(name).stem


def clean(data: dict[str, Any]) -> dict[str, Any]:
    """`data` without its None values."""
    return {k: v for k, v in data.items() if v is not None}


def _first_line(exc: Exception) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0][:200] if lines else "no detail"
