"""Card notation and Bismarck's action notation: what parses, what it canonicalises to, and
what is refused as malformed."""

from __future__ import annotations

import random

import pytest

from app.engine.actions import MAX_ACTION_TEXT, Action, split_action
from app.engine.bismarck import GAME
from app.engine.bismarck.contracts import contract_action
from app.engine.bismarck.state import Match, discard_action
from app.engine.cards import (
    FULL_DECK,
    RANKS,
    SUITS,
    CardError,
    dealt_cards,
    format_cards,
    is_card,
    is_full_deck,
    parse_card,
    parse_cards,
    sort_key,
    sorted_cards,
)
from app.engine.errors import ActionError, IllegalAction, MalformedAction
from app.engine.trick_game import deal_action

SHUFFLED = list(FULL_DECK)
random.Random(52).shuffle(SHUFFLED)

# -- cards --------------------------------------------------------------------------------------


def test_full_deck_is_52_distinct_cards() -> None:
    assert len(FULL_DECK) == len(set(FULL_DECK)) == 52
    assert {c[0] for c in FULL_DECK} == set(RANKS)
    assert {c[1] for c in FULL_DECK} == set(SUITS)
    assert is_full_deck(SHUFFLED)


@pytest.mark.parametrize("card", FULL_DECK)
def test_card_round_trip(card: str) -> None:
    assert is_card(card)
    assert parse_card(card) == card
    assert parse_cards(format_cards([card])) == [card]


def test_card_list_round_trip() -> None:
    assert parse_cards(format_cards(SHUFFLED)) == SHUFFLED
    assert parse_cards("AS KH, 2C,TD") == ["AS", "KH", "2C", "TD"]
    assert parse_cards("") == []


@pytest.mark.parametrize(
    "text", ["10H", "as", "aS", "As", "1S", "AX", "", "ASS", " AS", "AS ", "T", "S", "ZZ", "0S"]
)
def test_malformed_card_rejected(text: str) -> None:
    assert not is_card(text)
    with pytest.raises(CardError):
        parse_card(text)


@pytest.mark.parametrize("value", [None, 12, ["A", "S"], b"AS", ("A", "S")])
def test_non_text_is_no_card(value: object) -> None:
    assert not is_card(value)


def test_card_list_with_a_bad_card_rejected() -> None:
    with pytest.raises(CardError):
        parse_cards("AS 10H KD")


def test_rank_order_restricts_cards() -> None:
    assert is_card("TH", "ATKQJ9")
    assert not is_card("8H", "ATKQJ9")
    with pytest.raises(CardError):
        parse_card("2C", "ATKQJ987")


def test_canonical_sort_is_spades_hearts_diamonds_clubs_high_to_low() -> None:
    assert sorted_cards(SHUFFLED) == list(FULL_DECK)
    assert sorted_cards(["2C", "AH", "TS", "KD", "AS"]) == ["AS", "TS", "AH", "KD", "2C"]
    assert sort_key("AS") < sort_key("2S") < sort_key("AH") < sort_key("2C")


def test_not_a_full_deck() -> None:
    assert not is_full_deck(SHUFFLED[:51])
    assert not is_full_deck([*SHUFFLED[:51], SHUFFLED[0]])
    assert not is_full_deck([*SHUFFLED, "AS"])


# -- actions: canonical texts -------------------------------------------------------------------

CANONICAL = [
    "play:QS",
    "play:TH",
    "play:2C",
    "contract:spel",
    "contract:spader",
    "contract:pass",
    "contract:valfri:S",
    "contract:valfri:H",
    "contract:valfri:D",
    "contract:valfri:C",
    "discard:AS,KH,3D,2C",
    "discard:AS,KS,QS,JS",
    "deal:" + ",".join(FULL_DECK),
    "deal:" + ",".join(SHUFFLED),
    "void",
    # Well-formed but against the rules: parsed here, refused by Match.apply.
    "contract:spel:H",
    "contract:pass:S",
    "contract:valfri",
    "contract:spader:H",
]


@pytest.mark.parametrize("text", CANONICAL, ids=lambda t: t[:24])
def test_action_round_trip(text: str) -> None:
    action = GAME.parse_action(text)
    assert str(action) == text
    assert GAME.parse_action(str(action)) == action


@pytest.mark.parametrize("card", FULL_DECK)
def test_play_of_every_card(card: str) -> None:
    assert GAME.parse_action(f"play:{card}") is Match.PLAYS[card]
    assert str(Match.PLAYS[card]) == f"play:{card}"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("discard:2C,AS,3D,KH", "discard:AS,KH,3D,2C"),
        ("discard:2C,3D,KH,AS", "discard:AS,KH,3D,2C"),
        ("discard:JS,QS,KS,AS", "discard:AS,KS,QS,JS"),
        ("contract:spader:S", "contract:spader"),
        ("void:", "void"),
    ],
)
def test_action_canonicalisation(text: str, canonical: str) -> None:
    assert str(GAME.parse_action(text)) == canonical
    assert GAME.parse_action(canonical) == GAME.parse_action(text)


def test_action_builders_give_canonical_text() -> None:
    assert str(contract_action("spel")) == "contract:spel"
    assert str(contract_action("valfri", "H")) == "contract:valfri:H"
    assert str(discard_action(["2C", "AS", "3D", "KH"])) == "discard:AS,KH,3D,2C"
    assert str(deal_action(SHUFFLED)) == "deal:" + ",".join(SHUFFLED)
    for action in (contract_action("pass"), discard_action(["2C", "AS", "3D", "KH"])):
        assert GAME.parse_action(str(action)) == action


def test_action_text_is_kind_and_argument() -> None:
    assert split_action("play:QS") == Action("play", "QS")
    assert str(Action("void")) == "void"
    assert Action("contract", "valfri:H").arg == "valfri:H"


# -- actions: malformed -------------------------------------------------------------------------

DECK_51 = "deal:" + ",".join(FULL_DECK[:51])
DECK_DUPLICATE = "deal:" + ",".join([*FULL_DECK[:51], FULL_DECK[0]])
DECK_53 = "deal:" + ",".join([*FULL_DECK, "AS"])

MALFORMED_TEXT = [
    pytest.param("", id="empty"),
    pytest.param("p" * 3000, id="3000_chars"),
    pytest.param("play:" + "Q" * (MAX_ACTION_TEXT - 4), id="257_chars"),
    pytest.param(":QS", id="no_kind"),
    pytest.param("fold", id="unknown_kind"),
    pytest.param("bid:300", id="other_game_kind"),
    pytest.param("Play:QS", id="capital_kind"),
    pytest.param("play QS", id="space"),
    pytest.param("pläy:QS", id="non_ascii_kind"),
    pytest.param("play:ZZ", id="play_ZZ"),
    pytest.param("play:", id="play_nothing"),
    pytest.param("play", id="play_bare"),
    pytest.param("play:qs", id="play_lowercase"),
    pytest.param("play:10H", id="play_10H"),
    pytest.param("play:QS,KH", id="play_two"),
    pytest.param("contract:foo", id="contract_foo"),
    pytest.param("contract:", id="contract_nothing"),
    pytest.param("contract", id="contract_bare"),
    pytest.param("contract:SPEL", id="contract_capitals"),
    pytest.param("contract:valfri:X", id="valfri_X"),
    pytest.param("contract:valfri:h", id="valfri_lowercase_suit"),
    pytest.param("contract:valfri:H:S", id="two_suits"),
    pytest.param("discard:AS,KH,,2C", id="discard_empty_card"),
    pytest.param("discard:AS KH 3D 2C", id="discard_spaces"),
    pytest.param("discard:AS,KH,3D,1C", id="discard_bad_card"),
    pytest.param("deal:", id="deal_nothing"),
    pytest.param(DECK_51, id="deal_51"),
    pytest.param(DECK_DUPLICATE, id="deal_duplicate"),
    pytest.param(DECK_53, id="deal_53"),
    pytest.param("deal:" + " ".join(FULL_DECK), id="deal_spaces"),
    pytest.param("void:now", id="void_with_argument"),
]


@pytest.mark.parametrize("text", MALFORMED_TEXT)
def test_malformed_action_text(text: str) -> None:
    with pytest.raises(MalformedAction) as refused:
        GAME.parse_action(text)
    assert refused.value.code == "malformed_action"
    assert isinstance(refused.value, ActionError)
    assert not isinstance(refused.value, IllegalAction)
    assert refused.value.to_dict()["code"] == "malformed_action"


@pytest.mark.parametrize("value", [None, 5, 5.0, b"play:QS", ["play:QS"], Action("play", "QS")])
def test_non_text_action_is_malformed(value: object) -> None:
    with pytest.raises(MalformedAction) as refused:
        GAME.parse_action(value)
    assert refused.value.code == "malformed_action"


def test_longest_real_action_fits_the_limit() -> None:
    text = "deal:" + ",".join(SHUFFLED)
    assert len(text) <= MAX_ACTION_TEXT
    assert str(GAME.parse_action(text)) == text


def test_malformed_action_code_is_fixed() -> None:
    assert MalformedAction("x").code == "malformed_action"
    assert MalformedAction("x", {"a": 1}).to_dict() == {
        "code": "malformed_action",
        "message": "x",
        "detail": {"a": 1},
    }


def test_a_deals_cards_are_the_strings_every_match_shares() -> None:
    # two deal actions read from two messages: the same names, made as strings twice
    first = dealt_cards(",".join(FULL_DECK))
    second = dealt_cards(",".join(reversed(FULL_DECK)))
    assert first == list(FULL_DECK)
    assert all(a is b for a, b in zip(first, reversed(second), strict=True))
