"""The corpus's truths against an annotation made again from the contract alone.

Every truth in tests/data/traces was written by hand from its export. Whether another
careful reader writes the same is what held-out truths, written independently, will test:
where the contract (tests/data/traces/README.md) leaves a choice, an independent reader may
take the other one. Four hundred and twenty-three exports of thirty-one frameworks and tools
(every third-party one among them) were annotated again on 2026-12-06 by 80 annotators,
each given the contract and four to six exports and nothing else (no truth, no importer,
no docs/importers.md); their files are in validation/reannotated/. This script compares
them with the truths cell by cell, as tests/trace/test_import_truth.py compares an import
(`tests/helpers/truth_cells.py`), and prints each differing cell.

Nothing is published and nothing fails: the figure is the share of cells two readings of
the contract agree on, and the list is what to read when a rule is in doubt.

Run: .venv/bin/python validation/reannotation.py [DIR]

DIR (default validation/reannotated/) holds the annotations to compare, laid out as the
corpus is; validation/reannotated-contract/ holds a second reading, made with the contract as
it stood after the rounds above, of fifty exports whose first reading differed, and
validation/reannotated-order/ a third reading of twelve of them with the conversation
order's wording amended again (docs/importers.md, D21); validation/reannotated-third/a and /b
two more readings of nine exports whose system prompt count the contract had left open (two
runs side by side), and of one whose two readings split (the AI SDK's approval response).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.helpers.truth_cells import FIELDS, TRUTH_CELLS  # noqa: E402

AGAIN = Path(__file__).resolve().parent / "reannotated"
TRUTHS = ROOT / "tests" / "data" / "traces"


def compare(again_dir: Path = AGAIN) -> tuple[int, int, list[str]]:
    """Cells compared, cells equal, and one line per differing cell or trace."""
    cells = equal = 0
    differing: list[str] = []
    for again_path in sorted(again_dir.rglob("*.expected.json")):
        rel = again_path.relative_to(again_dir)
        truth = json.loads((TRUTHS / rel).read_text(encoding="utf-8"))
        again = json.loads(again_path.read_text(encoding="utf-8"))
        read_again = {t["trace_id"]: t for t in again["traces"]}
        for entry in truth["traces"]:
            other = read_again.get(entry["trace_id"])
            if other is None:
                differing.append(f"{rel}: trace {entry['trace_id']} not annotated again")
                continue
            for name in FIELDS:
                cells += 1
                try:
                    same = TRUTH_CELLS[name](entry) == TRUTH_CELLS[name](other)
                except (TypeError, KeyError):  # a value of another shape than the contract's
                    same = False
                if same:
                    equal += 1
                else:
                    differing.append(f"{rel} {entry['trace_id'][:8]}: {name}")
    return cells, equal, differing


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    again_dir = Path(args[0]) if args else AGAIN
    cells, equal, differing = compare(again_dir)
    exports = len(list(again_dir.rglob("*.expected.json")))
    print(f"== {exports} exports annotated again, {cells} cells: {equal} as the truths have them")
    for line in differing:
        print(f"   differs: {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
