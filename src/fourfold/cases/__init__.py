"""Cases: what to ask the agent and what success means, loaded from files.

Cases generated from the team's records (a catalog, help articles) are `fourfold.generate`'s.
"""

from .._lazy import publish
from ._case import Case
from ._load import load_cases

__all__ = ["Case", "load_cases"]

publish(__name__, __all__)
