"""Splitting a text into tokens: words, numbers and punctuation, normalised, with offsets.

`tokenize` is the first step of `_grammar`'s reading, shared by the promise and refusal
detectors (`_reading` makes the same tokens from flat lists, by the same pattern and the
same `expand`). It:

- splits the text by one regular expression (`TOKEN_PATTERN`): a word with its inner
  apostrophes and hyphens, a number with its currency sign, one punctuation mark, a
  newline; the pattern is possessive, so splitting is linear;
- lower-cases the words and writes every apostrophe as ``'`` and every currency sign but
  ``£ € ¥`` as ``$`` (`plain_marks`), keeping the text's length, so each token keeps the
  offsets of the written word and evidence quotes the output;
- makes an amount written with a currency word, in rand, or with its country's capitals
  ("US$318"), one token (`_money`);
- writes out contractions (``I've`` -> ``i have``, ``can't`` -> ``can not``, ``won't`` ->
  ``will not``; ``'s`` as ``is``, ``has`` or a possessive by the word after it; ``'d`` as
  ``had`` or ``would``), the same without their apostrophe (``cant``, ``Ive``, ``Ill``
  before a verb) and chat spellings (``u``, ``ur``; the tables of `_spellings`): `expand`.
  The tokens of a contraction share the written word's offsets.

Only the few words holding an apostrophe or listed in `SPECIAL` are expanded; a text of
plain words and punctuation keeps the tokens the pattern made.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ._money import CURRENCY_WORDS, PREFIXED, RAND, merge_money, merge_prefixed, merge_rand
from ._spellings import SPELLINGS, spelled
from ._spoken import we_are

__all__ = ["SPECIAL", "TOKEN_PATTERN", "Token", "expand", "plain_marks", "tokenize"]

TOKEN_PATTERN = re.compile(
    r"[a-zA-Z][a-zA-Z0-9_]*+\w*+(?:(?:['’‘ʼ]|[-–](?=[^\W\d_]))\w++)*+"
    r"|[^\W\d_]\w*+(?:(?:['’‘ʼ]|[-–](?=[^\W\d_]))\w++)*+"
    r"|[$£€¥₹₦₱₩₺₫₴₽₪฿₵]?\d++(?:[.,:/]\d++)*+(?:%|[^\W_]*+)(?:[-/](?=[^\W\d_])\w++)*+"
    r"|[^\w\s*]"
    r"|\n"
)
"""A word (with inner apostrophes and hyphens: ``can't``, ``one-time``), a number
(``$42.10``, ``100%``, ``5-star``, ``$20/mo``), one punctuation character or a newline. An
en dash between letters joins as a hyphen does: a route, ``Melbourne–Hobart`` (round 219).

An asterisk is no token: it lies between tokens, as whitespace and ``_`` do. Markdown
emphasis then splits no noun phrase (``The refund of **$84** will be returned``), and a
``*`` bullet is skipped.

The alternatives start with different characters (a number's currency sign before the
punctuation), so their order changes nothing, and after its first character none can fail:
the quantifiers are possessive, since giving characters back could not change the match,
and each alternative consumes what it matches once, so tokenizing is linear. The most
common token, a word starting with an ASCII letter, comes first and runs over ASCII
characters by a table (a Unicode class costs several lookups a character); the second
alternative is the same word starting with any other letter. Splitting an answer cost 20%
less than with the Unicode classes alone, most common last."""


def plain_marks(text: str) -> str:
    """`text` with ``'`` for every apostrophe, ``$`` for every other currency sign.

    Apostrophes: ``’``, ``‘``, ``ʼ``. Currency signs: all but ``£``, ``€`` and ``¥``, so that
    ``₹1,500`` and ``₦15,000`` read as amounts do. Three `str.replace` calls and one search:
    `str.translate` with a mapping goes character by character through a Python dictionary,
    and cost 100 µs on an answer of 1,000 characters. The text's length is kept, so every
    offset is.
    """
    text = text.replace("’", "'").replace("‘", "'").replace("ʼ", "'")
    return _OTHER_MONEY.sub("$", text) if _OTHER_MONEY.search(text) else text


_OTHER_MONEY = re.compile("[₹₦₱₩₺₫₴₽₪฿₵]")
"""The currency signs the rules read as ``$`` (they know ``$``, ``£``, ``€`` and ``¥``)."""


_WHOLE: dict[str, tuple[str, ...]] = {
    "can't": ("can", "not"),
    "cannot": ("can", "not"),
    "won't": ("will", "not"),
    "shan't": ("shall", "not"),
    "ain't": ("is", "not"),
    "let's": ("let", "us"),
    # written without the apostrophe
    "cant": ("can", "not"),
    "wont": ("will", "not"),
    "dont": ("do", "not"),
    "doesnt": ("does", "not"),
    "didnt": ("did", "not"),
    "isnt": ("is", "not"),
    "arent": ("are", "not"),
    "wasnt": ("was", "not"),
    "werent": ("were", "not"),
    "havent": ("have", "not"),
    "hasnt": ("has", "not"),
    "hadnt": ("had", "not"),
    "couldnt": ("could", "not"),
    "wouldnt": ("would", "not"),
    "shouldnt": ("should", "not"),
    "im": ("i", "am"),
    "ive": ("i", "have"),
    "youll": ("you", "will"),
    "youre": ("you", "are"),
    "youve": ("you", "have"),
    "theyll": ("they", "will"),
    "itll": ("it", "will"),
    "thats": ("that", "is"),
    "theres": ("there", "is"),
    "gonna": ("going", "to"),
    "u": ("you",),
    "ur": ("your",),
}

_SUFFIXES: tuple[tuple[str, str], ...] = (
    ("n't", "not"),
    ("'ll", "will"),
    ("'ve", "have"),
    ("'re", "are"),
    ("'m", "am"),
)


_PRONOUNS_S = frozenset(
    {"it", "that", "there", "here", "what", "he", "she", "who", "where", "how", "this"}
)
"""Words after which ``'s`` is ``is`` or ``has``, never a possessive."""

_HAS_AFTER_S = frozenset({"been", "got", "gone", "had"})

_IRREGULAR_PARTICIPLES = frozenset(
    {"given", "sent", "made", "done", "gone", "been", "had", "got", "gotten", "put",
     "taken", "written", "paid", "set", "forgiven", "overridden", "seen", "dropped"}
)  # fmt: skip


class Token(NamedTuple):
    """One word or punctuation mark of the text, normalised.

    `word` is lower case with ``'`` for every apostrophe; a contraction becomes two tokens
    (``we'll`` -> ``we``, ``will``) that share the offsets of the written word. `cap` says
    the written word starts with a capital letter; `possessive` that it ended in ``'s``;
    `is_word` that it is a word or a number, not punctuation. (A named tuple: a text has a
    token for every word, and building tuples is several times cheaper than objects.)
    """

    word: str
    start: int
    end: int
    cap: bool = False
    possessive: bool = False
    is_word: bool = True


def _token(word: str, start: int, end: int, cap: bool = False, possessive: bool = False) -> Token:
    first = word[:1]
    return Token(word, start, end, cap, possessive, first.isalnum() or first in "$£€¥")


def tokenize(text: str) -> list[Token]:
    """Split `text` into normalised tokens (see `Token`), in order."""
    # lower-case the whole text once when that keeps every offset (it does unless a letter
    # lowers to two, as "İ" does), rather than each word
    plain = plain_marks(text) if not text.isascii() else text
    lowered = plain.lower()
    spans = [m.span() for m in TOKEN_PATTERN.finditer(text)]
    if len(lowered) == len(text):
        words = [lowered[a:b] for a, b in spans]
    else:
        words = [plain_marks(text[a:b].lower()) for a, b in spans]
    make = tuple.__new__  # a named tuple's own constructor is a Python function: skip it
    tokens = [
        make(Token, (w, a, b, text[a].isupper(), False, w[0].isalnum() or w[0] in "$£€¥"))
        for w, (a, b) in zip(words, spans, strict=True)
    ]
    if "R" in text and RAND.search(text):
        tokens = _merged(tokens, merge_rand(words, [t.cap for t in tokens], spans))
        words = [t.word for t in tokens]
        spans = [(t.start, t.end) for t in tokens]
    if "$" in text and PREFIXED.search(text):
        tokens = _merged(tokens, merge_prefixed(words, [t.cap for t in tokens], spans))
        words = [t.word for t in tokens]
        spans = [(t.start, t.end) for t in tokens]
    if not CURRENCY_WORDS.isdisjoint(words):
        return _with_money(_expanded_tokens(text, tokens, words, spans))
    return _expanded_tokens(text, tokens, words, spans)


def _with_money(tokens: list[Token]) -> list[Token]:
    """`tokens` with each amount written with a currency word made one token (`merge_money`)."""
    return _merged(tokens, merge_money([t.word for t in tokens]))


def _merged(tokens: list[Token], runs: list[tuple[int, int, str]]) -> list[Token]:
    """`tokens` with each run ``[a, b)`` made one token of the run's word."""
    if not runs:
        return tokens
    out: list[Token] = []
    done = 0
    for a, b, word in runs:
        out.extend(tokens[done:a])
        out.append(Token(word, tokens[a].start, tokens[b - 1].end))
        done = b
    out.extend(tokens[done:])
    return out


def _expanded_tokens(
    text: str, tokens: list[Token], words: list[str], spans: list[tuple[int, int]]
) -> list[Token]:
    """`tokens` with contractions and typos written out (`expand`)."""
    make = tuple.__new__
    special = [i for i, w in enumerate(words) if "'" in w or w in SPECIAL or w == "\n"
               or (w == "were" and we_are(words, i))]  # fmt: skip
    if not special:
        return tokens  # the common case: plain words and punctuation only
    out: list[Token] = []
    done = 0
    for i in special:
        out.extend(tokens[done:i])
        done = i + 1
        a, b = spans[i]
        if words[i] == "\n":
            out.append(make(Token, ("\n", a, b, False, False, False)))
            continue
        nxt = words[i + 1] if i + 1 < len(words) else ""
        word = "we're" if words[i] == "were" else words[i]  # `we_are` chose it: "we're"
        out.extend(expand(word, nxt, a, b, cap=text[a].isupper(), written=text[a:b]))
    out.extend(tokens[done:])
    return out


def expand(word: str, nxt: str, start: int, end: int, *, cap: bool, written: str) -> list[Token]:
    def make(*words: str, possessive: bool = False) -> list[Token]:
        return [_token(w, start, end, cap and j == 0, possessive) for j, w in enumerate(words)]

    if word in _WHOLE:
        return make(*_WHOLE[word])
    if word == "ill" and (written == "Ill" or nxt in _AFTER_ILL):
        # "Ill refund you", "ill put 500 gems on ur account": "I'll" without its apostrophe
        # (not "I was ill", "ill health")
        return make("i", "will")
    if word in SPELLINGS:
        return make(*spelled(word, nxt, written))
    if "'" not in word:
        return make(word)
    for suffix, expanded in _SUFFIXES:
        if word.endswith(suffix) and len(word) > len(suffix):
            return make(*_WHOLE.get(word[: -len(suffix)], (word[: -len(suffix)],)), expanded)
    if word.endswith("'d") and len(word) > 2:
        # "I'd refunded" is "I had", "I'd be happy" is "I would"
        had = nxt in _IRREGULAR_PARTICIPLES or (nxt.endswith("ed") and nxt != "need")
        return make(word[:-2], "had" if had else "would")
    if word.endswith("'s") and len(word) > 2:
        base = word[:-2]
        if nxt in _HAS_AFTER_S:
            return make(base, "has")
        if base in _PRONOUNS_S or nxt in _IS_AFTER_S or nxt.endswith("ed"):
            return make(base, "is")
        return make(base, possessive=True)
    return make(word)


_AFTER_ILL = frozenset(
    {"refund", "credit", "send", "give", "put", "add", "make", "get", "do", "be", "have", "take",
     "cover", "waive", "pay", "sort", "fix", "check", "look", "call", "extend", "replace",
     "cancel", "remove", "reverse", "process", "issue", "apply", "rebook", "book", "swap",
     "upgrade", "comp", "throw", "email", "text", "let", "try", "see", "redo", "restore",
     "ship", "drop", "knock", "match", "honour", "honor", "reimburse", "return"}
)  # fmt: skip
"""Verbs after a lower-case "ill" that make it "I'll": "ill refund the whole order"."""

SPECIAL = frozenset({*_WHOLE, *SPELLINGS, "ill"})
"""Words without an apostrophe that `expand` still rewrites."""


_IS_AFTER_S = frozenset({"not", "now", "already", "just", "being", "getting", "going", "on",
                         "free", "all", "a", "an", "the", "no", "guaranteed", "also"})  # fmt: skip
