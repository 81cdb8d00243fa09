"""Tables whose seats are taken over WebSockets and then left, opened in a browser as one
of those seats (the page holds the seat's secret, as after a reload)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx
from playwright.sync_api import Page, expect
from table_driver import ROOM, OpenPage, wait_connected, wait_ready

from support.client import Message, RoomClient, play_until, start_match
from support.server import ServerProcess

T = TypeVar("T")


def in_thread(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run WebSocket clients to the end: Playwright's sync API holds this thread's loop."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result(timeout=600)


@dataclass
class Table:
    code: str
    secrets: list[str]
    last: Message | None = None
    """Seat 0's latest state, as the clients that last played left it."""

    @property
    def to_act(self) -> int | None:
        view = self.last["view"] if self.last else None
        return view["to_act"] if view else None


def seated_table(
    server: ServerProcess,
    game: str,
    seats: int,
    names: Sequence[str],
    *,
    move_clock: int | None = None,
    play: Callable[[Message], bool] | None = None,
    end: bool = False,
) -> Table:
    """A started match, every seat taken over WebSockets and then left; nobody away is ever
    replaced on their own. With ``move_clock`` the seat to move shows its time; ``play``
    plays at random until it holds; ``end`` has the host end the match."""
    body: dict[str, Any] = {
        "game": game,
        "seats": seats,
        "nickname": names[0],
        "away_grace": None,
        "move_clock": move_clock,
    }
    response = httpx.post(f"{server.base_url}/api/rooms", json=body, timeout=60)
    assert response.status_code == 201, response.text
    created = response.json()
    code = created["code"]

    async def sit() -> Table:
        clients = [await RoomClient.open(server.ws_url, code, secret=created["secret"])]
        try:
            for seat in range(1, seats):
                client = await RoomClient.open(server.ws_url, code, name=names[seat])
                reply = await client.sit(seat, names[seat])
                assert reply["type"] == "seated", reply
                clients.append(client)
            for client in clients:
                await client.until_version(clients[-1].v)
            await start_match(clients)
            if play is not None:
                await play_until(clients, random.Random(7), play)
            if end:
                host = clients[0]
                reply = await host.command({"type": "end", "v": host.v})
                assert reply["type"] == "state", reply
            secrets = [c.secret or "" for c in clients]
            assert all(secrets)
            return Table(code, secrets, clients[0].state)
        finally:
            for client in clients:
                await client.close()

    return in_thread(sit)


def seat_page(open_page: OpenPage, table: Table, seat: int, **options: Any) -> Page:
    """The table's page in a browser that holds the seat's secret, as after a reload (the
    secret is in the browser's storage before the page first loads)."""
    secret = {f"kortbord:secret:{table.code}": table.secrets[seat]}
    page = open_page(f"/r/{table.code}", local_storage=secret, **options)
    wait_connected(page)
    expect(page.locator(ROOM)).to_have_attribute("data-seat", str(seat))
    return page


def reseat_page(page: Page, table: Table, seat: int, viewport: dict[str, int]) -> None:
    """Load the table again in ``page``, at ``viewport``, now the browser of ``seat``: its
    storage emptied and the seat's secret put there, as ``seat_page`` has a new context
    hold it (what one seat's page kept, its seeds, its settings, is not another's). The
    page must show a page of the server's (its origin's storage); the browser keeps what it
    has loaded, one renderer and one cache, where a new context starts both anew."""
    page.set_viewport_size(viewport)
    secret = [f"kortbord:secret:{table.code}", table.secrets[seat]]
    page.evaluate(
        "([key, value]) => { localStorage.clear(); localStorage.setItem(key, value); }", secret
    )
    page.goto(f"/r/{table.code}")
    wait_ready(page)
    wait_connected(page)
    expect(page.locator(ROOM)).to_have_attribute("data-seat", str(seat))
