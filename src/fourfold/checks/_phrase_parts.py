"""The parts of a sentence a promise rule asks about: its subject and its object.

`PhraseReader` (`_authority`) reads them around an anchor ("will", "have", "is"...) and
answers with these records: who the subject is (I or we, the customer, a refund, everyone)
and what the object names (a refund or a credit, a fee, a cost, the customer, something
generic). A record holds only what the rules decide on, so a rule reads a few fields, never
the sentence again; and the rules that take a subject or an object (`_guarantees`,
`_promise_grants`, `_promise_shapes`) depend on these records, not on the reader.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._lexicon import DETERMINERS, QUANTIFIERS

_NOT_NOUNS = frozenset({"what", "which", "who", "nothing", "everything", "something", "none"})

__all__ = ["NounPhrase", "Subject"]


@dataclass(frozen=True, slots=True)
class Subject:
    """Who or what a rule's verb is about, as far as the rules care."""

    start: int
    """Index of the subject's first token; the anchor's own index when there is none."""
    kind: str
    """``first`` (I, we), ``you``, ``pronoun`` (it, this, that, they), ``np``, ``there``,
    ``none``."""
    det: str = ""
    """The subject's first word ("your", "the", "a"...)."""
    generic: bool = False
    """It is about everyone ("customers who...", "refunds", "any order"): policy."""
    auth: bool = False
    """It names what needs authority ("your refund", "a replacement")."""
    charge: bool = False
    """It names a charge or cost ("the late fee", "the shipping")."""
    bare: bool = False
    """It is generic only as a bare plural ("refunds will..."), which the customer's own
    destination makes theirs ("refunds will be issued to your card")."""
    dated: bool = False
    """It opens with a time's possessive ("last month's overage charges", "yesterday's late
    fee"): one bill's, so this customer's, as "your" would make it."""

    def definite(self, verb: str) -> bool:
        """It opens with "the", or is one charge whose "the" was left out, before `verb`.

        Non-native English leaves the article out: "Cancellation penalty for your booking is
        waived" names one charge, as "the" would, before a singular verb; not "faulty item is
        replaced", which may be policy, nor "items are", "any fee", "nothing", "$20".
        """
        if self.det == "the":
            return True
        return (
            verb in {"is", "was", "got"}
            and self.kind == "np"
            and self.charge
            and not self.generic
            and self.det.replace("-", "").isalpha()
            and self.det not in DETERMINERS | QUANTIFIERS | _NOT_NOUNS
        )


@dataclass(frozen=True, slots=True)
class NounPhrase:
    """An object noun phrase, as far as the rules care."""

    end: int
    """Index one past its last token."""
    words: frozenset[str] = frozenset()
    auth: bool = False
    """It names what needs authority ("a full refund", "free shipping", "$40 back")."""
    charge: bool = False
    cost: bool = False
    generic: bool = False
    """A bare plural or "any ..." ("we refund orders that..."): policy."""
    negated: bool = False
    personal: bool = False
    """It names the customer ("you", "your plan")."""
