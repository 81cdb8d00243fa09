"""Whole matches over real WebSockets against a real server.

Random bots play complete 3- and 4-seat matches while a spectator watches. Every frame each
connection receives is kept; afterwards the deals are pieced together from what the players
legitimately saw, replayed by the engine's record validator, and every frame is checked
against that ground truth for cards its recipient was not allowed to see.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from app.engine.records import validate_record
from support.client import (
    Message,
    RoomClient,
    choose_action,
    create_room,
    is_state,
    legal_of,
    play_until,
    seated_table,
    start_match,
    step,
)
from support.server import ServerProcess, ServersByBackend

CARD = re.compile(r"(?<![A-Za-z0-9])[AKQJT2-9][SHDC](?![A-Za-z0-9])")
# Values under these keys are room codes, error codes and secrets: random text that may
# contain something shaped like a card, and never a card.
OPAQUE_KEYS = frozenset({"code", "secret"})


@pytest.fixture(scope="module")
def fast_server(players_servers: ServersByBackend) -> ServerProcess:
    """The SQLite one of the servers the modules share (tests/web/conftest.py), unthrottled;
    its computer players are not used here."""
    return players_servers.on("sqlite")


# -- playing a whole match -------------------------------------------------------------------------


@dataclass
class MatchRun:
    seats: int
    code: str
    players: list[RoomClient]
    spectator: RoomClient
    secrets: list[str]
    final: Message


async def bot(client: RoomClient, rng: random.Random) -> Message:
    """Acts whenever its view offers legal actions, until the match is over."""
    acted = -1
    since = 0

    def wanted(m: Message) -> bool:
        if not is_state(m) or m["v"] <= acted or m["view"] is None:
            return False
        return m["view"]["phase"] == "match_over" or legal_of(m) is not None

    while True:
        index, message = await client.next_match(wanted, since, timeout=60)
        since = index + 1
        if message["view"]["phase"] == "match_over":
            return message
        legal = legal_of(message)
        assert legal is not None
        ack = await client.act(choose_action(legal, rng), v=message["v"])
        assert ack["type"] == "state", ack
        acted = message["v"]


async def play_match(server: ServerProcess, seats: int, seed: int) -> MatchRun:
    code, players = await seated_table(server.ws_url, server.base_url, seats)
    spectator = await RoomClient.open(server.ws_url, code, name="spectator")
    bots = [
        asyncio.create_task(bot(p, random.Random(seed * 10 + i))) for i, p in enumerate(players)
    ]
    await start_match(players)
    # a whole match of 12 or 16 deals: seconds alone, minutes on a machine busy with others
    finals = await asyncio.wait_for(asyncio.gather(*bots), 600)
    over = await spectator.wait_for(
        lambda m: is_state(m) and m["view"] is not None and m["view"]["phase"] == "match_over"
    )
    assert all(f["v"] == over["v"] for f in finals)
    run = MatchRun(
        seats,
        code,
        players,
        spectator,
        [p.secret or "" for p in players],
        over,
    )
    for client in [*players, spectator]:
        await client.close()
    return run


@pytest.fixture(scope="module")
def three_seat_match(fast_server: ServerProcess) -> MatchRun:
    return asyncio.run(play_match(fast_server, 3, seed=3))


@pytest.fixture(scope="module")
def four_seat_match(fast_server: ServerProcess) -> MatchRun:
    return asyncio.run(play_match(fast_server, 4, seed=4))


@pytest.fixture(params=["three_seat_match", "four_seat_match"], ids=["3-seats", "4-seats"])
def match_run(request: pytest.FixtureRequest) -> MatchRun:
    run: MatchRun = request.getfixturevalue(request.param)
    return run


# -- what the players saw, put together ------------------------------------------------------------


@dataclass
class DealTruth:
    """One deal as the players together saw it: public facts plus each seat's own hand."""

    public: dict[str, Any]
    hands: dict[int, frozenset[str]] = field(default_factory=dict)
    discard: frozenset[str] = frozenset()

    @property
    def open(self) -> frozenset[str]:
        return frozenset(self.public["open"])

    @property
    def plays(self) -> list[str]:
        return [c["card"] for t in self.public["tricks_played"] for c in t["cards"]]


def played_by(deal: dict[str, Any], seat: int) -> set[str]:
    cards = [c for t in deal["tricks_played"] for c in t["cards"]] + deal["trick"]
    return {c["card"] for c in cards if c["seat"] == seat}


def dealt_hand(deal: dict[str, Any], seat: int) -> frozenset[str]:
    """The 16 cards dealt to ``seat``, from any one of its views after the contract."""
    cards = set(deal["hand"]) | played_by(deal, seat)
    if seat == deal["forehand"]:
        cards = (cards | set(deal["discard"] or ())) - set(deal["open"])
    return frozenset(cards)


def states(client: RoomClient) -> Iterator[Message]:
    return (m for m in client.messages if is_state(m) and m["view"] is not None)


def reconstruct(run: MatchRun) -> dict[int, DealTruth]:
    hands: dict[int, dict[int, set[frozenset[str]]]] = defaultdict(lambda: defaultdict(set))
    discards: dict[int, set[frozenset[str]]] = defaultdict(set)
    public: dict[int, dict[str, Any]] = {}
    for seat, player in enumerate(run.players):
        for message in states(player):
            deal = message["view"]["deal"]
            if deal is not None and deal["hand"] is not None:
                hands[deal["number"]][seat].add(dealt_hand(deal, seat))
                if deal["discard"] is not None:
                    discards[deal["number"]].add(frozenset(deal["discard"]))
    for client in [*run.players, run.spectator]:
        for message in states(client):
            previous = message["view"]["previous_deal"]
            if previous is not None:
                assert public.setdefault(previous["number"], previous) == previous
    truth: dict[int, DealTruth] = {}
    for number, deal in public.items():
        seen = hands[number]
        active = set(deal["order"])
        assert set(seen) == active, f"deal {number}: hands seen by {set(seen)}"
        # every view of a seat's hand during the deal accounts for the same 16 cards
        assert all(len(views) == 1 for views in seen.values()), f"deal {number}: {seen}"
        assert len(discards[number]) == 1, f"deal {number}: discards {discards[number]}"
        truth[number] = DealTruth(
            deal, {s: next(iter(v)) for s, v in seen.items()}, next(iter(discards[number]))
        )
    return truth


def record_of(run: MatchRun, truth: dict[int, DealTruth]) -> dict[str, Any]:
    view = run.final["view"]
    deals = []
    for number in sorted(truth):
        d = truth[number]
        deals.append(
            {
                "dealer": d.public["dealer"],
                "open": d.public["open"],
                "hands": [sorted(d.hands[s]) if s in d.hands else None for s in range(run.seats)],
                "contract": d.public["contract"],
                "trump": d.public["trump"],
                "discard": sorted(d.discard),
                "plays": d.plays,
                "tricks": d.public["tricks"],
                "scores": d.public["scores"],
            }
        )
    return {
        "format": "kortbord-record/1",
        "game": "bismarck",
        "players": [s["nickname"] for s in run.final["room"]["seats"]],
        "deals": deals,
        "totals": view["totals"],
        "winners": view["winners"],
    }


# -- hidden information --------------------------------------------------------------------------


def cards_in(obj: object) -> set[str]:
    found: set[str] = set()
    if isinstance(obj, str):
        found.update(CARD.findall(obj))
    elif isinstance(obj, list):
        for item in obj:
            found |= cards_in(item)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            found |= cards_in(key)
            if key not in OPAQUE_KEYS:
                found |= cards_in(value)
    return found


def leaks(message: Message, seat: int | None, truth: dict[int, DealTruth]) -> set[str]:
    """Cards in ``message`` that ``seat`` (None: a spectator) may not see when it arrives."""
    if not is_state(message) or message["view"] is None:
        return cards_in(message)
    view = dict(message["view"])
    deal = view.pop("deal")
    previous = view.pop("previous_deal")
    legal = view.pop("legal")
    room = dict(message["room"])
    # A deal's pack is shown, every card of it, only once the deal is over (docs/fairness.md).
    for entry in room.pop("fairness")["deals"]:
        if entry["pack"] is not None:
            assert deal is None or entry["deal"] < deal["number"], entry["deal"]
    # Everything outside the two deals and the legal actions is scores and names: no cards.
    found = cards_in({**message, "room": room, "view": view})
    if deal is not None:
        t = truth[deal["number"]]
        played = len(deal["tricks_played"]) * 3 + len(deal["trick"])
        shown = [c["card"] for tr in deal["tricks_played"] for c in tr["cards"]]
        shown += [c["card"] for c in deal["trick"]]
        assert shown == t.plays[:played], "the cards shown as played are not the ones played"
        allowed = t.open | set(t.plays[:played])
        own: frozenset[str] = frozenset()
        if seat is not None and seat in t.hands and deal["contract"] is not None:
            own = t.hands[seat] | (t.open | t.discard if seat == t.public["forehand"] else set())
        found |= cards_in(deal) - allowed - own
        found |= cards_in(legal) - own
    else:
        found |= cards_in(legal)
    if previous is not None:
        t = truth[previous["number"]]
        allowed = t.open | set(t.plays)
        if seat == t.public["forehand"]:
            allowed |= t.discard
        found |= cards_in(previous) - allowed
    return found


# -- the tests -----------------------------------------------------------------------------------


def test_a_whole_match_scores_what_the_engine_replay_of_its_record_scores(
    match_run: MatchRun,
) -> None:
    truth = reconstruct(match_run)
    deals_total = 12 if match_run.seats == 3 else 16
    assert sorted(truth) == list(range(1, deals_total + 1))
    view = match_run.final["view"]
    assert view["deals_played"] == deals_total
    assert match_run.final["room"]["status"] == "finished"
    for d in truth.values():
        # open cards, the active hands and nothing else: the whole pack, each card once
        dealt = [c for h in d.hands.values() for c in h] + list(d.open)
        assert len(dealt) == len(set(dealt)) == 52

    record = record_of(match_run, truth)
    result = validate_record(record)

    assert result.valid, result.error
    assert result.totals == view["totals"]
    assert result.winners == view["winners"]
    assert sum(view["totals"]) == 0
    # every seat and the spectator end on the same final totals
    for client in [*match_run.players, match_run.spectator]:
        last = [m for m in states(client)][-1]
        assert last["view"]["totals"] == view["totals"]


def test_no_frame_shows_a_card_its_recipient_may_not_see(match_run: MatchRun) -> None:
    truth = reconstruct(match_run)
    recipients: list[tuple[int | None, RoomClient]] = [
        *enumerate(match_run.players),
        (None, match_run.spectator),
    ]
    checked = 0
    for seat, client in recipients:
        for index, message in enumerate(client.messages):
            leaked = leaks(message, seat, truth)
            assert not leaked, f"seat {seat} frame {index} shows {sorted(leaked)}: {message}"
            checked += 1
    # a 3-seat match is some 600 actions, each broadcast to every connection (a lone
    # spectator is no crowd: it is sent every state at once, as the seats are)
    assert checked > 500 * len(recipients)


def test_the_leak_check_notices_a_hidden_card(three_seat_match: MatchRun) -> None:
    # The scan above must be able to fail: plant another seat's card in a real frame.
    truth = reconstruct(three_seat_match)
    frame = next(
        m
        for m in three_seat_match.players[0].messages
        if is_state(m) and m["view"] and m["view"]["deal"] and m["view"]["deal"]["hand"]
    )
    deal = frame["view"]["deal"]
    other = next(s for s in truth[deal["number"]].hands if s != 0)
    hidden = sorted(truth[deal["number"]].hands[other] - set(deal["hand"]))[0]
    forged = json.loads(json.dumps(frame))
    forged["view"]["deal"]["hand_sizes"] = [hidden]

    assert leaks(frame, 0, truth) == set()
    assert leaks(forged, 0, truth) == {hidden}
    assert leaks(frame, None, truth) >= set(deal["hand"]) - truth[deal["number"]].open


def test_seat_secrets_reach_only_their_own_seat_and_never_a_log(
    match_run: MatchRun, fast_server: ServerProcess
) -> None:
    for seat, client in enumerate(match_run.players):
        for index, frame in enumerate(client.frames):
            assert isinstance(frame, str)
            for other, secret in enumerate(match_run.secrets):
                if secret not in frame:
                    continue
                message = client.messages[index]
                # the only place a secret may appear: the reply to its own sit
                assert other == seat and message["type"] == "seated", (seat, message)
    for frame in match_run.spectator.frames:
        assert not any(secret in str(frame) for secret in match_run.secrets)
    logs = fast_server.stdout() + fast_server.stderr()
    assert match_run.code in logs  # the access log is there, and it names the room
    assert not any(secret in logs for secret in match_run.secrets)


def test_every_server_message_carries_the_room_version(match_run: MatchRun) -> None:
    for client in [*match_run.players, match_run.spectator]:
        versions = [m["v"] for m in client.messages]
        assert all(isinstance(v, int) for v in versions)
        # one log, sent in order: a connection never sees the version go back
        assert versions == sorted(versions)
    assert match_run.final["v"] == max(m["v"] for m in match_run.spectator.messages)


def test_a_state_is_sent_to_every_connection_after_each_change(match_run: MatchRun) -> None:
    clients = [*match_run.players, match_run.spectator]
    seen = [sorted({m["v"] for m in states(c)}) for c in clients]
    # everyone was connected before the start, so everyone saw the same versions (a room
    # with a spectator or a few sends them every state: only a crowd gets the latest alone)...
    assert all(s == seen[0] for s in seen)
    # ...and none was skipped: each action commits one event, or three when a deal follows
    # (the deal, and the commitment to the next deal's server seed)
    steps = {b - a for a, b in itertools.pairwise(seen[0])}
    assert steps <= {1, 3}


# -- reconnecting, presence, races ---------------------------------------------------------------


def test_reconnect_mid_trick_with_the_secret_gets_the_same_seat_and_hand(
    fast_server: ServerProcess,
) -> None:
    async def scenario() -> None:
        rng = random.Random(11)
        code, players = await seated_table(fast_server.ws_url, fast_server.base_url)
        await start_match(players)
        await play_until(
            players,
            rng,
            lambda m: m["view"]["phase"] == "play" and len(m["view"]["deal"]["trick"]) == 1,
        )
        seat = players[0].view["to_act"]  # type: ignore[index]
        leaving = players[seat]
        hand = leaving.view["deal"]["hand"]  # type: ignore[index]
        v = leaving.v
        others = [p for p in players if p is not leaving]
        marks = [p.cursor for p in others]
        await leaving.close()

        for p, mark in zip(others, marks, strict=True):
            away = await p.wait_for(
                lambda m: is_state(m) and not m["room"]["seats"][seat]["connected"], mark
            )
            assert away["v"] == v  # presence is not a change to the table
        # the seat waits for its player: nobody may play in its stead
        refused = await others[0].act(f"play:{hand[0]}")
        assert refused["code"] == "not_your_turn"
        await asyncio.sleep(0.2)
        assert all(p.v == v for p in others)

        back = await RoomClient.open(fast_server.ws_url, code, name="back", secret=leaving.secret)
        assert back.seat == seat
        assert back.view["deal"]["hand"] == hand  # type: ignore[index]
        assert back.view["legal"]["kind"] == "play"  # type: ignore[index]
        for p in others:
            await p.wait_for(lambda m: is_state(m) and m["room"]["seats"][seat]["connected"])
        players[seat] = back
        # play goes on: the trick is finished and the next one begun
        for _ in range(3):
            await step(players, rng)
        assert back.v > v
        for p in players:
            await p.close()

    asyncio.run(scenario())


def test_a_repeated_or_stale_action_is_answered_and_changes_nothing(
    fast_server: ServerProcess,
) -> None:
    async def scenario() -> None:
        rng = random.Random(14)
        _, players = await seated_table(fast_server.ws_url, fast_server.base_url)
        await start_match(players)
        await play_until(players, rng, lambda m: m["view"]["phase"] == "play")
        seat = players[0].view["to_act"]  # type: ignore[index]
        actor = players[seat]
        v = actor.v
        legal = legal_of(actor.state or {})
        assert legal is not None
        message = {"type": "act", "v": v, "action": legal["actions"][0], "id": "first"}
        ack = await actor.request(message, lambda m: m.get("id") == "first")
        assert ack["type"] == "state" and ack["v"] == v + 1
        assert ack["seat"] == seat and ack["view"]["seat"] == seat
        for p in players:
            await p.until_version(ack["v"])
        # the acknowledgement is the actor's alone: the others' copies carry no id
        for p in players:
            if p is not actor:
                assert p.state is not None and "id" not in p.state, p.state
        marks = [p.cursor for p in players]

        # the very same message again, as a double click or a resend would
        since = actor.cursor
        again = await actor.request(message, lambda m: m.get("id") == "first")
        assert again["type"] == "error" and again["code"] == "stale_version"
        assert again["v"] == ack["v"]
        assert again["detail"] == {"v": v, "current": ack["v"]}
        assert again["message"]
        fresh = await actor.wait_for(is_state, since)  # and where the table stands now
        assert fresh["v"] == ack["v"]
        pong = await actor.ping()
        assert pong["v"] == ack["v"]
        # nobody else heard of it
        for p, mark in zip(players, marks, strict=True):
            if p is not actor:
                assert p.messages[mark:] == []
        for p in players:
            await p.close()

    asyncio.run(scenario())


def test_two_devices_of_one_seat_acting_at_once_apply_exactly_one_action(
    fast_server: ServerProcess,
) -> None:
    async def scenario() -> None:
        rng = random.Random(12)
        code, players = await seated_table(fast_server.ws_url, fast_server.base_url)
        await start_match(players)
        await play_until(players, rng, lambda m: m["view"]["phase"] == "play")
        twins = {
            s: await RoomClient.open(fast_server.ws_url, code, name=f"twin{s}", secret=p.secret)
            for s, p in enumerate(players)
        }
        for _ in range(12):
            seat = players[0].view["to_act"]  # type: ignore[index]
            a, b = players[seat], twins[seat]
            await b.until_version(a.v)
            v = a.v
            action = choose_action(legal_of(a.state or {}) or {}, rng)
            replies = await asyncio.gather(a.act(action, v), b.act(action, v))
            kinds = sorted(r["type"] for r in replies)
            assert kinds == ["error", "state"], replies
            error = next(r for r in replies if r["type"] == "error")
            assert error["code"] == "stale_version"
            assert error["detail"] == {"v": v, "current": error["v"]}
            ack = next(r for r in replies if r["type"] == "state")
            # one play is one event, or two when it ends the deal and the next is dealt
            assert ack["v"] - v in (1, 2)
            for p in [*players, *twins.values()]:
                await p.until_version(ack["v"])
            assert (await players[0].ping())["v"] == ack["v"]
        for p in [*players, *twins.values()]:
            await p.close()

    asyncio.run(scenario())


def test_two_seats_acting_on_one_version_at_once_apply_exactly_one_action(
    fast_server: ServerProcess,
) -> None:
    async def scenario() -> None:
        rng = random.Random(13)
        _, players = await seated_table(fast_server.ws_url, fast_server.base_url)
        await start_match(players)
        await play_until(players, rng, lambda m: m["view"]["phase"] == "play")
        for _ in range(15):
            view = players[0].view
            assert view is not None
            seat = view["to_act"]
            order = view["deal"]["order"]
            after = order[(order.index(seat) + 1) % 3]
            v = players[0].v
            legal = legal_of(players[seat].state or {})
            assert legal is not None
            # the next seat tries its own card, as if the turn had already passed to it
            hand = players[after].view["deal"]["hand"]  # type: ignore[index]
            replies = await asyncio.gather(
                players[seat].act(choose_action(legal, rng), v),
                players[after].act(f"play:{rng.choice(hand)}", v),
            )
            assert replies[0]["type"] == "state", replies
            assert replies[1]["type"] == "error", replies
            assert replies[1]["code"] in ("stale_version", "not_your_turn")
            for p in players:
                await p.until_version(replies[0]["v"])
            assert replies[0]["v"] - v in (1, 2)
            # the refused one really left no trace: the room is where the ack said
            assert (await players[0].ping())["v"] == replies[0]["v"]
        for p in players:
            await p.close()

    asyncio.run(scenario())


def test_many_rooms_play_at_once_without_touching_each_other(fast_server: ServerProcess) -> None:
    async def one_room(seed: int) -> tuple[str, list[RoomClient]]:
        rng = random.Random(seed)
        code, players = await seated_table(fast_server.ws_url, fast_server.base_url)
        await start_match(players)
        await play_until(players, rng, lambda m: m["view"]["deals_played"] >= 1)
        return code, players

    async def scenario() -> None:
        tables = await asyncio.gather(*(one_room(seed) for seed in range(6)))
        codes = {code for code, _ in tables}
        assert len(codes) == 6
        for code, players in tables:
            for p in players:
                # every state a connection got is of its own room
                assert {m["room"]["code"] for m in states(p)} == {code}
                assert p.view["deals_played"] == 1  # type: ignore[index]
                await p.close()

    asyncio.run(scenario())


def test_a_room_link_names_an_unguessable_code(fast_server: ServerProcess) -> None:
    rooms = [create_room(fast_server.base_url) for _ in range(8)]
    codes = {r["code"] for r in rooms}
    assert len(codes) == 8
    for room in rooms:
        assert room["url"] == f"{fast_server.base_url}/r/{room['code']}"
        # 96 random bits in URL-safe base64
        assert len(room["code"]) >= 16
        assert re.fullmatch(r"[A-Za-z0-9_-]+", room["code"])
        assert room["secret"] not in room["url"]


def test_the_exported_record_is_what_was_played_and_replays_to_the_final_totals(
    match_run: MatchRun, fast_server: ServerProcess
) -> None:
    response = httpx.get(f"{fast_server.base_url}/api/rooms/{match_run.code}/matches/1/record")
    assert response.status_code == 200, response.text
    exported = response.json()
    ours = record_of(match_run, reconstruct(match_run))

    result = validate_record(exported)

    assert result.valid, result.error
    assert result.totals == match_run.final["view"]["totals"]
    assert result.winners == match_run.final["view"]["winners"]
    assert exported["players"] == ours["players"]
    assert len(exported["deals"]) == len(ours["deals"])
    for number, (theirs, seen) in enumerate(zip(exported["deals"], ours["deals"], strict=True)):
        for key in ("dealer", "open", "contract", "plays", "tricks", "scores"):
            assert theirs[key] == seen[key], (number + 1, key)
        # spader's trump is spades whether or not a record names it
        trumps = {seen["trump"], None} if seen["contract"] == "spader" else {seen["trump"]}
        assert theirs.get("trump") in trumps
        assert sorted(theirs["discard"]) == seen["discard"]
        assert [sorted(h) if h else None for h in theirs["hands"]] == seen["hands"]
