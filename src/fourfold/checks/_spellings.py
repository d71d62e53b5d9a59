"""Words written another way than the dictionary's: common typos and chat shorthand.

`_grammar.expand` reads each of these words as the word it stands for, so that the rules,
which know only the dictionary's spelling, read "recieved", "definately", "gone thru" and
"arriving tmrw" as they read "received", "definitely", "gone through" and "arriving
tomorrow":

- typos of the words the rules anchor at ("garantee", "proccessed", "reimbursment");
- calques of another language's verb for giving money back, written by a non-native reply
  (French "restituer", Italian "restituire": "we have restituted the deposit", "you will be
  restituted the 45 €"), read as "refund";
- chat shorthand for a whole word ("thru", "tmrw"), and "n" for "and" between two words
  written in lower case ("adjusted the fare n refunded u the difference"; not "Y/N", "n/a"
  or "option N").

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
}
"""Chat shorthand for a whole word ("gone thru", "arriving tmrw", "fixed n refunded")."""

SPELLINGS = frozenset({*_TYPOS, *_CALQUES, *_SHORTHAND})
"""The words `spelled` reads as another."""


def spelled(word: str, nxt: str, written: str) -> tuple[str, ...]:
    """The word(s) that `word` (lower-cased; `written` as written) stands for before `nxt`.

    Examples:
        >>> spelled("recieved", "your", "recieved"), spelled("thru", "", "thru")
        (('received',), ('through',))
        >>> spelled("n", "refunded", "n"), spelled("n", "/", "n"), spelled("n", "a", "N")
        (('and',), ('n',), ('n',))
    """
    if word in _TYPOS:
        return (_TYPOS[word],)
    if word in _CALQUES:
        return (_CALQUES[word],)
    if word == "n" and (written != "n" or not nxt.isalpha()):
        return (word,)  # "Y/N", "n/a", "Option N": a letter
    return (_SHORTHAND[word],)
