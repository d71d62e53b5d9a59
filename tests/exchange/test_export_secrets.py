"""A run stored before fourfold redacted at write: its export still holds no key.

The run is written straight through the store (as fourfold once did), its agent having
echoed the key its judge reads with ``api_key_env``. The export masks it again from the
run's configuration and the environment, moving evidence with the text it points at.
"""

from __future__ import annotations

import gzip
import json
from datetime import UTC, datetime
from pathlib import Path

from fourfold.exchange import export_run, load_export
from fourfold.runs import CheckResult, Evidence, Run, Trial
from fourfold.store import Store
from fourfold.trace import Trace

KEY_VAR = "LEGACY_API_KEY"
KEY = "sk-legacy-4f0b3d2e58a6f1c9"
MARKER = f"[redacted:{KEY_VAR}]"
T0 = datetime(2026, 11, 29, 19, 37, 55, tzinfo=UTC)


def test_an_unredacted_stored_run_exports_without_its_key(tmp_path: Path) -> None:
    output = f"Your key is {KEY}. Refunds take 5 business days."
    start = output.index("Refunds")
    with Store.open(tmp_path / "old.db") as store:
        store.create_run(
            Run(
                id="20250101-000000-01d0ld",
                suite="legacy",
                agent_version="v1",
                config={"models": {"judge": {"model": "openai/x", "api_key_env": KEY_VAR}}},
                package_version="0.0.9",
                started_at=T0,
                status="finished",
            )
        )
        store.save_trial(
            "20250101-000000-01d0ld",
            Trial(
                case_id="c1",
                status="ok",
                error=None,
                trace=Trace(output=output),
                results=[
                    CheckResult(
                        check="contains",
                        layer="outcome",
                        status="pass",
                        evidence=[Evidence(text="Refunds", start=start, end=start + 7)],
                        explanation=f"the answer quotes {KEY}",
                    )
                ],
                started_at=T0,
                ended_at=T0,
            ),
        )
        summary = export_run(store, "latest", tmp_path / "old.jsonl.gz", environ={KEY_VAR: KEY})
    text = gzip.decompress(summary.path.read_bytes()).decode()
    assert KEY not in text and MARKER in text
    with Store.open(tmp_path / "new.db") as store:
        load_export(store, summary.path)
        (trial,) = store.trials("20250101-000000-01d0ld")
    assert trial.trace is not None and trial.trace.output is not None
    evidence = trial.results[0].evidence[0]
    assert evidence.start is not None and evidence.end is not None
    assert trial.trace.output[evidence.start : evidence.end] == "Refunds"  # moved with the text
    assert trial.results[0].explanation == f"the answer quotes {MARKER}"
    record = json.loads(text.splitlines()[1])
    assert record["type"] == "run" and record["package_version"] == "0.0.9"
