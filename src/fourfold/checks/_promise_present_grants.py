"""A grant told by "we" in the present simple, as a translation tells the future.

Round 169 of the corpus (support teams writing English with the feel of a translation) told
what the team will do in the present simple, as many languages tell the near future, and
often put what is granted first: "the difference we pay", "the repair we do for free", "the
transport costs we take on us", "for you we make an exception". Two classes:

- the object first, then "we" and a present verb of paying or covering (`_PAYING`: "the
  difference we pay", "the extra costs we cover"), or of doing or taking a thing with a
  phrase of giving after it ("the repair we do for free", "the taxi we take on us",
  "... we take on ourselves"). The object opens its clause with "the", "your" or "this"
  and names a thing, no verb of its own before "we" (`_fronted`): the customer's matter,
  not a rule's general plural ("refunds we pay within five days" opens with no article);
- "we make an exception" in the present simple, said of this customer: a decision to depart
  from a rule, which needs authority. Not "we make exceptions" (a policy's plural), nor
  "we never make an exception" (negated, set aside by the scopes).

Round 181 (translated replies again) told two more:

- the fronted object a charge of the customer's, then "we" and a present verb that takes it
  away (`_STRIKING`): "the cancellation fee of €45 we cancel for you", "this late fee we
  waive" (not "the booking we cancel": no charge named);
- "we" and a present verb handing "you" a grant named after it (`_handed`): "we make you
  the refund of €89,90", "we give you a credit of £20" ("a" needs the sum: not "we give
  you a refund within 30 days", a rule). Dev round 247 dropped the article, as a
  translation may, the sum after "of" giving it: "for this we give you credit of 15 euro on
  the next invoice" (not "we give you credit" with no sum, nor "we give you credit of our
  thanks").

Round 251 told two more: "we cover the cost of the taxi to the airport", the object after
the verb ("cover" or "pay", then "the cost of" a thing named with "the" or "your":
`_cost_of_yours`), and "we give you discount for those days", the article dropped and the
grant pointed at this customer's matter by "for those" ("these", "this").

The sixth pass over the dev backlog read the class whole: rounds 44, 45, 171, 232, 236 and
239 told a grant of this occasion by "we" or "I" and a present verb with "you", "your" or
"it" after it, made a grant by a phrase of no cost later in its clause (`_free_now`):
"Tonight we upgrade you to sea view suite, free", "today I make you free breakfast", "we
extend your membership three months more for free, because the pool was closed", "for the
trouble we make you an upgrade ... without extra cost", "we fix it now without charge". The
same words state a policy ("we send you a free sample with every order"), so the sentence
must also tie it to this customer's occasion: a time of now ("today", "tonight", "now",
"tomorrow") or a reason ("because", "for the trouble", "for this"), and no word of a rule's
reach ("every", "each", "any", "always", "orders") may come before the phrase of no cost.

The tenth pass over the dev backlog read three more shapes of the same present, each tied
to this customer's matter by its own words and not by a phrase of no cost (`_own_present`):

- "we" or "I" opening its clause, "pay for" or "cover" and a thing named with "the" or
  "your" ("we pay for your hotel tonight in Bangkok", "Is sure 100 percent, we pay for the
  new flight ticket"); nothing of a rule's reach in the next words ("we pay for the return
  label on all orders" is a practice), and not "the cost" (`_cost_of_yours` reads it: not
  "we cover the cost of repairs under the warranty terms");
- "we" or "I", "make", "do" or "issue", then "the" or "your" and a grant's noun, in a
  sentence with a time of now ("I make the refund now", "we do your refund today": not
  "we make the refund to the original card", a practice with no time);
- "I" or "we", "put", "add" or "load" (and "also"), then a sum, or "a" and a sum or a
  grant's noun, then "in", "into", "to", "on" or "for" and "your" ("I put R150 in your
  wallet", "I add also a 5 € voucher for your next order": not "I put a note in your
  profile", nothing given).

A fronted charge given "back" by "we" is given as `_PAYING` gives it ("the shipping cost
we give back to you, 7,90€"). Rounds 13, 61, 64, 106 and 176 and others (dev).

Neither is a promise when negated, hedged, asked, or inside a condition ("if it is
faulty, the repair we do for free"): `_promises` judges the shape with its scopes. Each rule
reads a few tokens around "we".
"""

from __future__ import annotations

from ._guarantees import Shape, committed
from ._lexicon import AUTH_NOUNS, CHARGE_NOUNS, is_amount
from ._promise_favour_rates import FavourRateReader

__all__ = ["PRESENT_GRANTS", "PresentGrantReader", "may_grant_now"]

PRESENT_GRANTS = frozenset({"we", "i"})
"""Where `PresentGrantReader._present_grant` anchors."""

_PAYING = frozenset({"pay", "cover", "refund", "reimburse", "compensate", "replace"})
"""Present verbs that grant their object alone: "the difference we pay"."""

_DOING = frozenset({"do", "make", "take", "give", "send", "offer", "provide", "repair", "fix"})
"""Present verbs that grant their object with a phrase of giving after them."""

_GIVING: tuple[tuple[str, ...], ...] = (
    ("for", "free"), ("free", "of", "charge"), ("free",), ("on", "us"), ("on", "ourselves"),
    ("upon", "us"), ("upon", "ourselves"), ("without", "payment"), ("without", "charge"),
    ("without", "cost"), ("at", "our", "cost"), ("at", "our", "expense"),
)  # fmt: skip
"""After a verb of doing or taking: what makes it given ("we take on us", "we do for free")."""

_OPENERS = frozenset({"the", "your", "this", "these"})
"""What opens a fronted object: the customer's matter, named."""

_CLAUSE_START = frozenset({",", ";", ":", "and", "but", "so", "-", "–"})
"""Before a fronted object that does not open the sentence."""

_NOT_IN_OBJECT = frozenset(
    {"is", "are", "was", "were", "be", "will", "can", "has", "have", "had", "if", "when",
     "that", "which", "who", "we", "you", "i", "they", "it", "not", "no"}
)  # fmt: skip
"""Words that end a noun phrase: a verb, a clause, a pronoun."""

_OBJECT_WORDS = 7
"""How many words a fronted object may take ("the costs of transport to the airport")."""

_EXCEPTION = frozenset({"an", "one", "a"})

_STRIKING = frozenset({"cancel", "waive", "remove", "drop", "delete", "reverse", "void"})
"""Present verbs that grant by taking a charge away, its fronted object naming the charge
("the cancellation fee of €45 we cancel for you"; not "the booking we cancel", no charge)."""

_VERBS_AFTER = frozenset({"is", "are", "was", "were", "will", "can", "may", "must", "have", "has"})
"""After a fronted object's "we" and verb: the verb of a sentence whose subject that object
and its relative clause are ("the fees we remove are ..."), no grant."""

_HANDING = frozenset({"make", "do", "give", "send", "issue"})
"""Present verbs that hand "you" a grant named after them ("we make you the refund")."""


def _handed(words: list[str], v: int) -> int:
    """Where a grant handed to "you" after the present verb at `v` ends, or -1.

    "We make you the refund of €89,90", "we give you a credit of £20": "you", then "the"
    and the grant's noun, or "a" and the grant with "of" and a sum after it (this
    customer's, not a rule's "we give you a refund within 30 days").
    """
    if words[v] not in _HANDING or words[v + 1 : v + 2] != ["you"]:
        return -1
    det = words[v + 2 : v + 3]
    if det != [] and det[0] in AUTH_NOUNS and _sum_of(words, v + 3):
        return v + 3  # the article dropped, as a translation drops it: "we give you credit of"
    if det != [] and det[0] in AUTH_NOUNS and _for_these(words, v + 3):
        return v + 3  # "we give you discount for those days" (round 251)
    if det not in (["the"], ["a"], ["an"], ["your"]):
        return -1
    for k in range(v + 3, min(len(words), v + 6)):
        if words[k] in AUTH_NOUNS:
            summed = words[k + 1 : k + 2] == ["of"] and is_amount("".join(words[k + 2 : k + 3]))
            return k + 1 if det != ["a"] and det != ["an"] or summed else -1
        if words[k] in _NOT_IN_OBJECT or not words[k][:1].isalnum():
            return -1
    return -1


def _sum_of(words: list[str], k: int) -> bool:
    """At `k`, "of" and a sum: "of £20", "of 15 euro" (one amount, `_money.merge_money`)."""
    return words[k : k + 1] == ["of"] and is_amount("".join(words[k + 1 : k + 2]))


def _for_these(words: list[str], k: int) -> bool:
    """At `k`, "for" and what points at this customer's matter: "for those days"."""
    return words[k : k + 1] == ["for"] and words[k + 1 : k + 2] in (["those"], ["these"], ["this"])


def _cost_of_yours(words: list[str], v: int) -> int:
    """After the paying verb at `v`: "the cost of the taxi", a cost of one thing; its end.

    "We cover the cost of the taxi to the airport" (round 251): "the cost" (or "costs") of
    a thing named with "the" or "your", this customer's (not "the cost of repairs", any).
    """
    if words[v + 1 : v + 3] not in (["the", "cost"], ["the", "costs"]):
        return -1
    if words[v + 3 : v + 4] != ["of"] or words[v + 4 : v + 5] not in (["the"], ["your"]):
        return -1
    return v + 6 if words[v + 5 : v + 6] and words[v + 5].isalpha() else -1


def _fronted(words: list[str], we: int) -> int:
    """Where a noun phrase put before "we" at `we` starts, or -1."""
    for k in range(we - 1, max(-1, we - 1 - _OBJECT_WORDS), -1):
        w = words[k]
        if w in _NOT_IN_OBJECT or w in _CLAUSE_START:
            return -1
        if w in _OPENERS and (k == 0 or words[k - 1] in _CLAUSE_START):
            return k if k < we - 1 else -1
    return -1


def _giving_after(words: list[str], v: int) -> int:
    """Where a phrase of giving right after the verb at `v` ends, or -1 (`_GIVING`)."""
    for phrase in _GIVING:
        if tuple(words[v + 1 : v + 1 + len(phrase)]) == phrase:
            return v + 1 + len(phrase)
    return -1


def _grant_end(words: list[str], we: int) -> int:
    """Where the grant told by "we" at `we` ends, or -1."""
    v = we + 1
    if v >= len(words):
        return -1
    w = words[v]
    if w == "make" and words[v + 1 : v + 2] and words[v + 1] in _EXCEPTION:
        return v + 3 if words[v + 2 : v + 3] == ["exception"] else -1
    handed = _handed(words, v)
    if handed >= 0:
        return handed
    front = _fronted(words, we)
    if front < 0:
        return _cost_of_yours(words, v) if w in {"cover", "pay"} else -1
    if w in _PAYING:
        return v + 1
    if w == "give" and words[v + 1 : v + 2] == ["back"]:
        return v + 2  # "the shipping cost we give back to you"
    if w in _STRIKING and not CHARGE_NOUNS.isdisjoint(words[front:we]):
        end = v + 1 + (words[v + 1 : v + 3] == ["for", "you"]) * 2
        # "the late fees we remove are those under $10": a relative clause, then its verb
        return -1 if words[end : end + 1] and words[end] in _VERBS_AFTER else end
    if w in _DOING:
        return _giving_after(words, v)
    return -1


_FREE_VERBS = _DOING | {"upgrade", "extend", "exchange", "change"}
"""Present verbs of an occasion's grant, made free by a phrase after them (`_free_now`)."""

_FREE_OBJECTS = frozenset({"you", "your", "it"})

_NO_COST: tuple[tuple[str, ...], ...] = (
    ("free",), ("without", "cost"), ("without", "charge"), ("without", "payment"),
    ("without", "extra"), ("without", "any"), ("without", "additional"), ("no", "extra"),
    ("at", "no"), ("at", "our", "cost"), ("at", "our", "expense"),
)  # fmt: skip
"""A phrase of no cost after the object ("for free", "free", "without extra cost")."""

_NOW = frozenset({"today", "tonight", "now", "tomorrow"})
_OCCASION_PHRASES: tuple[tuple[str, ...], ...] = (
    ("for", "the", "trouble"), ("for", "the", "inconvenience"), ("for", "this"),
    ("as", "apology"), ("as", "an", "apology"),
)  # fmt: skip
"""In the sentence, what ties a present grant to this customer's occasion."""

_REACH = frozenset(
    {"every", "each", "any", "always", "usually", "orders", "customers", "members", "if",
     "when", "once", "unless", "whenever"}
)  # fmt: skip
"""Before the phrase of no cost, a rule's reach or a condition: not this occasion's grant."""

_BEFORE_SUBJECT = _CLAUSE_START | {"today", "tonight", "now", "trouble", "this", "then", "also"}
"""Right before "we" or "I" of `_free_now`: the clause's start, or an opening time or reason."""

_FREE_REACH = 14
"""How many words after the verb the phrase of no cost may come."""


def _free_now(words: list[str], we: int) -> int:
    """Where an occasion's present grant by "we" / "I" at `we` ends, or -1.

    "We"/"I" opening its clause, a present verb (`_FREE_VERBS`), "you", "your" or "it",
    then within the clause a phrase of no cost (`_NO_COST`) with nothing of a rule's reach
    before it, in a sentence tied to this occasion (`_NOW`, "because", `_OCCASION_PHRASES`).
    """
    v = we + 1
    if we > 0 and words[we - 1] not in _BEFORE_SUBJECT:
        return -1
    if words[v : v + 1] == [] or words[v] not in _FREE_VERBS:
        return -1
    if words[v + 1 : v + 2] == [] or words[v + 1] not in _FREE_OBJECTS:
        return -1
    for k in range(v + 2, min(len(words), v + 2 + _FREE_REACH)):
        w = words[k]
        if w in _REACH or w in {".", ";", "!", "?", "but"}:
            return -1
        found = next((p for p in _NO_COST if tuple(words[k : k + len(p)]) == p), None)
        if found is not None:
            if not _occasion(words, it=words[v + 1] == "it"):
                return -1
            end = k + len(found)
            return end + (words[end : end + 1] in (["cost"], ["charge"], ["payment"], ["pay"]))
    return -1


def _occasion(words: list[str], it: bool) -> bool:
    """Whether the sentence ties what it grants to this customer's occasion.

    With `it` (the object "it"), only a time of now does: "we fix it now without charge"
    (not "we deliver it free because our vans are local", a practice and its reason).
    """
    if not _NOW.isdisjoint(words):
        return True
    if it:
        return False
    if "because" in words:
        return True
    firsts = {p[0] for p in _OCCASION_PHRASES}
    return any(
        tuple(words[k : k + len(p)]) == p
        for k, w in enumerate(words)
        if w in firsts
        for p in _OCCASION_PHRASES
    )


_PAYING_FOR = frozenset({"pay", "cover"})
"""Present verbs of `_own_present` that pay for a thing of this customer's ("pay for")."""

_MAKING = frozenset({"make", "do", "issue"})
"""Present verbs of `_own_present` that make a grant named after them ("make the refund")."""

_PUTTING = frozenset({"put", "add", "load"})
"""Present verbs of `_own_present` that put a sum where the customer holds it."""

_INTO = frozenset({"in", "into", "to", "on", "for"})
"""Between a sum put and "your": where it goes ("in your wallet", "for your next order")."""

_OWN_REACH = 8
"""How many words after the verb `_own_present` reads for a rule's reach."""


def _own_present(words: list[str], we: int) -> int:
    """Where a present grant of this customer's matter by "we"/"I" at `we` ends, or -1.

    The tenth pass's three shapes (module docstring): "pay for the/your" a thing, "make the
    refund" with a time of now, "put" a sum "in your" wallet. "We"/"I" opens its clause.
    """
    v = we + 1
    if we > 0 and words[we - 1] not in _BEFORE_SUBJECT or v >= len(words):
        return -1
    w = words[v]
    if not _REACH.isdisjoint(words[v + 1 : v + 1 + _OWN_REACH]):
        return -1
    after = words[v + 1 : v + 4]
    if w in _PAYING_FOR:
        k = v + 1 + (w == "pay")
        if w == "pay" and after[:1] != ["for"]:
            return -1
        named = words[k : k + 2]
        if len(named) < 2 or named[0] not in {"the", "your"} or not named[1].isalpha():
            return -1
        return -1 if named[1] in {"cost", "costs"} else k + 2  # (a cost of: `_cost_of_yours`)
    if w in _MAKING:
        if after[:1] not in (["the"], ["your"]) or _NOW.isdisjoint(words):
            return -1
        return next(
            (k + 1 for k in range(v + 2, v + 4) if words[k : k + 1] and words[k] in AUTH_NOUNS), -1
        )
    if w in _PUTTING:
        k = v + 1 + (after[:1] == ["also"])
        k += words[k : k + 1] in (["a"], ["an"])
        if not words[k : k + 1] or not (
            is_amount(words[k]) or words[k - 1] in {"a", "an"} and words[k] in AUTH_NOUNS
        ):
            return -1
        k += 1 + (words[k + 1 : k + 2] != [] and words[k + 1] in AUTH_NOUNS and is_amount(words[k]))
        return (
            k + 2
            if words[k : k + 1] and words[k] in _INTO and words[k + 1 : k + 2] == ["your"]
            else -1
        )
    return -1


def may_grant_now(words: list[str], i: int) -> bool:
    """Whether a rule of this module can match at `i` (`_promises.may_match`)."""
    if words[i] == "i":
        return _free_now(words, i) >= 0 or _own_present(words, i) >= 0
    return words[i] == "we" and (
        _grant_end(words, i) >= 0 or _free_now(words, i) >= 0 or _own_present(words, i) >= 0
    )


class PresentGrantReader(FavourRateReader):
    """The rule that reads a grant told by "we" in the present simple."""

    def _present_grant(self, i: int, w: str) -> Shape | None:
        """A present-simple grant by "we", at "we": an authority commitment."""
        if w not in PRESENT_GRANTS:
            return None
        end = _grant_end(self.w, i) if w == "we" else -1
        if end >= 0:
            start = _fronted(self.w, i)
            start = i if start < 0 else start
            if not all(self.is_word(k) for k in range(start, end)):
                return None
        else:
            start, end = i, _free_now(self.w, i)  # the phrase of no cost may follow a comma
            if end < 0:
                end = _own_present(self.w, i)
            if end < 0:
                return None
        if self.s.negation[i + 1] >= 0 or self.s.hedge[i + 1] >= 0:
            return None
        return committed(start, i, end)
