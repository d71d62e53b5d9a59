"""Failure-mode discovery: notes on trials, grouped into named modes, turned into checks.

Before writing a rubric, read twenty or thirty real transcripts and write down what went
wrong in each, in your own words (`fourfold.runs.Note`, kept by the store). Group the
notes into named failure modes, by hand or with a model's proposal (`propose_modes`),
count each (`failure_modes`), and turn a mode into the skeleton of its check
(`skeleton_for`): a deterministic ``@check`` where code can decide the mode, else a
criterion file with the mode's notes as draft anchors.
"""

from .._lazy import publish
from ._modes import FailureMode, failure_modes, parse_trial
from ._propose import PROPOSE_MAX_TOKENS, ModeProposal, ProposedMode, propose_modes
from ._skeleton import Decision, Skeleton, decide, identifier, skeleton_for

__all__ = [
    "PROPOSE_MAX_TOKENS",
    "Decision",
    "FailureMode",
    "ModeProposal",
    "ProposedMode",
    "Skeleton",
    "decide",
    "failure_modes",
    "identifier",
    "parse_trial",
    "propose_modes",
    "skeleton_for",
]

publish(__name__, __all__)
