"""Spades at a real table: four people on WebSockets play a whole match through a real
server, each acting only on what its own views show. A seat that bids without looking is
sent no card of its hand until it looks, and a card it plays unseen is its look; forged
actions are refused with their codes and change nothing; partners always carry the same
total and the winners are a whole team; the finished match is stored with its record and
its CSV. Last, the host's seat order before a match decides who partners whom."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from app.engine.records import validate_record
from support.client import Message, RoomClient, is_state, seated_table, start_match
from support.protocol_csv import check_against_sheet, final_totals
from support.server import ServerProcess

GAME = "spades"
NAMES = ("Anna", "Bertil", "Cecilia", "David")
TEAMS = [[0, 2], [1, 3]]
OPTIONS = {"target": 200, "lose_at_minus_200": True}
RANKS = "AKQJT98765432"  # high to low
PACK = [r + s for s in "SHDC" for r in RANKS]


@pytest.fixture
def fast_server(fast_players_server: ServerProcess) -> ServerProcess:
    """Players here answer as fast as the server does, past the rate a person keeps to: the
    server the game modules share (tests/web/conftest.py)."""
    return fast_players_server


# -- a table -------------------------------------------------------------------------------------


@dataclass
class Table:
    base_url: str
    code: str
    players: list[RoomClient]
    watcher: RoomClient
    """A spectator: it must never be shown a hand."""

    @property
    def everyone(self) -> list[RoomClient]:
        return [*self.players, self.watcher]

    def view(self, seat: int = 0) -> dict[str, Any]:
        view: dict[str, Any] | None = self.players[seat].view
        assert view is not None
        return view

    async def act(self, seat: int, action: str) -> Message:
        """``seat`` acts; returns once every connection has seen the result."""
        ack = await self.players[seat].act(action)
        assert is_state(ack), (seat, action, ack)
        for client in self.everyone:
            await client.until_version(ack["v"])
        return ack

    async def refuse(self, seat: int, action: str, code: str) -> None:
        """``seat``'s action is refused with ``code``, and nothing changes: the error is at
        the same version, no state follows it, and the room is still at that version."""
        client = self.players[seat]
        before = client.state
        assert before is not None
        reply = await client.act(action)
        assert reply["type"] == "error", (seat, action, reply)
        assert reply["code"] == code, (seat, action, reply)
        assert reply["v"] == before["v"]
        pong = await client.ping()
        assert pong["v"] == before["v"]
        assert client.state is before, "a refused action was followed by a state"

    async def close(self) -> None:
        for client in self.everyone:
            await client.close()


async def open_table(server: ServerProcess) -> Table:
    code, players = await seated_table(
        server.ws_url, server.base_url, 4, NAMES, GAME, dict(OPTIONS)
    )
    watcher = await RoomClient.open(server.ws_url, code, name="watcher")
    table = Table(server.base_url, code, players, watcher)
    await start_match(players)
    for client in table.everyone:
        await client.until_version(players[0].v)
    return table


# -- players ---------------------------------------------------------------------------------------


@dataclass
class Plan:
    """Who does what in a deal, fixed when the deal starts from its bidding order."""

    number: int
    blind: int | None
    """The first bidder of the first deal: he bids blind nil before looking."""
    early: int
    """The second bidder: he looks out of turn as soon as the cards are dealt."""
    unseen: int
    """The last bidder: he bids a number without looking and looks only when he must."""


def plan_for(deal: dict[str, Any]) -> Plan:
    order = deal["bid_order"]
    return Plan(
        number=deal["number"],
        blind=order[0] if deal["number"] == 1 else None,
        early=order[1],
        unseen=order[3],
    )


def rank(card: str) -> int:
    return RANKS.index(card[0])


def estimate(hand: list[str]) -> str:
    """A plain bid: aces and kings, and spades past the third; nil with nothing of that."""
    high = sum(1 for c in hand if c[0] in "AK")
    long_spades = max(0, sum(1 for c in hand if c[1] == "S") - 3)
    tricks = high + long_spades
    return "bid:nil" if tricks == 0 else f"bid:{min(13, tricks)}"


def choose(view: dict[str, Any], plan: Plan, rng: random.Random) -> str:
    """What the seat of ``view`` does, from that view alone."""
    legal = view["legal"]
    assert legal is not None, view
    deal = view["deal"]
    seat = view["seat"]
    kind = legal["kind"]
    if kind == "look":
        return "look"
    if kind == "bid":
        actions: list[str] = legal["actions"]
        if seat == plan.blind and "bid:blind_nil" in actions:
            return "bid:blind_nil"
        if seat == plan.unseen and not deal["looked"][seat]:
            return f"bid:{rng.randint(1, 4)}"
        if not deal["looked"][seat]:
            return "look"
        bid = estimate(deal["hand"])
        if seat == plan.early and bid == "bid:nil":
            # a nil would make his partner, the seat that plays unseen, look at his cards to
            # give three: in a match of one deal (it often is, to 200) nobody would play unseen
            return "bid:1"
        return bid
    if kind == "lay":
        # a nil bidder lays his highest cards
        return "lay:" + ",".join(sorted(legal["from"], key=rank)[:3])
    if kind == "give":
        return "give:" + ",".join(rng.sample(legal["from"], 3))
    assert kind == "play", legal
    cards = [a.removeprefix("play:") for a in legal["actions"]]
    if deal["bids"][seat] in ("nil", "blind_nil"):
        return "play:" + max(cards, key=rank)  # the lowest card: a nil bidder ducks
    return "play:" + rng.choice(cards)


# -- the match -------------------------------------------------------------------------------------


@dataclass
class Played:
    last: dict[str, Any]
    plans: dict[int, Plan] = field(default_factory=dict)
    refused: Counter[str] = field(default_factory=Counter)
    unseen_plays: list[tuple[int, int, str]] = field(default_factory=list)
    """(deal, seat, card) of a card played by a seat that had not looked."""


UNPLAYABLE = {"card_not_in_hand", "must_follow_suit", "spades_not_broken"}


async def play_unseen(table: Table, seat: int, played: Played) -> None:
    """Clarification 6 over the wire: ``seat``, to play and shown only ``look``, sends cards
    of the pack in turn; those he cannot play are refused and are no look, the first he
    can is played and is his look, and his view then shows the rest of his hand."""
    client = table.players[seat]
    for card in PACK:
        before = client.state
        assert before is not None
        reply = await client.act(f"play:{card}")
        if reply["type"] == "error":
            assert reply["code"] in UNPLAYABLE and reply["v"] == before["v"], reply
            assert client.state is before, "a refused card was followed by a state"
            continue
        assert is_state(reply), reply
        for other in table.everyone:
            await other.until_version(reply["v"])
        deal = table.view(seat)["deal"]
        assert deal["looked"][seat] and table.view((seat + 1) % 4)["deal"]["looked"][seat]
        assert deal["hand"] and card not in deal["hand"]
        assert len(deal["hand"]) == deal["hand_sizes"][seat]
        played.unseen_plays.append((deal["number"], seat, card))
        return
    raise AssertionError("no card of the pack could be played")


async def forge(table: Table, view: dict[str, Any], played: Played) -> bool:
    """Offend once each where the turn allows, before the right move is made; whether the
    seat's turn was taken meanwhile."""
    legal = view["legal"]
    seat = view["seat"]
    deal = view["deal"]
    refused = played.refused
    if legal["kind"] == "bid" and deal["looked"][seat] and not refused["already_looked"]:
        # SP12: blind nil only before looking
        await table.refuse(seat, "bid:blind_nil", "already_looked")
        refused["already_looked"] += 1
    elif legal["kind"] == "play" and not refused["card_not_in_hand"]:
        stranger = next(c for c in PACK if c not in deal["hand"])
        await table.refuse(seat, f"play:{stranger}", "card_not_in_hand")
        refused["card_not_in_hand"] += 1
    elif (
        legal["kind"] == "look"
        and view["to_act"] == seat
        and deal["step"] == "play"
        and not played.unseen_plays
    ):
        await play_unseen(table, seat, played)
        return True
    return False


async def play_match(table: Table, rng: random.Random) -> Played:
    played = Played(last={})
    plan: Plan | None = None
    for _ in range(8000):
        view = table.view()
        if view["phase"] == "match_over":
            played.last = view
            return played
        deal = view["deal"]
        assert deal is not None and view["to_act"] is not None, view
        if plan is None or plan.number != deal["number"]:
            plan = played.plans[deal["number"]] = plan_for(deal)
            first = deal["bid_order"][0]
            if deal["number"] == 1:
                await table.refuse(plan.early, "bid:3", "not_your_turn")
                played.refused["not_your_turn"] += 1
            assert table.view(plan.early)["legal"] == {"kind": "look", "actions": ["look"]}
            assert view["to_act"] == first != plan.early
            await table.act(plan.early, "look")  # out of turn
            assert table.view(plan.early)["deal"]["hand"]
        seat = view["to_act"]
        mine = table.view(seat)
        if not await forge(table, mine, played):
            await table.act(seat, choose(mine, plan, rng))
    raise AssertionError("the match never ended")


# -- what every frame must (not) show --------------------------------------------------------------


def card_texts(cards: list[str]) -> list[str]:
    return [json.dumps(c) for c in cards]


def check_frames(table: Table, record: dict[str, Any], played: Played) -> Counter[str]:
    """Every state any connection was sent: partners' totals equal; the spectator sees no
    hand; a seat that has not looked at its cards holds an empty hand, may only look, and no
    frame sent to it names a card of its hand."""
    seen: Counter[str] = Counter()
    hands = [deal["hands"] for deal in record["deals"]]
    for client in table.everyone:
        for frame, message in zip(client.frames, client.messages, strict=True):
            if not is_state(message) or message["view"] is None:
                continue
            view = message["view"]
            room = message["room"]
            assert room["teams"] == TEAMS and view["teams"] == TEAMS
            assert [s["team"] for s in room["seats"]] == [0, 1, 0, 1]
            totals = view["totals"]
            assert totals[0] == totals[2] and totals[1] == totals[3], totals
            assert view["team_totals"] == [totals[0], totals[1]]
            deal = view["deal"]
            if deal is None:
                continue
            seat = view["seat"]
            if seat is None:
                assert deal["hand"] is None and view["legal"] is None
                seen["spectator"] += 1
                continue
            if deal["looked"][seat]:
                assert len(deal["hand"]) == deal["hand_sizes"][seat]
                continue
            seen["unlooked"] += 1
            if seat == played.plans[deal["number"]].unseen and deal["bids"][seat] is not None:
                seen["unseen_bidder"] += 1
            assert deal["hand"] == []
            legal = view["legal"]
            if view["to_act"] != seat or deal["step"] != "bid":
                assert legal == {"kind": "look", "actions": ["look"]}, legal
            own = card_texts(hands[deal["number"] - 1][seat])
            shown = json.dumps([deal, legal]) if deal["number"] > 1 else str(frame)
            # a later deal's frame names the cards of the previous deal: those are all known
            named = [c for c in own if c in shown]
            assert not named, (seat, deal["number"], named)
    return seen


# -- the end of a match ----------------------------------------------------------------------------


def api(server: ServerProcess, path: str) -> httpx.Response:
    response = httpx.get(f"{server.base_url}/api/rooms/{path}", timeout=60)
    assert response.status_code == 200, response.text
    return response


def check_finished(server: ServerProcess, table: Table, last: dict[str, Any]) -> dict[str, Any]:
    totals = last["totals"]
    winners = sorted(last["winners"])
    assert winners in TEAMS, winners
    losers = next(team for team in TEAMS if team != winners)
    assert totals[winners[0]] > totals[losers[0]]
    assert max(totals) >= OPTIONS["target"] or min(totals) <= -200

    record = api(server, f"{table.code}/matches/1/record").json()
    assert record["game"] == GAME and record["status"] == "finished"
    assert record["players"] == list(NAMES) and record["teams"] == TEAMS
    verdict = validate_record(record)
    assert verdict.valid, verdict.error
    assert verdict.totals == totals == record["totals"]
    assert sorted(verdict.winners) == winners

    [match] = api(server, f"{table.code}/matches").json()
    assert match["status"] == "finished" and match["totals"] == totals
    assert sorted(match["winners"]) == winners
    sheet = match["scoresheet"]
    assert sheet == last["scoresheet"] and sheet["teams"]["members"] == TEAMS
    for line in sheet["deals"]:
        assert line["scores"][0] == line["scores"][2] and line["scores"][1] == line["scores"][3]

    text = api(server, f"{table.code}/matches/1/protocol.csv").text
    rows = list(csv.reader(io.StringIO(text)))
    names = ("Anna", "Bertil", "Cecilia", "David")
    assert rows[0][:3] == ["deal", "dealer", "bids Anna"]
    check_against_sheet(text, sheet, names)
    assert final_totals(text, names) == totals
    return record


def test_four_play_a_whole_match_each_from_its_own_views(fast_server: ServerProcess) -> None:
    async def scenario() -> tuple[Table, Played]:
        table = await open_table(fast_server)
        try:
            room = table.players[0].state["room"]  # type: ignore[index]
            assert room["teams"] == TEAMS
            assert [s["team"] for s in room["seats"]] == [0, 1, 0, 1]
            played = await play_match(table, random.Random(17))
            for client in table.everyone:
                await client.until_version(table.players[0].v)
                view = client.view
                assert view is not None and view["phase"] == "match_over"
                assert view["totals"] == played.last["totals"]
                assert view["winners"] == played.last["winners"]
            return table, played
        finally:
            await table.close()

    table, played = asyncio.run(scenario())
    record = check_finished(fast_server, table, played.last)
    seen = check_frames(table, record, played)

    assert seen["spectator"] > 0 and seen["unseen_bidder"] > 0
    assert played.refused.keys() >= {
        "not_your_turn",
        "already_looked",
        "card_not_in_hand",
    }, played.refused
    # a card played unseen stands in the record as the seat's look (Clarification 6)
    [(number, unseen, card)] = played.unseen_plays
    actions = [(seat, text) for seat, text in record["deals"][number - 1]["actions"]]
    assert (unseen, f"play:{card}") in actions and (unseen, "look") not in actions
    # the first deal's first bidder bid blind nil, then looked and laid three cards
    first = record["deals"][0]
    blind = played.plans[1].blind
    actions = [(seat, text) for seat, text in first["actions"]]
    said = actions.index((blind, "bid:blind_nil"))
    assert actions[said + 1] == (blind, "look")
    assert actions[said + 2][0] == blind and actions[said + 2][1].startswith("lay:")


# -- the seat order chooses the partners -----------------------------------------------------------


def test_the_hosts_seat_order_chooses_who_partners_whom(live_server: ServerProcess) -> None:
    async def scenario() -> tuple[Message, list[Message]]:
        _, players = await seated_table(
            live_server.ws_url, live_server.base_url, 4, NAMES, GAME, dict(OPTIONS)
        )
        host = players[0]
        before = host.state
        assert before is not None
        partners = [before["room"]["seats"][s]["nickname"] for s in (0, 2)]
        assert partners == ["Anna", "Cecilia"]
        # Bertil and Cecilia change places: Anna now partners Bertil
        reply = await host.command({"type": "reorder", "order": [0, 2, 1, 3], "v": host.v})
        assert is_state(reply), reply
        for player in players:
            await player.until_version(reply["v"])
        await start_match(players)
        return reply, [p.state for p in players if p.state is not None]

    reordered, states = asyncio.run(scenario())
    room = reordered["room"]
    assert room["teams"] == TEAMS
    assert [room["seats"][s]["nickname"] for s in (0, 2)] == ["Anna", "Bertil"]
    assert [room["seats"][s]["nickname"] for s in (1, 3)] == ["Cecilia", "David"]
    assert [s["team"] for s in room["seats"]] == [0, 1, 0, 1]
    # each connection follows its player to the new seat, and the match deals to it there
    by_name = {state["room"]["seats"][state["seat"]]["nickname"]: state for state in states}
    assert {name: state["seat"] for name, state in by_name.items()} == {
        "Anna": 0,
        "Cecilia": 1,
        "Bertil": 2,
        "David": 3,
    }
    for state in states:
        assert state["room"]["status"] == "playing"
        assert state["view"]["teams"] == TEAMS and state["view"]["seat"] == state["seat"]
