"""The shared meld module: one computation for every pinochle, by count of copies and a
meld table (partnership Clarification 4, double-deck §5 "Computation"), checked against
the vectors, against the auction table's old behaviour and against an independent count."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine.pinochle.helpers import cards, count_melds

from app.engine.cards import SUITS
from app.engine.pinochle import melds
from app.engine.pinochle.melds import (
    AUCTION,
    DOUBLE_DECK,
    PARTNERSHIP,
    Meld,
    MeldTable,
    best,
    best_value,
    shown_cards,
    value,
)


def kinds(found: list[Meld]) -> Counter[tuple[str, int, int]]:
    return Counter((m.kind, m.value, m.times) for m in found)


def test_the_auction_table_counts_a_repeated_set_as_separate_melds() -> None:
    hand = cards("QS QS JD JD AS AS AH AH AD AD AC AC")
    found = best(hand, "H")  # the auction table is the default
    assert kinds(found) == Counter({("pinochle", 40, 1): 2, ("aces", 100, 1): 2})
    assert value(hand, "H", AUCTION) == 280
    assert all(m.times == 1 for m in found)
    # the notation of shown melds is unchanged: one entry per meld, its cards once each
    assert melds.meld_text(found).count(";") == 3


def test_a_doubled_set_is_one_meld_with_times_when_its_value_is_not_a_multiple() -> None:
    found = best(cards("QS QS JD JD"), "H", PARTNERSHIP)
    assert found == [Meld("pinochle", ("QS", "QS", "JD", "JD"), 300, "B", times=2)]
    assert found[0].to_json() == {
        "kind": "pinochle",
        "cards": ["QS", "QS", "JD", "JD"],
        "value": 300,
    }


def test_two_double_deck_flushes_are_two_melds_of_150() -> None:
    hand = cards("AH AH TH TH KH KH QH QH JH JH")
    assert kinds(best(hand, "H", DOUBLE_DECK)) == Counter({("flush", 150, 1): 2})
    assert kinds(best(hand, "H", PARTNERSHIP)) == Counter({("flush", 1500, 2): 1})


def test_a_card_serves_in_melds_of_different_classes_once_shown() -> None:
    hand = cards("QS QS JD JD QH QH QD QD QC QC KS KS")
    found = best(hand, "H", PARTNERSHIP)
    # double pinochle 300, eight queens 600, two spade marriages 40
    assert value(hand, "H", PARTNERSHIP) == 940
    assert Counter(shown_cards(found)) == Counter(hand)


def test_best_value_is_the_most_over_the_four_trumps() -> None:
    hand = cards("AD TD KD QD JD KH QH 9S 9S")
    assert best_value(hand, PARTNERSHIP) == max(value(hand, s, PARTNERSHIP) for s in SUITS)
    assert best_value(hand, PARTNERSHIP) == value(hand, "D", PARTNERSHIP) == 150 + 20


def test_a_meld_table_values_every_set_for_the_same_copies() -> None:
    with pytest.raises(ValueError):
        MeldTable(flush=(150, 300), pinochle=(40,), arounds=PARTNERSHIP.arounds)
    with pytest.raises(ValueError):
        MeldTable(flush=(150,), pinochle=(40,), arounds={"A": (100,)})
    assert len(PARTNERSHIP.flush) == 2 and len(DOUBLE_DECK.flush) == 4
    with pytest.raises(ValueError):
        best(cards("QS QS QS JD JD JD"), "H", PARTNERSHIP)  # more copies than the table knows


@pytest.mark.parametrize("seed", range(6))
def test_random_hands_agree_with_the_formulas_written_out(seed: int) -> None:
    rng = random.Random(seed)
    single = [r + s for s in SUITS for r in "ATKQJ9"] * 2
    double = [r + s for s in SUITS for r in "ATKQJ"] * 4
    for _ in range(300):
        hand = rng.sample(single, 12)
        trump = rng.choice(SUITS)
        assert value(hand, trump, PARTNERSHIP) == count_melds(hand, trump, "partnership")
        hand = rng.sample(double, 20)
        assert value(hand, trump, DOUBLE_DECK) == count_melds(hand, trump, "double_deck")
    # rich hands, where doubled and tripled sets show up
    for _ in range(200):
        hand = rng.sample([r + s for s in SUITS for r in "AKQJ"] * 4, 20)
        trump = rng.choice(SUITS)
        assert value(hand, trump, DOUBLE_DECK) == count_melds(hand, trump, "double_deck")
