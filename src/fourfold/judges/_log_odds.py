"""How sure a pairwise judge was: the log-odds of A over B where it wrote its winner.

A judge's vote says which answer it picked; the log-probabilities of the token that
writes the winner say how close the other letter came. Asked in both orders, a judge
that favours whatever it reads first picks A twice and the pair is a tie; but it may
pick A by a wide margin in one order and narrowly in the other, and that difference is
the evidence the votes throw away. `winner_log_odds` reads ``log P(A) - log P(B)`` at
that token from a reply's log-probabilities (`ModelRequest.top_logprobs`); the pairwise
check's ``decide: log_odds`` adds the candidate's log-odds of both orders, so a bias
towards a position cancels and what is left is the judge's preference.

Only what the endpoint reported is used: a letter outside the reported alternatives
counts as likely as the least likely one reported (at most that likely), so the odds
read are never wider than the endpoint showed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from ..models import TokenLogprob

__all__ = ["TOP_LOGPROBS", "winner_log_odds"]

TOP_LOGPROBS = 5
"""Alternatives asked for at each token: A, B and TIE are among the first few wherever a
judge writes its winner, and OpenAI allows up to 20."""

_WINNER = re.compile(r"\"winner\"\s*:\s*\"")
_LETTERS = ("A", "B")


def winner_log_odds(tokens: Sequence[TokenLogprob] | None) -> float | None:
    """``log P(A) - log P(B)`` at the token where a judge's reply writes its ``winner``.

    The tokens are read, not the reply's text: a server may trim what it returns (a code
    fence around the JSON), while the tokens are what the model wrote.

    Args:
        tokens: the reply's tokens with their log-probabilities, in order.

    Returns:
        The log-odds (positive: A was likelier), or None when the tokens write no
        winner or neither letter is among the alternatives reported at that token.

    Examples:
        >>> from fourfold.models import TokenLogprob as T
        >>> tokens = [T(token='{"rationale": "B lists the steps.", "winner": ', logprob=0.0),
        ...           T(token=' "', logprob=0.0),
        ...           T(token="B", logprob=-0.1, top={"B": -0.1, "A": -2.4, "T": -5.0}),
        ...           T(token='"}', logprob=0.0)]
        >>> round(winner_log_odds(tokens), 2)
        -2.3
    """
    if not tokens:
        return None
    written = "".join(t.token for t in tokens)
    found = list(_WINNER.finditer(written))
    if not found:
        return None
    start = found[-1].end()  # the winner's first character
    begin = 0
    for token in tokens:
        end = begin + len(token.token)
        if begin <= start < end:
            return _letter_odds(token, written[begin:start])
        begin = end
    return None


def _letter_odds(token: TokenLogprob, prefix: str) -> float | None:
    """The log-odds of A over B among `token`'s alternatives that start with `prefix`."""
    scores: dict[str, float] = {}
    for alternative, logprob in token.top.items():
        if not alternative.startswith(prefix):
            continue
        rest = alternative[len(prefix) :]
        for letter in _LETTERS:
            if rest == letter or rest.startswith(letter + '"'):
                old = scores.get(letter)
                scores[letter] = logprob if old is None else _log_add(old, logprob)
    if not scores:
        return None
    floor = min(token.top.values())
    return scores.get("A", floor) - scores.get("B", floor)


def _log_add(a: float, b: float) -> float:
    high, low = max(a, b), min(a, b)
    return high + math.log1p(math.exp(low - high))
