"""Comparing two runs case by case: which layer moved, and which cases flipped.

`compare` is a pure function of two stored runs (no I/O). Trials are paired by case id;
a case whose content changed between the runs (its content hash differs) is reported
as edited and left out, as are cases only one run has, so a changed case set is never
silently compared.

Per case and layer, the repeats of a run add up to one status: ``pass`` when every
repeat passed, ``fail`` when none did, ``flaky`` in between. A case *regressed* in a
layer when it passed every repeat in the baseline and not in the candidate, and was
*fixed* the other way round.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .cases import Case
from .checks import LAYERS, Layer
from .gate import layer_status
from .store import Run, Store, Trial

__all__ = ["CaseSetChange", "Comparison", "Flip", "LayerDelta", "RunData", "compare", "load_run"]

CaseLayerStatus = Literal["pass", "fail", "flaky"]
_SEVERITY: dict[Layer, int] = {"policy": 0, "trajectory": 1, "grounding": 2, "outcome": 3}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class RunData:
    """A stored run with its cases and trials."""

    run: Run
    cases: list[Case]
    trials: list[Trial]


def load_run(store: Store, run_id: str) -> RunData:
    """Read a run, its cases and its trials from the store."""
    run = store.get_run(run_id)
    return RunData(run, store.cases(run.id), store.trials(run.id))


class CaseSetChange(_Model):
    """How the two runs' case sets differ."""

    shared: int
    added: list[str]
    """In the candidate only."""
    removed: list[str]
    """In the baseline only."""
    edited: list[str]
    """In both, with different content (input, expected outcome, ground truth...)."""

    @property
    def changed(self) -> bool:
        """True when the runs were not made on the same cases."""
        return bool(self.added or self.removed or self.edited)


class LayerDelta(_Model):
    """One layer's pass rate on the shared cases, both sides."""

    layer: Layer
    base_pass_rate: float | None
    cand_pass_rate: float | None
    base_trials: int
    cand_trials: int
    regressed: int
    """Shared cases that passed every repeat in the baseline and not in the candidate."""
    fixed: int

    @property
    def delta(self) -> float | None:
        """Candidate minus baseline pass rate."""
        if self.base_pass_rate is None or self.cand_pass_rate is None:
            return None
        return self.cand_pass_rate - self.base_pass_rate


class Flip(_Model):
    """A case that changed status in one layer."""

    case_id: str
    layer: Layer
    direction: Literal["regressed", "fixed"]
    base: CaseLayerStatus
    cand: CaseLayerStatus
    base_share: float
    """Share of the baseline's repeats that passed this layer."""
    cand_share: float
    checks: list[str]
    """The checks of this layer that failed in the run where the case does worse."""


class Comparison(_Model):
    """Two runs of a suite, side by side on their shared cases."""

    base_run: str
    cand_run: str
    base_label: str
    cand_label: str
    case_set: CaseSetChange
    layers: list[LayerDelta]
    flips: list[Flip]
    """Regressions first, by layer severity (policy, trajectory, grounding, outcome)."""


def compare(base: RunData, cand: RunData) -> Comparison:
    """Pair two runs by case and report per-layer movement and flipped cases."""
    base_cases = {c.id: c for c in base.cases}
    cand_cases = {c.id: c for c in cand.cases}
    shared_ids = [c.id for c in base.cases if c.id in cand_cases]
    edited = [i for i in shared_ids if base_cases[i].content_hash != cand_cases[i].content_hash]
    same = [i for i in shared_ids if i not in set(edited)]
    case_set = CaseSetChange(
        shared=len(same),
        added=[c.id for c in cand.cases if c.id not in base_cases],
        removed=[c.id for c in base.cases if c.id not in cand_cases],
        edited=edited,
    )
    keep = set(same)
    b = _by_case_layer(base.trials, keep)
    c = _by_case_layer(cand.trials, keep)

    flips: list[Flip] = []
    layers: list[LayerDelta] = []
    for layer in LAYERS:
        regressed = fixed = 0
        for case_id in same:
            bs, cs = b.get((case_id, layer)), c.get((case_id, layer))
            if bs is None or cs is None:
                continue
            b_status, c_status = _status(bs.share), _status(cs.share)
            if b_status == "pass" and c_status != "pass":
                regressed += 1
                flips.append(_flip(case_id, layer, "regressed", bs, cs, cs.failing))
            elif b_status != "pass" and c_status == "pass":
                fixed += 1
                flips.append(_flip(case_id, layer, "fixed", bs, cs, bs.failing))
        layers.append(
            LayerDelta(
                layer=layer,
                base_pass_rate=_rate(b, layer),
                cand_pass_rate=_rate(c, layer),
                base_trials=sum(s.decided for (_, lay), s in b.items() if lay == layer),
                cand_trials=sum(s.decided for (_, lay), s in c.items() if lay == layer),
                regressed=regressed,
                fixed=fixed,
            )
        )
    flips.sort(
        key=lambda f: (
            f.direction != "regressed",
            _SEVERITY[f.layer],
            -(abs(f.base_share - f.cand_share)),
            f.case_id,
        )
    )
    return Comparison(
        base_run=base.run.id,
        cand_run=cand.run.id,
        base_label=base.run.agent_version,
        cand_label=cand.run.agent_version,
        case_set=case_set,
        layers=layers,
        flips=flips,
    )


@dataclass
class _Tally:
    passed: int = 0
    decided: int = 0
    failing: list[str] | None = None

    @property
    def share(self) -> float:
        return self.passed / self.decided if self.decided else 0.0


def _by_case_layer(trials: list[Trial], keep: set[str]) -> dict[tuple[str, Layer], _Tally]:
    tallies: dict[tuple[str, Layer], _Tally] = defaultdict(_Tally)
    for trial in trials:
        if trial.case_id not in keep or trial.status != "ok":
            continue
        for layer in LAYERS:
            results = [r for r in trial.results if r.layer == layer]
            status = layer_status(results)
            if status not in ("pass", "fail"):
                continue
            tally = tallies[(trial.case_id, layer)]
            tally.decided += 1
            if status == "pass":
                tally.passed += 1
            else:
                failing = tally.failing or []
                failing.extend(r.check for r in results if r.status == "fail")
                tally.failing = failing
    return dict(tallies)


def _status(share: float) -> CaseLayerStatus:
    return "pass" if share == 1.0 else "fail" if share == 0.0 else "flaky"


def _rate(tallies: dict[tuple[str, Layer], _Tally], layer: Layer) -> float | None:
    passed = sum(t.passed for (_, lay), t in tallies.items() if lay == layer)
    decided = sum(t.decided for (_, lay), t in tallies.items() if lay == layer)
    return passed / decided if decided else None


def _flip(
    case_id: str,
    layer: Layer,
    direction: Literal["regressed", "fixed"],
    b: _Tally,
    c: _Tally,
    failing: list[str] | None,
) -> Flip:
    return Flip(
        case_id=case_id,
        layer=layer,
        direction=direction,
        base=_status(b.share),
        cand=_status(c.share),
        base_share=b.share,
        cand_share=c.share,
        checks=sorted(set(failing or [])),
    )
