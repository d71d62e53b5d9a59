"""A small reading of English sentences, for the promise and refusal detectors.

The detectors do not look for whole phrases. They look for a few grammatical shapes (a
subject, a modal, a verb, an object) and then ask where the shape stands: inside a
condition, under a negation, in a hedged clause, in a question, inside quotation marks.
This module does the reading that both detectors share:

- `_tokens.tokenize` splits the text into words and punctuation, lower-cases them, writes
  every apostrophe as ``'``, expands contractions (``I've`` -> ``i have``, ``can't`` ->
  ``can not``, ``won't`` -> ``will not``) and common typos (``cant``, ``Ive``, ``u``), and
  keeps for each token the offsets of the written word, so evidence quotes the output;
- `_reading.read` groups the tokens into sentences, and `annotate` a sentence into clauses
  (split at ``, ; : —``, brackets and the conjunctions ``and but so or because
  although...``; not at the dash of a range, "5-7 days"); for each token of a sentence, a
  `Sentence` knows whether it is quoted or reported, and where in its clause the last
  negation, condition word and hedge before it are (worked out when first asked for).

A detector reads only the sentences holding a word its rules need (`read`'s `keep`), and
two detectors reading the same output share one split of it. Every step is one pass over
the tokens, or a pass over a window of bounded size around one token, so reading a text
costs time linear in its length whatever it contains.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

from ._condition_words import SOON, opens_condition
from ._hedges_named import is_month, priced_estimate
from ._negation_words import NEGATORS, NOT_NEGATING
from ._spoken import clefted
from ._tokens import Token

__all__ = [
    "CONDITION_WORDS",
    "HEDGE_WORDS",
    "SOON",
    "PhraseIndex",
    "Sentence",
    "annotate",
    "phrase_index",
    "phrase_marks",
    "starts",
]

# --- where a token stands ----------------------------------------------------------------

_CLAUSE_PUNCT = frozenset(
    {",", ";", ":", "—", "–", "-", "(", ")", "[", "]", '"', "“", "”", "«", "»", "|", "+"}
)  # fmt: skip
_CLAUSE_CONJUNCTIONS = frozenset(
    {"but", "and", "so", "or", "because", "although", "though", "while", "whereas", "yet",
     "however", "which", "who", "whereby", "plus", "otherwise", "meanwhile"}
)  # fmt: skip
"""Words that start a new clause: a negation or hedge before them does not reach past."""

_QUOTES_OPEN = {'"': '"', "“": "”", "«": "»"}
"""Opening quotation marks and the marks that close them."""

CONDITION_WORDS = frozenset(
    {"if", "unless", "once", "when", "whenever", "after", "until", "till", "provided",
     "providing", "assuming", "pending", "upon", "whether", "depending", "subject", "before",
     "post"}
)  # fmt: skip
"""Words that open a condition (``subject`` as in "subject to approval", ``post`` as in
"post pickup")."""

_CONDITION_PHRASES: tuple[tuple[str, ...], ...] = (
    ("as", "soon", "as"), ("as", "long", "as"), ("so", "long", "as"), ("in", "case"),
    ("in", "the", "event"), ("on", "condition"), ("on", "the", "condition"), ("only", "if"),
    ("on", "receipt"), ("as", "and", "when"),
)  # fmt: skip

_COURTESY_IF: tuple[tuple[str, ...], ...] = (
    ("if", "you", "like"), ("if", "you", "would", "like"), ("if", "you", "want"),
    ("if", "you", "prefer"), ("if", "you", "would", "prefer"), ("if", "you", "wish"),
    ("if", "that", "works"), ("if", "that", "helps"), ("if", "that", "is", "ok"),
    ("if", "that", "is", "okay"), ("if", "that", "is", "alright"), ("if", "that", "is", "fine"),
    ("if", "you", "have", "any"), ("if", "you", "need", "anything"), ("if", "you", "are", "happy"),
    ("if", "that", "suits"), ("for", "as", "long", "as"),
)  # fmt: skip
"""Conditions of politeness, not of eligibility ("If you'd like, I can refund it"), and a
span of time ("for as long as the car is in the shop")."""

HEDGE_WORDS = frozenset(
    {"should", "may", "might", "could", "ought", "usually", "typically", "normally",
     "generally", "often", "sometimes", "likely", "unlikely", "probably", "possibly",
     "perhaps", "maybe", "hopefully", "ideally", "potentially", "presumably", "apparently",
     "expect", "expected", "expecting", "estimated", "estimate", "aim", "aiming", "try",
     "trying", "hope", "hoping", "think", "believe", "guess", "suppose", "imagine", "seems",
     "seem", "seemed", "eligible", "tend", "tends", "able", "possible", "chance",
     "depending", "depends", "attempt", "intend", "plan", "planning", "whether",
     "if", "would", "wish"}
)  # fmt: skip
"""Words that make a commitment uncertain. `would` and `if` count only outside the
commitment shapes that use them ("I'd be happy to", "If you'd like")."""

_PLAN_HOLDERS = frozenset(
    {"your", "his", "her", "their", "my", "monthly", "annual", "yearly", "current", "new",
     "old", "data", "mobile", "broadband", "payment", "family", "business", "basic",
     "standard", "phone", "tariff", "subscription"}
)  # fmt: skip
"""Before "plan", what makes it a thing the customer holds ("your plan", "the monthly plan"),
not an intention that hedges ("we plan to refund")."""


_PLAN_PARTS = frozenset(
    {"fee", "fees", "charge", "charges", "price", "prices", "cost", "costs", "rate", "rates",
     "allowance", "renewal", "upgrade", "downgrade", "bill", "discount", "tier", "credit"}
)  # fmt: skip
"""After "plan", the noun it names a part of: "next month's plan fee", "the plan price" (a
plan as a product, whatever stands before it; an intention is "plan to", "plan on")."""


def _a_plan_held(words: list[str], i: int, named_before: bool) -> bool:
    """At "plan" (`i`), a plan as a product, not an intention that hedges.

    After a holder, or a plan's name ("Gold plan"), or before the noun of a part of it
    ("your next month's plan fee").
    """
    if i + 1 < len(words) and words[i + 1] in {"to", "on"}:
        return False  # "our plan to refund", "plan on": an intention
    if i + 1 < len(words) and words[i + 1] in _PLAN_PARTS:
        return True
    return i > 0 and (words[i - 1] in _PLAN_HOLDERS or named_before)


_HEDGE_PHRASES: tuple[tuple[str, ...], ...] = (
    ("in", "most", "cases"), ("in", "general"), ("as", "a", "rule"), ("looks", "like"),
    ("look", "like"), ("it", "looks"), ("appears", "to"), ("it", "appears"),
    ("do", "my", "best"), ("do", "our", "best"), ("see", "if"), ("see", "whether"),
    ("see", "what"), ("see", "about"), ("most", "of", "the", "time"), ("for", "the", "most"),
    ("all", "being", "well"), ("fingers", "crossed"), ("if", "all", "goes"),
    ("chances", "are"), ("odds", "are"), ("with", "any", "luck"),
)  # fmt: skip

_REPORTING = frozenset(
    {"said", "says", "told", "tells", "mentioned", "mentions", "wrote", "writes", "asked",
     "asks", "claimed", "claims", "stated", "heard", "quoted", "quotes", "promised",
     "suggested", "indicated", "read", "informed", "assured", "notes", "noted", "states", "know",
     "answered", "replied", "responded"}
)  # fmt: skip
"""Verbs that report what someone else said: what follows them in the clause is theirs (and
the customer's news passed on: "thanks for letting me know your discount was approved")."""

_FIRST_PERSON = frozenset({"i", "we", "me", "us"})

_QUESTION_OPENERS = frozenset(
    {"do", "does", "did", "will", "would", "shall", "should", "can", "could", "may", "might",
     "have", "has", "had", "is", "are", "was", "were", "am", "what", "when", "where", "why",
     "how", "which", "who", "whom", "whose", "or", "want", "need"}
)  # fmt: skip


class Sentence:
    """One sentence: its tokens and, for each token, where it stands.

    The clauses are read with the sentence; the scopes (negation, condition, hedge,
    quotation, reported speech) the first time one is asked for: a detector asks only
    where a rule matched, which is in few sentences.

    Attributes:
        tokens: the sentence's tokens, its closing punctuation included.
        words: each token's normalised word.
        clause: for each token, the index of its clause in the sentence.
        clause_start: for each clause, the index of its first token.
        boundary: for each clause, the token that opened it (``","``, ``"and"``...), or
            ``""`` for the first clause.
        question: the sentence ends with a question mark.
    """

    __slots__ = (
        "_condition",
        "_condition_next",
        "_hedge",
        "_hedge_next",
        "_negation",
        "_quoted",
        "_reported",
        "boundary",
        "clause",
        "clause_start",
        "question",
        "tokens",
        "words",
    )

    def __init__(self, tokens: list[Token], words: list[str]) -> None:
        self.tokens = tokens
        self.words = words
        self.clause: list[int] = []
        self.clause_start: list[int] = []
        self.boundary: list[str] = []
        self.question = any(t.word == "?" for t in tokens[-2:])
        self._negation: list[int] | None = None
        self._condition: list[int] = []
        self._hedge: list[int] = []
        self._reported: list[bool] = []
        self._quoted: list[bool] = []
        self._condition_next: list[int] = []
        self._hedge_next: list[int] = []

    @property
    def quoted(self) -> list[bool]:
        """For each token, whether it stands inside quotation marks."""
        self._scope()
        return self._quoted

    @property
    def negation(self) -> list[int]:
        """For each token, the last negating word before it in its clause, or -1."""
        self._scope()
        assert self._negation is not None
        return self._negation

    @property
    def condition(self) -> list[int]:
        """For each token, the last condition word before it in its clause, or -1.

        Politeness conditions ("if you'd like") do not count.
        """
        self._scope()
        return self._condition

    @property
    def hedge(self) -> list[int]:
        """For each token, the index of the last hedge word before it in its clause, or -1."""
        self._scope()
        return self._hedge

    @property
    def reported(self) -> list[bool]:
        """For each token, whether someone else's words are reported before it in its clause.

        "You said", "you were told", "the agent wrote".
        """
        self._scope()
        return self._reported

    @property
    def condition_next(self) -> list[int]:
        """For each token, the first condition word at or after it in its clause, or -1."""
        self._scope()
        return self._condition_next

    @property
    def hedge_next(self) -> list[int]:
        """For each token, the first hedge word at or after it in its clause, or -1."""
        self._scope()
        return self._hedge_next

    def _scope(self) -> None:
        if self._negation is None:
            _scopes(self)

    def clause_end(self, c: int) -> int:
        """The index one past the last token of clause `c`."""
        return self.clause_start[c + 1] if c + 1 < len(self.clause_start) else len(self.tokens)

    def clause_of(self, i: int) -> tuple[int, int]:
        """The first token of token `i`'s clause, and one past its last."""
        c = self.clause[i]
        return self.clause_start[c], self.clause_end(c)

    def opens_clause(self, c: int) -> str:
        """The first word of clause `c` (punctuation skipped), or ``""``."""
        for k in range(self.clause_start[c], min(self.clause_end(c), self.clause_start[c] + 6)):
            if self.tokens[k].is_word:
                return self.tokens[k].word
        return ""

    def is_question_clause(self, i: int) -> bool:
        """Token `i` stands in a question.

        The sentence ends with ``?``, and the token's clause is its last, or opens with a
        question word or an auxiliary ("Would you like me to refund it, or ...?"). "I've
        refunded you, is there anything else?" asks nothing about the refund.
        """
        if not self.question:
            return False
        c = self.clause[i]
        if (
            c == self.clause[-1]
            or c == self.clause[len(self.tokens) - 2 if len(self.tokens) > 1 else 0]
        ):
            return True
        opener = self.opens_clause(c)  # not a pseudo-cleft's "what I'll do is ..."
        return opener in _QUESTION_OPENERS and not clefted(self.words, self.clause_start[c])


def _is_emoji(w: str) -> bool:
    """An emoji or a pictographic sign ("😕", "✅").

    In mid-sentence it ends a clause as a comma would, and is named one ("the charger died
    after a week 😕 the new one's on us").
    """
    return w >= "\U0001f300" or "\u2600" <= w < "\u27c0"


def annotate(tokens: list[Token], words: list[str]) -> Sentence:
    """Read a sentence's clauses (its scopes wait for `_scopes`)."""
    s = Sentence(tokens, words)
    clause = -1
    has_word = False
    clause_of = s.clause.append
    named = _named_quotes(tokens) if '"' in words else ()
    for i, token in enumerate(tokens):
        w = token.word
        if (
            i == 0
            or (
                w in _CLAUSE_PUNCT and not (w in _DASHES and _in_range(words, i)) and i not in named
            )
            or _is_emoji(w)
            or (w in _CLAUSE_CONJUNCTIONS and _joins(words, i))
        ):
            if i == 0 or has_word:
                clause += 1
                s.clause_start.append(i)
                s.boundary.append("" if i == 0 else "," if _is_emoji(w) else w)
            elif w in _CLAUSE_CONJUNCTIONS:
                # ", and": one boundary, named by its conjunction
                s.boundary[-1] = w
            # a sentence's first word opens its first clause and is part of it
            has_word = i == 0 and token.is_word and w not in _CLAUSE_PUNCT
        else:
            has_word = has_word or token.is_word
        clause_of(clause)
    return s


def _named_quotes(tokens: list[Token]) -> set[int]:
    """The double quotes around a name of one to three words inside a clause.

    'the charge from "FitPro App" has been reversed': words on both sides, so the quotation
    names something and opens no clause (its marks still quote it). Each mark looks at most
    five tokens ahead, so the pass stays linear.
    """
    found: set[int] = set()
    n = len(tokens)
    for i, t in enumerate(tokens):
        if t.word != '"' or i == 0 or not tokens[i - 1].is_word or i in found:
            continue
        for j in range(i + 2, min(n, i + 5)):
            if tokens[j].word == '"':
                inside = tokens[i + 1 : j]
                if all(x.is_word and x.cap for x in inside) and j + 1 < n and tokens[j + 1].is_word:
                    found.update((i, j))
                break
            if not tokens[j - 1].is_word:
                break
    return found


_DASHES = frozenset({"-", "–"})


def _in_range(words: Sequence[str], i: int) -> bool:
    """The dash at `i` stands between two numbers: a range ("5-7 days", "$10–$20")."""
    return (
        0 < i < len(words) - 1
        and words[i - 1][-1:].isdigit()
        and words[i + 1].lstrip("$£€¥")[:1].isdigit()
    )


def _scopes(s: Sentence) -> None:
    """Work out, for every token of `s`, the scopes it stands in (see `Sentence`)."""
    tokens, words = s.tokens, s.words
    n = len(tokens)
    s._quoted = _quoted(tokens)
    idiom = phrase_marks(words, _INDEXES["not negating"])
    courtesy = phrase_marks(words, _INDEXES["courtesy"])
    condition_phrase = phrase_marks(words, _INDEXES["condition"])
    hedge_phrase = phrase_marks(words, _INDEXES["hedge"])
    negation, condition, hedge, reported_ = [], [], [], []
    last_neg = last_cond = last_hedge = -1
    reported = False
    is_cond = [False] * n
    is_hedge = [False] * n
    clause_start = s.clause_start
    for i, w in enumerate(words):
        if clause_start[s.clause[i]] == i:
            # "If it's late, or I can't get a rider, I'll refund": "or" goes on with the "if"
            last_cond = last_cond if s.boundary[s.clause[i]] == "or" else -1
            last_neg = last_hedge = -1
            reported = False
        negation.append(last_neg)
        condition.append(last_cond)
        hedge.append(last_hedge)
        reported_.append(reported)
        if w in NEGATORS and not idiom[i] and not _number_sign(words, i):
            last_neg = i
        if (w in CONDITION_WORDS or condition_phrase[i]) and not courtesy[i]:
            if opens_condition(words, i):
                last_cond = i
                is_cond[i] = True
        named = is_month(words, i, cap=s.tokens[i].cap) or priced_estimate(words, i)
        named = named or (
            w == "plan" and _a_plan_held(words, i, s.tokens[i - 1].cap if i else False)
        )
        if (w in HEDGE_WORDS or hedge_phrase[i]) and not courtesy[i] and not named:
            last_hedge = i
            is_hedge[i] = True
        if w in _REPORTING and _reports_someone_else(words, i):
            reported = True
    # the same scopes looking forward: the first condition or hedge at or after each token
    condition_next = [-1] * n
    hedge_next = [-1] * n
    next_cond = next_hedge = -1
    for i in range(n - 1, -1, -1):
        if is_cond[i]:
            next_cond = i
        if is_hedge[i]:
            next_hedge = i
        condition_next[i] = next_cond
        hedge_next[i] = next_hedge
        if i == clause_start[s.clause[i]]:
            next_cond = next_hedge = -1
    s._negation, s._condition, s._hedge, s._reported = negation, condition, hedge, reported_
    s._condition_next, s._hedge_next = condition_next, hedge_next


def _number_sign(words: Sequence[str], i: int) -> bool:
    """At `i`, "no." before a figure: a number's sign, which negates nothing.

    "your appeal No. 77-1142", "ref no. 88231" (the fifteenth pass: dev rounds 59 and 169).
    """
    return (
        words[i] == "no"
        and i + 2 < len(words)
        and words[i + 1] == "."
        and words[i + 2][:1].isdigit()
    )


def _joins(words: Sequence[str], i: int) -> bool:
    """The conjunction at `i` starts a clause.

    Not the "so" of "if so", "I'm so sorry", "so much".
    """
    if words[i] != "so":
        return True
    prev = words[i - 1] if i > 0 else ""
    nxt = words[i + 1] if i + 1 < len(words) else ""
    return prev not in _SO_BEFORE and nxt not in _SO_AFTER


_SO_BEFORE = frozenset(
    {"if", "not", "or", "even", "think", "hope", "believe", "do", "is", "am", "are", "was",
     "be", "just", "and", "been", "feel", "looks", "seems"}
)  # fmt: skip
_SO_AFTER = frozenset(
    {"much", "many", "far", "long", "sorry", "glad", "happy", "pleased", "soon", "quickly",
     "very", "kind", "grateful", "frustrating", "annoying", "sure"}
)  # fmt: skip


def _reports_someone_else(words: Sequence[str], i: int) -> bool:
    """The reporting verb at `i` reports someone else's words.

    Its subject is not I or we ("you said", "you were told", "the agent wrote"), and it
    reports words rather than a request ("you asked for a refund" reports nothing).
    """
    if words[i] == "know":  # the customer's news: "for letting me know", "you let us know"
        by = words[i - 2 : i - 1] == ["letting"] or words[i - 3 : i - 1] == ["you", "let"]
        return i >= 2 and by and words[i - 1] in {"me", "us"}
    if words[i] in {"asked", "asks"} and (i + 1 >= len(words) or words[i + 1] == "for"):
        return False
    if i + 1 < len(words) and words[i + 1] in _FINITE:
        return False  # "the card you mentioned isn't an option": it ends a relative clause
    for k in range(i - 1, max(-1, i - 4), -1):
        if words[k] in _FIRST_PERSON:
            return False
        if words[k] in _REPORTERS:
            return True
    return False


_FINITE = frozenset(
    {"is", "are", "was", "were", "can", "will", "has", "have", "had", "does", "did"}
)
"""Verbs that, right after a reporting verb, are its clause's own: it ended a relative clause
("the fee you mentioned was waived"; contractions are written out by `_tokens.expand` first)."""

_REPORTERS = frozenset(
    {"you", "he", "she", "they", "someone", "somebody", "agent", "email", "message",
     "website", "customer", "colleague", "site", "page", "driver", "courier", "rider",
     "technician", "engineer", "seller", "vendor", "store", "shop", "restaurant", "manager",
     "supervisor", "staff", "airline", "bank", "carrier", "partner", "representative", "rep",
     "landlord", "hotel", "pharmacy", "clinic", "surgery", "installer", "plumber", "letter",
     "notice", "receptionist", "host", "merchant", "complaint", "report", "review"}
)  # fmt: skip
"""Who, before a reporting verb, says words that are not the agent's: "the driver said he
wasn't allowed to carry it upstairs", "the seller wrote that...", and what the customer's
complaint or a report says: "your complaint notes that the hotel had offered to comp it"."""


PhraseIndex: TypeAlias = dict[str, tuple[tuple[str, ...], ...]]
"""Phrases of a few words each, by their first word (`phrase_index`)."""


def phrase_index(phrases: Iterable[tuple[str, ...]]) -> PhraseIndex:
    """Index `phrases` by their first word, for `phrase_marks`."""
    index: dict[str, list[tuple[str, ...]]] = {}
    for p in phrases:
        index.setdefault(p[0], []).append(p)
    return {first: tuple(ps) for first, ps in index.items()}


def phrase_marks(words: Sequence[str], index: PhraseIndex, *, whole: bool = True) -> list[bool]:
    """Mark the tokens of every occurrence of the phrases in `index` (see `phrase_index`).

    With `whole`, every token of an occurrence is marked; otherwise only its first.
    """
    marks = [False] * len(words)
    if index.keys().isdisjoint(words):
        return marks  # the common case: no phrase starts in the sentence
    for i, w in enumerate(words):
        for p in index.get(w, ()):
            if tuple(words[i : i + len(p)]) == p:
                if whole:
                    for k in range(i, i + len(p)):
                        marks[k] = True
                else:
                    marks[i] = True
                    break
    return marks


def starts(words: list[str], index: PhraseIndex) -> list[int]:
    """Where a phrase of `index` starts in `words`, in order (build `index` once, at import)."""
    if index.keys().isdisjoint(words):
        return []  # the common case
    found = phrase_marks(words, index, whole=False)
    return [i for i, mark in enumerate(found) if mark]


_INDEXES = {
    "not negating": phrase_index(NOT_NEGATING),
    "courtesy": phrase_index(_COURTESY_IF),
    "condition": phrase_index(_CONDITION_PHRASES),
    "hedge": phrase_index(_HEDGE_PHRASES),
}


def _quoted(tokens: list[Token]) -> list[bool]:
    """Mark the tokens between paired quotation marks.

    Double quotes pair up in order. A single quote opens only where a word follows it and no
    word precedes it (``'Guaranteed Saturday'``) and closes after a word, so an apostrophe of
    a plural possessive ("customers' accounts") opens nothing. An unpaired mark quotes
    nothing.
    """
    marks = [False] * len(tokens)
    open_at = -1
    closer = ""
    for i, token in enumerate(tokens):
        w = token.word
        if open_at < 0:
            # (typographic single quotes were written as "'" by `tokenize`)
            if w in _QUOTES_OPEN or (w == "'" and _opens_single(tokens, i)):
                open_at, closer = i, _QUOTES_OPEN.get(w, "'")
        elif w == closer or (closer == "”" and w == '"'):
            for k in range(open_at, i + 1):
                marks[k] = True
            open_at = -1
    return marks


def _opens_single(tokens: list[Token], i: int) -> bool:
    """The single quote at `i` opens a quotation: a word follows it, none is glued before."""
    before = tokens[i - 1] if i > 0 else None
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    glued_before = before is not None and before.end == tokens[i].start and before.is_word
    return not glued_before and after is not None and after.is_word
