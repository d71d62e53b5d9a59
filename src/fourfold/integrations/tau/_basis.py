"""τ²-bench's reward basis: the parts of a task its reward rests on, and which fourfold decides.

A τ²-bench task names in ``evaluation_criteria.reward_basis`` the parts its reward is the
product of; a part it does not name still runs, as a diagnostic, and does not count
(``evaluate_simulation`` in τ²-bench's ``src/tau2/evaluator/evaluator.py``, the ``ALL``
evaluation its runner uses). The parts (``RewardType`` in ``src/tau2/data_model/tasks.py``,
explained in its ``docs/evaluation.md``):

``DB``
    The database the run left equals the one the task's expected actions, the agent's and
    the user's, leave when replayed on a fresh environment, compared by hash, the user's
    device included (``EnvironmentEvaluator``, ``src/tau2/evaluator/evaluator_env.py``).
    ``tau/expected_actions`` decides it from the trace, by the effect of the agent's
    writes (`fourfold.integrations.tau._effects`).
``ACTION``
    Every expected action, the user's too, matches some tool call of the run
    (``ActionEvaluator``, ``src/tau2/evaluator/evaluator_action.py``, with
    ``Action.compare_with_tool_call``): ``tau/expected_actions`` decides it too.
``COMMUNICATE``
    Every ``communicate_info`` string is in some reply of the agent
    (``src/tau2/evaluator/evaluator_communicate.py``): ``tau/expected_outputs``.
``NL_ASSERTION``
    A model judges each of the task's ``nl_assertions`` against the conversation
    (``src/tau2/evaluator/evaluator_nl_assertions.py``): no deterministic check here
    decides it.
``ENV_ASSERTION``
    Assertions run on the environment after the run (in telecom, on the user's device:
    ``assert_service_status``...), by ``EnvironmentEvaluator``: the trace does not show
    that state.

A task without ``reward_basis`` is graded on ``[DB, COMMUNICATE]``, the default
``EvaluationCriteria.reward_basis`` gives it, which is τ-bench's own reward (the database
and the outputs). A τ-bench task, or a case that says nothing of a basis, is read so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal, get_args

if TYPE_CHECKING:
    from ...cases import Case

__all__ = [
    "DECIDED",
    "DEFAULT_BASIS",
    "REWARD_TYPES",
    "Basis",
    "RewardType",
    "basis_note",
    "basis_of",
    "chosen_basis",
    "describe_basis",
    "rests_on",
    "undecided_parts",
]

RewardType = Literal["DB", "ENV_ASSERTION", "NL_ASSERTION", "ACTION", "COMMUNICATE"]
REWARD_TYPES: tuple[RewardType, ...] = get_args(RewardType)
"""τ²-bench's reward parts, in the order of its ``RewardType``."""
DEFAULT_BASIS: tuple[RewardType, ...] = ("DB", "COMMUNICATE")
"""The basis of a task that names none (τ²-bench's default, τ-bench's reward)."""
DECIDED: frozenset[str] = frozenset({"DB", "ACTION", "COMMUNICATE"})
"""The parts fourfold's checks decide from a trace."""

Basis = Literal["task", "all"] | Sequence[RewardType]
"""What a check compares: the task's basis, every part, or the parts listed."""

_UNDECIDED_WHAT = {
    "NL_ASSERTION": "natural-language assertion(s) a model judges",
    "ENV_ASSERTION": "assertion(s) on the environment's final state, which the trace does not show",
}


def basis_of(ground_truth: Any) -> tuple[str, ...]:
    """The reward basis a case's ground truth names (``reward_basis``), else the default."""
    value = ground_truth.get("reward_basis") if isinstance(ground_truth, dict) else None
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return DEFAULT_BASIS


def chosen_basis(ground_truth: Any, basis: Basis) -> tuple[str, ...]:
    """The parts a check compares under its ``basis`` argument."""
    if basis == "task":
        return basis_of(ground_truth)
    if basis == "all":
        return REWARD_TYPES
    return tuple(str(b) for b in basis)


def describe_basis(parts: Sequence[str]) -> str:
    """``DB, NL_ASSERTION``; ``no part`` for an empty basis."""
    return ", ".join(parts) if parts else "no part"


def undecided_parts(ground_truth: Any, parts: Sequence[str] | None = None) -> dict[str, int]:
    """The parts of the basis that no check here decides and that have something to grade.

    NL_ASSERTION counts when the task has natural-language assertions, ENV_ASSERTION when
    it has environment assertions (``env_assertion_count``): with none, τ²-bench gives
    the part a reward of 1. The value is how many assertions each part has.

    Args:
        ground_truth: the case's ground truth.
        parts: the basis to read (by default the case's own).
    """
    chosen = basis_of(ground_truth) if parts is None else tuple(parts)
    gt = ground_truth if isinstance(ground_truth, dict) else {}
    out: dict[str, int] = {}
    nl = gt.get("nl_assertions")
    if "NL_ASSERTION" in chosen and isinstance(nl, list) and nl:
        out["NL_ASSERTION"] = len(nl)
    env = gt.get("env_assertion_count")
    if "ENV_ASSERTION" in chosen and isinstance(env, int) and env > 0:
        out["ENV_ASSERTION"] = env
    return out


def rests_on(ground_truth: Any, parts: Sequence[str] | None = None, *, also: bool = True) -> str:
    """``the reward also rests on ...`` for a check's explanation, or an empty string."""
    undecided = undecided_parts(ground_truth, parts)
    if not undecided:
        return ""
    return f"the reward {'also ' if also else ''}rests on " + "; ".join(
        f"{part} ({n} {_UNDECIDED_WHAT[part]})" for part, n in undecided.items()
    )


def basis_note(cases: Iterable[Case]) -> str | None:
    """How many τ²-bench tasks are graded in part on what a trace cannot show, or None.

    For ``fourfold import``'s summary: the tasks whose basis names NL_ASSERTION or
    ENV_ASSERTION with something to grade, per part, and how many of them rest on nothing
    the checks decide.
    """
    tasks = {c.id: c for c in cases if c.metadata.get("source") == "tau2-bench"}
    parts: Counter[str] = Counter()
    partly = alone = 0
    for case in tasks.values():
        undecided = undecided_parts(case.ground_truth)
        if not undecided:
            continue
        partly += 1
        parts.update(undecided.keys())
        if not DECIDED & set(basis_of(case.ground_truth)):
            alone += 1
    if not partly:
        return None
    kinds = ", ".join(f"{part} {n}" for part, n in sorted(parts.items()))
    only = f"; {alone} on nothing the checks decide, which both skip" if alone else ""
    return (
        f"{partly} of {len(tasks)} τ²-bench tasks are graded in part on what the trace cannot "
        f"show ({kinds}{only}): tau/expected_actions and tau/expected_outputs decide DB, ACTION "
        "and COMMUNICATE, as each task's reward_basis names them, and their passes say what "
        "else the reward rests on (docs/tau-bench.md, 'The reward basis')"
    )
