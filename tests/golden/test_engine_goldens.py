"""Every registered game stays exactly as it is: seeded matches produce the very views,
hidden cards, refusals, records, verdicts, scoresheets and outcomes they produced when the
golden file was written (engines.py says what goes into each digest and how to look at a
difference)."""

from __future__ import annotations

from typing import Any

import pytest

from golden.engines import GAMES, capture, first_difference, read

GOLDEN: dict[str, Any] = read()


def _matches_differing(game: str, golden: dict[str, Any], produced: dict[str, Any]) -> list[str]:
    out = []
    for label in sorted(golden.keys() | produced.keys()):
        was, now = golden.get(label), produced.get(label)
        if was is None or now is None:
            out.append(f"{label}: {'new' if was is None else 'gone'}")
        elif was["play"] != now["play"]:
            step = first_difference(was["steps"], now["steps"])
            where = f"first at step {step}" if step is not None else "at its last step"
            out.append(f"{label}: {where}")
    return out


@pytest.mark.parametrize("name", list(GAMES))
def test_a_game_plays_its_seeded_matches_as_the_golden_file_says(name: str) -> None:
    assert name in GOLDEN, (
        f"{name} has no golden digests: python tests/golden/engines.py --write {name}"
    )
    golden, produced = GOLDEN[name], capture(GAMES[name])
    assert produced["notation"] == golden["notation"], (
        f"{name}: the texts it reads as actions, or its words refusing them, changed"
    )
    differing = _matches_differing(name, golden["matches"], produced["matches"])
    assert not differing, (
        f"{name}: {len(differing)} seeded matches differ from the golden file: {differing}."
        f" Dump them before and after the change (python tests/golden/engines.py --dump DIR"
        f" {name}) and diff; if the difference is intended, write the game's digests anew"
        f" with --write {name}."
    )
    changed = sorted(
        k for k in golden["resample"] if golden["resample"][k] != produced["resample"].get(k)
    )
    assert not changed, (
        f"{name}: the resampler dealt otherwise in {changed}; if it was changed on purpose,"
        f" write its digests anew (python tests/golden/engines.py --write-resample {name})"
        " and say why in the change."
    )
