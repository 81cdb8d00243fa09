"""Hostile and broken clients: they get clear errors, are closed when they persist, and
change nothing for anyone else.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest

from app.web.messages import ACTION_MAX
from support.client import (
    Message,
    RoomClient,
    is_state,
    play_until,
    seated_table,
    start_match,
    step,
)
from support.server import ServerProcess, running_server

CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009
MAX_BAD = 20  # the default ws_max_bad_messages
FRAME_LIMIT = 4096  # the default ws_max_frame_bytes
# Refused before they reach the room; only these count towards closing the connection.
PROTOCOL_ERRORS = frozenset(
    {
        "malformed_json",
        "malformed_message",
        "unknown_type",
        "bad_field",
        "binary_frame",
        "frame_too_large",
        "rate_limited",
    }
)
# Replies other than an error code
PONG = "pong"
SEATED_AGAIN = "seated-again"
DROPPED = "dropped"  # far past the frame limit: uvicorn closes with 1009 unanswered

# Only the rate limit is lifted, so the storm below tests what each message does rather
# than how fast the bucket empties; the flood tests use the default limits.
UNTHROTTLED = {
    "KORTBORD_WS_MESSAGES_PER_SECOND": "100000",
    "KORTBORD_WS_BURST": "100000",
    # The storm counts refusals up to the close exactly; on a slow machine it may take long
    # enough for one to be forgiven, so none is here.
    "KORTBORD_WS_BAD_MESSAGE_FORGIVEN_AFTER": "100000",
}


@pytest.fixture(scope="module")
def fast_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("hostile-server"), env=UNTHROTTLED) as server:
        yield server


# -- the catalogue of hostile messages -------------------------------------------------------------

Payload = str | bytes


@dataclass
class Target:
    """What a hostile connection knows of the room it attacks (which never changes)."""

    v: int
    size: int
    seat: int | None  # the seat whose secret the connection has, if any
    to_act: int
    hand: list[str]  # cards of the seat to act, to try playing them out of turn
    foreign_secret: str  # a real secret, of another room


def pack() -> str:
    ranks, suits = "AKQJT98765432", "SHDC"
    return ",".join(r + s for s in suits for r in ranks)


def catalogue(t: Target, seated: bool, rng: random.Random) -> list[tuple[str, Payload, str]]:
    """(category, payload, expected reply) for every kind of hostile message."""
    v = t.v
    card = rng.choice(t.hand)
    taken = rng.randrange(t.size)
    seat_error = "already_seated" if seated else "seat_taken"
    act_error = "not_your_turn" if seated else "not_seated"
    malformed_act = "malformed_action" if seated else "not_seated"
    pad = rng.randint(FRAME_LIMIT - 20, 16 * FRAME_LIMIT - 100)

    def act(action: object, version: object = v, **extra: object) -> str:
        return json.dumps({"type": "act", "v": version, "action": action, **extra})

    out: list[tuple[str, Payload, str]] = [
        # not JSON at all
        ("malformed_json", "{", "malformed_json"),
        ("malformed_json", "", "malformed_json"),
        ("malformed_json", "{'type': 'ping'}", "malformed_json"),
        ("malformed_json", '{"type": "act", "v": 1,}', "malformed_json"),
        ("malformed_json", "\x00\x01\x02", "malformed_json"),
        (
            "malformed_json",
            "".join(chr(rng.randint(32, 0x2FF)) for _ in range(200)),
            "malformed_json",
        ),
        # JSON, but not one object
        ("not_an_object", "[]", "malformed_message"),
        ("not_an_object", "1", "malformed_message"),
        ("not_an_object", '"act"', "malformed_message"),
        ("not_an_object", "null", "malformed_message"),
        (
            "not_an_object",
            json.dumps([{"type": "act", "v": v, "action": "play:" + card}]),
            "malformed_message",
        ),
        ("no_type", "{}", "malformed_message"),
        ("no_type", json.dumps({"type": 5}), "malformed_message"),
        ("no_type", json.dumps({"type": ["act"]}), "malformed_message"),
        ("no_type", json.dumps({"type": None, "v": v}), "malformed_message"),
        # types that do not exist
        (
            "unknown_type",
            json.dumps({"type": "ACT", "v": v, "action": "play:" + card}),
            "unknown_type",
        ),
        ("unknown_type", json.dumps({"type": "play", "card": card}), "unknown_type"),
        ("unknown_type", json.dumps({"type": "admin", "grant": "host"}), "unknown_type"),
        ("unknown_type", json.dumps({"type": "__proto__"}), "unknown_type"),
        ("unknown_type", json.dumps({"type": "x" * 3000}), "unknown_type"),
        # wrong, missing and extra fields
        ("bad_field", act("play:" + card, str(v)), "bad_field"),
        ("bad_field", act("play:" + card, float(v)), "bad_field"),
        ("bad_field", act(5), "bad_field"),
        ("bad_field", act(["play", card]), "bad_field"),
        ("bad_field", act("play:" + card, id=7), "bad_field"),
        ("bad_field", act("play:" + card, id="i" * 65), "bad_field"),
        ("bad_field", act("x" * (ACTION_MAX + 1)), "bad_field"),
        ("bad_field", act("play:" + card, seat=t.to_act), "bad_field"),
        ("bad_field", json.dumps({"type": "act", "action": "play:" + card}), "bad_field"),
        ("bad_field", json.dumps({"type": "act", "v": v}), "bad_field"),
        # texts the standard library would take, but which are not JSON (RFC 8259)
        ("malformed_json", '{"type": "act", "v": NaN, "action": "play:AS"}', "malformed_json"),
        ("malformed_json", '{"type": "ping", "id": Infinity}', "malformed_json"),
        ("malformed_json", '{"type": "act", "v": 1e400, "action": "play:AS"}', "malformed_json"),
        ("malformed_json", '{"type": "hello", "secret": "\\ud800"}', "malformed_json"),
        # integers past what a browser holds exactly (2**53), within 64 bits and beyond
        ("bad_field", act("play:" + card, 2**60), "bad_field"),
        ("bad_field", json.dumps({"type": "sit", "seat": -(2**70), "nickname": "M"}), "bad_field"),
        ("bad_field", json.dumps({"type": "sit", "seat": "1", "nickname": "Mallory"}), "bad_field"),
        ("bad_field", json.dumps({"type": "sit", "seat": 1}), "bad_field"),
        ("bad_field", json.dumps({"type": "sit", "seat": 1, "nickname": "M" * 65}), "bad_field"),
        ("bad_field", json.dumps({"type": "hello", "secret": 12345}), "bad_field"),
        ("bad_field", json.dumps({"type": "hello", "secret": "s" * 129}), "bad_field"),
        ("bad_field", json.dumps({"type": "reorder", "order": "210"}), "bad_field"),
        ("bad_field", json.dumps({"type": "reorder", "order": [0, 1, "2"]}), "bad_field"),
        ("bad_field", json.dumps({"type": "reorder", "order": [0.0, 1, 2]}), "bad_field"),
        ("bad_field", json.dumps({"type": "remove", "seat": None}), "bad_field"),
        ("bad_field", json.dumps({"type": "ping", "v": v}), "bad_field"),
        ("bad_field", json.dumps({"type": "leave", "seat": taken}), "bad_field"),
        # booleans are ints to Python, never to us
        ("bool_as_int", act("play:" + card, True), "bad_field"),
        (
            "bool_as_int",
            json.dumps({"type": "sit", "seat": False, "nickname": "Mallory"}),
            "bad_field",
        ),
        ("bool_as_int", json.dumps({"type": "remove", "seat": True}), "bad_field"),
        ("bool_as_int", json.dumps({"type": "host", "seat": True}), "bad_field"),
        ("bool_as_int", json.dumps({"type": "start", "v": True}), "bad_field"),
        ("bool_as_int", json.dumps({"type": "reorder", "order": [True, False, 2]}), "bad_field"),
        # deep or wide structures
        ("nested", "[" * 2000 + "]" * 2000, "malformed_json"),
        ("nested", '{"type": "act", "v": ' + "[" * 1500 + "]" * 1500 + "}", "malformed_json"),
        ("nested", json.dumps({"type": "reorder", "order": [[[[[[0]]]]], 1, 2]}), "bad_field"),
        ("nested", json.dumps({"type": "reorder", "order": list(range(300))}), "bad_field"),
        (
            "nested",
            json.dumps({"type": "act", "v": v, "action": {"play": [card] * 300}}),
            "bad_field",
        ),
        # too big
        ("oversized", json.dumps({"type": "ping", "pad": "x" * pad}), "frame_too_large"),
        ("oversized", "é" * (FRAME_LIMIT // 2 + 1), "frame_too_large"),
        ("oversized", "[" * (FRAME_LIMIT + 1), "frame_too_large"),
        ("giant", "x" * rng.randint(16 * FRAME_LIMIT + 1, 300_000), DROPPED),
        # not text
        ("binary", b"\x00\xff" * rng.randint(1, 100), "binary_frame"),
        ("binary", json.dumps({"type": "ping"}).encode(), "binary_frame"),
        # well-formed, but about a table that has moved on (or never was)
        ("stale", act("play:" + card, v - 1), "stale_version"),
        ("stale", act("play:" + card, v + 1), "stale_version"),
        ("stale", act("play:" + card, 0), "stale_version"),
        ("stale", act("play:" + card, -1), "stale_version"),
        ("huge version", act("contract:spel", 10**30), "bad_field"),
        ("stale", json.dumps({"type": "start", "v": v - 1}), "stale_version"),
        ("stale", json.dumps({"type": "reorder", "order": [2, 1, 0], "v": v + 5}), "stale_version"),
        # another seat's turn, and cards that are not theirs to play
        ("other_seat", act("play:" + card), act_error),
        ("other_seat", act("contract:valfri:H"), act_error),
        ("other_seat", act("discard:" + ",".join(t.hand[:4])), act_error),
        ("other_seat", act("deal:" + pack()), act_error),
        ("other_seat", act("void"), act_error),
        ("illegal_card", act("play:ZZ"), malformed_act),
        ("illegal_card", act("play:"), malformed_act),
        ("illegal_card", act("PLAY:AS"), malformed_act),
        ("illegal_card", act(""), malformed_act),
        ("illegal_card", act("play:AS:AS"), malformed_act),
        ("illegal_card", act("discard:AS,AS,AS"), act_error),
        ("illegal_card", act("discard:AS,XX"), malformed_act),
        ("illegal_card", act("contract:valfri:X"), malformed_act),
        ("illegal_card", act("deal:" + ",".join(["AS"] * 52)), malformed_act),
        # seats that are taken, and host commands from someone who is not the host
        (
            "sit_taken",
            json.dumps({"type": "sit", "seat": taken, "nickname": "Mallory"}),
            seat_error,
        ),
        ("sit_taken", json.dumps({"type": "sit", "seat": taken, "nickname": ""}), seat_error),
        (
            "sit_taken",
            json.dumps({"type": "sit", "seat": 7, "nickname": "Mallory"}),
            "already_seated" if seated else "bad_seat",
        ),
        (
            "sit_taken",
            json.dumps({"type": "sit", "seat": -1, "nickname": "Mallory"}),
            "already_seated" if seated else "bad_seat",
        ),
        ("not_host", json.dumps({"type": "start"}), "not_host"),
        ("not_host", json.dumps({"type": "start", "v": v}), "not_host"),
        ("not_host", json.dumps({"type": "end", "v": v}), "not_host"),
        ("not_host", json.dumps({"type": "end"}), "not_host"),
        ("not_host", json.dumps({"type": "reorder", "order": [2, 1, 0], "v": v}), "not_host"),
        ("not_host", json.dumps({"type": "reorder", "order": [0, 0, 0]}), "not_host"),
        ("not_host", json.dumps({"type": "remove", "seat": 0}), "not_host"),
        ("not_host", json.dumps({"type": "remove", "seat": t.to_act, "v": v}), "not_host"),
        (
            "not_host",
            json.dumps({"type": "host", "seat": t.seat if t.seat is not None else 1}),
            "not_host",
        ),
        # other people's secrets
        (
            "forged_hello",
            json.dumps({"type": "hello", "secret": secrets.token_urlsafe(24)}),
            "secret_refused",
        ),
        (
            "forged_hello",
            json.dumps({"type": "hello", "secret": t.foreign_secret}),
            "secret_refused",
        ),
        ("forged_hello", json.dumps({"type": "hello", "secret": ""}), "secret_refused"),
        ("forged_hello", json.dumps({"type": "hello", "secret": "' OR 1=1 --"}), "secret_refused"),
    ]
    if not seated:
        out.append(("leave", json.dumps({"type": "leave"}), "not_seated"))
    return out


@dataclass
class Attacker:
    """A connection that sends hostile messages and checks each answer."""

    server: ServerProcess
    code: str
    target: Target
    secret: str | None
    rng: random.Random
    name: str
    client: RoomClient | None = None
    seated: bool = False
    bad: int = 0
    sent: Counter[str] = field(default_factory=Counter)
    closes: Counter[int] = field(default_factory=Counter)

    async def connect(self) -> None:
        self.client = await RoomClient.open(
            self.server.ws_url, self.code, name=self.name, secret=self.secret
        )
        assert self.client.v == self.target.v
        self.seated = self.secret is not None
        self.bad = 0

    async def run(self, count: int) -> None:
        await self.connect()
        for _ in range(count):
            if self.secret is not None and not self.seated and self.rng.random() < 0.3:
                # the seat's own secret again, so that most messages come from a seated
                # connection of a seat that is not to play
                await self.exchange(
                    "rehello", json.dumps({"type": "hello", "secret": self.secret}), SEATED_AGAIN
                )
                continue
            category, payload, expected = self.rng.choice(
                catalogue(self.target, self.seated, self.rng)
            )
            await self.exchange(category, payload, expected)
        assert self.client is not None
        await self.client.close()

    async def exchange(self, category: str, payload: Payload, expected: str) -> None:
        client = self.client
        assert client is not None
        self.sent[category] += 1
        since = client.cursor
        await client.send_raw(payload)
        if expected == DROPPED:
            code = await client.wait_closed()
            assert code == CLOSE_TOO_BIG, (category, code)
            # (states may come meanwhile: the other attacker's hellos are presence changes)
            answers = [m for m in client.messages[since:] if not is_state(m)]
            assert answers == [], "a frame past uvicorn's limit is never answered"
            self.closes[code] += 1
            await self.connect()
            return
        if expected == SEATED_AGAIN:
            state = await client.wait_for(lambda m: is_state(m) and m["seat"] is not None, since)
            assert state["seat"] == self.target.seat and state["v"] == self.target.v
            self.seated = True
            return
        reply = await client.wait_for(lambda m: m["type"] == "error", since)
        shown = payload[:120] if isinstance(payload, str) else payload[:20]
        assert reply["code"] == expected, (category, shown, reply)
        assert reply["v"] == self.target.v
        assert isinstance(reply["message"], str) and reply["message"]
        if expected == "stale_version" or (expected == "secret_refused" and self.seated):
            # a fresh state follows: the table as it stands, or the seat given up
            # (a presence state of the other attacker's comings and goings may come first)
            if expected == "secret_refused":
                fresh = await client.wait_for(lambda m: is_state(m) and m["seat"] is None, since)
                self.seated = False
            else:
                fresh = await client.wait_for(is_state, since)
            assert fresh["v"] == self.target.v
        if expected not in PROTOCOL_ERRORS:
            return
        self.bad += 1
        if self.bad == MAX_BAD:
            code = await client.wait_closed()
            errors = [
                m for m in client.messages if m["type"] == "error" and m["code"] in PROTOCOL_ERRORS
            ]
            assert len(errors) == MAX_BAD, "each refused message was answered before the close"
            assert code == (CLOSE_TOO_BIG if expected == "frame_too_large" else CLOSE_POLICY), (
                category
            )
            self.closes[code] += 1
            await self.connect()


def test_a_thousand_hostile_messages_change_nothing(fast_server: ServerProcess) -> None:
    asyncio.run(_storm(fast_server))


async def _storm(server: ServerProcess) -> None:
    rng = random.Random(1000)
    code, players = await seated_table(server.ws_url, server.base_url)
    await start_match(players)
    await play_until(
        players,
        rng,
        lambda m: (
            m["view"]["deals_played"] >= 1
            and m["view"]["phase"] == "play"
            and len(m["view"]["deal"]["trick"]) == 1
        ),
    )
    other_code, others = await seated_table(server.ws_url, server.base_url)
    await start_match(others)
    await play_until(others, rng, lambda m: m["view"]["phase"] == "play")

    view = players[0].view
    assert view is not None
    to_act = view["to_act"]
    # a seat that is neither the host (seat 0) nor to act: anything it sends must be refused
    seat = next(s for s in (1, 2) if s != to_act)
    v = players[0].v
    before = [p.state for p in players]
    before_other = [p.state for p in others]
    marks = [p.cursor for p in players]
    other_marks = [p.cursor for p in others]
    hand = players[to_act].view["deal"]["hand"]  # type: ignore[index]
    target = Target(v, 3, None, to_act, hand, others[1].secret or "")
    spectator = Attacker(server, code, target, None, random.Random(1), "spectator")
    twin = Attacker(
        server,
        code,
        Target(v, 3, seat, to_act, hand, target.foreign_secret),
        players[seat].secret,
        random.Random(2),
        "twin",
    )

    await asyncio.gather(spectator.run(500), twin.run(500))

    sent = spectator.sent + twin.sent
    assert sent.total() == 1000
    # every kind of message was tried, and the server closed persistent offenders both ways
    kinds = {c for t in (spectator, twin) for c, *_ in catalogue(t.target, t.seated, rng)}
    assert kinds <= set(sent), kinds - set(sent)
    closes = spectator.closes + twin.closes
    assert closes[CLOSE_POLICY] >= 2 and closes[CLOSE_TOO_BIG] >= 2, closes

    # the players of the room heard nothing but presence, on the same version and view
    for player, state, mark in zip(players, before, marks, strict=True):
        assert state is not None
        for message in player.messages[mark:]:
            assert is_state(message), message
            assert message["v"] == v
            assert message["view"] == state["view"]
            # who is watching may change (the attackers come and go); nothing else may
            assert {**message["room"], "spectators": None} == {**state["room"], "spectators": None}
    # the other room heard nothing at all
    for player, mark in zip(others, other_marks, strict=True):
        assert player.messages[mark:] == []

    # a fresh look at both rooms: the same version, the same view for every seat
    for room_code, table, states in ((code, players, before), (other_code, others, before_other)):
        for s, player in enumerate(table):
            fresh = await RoomClient.open(server.ws_url, room_code, secret=player.secret)
            assert fresh.state is not None and states[s] is not None
            assert fresh.v == states[s]["v"]
            assert fresh.view == states[s]["view"]
            await fresh.close()

    # and both rooms play on
    for table in (players, others):
        for _ in range(4):
            await step(table, rng)
    assert players[0].v > v
    for p in [*players, *others]:
        await p.close()


# -- the default limits ----------------------------------------------------------------------------


async def _quiet_room(server: ServerProcess) -> tuple[str, list[RoomClient], list[int]]:
    code, players = await seated_table(server.ws_url, server.base_url)
    await start_match(players)
    return code, players, [p.cursor for p in players]


async def _assert_undisturbed(
    server: ServerProcess, code: str, players: list[RoomClient], marks: list[int]
) -> None:
    for player, mark in zip(players, marks, strict=True):
        assert all(m["v"] == player.v and is_state(m) for m in player.messages[mark:])
    # the room still works, for its players and for a newcomer
    await step(players, random.Random(0))
    newcomer = await RoomClient.open(server.ws_url, code)
    assert newcomer.v == players[0].v
    for p in [*players, newcomer]:
        await p.close()


async def _send_all(client: RoomClient, payloads: list[Payload]) -> None:
    """Sends without waiting for answers, as a flooding client would."""
    for payload in payloads:
        if client.closed.is_set():
            return
        try:
            await client.send_raw(payload)
        except Exception:  # the server may close midway; the rest is simply lost
            return


def _answers(client: RoomClient) -> list[Message]:
    """What the connection was sent after its greeting: the first state and the chat."""
    assert is_state(client.messages[0]), client.recent()
    assert client.messages[1]["type"] == "chat" and client.messages[1]["backlog"]
    return client.messages[2:]


def _flood_case(
    server: ServerProcess, payloads: list[Payload], check: Callable[[RoomClient], None]
) -> None:
    async def scenario() -> None:
        code, players, marks = await _quiet_room(server)
        flooder = await RoomClient.open(server.ws_url, code, name="flooder")
        await _send_all(flooder, payloads)
        await flooder.wait_closed()
        check(flooder)
        await _assert_undisturbed(server, code, players, marks)

    asyncio.run(scenario())


def test_a_flood_is_rate_limited_and_then_closed_1008(live_server: ServerProcess) -> None:
    def check(flooder: RoomClient) -> None:
        replies = [m["type"] if m["type"] != "error" else m["code"] for m in _answers(flooder)]
        pongs = replies.count("pong")
        # the burst of 40, plus what trickles in at 20 a second while the flood arrives
        assert 40 <= pongs < 60, replies
        assert replies[:40] == ["pong"] * 40
        assert replies.count("rate_limited") == MAX_BAD
        assert set(replies) == {"pong", "rate_limited"}
        assert flooder.close_code == CLOSE_POLICY

    _flood_case(live_server, [json.dumps({"type": "ping"})] * 150, check)


def test_a_flood_of_acts_from_a_player_is_rate_limited_too(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        code, players, marks = await _quiet_room(live_server)
        view = players[0].view
        assert view is not None
        seat = next(s for s in range(3) if s != view["to_act"])
        flooder = await RoomClient.open(live_server.ws_url, code, secret=players[seat].secret)
        act = json.dumps({"type": "act", "v": flooder.v, "action": "contract:spel"})
        await _send_all(flooder, [act] * 150)
        assert await flooder.wait_closed() == CLOSE_POLICY
        codes = [m["code"] for m in flooder.messages if m["type"] == "error"]
        assert codes.count("rate_limited") == MAX_BAD
        assert set(codes) == {"not_your_turn", "rate_limited"}
        await _assert_undisturbed(live_server, code, players, marks)

    asyncio.run(scenario())


def test_repeated_garbage_is_answered_then_closed_1008(live_server: ServerProcess) -> None:
    def check(flooder: RoomClient) -> None:
        errors = _answers(flooder)
        assert [m["code"] for m in errors] == ["malformed_json"] * MAX_BAD
        assert all(m["type"] == "error" and m["message"] for m in errors)
        assert flooder.close_code == CLOSE_POLICY

    _flood_case(live_server, ["{not json"] * 30, check)


def test_oversized_frames_are_answered_then_closed_1009(live_server: ServerProcess) -> None:
    def check(flooder: RoomClient) -> None:
        assert [m["code"] for m in _answers(flooder)] == ["frame_too_large"] * MAX_BAD
        assert flooder.close_code == CLOSE_TOO_BIG

    big = json.dumps({"type": "ping", "pad": "x" * FRAME_LIMIT})
    _flood_case(live_server, [big] * 25, check)


def test_mixed_garbage_closes_with_the_code_of_the_last_offence(live_server: ServerProcess) -> None:
    def check(flooder: RoomClient) -> None:
        codes = [m["code"] for m in _answers(flooder)]
        assert codes == ["frame_too_large"] + ["binary_frame"] * (MAX_BAD - 2) + ["unknown_type"]
        assert flooder.close_code == CLOSE_POLICY

    big = "x" * (FRAME_LIMIT + 1)
    garbage: list[Payload] = [big, *[b"\x00"] * (MAX_BAD - 2), json.dumps({"type": "nope"})]
    _flood_case(live_server, [*garbage, json.dumps({"type": "ping"})], check)


def test_a_frame_far_past_the_limit_is_dropped_with_1009(live_server: ServerProcess) -> None:
    def check(flooder: RoomClient) -> None:
        assert _answers(flooder) == []
        assert flooder.close_code == CLOSE_TOO_BIG

    _flood_case(live_server, ["x" * (16 * FRAME_LIMIT + 1)], check)


def test_only_refused_messages_count_towards_the_close(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        code, players, _ = await _quiet_room(live_server)
        client = await RoomClient.open(live_server.ws_url, code)
        for _ in range(MAX_BAD - 1):
            await client.request({"type": "nope"}, lambda m: m["type"] == "error")
        assert (await client.ping())["type"] == "pong"
        # what the room refuses is a clear answer, not garbage: it never closes a connection
        for _ in range(15):
            reply = await client.request({"type": "start"}, lambda m: m["type"] == "error")
            assert reply["code"] == "not_host"
        assert not client.closed.is_set()
        since = client.cursor
        await client.send({"type": "nope"})
        last = await client.wait_for(lambda m: m["type"] == "error", since)
        assert last["code"] == "unknown_type"
        assert await client.wait_closed() == CLOSE_POLICY
        for p in players:
            await p.close()

    asyncio.run(scenario())


# -- ids and the log -------------------------------------------------------------------------------

# For every message type, faults it can carry, each with the error it must cause. The
# sender is a spectator of a room with a match running, in which seat 1 holds nothing of
# the host's. Every one of them carries an id, and every answer must repeat it.
FAULTS: dict[str, list[tuple[dict[str, object], str]]] = {
    "hello": [
        ({"secret": "not-a-secret-of-this-room"}, "secret_refused"),
        ({"secret": 12}, "bad_field"),
        ({"secret": "s" * 129}, "bad_field"),
    ],
    "sit": [
        ({"seat": 0, "nickname": "Mallory"}, "seat_taken"),
        ({"seat": 9, "nickname": "Mallory"}, "bad_seat"),
        ({"seat": 1}, "bad_field"),
        ({"seat": 2**60, "nickname": "Mallory"}, "bad_field"),
    ],
    "leave": [({}, "not_seated"), ({"seat": 1}, "bad_field")],
    "act": [
        ({"v": "$v", "action": "play:AS"}, "not_seated"),
        ({"v": 0, "action": "play:AS"}, "stale_version"),
        ({"v": "$v"}, "bad_field"),
    ],
    "start": [({}, "not_host"), ({"v": 0}, "stale_version"), ({"v": "3"}, "bad_field")],
    "end": [({}, "not_host"), ({"v": True}, "bad_field")],
    "reorder": [({"order": [2, 1, 0]}, "not_host"), ({"order": "012"}, "bad_field")],
    "remove": [({"seat": 1}, "not_host"), ({}, "bad_field")],
    "host": [({"seat": 1}, "not_host"), ({"seat": "1"}, "bad_field")],
    "add_bot": [({"seat": 1, "level": "basic"}, "not_host"), ({"seat": 1}, "bad_field")],
    "remove_bot": [({"seat": 1}, "not_host"), ({"seat": None}, "bad_field")],
    "fill_bots": [({"level": "basic"}, "not_host"), ({}, "bad_field")],
    "ping": [({"extra": 1}, "bad_field")],
    "chat": [
        ({"text": "  "}, "empty_chat"),
        ({"reaction": "shrug"}, "unknown_reaction"),
        ({"text": "hi", "reaction": "oops"}, "bad_field"),
        ({"text": 1}, "bad_field"),
    ],
    "chat_rules": [({"spectators": "all"}, "not_host"), ({"spectators": 0}, "bad_field")],
    "mute": [
        ({"seat": 1, "muted": True}, "not_host"),
        ({"seat": 1}, "bad_field"),
        ({"seat": 1, "watcher": 1, "muted": False}, "bad_field"),
        ({"watcher": 1, "muted": "yes"}, "bad_field"),
    ],
    "seed": [
        ({"seed": "abc", "commitment": "0" * 64}, "not_seated"),
        ({"seed": "abc"}, "bad_field"),
        ({"seed": "abc", "commitment": 7}, "bad_field"),
    ],
    "hints": [({"hints": "on"}, "not_host"), ({"hints": True}, "bad_field")],
    "hint": [({}, "not_seated"), ({"seat": 1}, "bad_field")],
}


def test_the_fault_list_covers_every_message_type() -> None:
    from app.web.messages import MESSAGE_TYPES

    assert set(FAULTS) == set(MESSAGE_TYPES)


def test_every_error_a_message_causes_repeats_its_id(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        await start_match(players)
        answered = 0
        for kind, faults in FAULTS.items():
            # a fresh connection per type: together the faults pass the bad-message budget
            client = await RoomClient.open(live_server.ws_url, code, name=f"probe-{kind}")
            for number, (fields, expected) in enumerate(faults):
                ident = f"{kind}-{number}"
                message = {"type": kind, "id": ident}
                message.update({k: client.v if v == "$v" else v for k, v in fields.items()})
                reply = await client.request(message, lambda m: m["type"] == "error")
                assert reply["code"] == expected, (message, reply)
                assert reply.get("id") == ident, (message, reply)
                answered += 1
            await client.close()
        assert answered == sum(len(f) for f in FAULTS.values())
        # a seated connection whose hello fails gives up its seat: the error keeps the id
        seated = await RoomClient.open(live_server.ws_url, code, secret=players[1].secret)
        reply = await seated.request(
            {"type": "hello", "secret": "wrong", "id": "h1"}, lambda m: m["type"] == "error"
        )
        assert (reply["code"], reply["id"]) == ("secret_refused", "h1")
        for c in [*players, seated]:
            await c.close()

    asyncio.run(scenario())


def test_invalid_utf8_frames_are_closed_1007_without_a_traceback(
    live_server: ServerProcess,
) -> None:
    frames = 1000

    async def scenario() -> list[int | None]:
        code, players = await seated_table(live_server.ws_url, live_server.base_url)
        limit = asyncio.Semaphore(20)

        async def one() -> int | None:
            async with limit:
                client = await RoomClient.open(live_server.ws_url, code, name="bad-utf8")
                await client.ws.send(b'{"type":"ping","x":"\xc3\x28"}', text=True)
                return await client.wait_closed()

        codes = await asyncio.gather(*(one() for _ in range(frames)))
        # the room carries on: its players can still start a match
        await start_match(players)
        for p in players:
            await p.close()
        return list(codes)

    before = live_server.stderr()
    codes = asyncio.run(scenario())
    assert codes == [1007] * frames
    added = live_server.stderr()[len(before) :]
    assert "Traceback" not in added
    assert "UnicodeDecodeError" not in added
    lines = [line for line in added.splitlines() if "not valid UTF-8" in line]
    assert len(lines) == frames, "one short line for each such frame"
    assert all(len(line) < 120 for line in lines)
