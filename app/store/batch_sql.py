"""The store's writes as driver statements, for a whole batch of rooms at once.

The two statements every stored action needs (the version guard and the events) go many
rows per statement: through the SQL layer, or as one driver call per row, they cost more
than everything else about an action. The scoresheet rows a deal's end adds go straight to
the driver too, a few rows each: through the SQL layer, with a query for the match's id
between them, one deal's end cost the writer as much as fifty moves.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Any

# 5 parameters a row: 750 a statement stays under the 999 of SQLite builds before 3.32.
ROWS_PER_STATEMENT = 150

Row = tuple[Any, ...]


def chunks(rows: Sequence[Row]) -> Iterator[Sequence[Row]]:
    for start in range(0, len(rows), ROWS_PER_STATEMENT):
        yield rows[start : start + ROWS_PER_STATEMENT]


class BatchSql:
    """Statement texts in the driver's placeholder style, built once per row count."""

    def __init__(self, dialect_name: str, paramstyle: str) -> None:
        self.mark = {"qmark": "?", "format": "%s", "pyformat": "%s"}[paramstyle]
        # UPDATE ... FROM arrived in SQLite 3.33; older builds get one guard per row.
        self.update_from = dialect_name != "sqlite" or sqlite3.sqlite_version_info >= (3, 33)
        self._guards: dict[int, str] = {}
        self._fenced: dict[int, str] = {}
        self._events: dict[int, str] = {}
        m = self.mark
        # SQLite keeps JSON as text; PostgreSQL's json columns want the text cast.
        json = f"CAST({m} AS JSON)" if dialect_name == "postgresql" else m
        self.insert_room = (
            "INSERT INTO rooms (code, game, options, size, version, status, host, "
            "created_at, updated_at) "
            f"VALUES ({m}, {m}, {json}, {m}, {m}, {m}, {m}, {m}, {m})"
        )
        self.insert_chat = (
            "INSERT INTO chat_lines (room_code, seq, sent_at, seat, watcher, name, text, "
            f"reaction, audience) VALUES ({m}, {m}, {m}, {m}, {m}, {m}, {m}, {m}, {m})"
        )
        # An owner's chat line goes in only while it still owns the room.
        self.insert_fenced_chat = (
            "INSERT INTO chat_lines (room_code, seq, sent_at, seat, watcher, name, text, "
            f"reaction, audience) SELECT {m}, {m}, {m}, {m}, {m}, {m}, {m}, {m}, {m} "
            f"WHERE EXISTS (SELECT 1 FROM rooms WHERE code = {m} AND owner = {m} "
            f"AND owner_epoch = {m})"
        )
        # A review is written once: whichever instance finishes one first keeps its own.
        self.insert_review = (
            "INSERT INTO deal_reviews (room_code, match_number, deal_number, body, "
            f"created_at) VALUES ({m}, {m}, {m}, {m}, {m}) "
            "ON CONFLICT (room_code, match_number, deal_number) DO NOTHING"
        )
        self.delete_seats = f"DELETE FROM seats WHERE room_code = {m}"
        self.insert_seat = (
            "INSERT INTO seats (room_code, seat, nickname, secret_hash, bot) "
            f"VALUES ({m}, {m}, {m}, {m}, {m})"
        )
        # A match's row is written when it starts, and rewritten when it stops or a deal
        # ends; started_at is the one column only the first write sets.
        self.upsert_match = (
            "INSERT INTO matches (room_code, number, players, first_dealer, status, "
            "deals_played, totals, winners, started_at, updated_at) "
            f"VALUES ({m}, {m}, {json}, {m}, {m}, {m}, {json}, {json}, {m}, {m}) "
            "ON CONFLICT (room_code, number) DO UPDATE SET players = excluded.players, "
            "first_dealer = excluded.first_dealer, status = excluded.status, "
            "deals_played = excluded.deals_played, totals = excluded.totals, "
            "winners = excluded.winners, updated_at = excluded.updated_at"
        )
        # Deals and their seats find their parents by natural key, so no id travels back
        # to Python between the statements. A deal written again (a deal entered on paper,
        # corrected) replaces what its row held.
        self.insert_deal = (
            "INSERT INTO deals (match_id, number, dealer, detail) "
            f"SELECT id, {m}, {m}, {json} FROM matches "
            f"WHERE room_code = {m} AND number = {m} "
            "ON CONFLICT (match_id, number) DO UPDATE SET dealer = excluded.dealer, "
            "detail = excluded.detail"
        )
        self.insert_deal_seat = (
            "INSERT INTO deal_seats (deal_id, seat, score) "
            f"SELECT deals.id, {m}, {m} FROM deals "
            "JOIN matches ON deals.match_id = matches.id "
            f"WHERE matches.room_code = {m} AND matches.number = {m} AND deals.number = {m} "
            "ON CONFLICT (deal_id, seat) DO UPDATE SET score = excluded.score"
        )

    def _values(self, rows: int, width: int) -> str:
        one = "(" + ", ".join([self.mark] * width) + ")"
        return ", ".join([one] * rows)

    def guard(self, rows: int, *, fenced: bool = False) -> str:
        """Moves each room from its expected version to its new one, and matches no row for
        a room that is not at the version expected: ``rowcount`` tells whether all moved.

        Parameters: the timestamp, then per room (code, expected, new, status, host). Fenced,
        for an instance that owns its rooms by lease, a room moves only while that instance
        owns it under the epoch the append names: per room also the epoch, and after the
        rooms the instance."""
        cache = self._fenced if fenced else self._guards
        text = cache.get(rows)
        if text is None:
            # VALUES columns are named column1, column2, ... by SQLite and PostgreSQL alike.
            text = cache[rows] = (
                "UPDATE rooms SET version = v.column3, status = v.column4, "
                f"host = v.column5, updated_at = {self.mark} "
                f"FROM (VALUES {self._values(rows, 6 if fenced else 5)}) AS v "
                "WHERE rooms.code = v.column1 AND rooms.version = v.column2"
                + (
                    f" AND rooms.owner = {self.mark} AND rooms.owner_epoch = v.column6"
                    if fenced
                    else ""
                )
            )
        return text

    def write_fenced_guards(
        self, cursor: Any, stamp: object, guards: Sequence[Row], instance: str
    ) -> int:
        """Runs the guards of ``(code, expected, new, status, host, epoch)`` rows for the
        rooms ``instance`` owns; returns how many rooms moved."""
        moved = 0
        for part in chunks(guards):
            cursor.execute(
                self.guard(len(part), fenced=True), (stamp, *chain.from_iterable(part), instance)
            )
            moved += cursor.rowcount
        return moved

    def guard_one(self) -> str:
        """The same for one room; parameters (timestamp, code, expected, new, status, host)."""
        m = self.mark
        return (
            f"UPDATE rooms SET updated_at = {m}, version = {m}, status = {m}, host = {m} "
            f"WHERE code = {m} AND version = {m}"
        )

    def events(self, rows: int) -> str:
        """Parameters per event: (room_code, seq, kind, data, created_at)."""
        text = self._events.get(rows)
        if text is None:
            text = self._events[rows] = (
                "INSERT INTO room_events (room_code, seq, kind, data, created_at) "
                f"VALUES {self._values(rows, 5)}"
            )
        return text

    def write_guards(self, cursor: Any, stamp: object, guards: Sequence[Row]) -> int:
        """Runs the guards of ``(code, expected, new, status, host)`` rows; returns how many
        rooms moved."""
        moved = 0
        if not self.update_from:
            one = self.guard_one()
            for code, expected, new, status, host in guards:
                cursor.execute(one, (stamp, new, status, host, code, expected))
                moved += cursor.rowcount
            return moved
        for part in chunks(guards):
            cursor.execute(self.guard(len(part)), (stamp, *chain.from_iterable(part)))
            moved += cursor.rowcount
        return moved

    def write_events(self, cursor: Any, events: Sequence[Row]) -> None:
        for part in chunks(events):
            cursor.execute(self.events(len(part)), tuple(chain.from_iterable(part)))

    def write_rows(self, cursor: Any, statement: str, rows: Sequence[Row]) -> None:
        """One of the row statements above, once per row."""
        if rows:
            cursor.executemany(statement, rows)
