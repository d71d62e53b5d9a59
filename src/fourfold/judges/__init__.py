"""Model-graded judges: anchored rubric criteria and pairwise comparisons.

Importing this package registers two checks, ``rubric`` and ``pairwise`` (the pairwise
judge's module is imported when a suite first names it, or a name of it is first read: a
run of rubric judges starts without it). Criteria are data (YAML, see `Criterion`), with
built-in templates for grounding, policy compliance, outcome and conciseness, and the
pairwise ``outcome_preference`` and ``helpfulness_preference``.
"""

from typing import TYPE_CHECKING

from .._lazy import lazy_exports, publish
from .._registry import defer
from ._call import JUDGE_MAX_TOKENS
from ._criterion import (
    INPUTS,
    AnyCriterion,
    Criterion,
    InputName,
    PairwiseCriterion,
    builtin_check_names,
    builtin_criteria,
    load_criterion,
    parse_criterion,
)
from ._evidence import QuoteMatch, find_quote, strip_scaffolding
from ._prompt import (
    RubricPrompt,
    Source,
    build_pairwise_messages,
    build_rubric_messages,
    judged_sources,
)
from ._reply import (
    PairwiseReply,
    ParseFailure,
    RubricReply,
    extract_json,
    parse_pairwise_reply,
    parse_reply,
)
from ._rubric import SCALE_ATTRIBUTE, rubric, rubric_schema

if TYPE_CHECKING:
    from ._log_odds import TOP_LOGPROBS, winner_log_odds
    from ._pairwise import (
        LOG_ODDS_MARGIN,
        PairwiseSummary,
        decide_pair,
        pairwise,
        pairwise_schema,
        summarize_pairwise,
    )

__all__ = [
    "INPUTS",
    "JUDGE_MAX_TOKENS",
    "LOG_ODDS_MARGIN",
    "SCALE_ATTRIBUTE",
    "TOP_LOGPROBS",
    "AnyCriterion",
    "Criterion",
    "InputName",
    "PairwiseCriterion",
    "PairwiseReply",
    "PairwiseSummary",
    "ParseFailure",
    "QuoteMatch",
    "RubricPrompt",
    "RubricReply",
    "Source",
    "build_pairwise_messages",
    "build_rubric_messages",
    "builtin_check_names",
    "builtin_criteria",
    "decide_pair",
    "extract_json",
    "find_quote",
    "judged_sources",
    "load_criterion",
    "pairwise",
    "pairwise_schema",
    "parse_criterion",
    "parse_pairwise_reply",
    "parse_reply",
    "rubric",
    "rubric_schema",
    "strip_scaffolding",
    "summarize_pairwise",
    "winner_log_odds",
]

_LAZY = {
    **dict.fromkeys(["TOP_LOGPROBS", "winner_log_odds"], "._log_odds"),
    **dict.fromkeys(
        [
            "LOG_ODDS_MARGIN",
            "PairwiseSummary",
            "decide_pair",
            "pairwise",
            "pairwise_schema",
            "summarize_pairwise",
        ],
        "._pairwise",
    ),
}
defer("check", f"{__name__}._pairwise", ["pairwise"])
__getattr__, __dir__ = lazy_exports(__name__, _LAZY)
publish(__name__, [name for name in __all__ if name not in _LAZY])
