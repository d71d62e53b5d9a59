"""Cases: what to ask the agent and what success means."""

from ._case import Case
from ._load import load_cases

__all__ = ["Case", "load_cases"]
