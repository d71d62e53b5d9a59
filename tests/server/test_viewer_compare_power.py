"""The viewer's compare page: intervals marked unadjusted, and the detectable drop beside
every layer whose move decided nothing."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from fourfold.compare import compare
from fourfold.store import load_run
from tests.helpers.viewer_client import Viewed


def test_compare_marks_intervals_and_gives_the_detectable_drop(client: Any, viewed: Viewed) -> None:
    page = unescape(client.get(f"/compare?base={viewed.baseline}&cand={viewed.judged}").text)
    assert "95% interval (unadjusted)" in page
    assert "detectable drop" in page
    cmp = compare(load_run(viewed.store, viewed.baseline), load_run(viewed.store, viewed.judged))
    quiet = [d for d in cmp.layers if d.verdict in ("noise", "not_significant", "underpowered")]
    assert quiet, "the fixture should hold a layer whose move decided nothing"
    for d in cmp.layers:
        row = re.search(rf'<tr data-layer="{d.layer}".*?</tr>', page, re.S)
        assert row is not None
        cell = re.search(r'<td class="num detectable">(.*?)</td>', row.group(0), re.S)
        assert cell is not None
        if d in quiet:
            shown = "none" if d.detectable is None else f"≥ {d.detectable * 100:.1f} pts"
            assert cell.group(1) == shown
        else:
            assert cell.group(1) == "—"
