"""The shuffle of docs/fairness.md: its test vector, and the properties a fair shuffle has."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from app.engine import get_game
from app.engine.deal_check import NOTES, REASONS, Seen, canonical_pack, check_deal
from app.engine.fairness import (
    below,
    commitment,
    first_dealer,
    is_client_seed,
    is_server_seed,
    message,
    shuffled,
)
from app.verify import run

SEED = "0f" * 32
PACK = get_game("sixty_six").pack.cards


def test_the_documented_vector() -> None:
    assert commitment(SEED) == "9b68d49bb092f71292ad76ab8fb8750d710aae5af70e43b8ec0a901d048c0030"
    assert message(1, ["anna", ""]) == b"1:anna,"
    first = "TC 9D KD QC KC JD 9H 9C TS TD QS JH KH KS AH AC 9S QD TH QH JS AS AD JC"
    second = "TS AS QH 9H QS JS KD KH 9D TH JC AH JH AC TD KC AD TC 9C QC JD 9S KS QD"
    assert " ".join(shuffled(PACK, SEED, 1, ["anna", ""])) == first
    assert " ".join(shuffled(PACK, SEED, 2, ["anna", ""])) == second


def test_the_canonical_pack_is_suits_then_ranks_then_copies() -> None:
    assert PACK[:8] == ("AS", "TS", "KS", "QS", "JS", "9S", "AH", "TH")
    assert get_game("auction_pinochle").pack.cards[:4] == ("AS", "AS", "TS", "TS")


def test_every_input_changes_the_order() -> None:
    base = shuffled(PACK, SEED, 1, ["a", "b"])
    assert shuffled(PACK, SEED, 1, ["a", "b"]) == base
    others = [
        shuffled(PACK, "1f" + SEED[2:], 1, ["a", "b"]),
        shuffled(PACK, SEED, 2, ["a", "b"]),
        shuffled(PACK, SEED, 1, ["a", "c"]),
        shuffled(PACK, SEED, 1, ["b", "a"]),
        # the separator keeps seeds apart: "ab" and "" is not "a" and "b"
        shuffled(PACK, SEED, 1, ["ab", ""]),
    ]
    for other in others:
        assert Counter(other) == Counter(base) and other != base


def test_a_number_below_skips_the_words_that_would_bias_it() -> None:
    limit = (1 << 32) - (1 << 32) % 3
    assert below(iter([limit, limit + 1, 7]), 3) == 1
    assert below(iter([5]), 1) == 0


def test_each_card_lands_in_each_place_about_equally_often() -> None:
    rng = random.Random(3)
    pack = list("abcd")
    firsts = Counter(shuffled(pack, f"{rng.getrandbits(256):064x}", 1, [])[0] for _ in range(4000))
    assert all(850 < firsts[c] < 1150 for c in pack), firsts


@pytest.mark.parametrize("bad", ["a b", "x" * 65, "é", "a,b", "a:b", 5, None])
def test_client_seeds_are_of_the_schemes_characters(bad: object) -> None:
    assert not is_client_seed(bad)
    if isinstance(bad, str):
        with pytest.raises(ValueError):
            shuffled(PACK, SEED, 1, [bad])


def test_server_seeds_are_64_lowercase_hex_digits() -> None:
    assert is_server_seed(SEED) and is_client_seed("") and is_client_seed("A-z_09")
    for bad in ("0F" * 32, "0f" * 31, "0f" * 33, "zz" * 32):
        assert not is_server_seed(bad)
        with pytest.raises(ValueError):
            shuffled(PACK, bad, 1, [])


def test_verify_says_a_record_without_seeds_cannot_be_verified(tmp_path: Path) -> None:
    plain = tmp_path / "plain.json"
    plain.write_text(
        json.dumps(
            {"format": "kortbord-record/1", "game": "sixty_six", "players": ["A", "B"], "deals": []}
        )
    )
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    out = io.StringIO()
    assert run([str(plain), str(broken)], out=out) == 2
    lines = out.getvalue().splitlines()
    assert "no 'fairness'" in lines[0] and "not JSON" in lines[1]


# -- the published vectors (docs/fairness-vectors.json), shared with the browser's check -------

VECTORS = json.loads((Path(__file__).parents[2] / "docs" / "fairness-vectors.json").read_text())


@pytest.mark.parametrize("vector", VECTORS["shuffles"], ids=lambda v: v["name"])
def test_the_published_shuffles(vector: dict[str, Any]) -> None:
    pack = canonical_pack(vector["ranks"], vector["copies"])
    assert commitment(vector["server_seed"]) == vector["commitment"]
    order = shuffled(pack, vector["server_seed"], vector["deal"], vector["client_seeds"])
    assert order == vector["pack"]


@pytest.mark.parametrize("vector", VECTORS["first_dealers"], ids=lambda v: f"{v['seats']} seats")
def test_the_published_first_dealers(vector: dict[str, Any]) -> None:
    drawn = first_dealer(vector["server_seed"], vector["client_seeds"], vector["seats"])
    assert drawn == vector["first_dealer"]


@pytest.mark.parametrize("vector", VECTORS["checks"], ids=lambda v: v["name"])
def test_the_published_checks(vector: dict[str, Any]) -> None:
    seen = None if vector["seen"] is None else Seen.from_json(vector["seen"])
    pack = canonical_pack(vector["ranks"], vector["copies"])
    verdict = check_deal(vector["entry"], pack, vector["seats"], vector["hand_positions"], seen)
    assert verdict.to_json() == vector["expected"]


def test_the_vectors_cover_every_verdict_reason_and_note() -> None:
    expected = [v["expected"] for v in VECTORS["checks"]]
    assert {e["reason"] for e in expected} - {None} == set(REASONS)
    assert {n for e in expected for n in e["notes"]} == set(NOTES)


def test_the_doc_vector_is_among_the_published_ones() -> None:
    first = VECTORS["shuffles"][0]
    assert " ".join(first["pack"]) == (
        "TC 9D KD QC KC JD 9H 9C TS TD QS JH KH KS AH AC 9S QD TH QH JS AS AD JC"
    )
