"""The heuristic card play, position by position: hands and tricks written as cards.

Positions are play-order positions; ``me`` is 1 unless said otherwise, and the voids list
gives, per position, the suits it has shown it lacks.
"""

from __future__ import annotations

from app.bots.bismarck.bits import CODE, SUIT_INDEX, TEXT, mask_of
from app.bots.bismarck.discard import best_discard
from app.bots.bismarck.policy import choose
from app.bots.bismarck.strong import distinct_cards
from app.engine.cards import FULL_DECK, parse_cards

NO_VOIDS = [0, 0, 0]


def m(text: str) -> int:
    return mask_of(parse_cards(text))


def play(
    hand: str,
    trick: str = "",
    *,
    take: bool = True,
    trump: str | None = None,
    voids: list[int] = NO_VOIDS,
    outstanding: str | None = None,
    me: int = 1,
) -> str:
    """The card chosen; cards neither in ``hand`` nor in ``trick`` are outstanding unless
    ``outstanding`` names them."""
    held = m(hand)
    cards = [CODE[c] for c in parse_cards(trick)]
    out = m(outstanding) if outstanding is not None else m(" ".join(FULL_DECK)) & ~held
    for c in cards:
        out &= ~(1 << c)
    t = SUIT_INDEX[trump] if trump else -1
    return TEXT[choose(held, cards, me, voids, out, t, take)]


def void(**suits_by_position: str) -> list[int]:
    masks = [0, 0, 0]
    for key, suits in suits_by_position.items():
        for s in suits:
            masks[int(key[1:])] |= 1 << SUIT_INDEX[s]
    return masks


def test_follows_suit_when_able() -> None:
    assert play("AS 2H 3C", "5H") == "2H"
    assert play("AS 2H 3C", "5H", take=False) == "2H"


def test_last_to_play_wins_as_cheaply_as_possible() -> None:
    assert play("AH QH 9H 2H", "5H 8H") == "9H"


def test_second_hand_plays_the_lowest_sure_winner() -> None:
    # the ace and king are both masters once the queen is in a hand we cannot see
    assert play("AH KH 3H", "5H", outstanding="QH 4H 7S") == "KH"


def test_second_hand_low_without_a_sure_winner() -> None:
    assert play("QH 3H", "5H", outstanding="AH KH 4H") == "3H"


def test_reads_a_void_behind_it() -> None:
    # the player after us has no heart and there are no trumps: our nine is enough
    assert play("AH 9H 3H", "7H", voids=void(p2="H")) == "9H"


def test_does_not_lead_a_master_into_a_ruff() -> None:
    hand = "AH 7D 6D 5D 2C"
    # hearts are masters, but the next player has shown no hearts and may hold trumps (spades)
    assert play(hand, trump="S", voids=void(p2="H"), outstanding="KH QH AS KS 9D") != "AH"
    assert play(hand, trump="S", outstanding="KH QH AS KS 9D") == "AH"


def test_draws_trumps_with_a_master() -> None:
    assert play("AS KS 4S 9H", trump="S", outstanding="QS 3S TH") == "KS"


def test_ruffs_when_void_and_last() -> None:
    assert play("QS 3S 9D", "AH KH", trump="S") == "3S"


def test_overruffs_only_when_it_can() -> None:
    assert play("QS 3S 9D", "AH 5S", trump="S") == "QS"
    assert play("4S 3S 9D", "AH 5S", trump="S") == "9D"


def test_pass_ducks_under_the_winner_with_the_highest_card_it_can() -> None:
    assert play("AH 9H 2H", "TH", take=False) == "9H"


def test_pass_sheds_the_biggest_card_on_a_trick_it_must_win() -> None:
    assert play("AH KH", "2H 3H", take=False) == "AH"


def test_pass_sheds_a_dangerous_card_when_void() -> None:
    assert play("AS 2S KD 3C", "5H", take=False) == "AS"


def test_pass_leads_a_card_that_can_lose() -> None:
    assert play("2S AH KH", take=False, outstanding="3S QH") == "2S"


def test_equal_cards_are_counted_once() -> None:
    # with the jack played, queen and ten are the same card; the king is live between A and Q
    hand = [CODE[c] for c in parse_cards("AH QH TH 4H")]
    live = m("KH 9H 3H 2H")
    assert sorted(TEXT[c] for c in distinct_cards(hand, live)) == sorted(["AH", "TH", "4H"])


def test_discards_fit_the_contract() -> None:
    hand = m("AS KS QS JS TS 9S AH KH 2H 3D 4D 5D 6D 7C 8C 9C TC JC QC 2C")
    spader = {TEXT[c] for c in range(52) if best_discard(hand, SUIT_INDEX["S"], True) >> c & 1}
    assert not {c for c in spader if c[1] == "S"}  # trumps are kept
    assert "AH" not in spader
    passing = {TEXT[c] for c in range(52) if best_discard(hand, -1, False) >> c & 1}
    assert {"AS", "AH"} <= passing  # aces are what pass must lose
