"""Bismarck stays exactly as it is: seeded rooms produce the very bytes they produced when
the golden file was written (see capture.py for how to look at a difference)."""

from __future__ import annotations

import json

import pytest

from golden.capture import GOLDEN, digests
from golden.scenarios import SCENARIOS, capture


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_a_seeded_room_produces_its_golden_bytes(name: str) -> None:
    golden: dict[str, str] = json.loads(GOLDEN.read_text())[name]
    produced = digests(capture(name))
    changed = sorted(k for k in golden.keys() | produced.keys() if golden.get(k) != produced.get(k))
    assert not changed, (
        f"{name}: {len(changed)} artefacts differ from the golden file: {changed[:12]}."
        " Dump them before and after the change (python tests/golden/capture.py --dump DIR)"
        " and diff; if the difference is intended, write the golden file anew with --write."
    )
