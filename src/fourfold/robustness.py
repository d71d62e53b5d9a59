"""Robustness to wording: a run's verdicts on perturbed variants against their originals'.

A run over a file written by ``fourfold perturb`` holds originals and their variants
(`fourfold.perturb.variant_of` reads the link in ``metadata.perturbation``). Each
variant asks what its original asks, with the same checks, so any difference in verdict
is the agent's sensitivity to wording. `robustness` is a pure function of the stored run
(seeded for its intervals). Per layer, overall and per perturbation kind, it reports:

* **the pass rate on variants against originals**, paired by original
  (`fourfold.stats.paired_difference`): an original's repeats are averaged, and so are
  all the repeats of all its variants (of the kind), and the original is the unit — the
  interval of the difference (variants minus originals) resamples originals, so five
  variants of one case do not count as five independent cases;
* **robustness**: the share of originals whose verdict holds under *every* variant (of
  the kind), with a bootstrap interval over originals (`fourfold.stats.bootstrap_ci`).
  1.0 means no wording change flipped any verdict;
* **flips**: the variants whose verdict differs from their original's.

A case's **verdict** in a layer is ``pass`` when at least half of its decided repeats
passed it, else ``fail`` (trials the layer did not decide are left out, as in the gate:
`fourfold.runs.decided_in`). Half, not all, so that a flaky case — a consistency
problem, measured by `fourfold.consistency` — does not read as a robustness one.

Only originals the layer decided, with at least one decided variant, count. Variants
whose original is not in the run are counted apart (`RobustnessReport.unpaired`).
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
from pydantic import BaseModel, ConfigDict

from .perturb import KINDS, variant_of
from .runs import LAYERS, Layer, RunData, layer_values
from .stats import Interval, PairedDifference, bootstrap_ci, paired_difference

__all__ = [
    "DEFAULT_SEED",
    "KindRobustness",
    "LayerRobustness",
    "RobustnessFlip",
    "RobustnessReport",
    "robustness",
]

DEFAULT_SEED = 0
"""The seed of the bootstrap intervals when none is given."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class KindRobustness(_Model):
    """One layer under one kind of perturbation (or every kind: ``kind="all"``)."""

    kind: str
    n_originals: int
    """Originals the layer decided that have a decided variant of this kind."""
    n_variants: int
    """Their variants the layer decided."""
    difference: PairedDifference
    """Pass rate on variants minus pass rate on originals, paired by original."""
    robustness: Interval
    """Share of originals whose verdict holds under every variant of the kind."""
    flips: int
    """Variants whose verdict differs from their original's."""


class LayerRobustness(_Model):
    """One layer: every kind together, then each kind."""

    layer: Layer
    overall: KindRobustness
    kinds: list[KindRobustness]
    """In the order of `fourfold.perturb.KINDS` (kinds of other names after, by name)."""


class RobustnessFlip(_Model):
    """A variant whose verdict in a layer differs from its original's."""

    variant: str
    original: str
    kind: str
    layer: Layer
    original_pass: float
    """Share of the original's decided repeats that passed."""
    variant_pass: float
    """Share of the variant's decided repeats that passed."""

    @property
    def direction(self) -> str:
        """``pass→fail`` (the wording broke it) or ``fail→pass``."""
        return "pass→fail" if self.original_pass >= 0.5 else "fail→pass"


class RobustnessReport(_Model):
    """How a run's verdicts hold up under perturbed wording."""

    run_id: str
    seed: int
    """The seed of the bootstrap intervals."""
    originals: int
    """Cases of the run with at least one variant in the run."""
    variants: int
    """Variants of the run whose original is in the run."""
    unpaired: list[str]
    """Variants whose original is not in the run: left out."""
    layers: list[LayerRobustness]
    """Layers with at least one decided pair, in layer order."""
    flips: list[RobustnessFlip]
    """In the run's case order, then layer order."""

    def layer(self, layer: Layer) -> LayerRobustness | None:
        """The row of `layer`, if it has data."""
        return next((r for r in self.layers if r.layer == layer), None)


def robustness(run: RunData, *, seed: int = DEFAULT_SEED) -> RobustnessReport:
    """Compare a run's verdicts on variants with their originals', per layer and kind.

    Args:
        run: the run, its cases (originals and variants) and its trials.
        seed: seeds the bootstrap intervals; the same run and seed give the same report.

    Returns:
        The report; with no variant in the run its layers and flips are empty.
    """
    link_of = {c.id: variant_of(c) for c in run.cases}
    links: dict[str, tuple[str, str]] = {}
    unpaired: list[str] = []
    for case_id, link in link_of.items():
        if link is None:
            continue
        # An original is a case of the run that is not a variant itself.
        if link[0] in link_of and link_of[link[0]] is None:
            links[case_id] = link
        else:
            unpaired.append(case_id)
    present = {o for o, _ in links.values()}
    kinds = sorted({k for _, k in links.values()}, key=lambda k: (_rank(k), k))
    rng = np.random.default_rng(seed)
    layers: list[LayerRobustness] = []
    flips: list[RobustnessFlip] = []
    for layer in LAYERS:
        values = layer_values(run.trials, layer)
        overall = _kind("all", links, values, rng)
        if overall is None:
            continue
        per_kind = [
            row
            for kind in kinds
            if (row := _kind(kind, _of_kind(links, kind), values, rng)) is not None
        ]
        layers.append(LayerRobustness(layer=layer, overall=overall, kinds=per_kind))
        for variant, (original, kind) in links.items():
            if variant in values and original in values:
                a, b = _share(values[original]), _share(values[variant])
                if (a >= 0.5) != (b >= 0.5):
                    flips.append(
                        RobustnessFlip(
                            variant=variant,
                            original=original,
                            kind=kind,
                            layer=layer,
                            original_pass=a,
                            variant_pass=b,
                        )
                    )
    order = {c.id: n for n, c in enumerate(run.cases)}
    flips.sort(key=lambda f: (order.get(f.variant, 0), LAYERS.index(f.layer)))
    return RobustnessReport(
        run_id=run.run.id,
        seed=seed,
        originals=len(present),
        variants=len(links),
        unpaired=unpaired,
        layers=layers,
        flips=flips,
    )


def _kind(
    kind: str,
    links: dict[str, tuple[str, str]],
    values: dict[str, list[float]],
    rng: np.random.Generator,
) -> KindRobustness | None:
    by_original: dict[str, list[str]] = defaultdict(list)
    for variant, (original, _) in links.items():
        if variant in values and original in values:
            by_original[original].append(variant)
    if not by_original:
        return None
    base = {o: values[o] for o in by_original}
    cand = {o: [x for v in vs for x in values[v]] for o, vs in by_original.items()}
    held: list[float] = []
    flips = 0
    for original, variants in sorted(by_original.items()):
        verdict = _share(values[original]) >= 0.5
        changed = sum((_share(values[v]) >= 0.5) != verdict for v in variants)
        flips += changed
        held.append(0.0 if changed else 1.0)
    return KindRobustness(
        kind=kind,
        n_originals=len(by_original),
        n_variants=sum(len(vs) for vs in by_original.values()),
        difference=paired_difference(base, cand, rng=rng),
        robustness=bootstrap_ci(held, rng=rng),
        flips=flips,
    )


def _of_kind(links: dict[str, tuple[str, str]], kind: str) -> dict[str, tuple[str, str]]:
    return {v: link for v, link in links.items() if link[1] == kind}


def _share(values: list[float]) -> float:
    return sum(values) / len(values)


def _rank(kind: str) -> int:
    return KINDS.index(kind) if kind in KINDS else len(KINDS)
