"""The control-limit rule, durations and the monitor's settings."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from fourfold import ConfigError
from fourfold.monitor import MonitorConfig, judged_sample, p_chart, parse_duration


@pytest.mark.parametrize(
    ("history", "n", "passed", "direction"),
    [
        # p̄ = 0.9 over 5 windows of 100; n = 100: limits 0.9 ± (3·0.030 + 0.005)
        ([(90, 100)] * 5, 100, 90, None),
        ([(90, 100)] * 5, 100, 81, None),
        ([(90, 100)] * 5, 100, 80, "down"),
        ([(90, 100)] * 5, 100, 99, None),
        ([(90, 100)] * 5, 100, 100, "up"),
        # an all-pass history: one failure in 50 is in control, two are not
        ([(50, 50)] * 5, 50, 49, None),
        ([(50, 50)] * 5, 50, 48, "down"),
        # a small window gets wide limits
        ([(95, 100)] * 5, 5, 4, None),
        ([(95, 100)] * 5, 5, 2, "down"),
        # unequal windows pool their traces, not their rates
        ([(10, 10), (80, 100)], 100, 70, None),
    ],
)
def test_p_chart(history, n, passed, direction):
    limits = p_chart(history, n)
    assert limits is not None
    assert limits.direction(passed / n) == direction


def test_p_chart_limits_follow_the_formula():
    limits = p_chart([(90, 100)] * 5, 100)
    smoothed = 451 / 502
    half = 3 * math.sqrt(smoothed * (1 - smoothed) / 100) + 0.005
    assert limits.center == pytest.approx(0.9)
    assert (limits.lower, limits.upper) == (pytest.approx(0.9 - half), pytest.approx(0.9 + half))
    assert (limits.history_windows, limits.history_traces) == (5, 500)
    assert p_chart([(90, 100)] * 5, 100, sigma=2).lower > limits.lower


@pytest.mark.parametrize(("history", "n"), [([], 10), ([(0, 0)], 10), ([(5, 10)], 0)])
def test_p_chart_without_data_gives_no_limits(history, n):
    assert p_chart(history, n) is None


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("5m", 300.0),
        ("30s", 30.0),
        ("90", 90.0),
        ("1.5h", 5400.0),
        ("1d", 86400.0),
        (" 2 m ", 120.0),
    ],
)
def test_parse_duration(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "5x", "-1m", "m", "0", "five minutes"])
def test_parse_duration_refuses(text):
    with pytest.raises(ConfigError, match="not a duration"):
        parse_duration(text)


def test_zero_is_a_duration_only_where_allowed():
    assert parse_duration("0s", allow_zero=True) == 0.0


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"watch": "x", "history": 3, "min_history": 5}, "cannot exceed history"),
        ({}, "a folder to watch or a port"),
        ({"watch": "x", "judge_share": 1.5}, "less than or equal to 1"),
        ({"watch": "x", "surprise": 1}, "Extra inputs"),
    ],
)
def test_monitor_config_refuses(settings, message):
    with pytest.raises(ValidationError, match=message):
        MonitorConfig(**settings)


def test_the_judged_sample_is_stable_and_about_the_share():
    ids = [f"trace-{i}" for i in range(4000)]
    chosen = [i for i in ids if judged_sample(i, 0.1)]
    assert 320 <= len(chosen) <= 480
    assert chosen == [i for i in ids if judged_sample(i, 0.1)]
    assert chosen != [i for i in ids if judged_sample(i, 0.1, seed=1)]
    # a larger share keeps every trace a smaller one judged
    assert set(chosen) <= {i for i in ids if judged_sample(i, 0.2)}
