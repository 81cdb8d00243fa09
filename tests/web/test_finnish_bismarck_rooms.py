"""Finnish Bismarck at a real table: four people on WebSockets and a spectator play a whole
match of sixteen deals through a real server, each acting on what its own view shows. A card
passed in the exchange is shown to its giver and its receiver and to nobody else, the open
cards to everyone; exchange steps out of order, a contract a player has used and a card not
held are refused with their codes and change nothing; partners carry one total, the winners
are a team, and the finished match's record validates and its CSV names the teams."""

from __future__ import annotations

import asyncio
import csv
import io
import random
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from app.engine.records import validate_record
from support.client import Message, RoomClient, is_state, seated_table, start_match
from support.protocol_csv import final_totals
from support.server import ServerProcess

GAME = "finnish_bismarck"
NAMES = ("Aino", "Eero", "Helmi", "Ilmari")
TEAMS = [[0, 2], [1, 3]]


@pytest.fixture
def finnish_server(fast_players_server: ServerProcess) -> ServerProcess:
    """Players here answer as fast as the server does, past the rate a person keeps to: the
    server the game modules share (tests/web/conftest.py)."""
    return fast_players_server


@dataclass
class Table:
    players: list[RoomClient]
    watcher: RoomClient
    refused: set[str] = field(default_factory=set)

    @property
    def everyone(self) -> list[RoomClient]:
        return [*self.players, self.watcher]

    async def act(self, seat: int, action: str) -> Message:
        ack = await self.players[seat].act(action)
        assert is_state(ack), (seat, action, ack)
        for client in self.everyone:
            await client.until_version(ack["v"])
        return ack

    async def refuse(self, seat: int, action: str, code: str, label: str) -> None:
        client = self.players[seat]
        before = client.state
        assert before is not None
        reply = await client.act(action)
        assert reply["type"] == "error" and reply["code"] == code, (seat, action, reply)
        assert reply["v"] == before["v"]
        assert (await client.ping())["v"] == before["v"]
        assert client.state is before, "a refused action was followed by a state"
        self.refused.add(label)


def choose(view: dict[str, Any], rng: random.Random) -> str:
    legal = view["legal"]
    assert legal is not None, view
    if "count" in legal:
        return f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
    return str(rng.choice(legal["actions"]))


async def offend(table: Table, view: dict[str, Any]) -> None:
    """Once each, where the turn allows: what the rules refuse, before the right move."""
    seat = view["seat"]
    legal = view["legal"]
    deal = view["deal"]
    step = deal["exchange_step"]
    others = [s for s in range(4) if s != seat]
    if legal["kind"] == "contract" and "used" not in table.refused:
        left = view["contracts_left"][seat]
        used = [c for c in ("trump", "notrump", "misere") if c not in left]
        if used:  # F5: a contract this player has chosen as forehand before
            await table.refuse(seat, f"contract:{used[0]}", "contract_already_used", "used")
    elif step == 1 and "share_early" not in table.refused:
        # F6: forehand's partner gives before forehand has passed four
        partner = deal["forehand_partner"]
        await table.refuse(partner, "share:2C,3C,4C", "wrong_exchange_step", "share_early")
    elif step == 3 and "dealer_early" not in table.refused:
        # F6: the dealer passes before the dealer's partner has
        await table.refuse(deal["dealer"], "pass:2C", "wrong_exchange_step", "dealer_early")
    elif legal["kind"] == "pass" and "stranger" not in table.refused:
        stranger = next(c for c in ALL_CARDS if c not in deal["hand"])
        cards = [stranger, *legal["from"][: legal["count"] - 1]]
        await table.refuse(seat, "pass:" + ",".join(cards), "card_not_in_hand", "stranger")
    elif legal["kind"] == "play" and "out_of_turn" not in table.refused:
        await table.refuse(others[0], "play:AS", "not_your_turn", "out_of_turn")


ALL_CARDS = [r + s for s in "SHDC" for r in "AKQJT98765432"]


def check_frames_so_far(table: Table, seen_upto: list[int]) -> None:
    """Every state a connection was sent shows it the exchange's cards only where it gave
    or received them, and a hand only its own."""
    for index, client in enumerate(table.everyone):
        seat = client.seat
        for message in client.messages[seen_upto[index] :]:
            if not is_state(message) or message["view"] is None:
                continue
            deal = message["view"]["deal"]
            if deal is None:
                continue
            for step in deal["exchange"]:
                if step["cards"] is not None:
                    assert seat in (step["from"], step["to"]), (seat, step)
                    assert len(step["cards"]) == step["count"]
            if seat is None:
                assert deal["hand"] is None
            assert len(deal["open"]) == 4
        seen_upto[index] = len(client.messages)


async def play_a_match(server: ServerProcess) -> tuple[str, list[RoomClient], Table]:
    code, players = await seated_table(server.ws_url, server.base_url, 4, NAMES, GAME)
    watcher = await RoomClient.open(server.ws_url, code, name="watcher")
    table = Table(players, watcher)
    await start_match(players)
    for client in table.everyone:
        await client.until_version(players[0].v)
    rng = random.Random(21)
    seen_upto = [0] * 5
    passes_checked = 0
    while True:
        view = players[0].view
        assert view is not None
        if view["phase"] == "match_over":
            break
        to_act = view["to_act"]
        assert to_act is not None, view
        own = players[to_act].view
        assert own is not None and own["legal"] is not None, own
        await offend(table, own)
        action = choose(own, rng)
        await table.act(to_act, action)
        kind, _, cards = action.partition(":")
        if kind in ("pass", "share"):
            # the receiver holds what it was passed, and sees it among the passes
            after = players[to_act].view
            assert after is not None
            given = cards.split(",")
            deal_after = after["deal"]
            if deal_after is not None and deal_after["number"] == own["deal"]["number"]:
                assert not set(given) & set(deal_after["hand"])
                last = deal_after["exchange"][-1]
                receivers = [last["to"]] if kind == "pass" else own["legal"]["to"]
                for card, receiver in zip(given, receivers * len(given), strict=False):
                    got = players[receiver].view
                    assert got is not None and card in got["deal"]["hand"]
                passes_checked += 1
        check_frames_so_far(table, seen_upto)
    assert passes_checked >= 16 * 4 - 4
    return code, players, table


def test_four_people_play_a_whole_match(finnish_server: ServerProcess) -> None:
    async def scenario() -> tuple[str, dict[str, Any], set[str]]:
        code, players, table = await play_a_match(finnish_server)
        final = players[0].view
        assert final is not None
        for client in table.everyone:
            await client.close()
        return code, final, table.refused

    code, final, refused = asyncio.run(scenario())
    assert refused == {"used", "share_early", "dealer_early", "stranger", "out_of_turn"}
    assert final["deals_played"] == 16
    totals = final["totals"]
    assert totals[0] == totals[2] and totals[1] == totals[3]
    assert sum(totals) == 0
    winners = final["winners"]
    assert winners in ([0, 2], [1, 3], [0, 1, 2, 3])

    base = finnish_server.base_url
    record = httpx.get(f"{base}/api/rooms/{code}/matches/1/record", timeout=60).json()
    assert record["teams"] == TEAMS and record["players"] == list(NAMES)
    checked = validate_record(record)
    assert checked.valid, checked.error
    assert checked.totals == totals and checked.winners == winners
    text = httpx.get(f"{base}/api/rooms/{code}/matches/1/protocol.csv", timeout=60).text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:5] == ["deal", "dealer", "forehand", "contract", f"tricks {NAMES[0]}"]
    assert len(rows) == 1 + 16
    assert final_totals(text, NAMES) == totals
    [stored] = httpx.get(f"{base}/api/rooms/{code}/matches", timeout=60).json()
    assert stored["status"] == "finished" and stored["winners"] == winners
