"""Rubicon and Chinese bezique at a real table: two people on WebSockets play a whole match
through a real server, each acting only on what its own views show, with a spectator
watching. Each declaration is chosen by the value the view offers it at; every declaration
lies face up on the declarer's table for both players and the spectator; a seat is shown
nothing of the deal but what the spectator is shown and its own cards; forged actions are
refused with their codes and change nothing; the finished match is stored with its record,
its scoresheet and its CSV."""

from __future__ import annotations

import asyncio
import csv
import io
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from app.engine.bezique import CHINESE, RUBICON
from app.engine.bezique.deal import layout
from app.engine.records import validate_record
from support.client import Message, RoomClient, is_state, seated_table, start_match
from support.protocol_csv import final_totals
from support.server import ServerProcess

NAMES = ("Anna", "Bertil")
VARIANTS = {RUBICON.name: RUBICON, CHINESE.name: CHINESE}
OWN_KEYS = ("hand", "dealt", "drawn")
"""The only parts of a deal's view that differ between a seat and a spectator."""


@pytest.fixture
def fast_server(fast_players_server: ServerProcess) -> ServerProcess:
    """Players here answer as fast as the server does, past the rate a person keeps to: the
    server the game modules share (tests/web/conftest.py)."""
    return fast_players_server


@dataclass
class Table:
    server: ServerProcess
    code: str
    players: list[RoomClient]
    watcher: RoomClient

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
        """``seat``'s action is refused with ``code`` and nothing changes."""
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


async def open_table(server: ServerProcess, game: str, options: dict[str, Any]) -> Table:
    code, players = await seated_table(server.ws_url, server.base_url, 2, NAMES, game, options)
    watcher = await RoomClient.open(server.ws_url, code, name="watcher")
    await start_match(players)
    for client in [*players, watcher]:
        await client.until_version(players[0].v)
    return Table(server, code, players, watcher)


# -- the players -----------------------------------------------------------------------------------


@dataclass
class Played:
    last: dict[str, Any] = field(default_factory=dict)
    declared: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    from_table: int = 0


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """The seat's action from its own view: the most valuable declaration offered, else a
    card (from the table when it can, now and then, to see such plays through)."""
    legal = view["legal"]
    if legal["kind"] == "declare":
        offered = legal["declarations"]
        if offered:
            best = max(offered, key=lambda d: d["points"])
            return str(best["action"])
        return "draw"
    actions: list[str] = legal["actions"]
    from_table = [a for a in actions if "@" in a]
    if from_table and rng.random() < 0.5:
        return rng.choice(from_table)
    return rng.choice(actions)


async def forge(table: Table, view: dict[str, Any], played: Played) -> None:
    """Offend once each where the turn allows, before the right move is made."""
    seat = view["seat"]
    deal = view["deal"]
    legal = view["legal"]
    refused = played.refused
    if not refused["not_your_turn"]:
        await table.refuse(1 - seat, legal["actions"][0], "not_your_turn")
        refused["not_your_turn"] += 1
    elif legal["kind"] == "play" and not refused["card_not_in_hand"]:
        # a hand of at most twelve cards always misses some of the pack's 32 codes
        held = set(deal["hand"])
        missing = next(r + s for r in "AKQJT987" for s in "SHDC" if r + s not in held)
        await table.refuse(seat, f"play:{missing}", "card_not_in_hand")
        refused["card_not_in_hand"] += 1
    elif legal["kind"] == "play" and not refused["declare_not_now"] and deal["trick"] == []:
        await table.refuse(seat, "declare:marriage:KS,QS", "declare_not_now")
        refused["declare_not_now"] += 1
    elif legal["kind"] == "declare" and not refused["declare_or_draw"]:
        await table.refuse(seat, f"play:{deal['hand'][0]}", "declare_or_draw")
        refused["declare_or_draw"] += 1
    elif legal["kind"] == "declare" and not refused["not_a_combination"]:
        hand = deal["hand"]
        if len(set(hand)) >= 2 and not any(c[0] in "KQ" for c in hand[:2]):
            await table.refuse(seat, f"declare:marriage:{hand[0]},{hand[-1]}", "not_a_combination")
            refused["not_a_combination"] += 1
    elif not refused["malformed_action"]:
        await table.refuse(seat, "declare:polka:AS", "malformed_action")
        refused["malformed_action"] += 1


async def play_match(table: Table, seed: int) -> Played:
    rng = random.Random(seed)
    played = Played()
    for _ in range(20_000):
        view = table.view()
        if view["phase"] == "match_over":
            played.last = view
            return played
        seat = view["to_act"]
        assert seat in (0, 1), view
        mine = table.view(seat)
        await forge(table, mine, played)
        action = choose(mine, rng)
        offered = {d["action"]: d for d in (mine["legal"].get("declarations") or [])}
        await table.act(seat, action)
        if action in offered:
            played.declared.append((seat, offered[action]))
            check_declared_by_all(table, seat, offered[action])
        played.from_table += "@" in action and action.startswith("play:")
    raise AssertionError("the match never ended")


def check_declared_by_all(table: Table, seat: int, offer: dict[str, Any]) -> None:
    """Both players and the spectator see the declaration at the value offered, its cards
    on the declarer's table where the declaration says."""
    for client in table.everyone:
        view = client.view
        assert view is not None
        deal = view["deal"]
        if deal is None or deal["endgame"]:
            continue  # the last draw took the tables up
        last = deal["declarations"][-1]
        assert (last["seat"], last["kind"], last["points"]) == (
            seat,
            offer["kind"],
            offer["points"],
        )
        assert sorted(last["cards"]) == sorted(offer["cards"])
        positions = last["positions"]
        assert sorted(deal["tables"][seat][p] for p in positions) == sorted(last["cards"])
        if offer["fixes_trump"]:
            assert deal["trump"] == offer["fixes_trump"]


# -- what every frame shows ------------------------------------------------------------------------


def check_frames(table: Table, record: dict[str, Any]) -> None:
    """A seat's frame is the spectator's of the same version but for its own cards (its
    hand, the hand it was dealt, its draws) and its legal actions; the hand dealt is the
    record's."""
    variant = VARIANTS[record["game"]]
    spectator: dict[int, dict[str, Any]] = {}
    for message in table.watcher.messages:
        if is_state(message) and message["view"] is not None:
            view = message["view"]
            assert view["seat"] is None and view["legal"] is None
            if view["deal"] is not None:
                assert all(view["deal"][k] is None for k in OWN_KEYS)
            spectator[message["v"]] = view
    compared = 0
    for seat, client in enumerate(table.players):
        for message in client.messages:
            if not is_state(message) or message["view"] is None:
                continue
            view = message["view"]
            other = spectator.get(message["v"])
            if other is None or view["deal"] is None:
                continue
            deal = dict(view["deal"])
            dealt = deal["dealt"]
            number = deal["number"]
            entry = record["deals"][number - 1]
            seats = layout(variant, entry["dealer"])
            assert dealt == [c for c, s in zip(entry["pack"], seats, strict=False) if s == seat]
            assert len(deal["hand"]) == deal["hand_sizes"][seat]
            for key in OWN_KEYS:
                deal[key] = None
            assert deal == other["deal"], (variant.name, seat, message["v"])
            rest = {k: v for k, v in view.items() if k not in ("deal", "seat", "legal")}
            assert rest == {k: v for k, v in other.items() if k not in ("deal", "seat", "legal")}
            compared += 1
    assert compared > 100


# -- the end of a match ----------------------------------------------------------------------------


def api(server: ServerProcess, path: str) -> httpx.Response:
    response = httpx.get(f"{server.base_url}/api/rooms/{path}", timeout=60)
    assert response.status_code == 200, response.text
    return response


def check_finished(table: Table, game: str, deals: int, last: dict[str, Any]) -> dict[str, Any]:
    server = table.server
    totals = last["totals"]
    assert last["termination"] == "deals_played" and last["deals_played"] == deals
    record = api(server, f"{table.code}/matches/1/record").json()
    assert record["game"] == game and record["status"] == "finished"
    assert record["players"] == list(NAMES) and len(record["deals"]) == deals
    verdict = validate_record(record)
    assert verdict.valid, verdict.error
    assert verdict.totals == totals == record["totals"]
    assert sorted(verdict.winners) == sorted(last["winners"])

    [match] = api(server, f"{table.code}/matches").json()
    assert match["status"] == "finished" and match["totals"] == totals
    assert match["deals_total"] == deals == match["deals_played"]
    sheet = match["scoresheet"]
    assert sheet == last["scoresheet"] and len(sheet["deals"]) == deals
    for line in sheet["deals"]:
        # the winner of a deal scores its game score, the loser nothing
        winner = line["cells"]["winner"]
        if winner is not None:
            assert line["scores"][winner] == line["cells"]["game_score"] > 0
            assert line["scores"][1 - winner] == 0

    text = api(server, f"{table.code}/matches/1/protocol.csv").text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:5] == ["deal", "dealer", "trump", "points Anna", "points Bertil"]
    assert final_totals(text, ("Anna", "Bertil")) == totals
    return record


@pytest.mark.parametrize(("game", "deals"), [("bezique_rubicon", 2), ("chinese_bezique", 1)])
def test_two_play_a_whole_match_each_from_its_own_views(
    fast_server: ServerProcess, game: str, deals: int
) -> None:
    async def scenario() -> tuple[Table, Played]:
        table = await open_table(fast_server, game, {"deals": deals})
        try:
            room = table.players[0].state["room"]  # type: ignore[index]
            assert room["game"] == game and room["size"] == 2
            played = await play_match(table, seed=len(game))
            for client in table.everyone:
                await client.until_version(table.players[0].v)
        finally:
            await table.close()
        return table, played

    table, played = asyncio.run(scenario())
    assert played.declared, "no declaration was made in the whole match"
    assert played.from_table, "no card was played from a table"
    assert set(played.refused) == {
        "not_your_turn",
        "card_not_in_hand",
        "declare_not_now",
        "declare_or_draw",
        "not_a_combination",
        "malformed_action",
    }
    record = check_finished(table, game, deals, played.last)
    check_frames(table, record)
