"""Spoken and chat turns: a pseudo-cleft, and "were" written for "we're".

Round 271 (spoken call-centre turns) and round 275 (chat shorthand) told promises in two
shapes the tokenizer and the clause reader did not read:

- a pseudo-cleft, "what I'm gonna do is I'm gonna send you two vouchers": a clause opened by
  "what" is a question's only when no "do is" (or "do is,") follows in its first words; a
  turn that then ends on a tag ("..., yeah?", "..., okay?") asks nothing about the act the
  cleft announces (`clefted`, read by `_grammar.Sentence.is_question_clause`);
- "were gonna waive the late fee": chat drops the apostrophe of "we're", and "were" is also
  the past of "be". It is read as "we're" only where the grammar makes that certain: it
  opens a clause (nothing before it but a mark, the text's start or an opener such as "ok",
  "so", "np"), so no subject stands before it, and "gonna" or "going to" follows, so it is
  no question ("were you ...") either (`we_are`). "They were gonna refund it" stays past.

Each test reads a fixed number of words around one word: reading stays linear.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["clefted", "we_are"]

_CHAT_OPENERS = frozenset(
    {"ok", "okay", "k", "so", "and", "but", "yeah", "yes", "yep", "np", "sure", "cool", "also",
     "hi", "hey", "right", "then", "alright"}
)  # fmt: skip
"""Words that may open a chat clause before its subject-less "were": "np, were gonna ..."."""


def clefted(words: Sequence[str], start: int) -> bool:
    """The clause starting at `start` opens a pseudo-cleft: "what I'll do is", "what we can do is".

    Examples:
        >>> clefted("what i am going to do is send".split(), 0)
        True
        >>> clefted("what do you want".split(), 0)
        False
    """
    said = words[start : start + 10]
    if "what" not in said[:2]:
        return False
    return any(said[k] == "do" and said[k + 1] in {"is", "was"} for k in range(len(said) - 1))


def we_are(words: Sequence[str], i: int) -> bool:
    """The "were" at `i` is chat's "we're": it opens its clause, "gonna" or "going to" next.

    Examples:
        >>> we_are("np . were gonna waive it".split(), 2)
        True
        >>> we_are("they were gonna waive it".split(), 1)
        False
        >>> we_are("were you gonna".split(), 0)
        False
    """
    nxt = words[i + 1] if i + 1 < len(words) else ""
    if nxt != "gonna" and words[i + 1 : i + 3] != ["going", "to"]:
        return False
    prev = words[i - 1] if i > 0 else ""
    return not prev[:1].isalnum() or prev in _CHAT_OPENERS
