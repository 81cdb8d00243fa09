"""``bench/bots.py --samples``: the strength run's strong bots held to a number of sampled
deals per decision instead of a time budget, the same play on a busy machine as on a quiet
one; ``--progress`` reports each deal set as it comes."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from app.bots.bezique.strong import LEAST_EVIDENCE

ROOT = Path(__file__).resolve().parents[3]


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_bots", ROOT / "bench" / "bots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_samples_hold_a_strong_bot_to_that_many_sampled_deals() -> None:
    bots = bench()
    strong = bots.make_level("bezique_rubicon", "strong", 3, bots.NO_LIMIT, 5)
    assert strong.max_samples == 5
    basic = bots.make_level("bezique_rubicon", "basic", 3, bots.NO_LIMIT, 5)
    assert not hasattr(basic, "max_samples")


def test_a_strong_bot_with_too_few_samples_to_judge_by_ties_the_basic_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # below LEAST_EVIDENCE sampled deals the strong level keeps every choice of the basic
    # level, so the pack is played alike in both seatings and the margin is exactly nought
    samples = LEAST_EVIDENCE - 1
    argv = ["--game", "bezique_rubicon", "--deals", "0", "--strong-deals", "1"]
    argv += ["--samples", str(samples), "--timing-deals", "0", "--workers", "1", "--progress"]
    assert bench().main(argv) == 0
    out = capsys.readouterr().out
    assert f"strength samples {samples} per decision" in out
    assert f"1 deal sets x 2 rotations, {samples} sampled deals" in out
    assert "deal set 0: +0.0; the first 1: +0.0" in out
    assert "deal sets won/tied/lost by strong: 0/1/0" in out
