"""Declarations in rubicon and Chinese bezique: every vector of the specs about what may be
declared, and a test for each rule of re-use (rubicon §7.3, §7.5, Clarifications 1-16;
Chinese §3-§5 and Clarifications 1-4). A player's cards are built up as in play: drawn
into the concealed hand, declared, played to tricks."""

from __future__ import annotations

import pytest

from app.engine.bezique.combinations import Combination, Kind
from app.engine.bezique.declarations import Context, Declared, declare, offers
from app.engine.bezique.holding import (
    Holding,
    find_copy,
    remove,
    split_card_argument,
    take_up,
)
from app.engine.bezique.variant import CHINESE, RUBICON, Variant
from app.engine.errors import IllegalAction, MalformedAction


class Player:
    """One player's holding over a deal, with the pack growing as cards are drawn."""

    def __init__(self, variant: Variant = RUBICON, hand: str = "", trump: str | None = None):
        self.variant = variant
        self.pack: list[str] = []
        self.holding = Holding([])
        self.trump = trump
        self.previous_trump: str | None = None
        self.left: tuple[Combination, ...] = ()
        """The declarations the last one scored left pending."""
        self.draw(hand)

    def draw(self, codes: str) -> None:
        for code in codes.split():
            self.holding.concealed.append(len(self.pack))
            self.pack.append(code)

    @property
    def context(self) -> Context:
        return Context(self.variant, self.pack, self.trump, self.previous_trump)

    def declare(self, arg: str) -> Declared:
        before = list(self.holding.pending)
        declared = declare(self.context, self.holding, arg)
        self.left = tuple(p for p in self.holding.pending if p not in before)
        if declared.fixes_trump:
            self.trump = declared.fixes_trump
        return declared

    def refused(self, arg: str) -> str:
        before = self.holding.copy(list(self.holding.concealed))
        with pytest.raises(IllegalAction) as caught:
            self.declare(arg)
        assert self.holding == before
        return caught.value.code

    def play(self, arg: str) -> None:
        remove(self.holding, find_copy(self.pack, self.holding, *split_card_argument(arg)))

    def table(self) -> list[str]:
        return [self.pack[c] for c in self.holding.table]

    def pending(self) -> list[str]:
        return [p.kind.value for p in self.holding.pending]

    def legal(self) -> list[str]:
        return [o.text for o in offers(self.context, self.holding)]


# -- values and trumps ---------------------------------------------------------------------


def test_rb2_the_first_marriage_makes_trumps_and_scores_forty() -> None:
    a = Player(hand="KH QH KS QS 7C")
    first = a.declare("marriage:KH,QH")
    assert (first.points, first.fixes_trump, a.trump) == (40, "H", "H")
    later = a.declare("marriage:KS,QS")
    assert (later.points, later.fixes_trump) == (20, None)


def test_a_first_sequence_makes_trumps_and_scores_250_a_plain_one_150() -> None:
    a = Player(hand="AD TD KD QD JD AC TC KC QC JC")
    assert a.declare("sequence:AD,TD,KD,QD,JD").points == 250
    assert a.trump == "D"
    assert a.declare("sequence:AC,TC,KC,QC,JC").points == 150


def test_rb3_upgrade_and_no_downgrade() -> None:
    a = Player(hand="KH QH AH TH JH", trump="H")
    assert a.declare("marriage:KH,QH").points == 40
    assert a.declare("sequence:AH,TH,JH,KH@0,QH@1").points == 250  # 290 in all
    b = Player(hand="AH TH KH QH JH KH QH", trump="H")
    assert b.declare("sequence:AH,TH,KH,QH,JH").points == 250
    assert b.refused("marriage:KH@2,QH@3") == "needs_card_from_hand"
    assert b.refused("marriage:KH,QH@3") == "downgrade"  # rule 5 with a new king
    # a second pair from the concealed hand is accepted (Clarification 10)
    assert b.declare("marriage:KH,QH").points == 40


def test_rb4_beziques_one_at_a_time_and_together() -> None:
    a = Player(hand="QS JD QS JD QS JD QS JD")
    points = [a.declare("bezique:QS,JD").points]
    points.append(a.declare("double_bezique:QS@0,JD@1,QS,JD").points)
    points.append(a.declare("triple_bezique:QS@0,JD@1,QS@2,JD@3,QS,JD").points)
    points.append(a.declare("quadruple_bezique:QS@0,JD@1,QS@2,JD@3,QS@4,JD@5,QS,JD").points)
    assert points == [40, 500, 1500, 4500] and sum(points) == 6540
    b = Player(hand="QS QS JD JD")
    assert b.declare("double_bezique:QS,QS,JD,JD").points == 500


def test_rb4_a_second_pair_beside_an_intact_one_is_only_the_double() -> None:
    a = Player(hand="QS JD QS JD")
    a.declare("bezique:QS,JD")
    assert a.refused("bezique:QS,JD") == "bezique_covers_all"
    assert a.legal() == ["double_bezique:QS,JD,QS@0,JD@1"]
    assert a.declare("double_bezique:QS,JD,QS@0,JD@1").points == 500
    # the single is no longer scorable while the double is intact (Clarification 13)
    a.draw("QS JD")
    assert a.refused("bezique:QS,JD") == "bezique_covers_all"


def test_rb5_any_four_and_re_forming_after_a_card_is_played() -> None:
    a = Player(hand="KS KH KH KC KD KD")
    assert a.declare("kings:KS,KH,KH,KC").points == 80  # suits do not matter
    assert a.refused("kings:KD,KS@0,KH@1,KC@3") == "card_reused"
    a.play("KH@1")
    assert a.declare("kings:KD,KS@0,KH@1,KC@2").points == 80
    # a second eighty kings from one new king and three of the intact set: refused
    assert a.refused("kings:KD,KS@0,KH@1,KC@2") == "card_reused"


def test_rb7_a_pending_bezique_scores_at_the_next_trick_won() -> None:
    a = Player(hand="KS QS JS JH JD JC", trump="H")
    assert a.declare("marriage:KS,QS").points == 20
    jacks = a.declare("jacks:JS,JH,JD,JC")
    assert jacks.points == 40
    assert [p.kind for p in a.left] == [Kind.BEZIQUE]
    assert "bezique:QS@1,JD@4" in a.legal()
    assert a.declare("bezique:QS@1,JD@4").points == 40
    assert a.pending() == []


def test_rb7_playing_a_card_of_a_pending_declaration_loses_it() -> None:
    a = Player(hand="KS QS JS JH JD JC", trump="H")
    a.declare("marriage:KS,QS")
    a.declare("jacks:JS,JH,JD,JC")
    a.play("JD@4")
    assert a.pending() == []
    assert a.refused("bezique:QS@1,JD@3") == "card_not_in_hand"


def test_rb13_two_declarations_in_one_lay_out_the_second_is_left_pending() -> None:
    a = Player(hand="KH QH KH KH KH")
    declared = a.declare("marriage:KH,QH+KH,KH,KH")
    assert declared.points == 40 and [p.kind for p in a.left] == [Kind.KINGS]
    assert a.declare("kings:KH@0,KH@2,KH@3,KH@4").points == 80


# -- Clarifications of rubicon §13 ------------------------------------------------------------


def test_c1_duplicates_of_a_suit_count_in_any_four() -> None:
    a = Player(hand="AS AS AS AH")
    assert a.declare("aces:AS,AS,AS,AH").points == 100


def test_c2_a_marriage_fixes_trumps_when_scored_and_a_pending_one_is_valued_then() -> None:
    a = Player(hand="KH QH KD QD")
    declared = a.declare("marriage:KH,QH+KD,QD")
    assert declared.fixes_trump == "H" and [p.kind for p in a.left] == [Kind.MARRIAGE]
    assert a.declare("marriage:KD@2,QD@3").points == 20  # trumps are hearts by then


def test_c2_two_marriages_laid_out_before_trumps_the_chosen_one_fixes_trumps() -> None:
    a = Player(hand="KH QH KD QD")
    declared = a.declare("marriage:KD,QD+KH,QH")
    assert declared.fixes_trump == "D"
    assert a.declare("marriage:KH@2,QH@3").points == 20


def test_c4_scoring_a_pending_declaration_lays_out_nothing_more() -> None:
    a = Player(hand="KS QS JS JH JD JC KH QH", trump="H")
    a.declare("marriage:KS,QS")
    a.declare("jacks:JS,JH,JD,JC")
    assert a.refused("bezique:QS@1,JD@4+KH,QH") == "pending_alone"


def test_c6_a_table_card_is_named_by_position_and_the_copy_matters() -> None:
    a = Player(hand="KH KH KH KH KH QH", trump="S")
    a.declare("kings:KH,KH,KH,KH")
    assert a.table() == ["KH", "KH", "KH", "KH"]
    assert find_copy(a.pack, a.holding, "KH", 3) == a.holding.table[3]
    with pytest.raises(IllegalAction) as caught:
        find_copy(a.pack, a.holding, "QH", 0)
    assert caught.value.code == "card_not_in_hand"
    # a marriage with the concealed king and queen leaves the four intact
    a.declare("marriage:KH,QH")
    assert a.refused("kings:KH@0,KH@1,KH@2,KH@4") == "needs_card_from_hand"


def test_c7_extra_cards_must_complete_a_pending_declaration() -> None:
    a = Player(hand="KH QH 7S 8S KC")
    assert a.refused("marriage:KH,QH+7S") == "extra_card"
    assert a.refused("marriage:KH,QH+KC") == "extra_card"


def test_c8_a_marriage_is_not_re_formed_from_two_table_cards() -> None:
    a = Player(hand="KH QH KH QH KC KS", trump="H")
    a.declare("kings:KH,KH,KC,KS")
    assert a.refused("marriage:KH@0,QH@0") == "card_not_in_hand"
    a.declare("marriage:KH@0,QH")
    assert a.refused("marriage:KH@1,QH@4") == "needs_card_from_hand"


def test_c9_a_marriage_re_forms_with_a_new_king_once_the_first_is_broken() -> None:
    a = Player(hand="KH QH KH", trump="S")
    assert a.declare("marriage:KH,QH").points == 20
    assert a.refused("marriage:KH,QH@1") == "card_reused"
    a.play("KH@0")
    assert a.declare("marriage:KH,QH@0").points == 20


def test_c11_a_new_king_with_the_queen_of_an_intact_sequence_is_refused_until_it_breaks() -> None:
    a = Player(hand="AH TH KH QH JH KH", trump="H")
    a.declare("sequence:AH,TH,KH,QH,JH")
    assert a.refused("marriage:KH,QH@3") == "downgrade"
    a.play("AH@0")
    assert a.declare("marriage:KH,QH@2").points == 40


def test_c13_single_then_double_is_540_and_a_broken_double_re_forms() -> None:
    a = Player(hand="QS JD QS JD QS")
    assert a.declare("bezique:QS,JD").points == 40
    assert a.declare("double_bezique:QS,JD,QS@0,JD@1").points == 500
    a.play("QS@0")
    assert a.declare("double_bezique:QS,JD@0,QS@1,JD@2").points == 500


def test_c14_a_blocked_pending_declaration_is_suspended_not_lost() -> None:
    # kings laid out with a marriage leave eighty kings pending; a second eighty kings
    # declared from new cards leaves the pending one as it was, still scorable
    a = Player(hand="KH QH KS KD KC KH KS KD KC")
    a.declare("marriage:KH,QH+KS,KD,KC")
    assert a.pending() == ["kings"]
    pending = a.holding.pending[0]
    a.declare("kings:KH,KS,KD,KC")
    assert a.pending() == ["kings"] and a.holding.pending[0] == pending
    # the pending four shares no card with the new one: it still scores
    text = next(t for t in a.legal() if t.startswith("kings:") and "@" in t and "," in t)
    assert text.count("@") == 4


def test_c15_a_pending_declaration_holds_a_card_of_its_lay_out() -> None:
    # four kings already on the table are not left pending by an unrelated lay-out
    a = Player(hand="KH KS KD KC QS JD AS AS AS AS", trump="C")
    a.declare("bezique:QS,JD")
    a.declare("marriage:KS,QS@0+KH,KD,KC")
    assert a.pending() == ["kings"]
    a.declare("aces:AS,AS,AS,AS")
    assert a.left == ()


def test_c16_no_marriage_pending_inside_a_scored_sequence() -> None:
    a = Player(hand="AH TH KH QH JH", trump="H")
    a.declare("sequence:AH,TH,KH,QH,JH")
    assert a.left == ()
    b = Player(hand="AH TH KH QH JH")
    assert b.refused("marriage:KH,QH+AH,TH,JH") == "extra_card"


def test_end_of_stock_takes_the_table_up_and_loses_pending_declarations() -> None:
    a = Player(hand="KS QS JS JH JD JC", trump="H")
    a.declare("marriage:KS,QS")
    a.declare("jacks:JS,JH,JD,JC")
    take_up(a.holding)
    assert a.holding.table == [] and a.holding.pending == []
    assert sorted(a.pack[c] for c in a.holding.concealed) == sorted(
        ["KS", "QS", "JS", "JH", "JD", "JC"]
    )


# -- Chinese bezique ----------------------------------------------------------------------------


def chinese(hand: str, trump: str | None = None, previous: str | None = None) -> Player:
    player = Player(CHINESE, hand, trump)
    player.previous_trump = previous
    return player


@pytest.mark.parametrize(
    ("trump", "queen", "jack"),
    [("S", "QS", "JD"), ("D", "QD", "JS"), ("H", "QH", "JC"), ("C", "QC", "JH")],
)
def test_cb1_the_bezique_depends_on_trumps(trump: str, queen: str, jack: str) -> None:
    a = chinese(f"{queen} {jack} QS JD", trump)
    assert a.declare(f"bezique:{queen},{jack}").points == 40
    if trump != "S":
        assert a.refused("bezique:QS,JD") == "not_a_combination"


def test_cb2_no_bezique_before_trumps() -> None:
    a = chinese("QS JD")
    assert a.refused("bezique:QS,JD") == "no_trumps_yet"
    assert a.legal() == []


def test_cb3_fours_of_trumps_and_no_downgrade() -> None:
    a = chinese("AH AH AH AH TH TH TH TH AS", "H")
    assert a.declare("trump_aces:AH,AH,AH,AH").points == 1000
    assert a.declare("trump_tens:TH,TH,TH,TH").points == 900
    assert a.refused("aces:AS,AH@0,AH@1,AH@2") == "downgrade"
    b = chinese("AH AH AS AC AH AH", "H")
    assert b.declare("aces:AH,AH,AS,AC").points == 100
    assert b.declare("trump_aces:AH,AH,AH@0,AH@1").points == 1000


def test_cb3_every_trump_four_has_its_value() -> None:
    values = {"aces": 1000, "tens": 900, "kings": 800, "queens": 600, "jacks": 400}
    for name, points in values.items():
        four = ",".join([name[0].upper() + "C"] * 4)
        a = chinese(four.replace(",", " "), "C")
        assert a.declare(f"trump_{name}:{four}").points == points


def test_cb4_no_trump_twice_running() -> None:
    a = chinese("KS QS KD QD AS TS KS QS JS", previous="S")
    first = a.declare("marriage:KS,QS")
    assert (first.points, first.fixes_trump) == (20, None)
    second = a.declare("marriage:KD,QD")
    assert (second.points, second.fixes_trump) == (40, "D")
    b = chinese("AS TS KS QS JS", previous="S")
    sequence = b.declare("sequence:AS,TS,KS,QS,JS")
    assert (sequence.points, sequence.fixes_trump) == (150, None)


def test_chinese_c3_a_four_of_trumps_may_be_declared_as_any_four_and_upgraded_with_a_new_card() -> (
    None
):
    a = chinese("AH AH AH AH AH", "H")
    assert a.declare("aces:AH,AH,AH,AH").points == 100
    assert a.refused("trump_aces:AH@0,AH@1,AH@2,AH@3") == "needs_card_from_hand"
    assert a.declare("trump_aces:AH,AH@0,AH@1,AH@2").points == 1000


def test_chinese_c4_five_pairs_make_at_most_a_quadruple() -> None:
    a = chinese("QH JC QH JC QH JC QH JC QH JC", "H")
    assert a.declare("quadruple_bezique:QH,JC,QH,JC,QH,JC,QH,JC").points == 4500
    assert a.refused("quadruple_bezique:QH,JC,QH@0,JC@1,QH@2,JC@3,QH@4,JC@5") == (
        "bezique_not_higher"
    )


def test_rubicon_has_no_fours_of_trumps() -> None:
    a = Player(hand="AH AH AH AH", trump="H")
    assert a.refused("trump_aces:AH,AH,AH,AH") == "not_in_this_game"


# -- notation and listing ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "arg",
    [
        "",
        "marriage",
        "marriage:",
        "wedding:KH,QH",
        "marriage:KH,XX",
        "marriage:KH,QH@x",
        "marriage:KH,QH+KS@1",
        "marriage:" + ",".join(["KH"] * 9),
    ],
)
def test_malformed_declarations_are_refused_as_such(arg: str) -> None:
    a = Player(hand="KH QH")
    with pytest.raises(MalformedAction):
        a.declare(arg)


def test_too_many_extra_cards_are_malformed() -> None:
    a = Player(hand="KH QH")
    extras = ",".join(["AS"] * 17)
    with pytest.raises(MalformedAction) as caught:
        a.declare(f"marriage:KH,QH+{extras}")
    assert str(caught.value) == "at most 16 extra cards"


def test_a_table_card_named_twice_is_refused() -> None:
    a = Player(hand="KH KH KH KH KH", trump="S")
    a.declare("kings:KH,KH,KH,KH")
    before = a.holding.copy(list(a.holding.concealed))
    with pytest.raises(IllegalAction) as caught:
        a.declare("kings:KH@0,KH@0,KH@1,KH")
    assert caught.value.code == "card_twice"
    assert caught.value.message == "KH@0 is named twice"
    assert a.holding == before


def test_unheld_cards_are_refused() -> None:
    a = Player(hand="KH QH")
    assert a.refused("marriage:KS,QS") == "card_not_in_hand"
    assert a.refused("marriage:KH,QH@0") == "card_not_in_hand"
    assert a.refused("marriage:KH,KH") == "card_not_in_hand"
    assert a.refused("aces:KH,QH") == "not_a_combination"


def test_every_listed_declaration_is_accepted_and_listing_changes_nothing() -> None:
    a = Player(hand="KH QH AH TH JH QS JD KS KD KC JS JC", trump="H")
    a.declare("marriage:KH,QH")
    listed = a.legal()
    assert "sequence:AH,TH,JH,KH@0,QH@1" in listed
    assert "bezique:QS,JD" in listed
    assert "kings:KS,KD,KC,KH@0" in listed
    for text in listed:
        copy = a.holding.copy(list(a.holding.concealed))
        before = a.holding.copy(list(a.holding.concealed))
        declare(a.context, copy, text)
        assert a.holding == before


@pytest.mark.parametrize("variant", [RUBICON, CHINESE], ids=["rubicon", "chinese"])
def test_a_four_is_offered_with_sixteen_copies_of_its_rank_in_hand_and_on_the_table(
    variant: Variant,
) -> None:
    """The listing counts each four's cards in a field of its own: with three fours of aces on
    the table and four more aces in the hand, sixteen in all, it still offers the fourth that
    the declaration accepts (a field of four bits overflowed at sixteen)."""
    a = Player(variant, hand="AS AH AD AC", trump="H")
    for _ in range(3):
        a.declare("aces:AS,AH,AD,AC")
        a.draw("AS AH AD AC")
    assert "aces:AS,AH,AD,AC" in a.legal()
    assert a.declare("aces:AS,AH,AD,AC").points == 100
