"""Which positions of the pack as dealt each game deals to each hand (``Game.hand_positions``),
stated here from the rules' own words, apart from the code that deals: the conformance suite
checks the positions against the hands each deal shows, and this pins them to the rules,
open cards, widows and stocks included, which a hand's check alone cannot tell apart."""

from __future__ import annotations

import random

import pytest

from app.engine import GAMES, get_game
from app.engine.hand_positions import dealt_to, pack_from, positions_of


def packets(first: int, size: int, every: int, total: int) -> tuple[int, ...]:
    """Packets of ``size`` from position ``first``, one every ``every`` positions, up to
    ``total``."""
    return tuple(p for start in range(first, total, every) for p in range(start, start + size))


NONE: tuple[int, ...] = ()

# (game, seats, options): the positions of the seat k places after the dealer, k = 0 first
EXPECTED: list[tuple[str, int, dict[str, object], tuple[tuple[int, ...], ...]]] = [
    # Bismarck §3.2: four open cards, then one at a time from forehand, the dealer's left;
    # at four seats the dealer sits out
    (
        "bismarck",
        3,
        {},
        (tuple(range(6, 52, 3)), tuple(range(4, 52, 3)), tuple(range(5, 52, 3))),
    ),
    (
        "bismarck",
        4,
        {},
        (NONE, tuple(range(4, 52, 3)), tuple(range(5, 52, 3)), tuple(range(6, 52, 3))),
    ),
    # Finnish §2: four open cards, then one at a time to all four from forehand
    (
        "finnish_bismarck",
        4,
        {},
        tuple(tuple(range(4 + (k - 1) % 4, 52, 4)) for k in range(4)),
    ),
    # German Whist §3: one at a time, the non-dealer first; the stock after the 26
    ("german_whist", 2, {}, (tuple(range(1, 26, 2)), tuple(range(0, 26, 2)))),
    # spades §2: one at a time from the dealer's left
    ("spades", 4, {}, tuple(tuple(range((k - 1) % 4, 52, 4)) for k in range(4))),
    # Sixty-six, Clarification 7: threes, the non-dealer's first; then the turned card
    ("sixty_six", 2, {}, ((3, 4, 5, 9, 10, 11), (0, 1, 2, 6, 7, 8))),
    # Schnapsen §3: three each from the non-dealer, the trump turned (6), then two each
    ("schnapsen", 2, {}, ((3, 4, 5, 9, 10), (0, 1, 2, 7, 8))),
    # auction pinochle §3: a round of threes to the three active seats from eldest, three to
    # the widow, then four rounds of threes; active: the three from the dealer's left, at
    # five the dealer and the seat two after him sit out (§1)
    (
        "auction_pinochle",
        3,
        {},
        (
            (6, 7, 8, *packets(18, 3, 9, 48)),
            (0, 1, 2, *packets(12, 3, 9, 48)),
            (3, 4, 5, *packets(15, 3, 9, 48)),
        ),
    ),
    (
        "auction_pinochle",
        4,
        {},
        (
            NONE,
            (0, 1, 2, *packets(12, 3, 9, 48)),
            (3, 4, 5, *packets(15, 3, 9, 48)),
            (6, 7, 8, *packets(18, 3, 9, 48)),
        ),
    ),
    (
        "auction_pinochle",
        5,
        {},
        (
            NONE,
            (0, 1, 2, *packets(12, 3, 9, 48)),
            NONE,
            (3, 4, 5, *packets(15, 3, 9, 48)),
            (6, 7, 8, *packets(18, 3, 9, 48)),
        ),
    ),
    # fours: 4-4-4, the widow's three (12-14), 4-4-4 twice, then a round of threes
    (
        "auction_pinochle",
        3,
        {"packets": 4},
        (
            (8, 9, 10, 11, 23, 24, 25, 26, 35, 36, 37, 38, 45, 46, 47),
            (0, 1, 2, 3, 15, 16, 17, 18, 27, 28, 29, 30, 39, 40, 41),
            (4, 5, 6, 7, 19, 20, 21, 22, 31, 32, 33, 34, 42, 43, 44),
        ),
    ),
    (
        "auction_pinochle",
        5,
        {"packets": 4},
        (
            NONE,
            (0, 1, 2, 3, 15, 16, 17, 18, 27, 28, 29, 30, 39, 40, 41),
            NONE,
            (4, 5, 6, 7, 19, 20, 21, 22, 31, 32, 33, 34, 42, 43, 44),
            (8, 9, 10, 11, 23, 24, 25, 26, 35, 36, 37, 38, 45, 46, 47),
        ),
    ),
    # the partnership pinochles §3: packets from the dealer's left, threes of 48, fives of 80
    (
        "partnership_pinochle",
        4,
        {},
        tuple(packets(3 * ((k - 1) % 4), 3, 12, 48) for k in range(4)),
    ),
    (
        "double_deck_pinochle",
        4,
        {},
        tuple(packets(5 * ((k - 1) % 4), 5, 20, 80) for k in range(4)),
    ),
    # bezique: the non-dealer first, one at a time (rubicon §3) or threes (Chinese §2);
    # the stock follows
    ("bezique_rubicon", 2, {}, (tuple(range(1, 18, 2)), tuple(range(0, 18, 2)))),
    ("chinese_bezique", 2, {}, (packets(3, 3, 6, 24), packets(0, 3, 6, 24))),
]


@pytest.mark.parametrize(
    ("name", "seats", "given", "expected"),
    [
        pytest.param(*case, id="-".join([case[0], str(case[1]), *map(str, case[2].values())]))
        for case in EXPECTED
    ],
)
def test_each_game_deals_its_hands_from_the_positions_its_rules_say(
    name: str, seats: int, given: dict[str, object], expected: tuple[tuple[int, ...], ...]
) -> None:
    game = get_game(name)
    assert game.hand_positions is not None
    assert game.hand_positions(seats, game.resolve_options(given)) == expected


def test_every_registered_seat_count_is_pinned() -> None:
    pinned = {(name, seats) for name, seats, _, _ in EXPECTED}
    assert pinned == {(name, n) for name, game in GAMES.items() for n in game.seat_counts}


def test_positions_deal_a_pack_and_a_pack_is_rebuilt_from_its_hands() -> None:
    places = [None, 1, 2, 0, 1, None, 2, 0, 1, 2, 0, None]
    positions = positions_of(places, 3)
    assert positions == ((3, 7, 10), (1, 4, 8), (2, 6, 9))
    pack = [f"c{p}" for p in range(len(places))]
    rng = random.Random(0)
    for dealer in range(3):
        hands = dealt_to(pack, positions, dealer)
        assert hands[(dealer + 1) % 3] == ["c1", "c4", "c8"]
        shuffled = [list(h) for h in hands]
        for h in shuffled:
            rng.shuffle(h)
        rebuilt = pack_from(shuffled, positions, dealer, rest=["c0", "c5", "c11"])
        assert dealt_to(rebuilt, positions, dealer) == shuffled
        assert [rebuilt[p] for p in (0, 5, 11)] == ["c0", "c5", "c11"]
