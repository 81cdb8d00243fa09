"""Finnish Bismarck's basic level in clear positions: the partnership's card play, the
exchange's passes and the contract, written as cards.

Seats are the table's; ``me`` is seat 2 unless said otherwise, so its partner is seat 0 and
the opponents are seats 1 and 3. A trick given as cards was led by the seat that makes the
last card the one just before ``me``."""

from __future__ import annotations

import random

from app.bots import make_bot
from app.bots.bismarck.bits import CODE, SUIT_INDEX, TEXT, cards_of, mask_of
from app.bots.bismarck.finnish.contract import choose_contract
from app.bots.bismarck.finnish.exchange import forehand_pass, share, side_pass
from app.bots.bismarck.finnish.policy import choose
from app.engine import TABLE
from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.state import Match
from app.engine.cards import FULL_DECK, parse_cards
from app.engine.trick_game import deal_action

NO_VOIDS = [0, 0, 0, 0]
CONTRACTS = [
    "contract:trump",
    "contract:notrump",
    *(f"contract:free:{s}" for s in "SHDC"),
    "contract:misere",
]


def m(text: str) -> int:
    return mask_of(parse_cards(text))


def named(mask: int) -> set[str]:
    return set(cards_of(mask))


def play(
    hand: str,
    trick: str = "",
    *,
    take: bool = True,
    trump: str | None = None,
    voids: list[int] = NO_VOIDS,
    outstanding: str | None = None,
    me: int = 2,
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


def void(**suits_by_seat: str) -> list[int]:
    masks = [0, 0, 0, 0]
    for key, suits in suits_by_seat.items():
        for s in suits:
            masks[int(key[1:])] |= 1 << SUIT_INDEX[s]
    return masks


# -- the partner's trick ---------------------------------------------------------------------------


def test_never_overtakes_the_partners_sure_trick() -> None:
    # the partner (seat 0) led the ace, the opponent followed low: a king would only waste
    assert play("KH QH 2H", "AH 5H") == "2H"
    # last to play, the partner's queen winning: the lowest card, never the ace over it
    assert play("AH 3H", "4H QH 7H", me=1) == "3H"


def test_never_ruffs_the_partners_sure_trick() -> None:
    assert play("5S 2S 9D", "AH 4H", trump="S") == "9D"
    assert play("5S 2S 9D", "4H KH 7H", trump="S", me=1) == "9D"


def test_makes_the_partners_trick_sure_when_a_card_can() -> None:
    # the partner's queen may fall to the king behind; with the ace we take the trick for sure
    assert play("AH 3H", "QH 5H") == "AH"
    # the king would fall to the ace as the queen would: a low card
    assert play("KH 3H", "QH 5H") == "3H"
    # holding the ace, the partner's king is sure already
    assert play("AH 3H", "KH 5H") == "3H"


def test_wins_the_opponents_trick_as_cheaply_as_possible_when_last() -> None:
    assert play("AH QH 9H 2H", "5H 3H 8H", me=1) == "9H"


def test_second_hand_low_with_the_partner_behind() -> None:
    assert play("KH 3H", "5H", me=2, outstanding="AH QH 4H 7S") == "3H"


def test_third_hand_high_against_an_opponents_card() -> None:
    # the partner led low, the opponent's jack is winning: the king, lowest of equals
    # with the queen
    assert play("KH QH 2H", "3H JH", outstanding="AH TH 9H 5S") == "QH"


def test_leads_a_suit_the_partner_ruffs() -> None:
    # the partner has shown no diamonds and still has trumps; the opponents follow diamonds
    hand = "9D 4D 7C 5C 2H"
    assert play(hand, trump="S", voids=void(p0="D")) in {"9D", "4D"}


# -- misère ----------------------------------------------------------------------------------------


def test_misere_ducks_under_an_opponents_card() -> None:
    assert play("AH 9H 2H", "TH", take=False, me=1) == "9H"


def test_misere_sheds_the_biggest_card_on_the_partners_sure_trick() -> None:
    # the partner's ace holds the trick for the side whatever we play: rid of the king
    assert play("KH 7H 2H", "AH 5H", take=False) == "KH"


def test_misere_ducks_under_the_partners_card_when_it_may_be_overtaken() -> None:
    assert play("KH 7H 2H", "8H 5H", take=False) == "7H"


def test_misere_sheds_a_dangerous_card_when_void() -> None:
    assert play("AS 2S KD 3C", "5H", take=False, me=1) == "AS"


def test_misere_leads_a_card_that_can_lose() -> None:
    assert play("2S AH KH", take=False, outstanding="3S QH") == "2S"


# -- the exchange ----------------------------------------------------------------------------------


def test_forehand_keeps_his_trumps_and_passes_a_short_suit_in_a_trump_contract() -> None:
    sixteen = m("AS KS QS 9S 5S AH 7H 3H 2H KD 8D 4D 2D 6C 3C 2C")
    passed = named(forehand_pass(sixteen, SUIT_INDEX["S"], True))
    assert len(passed) == 4
    assert not {c for c in passed if c[1] == "S"} and "KD" not in passed
    # a suit emptied to ruff in, its ace (if it goes) still the side's in the partner's hand
    kept = named(sixteen) - passed
    assert any(not {c for c in kept if c[1] == s} for s in "HDC")


def test_forehand_passes_dangerous_high_cards_in_misere() -> None:
    sixteen = m("AS KS 2S AH 7H 3H 2H KD 8D 4D 2D 6C 5C 4C 3C 2C")
    passed = named(forehand_pass(sixteen, -1, False))
    # the honours that low cards guard poorly go (spades emptied, to shed on later); the
    # low clubs, safe leads, stay
    assert {"AS", "KS"} <= passed
    assert not passed & {"5C", "4C", "3C", "2C"}


def test_the_partner_shares_his_worst_with_the_opponents() -> None:
    hand = m("AS KS QS JS 9S AH KH 7H 3H 2H KD 8D 2D 6C 3C 2C")
    to_dealer, to_forehand, to_other = share(hand, SUIT_INDEX["S"], True)
    given = {TEXT[to_dealer], TEXT[to_other]}
    # low side cards to the opponents, no trump, no honour
    assert all(c[1] != "S" and c[0] in "23456" for c in given)
    assert TEXT[to_forehand] not in given
    # avoiding tricks: the opponents get high cards
    to_dealer, _, to_other = share(hand, -1, False)
    assert {TEXT[to_dealer][0], TEXT[to_other][0]} <= set("AKQ")


def test_the_dealers_side_passes_a_card_that_empties_a_short_suit() -> None:
    hand = m("AS KS 9S 5S 3S AH KH QH JH 8H 7H 4C 9D")
    assert named(side_pass(hand, SUIT_INDEX["S"], True)) <= {"4C", "9D"}


# -- the contract ----------------------------------------------------------------------------------


def test_chooses_misere_with_a_hand_of_low_cards() -> None:
    twelve = "2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C"
    sixteen = m(twelve + " 5D 6C 4C 7H")
    assert choose_contract(sixteen, CONTRACTS, "5D", 4) == "contract:misere"


def test_chooses_a_long_strong_suit_as_trumps() -> None:
    sixteen = m("AS KS QS JS TS 9S 8S AH KH 2H 3D 4D 2C 3C 4C 5C")
    left = [c for c in CONTRACTS if c != "contract:notrump"]
    assert choose_contract(sixteen, left, "4D", 3) == "contract:free:S"
    # open card 1 a spade: the same trumps without spending free
    assert choose_contract(sixteen, left, "9S", 3) == "contract:trump"


def test_a_strong_hand_does_not_spend_misere() -> None:
    sixteen = m("AS KS QS JS TS 9S 8S AH KH 2H 3D 4D 2C 3C 4C 5C")
    assert choose_contract(sixteen, CONTRACTS, "4D", 4) != "contract:misere"


def test_forced_free_names_the_best_suit() -> None:
    sixteen = m("AH KH QH JH TH 9H 8H AS 2S 3D 4D 2C 3C 4C 5C 6C")
    free = [f"contract:free:{s}" for s in "SHDC"]
    assert choose_contract(sixteen, free, "2C", 1) == "contract:free:H"


def test_the_basic_level_chooses_from_the_view() -> None:
    """Through the view: forehand (seat 1, dealer 0) holding low cards chooses misère."""
    low = parse_cards("2S 3S 4S 2H 3H 4H 5H 2D 3D 4D 2C 3C")
    rest = [c for c in FULL_DECK if c not in low]
    random.Random(1).shuffle(rest)
    open_cards = ["5D", "6C", "4C", "7H"]
    rest = [c for c in rest if c not in open_cards]
    hands = [rest[0:12], low, rest[12:24], rest[24:36]]
    pack = [*open_cards, *(hands[(1 + k) % 4][k // 4] for k in range(48))]
    match = Match(0)
    match.apply(TABLE, deal_action(pack))
    assert match.to_act == 1
    view = GAME.view(match, 1, None, None)
    assert make_bot(GAME.name, "basic").decide(view) == "contract:misere"
