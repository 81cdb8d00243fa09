"""Random complete matches of both bezique games, every action chosen among the legal ones
(seeded). After every action the copies are all in exactly one place and the hands hold
what the rules say; the legal cards of the last tricks are those of rubicon §9's
pseudo-code; refused actions and actions applied to a clone leave the state as it was. At
the end of every deal the layout, trick winners, draws, carte blanche, brisques, totals and
scores are recomputed here from the pack and the tricks alone, by the rules' own words."""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine.bezique.match_helpers import (
    Chooser,
    act,
    assert_refused,
    legal_texts,
    play_match,
    random_choice,
    snapshot,
)

from app.engine.bezique import CHINESE, RUBICON, Match, Variant
from app.engine.bezique.deal import Deal
from app.engine.cards import Card
from app.engine.game import TABLE

RANK_ORDER = "ATKQJ987"
COURT = "KQJ"


def beats(led: Card, other: Card, trump: str | None) -> bool:
    """Whether the second card of a trick beats the first (rubicon §5)."""
    if led[1] == other[1]:
        return RANK_ORDER.index(other[0]) < RANK_ORDER.index(led[0])
    return other[1] == trump


def spec_legal(hand: list[Card], led: Card, trump: str | None, must_win: bool) -> set[Card]:
    """Rubicon §9's pseudo-code for the last tricks."""
    same = [c for c in hand if c[1] == led[1]]
    if same:
        if must_win:
            higher = [c for c in same if RANK_ORDER.index(c[0]) < RANK_ORDER.index(led[0])]
            return set(higher or same)
        return set(same)
    trumps = [c for c in hand if trump and c[1] == trump]
    return set(trumps or hand)


def spec_score(variant: Variant, points: list[int], brisques: list[int], rounded: bool) -> Any:
    """Rubicon §10 (Clarifications 18-19) and Chinese §6, written out again: (winner,
    rubiconed, game score)."""
    w = 0 if points[0] >= points[1] else 1
    if points[0] == points[1]:
        if not variant.brisques or brisques[0] == brisques[1]:
            return None, False, 0
        w = 0 if brisques[0] > brisques[1] else 1
        count = True
    else:
        count = False
    lo = 1 - w
    rubicon = points[lo] < variant.rubicon_under
    if rubicon and variant.brisques:
        count = True
        rubicon = points[lo] + brisques[lo] < variant.rubicon_under
    finals = [points[s] + (brisques[s] if count and variant.brisques else 0) for s in (0, 1)]
    if rounded:
        finals = [f - f % 100 for f in finals]
    if rubicon:
        return w, True, 1000 + finals[0] + finals[1]
    return w, False, variant.game_bonus + max(0, finals[w] - finals[lo])


def spec_seats(variant: Variant, dealer: int) -> list[int]:
    """Who gets each dealt card: rubicon one at a time, Chinese in threes; non-dealer first."""
    if variant.packet == 1:
        return [(1 - dealer) if p % 2 == 0 else dealer for p in range(2 * variant.hand_size)]
    seats: list[int] = []
    while len(seats) < 2 * variant.hand_size:
        seats += [1 - dealer] * 3 + [dealer] * 3
    return seats


class Watcher:
    """Checks run after every action of a match."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.actions = 0
        self.endgame_checks = 0
        self.refusals = 0

    def __call__(self, match: Match) -> None:
        self.actions += 1
        deal = match.current
        if deal is None:
            return
        self.places(deal)
        self.sizes(match, deal)
        if deal.endgame and len(deal.ledger.trick) == 1:
            self.endgame_legal(match, deal)
        if self.actions % 11 == 0:
            self.refused(match, deal)
        if self.actions % 17 == 0:
            self.clone_apart(match)

    @staticmethod
    def places(deal: Deal) -> None:
        where = [c for h in deal.holdings for c in (*h.concealed, *h.table)]
        where += list(deal.ledger.stock) + list(deal.ledger.trick)
        where += [c for t in deal.history for c in t.copies]
        assert sorted(where) == list(range(deal.variant.pack.size))

    @staticmethod
    def sizes(match: Match, deal: Deal) -> None:
        variant = deal.variant
        sizes = [len(h.concealed) + len(h.table) for h in deal.holdings]
        if not deal.endgame:
            if deal.deciding is not None:
                assert sizes == [variant.hand_size - 1] * 2
            else:
                in_trick = [0, 0]
                if deal.ledger.trick:
                    in_trick[deal.leader] = 1
                assert [s + t for s, t in zip(sizes, in_trick, strict=True)] == [
                    variant.hand_size
                ] * 2
        else:
            assert all(not h.table and not h.pending for h in deal.holdings)
            left = variant.tricks - len(deal.history)
            played = [0, 0]
            if deal.ledger.trick:
                played[deal.leader] = 1
            assert [s + p for s, p in zip(sizes, played, strict=True)] == [left] * 2
        assert match.phase() in ("play", "declare", "endgame")

    def endgame_legal(self, match: Match, deal: Deal) -> None:
        self.endgame_checks += 1
        seat = 1 - deal.leader
        hand = [deal.pack[c] for c in deal.holdings[seat].concealed]
        led = deal.pack[deal.ledger.trick[0]]
        must_win = bool(match.options["must_win_endgame"])
        expected = spec_legal(hand, led, deal.trump, must_win)
        assert {t[5:] for t in legal_texts(match, seat)} == expected

    def refused(self, match: Match, deal: Deal) -> None:
        seat = match.to_act
        assert seat in (0, 1)
        self.refusals += 1
        other = 1 - seat
        held = [deal.pack[c] for c in deal.holdings[other].concealed]
        if held:
            assert_refused(match, other, "play:" + held[0], "not_your_turn")
        mine = {deal.pack[c] for c in deal.holdings[seat].concealed}
        if deal.deciding is not None:
            if mine:
                assert_refused(match, seat, "play:" + min(mine), "declare_or_draw")
        else:
            assert_refused(match, seat, "draw", "draw_not_now")
            missing = next(c for c in sorted(set(deal.pack)) if c not in mine)
            assert_refused(match, seat, "play:" + missing, "card_not_in_hand")

    def clone_apart(self, match: Match) -> None:
        seat = match.to_act
        assert seat in (0, 1)
        before = snapshot(match)
        twin = match.clone()
        act(twin, seat, self.rng.choice(legal_texts(twin, seat)))
        assert snapshot(match) == before


def check_deal(match: Match, deal: Deal) -> None:
    variant = deal.variant
    pack = deal.pack
    size = variant.hand_size
    seats = spec_seats(variant, deal.dealer)
    for seat in (0, 1):
        assert list(deal.dealt[seat]) == [p for p, s in enumerate(seats) if s == seat]
    assert len(deal.history) == variant.tricks
    # trumps: fixed by the first declaration that fixes them, from the next trick on
    fixing = [d for d in deal.declarations if d.fixes_trump is not None]
    assert len(fixing) <= 1
    assert deal.trump == (fixing[0].fixes_trump if fixing else None)
    if variant.no_trump_twice and deal.previous_trump is not None:
        assert deal.trump != deal.previous_trump
    leader = 1 - deal.dealer
    draws: list[list[int]] = [[], []]
    brisques = [0, 0]
    for i, trick in enumerate(deal.history):
        assert trick.leader == leader
        trump = fixing[0].fixes_trump if fixing and fixing[0].after <= i else None
        led, other = (pack[c] for c in trick.copies)
        winner = 1 - leader if beats(led, other, trump) else leader
        assert trick.winner == winner, (i, led, other, trump)
        brisques[winner] += 10 * sum(1 for c in (led, other) if c[0] in "AT")
        if i < variant.stock_tricks:
            top = 2 * size + 2 * i
            draws[winner].append(top)
            draws[1 - winner].append(top + 1)
        leader = winner
    assert deal.draws == draws
    for d in deal.declarations:
        assert d.after <= variant.stock_tricks
    # carte blanche: the dealt hand, then every draw before the first court card, each
    # after the tricks played when it was shown
    shown: list[tuple[int, int, tuple[Card, ...]]] = []
    for seat in (1 - deal.dealer, deal.dealer):
        if any(pack[c][0] in COURT for c in deal.dealt[seat]):
            continue
        shown.append((seat, 0, tuple(pack[c] for c in deal.dealt[seat])))
    for i in range(variant.stock_tricks):
        winner = deal.history[i].winner
        for seat in (winner, 1 - winner):
            dealt_blank = not any(pack[c][0] in COURT for c in deal.dealt[seat])
            copy = draws[seat][i]
            earlier = draws[seat][:i]
            if dealt_blank and not any(pack[c][0] in COURT for c in [*earlier, copy]):
                shown.append((seat, i + 1, (pack[copy],)))
    assert [(s.seat, s.after, s.cards) for s in deal.shown] == shown
    assert all(s.points == variant.carte_blanche for s in deal.shown)
    points = [0, 0]
    for d in deal.declarations:
        points[d.seat] += d.points
    for seat, _, _ in shown:
        points[seat] += variant.carte_blanche
    points[deal.history[-1].winner] += variant.last_trick
    result = deal.result
    assert result is not None
    assert list(result.totals) == points == deal.points
    if not variant.brisques:
        brisques = [0, 0]  # Chinese §6: tricks go to one pile, nobody counts brisques
    assert list(result.brisques) == brisques == deal.brisques
    winner, rubiconed, score = spec_score(
        variant, points, brisques, bool(match.options["round_to_hundreds"])
    )
    assert (result.winner, result.rubiconed, result.game_score) == (winner, rubiconed, score)
    expected_scores = [0, 0]
    if winner is not None:
        expected_scores[winner] = score
    assert list(result.scores) == expected_scores


def collector(match: Match, legal: list[str], rng: random.Random) -> str:
    """Declare whenever possible and play low cards from the hand first, so that more and
    larger declarations (and pending ones) come about than in purely random play."""
    declared = [t for t in legal if t.startswith("declare:")]
    if declared:
        return rng.choice(declared)
    low = [t for t in legal if t.startswith("play:") and t[5] in "987" and "@" not in t]
    return rng.choice(low or legal)


CASES = [
    (variant, options, seed, choose)
    for variant in (RUBICON, CHINESE)
    for options, seed, choose in [
        ({}, 1, random_choice),
        ({"must_win_endgame": True, "deals": 3}, 2, random_choice),
        ({"round_to_hundreds": True, "deals": 3}, 3, collector),
        ({"must_win_endgame": True, "round_to_hundreds": True, "deals": 2}, 4, collector),
    ]
]


@pytest.mark.parametrize(
    ("variant", "options", "seed", "choose"),
    CASES,
    ids=[f"{v.name}-{s}" for v, _, s, _ in CASES],
)
def test_random_matches_follow_the_rules(
    variant: Variant, options: dict[str, Any], seed: int, choose: Chooser
) -> None:
    watcher = Watcher(seed)
    match, log = play_match(variant, options, seed, check=watcher, choose=choose)
    deals = int(options.get("deals", 4))
    assert match.is_over and match.deals_played == deals == len(match.deals)
    assert sum(1 for seat, _ in log if seat == TABLE) == deals
    assert watcher.endgame_checks > 0 and watcher.refusals > 0
    totals = [0, 0]
    previous: Deal | None = None
    for deal in match.deals:
        check_deal(match, deal)
        assert deal.result is not None
        for s in (0, 1):
            totals[s] += deal.result.scores[s]
        if previous is None:
            assert deal.dealer == match.first_dealer
        else:
            assert previous.result is not None
            won = previous.result.winner
            assert deal.dealer == (1 - previous.dealer if won is None else won)
            barred = previous.trump if variant.no_trump_twice else None
            assert deal.previous_trump == barred
        previous = deal
    assert match.totals == totals
    assert match.winners() == [s for s in (0, 1) if totals[s] == max(totals)]
