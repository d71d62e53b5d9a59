"""Acts listed under a heading that commits to them: "**What we'll do:**" and its list.

A support reply written after tool calls often says what will be done as a list under a
heading: "### What we'll do for you", "**Next steps on my side:**", "What we're doing about
it:", then "1. Refund the £8.50 transaction fee", "- Cover the £95 callout in full". Each
line is an imperative with no subject, and on its own ("Refund the fee.") would read as an
instruction to the customer; under such a heading it is the agent's commitment.
`under_commitment_heading` says whether a sentence is such a list's line, reading back
through the list to its heading, a bounded stretch of the text.
"""

from __future__ import annotations

import re

__all__ = ["under_commitment_heading"]

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
            return _HEADING.search(current) is not None
        end = begin - 1
    return False
