"""The written forms of a verb, from its base: how the word lists reach every inflection.

`_lexicon` lists each verb once, by its base form (``waive``, ``refund``, ``cancel``), and
the rules meet it written in any form: ``waives``, ``waived``, ``waiving``. `forms` writes
the five forms of a base (base, third person, past, participle, -ing) by the regular rules
of English spelling, which are few: a final ``e`` takes ``d`` and drops before ``ing``
(not in ``ee``, ``ye``); a ``y`` after a consonant becomes ``ie``; ``es`` after a
sibilant. The exceptions are listed, not guessed: the irregular pasts (`_IRREGULAR`:
``gave``/``given``, ``paid``, ``kept``), the verbs whose last consonant doubles
(`_DOUBLE_FINAL`: ``shipped``, ``getting``), ``has`` and ``does``.

`lemma_table` turns a set of bases into a table from every written form to its base and
its kind (``base``, ``third``, ``past``, ``ing``; past tense and participle are one kind,
as the rules read them the same), so a rule knows a word by one dictionary lookup. British
and American spellings stand side by side: the doubled ``cancelled`` and the American
``canceled``; other pairs (``authorise``/``authorize``) are listed as two bases. Where two
bases write the same form, the first one met keeps it.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["VerbForms", "forms", "lemma_table"]


class VerbForms:
    """The written forms of one verb: base, third person, past, participle, -ing."""

    __slots__ = ("base", "ing", "participle", "past", "third")

    def __init__(self, base: str, third: str, past: str, participle: str, ing: str) -> None:
        self.base, self.third, self.past, self.participle, self.ing = (
            base,
            third,
            past,
            participle,
            ing,
        )

    def all(self) -> tuple[str, ...]:
        return (self.base, self.third, self.past, self.participle, self.ing)


_IRREGULAR: dict[str, tuple[str, str]] = {
    "give": ("gave", "given"),
    "send": ("sent", "sent"),
    "get": ("got", "gotten"),
    "make": ("made", "made"),
    "put": ("put", "put"),
    "set": ("set", "set"),
    "cut": ("cut", "cut"),
    "pay": ("paid", "paid"),
    "take": ("took", "taken"),
    "write": ("wrote", "written"),
    "forgive": ("forgave", "forgiven"),
    "override": ("overrode", "overridden"),
    "have": ("had", "had"),
    "see": ("saw", "seen"),
    "do": ("did", "done"),
    "bear": ("bore", "borne"),
    "strike": ("struck", "struck"),
    "undo": ("undid", "undone"),
    "keep": ("kept", "kept"),
    "hold": ("held", "held"),
    "freeze": ("froze", "frozen"),
}

_DOUBLE_FINAL = frozenset(
    {"ship", "reship", "re-ship", "drop", "scrap", "cancel", "strip", "get", "set", "put", "cut",
     "transfer", "swap", "pop", "annul", "zap", "scrub"}
)  # fmt: skip
"""Verbs whose last consonant doubles: ``shipped``, ``getting``... (``cancelled`` is British;
``canceled`` is added as the American spelling)."""


def forms(base: str) -> VerbForms:
    """The inflections of `base` (``apply`` -> ``applies``, ``applied``, ``applying``)."""
    if base in _IRREGULAR:
        past, participle = _IRREGULAR[base]
    elif base.endswith("e"):
        past = participle = base + "d"
    elif base.endswith("y") and base[-2] not in "aeiou":
        past = participle = base[:-1] + "ied"
    elif base in _DOUBLE_FINAL:
        past = participle = base + base[-1] + "ed"
    else:
        past = participle = base + "ed"
    if base.endswith(("s", "sh", "ch", "x", "z")):
        third = base + "es"
    elif base.endswith("y") and base[-2] not in "aeiou":
        third = base[:-1] + "ies"
    elif base == "have":
        third = "has"
    elif base == "do":
        third = "does"
    else:
        third = base + "s"
    if base.endswith("e") and not base.endswith(("ee", "ye")):
        ing = base[:-1] + "ing"
    elif base in _DOUBLE_FINAL:
        ing = base + base[-1] + "ing"
    else:
        ing = base + "ing"
    return VerbForms(base, third, past, participle, ing)


def lemma_table(bases: Iterable[str]) -> dict[str, tuple[str, str]]:
    """Map every written form of `bases` to its base and form.

    The form is ``base``, ``third``, ``past`` (past tense or participle) or ``ing``.

    American and British spellings are both listed (``canceled``/``cancelled``,
    ``authorize``/``authorise``, ``honor``/``honour``).
    """
    table: dict[str, tuple[str, str]] = {}
    for base in bases:
        f = forms(base)
        for written, kind in (
            (f.base, "base"),
            (f.third, "third"),
            (f.past, "past"),
            (f.participle, "past"),
            (f.ing, "ing"),
        ):
            table.setdefault(written, (base, kind))
        if base in {"cancel", "comp"} or base.endswith("cel"):
            table.setdefault(base + "ed", (base, "past"))
            table.setdefault(base + "ing", (base, "ing"))
    return table
