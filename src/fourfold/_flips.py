"""Which cases flipped between two runs, layer by layer (`fourfold.compare`'s flips).

A case passes a layer in a run when every decided repeat passed it, fails when none did,
and is flaky in between; it flipped when it passed in one run and not in the other.
Regressions come first, the layers most severe first (policy, trajectory, grounding,
outcome), then the cases that moved most.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict

from .runs import LAYERS, Layer, RunData, Trial, decided_in

__all__ = ["CaseLayerStatus", "Flip", "case_flips", "case_status"]

CaseLayerStatus = Literal["pass", "fail", "flaky"]
_SEVERITY: dict[Layer, int] = {"policy": 0, "trajectory": 1, "grounding": 2, "outcome": 3}


class Flip(BaseModel):
    """A case that changed status in one layer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

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


def case_flips(base: RunData, cand: RunData, same: list[str]) -> list[Flip]:
    """The cases of `same` whose status in a layer differs between `base` and `cand`."""
    keep = set(same)
    b = _by_case_layer(base.trials, keep)
    c = _by_case_layer(cand.trials, keep)
    flips: list[Flip] = []
    for layer in LAYERS:
        for case_id in same:
            bs, cs = b.get((case_id, layer)), c.get((case_id, layer))
            if bs is None or cs is None:
                continue
            b_status, c_status = case_status(bs.share), case_status(cs.share)
            if b_status == "pass" and c_status != "pass":
                flips.append(_flip(case_id, layer, "regressed", bs, cs, cs.failing))
            elif b_status != "pass" and c_status == "pass":
                flips.append(_flip(case_id, layer, "fixed", bs, cs, bs.failing))
    flips.sort(
        key=lambda f: (
            f.direction != "regressed",
            _SEVERITY[f.layer],
            -(abs(f.base_share - f.cand_share)),
            f.case_id,
        )
    )
    return flips


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
    for layer in LAYERS:
        for reading in decided_in(trials, layer, cases=keep):
            tally = tallies[(reading.trial.case_id, layer)]
            tally.decided += 1
            if reading.passed:
                tally.passed += 1
            else:
                tally.failing = [*(tally.failing or []), *reading.failing]
    return dict(tallies)


def case_status(share: float) -> CaseLayerStatus:
    """A case's status in a layer from the share of its decided repeats that passed it."""
    return "pass" if share == 1.0 else "fail" if share == 0.0 else "flaky"


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
        base=case_status(b.share),
        cand=case_status(c.share),
        base_share=b.share,
        cand_share=c.share,
        checks=sorted(set(failing or [])),
    )
