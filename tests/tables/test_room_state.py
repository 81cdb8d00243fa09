"""RoomState without a server: each command's checks, and the room as a replay of its log."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import unicodedata
from collections.abc import Sequence
from typing import Any

import pytest

from app.tables import RoomState, Status, TableError
from app.tables import events as ev
from app.tables.events import Event


class Table:
    """A room with its log: every accepted command's events are applied and kept."""

    def __init__(self, seats: int = 3) -> None:
        self.room = RoomState("TestRoomCode1234", seats)
        self.room.version = 1
        self.log: list[Event] = [Event(ev.CREATED, {"seats": seats})]
        self.secrets: dict[int, str] = {}
        self.rng = random.Random(7)
        self.commit(self.room.commit_seed())  # as a new room does

    def commit(self, events: Sequence[Event]) -> None:
        for event in events:
            self.room.apply(event)
            self.log.append(event)

    def sit(self, seat: int, nickname: str, holder: int | None = None) -> str:
        events, secret = self.room.sit(seat, nickname, holder)
        self.commit(events)
        self.secrets[seat] = secret
        return secret

    def fill(self, names: Sequence[str] = ("Anna", "Bertil", "Cecilia", "David")) -> None:
        for seat in range(self.room.size):
            if self.room.seats[seat] is None:
                self.sit(seat, names[seat])

    def start(self) -> None:
        assert self.room.host is not None
        self.commit(self.room.start(self.room.host, self.rng))

    def to_act(self) -> int:
        assert self.room.match is not None and self.room.match.to_act is not None
        return self.room.match.to_act

    def legal_action(self) -> str:
        seat = self.to_act()
        view = self.room.view_for(seat)
        assert view is not None and view["legal"] is not None
        legal = view["legal"]
        if legal["kind"] == "discard":
            return "discard:" + ",".join(self.rng.sample(legal["from"], 4))
        action: str = self.rng.choice(legal["actions"])
        return action

    def play(self, count: int = 1) -> None:
        for _ in range(count):
            self.commit(self.room.act(self.to_act(), self.legal_action(), self.rng))

    def play_until(self, phase: str) -> None:
        while self.room.match is not None and self.room.match.phase() != phase:
            self.play()


class _Refused:
    """``with _Refused("code"):`` — the block must raise TableError with that code."""

    def __init__(self, code: str) -> None:
        self.code = code

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: object, tb: object) -> bool:
        assert isinstance(error, TableError), f"expected TableError {self.code}, got {error!r}"
        assert error.code == self.code, (error.code, error.message)
        assert error.message
        return True


def snapshot(room: RoomState) -> dict[str, Any]:
    """Everything observable about a room, to compare two rooms (or one, before and after)."""
    seats = range(room.size)
    return {
        "version": room.version,
        "seats": [(s.nickname, s.secret_hash, s.bot) if s else None for s in room.seats],
        "host": room.host,
        "status": room.status,
        "match_number": room.match_number,
        "players": list(room.players),
        "public": room.public([False] * room.size),
        "views": [room.view_for(s) for s in [None, *seats]],
        "record": room.record(),
        "past": [
            (p.number, p.players, p.status, room.game.records.export(p.match, p.players))
            for p in room.past
        ],
    }


def replayed(table: Table) -> RoomState:
    # through JSON, as the store keeps the log
    stored = json.loads(json.dumps([e.to_json() for e in table.log]))
    return RoomState.from_events(table.room.code, [Event.from_json(e) for e in stored])


def assert_unchanged(table: Table, before: dict[str, Any]) -> None:
    assert snapshot(table.room) == before
    assert snapshot(replayed(table)) == before


# -- the table -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [0, 2, 5])
def test_a_table_has_3_or_4_seats(seats: int) -> None:
    with _Refused("bad_seats"):
        RoomState("TestRoomCode1234", seats)


def test_the_refusal_of_a_seat_count_names_the_game_with_its_article() -> None:
    with pytest.raises(TableError) as refused:
        RoomState("TestRoomCode1234", 2, game="auction_pinochle")
    assert refused.value.message == "an Auction pinochle table has 3, 4 or 5 seats"
    with pytest.raises(TableError) as refused:
        RoomState("TestRoomCode1234", 3, game="spades")
    assert refused.value.message.startswith("a Spades table has ")


# -- sit -----------------------------------------------------------------------------------------


def test_sitting_gives_a_random_secret_and_stores_only_its_hash() -> None:
    table = Table()
    secret = table.sit(0, "Anna")
    other = table.sit(1, "Bertil")

    assert len(base64.urlsafe_b64decode(secret + "==")) * 8 >= 128
    assert secret != other
    event = table.log[2]
    assert event.kind == ev.SIT
    assert secret not in json.dumps(event.to_json())
    assert event.data["secret_hash"] == hashlib.sha256(secret.encode()).hexdigest()
    assert table.room.seat_for_secret(secret) == 0
    assert table.room.seat_for_secret(other) == 1
    assert table.room.seat_for_secret(secret[:-1]) is None
    assert table.room.seat_for_secret("") is None
    # the first to sit is the host
    assert table.room.host == 0


@pytest.mark.parametrize("seat", [-1, 3, True, False, "1", None, 1.0])
def test_sitting_on_a_seat_that_does_not_exist_is_refused(seat: object) -> None:
    table = Table()
    with _Refused("bad_seat"):
        table.room.sit(seat, "Anna", None)


@pytest.mark.parametrize(
    "nickname",
    ["", "   ", "x" * 25, "Ann\x00a", "Ann\na\u200b", "\u202e", 5, None, ["Anna"]],
)
def test_a_nickname_is_1_to_24_printable_characters(nickname: object) -> None:
    table = Table()
    with _Refused("bad_nickname"):
        table.room.sit(0, nickname, None)


def test_a_nickname_is_tidied_and_names_at_a_table_are_told_apart_regardless_of_case() -> None:
    table = Table()
    table.sit(0, "  Åsa \t Berg ")
    assert table.room.nickname(0) == "Åsa Berg"
    assert table.room.nickname(1) == ""
    decomposed = unicodedata.normalize("NFD", "åsa berg")
    with _Refused("nickname_taken"):
        table.room.sit(1, decomposed, None)
    with _Refused("nickname_taken"):
        table.room.sit(1, "ÅSA BERG", None)
    table.sit(1, "x" * 24)


def test_a_taken_seat_and_a_second_seat_are_refused() -> None:
    table = Table()
    table.sit(0, "Anna")
    with _Refused("seat_taken"):
        table.room.sit(0, "Bertil", None)
    with _Refused("already_seated"):
        table.room.sit(1, "Bertil", 0)


# -- leave and remove ----------------------------------------------------------------------------


def test_leaving_frees_the_seat_revokes_the_secret_and_passes_the_host_role_on() -> None:
    table = Table()
    table.fill()
    with _Refused("not_seated"):
        table.room.leave(None)
    version = table.room.version
    table.commit(table.room.leave(0))

    assert table.room.version == version + 1
    assert table.room.seats[0] is None
    assert table.room.seat_for_secret(table.secrets[0]) is None
    assert table.room.host == 1
    assert table.log[-1].data == {"seat": 0, "removed": False}


def test_only_the_host_removes_and_never_itself_nor_an_empty_seat() -> None:
    table = Table()
    table.sit(0, "Anna")
    table.sit(1, "Bertil")
    with _Refused("not_host"):
        table.room.remove(1, 0)
    with _Refused("not_host"):
        table.room.remove(None, 1)
    with _Refused("cannot_remove_self"):
        table.room.remove(0, 0)
    with _Refused("seat_free"):
        table.room.remove(0, 2)
    with _Refused("bad_seat"):
        table.room.remove(0, 3)

    table.commit(table.room.remove(0, 1))
    assert table.room.seats[1] is None
    assert table.room.seat_for_secret(table.secrets[1]) is None
    assert table.log[-1].data == {"seat": 1, "removed": True}


def test_a_removed_player_mid_match_is_replaced_by_whoever_sits_down() -> None:
    table = Table()
    table.fill()
    table.start()
    table.play_until("play")
    table.play(2)
    view_before = table.room.view_for(2)
    assert view_before is not None
    table.commit(table.room.remove(0, 2))
    assert table.room.playing
    assert table.room.players[2] == "Cecilia"  # the scoresheet keeps who played so far
    assert table.room.nickname(2) == "Cecilia"

    table.sit(2, "Dora")
    assert table.room.players[2] == "Dora"
    after = table.room.view_for(2)
    assert after is not None
    assert after["deal"]["hand"] == view_before["deal"]["hand"]
    table.play(6)
    assert snapshot(replayed(table)) == snapshot(table.room)


# -- reorder and host ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "order", [[0, 0, 1], [0, 1], [0, 1, 2, 3], [1, 2, 3], "012", None, [0.0, 1, 2], [True, 0, 2]]
)
def test_a_reorder_names_each_seat_once(order: object) -> None:
    table = Table()
    table.fill()
    with _Refused("bad_order"):
        table.room.reorder(0, order)


def test_the_host_reorders_before_the_match_and_secrets_follow_their_players() -> None:
    table = Table()
    table.fill()
    with _Refused("not_host"):
        table.room.reorder(1, [1, 0, 2])
    table.commit(table.room.reorder(0, [2, 0, 1]))

    assert [table.room.nickname(s) for s in range(3)] == ["Cecilia", "Anna", "Bertil"]
    assert table.room.host == 1
    assert table.room.seat_for_secret(table.secrets[2]) == 0
    assert table.room.seat_for_secret(table.secrets[0]) == 1

    table.start()
    with _Refused("match_running"):
        table.room.reorder(1, [1, 0, 2])
    assert table.room.players == ["Cecilia", "Anna", "Bertil"]


def test_the_host_role_goes_only_to_a_seated_player_and_only_from_the_host() -> None:
    table = Table()
    table.sit(0, "Anna")
    table.sit(1, "Bertil")
    with _Refused("not_host"):
        table.room.transfer_host(1, 1)
    with _Refused("seat_free"):
        table.room.transfer_host(0, 2)
    with _Refused("bad_seat"):
        table.room.transfer_host(0, 9)
    table.commit(table.room.transfer_host(0, 1))
    assert table.room.host == 1
    with _Refused("not_host"):
        table.room.transfer_host(0, 0)


# -- start and end -------------------------------------------------------------------------------


def test_the_host_starts_when_every_seat_is_taken() -> None:
    table = Table()
    table.sit(0, "Anna")
    table.sit(1, "Bertil")
    with _Refused("seats_free"):
        table.room.start(0, table.rng)
    table.sit(2, "Cecilia")
    with _Refused("not_host"):
        table.room.start(1, table.rng)
    with _Refused("not_host"):
        table.room.start(None, table.rng)

    events = table.room.start(0, table.rng)
    # the table itself deals, and commits to the next deal's server seed
    assert [e.kind for e in events] == [ev.START, ev.ACT, ev.SEED]
    assert events[1].data["seat"] == -1
    table.commit(events)
    assert table.room.status is Status.PLAYING
    assert table.room.match_number == 1
    assert table.room.players == ["Anna", "Bertil", "Cecilia"]
    with _Refused("match_running"):
        table.room.start(0, table.rng)


def test_the_host_ends_a_match_and_a_new_one_starts_with_the_same_players() -> None:
    table = Table()
    table.fill()
    with _Refused("no_match"):
        table.room.end(0)
    table.start()
    table.play(10)
    with _Refused("not_host"):
        table.room.end(1)
    table.commit(table.room.end(0))

    assert table.room.status is Status.ENDED
    assert [(p.number, p.status) for p in table.room.past] == [(1, Status.ENDED)]
    with _Refused("no_match"):
        table.room.end(0)
    for seat in range(3):
        with _Refused("no_match"):
            table.room.act(seat, "contract:spel", table.rng)

    table.start()
    assert table.room.match_number == 2
    assert table.room.status is Status.PLAYING
    assert table.room.players == ["Anna", "Bertil", "Cecilia"]
    assert table.room.match is not None and table.room.match.totals == [0, 0, 0]
    assert snapshot(replayed(table)) == snapshot(table.room)


# -- act -----------------------------------------------------------------------------------------


def test_an_action_needs_a_seat_and_a_running_match() -> None:
    table = Table()
    table.fill()
    with _Refused("no_match"):
        table.room.act(0, "contract:spel", table.rng)
    table.start()
    with _Refused("not_seated"):
        table.room.act(None, table.legal_action(), table.rng)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("play:ZZ", "malformed_action"),
        ("", "malformed_action"),
        (None, "malformed_action"),
        (7, "malformed_action"),
        ("contract:nothing", "malformed_action"),
        ("PLAY:AS", "malformed_action"),
        ("void", "not_your_turn"),
        ("deal:" + ",".join(r + s for s in "SHDC" for r in "AKQJT98765432"), "not_your_turn"),
        ("contract:valfri", "trump_required"),
        ("contract:spel:H", "trump_not_allowed"),
        ("contract:pass:S", "trump_not_allowed"),
        ("play:AS", "wrong_phase"),
        ("discard:AS,KS,QS,JS", "wrong_phase"),
    ],
)
def test_refused_actions_in_the_contract_phase(action: object, code: str) -> None:
    table = Table()
    table.fill()
    table.start()  # the first deal of a match always asks for the contract
    before = snapshot(table.room)
    with _Refused(code):
        table.room.act(table.to_act(), action, table.rng)
    assert_unchanged(table, before)


def test_refused_actions_in_the_discard_and_play_phases_change_nothing() -> None:
    table = Table()
    table.fill()
    table.start()
    table.play_until("discard")
    forehand = table.to_act()
    other = next(s for s in range(3) if s != forehand)
    view = table.room.view_for(forehand)
    assert view is not None
    hand = view["deal"]["hand"]
    before = snapshot(table.room)
    for seat, action, code in [
        (other, "discard:" + ",".join(hand[:4]), "not_your_turn"),
        (forehand, f"play:{hand[0]}", "discard_required"),
        (forehand, "discard:" + ",".join(hand[:3]), "discard_must_be_4_distinct_own_cards"),
        (forehand, "discard:" + ",".join([hand[0]] * 4), "discard_must_be_4_distinct_own_cards"),
        (forehand, "contract:spel", "contract_already_chosen"),
    ]:
        with _Refused(code):
            table.room.act(seat, action, table.rng)
    assert_unchanged(table, before)

    table.play()  # the discard
    discarded = table.room.view_for(forehand)["deal"]["discard"]  # type: ignore[index]
    with _Refused("discard_already_made"):
        table.room.act(forehand, "discard:" + ",".join(hand[:4]), table.rng)
    with _Refused("card_not_in_hand"):
        table.room.act(forehand, f"play:{discarded[0]}", table.rng)
    table.play()  # the lead
    seat = table.to_act()
    legal = table.room.view_for(seat)["legal"]["actions"]  # type: ignore[index]
    mine = table.room.view_for(seat)["deal"]["hand"]  # type: ignore[index]
    others = [c for c in mine if f"play:{c}" not in legal]
    before = snapshot(table.room)
    if others:  # a hand with the led suit and others besides
        with _Refused("must_follow_suit"):
            table.room.act(seat, f"play:{others[0]}", table.rng)
    with _Refused("not_your_turn"):
        table.room.act(forehand if seat != forehand else other, legal[0], table.rng)
    assert_unchanged(table, before)


def test_the_last_card_of_a_deal_brings_the_next_deal_in_the_same_commit() -> None:
    table = Table()
    table.fill()
    table.start()
    sizes = []
    while table.room.match is not None and table.room.match.finished_deals == []:
        events = table.room.act(table.to_act(), table.legal_action(), table.rng)
        sizes.append(len(events))
        table.commit(events)
    assert sizes[-1] == 3
    dealt = table.log[-2]
    assert dealt.data["seat"] == -1 and dealt.data["action"].startswith("deal:")
    assert table.log[-1].kind == ev.SEED
    assert set(sizes[:-1]) == {1}


def test_a_contract_once_used_by_a_forehand_is_refused_to_them() -> None:
    table = Table()
    table.fill()
    table.start()
    assert table.room.match is not None
    used: dict[int, str] = {}
    while True:
        match = table.room.match
        if match.phase() == "contract":
            seat = table.to_act()
            if seat in used:
                before = snapshot(table.room)
                with _Refused("contract_already_used"):
                    table.room.act(seat, used[seat], table.rng)
                assert_unchanged(table, before)
                return
            action = table.legal_action()
            used[seat] = action
            table.commit(table.room.act(seat, action, table.rng))
        else:
            table.play()


# -- the room is a replay of its log -------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 4])
def test_replaying_the_log_rebuilds_the_room_at_every_point(seats: int) -> None:
    table = Table(seats)
    table.fill()
    checkpoints = 0

    def check() -> None:
        nonlocal checkpoints
        assert snapshot(replayed(table)) == snapshot(table.room)
        assert table.room.version == len(table.log)
        checkpoints += 1

    check()
    table.commit(table.room.reorder(0, list(reversed(range(seats)))))
    table.commit(table.room.transfer_host(seats - 1, 1))
    check()
    table.start()
    check()
    step = 0
    while table.room.status is Status.PLAYING:
        table.play()
        step += 1
        if step == 120:  # mid-match, a player is replaced
            table.commit(table.room.remove(1, 0))
            check()
            table.sit(0, "Eva")
        if step % 37 == 0:
            check()
    assert table.room.status is Status.FINISHED
    check()
    # a second match with the same players, ended early
    table.start()
    table.play(30)
    table.commit(table.room.end(1))
    check()
    assert [(p.number, p.status) for p in table.room.past] == [
        (1, Status.FINISHED),
        (2, Status.ENDED),
    ]
    assert checkpoints > 10


def test_a_log_starts_with_the_creation_and_holds_only_room_events() -> None:
    with pytest.raises(ValueError):
        RoomState.from_events("TestRoomCode1234", [])
    with pytest.raises(ValueError):
        RoomState.from_events("TestRoomCode1234", [Event(ev.SIT, {"seat": 0})])
    with pytest.raises(ValueError):
        Event.from_json({"kind": "teleport"})
    table = Table()
    with pytest.raises(ValueError):
        table.room.apply(Event("teleport"))


def test_the_public_room_shows_presence_and_names_but_no_secret() -> None:
    table = Table()
    table.fill()
    public = table.room.public([True, False, True])
    assert [s["connected"] for s in public["seats"]] == [True, False, True]
    assert [s["nickname"] for s in public["seats"]] == ["Anna", "Bertil", "Cecilia"]
    text = json.dumps(public)
    assert not any(secret in text for secret in table.secrets.values())
    assert "secret" not in text
