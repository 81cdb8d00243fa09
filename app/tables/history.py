"""Past and running matches of a room: scoresheets, CSV and game records, each through the
room's game.

Records of a running match hold only what the requester may see; the game itself says what
that is, with the same rules as its view. Finished and ended matches are shown whole.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.engine import TABLE, GameState, ScoredDeal
from app.engine.records import export_record
from app.store import DealRow, MatchRow

from .room import PastMatch, RoomState, Status, dealings_json


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice one seat made: at ``step`` of its deal's replay, seeing ``view``."""

    step: int
    seat: int
    view: dict[str, Any]
    action: str


def find_match(room: RoomState, number: int) -> PastMatch | None:
    """Match ``number`` of the room: a past one, or the one being played."""
    for past in room.past:
        if past.number == number:
            return past
    if room.match is not None and room.match_number == number and room.playing:
        return PastMatch(
            number, room.players, room.match, Status.PLAYING, room.dealings, room.actions
        )
    return None


def record_for(room: RoomState, number: int, seat: int | None) -> dict[str, Any] | None:
    """The record of match ``number``, its deals' seeds with it (each server seed once its
    deal is over)."""
    found = find_match(room, number)
    if found is None:
        return None
    over = found.status is not Status.PLAYING
    if over:
        record = export_record(room.game, found.match, found.players)
    else:
        record = export_record(room.game, found.match, found.players, seat=seat, whole=False)
    record["status"] = found.status.value
    if not over:
        record["seen_by"] = seat
    if found.dealings:
        record["fairness"] = dealings_json(found.dealings, over)
    return record


def _finished_deal(
    room: RoomState, number: int, deal: int
) -> tuple[PastMatch, GameState, list[tuple[int, str]]] | None:
    """Match ``number`` as it stood before deal ``deal`` was dealt, and that deal's actions
    (its chance action first). Only a deal that is over (its seed is shown:
    docs/fairness.md); ``None`` otherwise, or when there is no such deal."""
    found = find_match(room, number)
    if found is None or deal < 1:
        return None
    over = found.status is not Status.PLAYING
    dealt = [i for i, (seat, _) in enumerate(found.actions) if seat == TABLE]
    if deal > len(dealt) or (deal == len(dealt) and not over):
        return None
    game = room.game
    start = dealt[deal - 1]
    end = dealt[deal] if deal < len(dealt) else len(found.actions)
    state = game.new_match(found.match.seats, room.options, found.match.first_dealer)
    for seat, text in found.actions[:start]:
        state.apply(seat, game.parse_action(text))
    return found, state, list(found.actions[start:end])


def replay_for(room: RoomState, number: int, deal: int) -> dict[str, Any] | None:
    """Deal ``deal`` of match ``number`` step by step, every hand face up: the table as a
    spectator saw it after the deal and after each action of it, with each seat's hand
    beside it. ``None`` for a deal that is not over, or none at all."""
    finished = _finished_deal(room, number, deal)
    if finished is None:
        return None
    found, state, actions = finished
    game = room.game
    steps = []
    for seat, text in actions:
        state.apply(seat, game.parse_action(text))
        public = game.view(state, None, None, None)
        # each hand as its seat saw it (null where the rules had not shown it yet)
        hands = [
            (game.view(state, s, public, None)["deal"] or {}).get("hand")
            for s in range(state.seats)
        ]
        steps.append(
            {
                "seat": None if seat == TABLE else seat,
                "action": text,
                "view": public,
                "hands": hands,
            }
        )
    teams = game.teams(state.seats)
    return {
        "game": game.name,
        "match": number,
        "deal": deal,
        "players": list(found.players),
        "teams": [list(members) for members in teams] if teams else None,
        "steps": steps,
    }


def decisions_of(room: RoomState, number: int, deal: int) -> list[Decision] | None:
    """Every decision a seat made in deal ``deal`` of match ``number`` (a deal that is over):
    the step of the replay it made, the seat's view as it chose, and what it chose."""
    finished = _finished_deal(room, number, deal)
    if finished is None:
        return None
    _, state, actions = finished
    game = room.game
    decisions = []
    for step, (seat, text) in enumerate(actions):
        if seat != TABLE and state.to_act == seat:
            view = game.view(state, seat, None, None)
            decisions.append(Decision(step, seat, view, text))
        state.apply(seat, game.parse_action(text))
    return decisions


def stored_sheet(room: RoomState, match: MatchRow, deals: Sequence[DealRow]) -> dict[str, Any]:
    """The scoresheet of a stored match, as its game draws it."""
    scored = [ScoredDeal(d.number, d.dealer, tuple(d.scores), d.detail) for d in deals]
    return room.game.scoresheet(len(match.players), room.options, scored)


def live_sheet(room: RoomState, match: GameState) -> dict[str, Any]:
    return room.game.scoresheet(match.seats, room.options, room.game.scored_deals(match, 0))


def _mark(cell: dict[str, Any] | None) -> str:
    """A marked cell of the sheet's grid: the X, its suit, the deal and the score."""
    if cell is None:
        return ""
    suit = f" {cell['suit']}" if cell.get("suit") else ""
    return f"X{suit} (deal {cell['deal']}: {cell['score']:+d})"


TEAM_LETTERS = "ABC"
"""The teams' names in a CSV, as the table shows them."""


def protocol_csv(room: RoomState, number: int) -> str | None:
    """One row per player: name, the team's letter in a partnership game, the grid's marks
    when the game has a grid, the running total after each deal ("-" where the seat took no
    part), and the total. Then one row per account the sheet keeps beside the seats (its
    optional ``accounts``, such as a kitty): no seat, the account's key for a name, no marks,
    its balance after each deal and its total."""
    found = find_match(room, number)
    if found is None:
        return None
    match, players = found.match, found.players
    sheet = live_sheet(room, match)
    grid = sheet.get("grid")
    keys = [c["key"] for c in grid["columns"]] if grid else []
    deals = sheet["deals"]
    # partners carry their team's score; a partnership game adds the team's letter
    teams: list[list[int]] = sheet["teams"]["members"] if sheet.get("teams") else []
    team_column = ["team"] if teams else []
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "seat",
            "player",
            *team_column,
            *keys,
            *(f"after deal {k}" for k in range(1, len(deals) + 1)),
            "total",
        ]
    )
    for seat, name in enumerate(players):
        team = [TEAM_LETTERS[i] for i, members in enumerate(teams) if seat in members]
        marks = [_mark(grid["rows"][seat]["cells"][k]) for k in keys] if grid else []
        running = ["-" if d["scores"][seat] is None else d["totals"][seat] for d in deals]
        writer.writerow([seat, name, *team, *marks, *running, sheet["totals"][seat]])
    for account in sheet.get("accounts") or []:
        balances = ["-" if b is None else b for b in account["running"]]
        writer.writerow(["", account["key"], *([""] * len(keys)), *balances, account["total"]])
    return out.getvalue()
