"""Partnership auction pinochle at a real table: four people on WebSockets play a whole match
through a real server to a low target, each acting only on what its own views show, and
claiming the game (in turn or out of it) as soon as its view says the claim is right. Every
frame any connection was sent is checked: partners carry one total, every seat and the
spectator see the same four melds from the naming of trumps on, and no card of a hand is
named to anyone but its holder unless a meld shows it or it was played. Forged and illegal
actions are refused with their codes and change nothing; the finished match is stored with
its record, its scoresheet and its CSV. Last, a wrong claim loses the game at once.

The double-deck rooms test drives its game with this module's table and checks.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import random
import re
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from app.engine.records import validate_record
from support.client import Message, RoomClient, is_state, seated_table, start_match
from support.protocol_csv import check_against_sheet, final_totals
from support.server import ServerProcess

GAME = "partnership_pinochle"
NAMES = ("Anna", "Bertil", "Cecilia", "David")
TEAMS = [[0, 2], [1, 3]]
SUITS = "SHDC"
RANKS = "ATKQJ9"  # high to low
OPTIONS = {"target": 500}
CARD = re.compile(r'"[AKQJT9][SHDC]"')


@pytest.fixture
def fast_server(fast_players_server: ServerProcess) -> ServerProcess:
    """Players here answer as fast as the server does, past the rate a person keeps to: the
    server the game modules share (tests/web/conftest.py)."""
    return fast_players_server


def team_of(seat: int) -> int:
    return seat % 2


# -- a table -------------------------------------------------------------------------------------


@dataclass
class Table:
    game: str
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


async def open_table(server: ServerProcess, game: str, options: dict[str, Any]) -> Table:
    code, players = await seated_table(server.ws_url, server.base_url, 4, NAMES, game, options)
    watcher = await RoomClient.open(server.ws_url, code, name="watcher")
    table = Table(game, server.base_url, code, players, watcher)
    await start_match(players)
    for client in table.everyone:
        await client.until_version(players[0].v)
    return table


# -- players ---------------------------------------------------------------------------------------


def plays(legal: dict[str, Any]) -> list[str]:
    return [a.removeprefix("play:") for a in legal["actions"] if a.startswith("play:")]


def bids(legal: dict[str, Any]) -> list[str]:
    """The plain bids listed, least first."""
    return [a for a in legal["actions"] if a.startswith("bid:") and a.count(":") == 1]


def right_claim(view: dict[str, Any]) -> bool:
    """Whether this seat's view says a claim now would win the game."""
    legal = view["legal"]
    deal = view["deal"]
    if legal is None or "claim" not in legal["actions"] or not deal["claimable"]:
        return False
    return bool(deal["claim_standing"][team_of(view["seat"])] >= view["target"])


def longest_suit(hand: list[str]) -> str:
    counts = Counter(c[1] for c in hand)
    return max(SUITS, key=lambda s: (counts[s], -SUITS.index(s)))


def sensible(view: dict[str, Any], rng: random.Random) -> str:
    """A plain player: the first to speak opens at the least bid, the others raise a little
    now and then or pass; the bidder names his longest suit; every card is a random legal
    one."""
    legal = view["legal"]
    assert legal is not None, view
    deal = view["deal"]
    kind = legal["kind"]
    if kind == "bid":
        least = bids(legal)
        if deal["high_bid"] is None or rng.random() < 0.25:
            return least[0]
        return "pass"
    if kind == "trump":
        return f"trump:{longest_suit(deal['hand'])}"
    assert kind == "play", legal
    return "play:" + rng.choice(plays(legal))


Choose = Callable[[dict[str, Any], random.Random], str]
Forge = Callable[["Table", dict[str, Any], "Played"], Awaitable[None]]


@dataclass
class Played:
    last: dict[str, Any]
    refused: Counter[str] = field(default_factory=Counter)
    claims: list[int] = field(default_factory=list)
    """The seats that claimed (a claim ends the match: one at most)."""
    out_of_turn: int = 0
    """Claims made by a seat not to act."""


# -- forged and illegal actions --------------------------------------------------------------------


def refusal_of(card: str, hand: list[str], trick: list[str]) -> str:
    """The duty a card the seat holds, but may not play, would break (§6)."""
    led = trick[0][1]
    if any(c[1] == led for c in hand):
        return "must_follow_suit" if card[1] != led else "must_beat_trump_lead"
    return "must_trump"


TRIES = 2
"""How often each refusal of a card is tried at most, over the match."""


async def forge_play(table: Table, view: dict[str, Any], played: Played, pack: str) -> None:
    """During play: a card the seat does not hold, and each card it holds but may not play."""
    seat = view["seat"]
    deal = view["deal"]
    hand: list[str] = deal["hand"]
    refused = played.refused
    if not refused["card_not_in_hand"]:
        stranger = next(r + s for s in SUITS for r in pack if r + s not in hand)
        await table.refuse(seat, f"play:{stranger}", "card_not_in_hand")
        refused["card_not_in_hand"] += 1
    trick = [c["card"] for c in deal["trick"]]
    if not trick:
        return
    allowed = set(plays(view["legal"]))
    for card in sorted(set(hand) - allowed):
        code = refusal_of(card, hand, trick)
        if refused[code] < TRIES:
            await table.refuse(seat, f"play:{card}", code)
            refused[code] += 1


async def forge_auction(table: Table, view: dict[str, Any], played: Played) -> None:
    """At the first turn of the match: a bid out of turn, too low, not of ten, malformed;
    what this game does not have (announcements) and what comes later (a card, a claim)."""
    seat = view["seat"]
    other = (seat + 1) % 4
    least = view["deal"]["least_bid"]
    await table.refuse(other, f"bid:{least}", "not_your_turn")
    await table.refuse(seat, f"bid:{least - 10}", "bid_too_low")
    await table.refuse(seat, f"bid:{least + 5}", "bid_not_multiple_of_10")
    await table.refuse(seat, "bid:many", "malformed_action")
    await table.refuse(seat, f"play:{view['deal']['hand'][0]}", "bid_or_pass")
    await table.refuse(seat, "claim", "claim_not_now")
    codes = "not_your_turn bid_too_low bid_not_multiple_of_10 malformed_action bid_or_pass"
    played.refused.update([*codes.split(), "claim_not_now"])


async def forge_trump(table: Table, view: dict[str, Any], played: Played) -> None:
    """While the bidder names trumps: another bid, a card, someone else naming them."""
    seat = view["seat"]
    await table.refuse(seat, f"bid:{view['deal']['high_bid'] + 10}", "auction_over")
    await table.refuse(seat, f"play:{view['deal']['hand'][0]}", "wrong_phase")
    await table.refuse((seat + 2) % 4, "trump:S", "not_your_turn")
    played.refused.update(["auction_over", "wrong_phase", "not_your_turn"])


async def forge_partnership(table: Table, view: dict[str, Any], played: Played) -> None:
    kind = view["legal"]["kind"]
    seat = view["seat"]
    if kind == "bid" and not played.refused["no_announcements"]:
        await forge_auction(table, view, played)
        least = view["deal"]["least_bid"]
        await table.refuse(seat, f"bid:{least}:flush", "no_announcements")
        await table.refuse(seat, "announce:100", "no_announcements")
        played.refused["no_announcements"] += 1
    elif kind == "trump" and not played.refused["auction_over"]:
        await forge_trump(table, view, played)
    elif kind == "play":
        await forge_play(table, view, played, RANKS)


# -- the match -------------------------------------------------------------------------------------


async def claim_if_right(table: Table, played: Played) -> bool:
    """Any seat whose own view shows a winning claim makes it, in turn or not."""
    to_act = table.view()["to_act"]
    for seat in range(4):
        if right_claim(table.view(seat)):
            await table.act(seat, "claim")
            played.claims.append(seat)
            if seat != to_act:
                played.out_of_turn += 1
            return True
    return False


async def play_match(
    table: Table,
    choose: Choose,
    forge: Forge,
    rng: random.Random,
    scripted: Callable[[Table, dict[str, Any], Played], Awaitable[bool]] | None = None,
) -> Played:
    """Every turn by the seat to act, from its own view, to the end of the match; the first
    deal is passed out by all four. ``scripted`` may take a turn instead (true when it
    did)."""
    played = Played(last={})
    for _ in range(20000):
        view = table.view()
        if view["phase"] == "match_over":
            played.last = view
            return played
        if await claim_if_right(table, played):
            continue
        seat = view["to_act"]
        assert seat is not None, view
        mine = table.view(seat)
        await forge(table, mine, played)
        if scripted is not None and await scripted(table, mine, played):
            continue
        if mine["deal"]["number"] == 1 and mine["legal"]["kind"] == "bid":
            await table.act(seat, "pass")
            continue
        await table.act(seat, choose(mine, rng))
    raise AssertionError("the match never ended")


# -- what every frame must (not) show --------------------------------------------------------------


def public_part(view: dict[str, Any]) -> dict[str, Any]:
    """A view less what may name cards: the seat's own hand and legal moves, the melds and
    the tricks (of the deal in progress and of the last one)."""
    rest = {k: v for k, v in view.items() if k not in ("legal", "previous_deal", "deal")}
    deal = view["deal"]
    if deal is not None:
        rest["deal"] = {
            k: v for k, v in deal.items() if k not in ("hand", "melds", "trick", "tricks_played")
        }
    previous = view["previous_deal"]
    if previous is not None:
        rest["previous_deal"] = {
            k: v for k, v in previous.items() if k not in ("melds", "tricks_played")
        }
    return rest


def within(cards: list[str], held: list[str]) -> bool:
    return not Counter(cards) - Counter(held)


def check_frames(table: Table, record: dict[str, Any]) -> Counter[str]:
    """Every state any connection was sent: the room's teams, partners' equal totals; no card
    named anywhere but in the seat's own hand and legal moves, the melds (each within its
    seat's dealt hand), the tricks (each card its player's) and finished deals; the spectator
    holds no hand; and from trumps on every connection sees the same four melds, the
    record's."""
    seen: Counter[str] = Counter()
    melds_at: dict[int, set[str]] = defaultdict(set)
    for client in table.everyone:
        for message in client.messages:
            if not is_state(message) or message["view"] is None:
                continue
            view = message["view"]
            room = message["room"]
            assert room["teams"] == TEAMS and view["teams"] == TEAMS
            assert [s["team"] for s in room["seats"]] == [0, 1, 0, 1]
            totals = view["totals"]
            assert totals[0] == totals[2] and totals[1] == totals[3], totals
            assert view["team_totals"] == [totals[0], totals[1]]
            assert not CARD.search(json.dumps(public_part(view))), public_part(view)
            deal = view["deal"]
            if deal is None:
                continue
            seat = view["seat"]
            hands = record["deals"][deal["number"] - 1]["hands"]
            if seat is None:
                assert deal["hand"] is None and view["legal"] is None
                seen["spectator"] += 1
            else:
                assert len(deal["hand"]) == deal["hand_sizes"][seat]
                assert within(deal["hand"], hands[seat])
                legal = view["legal"]
                if legal is not None:
                    assert set(plays(legal)) <= set(deal["hand"]), legal
            for card in [*deal["trick"], *(c for t in deal["tricks_played"] for c in t["cards"])]:
                assert card["card"] in hands[card["seat"]]
            if deal["trump"] is None:
                assert deal["melds"] is None and deal["team_meld"] is None
                continue
            melds = deal["melds"]
            assert len(melds) == 4
            recorded = record["deals"][deal["number"] - 1]["melds"]
            for s, own in enumerate(melds):
                assert own["melds"] == recorded[s]
                assert own["total"] == sum(m["value"] for m in own["melds"])
                assert all(within(m["cards"], hands[s]) for m in own["melds"])
            assert deal["team_meld"] == [melds[0]["total"] + melds[2]["total"],
                                         melds[1]["total"] + melds[3]["total"]]  # fmt: skip
            melds_at[message["v"]].add(json.dumps(melds, sort_keys=True))
            seen["melds_shown"] += 1
            seen[f"melds_seen_by_{seat}"] += 1
    assert all(len(shown) == 1 for shown in melds_at.values()), "seats saw different melds"
    return seen


# -- the end of a match ----------------------------------------------------------------------------


def api(base_url: str, path: str) -> httpx.Response:
    response = httpx.get(f"{base_url}/api/rooms/{path}", timeout=60)
    assert response.status_code == 200, response.text
    return response


def check_finished(table: Table, last: dict[str, Any], target: int) -> dict[str, Any]:
    """The end as the last view says, the stored match, its record and its CSV."""
    totals = last["totals"]
    winners = sorted(last["winners"])
    assert winners in TEAMS, winners
    winning = team_of(winners[0])
    sheet = last["scoresheet"]
    assert sheet["totals"] == totals and sheet["teams"]["members"] == TEAMS
    final = sheet["deals"][-1]
    if last["termination"] == "claim":
        good = final["cells"]["end"] == {"term": "end.claim_won"}
        claimer = winning if good else 1 - winning
        assert (totals[claimer] >= target) == good
    else:
        assert last["termination"] == "target_reached"
        assert totals[winning] >= target
    for line in sheet["deals"]:
        assert line["scores"][0] == line["scores"][2] and line["scores"][1] == line["scores"][3]
        assert line["team_scores"] == [line["scores"][0], line["scores"][1]]

    record: dict[str, Any] = api(table.base_url, f"{table.code}/matches/1/record").json()
    assert record["game"] == table.game and record["status"] == "finished"
    assert record["players"] == list(NAMES) and record["teams"] == TEAMS
    verdict = validate_record(record)
    assert verdict.valid, verdict.error
    assert verdict.totals == totals == record["totals"]
    assert sorted(verdict.winners) == winners

    [match] = api(table.base_url, f"{table.code}/matches").json()
    assert match["status"] == "finished" and match["totals"] == totals
    assert sorted(match["winners"]) == winners
    assert match["scoresheet"] == sheet

    text = api(table.base_url, f"{table.code}/matches/1/protocol.csv").text
    rows = list(csv.reader(io.StringIO(text)))
    names = ("Anna", "Bertil", "Cecilia", "David")
    assert rows[0][:6] == ["deal", "dealer", "bidder", "bid", "trump", "meld Anna"]
    check_against_sheet(text, sheet, names)
    assert final_totals(text, names) == totals
    return record


def check_passed_out(record: dict[str, Any], sheet: dict[str, Any]) -> None:
    """The first deal, passed by all four: thrown in, nothing scored, the next dealer deals."""
    first, second = record["deals"][:2]
    assert [c["call"] for c in first["bids"]] == ["pass"] * 4
    assert first["result"]["end"] == "passed_out" and first["scores"] == [0, 0, 0, 0]
    assert first["melds"] is None and first["trump"] is None
    assert second["dealer"] == (first["dealer"] + 1) % 4
    line = sheet["deals"][0]
    assert line["cells"]["end"] == {"term": "end.passed_out"} and line["scores"] == [0] * 4


async def finish(table: Table) -> None:
    for client in table.everyone:
        await client.until_version(table.players[0].v)
        view = client.view
        assert view is not None and view["phase"] == "match_over"


def run_match(
    server: ServerProcess,
    game: str,
    options: dict[str, Any],
    choose: Choose,
    forge: Forge,
    seed: int,
    scripted: Callable[[Table, dict[str, Any], Played], Awaitable[bool]] | None = None,
) -> tuple[Table, Played]:
    async def scenario() -> tuple[Table, Played]:
        table = await open_table(server, game, dict(options))
        try:
            state = table.players[0].state
            assert state is not None
            room = state["room"]
            assert room["teams"] == TEAMS
            assert [s["team"] for s in room["seats"]] == [0, 1, 0, 1]
            played = await play_match(table, choose, forge, random.Random(seed), scripted)
            await finish(table)
            return table, played
        finally:
            await table.close()

    return asyncio.run(scenario())


# -- the tests -------------------------------------------------------------------------------------


def test_four_play_a_whole_match_each_from_its_own_views(fast_server: ServerProcess) -> None:
    table, played = run_match(fast_server, GAME, OPTIONS, sensible, forge_partnership, seed=11)
    record = check_finished(table, played.last, OPTIONS["target"])
    check_passed_out(record, played.last["scoresheet"])
    seen = check_frames(table, record)
    assert seen["spectator"] > 0 and seen["melds_shown"] > 0
    assert all(seen[f"melds_seen_by_{seat}"] > 0 for seat in (0, 1, 2, 3, None))
    assert played.refused.keys() >= {
        "not_your_turn",
        "bid_too_low",
        "bid_not_multiple_of_10",
        "malformed_action",
        "bid_or_pass",
        "claim_not_now",
        "no_announcements",
        "auction_over",
        "wrong_phase",
        "card_not_in_hand",
        "must_follow_suit",
    }, played.refused
    # a claim is made only when its seat's view says it is right, so none is ever lost
    if played.claims:
        assert played.last["termination"] == "claim"
        assert team_of(played.claims[-1]) == team_of(played.last["winners"][0])


def test_a_wrong_claim_loses_the_game_at_once(fast_server: ServerProcess) -> None:
    async def scenario() -> tuple[Table, dict[str, Any], int, int]:
        table = await open_table(fast_server, GAME, dict(OPTIONS))
        try:
            leader = table.view()["to_act"]
            await table.act(leader, "bid:100")
            for _ in range(3):
                await table.act(table.view()["to_act"], "pass")
            assert table.view()["phase"] == "trump"
            await table.act(leader, "trump:H")
            view = table.view(leader)
            assert view["deal"]["claimable"] and view["deal"]["claim_standing"] == [0, 0]
            # an opponent of the bidder claims out of turn with nothing taken
            claimer = (leader + 3) % 4
            assert view["to_act"] != claimer
            assert table.view(claimer)["legal"] == {"kind": "claim", "actions": ["claim"]}
            await table.act(claimer, "claim")
            await finish(table)
            await table.refuse(leader, "play:AS", "no_match")
            return table, table.view(), leader, claimer
        finally:
            await table.close()

    table, last, bidder, claimer = asyncio.run(scenario())
    assert last["termination"] == "claim"
    assert sorted(last["winners"]) == TEAMS[team_of(bidder)]
    assert last["totals"] == [0, 0, 0, 0]
    previous = last["previous_deal"]
    assert previous["end"] == "claim_lost"
    assert previous["claim"] == {"seat": claimer, "team": team_of(claimer), "hand": 0,
                                 "provisional": 0, "standing": 0, "good": False}  # fmt: skip
    record = check_finished(table, last, OPTIONS["target"])
    assert record["deals"][-1]["actions"][-1] == [claimer, "claim"]
