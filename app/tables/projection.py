"""The scoresheet rows an append changes, computed from the room after its new events."""

from __future__ import annotations

from collections.abc import Sequence

from app.engine.paper_game import AMEND
from app.store import DealRow, MatchRow, Projection, RoomRow, SeatRow

from . import events as ev
from .events import Event
from .room import RoomState

_SEATING = frozenset({ev.CREATED, ev.SIT, ev.LEAVE, ev.REORDER, ev.BOT})
_MATCH_ROW = frozenset({ev.START, ev.END})


def room_row(room: RoomState) -> RoomRow:
    changed = room.game.non_default(room.options)
    return RoomRow(room.game.name, changed or None, room.size)


def seat_rows(room: RoomState) -> list[SeatRow | None]:
    return [
        SeatRow(i, s.nickname, s.secret_hash, s.bot) if s is not None else None
        for i, s in enumerate(room.seats)
    ]


def projection(room: RoomState, events: Sequence[Event], deals_before: int) -> Projection:
    """``deals_before``: scored deals of the room's match before these events (0 for a new
    match)."""
    kinds = {e.kind for e in events}
    out = Projection(status=room.status.value, host=room.host)
    if kinds & _SEATING:
        out.seats = seat_rows(room)
    match = room.match
    # The match row changes only when a match starts or stops or a deal is scored; a card
    # played mid-deal changes nothing there, and rewriting it per card was most of the cost
    # of storing an action.
    played = match.deals_played if match is not None else 0
    # at a table of real cards the last deal's entry may be corrected: its row is written again
    amended = room.paper and any(
        e.kind == ev.ACT and str(e.data["action"]).startswith(f"{AMEND}:") for e in events
    )
    start = deals_before - 1 if amended else deals_before
    # an action that ends a match without scoring a deal (closing a match kept on paper)
    ended = match is not None and match.is_over and ev.ACT in kinds
    if match is not None and (kinds & _MATCH_ROW or played > deals_before or amended or ended):
        game = room.game
        last = room.past[-1] if room.past and room.past[-1].match is match else None
        status = last.status.value if last is not None else "playing"
        outcome = game.outcome(match)
        out.match = MatchRow(
            number=room.match_number,
            players=list(room.players),
            first_dealer=match.first_dealer,
            status=status,
            deals_played=played,
            totals=list(match.totals),
            winners=list(outcome.winners) if outcome is not None else None,
        )
        out.deals = [
            DealRow(
                match_number=room.match_number,
                number=d.number,
                dealer=d.dealer,
                scores=list(d.scores),
                detail=dict(d.detail),
            )
            for d in game.scored_deals(match, max(start, 0))
        ]
    return out
