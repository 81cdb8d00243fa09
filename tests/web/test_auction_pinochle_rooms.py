"""Auction pinochle at a real table: five (and four) people on WebSockets play whole
sessions through a real server; the seats sitting out see no cards and never act but settle
in chips; the widow and the burial stay hidden until their time; the record validates and the
CSV carries the kitty. Bad input over the socket is refused with its code and changes
nothing. Last, the CSV's account rows without a server."""

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

from app.engine.records import validate_record
from app.tables import RoomState
from app.tables.history import protocol_csv
from support.client import Message, RoomClient, is_state, seated_table, start_match
from support.protocol_csv import check_against_sheet, final_totals
from support.server import ServerProcess

GAME = "auction_pinochle"
NAMES = ("Anna", "Bertil", "Cecilia", "David", "Eva")
SUITS = "SHDC"
RANKS = "ATKQJ9"  # high to low


@pytest.fixture
def fast_server(fast_players_server: ServerProcess) -> ServerProcess:
    """Players here answer as fast as the server does, past the rate a person keeps to: the
    server the game modules share (tests/web/conftest.py)."""
    return fast_players_server


# -- the rules as the tests know them (shared/rules/auction-pinochle.md) -------------------------


def sitting_out(seats: int, dealer: int) -> list[int]:
    """§1: with four the dealer sits out; with five the dealer and his second on the left."""
    if seats == 4:
        return [dealer]
    if seats == 5:
        return sorted({dealer, (dealer + 2) % 5})
    return []


def beats(card: str, other: str) -> bool:
    return RANKS.index(card[0]) < RANKS.index(other[0])


def best_of(trick: list[str], trump: str) -> str:
    """The card winning ``trick`` so far: the highest trump, else the highest of the suit
    led; of two identical cards the first played (§9)."""
    best = trick[0]
    for card in trick[1:]:
        if card[1] == best[1]:
            if beats(card, best):
                best = card
        elif card[1] == trump:
            best = card
    return best


def rule_legal(hand: list[str], trick: list[str], trump: str) -> set[str]:
    """§9's pseudo-code, word for word."""
    if not trick:
        return set(hand)
    led = trick[0][1]
    follow = [c for c in hand if c[1] == led]
    if follow:
        if led == trump:
            best = best_of(trick, trump)
            higher = [c for c in follow if beats(c, best)]
            return set(higher or follow)
        return set(follow)
    trumps = [c for c in hand if c[1] == trump]
    return set(trumps or hand)


def in_play(view: dict[str, Any]) -> list[str]:
    """The seat's own cards it may play from: its hand less what it buried."""
    deal = view["deal"]
    hand = Counter(deal["hand"] or [])
    if deal["buried"] is not None and not deal["led"]:
        hand.subtract(deal["buried"])
    return list(hand.elements())


def plays(legal: dict[str, Any]) -> list[str]:
    return [a.removeprefix("play:") for a in legal["actions"] if a.startswith("play:")]


# -- a table -------------------------------------------------------------------------------------


@dataclass
class Table:
    base_url: str
    code: str
    players: list[RoomClient]
    watcher: RoomClient
    """A spectator: its views must hide what every seat's does not show to all."""

    @property
    def everyone(self) -> list[RoomClient]:
        return [*self.players, self.watcher]

    @property
    def seats(self) -> int:
        return len(self.players)

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
        the same version, no state follows it, and the room is still at that version (the
        next action, sent on it, is taken)."""
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

    def record(self, seat: int | None) -> dict[str, Any]:
        """The running match's record as ``seat`` (``None``: a spectator) may see it."""
        secret = self.players[seat].secret if seat is not None else None
        response = httpx.get(
            f"{self.base_url}/api/rooms/{self.code}/matches/1/record",
            headers={"X-Seat-Secret": secret} if secret else {},
            timeout=60,
        )
        assert response.status_code == 200, response.text
        record: dict[str, Any] = response.json()
        assert record["status"] == "playing" and record["seen_by"] == seat
        return record

    async def close(self) -> None:
        for client in self.everyone:
            await client.close()


async def open_table(server: ServerProcess, seats: int, options: dict[str, Any]) -> Table:
    code, players = await seated_table(
        server.ws_url, server.base_url, seats, NAMES[:seats], GAME, options
    )
    watcher = await RoomClient.open(server.ws_url, code, name="watcher")
    table = Table(server.base_url, code, players, watcher)
    await start_match(players)
    for client in table.everyone:
        await client.until_version(players[0].v)
    return table


# -- sensible play -------------------------------------------------------------------------------


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A plausible player: eldest opens at the minimum, the others raise a little or pass;
    the bidder mostly turns the widow, names his best trump, shows the suggested meld and
    buries three of the cards he may; every card is a random legal one."""
    legal = view["legal"]
    assert legal is not None, view
    kind = legal["kind"]
    if kind == "bury":
        return "bury:" + ",".join(rng.sample(legal["from"], legal["count"]))
    actions: list[str] = legal["actions"]
    deal = view["deal"]
    if kind == "bid":
        bids = [a for a in actions if a.startswith("bid:")]
        if "pass" not in actions:
            return bids[0]  # the compulsory opening
        if deal["high_bid"] < 360 and rng.random() < 0.45:
            return rng.choice(bids[:4])
        return "pass"
    if kind == "widow":
        return "throw_in" if rng.random() < 0.2 else "widow"
    if kind == "trump":
        if rng.random() < 0.05:
            return "concede"
        values: dict[str, int] = deal["trump_melds"]
        return "trump:" + max(values, key=lambda suit: values[suit])
    if kind == "meld":
        return actions[0]  # the suggestion
    if kind == "play":
        return "play:" + rng.choice(plays(legal))
    raise AssertionError(f"unexpected legal actions {legal}")


async def play_session(table: Table, rng: random.Random) -> dict[str, Any]:
    """Every turn by the seat to act, as :func:`choose` says, to the end of the session;
    the last view of seat 0."""
    for _ in range(5000):
        view = table.view()
        if view["phase"] == "match_over":
            return view
        seat = view["to_act"]
        assert seat is not None, view
        await table.act(seat, choose(table.view(seat), rng))
    raise AssertionError("the session never ended")


# -- what every view must (not) show -------------------------------------------------------------


@dataclass
class Seen:
    views: int = 0
    sitting_out_views: int = 0
    bidder_saw_burial: int = 0
    others_saw_count_only: int = 0
    burial_revealed: int = 0
    widow_hidden: int = 0
    deals: set[int] = field(default_factory=set)


def check_view(view: dict[str, Any], seats: int, seen: Seen) -> None:
    seen.views += 1
    deal = view["deal"]
    me = view["seat"]
    previous = view["previous_deal"]
    if previous is not None and previous["buried"] is not None:
        # once the deal is over the burial is everyone's to see
        assert len(previous["buried"]) == 3
        if me != previous["bidder"]:
            seen.burial_revealed += 1
    if deal is None:
        return
    seen.deals.add(deal["number"])
    out = sitting_out(seats, deal["dealer"])
    assert sorted(deal["sitting_out"]) == out
    assert sorted(deal["active"]) == sorted(set(range(seats)) - set(out))
    assert deal["eldest"] == deal["active"][0] == (deal["dealer"] + 1) % seats
    for seat in out:
        assert deal["hand_sizes"][seat] is None, (seat, deal)
        assert view["to_act"] != seat
        assert deal["bidder"] != seat and seat not in deal["passed"]
        assert all(b["seat"] != seat for b in deal["auction"])
        assert all(c["seat"] != seat for c in deal["trick"])
    if me in out:
        seen.sitting_out_views += 1
        assert not deal["hand"], deal["hand"]
        assert view["legal"] is None, view["legal"]
    elif me is not None:
        assert len(deal["hand"]) == deal["hand_sizes"][me]  # a provisional burial included
    else:
        assert deal["hand"] is None and view["legal"] is None
    if deal["bidder"] is None or not deal["widow_turned"]:
        # before the auction ends (and while a throw-in may still come) the widow is hidden
        assert deal["widow"] is None
        seen.widow_hidden += 1
    else:
        assert deal["widow"] is not None and len(deal["widow"]) == 3
    if deal["buried"] is not None:
        assert me == deal["bidder"], "the burial shown to someone not the bidder"
        assert len(deal["buried"]) == deal["buried_count"] == 3
        seen.bidder_saw_burial += 1
    elif deal["buried_count"]:
        assert me != deal["bidder"], "the bidder was not shown his own burial"
        seen.others_saw_count_only += 1


def check_every_view(table: Table) -> Seen:
    """Every state any connection (the spectator's included) was ever sent."""
    seen = Seen()
    for client in table.everyone:
        for message in client.messages:
            if is_state(message) and message["view"] is not None:
                check_view(message["view"], table.seats, seen)
    return seen


# -- the end of a session ------------------------------------------------------------------------


def api(server: ServerProcess, path: str) -> httpx.Response:
    response = httpx.get(f"{server.base_url}/api/rooms/{path}", timeout=60)
    assert response.status_code == 200, response.text
    return response


def check_finished(server: ServerProcess, table: Table, last: dict[str, Any]) -> None:
    seats = table.seats
    sheet = last["scoresheet"]
    totals = last["totals"]
    # the totals are the sheet's, sum to zero (the kitty shared out) and rank the winners
    assert totals == sheet["totals"]
    assert sum(totals) == 0 and last["kitty"] == 0
    assert last["winners"] == [s for s in range(seats) if totals[s] == max(totals)]
    deals = sheet["deals"]
    assert len(deals) == last["deals_played"] == last["deals_total"]
    [kitty] = sheet["accounts"]
    assert kitty["key"] == "kitty" and len(kitty["running"]) == len(deals)
    assert kitty["total"] == kitty["running"][-1] == 0
    balance = 0
    for line, after in zip(deals, kitty["running"], strict=True):
        # what the seats gained, the kitty lost: chips and kitty sum to zero per deal
        assert sum(line["scores"]) + (after - balance) == 0, line
        balance = after
    running = [0] * seats
    for line in deals:
        running = [a + b for a, b in zip(running, line["scores"], strict=True)]
        assert line["totals"] == running
    assert running == totals

    # the record validates and its deals settle as the sheet says
    record = api(server, f"{table.code}/matches/1/record").json()
    assert record["game"] == GAME and record["status"] == "finished"
    assert record["players"] == list(NAMES[:seats])
    verdict = validate_record(record)
    assert verdict.valid, verdict.error
    assert verdict.totals == totals == record["totals"]
    assert verdict.winners == last["winners"]
    assert len(record["deals"]) == len(deals)
    settled_out = 0
    kitty_balance = 0
    for k, deal in enumerate(record["deals"]):
        out = sitting_out(seats, deal["dealer"])
        assert [s for s, hand in enumerate(deal["hands"]) if not hand] == out
        assert all(len(deal["hands"][s]) == 15 for s in range(seats) if s not in out)
        assert len(deal["widow"]) == 3
        result = deal["result"]
        chips = result["chips"]
        assert sum(chips) + result["kitty"] == 0, deal
        kitty_balance += result["kitty"]
        if result["end"] == "thrown_in":
            # eldest pays the kitty alone
            assert [chips[s] for s in out] == [0] * len(out)
            assert result["kitty"] > 0
        else:
            # everyone seated is a counterparty of the bidder: the seats sitting out settle
            assert all(chips[s] != 0 for s in out), deal
            assert len({chips[s] for s in out}) == 1
            opponents = [s for s in range(seats) if s not in out and s != deal["bidder"]]
            if not any(a == "concede" and s in opponents for s, a in deal["actions"]):
                assert {chips[s] for s in opponents} == {chips[out[0]]}
            settled_out += 1
        if k == len(record["deals"]) - 1:
            assert result["share"] is not None and sum(result["share"]) == kitty_balance
            assert deal["scores"] == [a + b for a, b in zip(chips, result["share"], strict=True)]
        else:
            assert result["share"] is None and deal["scores"] == chips
        assert deal["scores"] == deals[k]["scores"]
    assert settled_out > 0, "no deal settled with the seats sitting out"

    # the stored scoresheet is the one the players saw
    [match] = api(server, f"{table.code}/matches").json()
    assert match["status"] == "finished" and match["scoresheet"] == sheet
    assert match["deals_total"] == len(deals) and match["totals"] == totals

    # the CSV: a row per deal, the kitty's balance after each
    text = api(server, f"{table.code}/matches/1/protocol.csv").text
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:8] == ["deal", "dealer", "bidder", "bid", "trump", "meld", "points", "end"]
    assert rows[0][-1] == "kitty balance"
    assert len(rows) == 1 + len(deals)
    check_against_sheet(text, sheet, NAMES[:seats])
    assert final_totals(text, NAMES[:seats]) == totals
    assert [r[-1] for r in rows[1:]] == [str(b) for b in kitty["running"]]


def run_session(server: ServerProcess, seats: int, options: dict[str, Any], seed: int) -> Seen:
    async def scenario() -> tuple[Table, dict[str, Any]]:
        table = await open_table(server, seats, options)
        try:
            last = await play_session(table, random.Random(seed))
            # every connection saw the end, each from its own seat
            for client in table.everyone:
                await client.until_version(table.players[0].v)
                view = client.view
                assert view is not None and view["phase"] == "match_over"
                assert view["totals"] == last["totals"]
                assert view["scoresheet"] == last["scoresheet"]
            return table, last
        finally:
            await table.close()

    table, last = asyncio.run(scenario())
    seen = check_every_view(table)
    check_finished(server, table, last)
    return seen


# -- 1. five at the table ------------------------------------------------------------------------


def test_five_play_a_whole_session_and_the_two_sitting_out_settle(
    fast_server: ServerProcess,
) -> None:
    seen = run_session(fast_server, 5, {}, seed=5)
    assert seen.deals == set(range(1, 11))  # two rounds of five deals
    assert seen.sitting_out_views > 0
    assert seen.widow_hidden > 0
    assert seen.bidder_saw_burial > 0 and seen.others_saw_count_only > 0
    assert seen.burial_revealed > 0


# -- 3. four at the table ------------------------------------------------------------------------


def test_four_play_a_session_with_the_dealer_sitting_out(fast_server: ServerProcess) -> None:
    seen = run_session(fast_server, 4, {"rounds": 1}, seed=4)
    assert seen.deals == {1, 2, 3, 4}  # each deals once, and sits out that deal
    assert seen.sitting_out_views > 0 and seen.widow_hidden > 0


# -- 2. bad input --------------------------------------------------------------------------------

PLAY_CODES = ("must_follow_suit", "must_trump", "must_beat_trump_lead")
CODES = (
    "sitting_out",
    "must_open",
    "not_your_turn",
    "bid_not_multiple_of_10",
    "bid_too_low",
    "card_twice_in_class",
    "meld_cards_not_held",
    "cannot_bury_shown_card",
    "bury_must_be_3_own_cards",
    *PLAY_CODES,
)
TRIES = 3
"""How often each refusal of a card is tried at most, over the deals."""


def missing_meld(hand: list[str]) -> str | None:
    """A meld whose cards ``hand`` does not all hold: a marriage, the pinochle or an
    "around", whatever the trump."""
    candidates = [f"K{s},Q{s}" for s in SUITS] + ["QS,JD"]
    candidates += [",".join(r + s for s in SUITS) for r in "AKQJ"]
    held = set(hand)
    for meld in candidates:
        if any(card not in held for card in meld.split(",")):
            return meld
    return None


def refusal_of(card: str, hand: list[str], trick: list[str]) -> str:
    """The duty a card the seat holds, but may not play, would break (§9)."""
    led = trick[0][1]
    if any(c[1] == led for c in hand):
        return "must_follow_suit" if card[1] != led else "must_beat_trump_lead"
    return "must_trump"


async def steer_deal(table: Table, k: int, tried: Counter[str], rng: random.Random) -> None:
    """One deal, offending wherever the cards allow before doing the right thing; the deal
    is played to its end."""
    start = table.view()
    deal = start["deal"]
    assert start["phase"] == "bid" and deal is not None
    eldest, second, third = deal["active"]
    out = deal["sitting_out"]
    number = deal["number"]

    # the auction
    await table.refuse(out[k % len(out)], "bid:400", "sitting_out")
    await table.refuse(eldest, "pass", "must_open")
    await table.refuse(second, "bid:310", "not_your_turn")
    await table.refuse(eldest, "bid:315", "bid_not_multiple_of_10")
    tried.update(["sitting_out", "must_open", "not_your_turn", "bid_not_multiple_of_10"])
    await table.act(eldest, "bid:300")
    await table.refuse(second, "bid:300", "bid_too_low")
    await table.refuse(second, "bid:290", "bid_too_low")
    await table.refuse(third, "pass", "not_your_turn")
    tried.update(["bid_too_low", "not_your_turn"])
    for seat in (eldest, out[0], None):
        # nobody's record of the running deal holds the widow, nor any hand but one's own
        entry = table.record(seat)["deals"][number - 1]
        assert entry["widow"] is None
        assert [s for s, h in enumerate(entry["hands"]) if h is not None] == (
            [] if seat is None else [seat]
        )
    bidder = deal["active"][k % 3]
    if bidder == eldest:
        await table.act(second, "pass")
        await table.act(third, "pass")
        # the compulsory bid stands: eldest may throw in, but turns the widow up
        assert table.view(eldest)["legal"]["kind"] == "widow"
        await table.refuse(second, "widow", "not_your_turn")
        await table.act(eldest, "widow")
    elif bidder == second:
        await table.act(second, "bid:310")
        await table.act(third, "pass")
        await table.act(eldest, "pass")
    else:
        await table.act(second, "pass")
        await table.act(third, "bid:350")
        await table.act(eldest, "pass")
    view = table.view(bidder)
    assert view["phase"] == "trump" and view["deal"]["bidder"] == bidder
    hand: list[str] = view["deal"]["hand"]
    assert len(hand) == 18

    # trump, melds and the burial: a dix shown, so that one card may not be buried
    nines = [s for s in SUITS if f"9{s}" in hand]
    trump = rng.choice(nines) if nines else rng.choice(SUITS)
    await table.act(bidder, f"trump:{trump}")
    await table.refuse(out[0], "concede", "sitting_out")
    dix = f"9{trump}"
    missing = missing_meld(hand)
    if missing is not None:
        await table.refuse(bidder, f"meld:{missing}", "meld_cards_not_held")
        tried["meld_cards_not_held"] += 1
    if nines:
        await table.refuse(bidder, f"meld:{dix};{dix};{dix}", "card_twice_in_class")
        tried["card_twice_in_class"] += 1
        await table.act(bidder, f"meld:{dix}")
        copies = hand.count(dix)
        others = [c for c in hand if c != dix]
        shown_too = [dix] * copies + others[: 3 - copies]
        await table.refuse(bidder, "bury:" + ",".join(shown_too), "cannot_bury_shown_card")
        tried["cannot_bury_shown_card"] += 1
    else:
        await table.act(bidder, "meld")
    legal = table.view(bidder)["legal"]
    assert legal["kind"] == "bury"
    free: list[str] = legal["from"]
    await table.refuse(bidder, "bury:" + ",".join(free[:2]), "bury_must_be_3_own_cards")
    await table.refuse(bidder, "bury:" + ",".join(free[:4]), "bury_must_be_3_own_cards")
    tried["bury_must_be_3_own_cards"] += 1
    # bury plain cards if there are enough, so that trumps are left to lead
    plain = [c for c in free if c[1] != trump]
    await table.act(bidder, "bury:" + ",".join(rng.sample(plain if len(plain) >= 3 else free, 3)))
    await table.refuse(out[-1], "play:AS", "sitting_out")
    buried = table.view(bidder)["deal"]["buried"]
    assert buried is not None
    for view in (table.view(s) for s in range(table.seats) if s != bidder):
        assert view["deal"]["buried"] is None and view["deal"]["buried_count"] == 3
    assert table.watcher.view is not None and table.watcher.view["deal"]["buried"] is None
    for seat in range(table.seats):
        # the running record tells the burial to the bidder alone
        entry = table.record(seat)["deals"][number - 1]
        shown = [a for _, a in entry["actions"] if a.startswith("bury")]
        assert shown == (["bury:" + ",".join(buried)] if seat == bidder else ["bury"])
        assert entry["widow"] is not None and len(entry["widow"]) == 3

    # the play
    while table.view()["deal"] is not None and table.view()["deal"]["number"] == number:
        seat = table.view()["to_act"]
        mine = table.view(seat)
        legal = mine["legal"]
        assert legal["kind"] == "play", legal
        hand = in_play(mine)
        trick = [c["card"] for c in mine["deal"]["trick"]]
        allowed = plays(legal)
        assert set(allowed) == rule_legal(hand, trick, trump), (hand, trick, trump, allowed)
        if trick:
            for card in sorted(set(hand) - set(allowed)):
                code = refusal_of(card, hand, trick)
                if tried[code] < TRIES:
                    await table.refuse(seat, f"play:{card}", code)
                    tried[code] += 1
            card = rng.choice(allowed)
        else:
            # lead a low trump while a trump lead has not yet been refused a low card
            trumps = sorted((c for c in allowed if c[1] == trump), key=lambda c: RANKS.index(c[0]))
            wanted = tried["must_beat_trump_lead"] < TRIES
            card = trumps[-1] if trumps and wanted else rng.choice(allowed)
        await table.act(seat, f"play:{card}")
    # the deal is over: the burial is everyone's to see, in the views and the records
    previous = table.view(out[0])["previous_deal"]
    assert previous["number"] == number and previous["buried"] == buried
    for seat in (out[0], None):
        entry = table.record(seat)["deals"][number - 1]
        assert ["bury:" + ",".join(buried)] == [
            a for _, a in entry["actions"] if a.startswith("bury")
        ]


def test_bad_input_is_refused_with_its_code_and_changes_nothing(
    fast_server: ServerProcess,
) -> None:
    tried: Counter[str] = Counter()

    async def scenario() -> Table:
        table = await open_table(fast_server, 5, {})
        try:
            rng = random.Random(2)
            # short of the last deal, whose end would finish the session
            for k in range(table.view()["deals_total"] - 1):
                await steer_deal(table, k, tried, rng)
                if all(tried[code] >= 1 for code in CODES) and k >= 2:
                    break
            return table
        finally:
            await table.close()

    table = asyncio.run(scenario())
    assert not [code for code in CODES if tried[code] == 0], tried
    check_every_view(table)


# -- the CSV's account rows, without a server ----------------------------------------------------


def finished_room(game: str, seats: int, options: dict[str, Any], seed: int) -> RoomState:
    """A room whose first match was played to its end by random legal actions."""
    rng = random.Random(seed)
    room = RoomState("CsvRoomCode12345", seats, game, options)
    for seat in range(seats):
        events, _ = room.sit(seat, NAMES[seat], None)
        for event in events:
            room.apply(event)
    for event in room.start(0, rng):
        room.apply(event)
    while room.match is not None and room.playing:
        actor = room.match.to_act
        view = room.view_for(actor)
        assert view is not None and view["legal"] is not None
        legal = view["legal"]
        if "count" in legal:
            action = f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
        else:
            action = rng.choice([a for a in legal["actions"] if a != "concede"] or ["concede"])
        for event in room.act(actor, action, rng):
            room.apply(event)
    return room


def test_the_csv_has_a_column_per_account_of_the_sheet() -> None:
    room = finished_room(GAME, 3, {"rounds": 1}, seed=1)
    sheet = room.view_for(0)["scoresheet"]  # type: ignore[index]
    [kitty] = sheet["accounts"]
    text = protocol_csv(room, 1)
    assert text is not None
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][-4:] == ["total Anna", "total Bertil", "total Cecilia", "kitty balance"]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3"]
    assert [r[-1] for r in rows[1:]] == [str(b) for b in kitty["running"]]
    assert [int(t) for t in rows[-1][-4:-1]] == sheet["totals"]


@pytest.mark.parametrize(("game", "seats"), [("bismarck", 3), ("sixty_six", 2)])
def test_games_without_accounts_have_no_balance_column(game: str, seats: int) -> None:
    room = finished_room(game, seats, {}, seed=3)
    sheet = room.view_for(0)["scoresheet"]  # type: ignore[index]
    assert "accounts" not in sheet
    text = protocol_csv(room, 1)
    assert text is not None
    rows = list(csv.reader(io.StringIO(text)))
    assert len(rows) == 1 + len(sheet["deals"])
    assert not any(name.endswith(" balance") for name in rows[0])
