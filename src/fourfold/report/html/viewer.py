"""What the viewer (`fourfold serve`) builds its pages from, beside the report's own API.

The report's public face (`fourfold.report.html`) is what users call: build, render, write
and load a report. The viewer serves the same report and adds pages of its own (a trial's
row, the labelling page's calibration and confusion matrix, JSON embedded in a page); it
takes those pieces from here, so no package reaches into this one's private modules. They
follow the viewer's needs and are not a stable API.
"""

from ._model import CalibrationView
from ._plots import confusion_matrix
from ._render import embed_json
from ._trial import trial_row

__all__ = ["CalibrationView", "confusion_matrix", "embed_json", "trial_row"]
