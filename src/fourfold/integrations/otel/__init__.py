"""OpenTelemetry GenAI and OpenInference spans, assembled into traces."""

from ..._lazy import publish
from ._openinference import from_openinference, interpret_openinference
from ._otel import from_otel, interpret_otel

__all__ = ["from_openinference", "from_otel", "interpret_openinference", "interpret_otel"]

publish(__name__, __all__)
