"""Words written another way than the dictionary's: common typos and chat shorthand.

`_tokens.expand` reads each of these words as the word it stands for, so that the rules,
which know only the dictionary's spelling, read "recieved", "definately", "gone thru" and
"arriving tmrw" as they read "received", "definitely", "gone through" and "arriving
tomorrow":

- typos of the words the rules anchor at ("garantee", "proccessed", "reimbursment");
- calques of another language's verb for giving money back, written by a non-native reply
  (French "restituer", Italian "restituire": "we have restituted the deposit", "you will be
  restituted the 45 €"), read as "refund";
- chat shorthand for a whole word ("thru", "tmrw", "req" for "request": round 275, "passed
  ur refund req to billing" is no refund), and "n" for "and" between two words written in
  lower case ("adjusted the fare n refunded u the difference"; not "Y/N", "n/a" or "option
  N");
- "its" for "it's", as chat writes it without the apostrophe (dev round 274: "its not
  eligible for a refund", "its past the window"), read so only before a word that no
  possessive "its" goes on with: "not", an article, an adverb of time or degree, or a
  participle ("its been sent" is "it has"). The possessive stays as written before its noun
  or adjective ("its price", "its own", "its only branch", "its going rate");
- chat's "r" for "are", written in lower case before an -ing form, a participle or a word
  "are" goes on with ("we r going to refund ur membership fee", "ur replacement glasses r on
  their way": the eighth pass over the promise backlog, rounds 54 and 91); not "R" nor
  a letter before anything else ("option r", "r/")
- chat's "weve" for "we've" (round 275; unlike "were", "ill" or "well", no English word, so
  it is read so everywhere: `_spoken.we_are` reads "were" where the grammar is certain);
- a letter dropped from a long word of giving money back ("refnd", "reimbursd",
  "replacment": round 275), each of `_DROPPED_FROM`'s words with one letter left out, when
  that is no word itself (`_dropped`).

A look-up of one word and the one after it: reading stays linear.
"""

from __future__ import annotations

__all__ = ["SPELLINGS", "spelled"]

_TYPOS: dict[str, str] = {
    "recieve": "receive",
    "recieved": "received",
    "recieving": "receiving",
    "garantee": "guarantee",
    "guarentee": "guarantee",
    "gaurantee": "guarantee",
    "guarantie": "guarantee",
    "garuntee": "guarantee",
    "guarranty": "guarantee",
    "garanteed": "guaranteed",
    "guarenteed": "guaranteed",
    "gauranteed": "guaranteed",
    "definately": "definitely",
    "defintely": "definitely",
    "definetly": "definitely",
    "definitly": "definitely",
    "proccess": "process",
    "proccessed": "processed",
    "procesed": "processed",
    "reimbursment": "reimbursement",
}
"""Typos of words the rules anchor at, and the word each stands for."""

_CALQUES: dict[str, str] = {
    "restitute": "refund",
    "restitutes": "refunds",
    "restituted": "refunded",
    "restituting": "refunding",
    "restitution": "refund",
}
"""A Romance verb for giving money back, written in English, and the verb it stands for."""

_SHORTHAND: dict[str, str] = {
    "thru": "through",
    "tmrw": "tomorrow",
    "tmrow": "tomorrow",
    "2moro": "tomorrow",
    "n": "and",
    "req": "request",
    "reqs": "requests",
}
"""Chat shorthand for a whole word ("gone thru", "arriving tmrw", "fixed n refunded")."""

_ITS_IS = frozenset(
    {"not", "no", "a", "an", "the", "already", "just", "still", "now", "too", "so", "really",
     "past", "ok", "okay", "gonna", "actually", "definitely", "probably", "unfortunately"}
)  # fmt: skip
"""Words after which a lower-case "its" is "it is": no possessive "its" goes on with them."""

_ITS_HAS = frozenset({"been", "got", "gone"})
"""Participles after which "its" is "it has": "its been refunded", "its gone out"."""

_RUN_TOGETHER: dict[str, tuple[str, ...]] = {"weve": ("we", "have")}
"""A contraction written without its apostrophe that is no English word ("weve")."""

_DROPPED_FROM = (
    "refund", "refunds", "refunded", "refunding", "reimburse", "reimbursed", "reimbursement",
    "replacement", "compensation",
)  # fmt: skip
"""Words of giving money back whose one-letter typos `_dropped` reads."""


def _dropped(words: tuple[str, ...]) -> dict[str, str]:
    """Each of `words` with one letter left out, unless that is one of `words` itself."""
    found = {w[:k] + w[k + 1 :]: w for w in words for k in range(len(w))}
    return {typo: w for typo, w in found.items() if typo not in words}


_TYPOS.update(_dropped(_DROPPED_FROM))

_R_ARE = frozenset({"on", "not", "all", "back", "free", "gonna", "sorted", "done", "sent", "in"})
"""After a lower-case "r": what "are" goes on with and a letter does not ("ur glasses r on
their way", "we r going to refund": `spelled`)."""

SPELLINGS = frozenset({*_TYPOS, *_CALQUES, *_SHORTHAND, *_RUN_TOGETHER, "its", "r"})
"""The words `spelled` reads as another."""


def spelled(word: str, nxt: str, written: str) -> tuple[str, ...]:
    """The word(s) that `word` (lower-cased; `written` as written) stands for before `nxt`.

    Examples:
        >>> spelled("recieved", "your", "recieved"), spelled("thru", "", "thru")
        (('received',), ('through',))
        >>> spelled("n", "refunded", "n"), spelled("n", "/", "n"), spelled("n", "a", "N")
        (('and',), ('n',), ('n',))
        >>> spelled("its", "not", "its"), spelled("its", "been", "Its")
        (('it', 'is'), ('it', 'has'))
        >>> spelled("its", "own", "its")
        ('its',)
    """
    if word == "its":
        return ("it", "is") if nxt in _ITS_IS else ("it", "has") if nxt in _ITS_HAS else (word,)
    if word == "r":  # chat's "are" (the eighth pass: "we r going to refund ur fee")
        are = written == "r" and (nxt in _R_ARE or nxt.endswith(("ing", "ed")))
        return ("are",) if are else (word,)
    if word in _RUN_TOGETHER:
        return _RUN_TOGETHER[word]
    if word in _TYPOS:
        return (_TYPOS[word],)
    if word in _CALQUES:
        return (_CALQUES[word],)
    if word == "n" and (written != "n" or not nxt.isalpha()):
        return (word,)  # "Y/N", "n/a", "Option N": a letter
    return (_SHORTHAND[word],)
