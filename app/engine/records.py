"""Game records, format ``kortbord-record/1``: the envelope every game shares, and the
dispatch on its ``game`` (docs/records.md).

A record is ``{"format", "game", "players", "teams" (for a partnership game), "options"
(when not the defaults), "deals", ...}``; what a deal holds is each game's own (its
``Records``). A reader looks the game up in the registry and replays the record through that
game's rules, so a validator and a live server can never disagree about a rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .game import RECORD_FORMAT as FORMAT
from .game import Game, GameState, OptionError, RecordFormatError, Validation, same_json
from .paper_game import paper_game
from .registry import GAMES, get_game

__all__ = ["FORMAT", "export_record", "read_envelope", "replay_record", "validate_record"]


def export_record(
    game: Game,
    state: Any,
    players: Sequence[str],
    *,
    seat: int | None = None,
    whole: bool = True,
) -> dict[str, Any]:
    """The record of ``state``: every card when ``whole``, else only what ``seat`` (``None``:
    a spectator) may see of a running match."""
    if len(players) != state.seats:
        raise ValueError("one name per seat")
    record = game.records.export(state, players, seat, whole)
    teams = game.teams(state.seats)
    if teams is None:
        return record
    # the partnerships follow the players, before the game's own fields
    head: dict[str, Any] = {k: record[k] for k in ("format", "game", "players") if k in record}
    return {**head, "teams": [list(members) for members in teams], **record}


def read_envelope(doc: object) -> tuple[Game, list[str], dict[str, Any]]:
    """The game, players and options of ``doc``, or :class:`RecordFormatError`."""
    if not isinstance(doc, dict):
        raise RecordFormatError("a record is a JSON object")
    if doc.get("format") != FORMAT:
        raise RecordFormatError(f"not a {FORMAT} record (format is {doc.get('format')!r})")
    name = doc.get("game")
    if not isinstance(name, str) or name not in GAMES:
        shown = repr(name)[:40]
        raise RecordFormatError(f"unknown game {shown} (games: {', '.join(GAMES)})")
    game = get_game(name)
    paper = doc.get("paper", False)
    if not isinstance(paper, bool):
        raise RecordFormatError("'paper' is true or false")
    if paper:
        # a match played with real cards: its deals are the entries that scored them
        if game.paper is None:
            raise RecordFormatError(f"{game.title} is not kept on paper")
        game = paper_game(game)
    players = doc.get("players")
    if (
        not isinstance(players, list)
        or len(players) not in game.seat_counts
        or not all(isinstance(p, str) for p in players)
    ):
        raise RecordFormatError(f"'players' must list {game.seat_counts_text} names")
    teams = doc.get("teams")
    expected = game.teams(len(players))
    if teams is not None and (
        expected is None or not same_json(teams, [list(members) for members in expected])
    ):
        wanted = "no 'teams'" if expected is None else f"'teams' {[list(m) for m in expected]}"
        raise RecordFormatError(f"{game.title} at {len(players)} seats has {wanted}")
    given = doc.get("options", {})
    if not isinstance(given, dict):
        raise RecordFormatError("'options' must be an object")
    try:
        options = game.resolve_options(given)
    except OptionError as refused:
        raise RecordFormatError(refused.message) from None
    if not isinstance(doc.get("deals"), list):
        raise RecordFormatError("'deals' must be a list")
    return game, players, options


def replay_record(doc: object) -> tuple[Game, GameState, list[str]]:
    """Replay a record: its game, the state its deals lead to, and its players. Raises
    :class:`RecordFormatError` or :class:`~app.engine.game.RecordError`."""
    game, players, options = read_envelope(doc)
    assert isinstance(doc, Mapping)
    return game, game.records.replay(players, options, doc), players


def validate_record(doc: object) -> Validation:
    """Replay ``doc`` through its game and check what it states. Raises
    :class:`RecordFormatError` only: a broken rule is reported in the result."""
    game, players, options = read_envelope(doc)
    assert isinstance(doc, Mapping)
    return game.records.validate(players, options, doc)
