"""JUnit XML, so CI systems show a run as tests: one test per trial and layer.

Every name and message is written `plain`: a bidi control or an escape sequence in a case
id or an explanation shows as ``<U+202E>`` in the CI's page and log, and the characters
XML 1.0 cannot hold (most control characters) never make the file unreadable.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from .._text import plain
from ..gate import GateReport
from ..runs import LAYERS, Run, Trial, layer_status

__all__ = ["junit_xml", "write_junit"]


def junit_xml(run: Run, trials: list[Trial], gate: GateReport) -> str:
    """The run as JUnit XML: a test suite per layer, a test case per trial.

    A trial that fails a layer is a ``failure`` naming the checks and their evidence; a
    trial where the agent errored is an ``error`` in every layer; a layer no check of the
    trial decided is ``skipped``.
    """
    suite_name = plain(run.suite)
    root = ET.Element(
        "testsuites", name=f"fourfold {suite_name}", tests="0", failures="0", errors="0"
    )
    totals = {"tests": 0, "failures": 0, "errors": 0}
    for layer in LAYERS:
        verdict = gate.layer(layer)
        suite = ET.SubElement(root, "testsuite", name=f"{suite_name}.{layer}")
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        for trial in trials:
            name = plain(f"{trial.case_id}#{trial.repeat}")
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"{suite_name}.{layer}",
                name=name,
                time=f"{trial.latency_s or 0:.3f}",
            )
            counts["tests"] += 1
            if trial.status == "error":
                ET.SubElement(case, "error", message=plain(trial.error or "agent failed"))
                counts["errors"] += 1
                continue
            results = [r for r in trial.results if r.layer == layer]
            status = layer_status(results)
            if status == "skip":
                why = (
                    plain(verdict.not_run[0])  # the run's selection ran none of its checks
                    if verdict.status == "not_run" and verdict.not_run
                    else "no check of this layer applied"
                )
                ET.SubElement(case, "skipped", message=why)
                counts["skipped"] += 1
            elif status in ("fail", "error"):
                bad = [r for r in results if r.status == status]
                lines = []
                for r in bad:
                    line = f"{r.check}: {r.explanation}"
                    if r.evidence:
                        line += " | evidence: " + "; ".join(e.text for e in r.evidence[:3])
                    lines.append(line)
                tag = "failure" if status == "fail" else "error"
                el = ET.SubElement(case, tag, message=plain("; ".join(r.check for r in bad)))
                el.text = plain("\n".join(lines))
                counts["failures" if status == "fail" else "errors"] += 1
        for key, value in counts.items():
            suite.set(key, str(value))
        suite.set("verdict", verdict.status)
        for key in totals:
            totals[key] += counts[key]
    for key, value in totals.items():
        root.set(key, str(value))
    root.set("decision", gate.decision)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def write_junit(path: str | Path, run: Run, trials: list[Trial], gate: GateReport) -> None:
    """Write `junit_xml` to `path`."""
    Path(path).write_text(junit_xml(run, trials, gate), encoding="utf-8")
