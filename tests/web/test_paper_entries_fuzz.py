"""No entry breaks a socket: hostile entries of a deal kept on paper, for every registered
game, over real WebSockets against a real server.

Each game's paper room has its first deal entered; then Hypothesis draws, from the form a
client is shown, entries that are not JSON as the wire takes it (``NaN``, ``1e400``, ``1.0``,
an integer past 2^53, a lone surrogate, a key twice, nesting too deep, no object) and
entries that are JSON with something wrong for the form (a wrong type in any field, a list
of the wrong length, huge or negative numbers, text where a number goes, unicode, long
text, an unknown field), as ``enter`` and ``amend``, from any seat. Each must be answered
with an error carrying the ``act``'s ``id``: ``paper_bad_json`` with its fault for the
first kind, a code the browser translates for the second; every socket stays open, a valid
correction is still taken afterwards, and the server logs no traceback.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from app.engine import GAMES
from app.engine.paper_entry import FAULTS
from app.web.messages import ACTION_MAX
from support.client import RoomClient, is_state, seated_table, start_match
from support.hostile_entries import first_entry, misshapen, poisoned
from support.server import REPO_ROOT, ServerProcess, running_server

EXAMPLES = 240
"""Round trips over the sockets: about ten seconds on a loaded two-core machine."""
SERVER_ENV = {
    "KORTBORD_WS_MESSAGES_PER_SECOND": "1000",
    "KORTBORD_WS_BURST": "1000",
    # an action of 512 characters of emoji is twelve bytes a character in a frame
    "KORTBORD_WS_MAX_FRAME_BYTES": "16384",
}


@pytest.fixture(scope="module")
def entry_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    # what is under test is the socket and the rules, not the storage: SQLite alone
    with running_server(tmp_path_factory.mktemp("paper-entries"), "sqlite", SERVER_ENV) as server:
        yield server


def words(game: str) -> set[str]:
    """The words a browser has for ``game``: the core's and the game's own."""
    keys: set[str] = set()
    for path in (
        REPO_ROOT / "static" / "i18n" / "en.json",
        REPO_ROOT / "static" / "games" / game / "i18n" / "en.json",
    ):
        keys |= set(json.loads(Path(path).read_text()))
    return keys


@dataclass
class Table:
    game: str
    seats: int
    players: list[RoomClient]
    entry: dict[str, Any]
    """The first deal's entry, taken before the probes: what a correction enters after."""
    words: set[str]

    def form(self, kind: str) -> dict[str, Any]:
        """The form a client is shown for ``kind``: the next deal's, or the last one's."""
        view = self.players[0].view
        assert view is not None
        form: dict[str, Any] | None = view["form"] if kind == "enter" else None
        return form or view["last"]["form"]


async def open_table(server: ServerProcess, name: str) -> Table:
    seats = GAMES[name].seats_default
    _, players = await seated_table(server.ws_url, server.base_url, seats, game=name, paper=True)
    await start_match(players)
    view = players[0].view
    assert view is not None and view["paper"] is True
    entry = first_entry(name, seats, view["first_dealer"])
    entered = await players[0].act(f"enter:{json.dumps(entry)}")
    assert is_state(entered), entered
    for player in players:
        await player.until_version(entered["v"])
    return Table(name, seats, players, entry, words(name))


def test_no_entry_breaks_a_socket(entry_server: ServerProcess) -> None:
    loop = asyncio.new_event_loop()
    tables: list[Table] = []
    faults: set[str] = set()
    before = entry_server.stderr()
    try:
        # every game the registry has, none named here
        for name in GAMES:
            tables.append(loop.run_until_complete(open_table(entry_server, name)))
        by_name = {table.game: table for table in tables}

        @given(data=st.data())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            derandomize=True,
            # a failure may close a socket, so that every example after it fails alike:
            # the first one found is reported as it is, not shrunk
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        def probe(data: st.DataObject) -> None:
            table = by_name[data.draw(st.sampled_from(list(by_name)), label="game")]
            kind = data.draw(st.sampled_from(["enter", "amend"]), label="kind")
            form = table.form(kind)
            fault: str | None = None
            if data.draw(st.booleans(), label="not json"):
                text, fault = data.draw(poisoned(form, table.seats), label="entry")
            else:
                text = data.draw(misshapen(form, table.seats), label="entry")
            action = f"{kind}:{text}"
            assume(len(action) <= ACTION_MAX)
            player = table.players[data.draw(st.integers(0, table.seats - 1), label="seat")]
            reply = loop.run_until_complete(player.act(action))
            assert reply["type"] == "error", (table.game, action, reply)
            assert reply["id"].startswith(player.name) and reply["v"] == player.v
            if fault is not None:
                assert reply["code"] == "paper_bad_json", (table.game, action, reply)
                assert reply["detail"] == {"fault": fault}, (table.game, action, reply)
                faults.add(fault)
            else:
                assert reply["code"] not in ("internal_error", "paper_bad_json"), (action, reply)
                assert f"error.{reply['code']}" in table.words, (table.game, reply)

        probe()
        assert faults == set(FAULTS), "every fault reached the server"

        async def carry_on() -> None:
            for table in tables:
                for player in table.players:
                    assert not player.closed.is_set(), (table.game, player.close_code)
                fixer = table.players[-1]
                fixed = await fixer.act(f"amend:{json.dumps(table.entry)}")
                assert is_state(fixed), (table.game, fixed)
                assert fixed["view"]["last"]["amendments"] == 1
                pong = await table.players[0].ping()
                assert pong["v"] == fixed["v"]

        loop.run_until_complete(carry_on())
    finally:

        async def close_all() -> None:
            for table in tables:
                for player in table.players:
                    await player.close()

        loop.run_until_complete(close_all())
        loop.close()
    added = entry_server.stderr()[len(before) :]
    assert "Traceback" not in added
    assert " failed: " not in added, "a command failed with a fault of the server's own"
