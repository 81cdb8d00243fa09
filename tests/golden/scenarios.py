"""Seeded Bismarck rooms played in-process, and everything they produce, for golden files.

Each scenario runs real rooms (``Tables``) on a real SQLite file, with people who choose
from their views with seeded generators and computer players seeded the same way, and
collects every frame each connection receives, the event log, the stored rows, and what
the HTTP API answers about the room (matches, records whole and per seat, CSV), and what
``kortbord validate --json`` says of the finished records.

Room codes and seat secrets come from ``secrets``; here they come from a seeded generator
instead, so that two runs produce the same bytes.
"""

from __future__ import annotations

import asyncio
import io
import json
import random
import re
import string
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text

from app.config import Settings
from app.store.sql import SqlRoomStore
from app.tables import LiveRoom, Member, Tables, credentials
from app.tables.commands import Act, AddBot, End, Hello, Sit, Start
from app.validate import run as validate
from app.web import create_app

Artefacts = dict[str, Any]


class SeededSecrets:
    """Stands in for the ``secrets`` module where room codes and seat secrets are made."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def token_urlsafe(self, nbytes: int) -> str:
        alphabet = string.ascii_letters + string.digits + "-_"
        return "".join(self.rng.choice(alphabet) for _ in range((nbytes * 4 + 2) // 3))

    def token_hex(self, nbytes: int) -> str:
        return f"{self.rng.getrandbits(8 * nbytes):0{2 * nbytes}x}"


@contextmanager
def seeded_credentials(seed: int) -> Iterator[None]:
    real = credentials.secrets
    credentials.secrets = SeededSecrets(seed)  # type: ignore[assignment]
    try:
        yield
    finally:
        credentials.secrets = real


SENT_AT = re.compile(r'(?<=,)"t":\d+,')


class Connection:
    """A connection as a room sees it, keeping every frame it is sent."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.frames: list[str] = []
        self.closed: list[tuple[int, str]] = []

    def send_text(self, text: str) -> None:
        # the server's clock in a state message says when it was sent, not what it says
        self.frames.append(SENT_AT.sub("", text, count=1))

    def close(self, code: int, reason: str) -> None:
        self.closed.append((code, reason))

    def seated_secret(self) -> str:
        for frame in self.frames:
            message = json.loads(frame)
            if message["type"] == "seated":
                return str(message["secret"])
        raise AssertionError(f"{self.name} never sat")

    def last_state(self) -> dict[str, Any]:
        for frame in reversed(self.frames):
            message: dict[str, Any] = json.loads(frame)
            if message["type"] == "state":
                return message
        raise AssertionError(f"{self.name} has no state")


@dataclass
class Person:
    connection: Connection
    member: Member
    rng: random.Random
    secret: str | None = None


def pick(rng: random.Random, legal: dict[str, Any]) -> str:
    if "count" in legal:
        return legal["kind"] + ":" + ",".join(rng.sample(legal["from"], legal["count"]))
    return str(rng.choice(legal["actions"]))


@dataclass
class Scenario:
    tables: Tables
    api: httpx.AsyncClient
    live: LiveRoom | None = None
    code: str = ""
    people: dict[str, Person] = field(default_factory=dict)
    connections: list[Connection] = field(default_factory=list)
    artefacts: Artefacts = field(default_factory=dict)

    def connect(self, name: str, seed: int) -> Person:
        connection = Connection(name)
        self.connections.append(connection)
        person = Person(connection, None, random.Random(seed))  # type: ignore[arg-type]
        self.people[name] = person
        return person

    async def join(self, name: str, seed: int) -> Person:
        assert self.live is not None
        person = self.connect(name, seed)
        person.member = await self.tables.join(self.live, person.connection)
        return person

    async def settle(self) -> None:
        """Until no computer player is thinking and every change is stored."""
        live = self.live
        assert live is not None
        for _ in range(100_000):
            await asyncio.sleep(0)
            if not self.tables.autoplay._thinking and not live.lock.locked():
                await asyncio.sleep(0.001)
                if not self.tables.autoplay._thinking and not live.lock.locked():
                    return
        raise AssertionError("the room never settled")

    async def do(self, name: str, command: Any, ident: str | None = None) -> None:
        await self.tables.handle(self.people[name].member, command, ident)
        await self.settle()

    def match(self) -> Any:
        assert self.live is not None
        return self.live.state.match

    async def play(self, until: Callable[[Any], bool], step: int = 0) -> int:
        """People whose seat is to act choose from their last view until ``until``."""
        live = self.live
        assert live is not None
        moves = 0
        while not until(self.match()):
            match = self.match()
            seat = match.to_act
            person = next(
                p for p in self.people.values() if p.member is not None and p.member.seat == seat
            )
            view = person.connection.last_state()["view"]
            action = pick(person.rng, view["legal"])
            moves += 1
            await self.do(
                next(n for n, p in self.people.items() if p is person),
                Act(live.state.version, action, f"{step}-{moves}"),
            )
        return moves

    async def http(self, label: str, path: str, secret: str | None = None) -> None:
        headers = {"X-Seat-Secret": secret} if secret else {}
        response = await self.api.get(path, headers=headers)
        self.artefacts[f"http {label}"] = {
            "status": response.status_code,
            "content-type": response.headers.get("content-type"),
            "body": response.text,
        }

    async def snapshot_history(self, label: str, secrets_by_seat: dict[str, str | None]) -> None:
        base = f"/api/rooms/{self.code}"
        await self.http(f"{label} matches", f"{base}/matches")
        assert self.live is not None
        numbers = [p.number for p in self.live.state.past]
        if self.live.state.playing:
            numbers.append(self.live.state.match_number)
        for number in numbers:
            await self.http(f"{label} csv {number}", f"{base}/matches/{number}/protocol.csv")
            for who, secret in secrets_by_seat.items():
                await self.http(
                    f"{label} record {number} as {who}", f"{base}/matches/{number}/record", secret
                )


def stored_rows(url: str) -> dict[str, list[list[Any]]]:
    """Every table's rows, timestamps left out, in a stable order."""
    engine = create_engine(url)
    out: dict[str, list[list[Any]]] = {}
    with engine.connect() as conn:
        names = [
            r[0]
            for r in conn.execute(
                text("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")
            )
        ]
        for name in names:
            columns = [
                r[1]
                for r in conn.execute(text(f'PRAGMA table_info("{name}")'))
                if r[1] not in ("created_at", "updated_at", "started_at")
            ]
            quoted = ", ".join(f'"{c}"' for c in columns)
            rows = conn.execute(text(f'SELECT {quoted} FROM "{name}" ORDER BY {quoted}')).all()
            out[name] = [columns, *[list(r) for r in rows]]
    engine.dispose()
    return out


async def run_scenario(
    name: str, body: Callable[[Scenario], Awaitable[None]], seed: int
) -> Artefacts:
    random.seed(seed)  # computer players draw their seeds from the global generator
    with tempfile.TemporaryDirectory() as directory, seeded_credentials(seed):
        url = f"sqlite:///{Path(directory) / 'kortbord.db'}"
        store = SqlRoomStore(url)
        tables = Tables(store, random.Random(seed), bot_delay=0.0)
        web = create_app(Settings(database_url=url), store=store)
        web.state.tables = tables
        transport = httpx.ASGITransport(app=web)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as api:
            scenario = Scenario(tables, api)
            await body(scenario)
            await scenario.settle()
            assert scenario.live is not None
            events = await store.load(scenario.code)
            scenario.artefacts["events"] = events
            scenario.artefacts["frames"] = {c.name: c.frames for c in scenario.connections}
            scenario.artefacts["closes"] = {c.name: c.closed for c in scenario.connections}
            await tables.close()
            await store.close()
            scenario.artefacts["rows"] = stored_rows(url)
            scenario.artefacts["validate"] = validate_records(scenario.artefacts)
    scenario.artefacts["scenario"] = name
    return scenario.artefacts


def validate_records(artefacts: Artefacts) -> dict[str, str]:
    """``kortbord validate --json`` on every whole record the API gave out."""
    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as directory:
        for label, answer in artefacts.items():
            if not label.startswith("http ") or " record " not in label or answer["status"] != 200:
                continue
            path = Path(directory) / "record.json"
            path.write_text(answer["body"])
            printed = io.StringIO()
            status = validate([str(path)], as_json=True, out=printed)
            out[label] = f"{status} {printed.getvalue().replace(str(path), 'record.json')}"
    return out


# -- the scenarios ---------------------------------------------------------------------------------


async def three_people_and_a_watcher(s: Scenario) -> None:
    code, _, secret = await s.tables.create_room(3, "Anna")
    s.code = code
    s.live = await s.tables.room(code)
    anna = await s.join("anna", 1)
    anna.secret = secret
    await s.do("anna", Hello(secret))
    await s.join("watcher", 9)
    for seat, name in ((1, "Bertil"), (2, "Cecilia")):
        await s.join(name.lower(), seat + 1)
        await s.do(name.lower(), Sit(seat, name))
    secrets = {"anna": secret}
    for name in ("bertil", "cecilia"):
        secrets[name] = s.people[name].connection.seated_secret()
    await s.do("anna", Start(), "start")
    await s.play(lambda m: len(m.finished_deals) >= 3, 1)
    await s.play(lambda m: m.current is not None and len(m.current.plays) >= 7, 2)
    await s.snapshot_history("midway", {**secrets, "nobody": None})
    await s.play(lambda m: m.is_over, 3)
    await s.snapshot_history("end", {"nobody": None})


async def four_seats_with_bots_and_a_stand_in(s: Scenario) -> None:
    code, _, secret = await s.tables.create_room(4, "Anna")
    s.code = code
    s.live = await s.tables.room(code)
    await s.join("anna", 11)
    await s.do("anna", Hello(secret))
    bertil = await s.join("bertil", 12)
    await s.do("bertil", Sit(1, "Bertil"))
    bertil_secret = bertil.connection.seated_secret()
    await s.do("anna", AddBot(2, "basic"))
    await s.do("anna", AddBot(3, "random"))
    await s.join("watcher", 19)
    await s.do("anna", Start(), "start")
    await s.play(lambda m: len(m.finished_deals) >= 2, 1)
    # Bertil's connection drops; a computer player stands in until he is back
    await s.tables.leave_connection(bertil.member)
    bertil.member = None  # type: ignore[assignment]
    await s.settle()
    await s.do("anna", AddBot(1, "basic"))
    await s.play(lambda m: len(m.finished_deals) >= 4, 2)
    back = await s.join("bertil-again", 13)
    await s.do("bertil-again", Hello(bertil_secret))
    await s.snapshot_history("midway", {"anna": secret, "bertil": bertil_secret, "nobody": None})
    await s.play(lambda m: m.is_over, 3)
    await s.snapshot_history("end", {"nobody": None})
    assert back.member.seat == 1


async def a_match_stopped_and_another_started(s: Scenario) -> None:
    code, _, secret = await s.tables.create_room(3, "Anna")
    s.code = code
    s.live = await s.tables.room(code)
    await s.join("anna", 21)
    await s.do("anna", Hello(secret))
    for seat, name in ((1, "Bertil"), (2, "Cecilia")):
        await s.join(name.lower(), 21 + seat)
        await s.do(name.lower(), Sit(seat, name))
    cecilia = s.people["cecilia"].connection.seated_secret()
    await s.join("watcher", 29)
    await s.do("anna", Start(), "start")
    await s.play(lambda m: len(m.finished_deals) >= 2, 1)
    await s.play(lambda m: m.current is not None and len(m.current.plays) >= 10, 2)
    await s.do("anna", End(), "end")
    await s.snapshot_history("stopped", {"cecilia": cecilia, "nobody": None})
    await s.do("anna", Start(), "again")
    await s.play(lambda m: len(m.finished_deals) >= 1, 3)
    await s.do("anna", End(), "end-again")
    await s.snapshot_history("end", {"cecilia": cecilia, "nobody": None})


SCENARIOS: dict[str, tuple[Callable[[Scenario], Awaitable[None]], int]] = {
    "three_people_and_a_watcher": (three_people_and_a_watcher, 301),
    "four_seats_with_bots_and_a_stand_in": (four_seats_with_bots_and_a_stand_in, 402),
    "a_match_stopped_and_another_started": (a_match_stopped_and_another_started, 503),
}


def capture(name: str) -> Artefacts:
    body, seed = SCENARIOS[name]
    return asyncio.run(run_scenario(name, body, seed))
