"""The words that make a forecast certain wherever they stand in its sentence.

A forecast ("your parcel will arrive on Friday", "the fee won't show up again") is not yet a
promise: an assuring phrase of its sentence makes it one ("..., I promise", "trust me, ...",
"mark my words"), and `_guarantees.GuaranteeReader.assuring` finds where they start for the
rules that read certain outcomes (`_promise_shapes`, `_promise_present_sure`,
`_promise_sayings`, `_promise_assured_losses`).

Round 232 of the corpus staked the speaker's name on a forecast ("I'm staking my name on
it", as "my job on it"), bade the customer take it to the bank ("you can take that to the
bank", as "bank on it"), told it with full or total certainty, with zero doubt, or said it
flat out ("what I can say flat out is that ..."), and called a date "not an estimate". It
also wished it could tell a certainty it then denied: "I'd love to tell you it's a certainty
for the 23rd. I honestly can't." (`wished_telling`: the telling is wished for, not done, so
what it would tell is negated).
"""

from __future__ import annotations

from ._grammar import phrase_index

__all__ = ["ASSURING", "ASSURING_INDEX", "IMPERATIVE", "OPENING", "wished_telling"]


ASSURING: tuple[tuple[str, ...], ...] = (
    ("rest", "assured"), ("i", "assure"), ("we", "assure"), ("can", "assure"),
    ("i", "promise"), ("we", "promise"), ("i", "guarantee"), ("we", "guarantee"),
    ("my", "word"), ("our", "word"), ("for", "sure"), ("for", "certain"), ("without", "fail"),
    ("with", "certainty"), ("with", "absolute", "certainty"), ("with", "complete", "certainty"),
    ("without", "a", "doubt"), ("no", "doubt"), ("100%",), ("guaranteed",), ("100", "percent"),
    ("no", "matter", "what"), ("trust", "me"), ("full", "stop"), ("no", "ifs"),
    ("no", "question"), ("without", "doubt"), ("without", "any", "doubt"),
    (",", "absolutely", "certain"), (",", "completely", "certain"), (",", "totally", "certain"),
    (",", "absolutely", "sure"), (",", "one", "hundred", "percent"), ("believe", "me"),
    ("mark", "my", "words"), ("be", "assured"), ("telling", "you", "straight"), ("count", "on"),
    ("bank", "on", "it"), ("hand", "on", "heart"), ("take", "it", "as", "read"),
    ("take", "it", "from", "me"), ("my", "house", "on", "it"), ("whatever", "happens"),
    ("come", "what", "may"), ("cast-iron",), ("cast", "-", "iron"), ("can", "be", "sure"),
    ("can", "be", "totally", "sure"), ("can", "be", "completely", "sure"),  # as "rest assured"
    ("definitely", "that"), ("certainly", "that"),  # "I can say definitely that it will..."
    ("no", "two", "ways"), ("my", "job", "on", "it"), ("my", "life", "on", "it"),
    ("my", "reputation", "on", "it"), (",", "that", "is", "certain"),  # a tag after a comma
    *(("put", "it", "in", "writing", x) for x in (":", ",", ".", "!", "—", "–", ";")),
    ("put", "your", "mind", "at", "ease"), ("is", "a", "given"), ("a", "done", "deal"),
    ("is", "done", "deal"), ("please", "be", "sure"), (",", "this", "is", "certain"),
    ("made", "sure", "of", "that"), ("made", "absolutely", "sure", "of", "that"),
    ("my", "name", "on", "it"), ("that", "to", "the", "bank"), ("it", "to", "the", "bank"),
    ("with", "full", "certainty"), ("with", "total", "certainty"), ("zero", "doubt"),
    ("say", "flat", "out"), ("tell", "you", "flat", "out"), (",", "not", "an", "estimate"),
    *((m, c, "of", "it") for m in ("'m", "am") for c in ("certain", "sure", "positive")),
    ("'s", "not", "a", "maybe"), ("is", "not", "a", "maybe"), ("consider", "it", "certain"),
    ("for", "a", "fact"),  # round 269: "..., I can tell you that for a fact"
    *((v, "in", "stone") for v in ("set", "cast", "carved", "written")),  # round 279
    ("nailed", "down"), ("come", "rain", "or", "shine"), ("rain", "or", "shine"),
    ("without", "a", "shadow", "of", "a", "doubt"), ("beyond", "a", "shadow", "of", "a", "doubt"),
    ("beyond", "doubt"), ("beyond", "any", "doubt"), ("without", "reservation"),
    ("without", "any", "reservation"), ("as", "certain", "as"), ("as", "sure", "as"),
    ("definitely", ","), ("absolutely", "certain", ","), ("absolutely", "sure", ","),  # OPENING
    ("i", "'m", "certain"), ("i", "am", "certain"), ("hundred", "percent"),  # the backlog
)  # fmt: skip
"""Words that make a forecast certain wherever they stand in its sentence.

"It'll be there tomorrow, I promise", "you'll have it Friday, absolutely certain" (a
certainty tacked on after a comma, its "I'm" left out; "..., that's certain"). Round 195 staked
the speaker's job on it ("I'd stake my job on it"), left no two ways about it, and put it in
writing as a tag ("I'll put it in writing: ..."; not "I'll put it in writing and send it").
Round 225 set minds at ease ("Put your mind at ease: ..."), called the outcome a given ("It is
a given that ...") or a done deal, bade the customer "please be sure", and had "made
(absolutely) sure of that" after the forecast. Round 232's are told in the module's docstring;
"take it to the bank" is anchored at "it" or "that", for "take" follows "can" there.
The adverbs ("definitely") make a forecast certain only inside it ("it will definitely
arrive"), or before the "that" of the forecast they qualify the telling of ("I can say
definitely that it will be back"). Round 236 tacked the speaker's own certainty on after the
forecast ("..., I'm certain of it", "I am sure of it"; not "I'm not sure of it", whose "not"
stands between), denied it was a maybe ("and that's not a maybe"), and bade the customer
"consider it certain" before it. Round 269 told it "for a fact" ("it'll be there Friday, I
know that for a fact"), as "for certain". Round 279 called the outcome fixed ("that date is
nailed down", "set in stone", "cast in stone"), due "come rain or shine", told "without a
shadow of a doubt", "beyond doubt" or "without reservation" ("we confirm without reservation
that ..."), or as sure as something proverbial ("it's as certain as anything gets").
"""


ASSURING_INDEX = phrase_index(ASSURING)
"""`ASSURING` indexed by first word (`_grammar.phrase_index`)."""

IMPERATIVE = frozenset({"believe", "mark", "count", "take", "bank", "consider"})
"""An assuring phrase that is an imperative, which opens its clause ("Believe me, ..."; not
"you won't believe me")."""

OPENING = frozenset({"definitely", "absolutely"})
"""An adverb that assures a forecast as a phrase of its own only when it opens the sentence,
before a comma ("Definitely, you'll have the keys on the 1st", "Absolutely certain, the
payment lands today"); inside a sentence it qualifies its own verb ("it will definitely
arrive", read there) or answers ("yes, absolutely, ...")."""

_WISHING = frozenset({"love", "like", "wish"})
"""The wish before a telling: "I'd love to tell you", "I'd like to say", "I wish I could say"."""

_TELLING = frozenset({"tell", "say", "promise"})


def wished_telling(words: list[str], start: int, end: int) -> bool:
    """Whether a wish to tell stands in `words[start:end]`, before what it would tell.

    "I'd love to tell you it's a certainty", "I wish I could say it's a promise": a wish
    ("love", "like", "wish"), then within four words a verb of telling. Reads at most the
    span it is given, so it costs time linear in it.
    """
    for k in range(start, end):
        if words[k] in _WISHING and not _TELLING.isdisjoint(words[k + 1 : min(end, k + 5)]):
            return True
    return False
