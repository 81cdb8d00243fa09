"""The bezique state machine, rubicon and Chinese, driven by its actions: the deal's
layout, trick winners (RB1, CB7), trumps from the first marriage (RB2, CB4), carte blanche
(RB6, CB6, Clarification 5), the timing of declarations (RB13), the last tricks (RB12,
Clarification 17), the counts of a deal (CB8), the dealer and refusals that change nothing."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine.bezique.match_helpers import (
    act,
    assert_refused,
    build_pack,
    codes,
    concealed,
    deal,
    endgame,
    legal_texts,
    new_match,
    parse_action,
    play_match,
    snapshot,
    trick,
    view,
)

from app.engine.actions import Action
from app.engine.bezique import CHINESE, RUBICON, Match, Variant
from app.engine.bezique.deal import layout
from app.engine.bezique.variant import RANKS
from app.engine.errors import IllegalAction, MalformedAction
from app.engine.game import TABLE, OptionError
from app.engine.trick_game import shuffled_deal

A, B = 0, 1
NON_COURT = "AT987"


# -- the deal ------------------------------------------------------------------------------


def test_rubicon_deals_one_card_at_a_time_non_dealer_first() -> None:
    assert layout(RUBICON, dealer=B) == [A, B] * 9
    assert layout(RUBICON, dealer=A) == [B, A] * 9
    match = new_match(RUBICON, None, B)
    pack = build_pack(RUBICON, B)
    act(match, TABLE, "deal:" + ",".join(pack))
    current = match.current
    assert current is not None
    assert current.dealt == (tuple(range(0, 18, 2)), tuple(range(1, 18, 2)))
    assert list(current.ledger.stock) == list(range(18, 128))
    assert current.leader == A and match.to_act == A
    assert match.phase() == "play"


def test_chinese_deals_packets_of_three_non_dealer_first() -> None:
    assert layout(CHINESE, dealer=A) == ([B] * 3 + [A] * 3) * 4
    match = new_match(CHINESE, None, A)
    current = deal(match)
    non_dealer = [p for p in range(24) if (p // 3) % 2 == 0]
    assert current.dealt[B] == tuple(non_dealer)
    assert current.dealt[A] == tuple(p for p in range(24) if p not in non_dealer)
    assert current.ledger.stock[0] == 24 and len(current.ledger.stock) == 168
    assert match.to_act == B


@pytest.mark.parametrize("variant", [RUBICON, CHINESE])
def test_the_pack_as_dealt_makes_the_stock_top_first(variant: Variant) -> None:
    match = new_match(variant, None, A)
    current = deal(match, stock="7C 8D 9H")
    first = 2 * variant.hand_size
    assert codes(current, list(current.ledger.stock[:3])) == ["7C", "8D", "9H"]
    trick(match, concealed(current, B)[0], concealed(current, A)[0])
    winner = current.history[-1].winner
    act(match, winner, "draw")
    assert current.draws[winner] == [first] and current.draws[1 - winner] == [first + 1]


@pytest.mark.parametrize(
    "text",
    [
        "deal:AS",
        "play:QS@x",
        "play:1S",
        "play:QS@",
        "draw:now",
        "declare:",
        "declare:kings",
        "declare:nothing:KS",
        "bid:100",
        "PLAY:QS",
        "",
    ],
)
def test_texts_that_are_no_action_are_malformed(text: str) -> None:
    with pytest.raises(MalformedAction):
        parse_action(RUBICON, text)


def test_a_deal_needs_every_code_exactly_packs_times() -> None:
    pack = list(RUBICON.pack.cards)
    assert parse_action(RUBICON, "deal:" + ",".join(pack)).kind == "deal"
    pack[0] = pack[-1]
    with pytest.raises(MalformedAction):
        parse_action(RUBICON, "deal:" + ",".join(pack))
    with pytest.raises(MalformedAction):  # a rubicon pack is not a Chinese one
        parse_action(CHINESE, "deal:" + ",".join(RUBICON.pack.cards))


def test_options_are_checked() -> None:
    match = new_match(RUBICON, None, A)
    assert match.options == {"deals": 4, "must_win_endgame": False, "round_to_hundreds": False}
    for bad in ({"deals": 0}, {"deals": 21}, {"deals": True}, {"target": 3}):
        with pytest.raises(OptionError):
            new_match(CHINESE, bad, A)


# -- RB1, CB7: trick winners -------------------------------------------------------------------


def test_rb1_trick_winners_with_and_without_trumps() -> None:
    match = new_match(RUBICON, None, B)
    current = deal(
        match,
        {A: "TH 7C AS 8D KD QD 9S 9S 9S", B: "TH AS 7D 7D 9C 9C 9C 9H 9H"},
        stock="8C 8C 8H 8H 7S 7S",
    )
    trick(match, "TH", "TH")  # identical cards: the leader wins
    assert current.history[-1].winner == A
    act(match, A, "draw")
    trick(match, "7C", "AS")  # no trumps, another suit: the leader wins
    assert current.history[-1].winner == A
    act(match, A, "declare:marriage:KD,QD")
    assert current.trump == "D"
    trick(match, "AS", "7D")  # a trump beats a plain ace
    assert current.history[-1].winner == B
    act(match, B, "draw")
    trick(match, "7D", "8D")  # the higher trump wins
    assert current.history[-1].winner == A
    assert current.won == [3, 1]


def test_cb7_identical_aces_and_a_trump_in_chinese() -> None:
    match = new_match(CHINESE, None, B)
    current = deal(
        match,
        {A: "AH AH KC QC 9S 9S 9S 9S 9S 9S 8S 8S", B: "AH 7C KD 9D 9D 9D 9D 9D 8D 8D 8D 8D"},
    )
    trick(match, "AH", "AH")
    assert current.history[-1].winner == A
    act(match, A, "declare:marriage:KC,QC")
    assert (current.trump, current.points) == ("C", [40, 0])
    trick(match, "AH", "7C")
    assert current.history[-1].winner == B


# -- RB2, CB4: trumps from the first marriage or sequence ------------------------------------


def test_rb2_a_marriage_after_trumps_scores_20_and_is_recorded() -> None:
    match = new_match(RUBICON, None, B)
    current = deal(
        match,
        {A: "KH QH AC 9S 9S 9S 9S 9D 9D", B: "KS QS 7C 7D AD AS 8S 8S 8S"},
        stock="8C 8C 8C 8C",
    )
    trick(match, "AC", "7C")
    act(match, A, "declare:marriage:KH,QH")
    trick(match, "9S", "AS")  # same suit: the higher card wins
    assert current.history[-1].winner == B
    act(match, B, "declare:marriage:KS,QS")
    assert current.trump == "H"
    assert current.points == [40, 20]
    first, second = current.declarations
    codes = [tuple(current.pack[c] for c in d.combination.cards) for d in (first, second)]
    assert (first.seat, first.combination.kind, codes[0], first.points, first.fixes_trump) == (
        A,
        "marriage",
        ("KH", "QH"),
        40,
        "H",
    )
    assert (second.seat, second.combination.kind, codes[1], second.points, second.after) == (
        B,
        "marriage",
        ("KS", "QS"),
        20,
        2,
    )


def _to_last_trick(match: Match, rng: random.Random) -> None:
    """Random legal play until the last trick of the deal is to be led."""
    current = match.current
    assert current is not None
    while len(current.history) < match.variant.tricks - 1 or current.ledger.trick:
        seat = match.to_act
        assert seat is not None
        act(match, seat, rng.choice(legal_texts(match, seat)))


def _finish(match: Match, drawn: bool) -> None:
    """Play the last trick, each seat its first legal card; with ``drawn`` the points and
    brisques are first set by hand so that the deal ends with equal totals and brisques."""
    current = match.current
    assert current is not None
    trial = match.clone()
    for _ in range(2):
        seat = trial.to_act
        assert seat is not None
        act(trial, seat, legal_texts(trial, seat)[0])
    last = trial.deals[-1]
    winner = last.history[-1].winner
    if drawn:
        added = last.brisques[winner] - current.brisques[winner]
        current.points[winner] = 300
        current.points[1 - winner] = 300 + match.variant.last_trick
        current.brisques[winner] = 100
        current.brisques[1 - winner] = 100 + added
    for _ in range(2):
        seat = match.to_act
        assert seat is not None
        act(match, seat, legal_texts(match, seat)[0])
    assert current.finished


def _spades_deal(match: Match, drawn: bool = False, seed: int = 3) -> None:
    """A deal whose trumps are spades, played out (to a drawn deal with ``drawn``)."""
    deal(match, {1 - match.next_dealer: "KS QS AC", match.next_dealer: "7C"})
    trick(match, "AC", "7C")
    current = match.current
    assert current is not None
    act(match, current.leader, "declare:marriage:KS,QS")
    assert current.trump == "S"
    _to_last_trick(match, random.Random(seed))
    _finish(match, drawn)


def test_cb4_no_trump_twice_running() -> None:
    match = new_match(CHINESE, {"deals": 2}, A)
    _spades_deal(match)
    assert match.deals[0].trump == "S"
    dealer = match.next_dealer
    leader = 1 - dealer
    current = deal(
        match,
        {
            leader: "KS QS AC AS TS KS QS JS KD QD 7H 7H",
            dealer: "7C 8C 8C 8C 8C 8C 8C 8H 8H 8H 8H 8H",
        },
    )
    assert current.previous_trump == "S"
    trick(match, "AC", "7C")
    act(match, leader, "declare:marriage:KS,QS")
    assert current.trump is None and current.points[leader] == 20
    trick(match, "7H", "8C")
    # a sequence in last deal's trumps, declared while no trumps exist: 150, fixes nothing
    sequence = next(t for t in legal_texts(match, leader) if t.startswith("declare:sequence:"))
    act(match, leader, sequence)
    assert current.trump is None and current.points[leader] == 170
    trick(match, "7H", "8C")
    act(match, leader, "declare:marriage:KD,QD")
    assert current.trump == "D" and current.points[leader] == 210
    assert [d.fixes_trump for d in current.declarations] == [None, None, "D"]
    assert [d.points for d in current.declarations] == [20, 150, 40]


def test_cb4_a_drawn_deal_with_trumps_still_bars_them() -> None:
    match = new_match(CHINESE, {"deals": 2}, A)
    _spades_deal(match, drawn=True)
    first = match.deals[0]
    assert first.result is not None and first.result.winner is None
    assert match.next_dealer == 1 - first.dealer
    current = deal(match)
    assert current.previous_trump == "S"


def test_rubicon_knows_no_barred_trump() -> None:
    match = new_match(RUBICON, {"deals": 2}, A)
    _spades_deal(match)
    current = deal(match)
    assert current.previous_trump is None


# -- RB6, CB6: carte blanche ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "hand", "draws", "points"),
    [
        (RUBICON, "AS TS 9S 8S 7S AH TH 9H 8H", ["8C", "QD", "7S"], 50),
        (CHINESE, "AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD", ["9C", "JD", "7S"], 250),
    ],
)
def test_rb6_cb6_carte_blanche_and_the_draws_after_it(
    variant: Variant, hand: str, draws: list[str], points: int
) -> None:
    match = new_match(variant, None, B)
    # A loses the first trick (he draws second), then wins the next two (he draws first)
    filler = "KC QC JC KD QD JD KC QC JC KD"[: 3 * (variant.hand_size - 2) - 1]
    current = deal(
        match,
        {A: hand, B: "AH 7H " + filler},
        stock=f"9C {draws[0]} {draws[1]} 9C {draws[2]} 9C",
    )
    assert [s.seat for s in current.shown] == [A]
    assert sorted(current.shown[0].cards) == sorted(hand.split())
    assert current.shown[0].after == 0 and current.points == [points, 0]
    trick(match, "8H", "AH")  # lost: B draws 9C, A the first draw of the vector
    act(match, B, "draw")
    assert [s.cards for s in current.shown] == [current.shown[0].cards, (draws[0],)]
    assert current.shown[1].after == 1 and current.points == [2 * points, 0]
    trick(match, "7H", "TH")  # won: the court card ends carte blanche
    act(match, A, "draw")
    assert len(current.shown) == 2 and current.blank == [False, False]
    trick(match, "TS", "KC")
    act(match, A, "draw")
    assert draws[2] in concealed(current, A)
    assert len(current.shown) == 2 and current.points == [2 * points, 0]


def test_carte_blanche_is_shown_non_dealer_first() -> None:
    match = new_match(RUBICON, None, A)
    current = deal(match, {A: "AS TS 9S 8S 7S AH TH 9H 8H", B: "AC TC 9C 8C 7C AD TD 9D 8D"})
    assert [(s.seat, s.after, s.points) for s in current.shown] == [(B, 0, 50), (A, 0, 50)]
    assert current.points == [50, 50] and current.blank == [True, True]


@pytest.mark.parametrize("variant", [RUBICON, CHINESE])
def test_carte_blanche_scores_every_draw_to_the_final_one(variant: Variant) -> None:
    """Clarification 5: the dealer A, without a court card, always loses and draws second:
    every card he draws is shown and scores, the last card of the stock included."""
    size = variant.hand_size
    low = [c for c in variant.pack.cards if c[0] in NON_COURT]
    high = [c for c in variant.pack.cards if c[0] not in NON_COURT]
    pool_a = low[: size + variant.stock_tricks]
    pool_b = low[size + variant.stock_tricks :] + high
    random.Random(1).shuffle(pool_a)
    random.Random(2).shuffle(pool_b)
    seats = layout(variant, dealer=A)
    pack = [pool_a.pop() if s == A else pool_b.pop() for s in seats]
    for _ in range(variant.stock_tricks):
        pack += [pool_b.pop(), pool_a.pop()]
    assert not pool_a and not pool_b
    match = new_match(variant, None, A)
    act(match, TABLE, "deal:" + ",".join(pack))
    current = match.current
    assert current is not None
    while not current.endgame:
        if match.to_act == B and current.deciding == B:
            act(match, B, "draw")
            continue
        # B leads a card A can lose to, and A loses to it
        for text in legal_texts(match, B):
            lead = text[5:]
            beaten = RANKS.index(lead[0])
            losing = [
                c for c in concealed(current, A) if c[1] != lead[1] or RANKS.index(c[0]) >= beaten
            ]
            if losing:
                break
        act(match, B, "play:" + lead)
        act(match, A, "play:" + losing[0])
    shown = [s for s in current.shown if s.seat == A]
    assert len(shown) == 1 + variant.stock_tricks
    assert shown[-1].after == variant.stock_tricks
    assert current.points[A] == (1 + variant.stock_tricks) * variant.carte_blanche
    assert current.won == [0, variant.stock_tricks]


# -- RB13: the timing of declarations --------------------------------------------------------


def test_rb13_only_the_winner_declares_once_before_the_draw() -> None:
    match = new_match(RUBICON, None, B)
    current = deal(
        match,
        {A: "KS QS KS KS KS AC 9H 9H 9H", B: "KH QH 7C 8D 8D 8D 8D 8C 8C"},
        stock="7S 7S 7S 7S 7D 7D",
    )
    assert_refused(match, A, "declare:marriage:KS,QS", "declare_not_now")  # before a trick
    assert_refused(match, B, "draw", "not_your_turn")
    trick(match, "AC", "7C")
    assert match.phase() == "declare" and match.to_act == A
    assert "draw" in legal_texts(match, A) and legal_texts(match, B) == []
    assert_refused(match, B, "declare:marriage:KH,QH", "not_trick_winner")
    assert_refused(match, A, "play:9H", "declare_or_draw")
    act(match, A, "declare:marriage:KS,QS+KS,KS,KS")
    assert current.points == [40, 0] and current.trump == "S"
    assert [p.kind.value for p in current.holdings[A].pending] == ["kings"]
    # the declaration was the turn's one: both have drawn, and a second is refused
    assert len(current.draws[A]) == len(current.draws[B]) == 1
    assert match.phase() == "play"
    table = current.holdings[A].table
    pending = current.holdings[A].pending[0]
    kings = "declare:kings:" + ",".join(f"KS@{p}" for p in sorted(map(table.index, pending.cards)))
    assert_refused(match, A, kings, "declare_not_now")
    trick(match, "9H", "8D")
    assert [t for t in legal_texts(match, A) if t.startswith("declare:kings")] == [kings]
    act(match, A, kings)  # the pending kings score at the next trick won
    assert current.points == [120, 0]
    trick(match, "9H", "8D")
    act(match, A, "draw")
    assert_refused(match, A, "declare:marriage:KH,QH", "declare_not_now")  # after the draw


def test_no_declaration_after_the_last_stock_trick_is_drawn() -> None:
    def always_draw(match: Match, legal: list[str], rng: object) -> str:
        return "draw" if "draw" in legal else legal[0]

    match, _ = play_match(RUBICON, {"deals": 1}, 7, choose=always_draw)
    current = match.deals[0]
    assert not current.declarations
    decided = [seat for seat, text in current.actions if text == "draw"]
    assert len(decided) == RUBICON.stock_tricks


def test_the_last_stock_trick_still_allows_a_declaration() -> None:
    seen: list[int] = []

    def watch(match: Match, legal: list[str], rng: object) -> str:
        current = match.current
        assert current is not None
        if "draw" in legal:
            seen.append(len(current.ledger.stock))
            return legal[0]  # declare whenever possible
        return legal[0]

    match, _ = play_match(RUBICON, {"deals": 1}, 11, choose=watch)
    assert seen[-1] == 2 and len(seen) == RUBICON.stock_tricks
    assert match.deals[0].declarations


# -- RB12: the last tricks --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "must_win", "legal"),
    [
        ("7H AH 8C", False, {"7H", "AH"}),
        ("7H AH 8C", True, {"AH"}),
        ("7H 8H 8C", True, {"7H", "8H"}),
        ("8C 9S", False, {"8C"}),
        ("9S TD", False, {"9S", "TD"}),
        ("9S TD", True, {"9S", "TD"}),
    ],
)
def test_rb12_duties_in_the_last_tricks(hand: str, must_win: bool, legal: set[str]) -> None:
    leader_hand = "KH " + " ".join(["7S"] * (len(hand.split()) - 1))
    match = endgame(RUBICON, {A: leader_hand, B: hand}, "C", A, {"must_win_endgame": must_win})
    assert match.phase() == "endgame"
    act(match, A, "play:KH")
    assert {t[5:] for t in legal_texts(match, B)} == legal
    for card in set(hand.split()) - legal:
        if not any(c[1] == "H" for c in hand.split()):
            duty = "must_trump"
        elif card[1] != "H":
            duty = "must_follow_suit"
        else:
            duty = "must_head_trick"
        assert_refused(match, B, "play:" + card, duty)
    for card in legal:
        trial = match.clone()
        act(trial, B, "play:" + card)


def test_rb12_refusal_codes_name_the_duty() -> None:
    match = endgame(RUBICON, {A: "KH 7S", B: "7H AH"}, "C", A, {"must_win_endgame": True})
    act(match, A, "play:KH")
    assert_refused(match, B, "play:7H", "must_head_trick")
    match = endgame(RUBICON, {A: "KH 7S", B: "8C 9S"}, "C", A)
    act(match, A, "play:KH")
    assert_refused(match, B, "play:9S", "must_trump")


def test_a_trump_lead_must_be_beaten_with_must_win_but_no_over_trumping() -> None:
    match = endgame(RUBICON, {A: "TC 7S", B: "7C AC"}, "C", A, {"must_win_endgame": True})
    act(match, A, "play:TC")
    assert legal_texts(match, B) == ["play:AC"]
    match = endgame(RUBICON, {A: "KH 7S", B: "7C AC"}, "C", A, {"must_win_endgame": True})
    act(match, A, "play:KH")
    assert sorted(legal_texts(match, B)) == ["play:7C", "play:AC"]


def test_without_trumps_the_last_tricks_only_follow_suit() -> None:
    match = endgame(CHINESE, {A: "KH 7S", B: "8C 9S"}, None, A)
    act(match, A, "play:KH")
    assert sorted(legal_texts(match, B)) == ["play:8C", "play:9S"]


def test_the_tables_are_taken_up_after_the_final_draw() -> None:
    def declare_first(match: Match, legal: list[str], rng: object) -> str:
        return legal[0]

    tables: list[int] = []
    laid: list[int] = []

    def check(match: Match) -> None:
        current = match.current
        if current is not None and current.endgame:
            tables.append(sum(len(h.table) + len(h.pending) for h in current.holdings))
        elif current is not None:
            laid.append(sum(len(h.table) for h in current.holdings))

    play_match(RUBICON, {"deals": 1}, 2, check=check, choose=declare_first)
    assert tables and set(tables) == {0}
    assert any(laid)


# -- CB8: the counts of a deal ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "pack", "dealt", "stock_tricks", "last", "total", "bonus"),
    [(RUBICON, 128, 18, 55, 9, 64, 50), (CHINESE, 192, 24, 84, 12, 96, 250)],
)
def test_cb8_counts(
    variant: Variant, pack: int, dealt: int, stock_tricks: int, last: int, total: int, bonus: int
) -> None:
    assert (variant.pack.size, 2 * variant.hand_size) == (pack, dealt)
    assert (variant.stock_tricks, variant.hand_size, variant.tricks) == (stock_tricks, last, total)
    assert variant.last_trick == bonus
    match, _ = play_match(variant, {"deals": 1}, 1)
    current = match.deals[0]
    assert len(current.history) == total
    decisions = [t for _, t in current.actions if t == "draw" or t.startswith("declare:")]
    assert len(decisions) == stock_tricks
    assert sum(len(d) for d in current.draws) == variant.stock_size
    declared = sum(d.points for d in current.declarations)
    blanks = sum(s.points for s in current.shown)
    winner = current.history[-1].winner
    expected = [0, 0]
    for d in current.declarations:
        expected[d.seat] += d.points
    for s in current.shown:
        expected[s.seat] += s.points
    expected[winner] += bonus
    assert current.points == expected
    assert sum(current.points) == declared + blanks + bonus


# -- the dealer --------------------------------------------------------------------------------


def test_the_winner_of_a_deal_deals_the_next_and_the_non_dealer_leads() -> None:
    match, log = play_match(RUBICON, {"deals": 6}, 4)
    dealers = [d.dealer for d in match.deals]
    assert dealers[0] == match.first_dealer
    for before, after in zip(match.deals, match.deals[1:], strict=False):
        assert before.result is not None
        expected = before.result.winner
        assert after.dealer == (1 - before.dealer if expected is None else expected)
    for current in match.deals:
        assert current.actions[0][0] == 1 - current.dealer
    assert sum(1 for seat, _ in log if seat == TABLE) == 6


@pytest.mark.parametrize("variant", [RUBICON, CHINESE])
def test_a_drawn_deal_scores_nothing_and_the_other_player_deals(variant: Variant) -> None:
    match = new_match(variant, {"deals": 2}, A)
    deal(match)
    _to_last_trick(match, random.Random(8))
    _finish(match, drawn=True)
    current = match.deals[0]
    assert current.result is not None
    assert current.result.winner is None and current.result.scores == (0, 0)
    assert current.result.counted is variant.brisques
    assert match.totals == [0, 0]
    assert match.next_dealer == 1 - current.dealer and match.to_act == TABLE


def test_the_match_ends_after_its_deals_and_adds_up_their_game_scores() -> None:
    match, _ = play_match(CHINESE, {"deals": 3}, 9)
    assert match.is_over and match.phase() == "match_over" and match.deals_played == 3
    sums = [0, 0]
    for current in match.deals:
        assert current.result is not None
        for s in (0, 1):
            sums[s] += current.result.scores[s]
    assert match.totals == sums
    best = max(sums)
    assert match.winners() == [s for s in (0, 1) if sums[s] == best]
    assert_refused(match, A, "draw", "match_over")
    with pytest.raises(IllegalAction) as refused:
        match.apply(TABLE, shuffled_deal(type(match), random.Random(0)))
    assert refused.value.code == "match_over"


# -- refusals --------------------------------------------------------------------------------


def test_refusals_between_and_during_deals() -> None:
    match = new_match(RUBICON, None, B)
    assert_refused(match, A, "play:AS", "not_your_turn")
    current = deal(match, {A: "AS 9S 9S 9S 9S 9H 9H 9H 9H", B: "7C 8C"})
    pack = ",".join(build_pack(RUBICON, B))
    assert_refused(match, TABLE, "deal:" + pack, "wrong_phase")
    assert_refused(match, A, "deal:" + pack, "not_your_turn")
    assert_refused(match, B, "play:7C", "not_your_turn")
    assert_refused(match, A, "play:KD", "card_not_in_hand")
    assert_refused(match, A, "play:AS@0", "card_not_in_hand")
    assert_refused(match, A, "draw", "draw_not_now")
    act(match, A, "play:AS")
    assert_refused(match, A, "play:9S", "not_your_turn")
    assert_refused(match, B, "declare:marriage:KC,QC", "declare_not_now")
    act(match, B, "play:7C")
    assert legal_texts(match, B) == [] and legal_texts(match, TABLE) == []
    assert_refused(match, A, "declare:marriage:KC,QC", "card_not_in_hand")
    assert current.trump is None


def test_check_predicts_apply_and_clone_is_independent() -> None:
    match = new_match(RUBICON, None, B)
    deal(match, {A: "AS", B: "7C"})
    assert match.check(A, parse_action(RUBICON, "play:AS")) == B
    twin = match.clone()
    act(twin, A, "play:AS")
    assert match.to_act == A and twin.to_act == B
    current = match.current
    assert current is not None and not current.ledger.trick


@pytest.mark.parametrize("variant", [RUBICON, CHINESE], ids=["rubicon", "chinese"])
def test_a_card_or_draw_built_by_hand_plays_as_the_notations_own(variant: Variant) -> None:
    """An action equal to one the notation parses but not that object (which the fast path
    knows by identity) takes the checked path, and ends where the notation's own does: the
    same state, views and actions recorded, for a card of the hand, one of the table and a
    draw."""
    compared: Counter[str] = Counter()

    def choose(match: Match, legal: list[str], rng: random.Random) -> str:
        text = rng.choice(legal)
        own = parse_action(variant, text)
        seat = match.to_act
        if own.kind in ("play", "draw") and seat in (A, B):
            built = Action(own.kind, own.arg)
            assert built == own and built is not own
            by_hand, by_text = match.clone(), match.clone()
            by_hand.apply(seat, built)
            by_text.apply(seat, own)
            assert snapshot(by_hand) == snapshot(by_text), text
            for viewer in (None, A, B):
                assert view(by_hand, viewer) == view(by_text, viewer), text
            compared["table" if "@" in own.arg else own.kind] += 1
        return text

    play_match(variant, None, 3, choose=choose)
    assert compared["play"] and compared["table"] and compared["draw"], compared


@pytest.mark.parametrize(
    "action",
    [
        Action("declare", "kings"),  # a declaration no text would parse to
        Action("draw", "now"),
        Action("play", "ZZ"),
        Action("play:QS"),  # its text is play:QS, the notation's, but not this action
    ],
    ids=str,
)
def test_an_action_built_by_hand_that_no_text_parses_to_is_malformed(action: Action) -> None:
    match = new_match(RUBICON, None, B)
    deal(match, {A: "KS QS", B: "7C"})
    before = snapshot(match)
    for attempt in (match.check, match.apply):
        with pytest.raises(MalformedAction) as refused:
            attempt(A, action)
        assert str(refused.value) == f"not a Rubicon bezique action: {str(action)!r}"
        assert snapshot(match) == before


def test_a_table_position_past_any_table_is_malformed() -> None:
    assert parse_action(CHINESE, "play:QS@200") == Action("play", "QS@200")
    with pytest.raises(MalformedAction) as refused:
        parse_action(CHINESE, "play:QS@201")
    assert str(refused.value) == "no table has a position 201"


@pytest.mark.parametrize(
    "text",
    ["play:QS@03", "play:QS@00", "declare:marriage:KS@01,QS", "declare:marriage:KS,QS+AH@007"],
)
def test_a_table_position_written_with_leading_zeros_is_malformed(text: str) -> None:
    """A table position is written as the notation writes it, so that one action has one
    text in views and records: ``QS@3``, never ``QS@03``."""
    with pytest.raises(MalformedAction) as refused:
        parse_action(RUBICON, text)
    assert "a table position is a number, as in QS@3" in str(refused.value)
    assert parse_action(RUBICON, "play:QS@0") == Action("play", "QS@0")
