"""Auction pinochle's resampler: a state dealt anew from a seat's view shows it that very view,
and the hidden cards are spread uniformly over what the view allows (a widow card lies with
the bidder, in his hand or his burial; a void shown after the lead forces it into the burial;
before the lead the burial is three of his cards no meld shows)."""

from __future__ import annotations

import random
from collections import Counter
from json import dumps

import pytest
from test_auction_pinochle_rules import act, auction_to, deal_match

from app.engine import TABLE
from app.engine.ledger import Place
from app.engine.pinochle.auction import GAME
from app.engine.pinochle.auction.state import Match

BIDDER = "AD TD KD QD JD 9D AS TS KS QS JS 9S 9C 9C KC"  # no heart
WIDOW = "9H JC QC"
SECOND = "9H JC QC AC AC AH TH KH"  # the widow's other copies: the widow alone is unseen


def sample(shown: dict[str, object], rng: random.Random) -> Match:
    match = GAME.resample(shown, rng)  # type: ignore[misc]
    assert isinstance(match, Match)
    assert dumps(GAME.view(match, shown["seat"], None, None)) == dumps(shown)  # type: ignore[arg-type]
    return match


def buried(match: Match, public: bool) -> list[str]:
    """The cards laid away in the deal in progress; ``public``: only those everyone saw."""
    ledger = match.deals[-1].ledger
    return [
        c
        for c, p, s in zip(ledger.cards, ledger.place, ledger.seen, strict=True)
        if p is Place.BURIED and (not public or s == ledger.everyone)
    ]


def led_by_bidder(burial: str, lead: str) -> tuple[Match, int, int]:
    match = deal_match(BIDDER, widow=WIDOW, second=SECOND)
    bidder = auction_to(match, 300)
    act(match, bidder, "trump:D")
    act(match, bidder, "meld")
    act(match, bidder, f"bury:{burial}")
    act(match, bidder, f"play:{lead}")
    second = match.deals[-1].active[1]
    return match, bidder, second


def test_each_widow_card_lies_in_the_burial_as_often_as_in_a_slot_of_the_bidders_hand() -> None:
    match, _, second = led_by_bidder("9S,9C,KC", "AD")
    shown = GAME.view(match, second, None, None)
    rng = random.Random(4)
    draws = 1500
    counts = Counter[str]()
    for _ in range(draws):
        counts.update(buried(sample(shown, rng), public=True))
    # the widow's three cards bound to the bidder's 14 cards in hand and 3 buried, nothing
    # else known of where they lie: each in the burial three times in seventeen
    for card in WIDOW.split():
        assert abs(counts[card] / draws - 3 / 17) < 0.04, (card, counts[card])


def test_a_widow_card_of_a_suit_the_bidder_showed_he_lacks_was_buried() -> None:
    match, bidder, second = led_by_bidder("9H,JS,9S", "9C")
    act(match, second, "play:AC")
    third = match.deals[-1].active[2]
    act(match, third, str(match.legal_actions(third)[0]))
    assert match.to_act == second  # the ace of clubs took the trick
    act(match, second, "play:AH")
    act(match, third, str(match.legal_actions(third)[0]))
    act(match, bidder, "play:9D")  # no heart: he trumps, a void shown
    rng = random.Random(9)
    for seat in (second, third, None):
        shown = GAME.view(match, seat, None, None)
        for _ in range(50):
            drawn = sample(shown, rng)
            assert "9H" in buried(drawn, public=True)
            assert "9H" not in drawn.deals[-1].hands[bidder]


def test_before_the_first_lead_the_burial_is_three_cards_no_meld_shows() -> None:
    match = deal_match(BIDDER, widow=WIDOW, second=SECOND)
    bidder = auction_to(match, 300)
    act(match, bidder, "trump:D")
    act(match, bidder, "meld:AD,TD,KD,QD,JD")
    act(match, bidder, "bury:9S,9C,KC")
    second = match.deals[-1].active[1]
    shown = GAME.view(match, second, None, None)
    rng = random.Random(2)
    burials = set()
    for _ in range(40):
        deal = sample(shown, rng).deals[-1]
        assert deal.buried is not None and len(deal.buried) == 3
        free = Counter(deal.hands[bidder]) - Counter(["AD", "TD", "KD", "QD", "JD"])
        assert Counter(deal.buried) <= free
        burials.add(tuple(deal.buried))
        with pytest.raises(ValueError, match="no record"):
            deal.dealt  # noqa: B018
    assert len(burials) > 1


def test_between_deals_and_once_the_session_is_over_the_kitty_and_its_share_are_the_views() -> None:
    match = deal_match(BIDDER, widow=WIDOW, second=SECOND)
    rng = random.Random(5)
    ended = 0
    while match.to_act is not None:
        if match.to_act == TABLE:
            match.apply(TABLE, GAME.chance(match, rng))
        eldest, middle, last = match.deals[-1].active
        act(match, eldest, "bid:300")
        act(match, middle, "pass")
        act(match, last, "pass")
        act(match, eldest, "throw_in")  # he pays the kitty
        ended += 1
        for seat in (None, *range(match.seats)):
            shown = GAME.view(match, seat, None, None)
            assert shown["deal"] is None
            drawn = GAME.resample(shown, rng)  # type: ignore[misc]
            assert isinstance(drawn, Match)
            again = GAME.view(drawn, seat, None, None)
            # no past is invented: only the scoresheet and the deal before differ
            past = ("scoresheet", "previous_deal")
            assert {k: v for k, v in again.items() if k not in past} == {
                k: v for k, v in shown.items() if k not in past
            }
            assert drawn.kitty == match.kitty and drawn.share == match.share
    assert ended == 6 and match.share == [6, 6, 6]  # six throw-ins of three chips, shared
