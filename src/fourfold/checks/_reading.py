"""Reading a text into sentences, making tokens only for the sentences a detector reads.

`read` splits a text into sentences and returns those holding a word the detector's rules
cannot do without (its `keep`), each read into clauses (`_grammar.annotate`). Most
sentences of an answer hold no such word. A `Token` for each word of the text would cost
more than the rules that read the sentences kept, so the text is split the way
`_tokens.tokenize` splits it, but into flat lists made by C code (one regular expression
split, the offsets as running sums of the pieces' lengths, the words lower-cased in one
call), and the sentences found on those lists; a sentence's tokens are made when it is
read.

Texts the flat lists cannot hold exactly take `tokenize` (`_flat` says which: a capital
sigma, which lower-cases by its neighbours; a NUL, which the lists use as a separator;
JSON with backslash escapes). tests/checks/test_policy_detectors.py reads texts both ways
and compares. Every step is one pass over the text or its tokens, so reading stays linear.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from itertools import accumulate

from ._grammar import Sentence, annotate
from ._money import CURRENCY_WORDS, PREFIXED, RAND
from ._spoken import we_are
from ._tokens import SPECIAL, TOKEN_PATTERN, Token, expand, plain_marks, tokenize

__all__ = ["read", "words_of"]

_SENTENCE_END = frozenset({".", "!", "?", "…", "\n"})
_ABBREVIATIONS = frozenset(
    {"mr", "mrs", "ms", "dr", "st", "no", "nr", "ref", "approx", "e.g", "i.e", "etc", "vs",
     "inc", "ltd", "co", "dept", "tel", "ext"}
)  # fmt: skip
_TITLES = _ABBREVIATIONS | {"incl", "excl", "corp", "govt", "intl", "univ", "misc", "temp",
                            "sept", "tues", "thurs", "prof", "bros", "attn", "appt", "mins",
                            "hrs", "nos", "qty", "apt", "blvd"}  # fmt: skip
"""Shortened words a lower-case word may follow after a full stop ("incl. tax")."""

_OBJECT_PRONOUNS = frozenset({"it", "me", "us", "you", "him", "her", "them"})
"""Short words a full stop ends a sentence after, before a lower-case word ("... of it. should
hit your account by Friday"): no abbreviation is spelt as one."""

_EMOJI, _SIGNS, _END_SIGNS = "\U0001f300", "\u2600", "\u27c0"
"""Where emoji start, and the signs before them ("☀" to "➿": "✅", "❤"), as characters."""

_GAPPED = re.compile(f"({TOKEN_PATTERN.pattern})")
"""The tokenizer's pattern as a separator: splitting by it gives what lies between the
tokens (whitespace and ``_``) and the tokens, in turn."""

_MAKE = tuple.__new__  # a named tuple's own constructor is a Python function: skip it


def read(
    text: str,
    keep: frozenset[str] | None = None,
    worth: Callable[[list[str]], bool] | None = None,
) -> list[Sentence]:
    """Tokenize `text` and read it into sentences (see `Sentence`).

    With `keep`, only the sentences holding one of its words are read past their words and
    returned: a detector passes the words its rules cannot do without, and most sentences
    of an answer cost it no more than splitting them. With `worth`, a finer test on a
    sentence's words, only the sentences it accepts are.

    A structured answer is checked as its JSON (``{"reply": "I cannot do that"}``); there
    the double quotes delimit strings and quote nothing, so each string is read as a
    sentence of its own, and only an escaped quote (a backslash before it) is a quotation
    mark.
    """
    return _split(text).sentences(keep, worth)


def words_of(text: str) -> list[str]:
    """Every token's word of `text`, in order (the split `read` makes, and shares)."""
    return _split(text).words


class _Split:
    """A text split into sentences, each read further the first time a detector asks.

    no_promises and refusal_required read the same output: the second finds it split, and
    the sentences both need already read (they are never changed after reading).

    Attributes:
        words: every token's word; `starts`, `ends`: its offsets.
        made: the tokens that are not a word as written (a contraction's parts), by index.
        spans: each sentence's first token and one past its last.
    """

    __slots__ = ("ends", "made", "read", "spans", "starts", "text", "words")

    def __init__(
        self, text: str, words: list[str], starts: list[int], ends: list[int], made: _Made
    ) -> None:
        self.text, self.words, self.starts, self.ends, self.made = text, words, starts, ends, made
        self.spans = _sentences(self)
        self.read: list[Sentence | None] = [None] * len(self.spans)

    @classmethod
    def of_tokens(cls, text: str, tokens: list[Token]) -> _Split:
        """The split of tokens already made (by `tokenize`)."""
        made = dict(enumerate(tokens))
        return cls(text, [t.word for t in tokens], [t.start for t in tokens], [], made)

    def is_word(self, i: int) -> bool:
        token = self.made.get(i)
        if token is not None:
            return token.is_word
        first = self.words[i][0]
        return first.isalnum() or first in "$£€¥"

    def cap(self, i: int) -> bool:
        token = self.made.get(i)
        return token.cap if token is not None else self.text[self.starts[i]].isupper()

    def sentences(
        self, keep: frozenset[str] | None, worth: Callable[[list[str]], bool] | None
    ) -> list[Sentence]:
        words = self.words
        out: list[Sentence] = []
        for k, (lo, hi) in enumerate(self.spans):
            if keep is None or not keep.isdisjoint(words[lo:hi]):
                if worth is not None and not worth(words[lo:hi]):
                    continue
                done = self.read[k]
                if done is None:
                    done = self.read[k] = annotate(self._tokens(lo, hi), words[lo:hi])
                out.append(done)
        return out

    def _tokens(self, lo: int, hi: int) -> list[Token]:
        text, words, starts, ends, made = self.text, self.words, self.starts, self.ends, self.made
        if not made:  # the common case: every token a word as written
            return [
                _MAKE(Token, (w, a, b, text[a].isupper(), False, w[0].isalnum() or w[0] in "$£€¥"))
                for w, a, b in zip(words[lo:hi], starts[lo:hi], ends[lo:hi], strict=True)
            ]
        if len(made) == len(words):
            return [made[i] for i in range(lo, hi)]
        tokens = []
        for i in range(lo, hi):
            token = made.get(i)
            if token is None:
                w, a = words[i], starts[i]
                first = w[0]
                is_word = first.isalnum() or first in "$£€¥"
                token = _MAKE(Token, (w, a, ends[i], text[a].isupper(), False, is_word))
            tokens.append(token)
        return tokens


_Made = dict[int, Token]


@lru_cache(maxsize=8)
def _split(text: str) -> _Split:
    flat = _flat(text)
    if flat is not None:
        return flat
    tokens = tokenize(text)
    if _looks_like_json(text):
        tokens = _json_strings(tokens)
    return _Split.of_tokens(text, tokens)


def _flat(text: str) -> _Split | None:
    """`text` as `tokenize` splits it, in flat lists; None when the lists cannot hold it.

    A word is ``text[start:end]`` lower-cased with plain apostrophes. `tokenize` lower-cases
    the whole text and slices it, which is the same but for a capital sigma (``Σ`` lowers
    to ``ς`` at the end of a word); the words are lower-cased here in one call, joined by
    NULs. In JSON, a backslash escapes the next token (`_json_strings`); without one, a
    double quote is a break and nothing else changes.
    """
    json = _looks_like_json(text)
    if "Σ" in text or "\0" in text or (json and "\\" in text):
        return None
    if "R" in text and RAND.search(text):
        return None  # a rand amount, "R150", is one token: `tokenize` reads it
    if "$" in text and PREFIXED.search(text):
        return None  # "US$318" is one amount: `tokenize` reads it
    parts = _GAPPED.split(text)  # between, token, between, token, ..., between
    written = parts[1::2]
    offsets = list(accumulate(map(len, parts)))
    starts = offsets[0::2][: len(written)]
    ends = offsets[1::2]
    joined = "\0".join(written)
    if not joined.isascii():
        joined = plain_marks(joined)
    words = joined.lower().split("\0") if written else []
    if not CURRENCY_WORDS.isdisjoint(words):
        return None  # an amount in letters, "AED 1,240", is one token: `tokenize` reads it
    made: _Made = {}
    if "'" in joined or not SPECIAL.isdisjoint(words) or "were" in words:
        words, starts, ends, made = _expanded(text, words, starts, ends)
    if json:
        words = ["\n" if w == '"' else w for w in words]
    return _Split(text, words, starts, ends, made)


def _expanded(
    text: str, words: list[str], starts: list[int], ends: list[int]
) -> tuple[list[str], list[int], list[int], _Made]:
    """Write out contractions and typos, as `tokenize` does (`_tokens.expand`)."""
    special = [
        i
        for i, w in enumerate(words)
        if "'" in w or w in SPECIAL or (w == "were" and we_are(words, i))  # "we're": `_spoken`
    ]
    if not special:
        return words, starts, ends, {}
    out_words: list[str] = []
    out_starts: list[int] = []
    out_ends: list[int] = []
    made: _Made = {}
    done = 0
    for i in special:
        out_words += words[done:i]
        out_starts += starts[done:i]
        out_ends += ends[done:i]
        done = i + 1
        a, b = starts[i], ends[i]
        nxt = words[i + 1] if i + 1 < len(words) else ""
        word = "we're" if words[i] == "were" else words[i]
        for token in expand(word, nxt, a, b, cap=text[a].isupper(), written=text[a:b]):
            made[len(out_words)] = token
            out_words.append(token.word)
            out_starts.append(a)
            out_ends.append(b)
    out_words += words[done:]
    out_starts += starts[done:]
    out_ends += ends[done:]
    return out_words, out_starts, out_ends, made


def _looks_like_json(text: str) -> bool:
    stripped = text.strip()
    return stripped[:1] in "{[" and stripped[-1:] in "}]" and '"' in stripped


def _json_strings(tokens: list[Token]) -> list[Token]:
    """Turn each unescaped double quote into a sentence break, and drop the escapes."""
    out: list[Token] = []
    for token in tokens:
        escaped = bool(out) and out[-1].word == "\\" and out[-1].end == token.start
        if token.word == '"' and not escaped:
            out.append(Token("\n", token.start, token.end, False, False, False))
        elif escaped:
            out[-1] = token  # the backslash only escapes
        else:
            out.append(token)
    return out


def _closes_quote(words: list[str], lo: int, k: int) -> bool:
    """The mark at `k` closes a quotation opened in the sentence from `lo` (before `k`)."""
    w = words[k]
    if w not in {"”", "»", '"', "'"}:
        return False
    said = words[lo:k]
    if w == "”":
        return said.count("“") > said.count("”")
    if w == "»":
        return said.count("«") > said.count("»")
    return said.count(w) % 2 == 1  # a double or a single quotation mark


def _is_sum(word: str) -> bool:
    """`word` is a sum of money, a sign then a digit ("€42"): no abbreviation is spelt so."""
    return word[:1] in "$£€¥" and word[1:2].isdigit()


def _sentences(split: _Split) -> list[tuple[int, int]]:
    """Each sentence's first token and one past its last (a newline is in none)."""
    words = split.words
    n = len(words)
    spans: list[tuple[int, int]] = []
    lo = 0
    ends = [
        i
        for i, w in enumerate(words)
        if w in _SENTENCE_END or _EMOJI <= w or _SIGNS <= w < _END_SIGNS
    ]
    for i in ends:
        word = words[i]
        if word == "\n":
            if i > lo:
                spans.append((lo, i))
            lo = i + 1
            continue
        nxt = i + 1 if i + 1 < n else -1
        if word not in _SENTENCE_END:
            # "... what we want for you 😔 Your next 3 deliveries are on us": an emoji (or a
            # sign, ✅) before a capitalised word ends a sentence, as a full stop would
            if split.is_word(i) or nxt < 0 or not split.is_word(nxt) or not split.cap(nxt):
                continue
            if i > 0 and words[i - 1] in {":", "|"}:
                continue  # a label's value: "Outcome: ❌ Declined", "| Decision | ❌ Declined |"
        # "e.g. a refund", "P.O. box", "Dr. Smith", "example.com": a full stop after a single
        # letter or a title ends nothing, nor one before a lower-case word unless a space
        # follows it and a whole word of four letters or more stands before it (chat writes
        # in lower case: "sorry about that. gonna refund it"; and "i" opens a sentence: "not
        # ok. i can offer u a credit"), or an object pronoun, which no abbreviation is: "we'll
        # refund $40 of it. should hit your account by Friday"; or a sum (dev round 247: "your
        # checkout will go through at €42. anything else I can help with?")
        if word == "." and nxt >= 0 and words[nxt] in {",", ";"}:
            continue  # "at 8 a.m., no ifs or buts": no sentence opens with a comma
        if word == "." and nxt >= 0 and i > 0 and split.is_word(nxt):
            before = words[i - 1]
            if not split.cap(nxt) and words[nxt][:1].isalpha() and words[nxt] != "i":
                spaced = split.starts[nxt] > split.starts[i] + 1
                whole = (len(before) > 3 and before.isalpha()) or before in _OBJECT_PRONOUNS
                whole = whole or _is_sum(before)  # "... go through at €42. anything else?"
                if not (spaced and whole) or before in _TITLES:
                    continue
            if (len(before) == 1 and before.isalpha()) or before in _ABBREVIATIONS:
                continue
        # "?!" and "..." close the sentence once
        if nxt >= 0 and words[nxt] in _SENTENCE_END and words[nxt] != "\n":
            continue
        end = i + 1
        if nxt >= 0 and _closes_quote(words, lo, nxt):
            end += 1  # 'They say, "I'll send a new one." That ...': the quote ends with it
        spans.append((lo, end))
        lo = end
    if lo < n:
        spans.append((lo, n))
    return spans
