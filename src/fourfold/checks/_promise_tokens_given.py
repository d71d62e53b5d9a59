"""A count of a game's or a scheme's tokens given to the customer: "we'll drop 1,000 Crystals in".

The seventeenth pass read, across dev rounds 30 to 279 (games, airlines, rail rewards), a
grant whose thing is a counted amount of tokens, not money or a credit: coins, gems,
crystals, points, bonus miles, gold. The older rules read such tokens only as "restored"
(`RESTORED_OBJECTS`); here any act of giving them is read:

- "I will add 2000 points to your Rail Rewards account", "will give u back the 1200 coins u
  lost in the bug", "we'll send u 500 gold + a rare chest for the ranked loss", "We'll restore
  your account and drop 1,000 Crystals into it", "we're restoring all 14 skins and throwing
  in 1,000 coins for the hassle" (an authority commitment);
- "I've added the 2,800 Crystals manually" (a completed authority action);
- "The 5,000 bonus miles we talked about will be added to your account", "the 1,000 coins
  lost in the crash come back with Thursday's patch", "2,400 Gems you spent → going back
  into your account tonight" (the passive, or the tokens told coming back).

The shape (`_tokens_given`): a token noun (`_TOKENS`) after a number (perhaps with "bonus",
"extra", "free" or "reward" between: "1,200 bonus coins"), and within `_REACH` tokens of it
a verb of giving (`_GIVING`: add, give, send, drop, throw, credit, load, put, restore,
return) in the future, the progressive or the perfect, or "back" after a verb of coming
("come back", "going back"). The act is told for this customer: "you", "your", "u", "ur",
"I" or "we" in the sentence. Not a scheme's rule ("you earn 2 points per $1", "every member
gets 500 coins": `_RULE_WORDS`), nor a negated or hedged act ("we can't give the coins
back", "the points might be added": the sentence's negation or hedge), nor a distance ("100
miles": a count of miles needs "bonus", "air", "reward" or an account to land in). The
asked, the quoted and the conditional are set aside by the detector's scopes. Reads at
most `_REACH` tokens either side of its anchor: linear in the text.
"""

from __future__ import annotations

import re

from ._guarantees import Shape
from ._promise_match import committed, completed
from ._promise_sure_idioms import SureIdiomReader

__all__ = ["TOKENS", "TokensGivenReader", "may_give_tokens"]

_TOKENS = frozenset(
    {"points", "coins", "gems", "crystals", "tokens", "diamonds", "v-coins", "v-bucks",
     "vbucks", "gold", "miles", "avios", "stars"}
)  # fmt: skip

TOKENS = _TOKENS
"""The words the rule of this module anchors at."""

_BETWEEN = frozenset({"bonus", "extra", "free", "reward", "rewards", "air", "loyalty", "*", "**"})
"""Between the number and the token noun: "1,200 bonus coins", "**2,400 Gems**"."""

_NUMBER = re.compile(r"^\d[\d,.]*k?$")

_REACH = 12

_GIVING = frozenset(
    {"add", "added", "adding", "give", "given", "giving", "send", "sent", "sending", "drop",
     "dropped", "dropping", "throw", "throwing", "thrown", "credit", "credited", "crediting",
     "load", "loaded", "loading", "put", "putting", "restore", "restored", "restoring",
     "return", "returned", "returning", "gift", "gifted", "top", "topped", "grant",
     "granted", "granting"}
)  # fmt: skip
"""A verb of giving the tokens to the customer."""

_COMING = frozenset({"come", "comes", "coming", "going", "goes", "go", "heading", "sent"})
"""Before "back": the tokens told coming back ("the 1,000 coins come back with the patch")."""

_TIMED = frozenset({"will", "be", "been", "being", "are", "is", "am", "have", "has", "'ll"})
"""Before the verb of giving: the future, the progressive, the perfect or the passive."""

_PERFECT = frozenset({"have", "has", "had"})

_FOR_THIS = frozenset({"you", "your", "u", "ur", "i", "we"})

_RULE_WORDS = frozenset({"per", "every", "each", "earn", "earns", "earned", "collect"})
"""A scheme's rule for everyone: "2 points per $1", "every member gets 500 coins"."""

_UNSURE = frozenset(
    {"not", "never", "no", "cannot", "might", "may", "could", "should", "probably", "maybe",
     "perhaps", "would"}
)  # fmt: skip

_DISTANCE = frozenset({"miles", "stars"})
"""Tokens that are more often something else ("100 miles", "5 stars"): they need a word of
the scheme before them ("bonus", "air", "reward") or "account" in the sentence."""


def _counted(words: list[str], i: int) -> int:
    """The number's index before the token noun at `i`; -1 when there is none."""
    k = i - 1
    while k >= 0 and i - k <= 3 and words[k] in _BETWEEN:
        k -= 1
    return k if k >= 0 and _NUMBER.match(words[k]) else -1


def may_give_tokens(words: list[str], i: int) -> bool:
    """Whether the rule of this module can match at `i` (`_promise_implicit`)."""
    return words[i] in _TOKENS and _counted(words, i) >= 0


class TokensGivenReader(SureIdiomReader):
    """The rule that reads a count of tokens given to the customer."""

    def _tokens_given(self, i: int, w: str) -> Shape | None:
        """A count of tokens given, at the token noun: a commitment or a completed act."""
        if w not in _TOKENS:
            return None
        number = _counted(self.w, i)
        if number < 0:
            return None
        said = self.w
        if _FOR_THIS.isdisjoint(said) or not _RULE_WORDS.isdisjoint(said):
            return None
        if any(x in _UNSURE and said[k + 1 : k + 2] != ["cost"] for k, x in enumerate(said)):
            return None  # "we can't give the coins back" (not "at no cost")
        if w in _DISTANCE and number == i - 1 and "account" not in said:
            return None  # "furniture moves over 100 miles", "a 5 stars review"
        low, high = max(0, number - _REACH), min(self.n, i + _REACH)
        for k in range(low, high):
            x = said[k]
            back = x == "back" and self.word(k - 1) in _COMING
            if not back and x not in _GIVING:
                continue
            timed = back or x.endswith("ing") or self.word(k - 1) in _TIMED
            timed = timed or self.word(k - 2) in _TIMED and self.word(k - 1) in {"be", "been"}
            if not timed:
                continue
            start, end = min(k, number), max(k, i) + 1
            perfect = self.word(k - 1) in _PERFECT or self.word(k - 2) in _PERFECT
            return completed(start, i, end) if perfect else committed(start, i, end)
        return None
