"""A WebSocket client of the room protocol, for tests that drive a real server.

Every frame the server sends is kept, in order, so a test can both wait for a reply and,
afterwards, inspect everything a connection was ever told.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

Message = dict[str, Any]
Predicate = Callable[[Message], bool]

TIMEOUT = 60.0
"""How long a test waits for a frame it expects: a bound for a machine busy with other work,
never a measure; an expected frame normally comes within milliseconds."""
# Far above any message the server sends; the server's own limits are what tests probe.
MAX_INCOMING = 1 << 22

_ids = itertools.count(1)


def create_room(
    base_url: str,
    seats: int = 3,
    nickname: str = "Anna",
    game: str | None = None,
    options: dict[str, Any] | None = None,
    paper: bool = False,
) -> dict[str, Any]:
    """POST /api/rooms; the creator holds seat 0 and is the host. Without ``game`` the
    server's default game (Bismarck); ``paper``: a table of real cards, its deals entered."""
    body: dict[str, Any] = {"seats": seats, "nickname": nickname}
    if game is not None:
        body["game"] = game
    if options:
        body["options"] = options
    if paper:
        body["paper"] = True
    response = httpx.post(f"{base_url}/api/rooms", json=body, timeout=60)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def is_state(message: Message) -> bool:
    return message.get("type") == "state"


class ClosedError(AssertionError):
    """The server closed the connection before the awaited message came."""


class RoomClient:
    """One WebSocket connection to one room."""

    def __init__(self, ws: ClientConnection, name: str) -> None:
        self.ws = ws
        self.name = name
        self.frames: list[str | bytes] = []
        self.messages: list[Message] = []
        self.state: Message | None = None
        self.seat: int | None = None
        self.secret: str | None = None
        self.closed = asyncio.Event()
        self._news = asyncio.Condition()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(
        cls,
        ws_url: str,
        code: str,
        *,
        name: str = "",
        secret: str | None = None,
        origin: str | None = None,
    ) -> RoomClient:
        """Connect, wait for the greeting state and, given a secret, reclaim its seat."""
        ws = await connect(
            f"{ws_url}/ws/{code}",
            origin=Origin(origin) if origin is not None else None,
            max_size=MAX_INCOMING,
            ping_interval=None,
            proxy=None,
            open_timeout=TIMEOUT,
            close_timeout=2,
        )
        client = cls(ws, name or code)
        await client.wait_for(is_state)
        if secret is not None:
            reply = await client.hello(secret)
            assert is_state(reply), reply
        return client

    # -- reading ---------------------------------------------------------------------------------

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                message = json.loads(frame) if isinstance(frame, str) else {"type": "<binary>"}
                async with self._news:
                    self.frames.append(frame)
                    self.messages.append(message)
                    if is_state(message):
                        self.state = message
                        self.seat = message["seat"]
                    self._news.notify_all()
        except ConnectionClosed:
            pass
        finally:
            self.closed.set()
            async with self._news:
                self._news.notify_all()

    @property
    def cursor(self) -> int:
        """Where the next message will land; pass it as ``since`` to skip older ones."""
        return len(self.messages)

    @property
    def v(self) -> int:
        assert self.state is not None
        version: int = self.state["v"]
        return version

    @property
    def view(self) -> dict[str, Any] | None:
        assert self.state is not None
        view: dict[str, Any] | None = self.state["view"]
        return view

    @property
    def close_code(self) -> int | None:
        return self.ws.close_code

    async def wait_for(
        self, predicate: Predicate, since: int = 0, timeout: float = TIMEOUT
    ) -> Message:
        """The first message at or after index ``since`` that satisfies ``predicate``."""
        return (await self.next_match(predicate, since, timeout))[1]

    async def next_match(
        self, predicate: Predicate, since: int = 0, timeout: float = TIMEOUT
    ) -> tuple[int, Message]:
        """Like :meth:`wait_for`, with the index of the message found."""
        index = since

        def found() -> tuple[int, Message] | None:
            nonlocal index
            while index < len(self.messages):
                message = self.messages[index]
                index += 1
                if predicate(message):
                    return index - 1, message
            return None

        async def wait() -> tuple[int, Message]:
            async with self._news:
                while True:
                    hit = found()
                    if hit is not None:
                        return hit
                    if self.closed.is_set():
                        raise ClosedError(
                            f"{self.name}: closed ({self.close_code}) while waiting;"
                            f" last messages: {self.recent()}"
                        )
                    await self._news.wait()

        try:
            return await asyncio.wait_for(wait(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"{self.name}: nothing matched within {timeout} s; last: {self.recent()}"
            ) from None

    def recent(self, count: int = 5) -> list[str]:
        """The last messages in brief, for failure reports (a state is kilobytes long)."""
        return [
            " ".join(f"{k}={m[k]}" for k in ("type", "v", "seat", "code", "id") if k in m)
            for m in self.messages[-count:]
        ]

    async def until_version(self, v: int, timeout: float = TIMEOUT) -> Message:
        """The first state of version ``v`` or later (at once if it has already come)."""
        if self.state is not None and self.state["v"] >= v:
            return self.state
        return await self.wait_for(lambda m: is_state(m) and m["v"] >= v, self.cursor, timeout)

    async def wait_closed(self, timeout: float = TIMEOUT) -> int | None:
        await asyncio.wait_for(self.closed.wait(), timeout)
        return self.close_code

    # -- sending ---------------------------------------------------------------------------------

    async def send(self, message: Message) -> None:
        await self.ws.send(json.dumps(message))

    async def send_raw(self, data: str | bytes) -> None:
        await self.ws.send(data)

    async def request(self, message: Message, reply: Predicate) -> Message:
        since = self.cursor
        await self.send(message)
        return await self.wait_for(reply, since)

    async def hello(self, secret: str | None) -> Message:
        """A state on success (the seat is reclaimed), else the error."""
        since = self.cursor
        await self.send({"type": "hello", "secret": secret})

        def answer(m: Message) -> bool:
            # a presence broadcast may come first; the answer is the state that seats us
            return m["type"] == "error" or (is_state(m) and (m["seat"] is None) == (secret is None))

        reply = await self.wait_for(answer, since)
        if is_state(reply) and secret is not None:
            self.secret = secret
        return reply

    async def sit(self, seat: int, nickname: str) -> Message:
        """The ``seated`` reply (after which the broadcast has arrived), else the error."""
        since = self.cursor
        await self.send({"type": "sit", "seat": seat, "nickname": nickname})
        reply = await self.wait_for(lambda m: m["type"] in ("seated", "error"), since)
        if reply["type"] == "seated":
            self.secret = reply["secret"]
            await self.wait_for(lambda m: is_state(m) and m["seat"] == seat, since)
        return reply

    async def act(self, action: str, v: int | None = None) -> Message:
        """This connection's ``state`` carrying the action's id (the acknowledgement), or the
        error refusing it."""
        ident = f"{self.name}-{next(_ids)}"
        return await self.request(
            {"type": "act", "v": self.v if v is None else v, "action": action, "id": ident},
            lambda m: m.get("id") == ident and m["type"] in ("state", "error"),
        )

    async def command(self, message: Message) -> Message:
        """A host command or ``leave``: the state broadcast it causes, else the error.

        The connection must have seen the latest version: the broadcast of someone else's
        change, arriving meanwhile, would look like the answer.
        """
        since = self.cursor
        before = self.v
        await self.send(message)
        return await self.wait_for(
            lambda m: m["type"] == "error" or (is_state(m) and m["v"] > before), since
        )

    async def give_seed(self, seed: str) -> Message:
        """This seat's client seed for the next deal, given for the commitment the room
        shows now, as a browser gives it (docs/fairness.md): the state that acknowledges
        it, or the error refusing it (``stale_seed`` once the deal is dealt)."""
        assert self.state is not None
        shown = self.state["room"]["fairness"]["next"]
        ident = f"{self.name}-seed-{next(_ids)}"
        return await self.request(
            {"type": "seed", "seed": seed, "commitment": shown, "id": ident},
            lambda m: m.get("id") == ident and m["type"] in ("state", "error"),
        )

    async def ping(self) -> Message:
        return await self.request({"type": "ping"}, lambda m: m["type"] == "pong")

    async def close(self) -> None:
        await self.ws.close()
        await asyncio.wait_for(self._reader, TIMEOUT)


async def seated_table(
    ws_url: str,
    base_url: str,
    seats: int = 3,
    names: tuple[str, ...] = (),
    game: str | None = None,
    options: dict[str, Any] | None = None,
    paper: bool = False,
) -> tuple[str, list[RoomClient]]:
    """A new room with every seat taken, one connection per seat (seat 0 is the host)."""
    names = names or ("Anna", "Bertil", "Cecilia", "David", "Eva")[:seats]
    created = create_room(base_url, seats, names[0], game, options, paper)
    code = created["code"]
    host = await RoomClient.open(ws_url, code, name=names[0], secret=created["secret"])
    players = [host]
    for seat in range(1, seats):
        player = await RoomClient.open(ws_url, code, name=names[seat])
        reply = await player.sit(seat, names[seat])
        assert reply["type"] == "seated", reply
        players.append(player)
    # the earlier seats hear of the later ones only by broadcast; wait until they have
    last = players[-1].v
    for player in players:
        await player.until_version(last)
    return code, players


async def start_match(players: list[RoomClient]) -> None:
    """The host starts; returns once every seat has seen the first deal."""
    host = players[0]
    reply = await host.command({"type": "start", "v": host.v})
    assert is_state(reply), reply
    for player in players:
        await player.wait_for(lambda m: is_state(m) and m["v"] >= reply["v"])


def legal_of(message: Message) -> dict[str, Any] | None:
    view = message.get("view")
    if not view:
        return None
    legal: dict[str, Any] | None = view.get("legal")
    return legal


def choose_action(legal: dict[str, Any], rng: random.Random) -> str:
    """A random legal action; a choice of cards (a discard) is any ``count`` of them."""
    if "count" in legal:
        return f"{legal['kind']}:" + ",".join(rng.sample(legal["from"], legal["count"]))
    action: str = rng.choice(legal["actions"])
    return action


async def step(players: list[RoomClient], rng: random.Random) -> Message:
    """The seat to act takes a random legal action; returns once every player has seen it.

    ``players[i]`` must be the connection of seat ``i``.
    """
    view = players[0].view
    assert view is not None and view["to_act"] is not None, view
    actor = players[view["to_act"]]
    legal = legal_of(actor.state or {})
    assert legal is not None, f"seat {view['to_act']} has no legal actions"
    ack = await actor.act(choose_action(legal, rng))
    assert ack["type"] == "state", ack
    for player in players:
        await player.until_version(ack["v"])
    return ack


async def play_until(
    players: list[RoomClient], rng: random.Random, done: Predicate, limit: int = 2000
) -> None:
    """Steps until ``done`` holds for the (shared) latest state of seat 0."""
    for _ in range(limit):
        assert players[0].state is not None
        if done(players[0].state):
            return
        await step(players, rng)
    raise AssertionError("the condition never came about")


async def play_turns(client: RoomClient, choose: Callable[[dict[str, Any]], str]) -> dict[str, Any]:
    """Answer every turn of this connection's seat with ``choose(view)`` until the match is
    over; the last view it was shown."""
    seen = 0
    answered = -1
    while True:
        index, message = await client.next_match(is_state, seen, timeout=60)
        seen = index + 1
        view = message["view"]
        if view is None:
            continue
        if view["phase"] == "match_over":
            return dict(view)
        if (
            view["legal"] is None
            or view["to_act"] != view["seat"]
            or client.state is not message
            or message["v"] == answered
        ):
            continue  # answer only the newest state of one's own turn, and only once
        answered = message["v"]
        await client.send({"type": "act", "v": message["v"], "action": choose(view)})
