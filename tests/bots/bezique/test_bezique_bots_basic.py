"""The basic level's heuristics on positions built through the engine: the declaration it
chooses from the view's list, the trumps it fixes, the cards it keeps while the stock
lasts, and its play in the last tricks."""

from __future__ import annotations

import random
from typing import Any

from bezique_bots_table import act, endgame, shown, table, trick

from app.bots.arena import play_match
from app.bots.bezique import BasicBot
from app.engine.bezique import CHINESE, GAMES, RUBICON, Variant

RUBICON_GAME, CHINESE_GAME = GAMES


def basic(variant: Variant, view: dict[str, Any]) -> str:
    answer = BasicBot(variant).decide(view)
    assert answer in view["legal"]["actions"], (answer, view["legal"])
    return answer


# -- declaring -------------------------------------------------------------------------------


def test_the_highest_declaration_listed_is_declared() -> None:
    match = table(RUBICON, {0: "AS AS AH AD AC KH QH 7C 8C", 1: "JD 8D 9D 7S 8S 9S 7H 8H 9H"})
    trick(match, "AS", "7S")
    view = shown(match)
    assert view["phase"] == "declare" and view["seat"] == 0
    listed = {d["action"]: d["points"] for d in view["legal"]["declarations"]}
    assert listed == {"declare:marriage:KH,QH": 40, "declare:aces:AS,AH,AD,AC": 100}
    assert basic(RUBICON, view) == "declare:aces:AS,AH,AD,AC"


def test_a_complete_sequence_goes_before_its_marriage() -> None:
    match = table(RUBICON, {0: "KH QH KC QC AC TC JC 7S 8S", 1: "JD 8D 9D 7D 8S 9S 7H 8H 9H"})
    trick(match, "8S", "7D")
    assert basic(RUBICON, shown(match)) == "declare:sequence:AC,TC,KC,QC,JC"


def test_of_two_royal_marriages_the_one_whose_suit_the_cards_suit() -> None:
    # clubs lack only the jack for the trump sequence; hearts hold nothing more
    match = table(RUBICON, {0: "KH QH KC QC AC TC 7C 7S 8S", 1: "JD 8D 9D 7D 8S 9S 7H 8H 9H"})
    trick(match, "8S", "7D")
    view = shown(match)
    assert {d["points"] for d in view["legal"]["declarations"]} == {40}
    assert basic(RUBICON, view) == "declare:marriage:KC,QC"


def test_chinese_trumps_are_chosen_for_the_bezique_they_make() -> None:
    # diamonds trumps make QD with JS the bezique (two queens, two jacks: a double within
    # reach); hearts trumps, QH with JC. Each hand is the other with the suits swapped.
    diamonds = "KH QH KD QD QD JS JS 7C 8C 9C 7S 8S"
    hearts = "KD QD KH QH QH JC JC 7C 8C 9C 7S 8S"
    for hand, expected in (
        (diamonds, "declare:marriage:KD,QD"),
        (hearts, "declare:marriage:KH,QH"),
    ):
        match = table(CHINESE, {0: hand, 1: "7H"})
        trick(match, "9C", "7H")
        view = shown(match)
        assert len(view["legal"]["declarations"]) == 2
        assert basic(CHINESE, view) == expected


def test_a_winner_with_nothing_listed_draws() -> None:
    match = table(RUBICON, {0: "AS 9S 8S 7H 8H 9D 7D 8C 9C", 1: "JD 8D 7S"})
    trick(match, "AS", "7S")
    view = shown(match)
    assert view["legal"]["actions"] == ["draw"]
    assert basic(RUBICON, view) == "draw"


def test_a_declaration_chosen_is_always_the_best_listed_once_trumps_are_fixed() -> None:
    """Over whole matches of basic bots: with trumps fixed, what the bot declares is never
    worth less than another declaration listed, and it declares whenever one is listed."""
    for game, variant in ((RUBICON_GAME, RUBICON), (CHINESE_GAME, CHINESE)):
        seen = 0

        class Watching(BasicBot):
            def decide(self, view: dict[str, Any]) -> str:
                nonlocal seen
                answer = super().decide(view)
                listed = view["legal"].get("declarations") or []
                if listed and view["deal"]["trump"] is not None:
                    best = max(d["points"] for d in listed)
                    points = {d["action"]: d["points"] for d in listed}
                    assert points.get(answer) == best, (answer, listed)
                    seen += 1
                return answer

        bots = [Watching(variant), Watching(variant)]
        play_match(game, bots, random.Random(2), options={"deals": 1})
        assert seen


# -- while the stock lasts -------------------------------------------------------------------


def test_a_trick_not_worth_winning_gets_a_seven_not_a_combination_card() -> None:
    match = table(RUBICON, {0: "AS", 1: "KH QH QS JD AD AC 7C 9S 8D"})
    act(match, 0, "play:AS")
    assert basic(RUBICON, shown(match)) == "play:7C"


def test_a_trick_is_taken_cheaply_with_a_declaration_ready() -> None:
    match = table(RUBICON, {0: "7H", 1: "KS QS 8H 7C 9D JC JS AD TC"})
    act(match, 0, "play:7H")
    assert basic(RUBICON, shown(match)) == "play:8H"


def test_the_leader_with_a_declaration_ready_leads_a_sure_winner() -> None:
    # no trumps yet: an ace led cannot be beaten (of two identical cards the one led wins)
    match = table(RUBICON, {0: "KH QH AS 7C 8D 9S JC JS TD"})
    assert basic(RUBICON, shown(match)) == "play:AS"


def test_a_bezique_is_not_broken_to_throw_a_card() -> None:
    match = table(RUBICON, {0: "AH", 1: "QS JD KC AD TS JS 9C 8D 7D"})
    act(match, 0, "play:AH")
    answer = basic(RUBICON, shown(match))
    assert answer in ("play:7D", "play:8D", "play:9C")


# -- the last tricks -------------------------------------------------------------------------


def test_a_ten_takes_a_trick_it_can_in_rubicon() -> None:
    # a brisque saved: kept back, the ten might fall to an ace
    match = endgame(RUBICON, {0: "9H 7C", 1: "TH 7H"}, "S", 0)
    act(match, 0, "play:9H")
    assert basic(RUBICON, shown(match)) == "play:TH"


def test_without_brisques_the_lowest_card_follows() -> None:
    match = endgame(CHINESE, {0: "9H 7C", 1: "TH 7H"}, "S", 0)
    act(match, 0, "play:9H")
    assert basic(CHINESE, shown(match)) == "play:7H"


def test_a_ten_led_is_taken_with_the_ace() -> None:
    match = endgame(RUBICON, {0: "TH 7C", 1: "AH 8H"}, "S", 0)
    act(match, 0, "play:TH")
    assert basic(RUBICON, shown(match)) == "play:AH"


def test_the_leader_cashes_a_plain_ace_and_keeps_its_trump() -> None:
    match = endgame(RUBICON, {0: "TH 7C 8D", 1: "AH 8H 7S"}, "S", 1)
    assert basic(RUBICON, shown(match)) == "play:AH"
