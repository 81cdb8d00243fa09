"""The Alembic migrations are the only way tables come to be, so they must build exactly the
tables the models describe, tear them down again, and do both through the real CLI."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, MetaData, inspect, text

from app.engine.bismarck import GAME
from app.engine.bismarck.state import TABLE, Match
from app.engine.trick_game import shuffled_deal
from app.store.engine import make_engine
from app.store.migrate import current, downgrade, upgrade
from app.store.models import Base
from app.store.sql import SqlRoomStore
from app.tables import RoomState
from app.tables.events import Event
from support.databases import fresh_database, fresh_postgres
from support.server import REPO_ROOT

view = GAME.view

HEAD = "0006"
VERSION_TABLE = "alembic_version"


@pytest.fixture
def engine(backend: str, tmp_path: Path) -> Iterator[Engine]:
    with fresh_database(backend, tmp_path) as url:
        engine = make_engine(url)
        try:
            yield engine
        finally:
            engine.dispose()


def table_names(engine: Engine) -> set[str]:
    return set(inspect(engine).get_table_names())


def schema_drift(engine: Engine, metadata: MetaData) -> list[Any]:
    with engine.connect() as conn:
        context = MigrationContext.configure(
            conn, opts={"compare_type": True, "compare_server_default": True}
        )
        diffs: list[Any] = compare_metadata(context, metadata)
        return diffs


def test_upgrade_from_empty_creates_exactly_the_model_tables(engine: Engine) -> None:
    assert table_names(engine) == set()
    assert current(engine) is None

    upgrade(engine)

    assert current(engine) == HEAD
    assert table_names(engine) == set(Base.metadata.tables) | {VERSION_TABLE}
    inspector = inspect(engine)
    for name, table in Base.metadata.tables.items():
        columns = {c["name"]: c for c in inspector.get_columns(name)}
        assert set(columns) == {c.name for c in table.columns}, name
        for column in table.columns:
            assert columns[column.name]["nullable"] == column.nullable, f"{name}.{column.name}"
        primary = inspector.get_pk_constraint(name)["constrained_columns"]
        assert sorted(primary) == sorted(c.name for c in table.primary_key.columns), name
        foreign = {
            (tuple(fk["constrained_columns"]), fk["referred_table"])
            for fk in inspector.get_foreign_keys(name)
        }
        assert foreign == {
            (tuple(c.name for c in fk.columns), fk.referred_table.name)
            for fk in table.foreign_key_constraints
        }, name


def test_migrated_schema_matches_the_models_per_autogenerate(engine: Engine) -> None:
    upgrade(engine)

    assert schema_drift(engine, Base.metadata) == []


def test_autogenerate_comparison_notices_a_nullability_drift(engine: Engine) -> None:
    # Without this, an empty diff above could mean the comparison looks at nothing.
    upgrade(engine)
    drifted = MetaData()
    for table in Base.metadata.sorted_tables:
        table.to_metadata(drifted)
    drifted.tables["rooms"].c.host.nullable = False

    diffs = schema_drift(engine, drifted)

    assert len(diffs) == 1
    assert diffs[0][0][0] == "modify_nullable"


def test_downgrade_to_base_removes_every_table_and_upgrade_works_again(engine: Engine) -> None:
    upgrade(engine)
    downgrade(engine)

    assert table_names(engine) <= {VERSION_TABLE}
    assert current(engine) is None

    upgrade(engine)

    assert current(engine) == HEAD
    assert table_names(engine) == set(Base.metadata.tables) | {VERSION_TABLE}
    assert schema_drift(engine, Base.metadata) == []


def test_upgrade_twice_is_a_no_op(engine: Engine) -> None:
    # Every server start upgrades; a second run must not try to create the tables again.
    upgrade(engine)
    upgrade(engine)

    assert current(engine) == HEAD
    assert schema_drift(engine, Base.metadata) == []


def test_instances_starting_together_upgrade_one_at_a_time(tmp_path: Path) -> None:
    # Several instances on one PostgreSQL database all upgrade it on start, at once. (SQLite
    # serves one instance: nobody upgrades beside it.)
    with fresh_postgres() as url:
        runs = [
            subprocess.Popen(
                [sys.executable, "-m", "app", "migrate", "upgrade"],
                cwd=REPO_ROOT,
                env={**os.environ, "DATABASE_URL": url, "KORTBORD_DATA_DIR": str(tmp_path)},
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(4)
        ]
        outcomes = [(run.wait(timeout=120), run.communicate()[1]) for run in runs]
        assert [code for code, _ in outcomes] == [0] * 4, outcomes
        engine = make_engine(url)
        try:
            assert current(engine) == HEAD
            assert schema_drift(engine, Base.metadata) == []
        finally:
            engine.dispose()


def kortbord_migrate(url: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["DATABASE_URL"] = url
    env["KORTBORD_DATA_DIR"] = str(tmp_path / "unused-data")
    return subprocess.run(
        [sys.executable, "-m", "app", "migrate", *args],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_cli_upgrade_current_downgrade(backend: str, tmp_path: Path) -> None:
    with fresh_database(backend, tmp_path) as url:
        engine = make_engine(url)
        try:
            done = kortbord_migrate(url, tmp_path, "current")
            assert done.returncode == 0, done.stderr
            assert "schema revision: none" in done.stdout

            done = kortbord_migrate(url, tmp_path, "upgrade")
            assert done.returncode == 0, done.stderr
            assert f"schema revision: {HEAD}" in done.stdout
            assert table_names(engine) == set(Base.metadata.tables) | {VERSION_TABLE}
            assert schema_drift(engine, Base.metadata) == []

            done = kortbord_migrate(url, tmp_path, "current")
            assert done.returncode == 0, done.stderr
            assert f"schema revision: {HEAD}" in done.stdout

            done = kortbord_migrate(url, tmp_path, "downgrade")
            assert done.returncode == 0, done.stderr
            assert "schema revision: none" in done.stdout
            assert table_names(engine) <= {VERSION_TABLE}

            done = kortbord_migrate(url, tmp_path, "upgrade", HEAD)
            assert done.returncode == 0, done.stderr
            assert f"schema revision: {HEAD}" in done.stdout
            assert current(engine) == HEAD
        finally:
            engine.dispose()


# -- data written at the previous revision ------------------------------------------------------

FIRST = "0001"


def old_rows(seats: int, deals: int, seed: int, code: str) -> dict[str, list[dict[str, Any]]]:
    """The rows the store of revision 0001 wrote for a Bismarck room whose match has played
    ``deals`` deals: its creation event names no game, its deal rows have Bismarck's
    columns and each active seat's tricks."""
    rng = random.Random(seed)
    first_dealer = rng.randrange(seats)
    match = Match(seats, first_dealer)
    names = ["Anna", "Bertil", "Cecilia", "David"][:seats]
    events: list[dict[str, Any]] = [{"kind": "created", "seats": seats}]
    events += [
        {"kind": "sit", "seat": i, "nickname": n, "secret_hash": f"{i}" * 64}
        for i, n in enumerate(names)
    ]
    events.append({"kind": "start", "first_dealer": first_dealer})
    while match.deals_played < deals:
        if match.to_act == TABLE:
            action = shuffled_deal(Match, rng)
            seat = TABLE
        else:
            seat = match.to_act
            assert seat is not None
            legal = view(match, seat)["legal"]
            text = (
                "discard:" + ",".join(rng.sample(legal["from"], 4))
                if "count" in legal
                else rng.choice(legal["actions"])
            )
            action = GAME.parse_action(text)
        match.apply(seat, action)
        events.append({"kind": "act", "seat": seat, "action": str(action)})
    stamp = "2026-11-01 20:00:00.000000"
    rows: dict[str, list[dict[str, Any]]] = {
        "rooms": [
            {
                "code": code,
                "size": seats,
                "version": len(events),
                "status": "playing",
                "host": 0,
                "created_at": stamp,
                "updated_at": stamp,
            }
        ],
        "room_events": [
            {
                "room_code": code,
                "seq": i + 1,
                "kind": e["kind"],
                "data": json.dumps(e),
                "created_at": stamp,
            }
            for i, e in enumerate(events)
        ],
        "seats": [
            {"room_code": code, "seat": i, "nickname": n, "secret_hash": f"{i}" * 64, "bot": None}
            for i, n in enumerate(names)
        ],
        "matches": [
            {
                "room_code": code,
                "number": 1,
                "players": json.dumps(names),
                "first_dealer": first_dealer,
                "status": "playing",
                "deals_played": match.deals_played,
                "totals": json.dumps(match.totals),
                "winners": None,
                "started_at": stamp,
                "updated_at": stamp,
            }
        ],
        "deals": [],
        "deal_seats": [],
    }
    for deal in match.finished_deals:
        assert deal.scores is not None
        rows["deals"].append(
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "forehand": deal.forehand,
                "contract": deal.contract,
                "trump": deal.trump,
            }
        )
        rows["deal_seats"] += [
            {"deal": deal.number, "seat": s, "tricks": t, "score": deal.scores[s]}
            for s, t in enumerate(deal.tricks)
            if t is not None
        ]
    return rows


def write_old(engine: Engine, rows: dict[str, list[dict[str, Any]]]) -> None:
    json_cast = "CAST(:{} AS JSON)" if engine.dialect.name == "postgresql" else ":{}"
    with engine.begin() as conn:
        for table in ("rooms", "room_events", "seats"):
            for row in rows[table]:
                names = ", ".join(row)
                values = ", ".join(f":{k}" for k in row)
                conn.execute(text(f"INSERT INTO {table} ({names}) VALUES ({values})"), row)
        for row in rows["matches"]:
            names = ", ".join(row)
            values = ", ".join(
                json_cast.format(k) if k in ("players", "totals", "winners") else f":{k}"
                for k in row
            )
            conn.execute(text(f"INSERT INTO matches ({names}) VALUES ({values})"), row)
        code = rows["rooms"][0]["code"]
        match_id = conn.execute(
            text("SELECT id FROM matches WHERE room_code = :c"), {"c": code}
        ).scalar_one()
        ids = {}
        for row in rows["deals"]:
            conn.execute(
                text(
                    "INSERT INTO deals (match_id, number, dealer, forehand, contract, trump)"
                    " VALUES (:m, :number, :dealer, :forehand, :contract, :trump)"
                ),
                {"m": match_id, **row},
            )
            ids[row["number"]] = conn.execute(
                text("SELECT id FROM deals WHERE match_id = :m AND number = :n"),
                {"m": match_id, "n": row["number"]},
            ).scalar_one()
        for row in rows["deal_seats"]:
            conn.execute(
                text(
                    "INSERT INTO deal_seats (deal_id, seat, tricks, score)"
                    " VALUES (:d, :seat, :tricks, :score)"
                ),
                {
                    "d": ids[row["deal"]],
                    "seat": row["seat"],
                    "tricks": row["tricks"],
                    "score": row["score"],
                },
            )


def dump(engine: Engine) -> dict[str, list[tuple[Any, ...]]]:
    """Every table's rows, in a stable order, JSON decoded."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    with engine.connect() as conn:
        for name in sorted(inspect(engine).get_table_names()):
            if name == VERSION_TABLE:
                continue
            result = conn.execute(text(f"SELECT * FROM {name}"))
            columns = list(result.keys())
            rows = []
            for row in result:
                values = []
                for column, value in zip(columns, row, strict=True):
                    if column in (
                        "players",
                        "totals",
                        "winners",
                        "detail",
                        "options",
                    ) and isinstance(value, str):
                        value = json.loads(value)
                    values.append((column, str(value) if "_at" in column else value))
                rows.append(tuple(sorted(values)))  # column order is not data
            out[name] = sorted(rows, key=repr)
    return out


def test_a_database_at_the_previous_revision_upgrades_reads_back_and_downgrades(
    engine: Engine,
) -> None:
    upgrade(engine, FIRST)
    rooms = {
        "ThreeSeats01": old_rows(3, 3, 5, "ThreeSeats01"),
        "FourSeats001": old_rows(4, 2, 6, "FourSeats001"),
    }
    for rows in rooms.values():
        write_old(engine, rows)
    before = dump(engine)

    upgrade(engine)
    assert current(engine) == HEAD
    assert schema_drift(engine, Base.metadata) == []

    async def read_back() -> None:
        store = SqlRoomStore(engine.url.render_as_string(hide_password=False), migrate=False)
        try:
            for code, rows in rooms.items():
                events = await store.load(code)
                assert events == [json.loads(r["data"]) for r in rows["room_events"]]
                assert events is not None
                # a room whose creation names no game is Bismarck, and replays as it did
                room = RoomState.from_events(code, [Event.from_json(e) for e in events])
                assert room.game.name == "bismarck"
                assert room.match is not None
                [(match, deals)] = await store.matches(code)
                assert match.totals == room.match.totals
                expected = room.game.scored_deals(room.match, 0)
                assert [(d.number, d.dealer, tuple(d.scores), d.detail) for d in deals] == [
                    (d.number, d.dealer, d.scores, dict(d.detail)) for d in expected
                ]
        finally:
            await store.close()

    asyncio.run(read_back())

    downgrade(engine, FIRST)
    assert current(engine) == FIRST
    assert dump(engine) == before


def test_a_downgrade_refuses_to_drop_rooms_of_other_games(engine: Engine) -> None:
    upgrade(engine)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO rooms (code, game, size, version, status, host, created_at,"
                " updated_at) VALUES ('OtherGame001', 'some_other_game', 2, 1, 'waiting', 0,"
                " '2026-11-01 20:00:00', '2026-11-01 20:00:00')"
            )
        )
    with pytest.raises(RuntimeError, match="other than Bismarck"):
        downgrade(engine, FIRST)
    assert current(engine) == HEAD
