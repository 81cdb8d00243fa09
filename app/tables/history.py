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

from .events import ACT, START, Event
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
        return PastMatch(number, room.players, room.match, Status.PLAYING, room.dealings)
    return None


def match_actions(log: Sequence[Event], number: int) -> list[tuple[int, str]]:
    """Every action of match ``number``, the table's deals included, in order, from the
    room's log: the room keeps them on disk, not in memory, and a replay reads them here."""
    matches = 0
    actions: list[tuple[int, str]] = []
    for event in log:
        if event.kind == START:
            matches += 1
            if matches > number:
                break
        elif event.kind == ACT and matches == number:
            actions.append((event.data["seat"], event.data["action"]))
    return actions


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
    room: RoomState, number: int, deal: int, actions: Sequence[tuple[int, str]]
) -> tuple[PastMatch, GameState, list[tuple[int, str]]] | None:
    """Match ``number`` as it stood before deal ``deal`` was dealt, and that deal's actions
    (its chance action first); ``actions``: the match's (:func:`match_actions`). Only a
    deal that is over (its seed is shown: docs/fairness.md); ``None`` otherwise, or when
    there is no such deal."""
    found = find_match(room, number)
    if found is None or deal < 1:
        return None
    over = found.status is not Status.PLAYING
    dealt = [i for i, (seat, _) in enumerate(actions) if seat == TABLE]
    if deal > len(dealt) or (deal == len(dealt) and not over):
        return None
    game = room.game
    start = dealt[deal - 1]
    end = dealt[deal] if deal < len(dealt) else len(actions)
    state = game.new_match(found.match.seats, room.options, found.match.first_dealer)
    for seat, text in actions[:start]:
        state.apply(seat, game.parse_action(text))
    return found, state, list(actions[start:end])


def replay_for(
    room: RoomState, number: int, deal: int, actions: Sequence[tuple[int, str]]
) -> dict[str, Any] | None:
    """Deal ``deal`` of match ``number`` step by step, every hand face up: the table as a
    spectator saw it after the deal and after each action of it, with each seat's hand
    beside it; ``actions``: the match's (:func:`match_actions`). ``None`` for a deal that
    is not over, or none at all."""
    finished = _finished_deal(room, number, deal, actions)
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


def decisions_of(
    room: RoomState, number: int, deal: int, actions: Sequence[tuple[int, str]]
) -> list[Decision] | None:
    """Every decision a seat made in deal ``deal`` of match ``number`` (a deal that is over):
    the step of the replay it made, the seat's view as it chose, and what it chose;
    ``actions``: the match's (:func:`match_actions`)."""
    finished = _finished_deal(room, number, deal, actions)
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


def _term(value: dict[str, Any]) -> str:
    """A term as its key names it, without the key's namespace (``contract.valfri`` is
    ``valfri``), its suit after it when it has one (``valfri H``): the words the game's
    records and paper form use, in no language of the page's."""
    word = str(value["term"]).partition(".")[2] or str(value["term"])
    return f"{word} {value['suit']}" if value.get("suit") else word


def _cell(kind: str, value: Any, players: Sequence[str]) -> str | int:
    """One value of a deal's line, as its column's kind says it reads."""
    if value is None:
        return ""
    if isinstance(value, dict):
        return _term(value)
    if kind == "seat" and isinstance(value, int) and 0 <= value < len(players):
        return players[value]
    return value if isinstance(value, int) else str(value)


def deal_table(
    sheet: dict[str, Any], players: Sequence[str]
) -> tuple[list[str], list[list[str | int]]]:
    """The scoresheet as a table of one row per deal, every game alike from the columns its
    sheet declares: the deal and its dealer (unless the game's own columns have one); each
    column of the game's own (its ``key``; a
    ``per_seat`` column one per player, ``key name``), each seat's score (``-`` for a seat
    that took no part) and running total after the deal, and the balance after it of each
    account the sheet keeps beside the seats (``key balance``)."""
    columns: list[dict[str, Any]] = sheet["columns"]
    accounts: list[dict[str, Any]] = sheet.get("accounts") or []
    # a game whose line shows the dealer (spades) has its own column for it
    dealer = all(column["key"] != "dealer" for column in columns)
    header = ["deal", *(["dealer"] if dealer else [])]
    for column in columns:
        if column["kind"] == "per_seat":
            header.extend(f"{column['key']} {name}" for name in players)
        else:
            header.append(column["key"])
    header.extend(f"score {name}" for name in players)
    header.extend(f"total {name}" for name in players)
    header.extend(f"{account['key']} balance" for account in accounts)
    rows: list[list[str | int]] = []
    for index, deal in enumerate(sheet["deals"]):
        row: list[str | int] = [deal["number"]]
        if dealer:
            row.append(_cell("seat", deal["dealer"], players))
        for column in columns:
            value = deal["cells"].get(column["key"])
            if column["kind"] == "per_seat":
                values = value if isinstance(value, list) else [None] * len(players)
                row.extend(_cell("per_seat", v, players) for v in values)
            else:
                row.append(_cell(column["kind"], value, players))
        scores = deal["scores"]
        row.extend("-" if score is None else score for score in scores)
        row.extend("-" if scores[s] is None else total for s, total in enumerate(deal["totals"]))
        for account in accounts:
            balance = account["running"][index]
            row.append("-" if balance is None else balance)
        rows.append(row)
    return header, rows


def protocol_csv(room: RoomState, number: int) -> str | None:
    """The match's scoresheet as CSV: a header, then one row per deal (:func:`deal_table`),
    for a match kept here or on paper alike."""
    found = find_match(room, number)
    if found is None:
        return None
    header, rows = deal_table(live_sheet(room, found.match), found.players)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()
