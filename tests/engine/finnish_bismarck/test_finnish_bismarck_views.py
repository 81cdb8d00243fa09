"""What each seat may see: its own hand, the open cards, the passes it gave or received and
nothing else of the exchange, the play. Tested the way OpenSpiel does: the cards a seat has
not seen are dealt anew in the log (the shares' ``seat=card`` items too) and its view must
not change; the resampler deals states that show a seat exactly its view, and draws them in
the proportions the deal's own chances give."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from engine.finnish_bismarck.helpers import Log, play_random, replay

from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.deal import Roles
from app.engine.bismarck.finnish.resample import resample
from app.engine.bismarck.finnish.state import TABLE, Match
from app.engine.cards import FULL_DECK, SUITS, Card
from app.engine.trick_game import hidden_cards

view = GAME.view

CARD = re.compile(r"(?<![0-9A-Za-z])([AKQJT2-9][SHDC])(?![0-9A-Za-z])")
VIEWERS: list[int | None] = [None, 0, 1, 2, 3]


def tokens(value: object) -> set[Card]:
    return set(CARD.findall(json.dumps(value)))


def dumps(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def seen_by_the_rules(match: Match, seat: int | None) -> set[Card]:
    """Worked out from the state, apart from the view's code: the open cards, every card
    played, and a seat's twelve and the cards of its own passes."""
    deal = match.deals[-1]
    seen = set(deal.open) | set(deal.plays)
    if seat is None:
        return seen
    seen |= set(deal.dealt[seat])
    roles = deal.roles
    exchange = deal.exchange
    if seat in (roles.forehand, roles.forehand_partner) and exchange.to_partner:
        seen |= set(exchange.to_partner)
    for receiver, card in (exchange.from_partner or {}).items():
        if seat in (roles.forehand_partner, receiver):
            seen.add(card)
    if seat in (roles.dealer, roles.dealer_partner):
        seen |= {c for c in (exchange.to_dealer, exchange.from_dealer) if c is not None}
    return seen


def states(seed: int, every: int = 5) -> Iterable[tuple[Match, Log]]:
    """Every ``every``-th state of a random match where a seat is to act, with its log."""
    _, log = play_random(random.Random(seed), first_dealer=seed % 4)
    state = Match(seed % 4)
    for k, (seat, text) in enumerate(log, start=1):
        state.apply(seat, GAME.parse_action(text))
        if k % every == 0 and state.to_act not in (None, TABLE):
            yield state.clone(), log[:k]


@pytest.mark.parametrize("seed", [1, 2])
def test_no_view_names_a_card_its_seat_has_not_seen(seed: int) -> None:
    checked = 0
    for state, _ in states(seed):
        for seat in VIEWERS:
            hidden = set(hidden_cards(state, seat))
            assert hidden == set(FULL_DECK) - seen_by_the_rules(state, seat)
            shown = view(state, seat)
            assert not tokens(shown["deal"]) & hidden, (seat, tokens(shown["deal"]) & hidden)
            assert not tokens(shown["legal"]) & hidden
            previous = shown["previous_deal"]
            if previous is not None:
                assert all(e["cards"] is None for e in previous["exchange"])
            checked += 1
    assert checked > 100


def redealt(log: Log, hidden: set[Card], rng: random.Random) -> Log:
    """``log`` with ``hidden`` permuted suit for suit from the current deal's shuffle on,
    wherever a card is named (a share's ``seat=card`` items included)."""
    mapping: dict[Card, Card] = {}
    for suit in SUITS:
        cards = sorted(c for c in hidden if c[1] == suit)
        shuffled = list(cards)
        rng.shuffle(shuffled)
        mapping.update(zip(cards, shuffled, strict=True))
    start = max(i for i, (s, _) in enumerate(log) if s == TABLE)
    renamed = [
        (s, CARD.sub(lambda m: mapping.get(m.group(1), m.group(1)), t)) for s, t in log[start:]
    ]
    return [*log[:start], *renamed]


@pytest.mark.parametrize("seed", [3, 4])
def test_a_view_does_not_change_when_the_unseen_cards_are_dealt_anew(seed: int) -> None:
    rng = random.Random(seed)
    replayed = 0
    for state, log in states(seed, every=9):
        for seat in VIEWERS:
            hidden = set(hidden_cards(state, seat))
            expected = dumps(view(state, seat))
            for _ in range(2):
                again = replay(seed % 4, redealt(log, hidden, rng))
                assert dumps(view(again, seat)) == expected, seat
                replayed += 1
    assert replayed > 100


@pytest.mark.parametrize("seed", [5, 6])
def test_the_resampler_deals_what_a_seat_was_shown(seed: int) -> None:
    rng = random.Random(seed)
    for state, _ in states(seed, every=47):
        for seat in VIEWERS:
            shown = view(state, seat)
            dealt = set()
            for _ in range(3):
                sample = resample(shown, rng)
                again = view(sample, seat)
                for key in ("deal", "legal", "phase", "to_act", "totals", "contracts_left"):
                    assert dumps(again[key]) == dumps(shown[key]), (seat, key)
                dealt.add(dumps([list(h) for h in sample.deals[-1].dealt]))
            if len(hidden_cards(state, seat)) > 8:
                assert len(dealt) > 1


def test_the_resampler_refuses_a_view_without_a_deal() -> None:
    match = Match(0)
    with pytest.raises(ValueError, match="no deal"):
        resample(view(match, 0), random.Random(0))


# -- the resampler's proportions ------------------------------------------------------------------


def after_the_exchange(seed: int) -> Match:
    """A state right after the exchange of deal 1, play not started."""
    rng = random.Random(seed)
    match, _ = play_random(rng, first_dealer=0, stop=6)
    assert match.phase() == "play" and not match.deals[-1].plays
    return match


def holder(match: Match, card: Card) -> int:
    return next(s for s, hand in enumerate(match.deals[-1].hands) if card in hand)


def forward(
    rng: random.Random, roles: Roles, open_cards: list[Card], known: dict[str, Any]
) -> list[list[Card]]:
    """The hands after a random exchange played from a random deal: every history of the
    deal equally likely (each step chooses among a number of options that does not depend
    on the cards), given what ``known`` fixes of forehand's: his twelve ``dealt``, his pass
    ``to_partner`` and the card ``back`` he received."""
    f, dp, fp, d = roles.forehand, roles.dealer_partner, roles.forehand_partner, roles.dealer
    while True:
        rest = [c for c in FULL_DECK if c not in open_cards]
        dealt: dict[int, list[Card]] = {}
        if "dealt" in known:
            mine = list(known["dealt"])
            rest = [c for c in rest if c not in mine]
            dealt[f] = mine
        rng.shuffle(rest)
        for k, seat in enumerate(s for s in (f, dp, fp, d) if s not in dealt):
            dealt[seat] = rest[12 * k : 12 * k + 12]
        hands = {s: list(h) for s, h in dealt.items()}
        hands[f] += open_cards
        passed = list(known.get("to_partner") or rng.sample(hands[f], 4))
        back = known.get("back")
        partner_holds = [c for c in hands[fp] if c not in passed] + passed
        if back is not None and back not in partner_holds:
            continue  # forehand was given a card his partner never held: not this deal
        for c in passed:
            hands[f].remove(c)
            hands[fp].append(c)
        to_f = back if back is not None else rng.choice(hands[fp])
        others = rng.sample([c for c in hands[fp] if c != to_f], 2)
        for receiver, card in zip((f, dp, d), (to_f, *others), strict=True):
            hands[fp].remove(card)
            hands[receiver].append(card)
        y = rng.choice(hands[dp])
        hands[dp].remove(y)
        hands[d].append(y)
        z = rng.choice(hands[d])
        hands[d].remove(z)
        hands[dp].append(z)
        return [hands[s] for s in range(4)]


def frequencies(draws: Iterable[list[list[Card]]], cards: list[Card]) -> dict[Card, list[float]]:
    counts = {c: Counter[int]() for c in cards}
    n = 0
    for hands in draws:
        n += 1
        for card in cards:
            counts[card][next(s for s, h in enumerate(hands) if card in h)] += 1
    return {c: [counts[c][s] / n for s in range(4)] for c in cards}


def assert_close(a: dict[Card, list[float]], b: dict[Card, list[float]]) -> None:
    for card in a:
        for seat in range(4):
            assert abs(a[card][seat] - b[card][seat]) < 0.04, (card, seat, a[card], b[card])


N = 3000


def test_a_spectators_resample_draws_the_exchange_as_the_deal_does() -> None:
    match = after_the_exchange(7)
    deal = match.deals[-1]
    shown = view(match, None)
    rng = random.Random(8)
    watched = [deal.open[0], deal.open[3], deal.dealt[deal.roles.dealer_partner][0]]
    sampled = frequencies((resample(shown, rng).deals[-1].hands for _ in range(N)), watched)
    played = frequencies((forward(rng, deal.roles, list(deal.open), {}) for _ in range(N)), watched)
    assert_close(sampled, played)
    # an open card is forehand's unless passed on: far likelier his than anyone else's
    assert sampled[deal.open[0]][deal.roles.forehand] > 0.5


def test_forehands_resample_draws_the_passes_he_did_not_see_as_the_deal_does() -> None:
    match = after_the_exchange(9)
    deal = match.deals[-1]
    roles = deal.roles
    shown = view(match, roles.forehand)
    assert deal.exchange.to_partner is not None and deal.exchange.from_partner is not None
    back = deal.exchange.from_partner[roles.forehand]
    known = {
        "dealt": list(deal.dealt[roles.forehand]),
        "to_partner": list(deal.exchange.to_partner),
        "back": back,
    }
    rng = random.Random(10)
    gone = [c for c in deal.exchange.to_partner if c != back]
    watched = [*gone, deal.dealt[roles.dealer][0]]
    sampled = frequencies((resample(shown, rng).deals[-1].hands for _ in range(N)), watched)
    played = frequencies((forward(rng, roles, list(deal.open), known) for _ in range(N)), watched)
    assert_close(sampled, played)
    for card in gone:  # forehand knows they are not his
        assert sampled[card][roles.forehand] == 0
