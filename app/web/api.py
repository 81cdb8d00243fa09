"""The HTTP API: create a room, read its public state."""

from __future__ import annotations

import re
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, HTTPException, Path, Request, status
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, BeforeValidator, Field
from pydantic_core import PydanticCustomError

from app.tables import NoSuchDeal, ReviewsBusy, TableError, Tables
from app.tables.catalogue import (
    BOT_LEVELS,
    DEFAULT_GAME,
    GAME_NAMES,
    MAX_SEATS,
    MIN_SEATS,
    describe_games,
)
from app.tables.credentials import is_room_code
from app.tables.room import AWAY_GRACE, AWAY_GRACE_MAX, MOVE_CLOCK_MAX

from .addresses import RoomCreations, address_key
from .bodies import StrictJsonRoute
from .families import in_families

# Integers a browser holds exactly; text no longer than any option's choice needs.
OptionValue = (
    bool
    | Annotated[int, Field(ge=-(2**53) + 1, le=2**53 - 1)]
    | Annotated[str, Field(max_length=64)]
)


def _digits(value: object) -> object:
    """A match's or a deal's number in a path is its decimal digits alone: ``1.0``, ``01``,
    ``+1``, `` 1`` or ``1_0`` would be read as a number by the lax integer parser, and are
    refused as ``one`` is."""
    if isinstance(value, str) and not _DIGITS.fullmatch(value):
        raise PydanticCustomError(
            "int_parsing", "Input should be a valid integer, unable to parse string as an integer"
        )
    return value


_DIGITS = re.compile(r"0|[1-9][0-9]*")
Number = Annotated[int, Path(ge=1, le=1_000_000), BeforeValidator(_digits)]
"""A match or deal number in a path, from 1. (``Path`` first: after the validator its bounds
would leave the OpenAPI schema as ``ge``/``le`` instead of ``minimum``/``maximum``.)"""


def _a_number(value: object) -> object:
    """A count of seconds is a JSON number: ``true`` and ``"60"`` are not ones."""
    if isinstance(value, bool | str):
        raise ValueError("a number of seconds, or null")
    return value


class NewRoom(BaseModel):
    game: str = Field(
        DEFAULT_GAME,
        max_length=32,
        description="The game the room is for (GET /api/games lists them).",
        json_schema_extra={"enum": list(GAME_NAMES)},
    )
    seats: int | None = Field(
        None,
        ge=MIN_SEATS,
        le=MAX_SEATS,
        description="One of the game's seat counts; its default when left out.",
    )
    nickname: str = Field(min_length=1, max_length=64)
    options: dict[Annotated[str, Field(max_length=40)], OptionValue] = Field(
        default_factory=dict,
        max_length=32,
        description="Rule options by name; the game's defaults for those left out.",
    )
    away_grace: Annotated[int | None, BeforeValidator(_a_number)] = Field(
        AWAY_GRACE,
        ge=1,
        le=AWAY_GRACE_MAX,
        description="Seconds a player may be away on their turn before a computer player "
        "stands in, and the host away before the role passes on; null: never.",
    )
    move_clock: Annotated[int | None, BeforeValidator(_a_number)] = Field(
        None,
        ge=1,
        le=MOVE_CLOCK_MAX,
        description="Seconds for each move, after which a computer player makes that move; "
        "null (the default): no clock.",
    )
    paper: bool = Field(
        False,
        strict=True,
        description="Keep score of a game played with real cards: nothing is dealt, the "
        "players enter each deal (422 no_paper for a game that cannot be kept on paper).",
    )
    bots: str | None = Field(
        None,
        strict=True,
        max_length=16,
        description="Play at once: a computer player of this level (one of the game's bots) "
        "sits in every other seat, and the match starts as soon as the creator gives the "
        "seed for its first deal (422 bad_bot_level, or paper_no_bots with paper).",
        json_schema_extra={"enum": [*BOT_LEVELS, None]},
    )


class CreatedRoom(BaseModel):
    code: str
    url: str
    seat: int
    secret: str = Field(description="Keep it: it reclaims the seat. Never put it in a URL.")


class SeatInfo(BaseModel):
    seat: int
    nickname: str | None
    taken: bool
    bot: str | None
    stand_in: bool
    finishes_deal: bool = Field(
        False,
        description="The computer player that had this seat plays the deal in progress out "
        "for the person who took it over; it stops at the next deal.",
    )
    connected: bool
    stand_in_at: int | None = Field(
        None,
        description="When a stand-in plays for this seat's player, who is away on their turn "
        "(server time, ms since the epoch).",
    )
    clock_at: int | None = Field(None, description="When this seat's time for its move runs out")
    player: str | None


class RoomScore(BaseModel):
    """Where the room's current match stands, or its last one's end: what every spectator
    sees on the table."""

    match: int = Field(description="The match's number, from 1")
    deals_played: int
    deals_total: int | None = Field(description="null when the match ends on a score")
    totals: list[int] = Field(description="The running totals by seat")


class RoomInfo(BaseModel):
    code: str
    game: str
    options: dict[str, OptionValue]
    paper: bool = Field(False, description="Played with real cards, each deal entered")
    bots: list[str]
    size: int
    status: str
    host: int | None
    home_host: int | None = Field(None, description="The host away, who gets the role back")
    host_due: int | None = Field(None, description="When the role passes from a host away")
    away_grace: int | None = AWAY_GRACE
    move_clock: int | None = None
    match_number: int
    spectators: int
    seats: list[SeatInfo]
    score: RoomScore | None = Field(
        None, description="The current match's running totals, else the last one's; null before"
    )


class Problem(BaseModel):
    code: str
    message: str


class ProblemBody(BaseModel):
    """A refusal as it goes over the wire: FastAPI wraps it in ``detail``."""

    detail: Problem


class Invalid(BaseModel):
    """One thing wrong with a request. The refused input is never echoed."""

    type: str
    loc: list[str | int | float | bool | None]
    msg: str
    ctx: dict[str, str | int | float | bool | None] | None = None


class InvalidBody(BaseModel):
    """A request refused before it reached the rooms: what was wrong, field by field."""

    detail: list[Invalid]


class UnreadableBody(BaseModel):
    """A body FastAPI could not even decode (not UTF-8, say)."""

    detail: str


def get_tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


TablesDep = Annotated[Tables, Depends(get_tables)]

router = APIRouter(prefix="/api", route_class=StrictJsonRoute)


@router.post(
    "/rooms",
    status_code=status.HTTP_201_CREATED,
    responses={
        400: {"model": UnreadableBody},
        422: {"model": ProblemBody | InvalidBody},
        429: {"model": ProblemBody, "description": "too many rooms from this address"},
    },
)
async def create_room(body: NewRoom, tables: TablesDep, request: Request) -> CreatedRoom:
    creations: RoomCreations = request.app.state.room_creations
    wait = creations.take(address_key(request.client))
    if wait is not None:
        raise HTTPException(
            429,
            {"code": "too_many_rooms", "message": "this address has made rooms enough for now"},
            headers={"Retry-After": str(wait)},
        )
    try:
        code, seat, secret = await tables.create_room(
            body.seats,
            body.nickname,
            body.game,
            dict(body.options),
            body.away_grace,
            body.move_clock,
            body.paper,
            body.bots,
        )
    except TableError as refused:
        raise HTTPException(422, {"code": refused.code, "message": refused.message}) from None
    return CreatedRoom(
        code=code, url=str(request.url_for("room_page", code=code)), seat=seat, secret=secret
    )


@router.get("/rooms/{code}", responses={404: {"model": ProblemBody}})
async def read_room(code: str, tables: TablesDep) -> RoomInfo:
    live = await tables.peek(code) if is_room_code(code) else None
    if live is None:
        raise HTTPException(
            404, {"code": "no_such_room", "message": "there is no room with that code"}
        )
    async with live.lock:  # never show a change that is not yet committed
        state = live.state
        public: dict[str, Any] = state.public(live.connected(), live.spectators())
        match = state.match
        if match is not None:
            public["score"] = {
                "match": state.match_number,
                "deals_played": match.deals_played,
                "deals_total": state.game.deals_total(state.size, state.options),
                "totals": list(match.totals),
            }
    return RoomInfo.model_validate(public)


class MatchOut(BaseModel):
    number: int
    players: list[str]
    status: str
    deals_played: int
    deals_total: int | None = Field(description="null when the match ends on a score")
    totals: list[int]
    winners: list[int] | None
    scoresheet: dict[str, Any] = Field(description="The game's scoresheet (docs/protocol.md)")


class OptionInfo(BaseModel):
    name: str
    type: str
    default: OptionValue
    description: str
    choices: list[OptionValue] | None = None
    minimum: int | None = None
    maximum: int | None = None


class GameInfo(BaseModel):
    name: str
    title: str
    summary: str
    seats: list[int]
    default_seats: int
    options: list[OptionInfo]
    bots: list[str]
    paper: bool = Field(description="A room may keep score of it played with real cards")
    partnerships: bool = Field(description="Played in two fixed partnerships, partners opposite")
    family: str = Field(description="The family the home page lists it in; 'other' for none")


async def _live_room(code: str, tables: Tables) -> Any:
    live = await tables.peek(code) if is_room_code(code) else None
    if live is None:
        raise HTTPException(
            404, {"code": "no_such_room", "message": "there is no room with that code"}
        )
    return live


_NO_MATCH = {"code": "no_such_match", "message": "this room has no match with that number"}
_NO_DEAL = {
    "code": "no_such_deal",
    "message": "that match has no deal with that number that is over",
}


@router.get("/rooms/{code}/matches", responses={404: {"model": ProblemBody}})
async def list_matches(code: str, tables: TablesDep) -> list[MatchOut]:
    """Every match of the room with its scoresheet rows (the protocol), oldest first."""
    live = await _live_room(code, tables)
    return [MatchOut.model_validate(m) for m in await tables.matches(live)]


@router.get(
    "/rooms/{code}/matches/{number}/record",
    responses={404: {"model": ProblemBody}},
)
async def match_record(
    code: str,
    number: Number,
    tables: TablesDep,
    x_seat_secret: Annotated[str | None, Header(max_length=128)] = None,
) -> dict[str, Any]:
    """The match as a kortbord-record/1 game record. While the match runs, only what the
    requester may see: send the seat secret in the ``X-Seat-Secret`` header."""
    live = await _live_room(code, tables)
    record = await tables.record(live, number, x_seat_secret)
    if record is None:
        raise HTTPException(404, _NO_MATCH)
    return record


@router.get(
    "/rooms/{code}/matches/{number}/deals/{deal}/replay",
    responses={404: {"model": ProblemBody}},
)
async def deal_replay(
    code: str,
    number: Number,
    deal: Number,
    tables: TablesDep,
) -> dict[str, Any]:
    """A deal that is over, step by step with every hand: the spectator's view after the
    deal and after each action, and each seat's hand as it stood."""
    live = await _live_room(code, tables)
    replay = await tables.replay(live, number, deal)
    if replay is None:
        raise HTTPException(404, _NO_DEAL)
    return replay


_REVIEWS_BUSY = {
    "code": "reviews_busy",
    "message": "the server has as many reviews waiting as it takes; try again in a minute",
}


async def _review(code: str, number: int, deal: int, tables: Tables, start: bool) -> dict[str, Any]:
    live = await _live_room(code, tables)
    try:
        return await tables.review(live, number, deal, start)
    except NoSuchDeal:
        raise HTTPException(404, _NO_DEAL) from None
    except ReviewsBusy:
        raise HTTPException(503, _REVIEWS_BUSY, headers={"Retry-After": "60"}) from None


@router.get(
    "/rooms/{code}/matches/{number}/deals/{deal}/review",
    responses={404: {"model": ProblemBody}},
)
async def deal_review(
    code: str,
    number: Number,
    deal: Number,
    tables: TablesDep,
) -> dict[str, Any]:
    """The strong player's review of a deal that is over, as far as it has got: ``status``
    (``none`` while nobody has asked for one, ``queued``, ``running``, ``done``), how many
    decisions are ``judged``, and a judgement for each decision where the seat had a choice
    (docs/protocol.md §1.4)."""
    return await _review(code, number, deal, tables, start=False)


@router.post(
    "/rooms/{code}/matches/{number}/deals/{deal}/review",
    status_code=202,
    responses={
        200: {"description": "the review is done"},
        404: {"model": ProblemBody},
        503: {"model": ProblemBody},
    },
)
async def start_deal_review(
    code: str,
    number: Number,
    deal: Number,
    tables: TablesDep,
    response: Response,
) -> dict[str, Any]:
    """Ask the strong player to review a deal that is over (a review under way or done is
    returned as it stands); poll the GET for its progress."""
    review = await _review(code, number, deal, tables, start=True)
    if review["status"] == "done":
        response.status_code = 200
    return review


@router.get(
    "/rooms/{code}/matches/{number}/protocol.csv",
    # No default media type, so the 404 is documented as the JSON it is; the 200 is CSV.
    response_class=Response,
    responses={
        404: {"model": ProblemBody},
        200: {"content": {"text/csv": {"schema": {"type": "string"}}}},
    },
)
async def match_protocol_csv(code: str, number: Number, tables: TablesDep) -> PlainTextResponse:
    live = await _live_room(code, tables)
    text = await tables.protocol_csv(live, number)
    if text is None:
        raise HTTPException(404, _NO_MATCH)
    filename = f"kortbord-{code}-match-{number}.csv"
    return PlainTextResponse(
        text,
        media_type="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.get("/games")
async def list_games() -> list[GameInfo]:
    """Every game a room can be made for, family by family: seat counts, options with
    their defaults, and the levels of computer player."""
    return [GameInfo.model_validate(g) for g in in_families(describe_games())]
