"""Cases: what to ask the agent and what success means, loaded from files.

Cases generated from the team's records (a catalog, help articles) are `fourfold.generate`'s.
"""

from .._lazy import publish
from ._case import Case
from ._load import load_cases
from ._user import DEFAULT_STOP, Fact, SimulatedUser

__all__ = ["DEFAULT_STOP", "Case", "Fact", "SimulatedUser", "load_cases"]

publish(__name__, __all__)
