"""A server that grinds its seed cannot choose a deal (docs/fairness.md, "What it proves").

The dishonest server below plays by the protocol in every visible way, but before it
commits to each deal's server seed it tries many seeds and keeps the one that, with the
client seeds it knows, puts the ace of spades on top of the pack. Under the first scheme a
browser reused one seed for every deal, so the seeds the server knew were the ones that
dealt: it won nearly every time. Now every seed is given for one commitment, after it is
shown, so the seeds that deal are fixed only after the server's seed is: its grinding is
worth nothing and the ace lands on top one time in 52. The same attack against a browser
that still reuses its seed shows what the test would catch.
"""

from __future__ import annotations

import random

from test_room_state import Table

from app.engine.fairness import shuffled
from app.tables import events as ev
from app.tables.events import Event
from app.tables.room import RoomState

TRIES = 300
"""Seeds the server tries before committing: enough to put a chosen card on top nearly
every time (1 - (51/52)^300 > 99.7%) when it knows the seeds that will deal."""
DEALS = 120


class GrindingRoom(RoomState):
    """Commits, among :data:`TRIES` seeds, to one that deals the ace of spades on top with
    the client seeds of the deal before: what it knows when it commits."""

    known: list[str]

    def commit_seed(self) -> list[Event]:
        known = getattr(self, "known", [""] * self.size)
        pack = self.game.pack.cards
        number = 1  # every deal here is a match's first
        rng = random.Random(len(self.dealings) + self.match_number)
        seeds = [f"{rng.getrandbits(256):064x}" for _ in range(TRIES)]
        best = next((s for s in seeds if shuffled(pack, s, number, known)[0] == "AS"), seeds[0])
        return [Event(ev.SEED, {"seed": best})]


def aces_on_top(reuse: bool) -> int:
    table = Table()
    table.room = GrindingRoom(table.room.code, 3)
    table.room.version = 1
    table.commit(table.room.commit_seed())
    table.fill()
    browsers = random.Random(99)
    fixed = [f"{browsers.getrandbits(128):032x}" for _ in range(3)]
    on_top = 0
    for _ in range(DEALS):
        shown = table.room.seeds_commitment()["next"]
        # honest browsers choose their seeds now, after the commitment is out; a browser
        # of the first scheme gives the one seed it always gives
        seeds = fixed if reuse else [f"{browsers.getrandbits(128):032x}" for _ in range(3)]
        for seat, seed in enumerate(seeds):
            table.commit(table.room.set_client_seed(seat, seed, shown))
        table.room.known = list(seeds)  # the server sees every seed it is given
        table.start()  # deals the match's first deal and commits to the next seed
        on_top += _top(table) == "AS"
        table.commit(table.room.end(table.room.host))
    return on_top


def _top(table: Table) -> str:
    action = next(e for e in reversed(table.log) if e.kind == ev.ACT and e.data["seat"] == -1)
    return str(action.data["action"]).removeprefix("deal:").split(",")[0]


def test_a_server_grinding_its_seed_cannot_choose_the_deal() -> None:
    # one in 52 by chance: 120 deals give about 2.3 aces on top; 12 or more is a chance
    # of about one in a million
    assert aces_on_top(reuse=False) < 12


def test_the_same_server_chooses_the_deal_when_seeds_are_known_before_it_commits() -> None:
    assert aces_on_top(reuse=True) > DEALS * 0.9
