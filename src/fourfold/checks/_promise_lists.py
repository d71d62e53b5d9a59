"""Acts listed under a heading that commits to them: "**What we'll do:**" and its list.

A support reply written after tool calls often says what will be done as a list under a
heading: "### What we'll do for you", "**Next steps on my side:**", "What we're doing about
it:", then "1. Refund the £8.50 transaction fee", "- Cover the £95 callout in full". Each
line is an imperative with no subject, and on its own ("Refund the fee.") would read as an
instruction to the customer; under such a heading it is the agent's commitment.
`under_commitment_heading` says whether a sentence is such a list's line, reading back
through the list to its heading, a bounded stretch of the text.

A label naming the agent's own next step commits the same way, to a list under it or to its
value on its own line (the dev split's backlog, rounds 28 to 227): "**Next step (me):**
refund £4.99", "**What I'll do:** move you to a Junior Suite", "**Our fix:** ...".
`own_step_label` reads such a label whole (`_LABEL`: "What I'll do", "What we're doing",
"Next step (me)", "Next steps (I handle this)", "Next steps for us", "My next steps", "Our
fix", "My solution"; not "Options", "Policy", "What we can do", "If it arrives damaged", nor
"Next step (you)"), and `opens_own_step` says whether a word opens its value (a verb there is
the agent's act to come: `_promise_grants.GrantReader._listed`; a granting frame there:
`_promise_own_steps`).
"""

from __future__ import annotations

import re

__all__ = ["label_of", "opens_own_step", "own_step_label", "under_commitment_heading"]

_HEADING = re.compile(
    r"(?i)(?:what\s+(?:we|i)(?:['’]ll|\s+will|['’](?:re|m)\s+going\s+to|\s+are\s+going\s+to"
    r"|\s+am\s+going\s+to)\s+do|what\s+(?:we['’]re|we\s+are|i['’]m|i\s+am)\s+(?:doing|"
    r"committing\s+to)|next\s+steps\s+on\s+(?:my|our)\s+side|here['’]?s\s+what\s+(?:we|i)"
    r"(?:['’]ll|\s+will)\s+do|what\s+(?:we|i)\s+(?:can|will)\s+do\s+for\s+you"
    r"|what\s+(?:we['’]re|we\s+are)\s+doing)"
)
"""A heading that says the agent will do what its list says: "What we'll do (for you)",
"What we're doing about it", "Next steps on my side", "Here's what I'll do", "What I'm going
to do" (straight or curly apostrophes)."""
_ITEM = re.compile(r"[ \t]*(?:[-*+\u2022]|\d{1,2}[.)])[ \t]")
"""A list line's marker: a bullet, or a number and a full stop or bracket."""
_REACH = 1_200
"""How far back, in characters, a list line looks for its heading."""


def under_commitment_heading(text: str, start: int) -> bool:
    """Whether `text[start]` opens a list line under a heading that commits to its acts.

    The line holds `start` after its marker; the lines before it, up to the heading, are
    lines of the same list (or blank); the heading is the first line that is not.
    """
    line = text.rfind("\n", 0, start) + 1
    if _ITEM.match(text, line) is None or text[line:start].strip(" \t-*+\u2022.)0123456789"):
        return False
    end = line - 1
    floor = max(0, start - _REACH)
    while end > floor:
        begin = text.rfind("\n", 0, end) + 1
        current = text[begin:end]
        if current.strip() and _ITEM.match(current) is None:
            return _HEADING.search(current) is not None or own_step_label(current)
        end = begin - 1
    return False


_DOING = r"(?:next|now|today|for\s+you|about\s+it|about\s+this|from\s+here)"
_LABEL = re.compile(
    rf"""(?x)
    what\s+(?:i|we)\s*(?:'ll|\s+will|'m\s+going\s+to|\s+am\s+going\s+to|'re\s+going\s+to
        |\s+are\s+going\s+to)\s+do(?:\s+{_DOING})?
    |what\s+(?:i|we)\s*(?:'m|\s+am|'re|\s+are)\s+(?:doing|arranging|sorting)(?:\s+{_DOING})?
    |(?:(?:my|our)\s+)?next\s+steps?\s*(?:\(\s*(?:me|us|mine|ours|on\s+me|on\s+us|my\s+side
        |our\s+side|(?:i|we)(?:'ll|\s+will)?\s+[a-z' ]{{1,24}})\s*\)|(?:for|from|on)\s+(?:me|us
        |my\s+(?:side|end)|our\s+(?:side|end)))
    |(?:my|our)\s+next\s+steps?
    |(?:my|our)\s+(?:fix|solution|remedy|resolution|action\s+plan|plan\s+of\s+action)
    """
)
"""A label that names the speaker's own step (the whole label, lower case, straight
apostrophes): "what i'll do", "next step (me)", "next steps (i handle this)", "our fix"."""

_MARKS = " \t*_#>-+\u2022"
"""What stands around a label on its line: spaces, emphasis, a heading's or a list's mark."""

_LABEL_REACH = 160
"""How far back, in characters, a label's colon and its line's start are looked for."""


def own_step_label(label: str) -> bool:
    """Whether `label` (a line's text before its colon) names the speaker's own step."""
    said = label.strip(_MARKS).rstrip(":").strip(_MARKS).lower().replace("\u2019", "'")
    if len(said) > 48:
        return False
    return _LABEL.fullmatch(said) is not None


def label_of(text: str, start: int) -> tuple[int, int]:
    """The line's start and the colon of the label `text[start]` is the value of, or -1s."""
    floor = max(0, start - _LABEL_REACH)
    line = text.rfind("\n", floor, start) + 1
    if line == 0 and floor > 0:
        return -1, -1  # the line opens further back than any label reaches
    colon = text.find(":", line, start)
    return (line, colon) if colon >= 0 else (-1, -1)


def opens_own_step(text: str, start: int) -> bool:
    """Whether `text[start]` opens the value of a label naming the agent's own step.

    Only marks may stand between the label's colon and `start` ("**Next step (me):**
    refund £4.99").
    """
    line, colon = label_of(text, start)
    if colon < 0 or text[colon + 1 : start].strip(_MARKS):
        return False
    return own_step_label(text[line:colon])
