"""Runaway replies: a model that repeats itself until something stops it.

Small models decoding greedily (temperature 0) fall into loops: the same clause, line or
run of whitespace, again and again, until the output cap or the timeout ends the call.
Asking again gives the same loop, so a loop is not a fault to retry but a reply to
refuse, with an error (``RunawayReplyError``, category ``runaway``) that says so.

`find_loop` reads the end of a reply. It is a loop when the last characters are periodic:
a unit of at most `MAX_PERIOD` characters repeated back to back at least three times over
at least `MIN_SPAN` characters (the last repeat may be cut off); or when, among the last
`WORD_WINDOW` words, at most a quarter of the word 5-grams are distinct (a loop whose
repeats differ in a word). Repeats that differ in every line, such as a counter, are
left to the output cap: a list of items that differ only in their numbers is ordinary
output, and must not be cut. Written text is nowhere near either: a
paragraph's 5-grams are almost all distinct, and 160 characters of one repeated unit are
not prose. The reply is checked only where a loop is the likely story: as it streams in,
and when it was cut at the output cap (a reply that stopped by itself is never called a
loop).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import RunawayReplyError

__all__ = [
    "MAX_PERIOD",
    "MIN_SPAN",
    "WORD_WINDOW",
    "Loop",
    "LoopWatch",
    "find_loop",
    "runaway_error",
]

MAX_PERIOD = 400
"""The longest repeated unit looked for, in characters."""
MIN_SPAN = 160
"""The fewest characters the repetition must cover (three repeats at the least)."""
WORD_WINDOW = 160
"""Words at the end of the reply read for repeated 5-grams."""
_NGRAM = 5
_DISTINCT_SHARE = 0.25
_CHECK_EVERY = 64
_SHOWN = 60


@dataclass(frozen=True, slots=True)
class Loop:
    """A repetition at the end of a reply."""

    unit: str
    """The repeated text (one repeat; for a loop of varying repeats, the commonest 5-gram)."""
    span: int
    """How many characters at the end of the reply the repetition covers."""

    def describe(self) -> str:
        """``'and so on. ' over the last 480 characters``, for error messages."""
        unit = self.unit if len(self.unit) <= _SHOWN else self.unit[:_SHOWN] + "…"
        return f"{unit!r} over and over (the last {self.span} characters)"


def find_loop(text: str | None) -> Loop | None:
    """The loop at the end of `text`, if it ends in one.

    Examples:
        >>> find_loop("The answer is fine. " * 12).unit
        'The answer is fine. '
        >>> find_loop("A short, ordinary reply that simply ends.") is None
        True
    """
    if not text or len(text) < MIN_SPAN:
        return None
    return _periodic_tail(text) or _repeated_words(text)


def _periodic_tail(text: str) -> Loop | None:
    for period in range(1, min(MAX_PERIOD, len(text) // 3) + 1):
        window = max(MIN_SPAN, 2 * period)
        if window + period > len(text):
            break
        # The last `window` characters equal the ones `period` earlier: the tail repeats
        # with that period for window + period characters, three repeats at least.
        if text[-window:] == text[-window - period : -period]:
            span = window + period
            while span < len(text) and text[-span - 1] == text[-span - 1 + period]:
                span += 1
            unit = text[len(text) - span : len(text) - span + period]
            return Loop(unit=unit, span=span)
    return None


_WORD = re.compile(r"\S+")


def _repeated_words(text: str) -> Loop | None:
    words = _WORD.findall(text[-WORD_WINDOW * 12 :])[-WORD_WINDOW:]
    if len(words) < WORD_WINDOW:
        return None
    grams = [tuple(words[i : i + _NGRAM]) for i in range(len(words) - _NGRAM + 1)]
    if len(set(grams)) > _DISTINCT_SHARE * len(grams):
        return None
    common = max(set(grams), key=grams.count)
    first = text.find(" ".join(words[:3]), max(0, len(text) - WORD_WINDOW * 12))
    span = len(text) - first if first >= 0 else len(text)
    return Loop(unit=" ".join(common), span=span)


class LoopWatch:
    """`find_loop` on a reply as it streams in, run every 64 new characters.

    Examples:
        >>> watch = LoopWatch()
        >>> any(watch.feed("again and again, ") for _ in range(20))
        True
    """

    def __init__(self) -> None:
        self.text = ""
        self._checked = 0

    def feed(self, delta: str) -> Loop | None:
        """Add `delta` to the reply; the loop it now ends in, if any."""
        self.text += delta
        if len(self.text) - self._checked < _CHECK_EVERY:
            return None
        self._checked = len(self.text)
        return find_loop(self.text)


def runaway_error(model: str, loop: Loop, *, stopped_by: str, partial: str) -> RunawayReplyError:
    """The error for a reply of `model` that ended in `loop`.

    Args:
        model: the model's name, for the message.
        loop: the loop found.
        stopped_by: what ended the reply (``"the output cap (max_tokens=512)"``).
        partial: the reply as far as it went.
    """
    return RunawayReplyError(
        f"{model} ran away: its reply repeated {loop.describe()} until {stopped_by} ended "
        "it. Small models decoding greedily fall into loops like this, and the same request "
        "loops again, so it is not retried. End such replies sooner with a lower max_tokens "
        "in the model config, or shorten the prompt; a longer timeout only lets the loop "
        "run longer",
        partial=partial,
    )
