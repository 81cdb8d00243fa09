"""Bismarck's resampler: a state dealt anew from a seat's view shows it that very view, and
the hidden cards are spread uniformly over what the view allows (an open card forehand took
up lies in his hand or his discard, a void holds)."""

from __future__ import annotations

import random
from json import dumps

from engine.helpers import A, B, C, act, deal, new_three

from app.engine.bismarck import GAME
from app.engine.bismarck.resample import resample
from app.engine.bismarck.state import Match
from app.engine.ledger import Place

view = GAME.view

OPEN = ["AH", "2C", "3C", "4C"]


def discarded(sample: Match) -> list[str]:
    ledger = sample.deals[-1].ledger
    return [c for c, p in zip(ledger.cards, ledger.place, strict=True) if p is Place.BURIED]


def test_each_open_card_lies_in_the_discard_as_often_as_a_slot_of_forehands_twenty() -> None:
    match = new_three()
    deal(match, {A: "5C 6C 7C"}, open_cards=" ".join(OPEN))
    act(match, A, "contract:spel")
    act(match, A, "discard:AH,3C,5C,6C")
    assert match.phase() == "play"
    shown = view(match, B)
    rng = random.Random(5)
    draws = 1500
    counts = dict.fromkeys(OPEN, 0)
    for _ in range(draws):
        sample = resample(shown, rng)
        assert dumps(view(sample, B)["deal"]) == dumps(shown["deal"])
        for card in discarded(sample):
            if card in counts:
                counts[card] += 1
    # four open cards bound to forehand's 16 cards and 4 discarded, nothing else known: each
    # lies in any of those 20 places alike, so in the discard one time in five
    for card, n in counts.items():
        assert abs(n / draws - 4 / 20) < 0.05, (card, n)


def test_an_open_card_of_a_suit_forehand_showed_he_lacks_was_discarded() -> None:
    match = new_three()
    deal(match, {A: "5C", B: "AC 2H"}, open_cards=" ".join(OPEN), voids={A: "H"})
    act(match, A, "contract:spel")
    act(match, A, "discard:AH,3C,4C,5C")
    act(match, A, "play:2C")
    act(match, B, "play:AC")
    assert match.to_act == C
    act(match, C, str(match.legal_actions(C)[0]))
    assert match.to_act == B  # the ace of clubs took the trick
    act(match, B, "play:2H")
    act(match, C, str(match.legal_actions(C)[0]))
    assert "H" not in {c[1] for c in match.current.hands[A]}  # type: ignore[union-attr]
    act(match, A, str(match.legal_actions(A)[0]))  # no heart: a void shown
    rng = random.Random(9)
    for seat in (B, C, None):
        shown = view(match, seat)
        for _ in range(50):
            sample = resample(shown, rng)
            assert dumps(view(sample, seat)["deal"]) == dumps(shown["deal"])
            assert "AH" in discarded(sample)
            assert "AH" not in sample.deals[-1].hands[A]


def test_before_the_contract_every_hand_is_dealt_face_down() -> None:
    match = new_three()
    deal(match, open_cards=" ".join(OPEN))
    assert match.phase() == "contract"
    shown = view(match, A)
    sample = resample(shown, random.Random(2))
    assert dumps(view(sample, A)) == dumps(shown)
    ledger = sample.deals[-1].ledger
    assert [len(h) for h in ledger.hands] == [16, 16, 16]
    assert not any(ledger.looked(s) for s in (A, B, C))
    assert ledger.turned in OPEN
