"""Finnish Bismarck's resampler on the ledger's (``Ledger.redeal_passes``): a state dealt anew
from a seat's view shows it that very view, its exchange is a history that deals it (the
pack and the passes replayed give the same hands), the passed cards lie where the passes
they went through allow, and the unseen passes are drawn as often as a random exchange makes
them."""

from __future__ import annotations

import random
from collections.abc import Iterable
from json import dumps

import pytest
from engine.finnish_bismarck.helpers import play_random

from app.engine.bismarck.contracts import contract_action
from app.engine.bismarck.finnish import GAME
from app.engine.bismarck.finnish.notation import pass_action, share_action
from app.engine.bismarck.finnish.resample import resample
from app.engine.bismarck.finnish.rules import FREE
from app.engine.bismarck.finnish.state import TABLE, Deal, Match
from app.engine.cards import Card
from app.engine.trick_game import Trick, deal_action

view = GAME.view

VIEWERS: list[int | None] = [None, 0, 1, 2, 3]


def states(seed: int, every: int, deals: int = 16) -> Iterable[Match]:
    """Every ``every``-th state of a random match's first ``deals`` deals where a seat is to
    act (a spectator's view of a deal well into its play takes seconds to count)."""
    _, log = play_random(random.Random(seed), first_dealer=seed % 4)
    state = Match(seed % 4)
    for k, (seat, text) in enumerate(log, start=1):
        state.apply(seat, GAME.parse_action(text))
        if state.deals_played == deals:
            return
        if k % every == 0 and state.to_act not in (None, TABLE):
            yield state.clone()


def with_seat(match: Match, card: Card) -> int:
    """Who holds ``card`` in the deal in progress, or played it."""
    deal = match.deals[-1]
    for trick in deal.history:
        for seat, played in zip(seats_of(trick), trick.cards, strict=True):
            if played == card:
                return seat
    ledger = deal.ledger
    for i, c in enumerate(ledger.cards):
        if c == card:
            return ledger.holder[i]
    raise AssertionError(f"{card} is nowhere")


def seats_of(trick: Trick) -> tuple[int, ...]:
    """Who played each card of ``trick``: every seat in turn from its leader."""
    return trick.seats or tuple((trick.leader + k) % 4 for k in range(len(trick.cards)))


def replayed(sample: Match) -> Match:
    """The sample's deal played from its pack: its contract, its exchange, its cards."""
    deal = sample.deals[-1]
    match = Match(sample.first_dealer)
    match.next_dealer = deal.dealer
    match.base = sample.base
    match.used = [set(u) for u in sample.used]
    assert deal.pack is not None
    match.apply(TABLE, deal_action(list(deal.pack)))
    roles = deal.roles
    if deal.contract is not None and match.phase() == "contract":
        name = deal.contract
        match.apply(roles.forehand, contract_action(name, deal.trump if name == FREE else None))
    for p in deal.exchange.passes(roles):
        if p.step == 2:
            if p.receiver == roles.receivers(2)[0]:
                assert deal.exchange.from_partner is not None
                match.apply(p.giver, share_action(deal.exchange.from_partner))
        else:
            match.apply(p.giver, pass_action(p.cards))
    for trick in deal.history:
        for seat, card in zip(seats_of(trick), trick.cards, strict=True):
            match.apply(seat, Match.PLAYS[card])
    for i in deal.ledger.trick:
        match.apply(deal.ledger.holder[i], Match.PLAYS[deal.ledger.cards[i]])
    return match


@pytest.mark.parametrize("seed", [11])
def test_a_sample_shows_the_seat_its_view_and_its_exchange_deals_it(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for state in states(seed, every=5, deals=1):
        for seat in VIEWERS:
            shown = view(state, seat)
            for _ in range(2):
                sample = resample(shown, rng)
                again_shown = view(sample, seat)
                for key in ("deal", "legal", "phase", "to_act", "totals", "contracts_left"):
                    assert dumps(again_shown[key]) == dumps(shown[key]), (seat, key)
                again = replayed(sample)
                assert again.deals[-1].hands == sample.deals[-1].hands
                for s in VIEWERS:  # every seat's view of it is one a deal played shows
                    assert dumps(view(again, s)["deal"]) == dumps(view(sample, s)["deal"])
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("seed", [13])
def test_passed_cards_and_voids_hold_in_every_sample(seed: int) -> None:
    rng = random.Random(seed)
    for state in states(seed, every=7, deals=3):
        deal = state.deals[-1]
        roles = deal.roles
        played = [c for t in deal.history for c in t.cards]
        voids: dict[int, set[str]] = {}
        for trick in deal.history:
            led = trick.cards[0][1]
            for s, c in zip(seats_of(trick), trick.cards, strict=True):
                if c[1] != led:
                    voids.setdefault(s, set()).add(led)
        for seat in range(4):
            shown = view(state, seat)
            sample = resample(shown, rng)
            hands = sample.deals[-1].hands
            assert hands[seat] == deal.hands[seat]
            for s, suits in voids.items():
                assert not {c[1] for c in hands[s]} & suits, (s, suits)
            if deal.exchange.next_step is not None:
                continue
            for p in deal.exchange.passes(roles):
                if p.giver != seat:
                    continue
                for card in p.cards:
                    if card not in played:
                        assert with_seat(sample, card) in allowed(deal, p.step, p.receiver, card)


def allowed(deal: Deal, step: int, receiver: int, card: Card) -> set[int]:
    """Where a card its giver passed at ``step`` may lie once the exchange is over: with the
    receiver, or where the receiver may have passed it on unseen by the giver."""
    roles = deal.roles
    d, dp, fp = roles.dealer, roles.dealer_partner, roles.forehand_partner
    if step == 1:  # forehand's partner gives one back, one to each opponent
        return {fp, d, dp} | ({roles.forehand} if card == shown_back(deal) else set())
    if step == 2:  # forehand passes nothing on; the dealer's side pass between them
        return {roles.forehand} if receiver == roles.forehand else {d, dp}
    if step == 3:  # with the dealer unless he passed it back
        return {dp} if card == deal.exchange.from_dealer else {d}
    return {dp}


def shown_back(deal: Deal) -> Card:
    assert deal.exchange.from_partner is not None
    return deal.exchange.from_partner[deal.roles.forehand]


def after_the_exchange(seed: int) -> Match:
    """A state right after the exchange of deal 1, play not started."""
    match, _ = play_random(random.Random(seed), first_dealer=0, stop=6)
    assert match.phase() == "play" and not match.deals[-1].plays
    return match


N = 3000


def test_the_card_given_to_the_dealer_goes_on_to_his_partner_one_time_in_fourteen() -> None:
    match = after_the_exchange(21)
    deal = match.deals[-1]
    roles = deal.roles
    given = deal.exchange.from_partner
    assert given is not None
    to_dealer, to_partner = given[roles.dealer], given[roles.dealer_partner]
    shown = view(match, roles.forehand_partner)
    rng = random.Random(22)
    at_partner = {to_dealer: 0, to_partner: 0}
    for _ in range(N):
        sample = resample(shown, rng)
        for card in at_partner:
            where = with_seat(sample, card)
            assert where in (roles.dealer, roles.dealer_partner)
            at_partner[card] += where == roles.dealer_partner
    # the dealer passes one of his fourteen on, the card given him among them; the card
    # given his partner goes to the dealer one time in thirteen and comes back one in
    # fourteen, so it lies with the partner thirteen times in fourteen
    assert abs(at_partner[to_dealer] / N - 1 / 14) < 0.02
    assert abs(at_partner[to_partner] / N - 13 / 14) < 0.02


def test_forehands_passes_stay_with_his_partner_thirteen_times_in_fifteen() -> None:
    match = after_the_exchange(23)
    deal = match.deals[-1]
    roles = deal.roles
    back = shown_back(deal)
    assert deal.exchange.to_partner is not None
    gone = [c for c in deal.exchange.to_partner if c != back]
    shown = view(match, roles.forehand)
    rng = random.Random(24)
    kept = dict.fromkeys(gone, 0)
    for _ in range(N):
        sample = resample(shown, rng)
        for card in gone:
            where = with_seat(sample, card)
            assert where != roles.forehand
            kept[card] += where == roles.forehand_partner
    # his partner gives two of the fifteen cards left after the one given back away
    for card, n in kept.items():
        assert abs(n / N - 13 / 15) < 0.025, (card, n)


def test_a_seeded_resample_deals_the_same_and_a_spectator_is_dealt_too() -> None:
    for state in states(15, every=7, deals=1):
        for seat in VIEWERS:
            shown = view(state, seat)
            one = resample(shown, random.Random(3))
            two = resample(shown, random.Random(3))
            assert one.deals[-1].hands == two.deals[-1].hands
            assert one.deals[-1].pack == two.deals[-1].pack
            assert dumps(view(one, None)) == dumps(view(two, None))
            assert one.deals[-1].exchange == two.deals[-1].exchange


def test_a_samples_passes_read_as_the_notation_writes_them() -> None:
    """A pass the viewer did not see is drawn as a set of cards; the sample records it as a
    pass played lies in the record, in the notation's order (``pass_action``), so that its
    views and its replay by the notation agree."""
    rng = random.Random(17)
    for state in states(17, every=3, deals=1):
        for seat in VIEWERS:
            sample = resample(view(state, seat), rng)
            for p in sample.deals[-1].exchange.passes(sample.deals[-1].roles):
                assert pass_action(p.cards).arg == ",".join(p.cards), (seat, p)
