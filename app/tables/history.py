"""Past and running matches of a room, as protocols, CSV and game records.

Records of a running match are cut down to what the requester may see: their own hands
and discards, and everything public. Finished matches are shown whole.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from app.engine.bismarck import CONTRACTS, Match, export_record, protocol_rows

from .room import RoomState, Status


def find_match(room: RoomState, number: int) -> tuple[Match, list[str], Status] | None:
    for past in room.past:
        if past.number == number:
            return past.match, past.players, past.status
    if room.match is not None and room.match_number == number and room.playing:
        return room.match, room.players, Status.PLAYING
    return None


def record_for(room: RoomState, number: int, seat: int | None) -> dict[str, Any] | None:
    found = find_match(room, number)
    if found is None:
        return None
    match, players, status = found
    record = export_record(match, players)
    record["status"] = status.value
    if status is Status.PLAYING:
        record["seen_by"] = seat
        del record["winners"]  # nobody has won a match that is still running
        for deal in record["deals"]:
            forehand = (deal["dealer"] + 1) % len(players)
            deal["hands"] = [h if i == seat else None for i, h in enumerate(deal["hands"])]
            if seat != forehand:
                deal.pop("discard", None)
    return record


def _cell(cell: dict[str, Any] | None) -> str:
    """The X of a contract played, with the deal, valfri's trump and forehand's score."""
    if cell is None:
        return ""
    trump = f" {cell['trump']}" if cell["trump"] and cell["trump"] != "S" else ""
    return f"X{trump} (deal {cell['deal']}: {cell['score']:+d})"


def protocol_csv(room: RoomState, number: int) -> str | None:
    """One row per player: name, the X of each contract column, running totals, total."""
    found = find_match(room, number)
    if found is None:
        return None
    match, players, _ = found
    protocol = protocol_rows(match)
    out = io.StringIO()
    writer = csv.writer(out)
    deals = len(protocol["deals"])
    writer.writerow(
        ["seat", "player", *CONTRACTS, *(f"after deal {k}" for k in range(1, deals + 1)), "total"]
    )
    for row in protocol["rows"]:
        cells = [_cell(row["cells"][c]) for c in CONTRACTS]
        running = ["-" if t is None else t for t in row["running"]]  # "-": sat out that deal
        writer.writerow([row["seat"], players[row["seat"]], *cells, *running, row["total"]])
    return out.getvalue()
