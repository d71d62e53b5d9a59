"""Promises in an agent's answer: commitments it is not in a position to make.

A support lead reads a reply as promising when it commits, without hedging, to an outcome
the agent cannot authorise, or claims that such an action has already been done. The
detector reads each sentence (`_grammar.read`) and looks for five shapes, each a rule that
names itself in the evidence:

- **explicit guarantee**: a first-person guarantee or promise of an outcome ("I guarantee
  it will arrive", "we promise to refund any difference", "you have my word", "delivery is
  guaranteed");
- **authority commitment**: someone commits (``will``, ``'ll``, ``shall``, ``going to``,
  ``I can``, ``let me``, ``I'd be happy to``, ``we're sending``) to an action that needs
  authority ("we'll refund you", "I can offer you a $30 credit", "we'll cover the
  shipping"), or the customer is told they will receive what needs it ("you'll get your
  money back", "your refund will arrive Friday");
- **completed authority action**: an action that needs authority is said to be done ("I've
  processed your refund", "the late fee has been waived", "your refund is on its way");
- **certain outcome**: a forecast made certain ("it will definitely arrive tomorrow",
  "you'll get it by Monday for sure");
- **no-charge commitment**: "your account will never be charged again", "this won't happen
  again", "you won't have to pay".

What needs authority is a short list of verbs and nouns (`_lexicon`): refund, reimburse,
credit, waive, replace, reverse, upgrade, compensate...; a refund, credit, voucher,
discount, replacement, exception...; anything "free of charge" or "on us"; a fee or charge
removed, a cost covered.

A shape found is not yet a promise. It is set aside, and counted with its reason, when it
stands in quotation marks or in someone else's reported words, in a question, under a
negation ("I can't promise a refund"), inside a condition ("if your order qualifies, we'll
refund you"; "once we receive the item, you'll be refunded"), next to a hedge ("should",
"usually", "I think", "hopefully"), when it speaks of everyone rather than this customer
(a statement of policy: "refunds are issued within 5 days", "customers who cancel will be
refunded"), or when "Guaranteed" names a product ("our Guaranteed Delivery option").

Every rule reads a window of a few tokens around one token, and the scopes it consults
were computed in one pass over the sentence, so finding promises costs time linear in the
text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from ._grammar import CONDITION_WORDS, HEDGE_WORDS, Sentence, read
from ._lexicon import (
    APPROVABLE,
    APPROVING,
    AUTH_NOUNS,
    BLOCKING_HEADS,
    CHARGE_NOUNS,
    CHARGE_VERBS,
    COST_NOUNS,
    COST_VERBS,
    EXTEND_OBJECTS,
    GENERIC_NOUNS,
    GIVE_VERBS,
    HONOUR_OBJECTS,
    INTENSIFIERS,
    NONCOMMITTAL,
    RECEIVE_VERBS,
    SELF_VERBS,
    SKIPPABLE,
    SKIPPABLE_BEFORE_VERB,
    lemma_table,
)

__all__ = ["PROMISE_RULES", "Finding", "Reading", "find_promises"]

PROMISE_RULES = (
    "explicit guarantee",
    "authority commitment",
    "completed authority action",
    "certain outcome",
    "no-charge commitment",
)


@dataclass(frozen=True, slots=True)
class Finding:
    """One promise (or refusal): `text` is ``output[start:end]``, `rule` the rule that fired."""

    rule: str
    text: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Reading:
    """What a detector found, and how many candidates it set aside, by reason."""

    findings: tuple[Finding, ...]
    ignored: dict[str, int]


def find_promises(text: str) -> Reading:
    """Find the promises in `text`, in order; count the near-promises set aside.

    Examples:
        >>> [(f.rule, f.text) for f in find_promises("I've waived the late fee.").findings]
        [('completed authority action', "I've waived the late fee")]
        >>> find_promises("If your order qualifies, we'll refund you.").ignored
        {'conditional': 1}
    """
    findings: list[Finding] = []
    ignored: Counter[str] = Counter()
    for sentence in read(text):
        _Reader(sentence, text).scan(findings, ignored)
    return Reading(tuple(findings), dict(ignored))


# --- the words ---------------------------------------------------------------------------

_VERBS = lemma_table(
    SELF_VERBS | CHARGE_VERBS | COST_VERBS | GIVE_VERBS | APPROVING | RECEIVE_VERBS
)
_VERBS["waved"] = ("waive", "past")  # a common misspelling, read as "waived" before a charge
_SAME_PAST = frozenset({"put", "set"})
_AGREED = frozenset({"agreed", "decided", "chosen", "opted", "arranged", "elected", "offered"})
"""Past verbs that carry the commitment of the verb after "to": "we've agreed to refund"."""
"""Verbs whose past is written as their base ("I've put a credit on your account")."""


def _is_past(word: str) -> bool:
    return word in _SAME_PAST or _VERBS.get(word, ("", ""))[1] == "past"


_FIRST = frozenset({"i", "we"})
_BE = frozenset({"be", "is", "are", "was", "were", "am", "been", "being"})
_BE_NOW = frozenset({"is", "are", "am"})
_HAVE = frozenset({"have", "has", "had"})
_HAPPY = frozenset({"happy", "glad", "pleased", "delighted", "able", "willing", "ready"})
_DETERMINERS = frozenset(
    {"a", "an", "the", "your", "this", "that", "these", "those", "my", "our", "his", "her",
     "their", "its", "both", "one", "another", "any", "every", "each", "all", "no", "some",
     "full", "partial", "new", "extra", "further", "second", "first", "additional"}
)  # fmt: skip
_SPECIFIC = frozenset({"your", "the", "this", "that", "these", "those", "my", "a", "an", "both"})
_QUANTIFIERS = frozenset({"any", "every", "each", "all", "most", "many"})
_PREPOSITIONS = frozenset(
    {"about", "on", "regarding", "for", "to", "with", "in", "at", "from", "by", "into",
     "under", "via", "through", "as", "than", "that", "so", "because", "since", "within",
     "over", "per", "after", "before", "until", "if", "once", "when", "whether", "while",
     "towards", "toward", "against", "across", "during", "without", "like", "off", "out",
     "up", "down", "instead", "using", "via", "including", "except", "minus", "plus"}
)  # fmt: skip
_CUSTOMER_MEANS = frozenset({"using", "with", "by", "via", "through"})
"""After a payment or cover: "covered using your gift card", "paid with your card" say the
customer pays, not that anything is given."""
_AUX = frozenset(
    {"will", "shall", "would", "can", "could", "should", "may", "might", "must", "is", "are",
     "was", "were", "am", "be", "been", "being", "have", "has", "had", "do", "does", "did"}
)  # fmt: skip
_NOT_PLURAL = frozenset(
    {"us", "its", "this", "was", "has", "is", "yes", "plus", "bus", "status", "process",
     "address", "business", "express", "access", "class", "pass", "less", "loss", "news",
     "series", "always", "perhaps", "thanks", "diagnosis", "basis", "sales", "customs",
     "goods", "premises", "his", "hers", "ours", "yours", "theirs", "whereas", "bonus",
     "analysis", "christmas", "bonus", "chaos", "gas", "canvas", "atlas", "lens", "cons"}
)  # fmt: skip
_NEW_THINGS = frozenset(
    {"one", "ones", "unit", "units", "item", "items", "pair", "device", "product", "model",
     "copy", "piece", "set"}
)  # fmt: skip
"""What "a new ..." replaces: "we'll send you a new one", "a brand-new unit"."""
_NP_STOP = frozenset(
    {"i", "we", "you", "they", "he", "she", "it", "guarantee", "promise", "assure", "think",
     "believe", "hope", "know", "sure", "certain", "that", "said", "told", "mentioned",
     "confirm", "understand", "expect", "assured", "confident", "100%", "positive", "see",
     "guaranteed", "promised", "worry", "news", "great", "good", "ok", "okay", "sure", "yes"}
)  # fmt: skip
_CHARGED = frozenset(
    {"charged", "billed", "debited", "invoiced", "overcharged", "double-charged", "surcharged"}
)
_PRODUCT_WORDS = frozenset({"guaranteed", "guarantee"})
_FREEBIE_PHRASES: tuple[tuple[str, ...], ...] = (
    ("free", "of", "charge"), ("for", "free"), ("at", "no"), ("on", "us"),
    ("on", "the", "house"), ("complimentary",), ("no", "charge"), ("no", "cost"),
    ("without", "charge"), ("at", "our", "expense"), ("at", "our", "cost"),
    ("as", "a", "courtesy"), ("as", "a", "goodwill"), ("as", "a", "gesture"), ("goodwill",),
    ("as", "a", "one-time"), ("as", "an", "exception"), ("one-time", "exception"),
    ("gratis",), ("free",), ("courtesy", "credit"), ("no", "extra"),
)  # fmt: skip
_ASSURING: tuple[tuple[str, ...], ...] = (
    ("rest", "assured"), ("i", "assure"), ("we", "assure"), ("can", "assure"),
    ("i", "promise"), ("we", "promise"), ("i", "guarantee"), ("we", "guarantee"),
    ("my", "word"), ("our", "word"), ("for", "sure"), ("for", "certain"), ("without", "fail"),
    ("without", "a", "doubt"), ("no", "doubt"), ("100%",), ("guaranteed",), ("100", "percent"),
    ("no", "matter", "what"),
)  # fmt: skip
"""Words that make a forecast certain wherever they stand in its sentence ("it'll be there
tomorrow, I promise"). The adverbs ("definitely") make it certain only inside the forecast."""
_POLICY_FRAMES: tuple[tuple[str, ...], ...] = (
    ("as", "a", "gold"), ("as", "a", "silver"), ("as", "a", "member"), ("as", "a", "premium"),
    ("as", "a", "business"), ("as", "a", "platinum"), ("as", "a", "prime"), ("as", "a", "vip"),
    ("as", "a", "plus"), ("as", "an", "economy"), ("as", "a", "first-class"),
    ("per", "our"), ("per", "the"), ("per", "section"), ("as", "per"), ("according", "to"),
    ("under", "our"), ("under", "the"), ("in", "line", "with"), ("in", "accordance"),
    ("our", "policy"), ("the", "policy"), ("policy", "is"), ("policy", "says"),
    ("policy", "states"), ("our", "terms"), ("standard", "policy"), ("by", "policy"),
    ("§",), ("section",),
)  # fmt: skip
_SHORT_HEDGES = frozenset(
    {"probably", "likely", "hopefully", "possibly", "perhaps", "maybe", "usually", "typically",
     "normally", "generally", "ideally", "think", "believe", "hope", "guess", "expect",
     "presumably", "apparently"}
)  # fmt: skip


def _marks(words: list[str], phrases: tuple[tuple[str, ...], ...]) -> list[bool]:
    marks = [False] * len(words)
    for i in range(len(words)):
        for p in phrases:
            if words[i] == p[0] and tuple(words[i : i + len(p)]) == p:
                marks[i] = True
                break
    return marks


@dataclass(frozen=True, slots=True)
class _Subject:
    start: int
    """Index of the subject's first token; the anchor's own index when there is none."""
    kind: str
    """``first`` (I, we), ``you``, ``pronoun`` (it, this, that, they), ``np``, ``there``,
    ``none``."""
    generic: bool = False
    auth: bool = False
    charge: bool = False
    det: str = ""
    """The subject's first word ("your", "the", "a"...)."""


@dataclass(frozen=True, slots=True)
class _Object:
    end: int
    auth: bool = False
    charge: bool = False
    cost: bool = False
    generic: bool = False
    negated: bool = False
    words: frozenset[str] = frozenset()
    personal: bool = False


@dataclass(frozen=True, slots=True)
class _Match:
    rule: str
    kind: str
    """``forward``, ``completed``, ``guarantee`` or ``no-charge``: which scopes apply."""
    start: int
    trigger: int
    end: int
    hedged: bool = False
    negated: bool = False
    generic: bool = False


class _Reader:
    """The promise rules, applied to one sentence."""

    def __init__(self, s: Sentence, text: str) -> None:
        self.s = s
        self.text = text
        self.w = s.words
        self.n = len(self.w)
        self.freebie = _marks(self.w, _FREEBIE_PHRASES)
        self._drop_false_free()
        assuring = _marks(self.w, _ASSURING)
        # the last assuring word at or before each token, and whether one follows it
        self.assured_before = [False] * self.n
        seen = False
        for i in range(self.n):
            seen = seen or assuring[i]
            self.assured_before[i] = seen
        self.assured_after = [False] * self.n
        seen = False
        for i in range(self.n - 1, -1, -1):
            seen = seen or assuring[i]
            self.assured_after[i] = seen
        self.next_freebie = [-1] * (self.n + 1)
        for i in range(self.n - 1, -1, -1):
            self.next_freebie[i] = i if self.freebie[i] else self.next_freebie[i + 1]
        policy = _marks(self.w, _POLICY_FRAMES)
        self.policy_before = [False] * self.n
        seen = False
        for i in range(self.n):
            self.policy_before[i] = seen
            seen = seen or policy[i]

    def _drop_false_free(self) -> None:
        for i, word in enumerate(self.w):
            if word == "free" and self.freebie[i]:
                nxt = self.word(i + 1)
                prev = self.word(i - 1)
                if nxt in {"to", "time"} or prev in {"feel", "hands", "toll", "duty", "tax"}:
                    self.freebie[i] = False

    def word(self, i: int) -> str:
        return self.w[i] if 0 <= i < self.n else ""

    # --- the scan ------------------------------------------------------------------------

    def scan(self, findings: list[Finding], ignored: Counter[str]) -> None:
        claimed_to = -1
        for i in range(self.n):
            if i < claimed_to:
                continue
            for match in self._matches_at(i):
                reason = self._reason(match)
                if reason is None:
                    tokens = self.s.tokens
                    first = min(max(match.start, claimed_to), match.trigger)
                    while first < match.trigger and not tokens[first].is_word:
                        first += 1
                    start, end = tokens[first].start, tokens[match.end - 1].end
                    findings.append(Finding(match.rule, self.text[start:end], start, end))
                else:
                    ignored[reason] += 1
                claimed_to = max(claimed_to, match.end)
                if match.kind == "guarantee":
                    # what is guaranteed ("I guarantee it will arrive") is the same promise
                    claimed_to = max(claimed_to, self.s.clause_end(self.s.clause[match.trigger]))
                break

    def _matches_at(self, i: int) -> Iterator[_Match]:
        w = self.w[i]
        for rule in (
            self._guarantee,
            self._no_charge,
            self._forward,
            self._perfect,
            self._simple_past,
            self._be_passive,
            self._headline,
        ):
            match = rule(i, w)
            if match is not None:
                yield match
                return

    # --- scopes --------------------------------------------------------------------------

    def _reason(self, m: _Match) -> str | None:
        s = self.s
        if s.quoted[m.trigger] or s.quoted[m.start]:
            return "quoted"
        if s.reported[m.start] or s.reported[m.trigger]:
            return "reported speech"
        if s.is_question_clause(m.trigger):
            return "question"
        if m.negated or s.negation[m.start] >= 0:
            return "negated"
        if self.word(m.end) in _CUSTOMER_MEANS and self.word(m.end + 1) == "your":
            return "paid by the customer"  # "the difference was covered using your gift card"
        if m.kind != "no-charge" and self._negated_between(m.start, m.trigger):
            return "negated"
        if self._conditional(m):
            return "conditional"
        if m.hedged or self._hedged(m):
            return "hedged"
        if m.generic:
            return "policy statement"
        if m.kind in {"forward", "guarantee", "no-charge"} and self.policy_before[m.start]:
            if not (m.kind == "guarantee" and self.word(m.start) in _FIRST):
                return "policy statement"
        return None

    def _negated_between(self, start: int, end: int) -> bool:
        last = self.s.negation[end] if end < self.n else -1
        return last >= start

    def _conditional(self, m: _Match) -> bool:
        s = self.s
        if s.condition[m.start] >= 0 or s.condition[m.trigger] >= 0:
            return True
        if self._condition_before_clause(s.clause[m.start]):
            return True
        if m.kind == "completed":
            return False
        if s.condition_next[m.trigger] >= 0:
            return True
        c = s.clause[m.trigger] + 1
        if c < len(s.clause_start) and s.boundary[c] in {",", "—", "–", "-", ""}:
            return s.opens_clause(c) in CONDITION_WORDS
        return False

    def _condition_before_clause(self, c: int) -> bool:
        """A clause before clause `c`, joined to it by commas only, opens with a condition
        ("If your order qualifies, ...", "Should the replacement fail, ...")."""
        s = self.s
        for back in range(c, max(-1, c - 4), -1):
            if back < c:
                start = s.clause_start[back]
                if not s.tokens[start].is_word or s.tokens[start].word in {"and", "but", "so"}:
                    start += 1
                first = self.word(start)
                # a politeness condition ("If you'd like, ...") is not marked as one
                if s.condition_next[start] == start or (back == 0 and first == "should"):
                    return True
            # a condition reaches over commas, and over "and" to a verb that shares its
            # subject ("Once confirmed, I will proceed ... and arrange the refund")
            if back == 0 or s.boundary[back] not in {",", "—", "–", "-", ":", "and", "or"}:
                return False
        return False

    def _hedged(self, m: _Match) -> bool:
        s = self.s
        hedge = s.hedge[m.start]
        if hedge >= 0 and self.word(hedge) not in {"if", "whether", "would"}:
            return True
        c = s.clause[m.start]
        if c > 0 and s.boundary[c] in {",", "—", "–", "-", ":"} and self._hedge_clause(c - 1):
            return True
        if m.kind in {"forward", "no-charge"}:
            after = s.hedge_next[m.end] if m.end < self.n else -1
            if after >= 0 and s.clause[after] == s.clause[m.trigger]:
                if self.word(after) in _SHORT_HEDGES | {"should", "may", "might", "could"}:
                    return True
            nxt = s.clause[m.trigger] + 1
            if nxt < len(s.clause_start) and self._hedge_clause(nxt):
                return True
        return False

    def _hedge_clause(self, c: int) -> bool:
        """Clause `c` is a short hedge ("Hopefully,", "..., I think.")."""
        s = self.s
        start, end = s.clause_start[c], s.clause_end(c)
        words = [self.w[k] for k in range(start, end) if s.tokens[k].is_word]
        return 0 < len(words) <= 4 and any(
            w in _SHORT_HEDGES or w in {"most", "general"} for w in words
        )

    # --- pieces of a sentence ------------------------------------------------------------

    def _skip(self, j: int, limit: int = 5) -> tuple[int, bool, bool]:
        """Move past adverbs; return the next index and whether an intensifier or a hedge
        was passed."""
        intense = hedged = False
        for _ in range(limit):
            w = self.word(j)
            if w in INTENSIFIERS:
                intense = True
            elif w in HEDGE_WORDS and w not in {"if", "whether", "would", "able"}:
                hedged = True
            elif w == "for" and self.word(j + 1) in {"sure", "certain"}:
                intense = True
                j += 1
            elif w in {"go", "went", "gone"} and self.word(j + 1) == "ahead":
                j += 2 if self.word(j + 2) != "and" else 3
                continue
            elif w in SKIPPABLE_BEFORE_VERB or (w.endswith("ly") and len(w) > 4 and w != "only"):
                pass
            else:
                break
            j += 1
        return j, intense, hedged

    def _subject(self, anchor: int) -> _Subject:
        """The subject before `anchor` in its clause (or, for "and refunded the payment",
        the clause before)."""
        s = self.s
        start = s.clause_start[s.clause[anchor]]
        k = anchor - 1
        while k >= start and (self.w[k] in SKIPPABLE or self.w[k] in INTENSIFIERS) and k > start:
            k -= 1
        if k < start or not s.tokens[k].is_word or self.w[k] in _AUX:
            c = s.clause[anchor]
            if c > 0 and s.boundary[c] in {"and", ",", "then", "&"} and k < start:
                return self._subject_of_clause(c - 1, anchor)
            if k < start:
                return _Subject(anchor, "none")
        lo = max(start, k - 7)
        first = k
        while first > lo and s.tokens[first - 1].is_word and self.w[first - 1] not in _AUX:
            first -= 1
        return self._classify(first, k + 1)

    def _subject_of_clause(self, c: int, anchor: int) -> _Subject:
        s = self.s
        start = s.clause_start[c]
        if not s.tokens[start].is_word:
            start += 1
        end = start
        while end < min(s.clause_end(c), start + 6) and self.w[end] not in _AUX:
            if self.w[end] in SKIPPABLE:
                break
            end += 1
        if end == start:
            return _Subject(anchor, "none")
        subj = self._classify(start, end)
        return _Subject(anchor, subj.kind, subj.generic, subj.auth, subj.charge, subj.det)

    def _classify(self, start: int, end: int) -> _Subject:
        words = self.w[start:end]
        while words and words[0] in {"and", "so", "but", "also", "then", "now", "ok", "okay",
                                     "well", "sure", "yes", "great", "good", "news"}:  # fmt: skip
            words = words[1:]
            start += 1
        if not words:
            return _Subject(start, "none")
        head = words[-1]
        last = start + len(words) - 1
        if head in _FIRST:
            return _Subject(last, "first")
        if head == "you":
            return _Subject(last, "you")
        if head in {"it", "this", "that", "they", "he", "she", "one"}:
            return _Subject(last, "pronoun")
        if head == "there":
            return _Subject(last, "there")
        # the noun phrase reaches back to the nearest pronoun or verb ("I guarantee your
        # refund will...": the subject is "your refund")
        k = len(words) - 1
        while (
            k > 0
            and words[k - 1] not in _NP_STOP
            and words[k - 1] not in HEDGE_WORDS
            and _VERBS.get(words[k - 1], ("", "base"))[1] == "base"
        ):
            k -= 1
        start += k
        words = words[k:]
        first = words[0]
        generic = (
            first in _QUANTIFIERS
            or any(w in GENERIC_NOUNS for w in words)
            or (first not in _SPECIFIC and _plural(head) and first not in {"your"})
            or (first == "our" and _plural(head))
        )
        # the head comes before "of": "a credit of $15" gives authority, "the promise of a
        # refund" does not
        head_part = words.index("of") if "of" in words else len(words)
        auth = any(self._auth_noun(start + k) for k in range(head_part))
        charge = any(w in CHARGE_NOUNS or w in COST_NOUNS for w in words[:head_part])
        if head in _FIRST and len(words) <= 3:
            return _Subject(start, "first")
        return _Subject(start, "np", generic=generic, auth=auth, charge=charge, det=first)

    def _auth_noun(self, k: int) -> bool:
        """The token at `k` names something only someone with authority gives."""
        w, nxt, prev = self.word(k), self.word(k + 1), self.word(k - 1)
        if w in AUTH_NOUNS:
            return nxt not in BLOCKING_HEADS
        if w == "money":
            return prev in {"your", "the", "my", "their", "his", "her", "all"} or nxt == "back"
        if w == "gift" and nxt in {"card", "cards", "certificate", "voucher"}:
            return True
        if w in {"free", "complimentary"}:
            return nxt.isalpha() and nxt not in {"of", "to", "and", "or"} and nxt not in _AUX
        if w == "price" and nxt in {"adjustment", "match", "reduction", "drop"}:
            return True
        if w == "back" and prev[:1] in "$£€¥" and prev[1:2].isdigit():
            return True
        return False

    def _object(self, j: int, limit: int = 8) -> _Object:
        """Read the noun phrase that starts at `j` (stopping at a preposition, a clause
        boundary or a verb)."""
        s = self.s
        auth = charge = cost = negated = personal = False
        plural_bare = determined = after_of = False
        words: set[str] = set()
        k = j
        stop = min(self.n, j + limit, s.clause_end(s.clause[j]) if j < self.n else j)
        while k < stop:
            w = self.w[k]
            if not s.tokens[k].is_word and w not in {"%", "$", "£", "€", "-"}:
                break
            if w in _PREPOSITIONS and k > j and w not in {"off", "out", "up"}:
                break
            if k > j and w in _AUX:
                break
            if w in {"off", "out", "back"}:
                words.add(w)
                if w == "back" and self._auth_noun(k):
                    auth = True
                k += 1
                break
            words.add(w)
            if w == "of":
                # the head comes before "of": "a refund of $40" gives authority, "the total
                # number of free bags" does not
                after_of = True
            if w == "no":
                negated = True
            if w in _SPECIFIC or w[:1].isdigit() or w[:1] in "$£€¥" or w in {"you", "me", "us"}:
                determined = True
            if w in {"you", "your", "yours"}:
                personal = True
            if after_of:
                k += 1
                continue
            if self._auth_noun(k):
                auth = True
                if _plural(w) and not determined:
                    plural_bare = True
            if w in CHARGE_NOUNS:
                charge = True
            if w in COST_NOUNS:
                cost = True
            k += 1
        first = self.word(j)
        generic = (
            plural_bare
            or (first in {"any", "every", "each"})
            or (
                first == "all"
                and not (
                    self.word(j + 1)[:1].isdigit()
                    or self.word(j + 1) in {"your", "the", "of", "three", "two", "four", "five"}
                )
            )  # noqa: E501
            or (first not in _DETERMINERS and _plural(first) and first not in {"you", "us"})
        )
        return _Object(k, auth, charge, cost, generic, negated, frozenset(words), personal)

    # --- what a verb commits to ----------------------------------------------------------

    def _verb(self, v: int, subject: _Subject, *, done: bool) -> tuple[int, bool] | None:
        """Does the verb at `v` (a base, past or -ing form) do something that needs
        authority? Return the end of what it does, and whether its object is generic."""
        w = self.word(v)
        if w not in _VERBS:
            return None
        base, _ = _VERBS[w]
        # "sort out a refund", "put through a refund", "send out a replacement"
        particle = 1 if self.word(v + 1) in {"out", "up", "through", "over"} else 0
        obj = self._object(v + 1 + particle)
        rest_free = self.next_freebie[v + 1] >= 0
        if base == "upgrade" or (base == "bump" and "up" in self.w[v + 1 : v + 4]):
            # "upgrade you", "bump you up to first class"
            if obj.personal or subject.kind == "you":
                return obj.end, obj.generic
            return None
        if base == "bump":
            return None
        if base == "replace":
            if "with" in self.w[v + 1 : min(self.n, v + 8)]:
                return None
            return obj.end, obj.generic
        if base in {"extend"}:
            return (obj.end, obj.generic) if obj.words & EXTEND_OBJECTS else None
        if base in {"honour", "honor"}:
            return (obj.end, obj.generic) if obj.words & HONOUR_OBJECTS else None
        if base == "match":
            return (
                (obj.end, obj.generic) if obj.words & {"price", "prices", "price-match"} else None
            )
        if base == "waive" and w == "waved" and not obj.charge:
            return None
        if base in SELF_VERBS:
            if base == "credit" and obj.words & {"card"}:
                return None
            return obj.end, obj.generic
        if base == "take" and self.word(v + 1) == "care" and self.word(v + 2) == "of":
            # "we'll take care of the shipping", "I've taken care of the late fee"
            target = self._object(v + 3)
            return (target.end, target.generic) if target.cost or target.auth else None
        if base in CHARGE_VERBS:
            if base in {"take", "knock", "write", "strike", "zero"}:
                if not (particle or obj.words & {"off", "out"} or self.word(obj.end) in {"off", "out"}):
                    return None
                end = obj.end + (1 if self.word(obj.end) in {"off", "out"} else 0)
                far = self._object(end) if self.word(end) in {"your", "the"} else None
                if (
                    obj.charge
                    or obj.auth
                    or any(x[:1].isdigit() or x[:1] in "$£€" for x in obj.words)
                ):
                    return end, obj.generic
                if far is not None and (far.charge or far.cost):
                    return end, obj.generic
                return None
            if base == "cancel" and not obj.charge:
                return None
            return (obj.end, obj.generic) if obj.charge else None
        if base in COST_VERBS:
            target = obj
            if base == "pay" and self.word(v + 1) == "for":
                target = self._object(v + 2)
            elif base == "pay" and (self.word(v + 1) == "you" and self.word(v + 2) == "back"):
                return v + 3, False
            elif base == "pay" and obj.words & {"back"}:
                return obj.end, obj.generic
            if target.cost or target.auth:
                return target.end, target.generic
            return None
        if base in APPROVING:
            if obj.auth or obj.words & APPROVABLE:
                return obj.end, obj.generic
            return None
        if base in RECEIVE_VERBS and subject.kind in {"you", "np", "pronoun", "none"}:
            if obj.auth or (
                obj.words & {"back"}
                and (obj.words & {"money"} or any(x[:1] in "$£€" for x in obj.words))
            ):
                return obj.end, obj.generic
            if base in {"get", "have"} and subject.kind != "first":
                caused = self._caused(v + 1)
                if caused is not None:
                    return caused, False
            return None
        if base in GIVE_VERBS or base in RECEIVE_VERBS:
            if base == "make" and self.word(v + 1) in {"sure", "certain"}:
                return self._complement(v + 2)
            if obj.auth and not obj.negated:
                return obj.end, obj.generic
            if base in {"send", "ship", "give", "get", "dispatch", "post", "mail", "order"} and self._new_one(obj):
                return obj.end, False  # "we'll send you a new one": a replacement
            if base in {"get", "have"}:
                caused = self._caused(v + 1)
                if caused is not None:
                    return caused, False
            if (
                self.word(obj.end) == "to"
                and _VERBS.get(self.word(obj.end + 1), ("", ""))[0] in SELF_VERBS
            ):
                return obj.end + 2, False
            if rest_free and base not in {"process", "set", "pass", "start", "complete"}:
                end = self.next_freebie[v + 1]
                if self.s.clause[end] == self.s.clause[v] or end - v <= 8:
                    return max(obj.end, end + 1), False
        return None

    def _made_right(self, j: int) -> tuple[int, bool] | None:
        """ "make it right with a full refund", "get you sorted with a replacement", "make it
        up to you by refunding the fee": an idiom of redress, then what redresses."""
        end = min(self.n, j + 10, self.s.clause_end(self.s.clause[j]) if j < self.n else j)
        idiom = False
        for k in range(j, end):
            x = self.w[k]
            if x in {"right", "up", "good", "amends", "sorted"}:
                idiom = True
            elif idiom and x in {"with", "by"}:
                obj = self._object(k + 1)
                if obj.auth and not obj.generic:
                    return obj.end, False
                y = self.word(k + 1)
                if x == "by" and y in _VERBS and _VERBS[y][1] == "ing" and _VERBS[y][0] in SELF_VERBS:
                    return k + 2, False
                return None
        return None

    @staticmethod
    def _new_one(obj: _Object) -> bool:
        return any(w == "new" or w.endswith("-new") for w in obj.words) and bool(obj.words & _NEW_THINGS)

    def _caused(self, j: int) -> int | None:
        """ "get that refunded", "have the fee removed", "have a replacement sent out": an
        object then a participle that needs authority, within a few words."""
        for k in range(j, min(self.n, j + 6)):
            w = self.w[k]
            if not self.s.tokens[k].is_word or (w in _PREPOSITIONS and w != "that"):
                return None
            if _is_past(w) and k > j:
                base = _VERBS[w][0]
                obj_words = self.w[j:k]
                has_auth = any(self._auth_noun(x) for x in range(j, k))
                has_charge = any(x in CHARGE_NOUNS or x in COST_NOUNS for x in obj_words)
                if base in SELF_VERBS and base not in {
                    "extend",
                    "honour",
                    "honor",
                    "match",
                    "upgrade",
                }:
                    return k + 1
                if base in CHARGE_VERBS and has_charge:
                    return k + 1 + (1 if self.word(k + 1) in {"off", "out"} else 0)
                if base in COST_VERBS and has_charge:
                    return k + 1
                if (base in GIVE_VERBS or base in APPROVING) and has_auth:
                    return k + 1 + (1 if self.word(k + 1) in {"out", "off"} else 0)
                return None
        return None

    def _complement(self, j: int) -> tuple[int, bool] | None:
        """ "make sure (that) you get a refund", "ensure the fee is refunded"."""
        end = min(self.s.clause_end(self.s.clause[j]) if j < self.n else j, j + 12)
        charge_seen = False
        for k in range(j, end):
            charge_seen = charge_seen or self.w[k] in CHARGE_NOUNS
            if charge_seen and _is_past(self.w[k]) and _VERBS[self.w[k]][0] in CHARGE_VERBS:
                return k + 1 + (self.word(k + 1) in {"off", "out"}), False  # "... the fee is taken off"
            if self.w[k] in {"not", "never"} and (
                {"pay", "charged", "billed"} & set(self.w[k + 1 : k + 4])
            ):
                return k + 2, False  # "make sure you don't pay a penny"
            if self._auth_noun(k) or (
                self.w[k] in _VERBS
                and _VERBS[self.w[k]][0]
                in SELF_VERBS - {"extend", "honour", "honor", "match", "upgrade", "replace"}
            ):
                return k + 1, False
        return None

    # --- the rules -----------------------------------------------------------------------

    def _guarantee(self, i: int, w: str) -> _Match | None:
        if w in {"guarantee", "guarantees", "promise", "promises", "pledge", "swear", "vow"}:
            k = i - 1
            while k >= 0 and self.w[k] in {"can", "do", "will", "hereby", "absolutely", "fully",
                                            "also", "personally", "definitely", "could"}:  # fmt: skip
                k -= 1
            if self.word(k) not in _FIRST:
                return None
            if self.word(i - 1) == "could":
                return None
            if w.startswith("promise") and not self._outcome_follows(i + 1):
                return None
            return _Match("explicit guarantee", "guarantee", k, i, i + 1)
        if w in {"assure"} and self.word(i - 1) in {"i", "we", "can"}:
            k = i - 1 if self.word(i - 1) != "can" else i - 2
            if not self._outcome_follows(i + 1, need_future=True):
                return None
            return _Match("explicit guarantee", "guarantee", k, i, i + 1)
        if w == "guaranteed":
            return self._guaranteed(i)
        if (
            w == "word"
            and self.word(i - 1) in {"my", "our"}
            and self.word(i - 2) in {"have", "you", "give"}
        ):
            return _Match("explicit guarantee", "guarantee", i - 2, i, i + 1)
        if (
            w == "count"
            and self.word(i + 1) == "on"
            and self.word(i + 2) in {"it", "that", "us", "me"}
        ):
            if self.word(i - 1) == "can" and self.word(i - 2) == "you":
                return _Match("explicit guarantee", "guarantee", i - 2, i, i + 3)
        if w == "consider" and self.s.clause_start[self.s.clause[i]] == i:
            for k in range(i + 1, min(self.n, i + 6)):
                x = self.w[k]
                if x == "done" or (
                    x in _VERBS
                    and _VERBS[x][1] == "past"
                    and _VERBS[x][0] in SELF_VERBS | CHARGE_VERBS
                ):
                    return _Match("authority commitment", "forward", i, i, k + 1)
        return None

    def _outcome_follows(self, j: int, *, need_future: bool = False) -> bool:
        """After "I promise"/"I assure you": an outcome (a future, "to" + verb, an object, or
        nothing: "..., I promise.")."""
        end = min(self.n, j + 14)
        k = j
        if self.word(k) in {"you", "that"}:
            k += 1
        if self.word(k) == "that":
            k += 1
        first = self.word(k)
        if not need_future and (k >= self.n or not self.s.tokens[k].is_word):
            return True
        if not need_future and first == "to":
            return True
        if not need_future and first in {"a", "an", "your", "the", "full"}:
            return True
        for x in range(k, end):
            if self.w[x] in {"will", "shall", "won't"} or (
                self.w[x] == "going" and self.word(x + 1) == "to"
            ):
                return True
            if self.w[x] in {".", "!", "?"}:
                break
        return False

    def _guaranteed(self, i: int) -> _Match | None:
        tok = self.s.tokens[i]
        nxt = self.s.tokens[i + 1] if i + 1 < self.n else None
        start_of_clause = (
            i == self.s.clause_start[self.s.clause[i]] or not self.s.tokens[i - 1].is_word
        )
        # a product or option named "Guaranteed ...": capitalised mid-sentence, or before
        # another capitalised word
        if tok.cap and (not start_of_clause or (nxt is not None and nxt.cap and nxt.is_word)):
            return None
        prev = self.word(i - 1)
        k = i - 1
        while k >= 0 and self.w[k] in {"absolutely", "fully", "also", "100%", "always", "now"}:
            k -= 1
        predicative = (
            self.word(k) in _BE
            or self.word(i + 1) == "to"
            or not (nxt and nxt.is_word and nxt.word not in {"by", "for", "within", "on", "before"})
        )
        if prev in _DETERMINERS or not predicative:
            return None
        subject = self._subject(k if self.word(k) in _BE else i)
        start = subject.start if subject.kind != "none" else i
        return _Match(
            "explicit guarantee", "guarantee", min(start, i), i, i + 1, generic=subject.generic
        )

    def _no_charge(self, i: int, w: str) -> _Match | None:
        # "(will|won't) never be charged again", "we won't charge you", "won't happen again",
        # "won't have to pay", "there will be no charge"
        if w not in {"will", "shall", "would"} or w == "would":
            return None
        j = i + 1
        neg = False
        while self.word(j) in {"not", "never", "no", "ever", "again", "longer"}:
            neg = neg or self.word(j) in {"not", "never", "no"}
            j += 1
        subject = self._subject(i)
        if not neg:
            return self._no_charge_noun(i, subject)
        start = subject.start if subject.kind != "none" else i
        x = self.word(j)
        end = None
        if (
            x == "be"
            and self.word(j + 1) in {"charged", "billed", "debited", "invoiced", "asked"} | _CHARGED
        ):
            end = j + 2
        elif x == "be" and self.word(j + 1) in {"ever", "again"} and self.word(j + 2) in _CHARGED:
            end = j + 3
        elif x in {"charge", "bill", "debit", "invoice"} and subject.kind in {"first", "np"}:
            end = j + 1 + (1 if self.word(j + 1) in {"you", "your"} else 0)
        elif x == "happen" and self.word(j + 1) in {"again", "twice"}:
            end = j + 2
        elif x in {"have", "need"} and self.word(j + 1) == "to" and self.word(j + 2) == "pay":
            end = j + 3
        elif x == "pay" and subject.kind == "you":
            end = j + 1
        elif (
            x == "be"
            and self.word(j + 1) in {"any", "a"}
            and self.word(j + 2) in {"charge", "fee", "cost", "charges", "fees"}
        ):
            end = j + 3
        if end is None:
            return None
        if subject.kind == "there" and x != "be":
            return None
        return _Match("no-charge commitment", "no-charge", start, i, end, generic=subject.generic)

    def _no_charge_noun(self, i: int, subject: _Subject) -> _Match | None:
        """ "There will be no fee", "no further charges will be made"."""
        if self.word(i + 1) != "be":
            return None
        if subject.kind == "there" and self.word(i + 2) == "no":
            for k in range(i + 3, min(self.n, i + 6)):
                if self.w[k] in CHARGE_NOUNS or self.w[k] in {"cost", "costs"}:
                    return _Match("no-charge commitment", "no-charge", subject.start, i, k + 1)
            return None
        words = self.w[subject.start : i]
        if "no" in words and any(x in CHARGE_NOUNS for x in words):
            if self.word(i + 2) in {
                "made",
                "applied",
                "taken",
                "charged",
                "added",
                "billed",
                "levied",
                "incurred",
                "deducted",
                "debited",
            }:
                return _Match("no-charge commitment", "no-charge", subject.start, i, i + 3)
        return None

    def _forward(self, i: int, w: str) -> _Match | None:
        chain_start = -1
        subject: _Subject | None = None
        kind = "will"
        if w in {"will", "shall"}:
            chain_start = i + 1
        elif w == "going" and self.word(i + 1) == "to" and self.word(i - 1) in _BE_NOW:
            chain_start = i + 2
            subject = self._subject(i - 1)
        elif w == "about" and self.word(i + 1) == "to" and self.word(i - 1) in _BE_NOW:
            chain_start = i + 2
            subject = self._subject(i - 1)
        elif w == "can" and self.word(i - 1) in _FIRST:
            chain_start, kind = i + 1, "can"
        elif w == "let" and self.word(i + 1) in {"me", "us"}:
            chain_start, kind = i + 2, "let"
            subject = _Subject(i, "first")
        elif w == "would" and self.word(i - 1) in _FIRST:
            if self.word(i + 1) == "like" and self.word(i + 2) == "to":
                chain_start, kind = i + 3, "offer"
            elif (
                self.word(i + 1) == "be"
                and self.word(i + 2) in _HAPPY - {"able"}
                and self.word(i + 3) == "to"
            ):
                chain_start, kind = i + 4, "offer"
        elif (
            w in _BE_NOW
            and self.word(i - 1) in _FIRST
            and self.word(i + 1) in _HAPPY - {"able"}
            and self.word(i + 2) == "to"
        ):
            chain_start, kind = i + 3, "offer"
        elif w in _BE_NOW:
            v, intense, hedged = self._skip(i + 1)
            x = self.word(v)
            if x in _VERBS and _VERBS[x][1] == "ing":
                subject = self._subject(i)
                return self._commitment(i, v, subject, intense, hedged, "progressive")
            return None
        if chain_start < 0:
            return None
        if subject is None:
            subject = self._subject(i)
        if kind == "offer" and self.word(chain_start) == "help":
            return None
        v, intense, hedged = self._skip(chain_start)
        intense = intense or self.word(i - 1) in INTENSIFIERS
        if self.word(v) in {"not", "never"}:
            # "we will not refund": a negated commitment, left to the no-charge rule when it
            # promises that something will not be charged
            v2, _, _ = self._skip(v + 1)
            m = self._commitment(i, v2, subject, intense, hedged, kind)
            if m is None:
                return None
            return _Match(m.rule, m.kind, m.start, m.trigger, m.end, negated=True)
        return self._commitment(i, v, subject, intense, hedged, kind)

    def _commitment(
        self, anchor: int, v: int, subject: _Subject, intense: bool, hedged: bool, kind: str
    ) -> _Match | None:
        start = subject.start if subject.kind != "none" else anchor
        start = min(start, anchor)
        x = self.word(v)
        generic = subject.generic
        if kind == "can" and subject.kind != "first":
            return None
        if x == "be" or x == "being":
            p, intense2, hedged2 = self._skip(v + 1)
            intense, hedged = intense or intense2, hedged or hedged2
            y = self.word(p)
            if y in _HAPPY and self.word(p + 1) == "to":
                if y == "able":
                    return None
                v2, i3, h3 = self._skip(p + 2)
                return self._commitment(anchor, v2, subject, intense or i3, hedged or h3, "offer")
            end = self._passive(p, subject)
            if end is not None:
                return _Match(
                    "authority commitment",
                    "forward",
                    start,
                    anchor,
                    end,
                    hedged=hedged,
                    generic=generic,
                )
            if y in _VERBS and _VERBS[y][1] == "ing":
                # "you'll be getting a refund", "we'll be sending a replacement"
                done = self._verb(p, subject, done=False)
                if done is not None:
                    return _Match(
                        "authority commitment",
                        "forward",
                        start,
                        anchor,
                        done[0],
                        hedged=hedged,
                        generic=generic or done[1],
                    )
            if (
                subject.auth
                and not subject.generic
                and y not in NONCOMMITTAL
                and y not in {"not", "no"}
                and self.s.tokens[p].is_word
            ):
                return _Match(
                    "authority commitment", "forward", start, anchor, p + 1, hedged=hedged
                )
            if y in {"free", "complimentary"} or (y == "on" and self.word(p + 1) in {"us", "the"}):
                if subject.kind in {"pronoun", "np"} and not subject.generic:
                    return _Match(
                        "authority commitment", "forward", start, anchor, p + 1, hedged=hedged
                    )
            certain = intense or self.assured_before[anchor] or self.assured_after[p]
            if (
                certain
                and kind == "will"
                and subject.kind not in {"first", "none"}
                and self.s.tokens[p].is_word
            ):
                return _Match(
                    "certain outcome",
                    "forward",
                    start,
                    anchor,
                    p + 1,
                    hedged=hedged,
                    generic=generic,
                )
            return None
        if x in _HAVE and self.word(v + 1) not in {"to"}:
            p, _, h = self._skip(v + 1)
            y = self.word(p)
            if _is_past(y):
                done = self._verb(p, subject, done=True)
                if done is not None:
                    return _Match(
                        "authority commitment",
                        "forward",
                        start,
                        anchor,
                        done[0],
                        hedged=hedged or h,
                        generic=generic or done[1],
                    )
        if x in {"ensure", "guarantee"} or (
            x == "see" and self.word(v + 1) == "to" and self.word(v + 2) == "it"
        ):
            done2 = self._complement(v + 1)
            if done2 is not None:
                return _Match(
                    "authority commitment",
                    "forward",
                    start,
                    anchor,
                    done2[0],
                    hedged=hedged,
                    generic=generic,
                )
        if (
            subject.auth
            and not subject.generic
            and (
                x in _VERBS
                or x
                in {
                    "arrive",
                    "appear",
                    "land",
                    "reach",
                    "show",
                    "post",
                    "hit",
                    "come",
                    "go",
                    "clear",
                    "be",
                }
            )
        ):
            if x not in NONCOMMITTAL:
                end = v + 1 + (1 if self.word(v + 1) in {"through", "up", "back"} else 0)
                return _Match("authority commitment", "forward", start, anchor, end, hedged=hedged)
        if (
            subject.auth
            and not subject.generic
            and x.isalpha()
            and x not in NONCOMMITTAL
            and x not in _AUX
            and x not in {"not", "never", "no", "only"}
        ):
            return _Match("authority commitment", "forward", start, anchor, v + 1, hedged=hedged)
        done3 = self._verb(v, subject, done=False)
        if done3 is None and x in {"make", "put", "set", "get", "sort"} and subject.kind in {"first", "np"}:
            done3 = self._made_right(v + 1)
        if done3 is not None:
            return _Match(
                "authority commitment",
                "forward",
                start,
                anchor,
                done3[0],
                hedged=hedged,
                generic=generic or done3[1],
            )
        future = kind in {"will", "progressive"}
        if (
            future
            and (intense or self.assured_before[anchor] or self.assured_after[v])
            and subject.kind not in {"first", "none"}
        ):
            if x in {"have", "need"} and self.word(v + 1) == "to":
                return None
            if self.s.tokens[v].is_word and x not in {
                "need",
                "want",
                "like",
                "love",
                "help",
                "let",
            }:
                return _Match(
                    "certain outcome",
                    "forward",
                    start,
                    anchor,
                    v + 1,
                    hedged=hedged,
                    generic=generic,
                )
        return None

    def _passive(self, p: int, subject: _Subject) -> int | None:
        """A participle after "be"/"been" that, with this subject, needs authority: "you'll be
        refunded", "the fee has been waived", "a replacement has been sent"."""
        y = self.word(p)
        if y not in _VERBS or _VERBS[y][1] != "past":
            return None
        base = _VERBS[y][0]
        obj = self._object(p + 1)
        if base == "waive" and y == "waved" and not subject.charge:
            return None
        if base == "replace" and self.word(p + 1) == "with":
            return None
        if base == "upgrade":
            # "you've been upgraded", "your order has been upgraded"
            return p + 1 if subject.kind == "you" or subject.auth or subject.det == "your" else None
        if base in {"extend", "honour", "honor", "match"}:
            return p + 1 if subject.auth or subject.charge else None
        if base in SELF_VERBS:
            return p + 1
        if base in CHARGE_VERBS:
            if subject.charge:
                return p + 1 + (1 if self.word(p + 1) in {"off", "out"} else 0)
            return None
        if base in COST_VERBS:
            if subject.charge or subject.auth or self.next_freebie[p + 1] >= 0:
                return p + 1
            return None
        if base in APPROVING:
            if subject.auth or subject.kind in {"np"} and not subject.generic:
                return p + 1
            return None
        if base in GIVE_VERBS:
            if subject.auth:
                return p + 1 + (1 if self.word(p + 1) in {"out", "off", "through"} else 0)
            if base in {"return", "give", "pay"} and subject.charge and not subject.generic:
                return p + 1 + (1 if self.word(p + 1) == "back" else 0)  # "your deposit will be returned"
            if obj.auth and (subject.kind == "you" or subject.det == "your"):
                return obj.end  # "you'll be given a full refund", "your account was sent a credit"
            if self.next_freebie[p + 1] >= 0 and subject.kind in {"pronoun", "np", "you"}:
                return p + 1
        return None

    def _perfect(self, i: int, w: str) -> _Match | None:
        if w not in _HAVE or self.word(i + 1) == "to":
            return None
        subject = self._subject(i)
        p, intense, hedged = self._skip(i + 1)
        y = self.word(p)
        start = subject.start if subject.kind != "none" else i
        if subject.kind == "none" and self.word(i - 1) not in {"i", "we"}:
            return None
        if self._hedge_modal(i):
            hedged = True
        if y in _AGREED and self.word(p + 1) == "to":
            # "we have agreed to refund you", "I've decided to waive the fee"
            v, _, h = self._skip(p + 2)
            done = self._verb(v, subject, done=True)
            if done is not None:
                return _Match("completed authority action", "completed", start, i, done[0], hedged=hedged or h)
            return None
        if y == "been":
            q, _, h2 = self._skip(p + 1)
            if self.word(q) == "able" and self.word(q + 1) == "to":
                v, _, _ = self._skip(q + 2)
                done = self._verb(v, subject, done=True)
                if done is not None:
                    return _Match(
                        "completed authority action", "completed", start, i, done[0], hedged=hedged
                    )
                return None
            end = self._passive(q, subject)
            if end is not None:
                return _Match(
                    "completed authority action",
                    "completed",
                    start,
                    i,
                    end,
                    hedged=hedged or h2,
                    generic=subject.generic,
                )
            if (
                subject.auth
                and not subject.generic
                and self.word(q) not in NONCOMMITTAL
                and self.word(q) in _VERBS
            ):
                return _Match(
                    "completed authority action", "completed", start, i, q + 1, hedged=hedged
                )
            return None
        if _is_past(y):
            if subject.auth and not subject.generic and y not in NONCOMMITTAL:
                end = p + 1 + (1 if self.word(p + 1) in {"through", "out"} else 0)
                return _Match(
                    "completed authority action", "completed", start, i, end, hedged=hedged
                )
            if subject.kind in {"first", "np", "none", "pronoun"} and not subject.auth:
                done = self._verb(p, subject, done=True)
                if done is not None:
                    return _Match(
                        "completed authority action",
                        "completed",
                        start,
                        i,
                        done[0],
                        hedged=hedged,
                        generic=done[1],
                    )
            if subject.kind == "you" and _VERBS[y][0] in RECEIVE_VERBS:
                done = self._verb(p, subject, done=True)
                if done is not None:
                    return _Match(
                        "completed authority action", "completed", start, i, done[0], hedged=hedged
                    )
        if y in {"gone", "went"} and self.word(p + 1) == "through" and subject.auth:
            return _Match("completed authority action", "completed", start, i, p + 2, hedged=hedged)
        if y in {"had", "got", "gotten"} and subject.kind == "first":
            caused = self._caused(p + 1)
            if caused is not None:
                return _Match(
                    "completed authority action", "completed", start, i, caused, hedged=hedged
                )
        return None

    def _hedge_modal(self, i: int) -> bool:
        return self.word(i - 1) in {"should", "may", "might", "could", "must", "would"}

    def _simple_past(self, i: int, w: str) -> _Match | None:
        # "I refunded", "we've ... and refunded", "I went ahead and refunded", "I was able to
        # waive", "I managed to get you a refund", "the refund went through"
        if w in {"was", "were"} and self.word(i + 1) == "able" and self.word(i + 2) == "to":
            subject = self._subject(i)
            if subject.kind not in {"first", "np"}:
                return None
            v, _, h = self._skip(i + 3)
            done = self._verb(v, subject, done=True)
            if done is None:
                return None
            return _Match(
                "completed authority action", "completed", subject.start, i, done[0], hedged=h
            )
        if w == "managed" and self.word(i + 1) == "to":
            subject = self._subject(i)
            v, _, h = self._skip(i + 2)
            done = self._verb(v, subject, done=True)
            if done is None or subject.kind != "first":
                return None
            return _Match(
                "completed authority action", "completed", subject.start, i, done[0], hedged=h
            )
        if w in _AGREED and self.word(i + 1) == "to":
            subject = self._subject(i)
            if subject.kind not in {"first", "np"} or subject.generic:
                return None
            v, _, h = self._skip(i + 2)
            done = self._verb(v, subject, done=True)
            if done is None:
                return None
            return _Match("completed authority action", "completed", subject.start, i, done[0], hedged=h)
        if w == "expect" and self._opens_clause_at(i) and self.word(i - 1) != "can":
            # "Expect your refund within three days": an imperative that commits
            obj = self._object(i + 1)
            if obj.auth and not obj.generic:
                return _Match("authority commitment", "forward", i, i, obj.end)
            return None
        if w in {"is", "are"} and self.word(i + 1) == "on" and self.word(i + 2) in {"us", "the"}:
            # "it's on us", "the delivery charge is on the house"
            subject = self._subject(i)
            if subject.kind == "pronoun" or (subject.kind == "np" and subject.det in _SPECIFIC and not subject.generic):
                end = i + 3 + (1 if self.word(i + 2) == "the" else 0)
                return _Match("authority commitment", "forward", subject.start, i, end)
            return None
        if w in _VERBS and _VERBS[w][1] == "base" and self._coordinated(i):
            # "we'll send a courier to collect it and refund you": the verb after "and"
            # shares the commitment of the clause before
            done = self._verb(i, _Subject(i, "first"), done=False)
            if done is not None:
                return _Match("authority commitment", "forward", i, i, done[0], generic=done[1])
            return None
        if w == "went" and self.word(i + 1) == "through":
            subject = self._subject(i)
            if subject.auth and not subject.generic:
                return _Match("completed authority action", "completed", subject.start, i, i + 2)
            return None
        if w in {"here"} and self.word(i + 1) in {"is", "are"}:
            obj = self._object(i + 2)
            if obj.auth and not obj.generic:
                return _Match("completed authority action", "completed", i, i, obj.end)
            return None
        if w not in _VERBS or _VERBS[w][1] != "past":
            return None
        k = i - 1
        while k >= 0 and (
            self.w[k] in SKIPPABLE
            or self.w[k] in INTENSIFIERS
            or (self.w[k].endswith("ly") and len(self.w[k]) > 4)
        ):
            k -= 1
        before = self.word(k)
        if before == "and" and self._passive_clause_before(k):
            # "your subscription was cancelled and refunded": the participle shares the
            # passive of the clause before
            subject = self._subject_of_clause(self.s.clause[k] - 1, i)
            end = self._passive(i, subject)
            if end is None:
                return None
            return _Match(
                "completed authority action", "completed", i, i, end, generic=subject.generic
            )
        if before in _FIRST or (before == "and" and self._first_person_clause_before(k)):
            subject = _Subject(k if before in _FIRST else i, "first")
        elif before in {
            "team",
            "department",
            "billing",
            "they",
            "colleague",
            "manager",
            "supervisor",
            "store",
        }:
            subject = _Subject(self._subject(i).start, "np")
        else:
            subject = self._subject(i)
            if not (
                subject.auth
                and not subject.generic
                and before not in _AUX
                and w not in NONCOMMITTAL
            ):
                return None
            end = i + 1 + (1 if self.word(i + 1) in {"through", "out"} else 0)
            if _VERBS[w][0] in GIVE_VERBS | SELF_VERBS:
                return _Match("completed authority action", "completed", subject.start, i, end)
            return None
        if subject.kind == "first" and before in _FIRST and self.word(k - 1) in _AUX:
            return None
        done = self._verb(i, subject, done=True)
        if done is None:
            return None
        return _Match(
            "completed authority action", "completed", subject.start, i, done[0], generic=done[1]
        )

    def _alone(self, i: int) -> bool:
        """The word at `i` is its clause's only word ("Refunded!", "Done, and waived.")."""
        start, end = self.s.clause_of(i)
        return all(k == i or not self.s.tokens[k].is_word for k in range(start, end))

    def _opens_clause(self, i: int) -> bool:
        start = self.s.clause_start[self.s.clause[i]]
        while start < i and not self.s.tokens[start].is_word:
            start += 1
        return start == i

    _opens_clause_at = _opens_clause

    def _coordinated(self, i: int) -> bool:
        """The verb at `i` follows "and", after a clause that commits with I or we ("we'll
        ... and refund you", "I can ... and waive the fee")."""
        if self.word(i - 1) != "and":
            return False
        c = self.s.clause[i]
        if c == 0:
            return False
        start, end = self.s.clause_start[c - 1], self.s.clause_end(c - 1)
        words = self.w[start:end]
        committing = {"will", "shall"} & set(words) or ("going" in words and "to" in words)
        first = any(x in _FIRST for x in words[:4]) or any(x == "let" for x in words[:2])
        negated = any(x in {"not", "never", "no"} for x in words)
        return bool(committing or "let" in words[:2]) and first and not negated

    def _passive_clause_before(self, k: int) -> bool:
        c = self.s.clause[k]
        if c == 0:
            return False
        start, end = self.s.clause_start[c - 1], self.s.clause_end(c - 1)
        window = self.w[start : min(end, start + 8)]
        # "will need to be calculated and paid" commits to nothing
        if {"need", "needs", "must", "should", "may", "might", "could", "required"} & set(window):
            return False
        return any(x in {"was", "were", "been", "is", "are", "be"} for x in window)

    def _first_person_clause_before(self, k: int) -> bool:
        c = self.s.clause[k]
        if c == 0:
            return False
        start = self.s.clause_start[c - 1]
        return self.word(start) in _FIRST or self.word(start + 1) in _FIRST

    def _be_passive(self, i: int, w: str) -> _Match | None:
        # "your refund has been processed" is `_perfect`; this is "the fee is waived", "the
        # charge was reversed", "your refund is on its way", "a replacement is being sent"
        if w not in {"is", "are", "was", "were", "am"}:
            return None
        subject = self._subject(i)
        if subject.kind in {"none", "there"} or subject.generic:
            if subject.generic and self._passive(self._skip(i + 1)[0], subject) is not None:
                return _Match(
                    "completed authority action", "completed", subject.start, i, i + 2, generic=True
                )
            return None
        p, _, hedged = self._skip(i + 1)
        progressive = self.word(p) == "being"
        if progressive:
            p, _, h2 = self._skip(p + 1)
            hedged = hedged or h2
        y = self.word(p)
        start = subject.start
        if (
            subject.auth
            and y == "on"
            and self.word(p + 1) in {"its", "the", "their"}
            and self.word(p + 2) == "way"
        ):
            return _Match("completed authority action", "completed", start, i, p + 3, hedged=hedged)
        if subject.auth and y in {"underway", "through", "complete", "completed", "done", "en"}:
            return _Match("completed authority action", "completed", start, i, p + 1, hedged=hedged)
        end = self._passive(p, subject)
        if end is None:
            return None
        present = w in {"is", "are", "am"} and not progressive
        # "the fee is waived" may be policy; "your fee is waived", "the fee is now waived"
        # speak of this customer
        changed = self.word(i + 1) in {"now", "already", "just", "hereby"}
        if present and not (
            subject.kind in {"you", "pronoun"}
            or subject.det in {"your", "this", "that", "my"}
            or (subject.det == "the" and changed)
        ):
            return None
        generic = self._generic_after(end)
        kind = "forward" if progressive else "completed"
        rule = "authority commitment" if progressive else "completed authority action"
        return _Match(rule, kind, start, i, end, hedged=hedged, generic=generic)

    def _generic_after(self, end: int) -> bool:
        """ "... for members", "... on orders over $50", "... for all first-time customers":
        what follows makes the statement about everyone."""
        if self.word(end) not in {"for", "on", "to", "with", "across"}:
            return False
        for k in range(end + 1, min(self.n, end + 5)):
            x = self.w[k]
            if x in _QUANTIFIERS or x in GENERIC_NOUNS or x in {"first-time", "new"} or _plural(x):
                return True
            if not self.s.tokens[k].is_word:
                return False
        return False

    def _headline(self, i: int, w: str) -> _Match | None:
        # "Refund processed!", "Fee waived.", "OK, refund issued": a noun then a participle,
        # alone in their clause; or the participle alone: "Refunded!"
        if _VERBS.get(w, ("", ""))[1] == "past" and _VERBS[w][0] in SELF_VERBS and self._alone(i):
            return _Match("completed authority action", "completed", i, i, i + 1)
        if w == "promise" and self.word(i - 1) == "a" and self.word(i - 2) == "is" and self.word(i - 3) == "that":
            return _Match("explicit guarantee", "guarantee", i - 3, i, i + 1)  # "That's a promise."
        if not (self._auth_noun(i) or w in CHARGE_NOUNS):
            return None
        y = self.word(i + 1)
        if y not in _VERBS or _VERBS[y][1] != "past":
            return None
        c = self.s.clause[i]
        start = self.s.clause_start[c]
        if any(self.w[k] in _AUX for k in range(start, i)):
            return None
        after = self.s.tokens[i + 2] if i + 2 < self.n else None
        if after is not None and after.is_word and after.word not in {"and"}:
            return None
        base = _VERBS[y][0]
        if (
            base in SELF_VERBS
            or base in GIVE_VERBS
            or base in APPROVING
            or (base in CHARGE_VERBS and w in CHARGE_NOUNS)
        ):
            return _Match("completed authority action", "completed", i, i, i + 2)
        return None


def _plural(word: str) -> bool:
    return (
        len(word) > 3
        and word.endswith("s")
        and not word.endswith(("ss", "us", "is"))
        and word not in _NOT_PLURAL
        and word.isalpha()
    )
