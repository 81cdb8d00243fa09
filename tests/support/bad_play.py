"""A deal with a deliberately bad decision in it, for the tests of the strong player's review:
a spades deal whose first bidder looks at his cards and bids 13. His side's contract is 13
and his partner's bid, which no side makes, so the bid costs the side ten points a trick bid
whatever the cards."""

from __future__ import annotations

import random

from support.client import RoomClient, choose_action, seated_table, start_match

BAD_BID = "bid:13"


async def play_a_deal_with_a_bad_bid(players: list[RoomClient], seed: int = 5) -> int:
    """Deal 1 of the spades match ``players`` (seat ``i`` is ``players[i]``) to its end: its
    first bidder looks and bids 13, every other choice is random and never 13. Returns the
    bad bidder's seat."""
    rng = random.Random(seed)
    bad: int | None = None
    while (players[0].view or {}).get("deals_played", 0) < 1:
        view = players[0].view
        assert view is not None and view["to_act"] is not None, view
        seat = view["to_act"]
        actor = players[seat]
        own = actor.view
        assert own is not None
        legal = own["legal"]
        if legal["kind"] == "bid" and all(b is None for b in own["deal"]["bids"]):
            bad = seat
            action = "look" if "look" in legal["actions"] else BAD_BID
        else:
            action = choose_action(legal, rng)
            if action == BAD_BID:
                action = "bid:1"
        ack = await actor.act(action)
        assert ack["type"] == "state", ack
        for player in players:
            await player.until_version(ack["v"])
    assert bad is not None
    return bad


async def spades_room_with_a_bad_deal(ws_url: str, base_url: str) -> tuple[str, int]:
    """A new spades room of four whose first deal is over with the bad bid in it: its code
    and the bad bidder's seat. The second deal is being dealt as it returns."""
    code, players = await seated_table(ws_url, base_url, 4, game="spades")
    try:
        await start_match(players)
        bad = await play_a_deal_with_a_bad_bid(players)
    finally:
        for player in players:
            await player.close()
    return code, bad
