"""Draw real agent replies from the committed τ-bench runs, to label for the policy detectors.

Opt-in: nothing runs this (not CI, not ``make test``, not ``validation/run_all.py``). It made
the candidates behind the ``"split": "real"`` items of ``tests/data/policy/promise.jsonl``
and ``refusal.jsonl``: assistant replies of real τ-bench and τ²-bench runs (the 22 MIT
files under ``tests/data/tau/runs/``; provenance, sha256 and licences in
``tests/data/tau/SOURCE.md``), which were then labelled by hand against the rules in
docs/checks.md, without running the detectors.

What counts as a reply: an assistant message with text for the user. Tool-call-only turns
are skipped. For τ-bench's ReAct and Act agents (``Thought: ... Action: {...}`` text) the
reply is the ``content`` of a ``respond`` action (a message ending in ``Action: {...}``),
and a turn acting otherwise is a tool call; ``<think>...</think>`` and
``<tool_call>...</tool_call>`` blocks written as text are removed, and what remains is the
reply when anything does. Replies are kept whole, and a text met more than once (in any
file) is drawn at most once. A call written as bare JSON text with nothing around it is
still drawn: the labelling dropped those (and near-duplicates), saying how many.

The draw is deterministic (``--seed``, default 20240611). Each detector gets a keyword
share (plain words: refund, credit, cancel... for ``promise``; sorry, unable, can't,
policy... for ``refusal``; a stricter keyword pair first, to find candidate positives)
and a share drawn without any filter (hard negatives, unforeseen phrasings). Every share
is drawn round-robin over the files in a seeded order, taking a record already drawn
from in that share only when the file has no other left, so each benchmark, domain and
agent contributes (all but ck496's Act agent, whose eight turns all transfer to a
human). The two detectors' samples are disjoint. Last, a top-up of promise candidates
(``--top-up``, default 44) naming a refund, credit, certificate or the like beside a
report or forecast word: with
the defaults, the first 180 promise candidates held 51 positives in 175 labelled (29%),
short of the third wanted, and drawing the top-up after everything else leaves the
earlier draws as they were.

A second, disjoint sample made the ``"split": "real-test"`` items, held out from the tuning
(``--split real-test``): its own seed (default 20241203) and its own sizes (120 promise
candidates and a top-up of 30, 100 refusal candidates), drawn the same way after setting
aside every reply whose ``source`` an item of ``tests/data/policy/promise.jsonl`` or
``refusal.jsonl`` already names, and every reply whose text, with case and spacing
ignored, an item of the splits before it (``dev``, ``test``, ``real``) already holds
(``--exclude-corpus``; ``--no-exclude-corpus`` turns it off). The default draw
(``--split real``) is unchanged.

A third, disjoint sample made the ``"split": "real-2"`` items, to be tuned on after
``real`` (``--split real-2``): its own seed (default 20251117) and its own sizes (150
promise candidates and a top-up of 30, 130 refusal candidates), drawn the same way after
setting aside, by source and by text, every reply an item of ``dev``, ``test``, ``real``
or ``real-test`` holds. Each split sets aside only the splits labelled before it, so its
draw stays as it was once its own items (or a later split's) are in the corpus: with the
corpus as it is, ``--split real-test`` draws the 250 candidates that ``real-test`` was
labelled from, and ``--split real-2`` the 310 of ``real-2``.

Run from the repository root::

    .venv/bin/python validation/tau_policy_sample.py > /tmp/candidates.jsonl
    .venv/bin/python validation/tau_policy_sample.py --split real-test > /tmp/held-out.jsonl
    .venv/bin/python validation/tau_policy_sample.py --split real-2 > /tmp/second.jsonl
    .venv/bin/python validation/tau_policy_sample.py --promise 180 --refusal 120 --seed 7

Each line: ``{"detector", "pool", "source", "agent", "domain", "text"}``, where
``source`` is ``<benchmark>/<file>#<record>/<message>``: the file's path under
``tests/data/tau/runs/``, the record's index in the file's list of records (``results``
of a ``{"metrics", "results"}`` wrapper, ``simulations`` of a τ²-bench file) and the
message's index in its ``traj`` / ``messages``. Standard library only.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _common import corpus_parts

ROOT = Path(__file__).resolve().parents[1]
RUNS = ROOT / "tests" / "data" / "tau" / "runs"
CORPUS = ROOT / "tests" / "data" / "policy"
SEED = 20240611

SPLITS: dict[str, tuple[int, int, int, int, tuple[str, ...]]] = {
    # split: (seed, promise, refusal, top-up, the corpus splits whose replies are left out)
    "real": (SEED, 180, 120, 44, ()),
    "real-test": (20241203, 120, 100, 30, ("dev", "test", "real")),
    "real-2": (20251117, 150, 130, 30, ("dev", "test", "real", "real-test")),
}
"""Each split's defaults: ``real`` as first drawn, ``real-test`` held out from it, ``real-2``
disjoint from both. A split leaves out only the splits labelled before it, so appending its
own items (or a later split's) to the corpus leaves its draw as it was."""

PROMISE_WORDS = re.compile(
    r"refund|reimburs|credit|cancel|exchang|compensat|voucher|certificate|upgrade|waive"
    r"|replace|return",
    re.IGNORECASE,
)
"""Any mention of an act that may need authority (the keyword share)."""

PROMISE_STRICT = re.compile(
    r"\b(has been|have been|I've|I have|we've|successfully|processed|issued|will be"
    r"|you'll|you will|will receive|is on its way|went through)\b",
    re.IGNORECASE,
)
"""With `PROMISE_WORDS`: a report or a forecast of such an act (the candidate positives)."""

PROMISE_TOP_UP = re.compile(
    r"\b(refund|refunded|credit|credited|certificate|voucher|compensation|reimburs\w*"
    r"|waived?)\b",
    re.IGNORECASE,
)
"""With `PROMISE_STRICT`: a refund, credit or the like reported or forecast (the top-up)."""

REFUSAL_WORDS = re.compile(
    r"sorry|unable|cannot|can't|can not|can’t|not able|not allowed|not permitted|policy"
    r"|unfortunately|afraid|not possible|won't|not eligible",
    re.IGNORECASE,
)
"""Any word of declining, apology or policy (the keyword share)."""

REFUSAL_STRICT = re.compile(
    r"\b(cannot|can't|can’t|unable|not able|not allowed|not permitted|not possible"
    r"|not eligible|won't be able)\b",
    re.IGNORECASE,
)
"""A word of inability (the candidate positives)."""


@dataclass(frozen=True)
class Reply:
    source: str
    file: str
    record: int
    agent: str
    domain: str
    text: str


def _load(path: Path) -> Any:
    return json.loads(gzip.decompress(path.read_bytes()))


def _records(data: Any) -> tuple[list[Any], str]:
    """The file's records and the key of their messages."""
    if isinstance(data, dict) and "simulations" in data:
        return data["simulations"], "messages"
    if isinstance(data, dict) and "results" in data:
        return data["results"], "traj"
    return data, "traj"


THINK = re.compile(r"<think>.*?(</think>|$)", re.DOTALL)
TOOL_CALL = re.compile(r"<tool_call>.*?(</tool_call>|$)", re.DOTALL)
ACTION = re.compile(r"(?:^|\n)\s*Action:\s*(\{.*\})\s*$", re.DOTALL)


def reply_text(message: dict[str, Any]) -> str | None:
    """The text a message says to the user, or None for a tool-call-only turn."""
    content = message.get("content")
    if not isinstance(content, str):
        return None
    text = THINK.sub("", content)
    action = ACTION.search(text)
    if action is not None:
        try:
            called = json.loads(action.group(1))
        except json.JSONDecodeError:
            return None
        if called.get("name") != "respond":
            return None
        said = called.get("arguments", {}).get("content")
        return said.strip() if isinstance(said, str) and said.strip() else None
    text = TOOL_CALL.sub("", text).strip()
    return text or None


def replies(root: Path) -> Iterator[Reply]:
    """Every reply of every run file under `root`, in file order."""
    for path in sorted(root.rglob("*.json.gz")):
        rel = path.relative_to(root).as_posix()
        agent = rel.removesuffix(".json.gz").rsplit("-", 1)[0]
        domain = "airline" if "airline" in path.name else "retail"
        records, key = _records(_load(path))
        for r, record in enumerate(records):
            for m, message in enumerate(record.get(key) or []):
                if message.get("role") != "assistant":
                    continue
                text = reply_text(message)
                if text is None or len(text) < 15:
                    continue
                yield Reply(f"{rel}#{r}/{m}", rel, r, agent, domain, text)


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def corpus_seen(corpus: Path, splits: tuple[str, ...]) -> tuple[set[str], set[str]]:
    """The sources, and the texts (case and spacing ignored), of the promise and refusal items
    of `splits`."""
    sources: set[str] = set()
    texts: set[str] = set()
    parts = corpus_parts(corpus, "promise") + corpus_parts(corpus, "refusal")
    for path in parts:  # a corpus and its later parts (``promise.2.jsonl``)
        if not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            item = json.loads(line)
            if item.get("split") not in splits:
                continue
            texts.add(_norm(item["text"]))
            if "source" in item:
                sources.add(item["source"])
    return sources, texts


def exclude_corpus(all_replies: list[Reply], corpus: Path, splits: tuple[str, ...]) -> list[Reply]:
    """`all_replies` less those the corpus's `splits` already hold, by source or by text."""
    sources, texts = corpus_seen(corpus, splits)
    return [r for r in all_replies if r.source not in sources and _norm(r.text) not in texts]


def round_robin(pool: list[Reply], count: int, rng: random.Random, taken: set[str]) -> list[Reply]:
    """Up to `count` replies from `pool`, one file at a time, one per record per file."""
    by_file: dict[str, list[Reply]] = {}
    for reply in pool:
        by_file.setdefault(reply.file, []).append(reply)
    queues = {}
    for file, items in by_file.items():
        items = items[:]
        rng.shuffle(items)
        queues[file] = items
    order = sorted(queues)
    rng.shuffle(order)
    used_records: set[tuple[str, int]] = set()
    drawn: list[Reply] = []
    while len(drawn) < count and any(queues.values()):
        for file in order:
            queue = queues[file]
            while queue:
                reply = queue.pop()
                if reply.text in taken:
                    continue
                if (reply.file, reply.record) in used_records and any(
                    (r.file, r.record) not in used_records for r in queue
                ):
                    queue.insert(0, reply)
                    continue
                used_records.add((reply.file, reply.record))
                taken.add(reply.text)
                drawn.append(reply)
                break
            if len(drawn) >= count:
                break
    return drawn


def sample(
    all_replies: list[Reply], promise: int, refusal: int, seed: int, top_up: int = 0
) -> list[tuple[str, str, Reply]]:
    """(detector, pool, reply) for both detectors: keyword-strict, keyword, random shares.

    Then `top_up` more promise candidates naming a refund, credit or the like with a
    report or forecast (pool ``top-up``), drawn last so the draws before stay as they are.
    """
    rng = random.Random(seed)
    unique: dict[str, Reply] = {}
    for reply in all_replies:
        unique.setdefault(reply.text, reply)
    pool = list(unique.values())
    taken: set[str] = set()
    out: list[tuple[str, str, Reply]] = []
    plans = [
        ("promise", promise, PROMISE_WORDS, PROMISE_STRICT),
        ("refusal", refusal, REFUSAL_WORDS, REFUSAL_STRICT),
    ]
    for detector, count, words, strict in plans:
        strict_pool = [r for r in pool if words.search(r.text) and strict.search(r.text)]
        word_pool = [r for r in pool if words.search(r.text)]
        shares = [
            ("strict", strict_pool, count * 4 // 9),
            ("keyword", word_pool, count * 2 // 9),
            ("random", pool, count - count * 4 // 9 - count * 2 // 9),
        ]
        for name, share_pool, n in shares:
            for reply in round_robin(share_pool, n, rng, taken):
                out.append((detector, name, reply))
    top_pool = [r for r in pool if PROMISE_TOP_UP.search(r.text) and PROMISE_STRICT.search(r.text)]
    for reply in round_robin(top_pool, top_up, rng, taken):
        out.append(("promise", "top-up", reply))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--split", choices=sorted(SPLITS), default="real", help="whose defaults to draw with"
    )
    parser.add_argument("--promise", type=int, help="replies for no_promises")
    parser.add_argument("--refusal", type=int, help="replies for refusal_required")
    parser.add_argument(
        "--top-up", type=int, help="extra promise candidates naming a refund or credit"
    )
    parser.add_argument("--seed", type=int)
    parser.add_argument(
        "--exclude-corpus",
        action=argparse.BooleanOptionalAction,
        help="leave out replies the corpus already holds (default: those of the splits"
        " labelled before the one drawn; for real none, and --exclude-corpus means every"
        " other split)",
    )
    parser.add_argument("--root", type=Path, default=RUNS, help="folder of run files")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="folder of the labelled items")
    parser.add_argument("--stats", action="store_true", help="print counts per file to stderr")
    args = parser.parse_args(argv)
    seed, promise, refusal, top_up, exclude = SPLITS[args.split]
    seed = seed if args.seed is None else args.seed
    promise = promise if args.promise is None else args.promise
    refusal = refusal if args.refusal is None else args.refusal
    top_up = top_up if args.top_up is None else args.top_up
    if args.exclude_corpus is False:
        exclude = ()
    elif args.exclude_corpus and not exclude:
        exclude = tuple(s for s in ("dev", "test", *SPLITS) if s != args.split)
    everything = list(replies(args.root))
    if exclude:
        before = len(everything)
        everything = exclude_corpus(everything, args.corpus, exclude)
        if args.stats:
            print(f"{before - len(everything):6d}  left out: in the corpus", file=sys.stderr)
    if args.stats:
        counts: dict[str, int] = {}
        for reply in everything:
            counts[reply.file] = counts.get(reply.file, 0) + 1
        for file, n in sorted(counts.items()):
            print(f"{n:6d}  {file}", file=sys.stderr)
    for detector, pool, reply in sample(everything, promise, refusal, seed, top_up):
        line = {
            "detector": detector,
            "pool": pool,
            "source": reply.source,
            "agent": reply.agent,
            "domain": reply.domain,
            "text": reply.text,
        }
        print(json.dumps(line, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
