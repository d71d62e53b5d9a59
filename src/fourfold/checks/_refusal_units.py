"""The house named without "our" or a capital: "court staff", "head office", "the doctor".

`speaker_start` reads the house as "we", as "the" or "our" and a noun of `SPEAKERS`, and as a
capitalised institution ("the Bank"). Letters and chats also name the unit that declines in
two plainer ways, each read only where a clause opens (the sentence's start, or after "and",
"but", "so", a comma, a semicolon or a dash, as `house_start` reads "reception"), so that a
condition ("if the support team can't reach you") or a possessive ("your doctor can't")
never names it:

- a unit of two words with no determiner, its second word a unit noun (`_UNITS`): "court
  staff are not permitted to confirm", "head office won't sign off a letter", "support team
  does not change roles for anyone", "customer care doesn't overrule the warehouse"; and
  "staff" alone ("and staff can't stack them either");
- one professional in the singular, after "the", or bare after a joining word
  (`_PROFESSIONALS`): "the doctor can not write that you were seen", "..., so doctor can't
  sign it" (the plurals are `SPEAKERS`; a word that opens the sentence never reaches here).

Not "the bank" lower-cased: the twentieth pass read it for four misses ("the bank will not be
issuing a letter"), but "Sorry, the bank won't split it" is as often the customer's bank
(tests/checks/test_policy_round105.py), and nothing in the clause tells the two apart.

Only the subject is read here; the modal and its verb are read by the rules that call
`speaker_start`, with their own hedges, failures and conditions. Each test looks at most two
tokens back from the noun, so the cost is constant per word.
"""

from __future__ import annotations

from ._grammar import Sentence

__all__ = ["unit_start"]

_UNITS = frozenset({"staff", "team", "office", "care"})
"""The second word of a unit named bare: "court staff", "support team", "head office"."""

_NOT_A_UNIT = frozenset(
    {"the", "a", "an", "our", "your", "my", "his", "her", "their", "its", "this", "that",
     "these", "those", "no", "any", "every", "each", "some", "all", "i", "we", "you", "they",
     "he", "she", "it", "whole", "new", "other", "another", "home", "same", "and", "but",
     "so", "or", "nor"}
)  # fmt: skip
"""Not the first word of a unit named bare: a determiner, a pronoun, "the whole team"."""

_PROFESSIONALS = frozenset({"doctor", "pharmacist", "dentist", "vet", "surgeon", "optician"})
"""One professional of the house, after "the" or bare: "the doctor can not write that"."""

_OPENS = frozenset({"and", "but", "so", ",", ";", ":", "—", "–", "-", "unfortunately", "sadly"})
"""What may stand before a unit named without "our" or a capital."""


def _opens(s: Sentence, k: int) -> bool:
    """A clause opens at `k`: the sentence's start, or a joining word or mark before it."""
    return k == 0 or (k > 0 and s.words[k - 1] in _OPENS)


def unit_start(s: Sentence, j: int) -> int | None:
    """Where the unit named by the word at `j` starts, as a clause's subject, or None."""
    words = s.words
    if not 0 <= j < len(words):
        return None
    word = words[j]
    if word in _UNITS and j >= 1 and s.tokens[j - 1].is_word:
        first = words[j - 1]
        if first not in _NOT_A_UNIT and (word != "care" or first == "customer"):
            if _opens(s, j - 1):
                return j - 1  # "court staff are not permitted", "head office won't sign"
    if word == "staff" and _opens(s, j):
        return j  # "..., and staff can't stack them either"
    if word in _PROFESSIONALS:
        if j >= 1 and words[j - 1] == "the" and _opens(s, j - 1):
            return j - 1  # "the doctor can not write that you were seen"
        if _opens(s, j):
            return j  # "doctor is not writing that you were sick"
    return None
