"""The HTTP API: create a room, read its public state."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request, status
from pydantic import BaseModel, Field

from app.tables import TableError, Tables
from app.tables.credentials import is_room_code


class NewRoom(BaseModel):
    seats: Literal[3, 4] = 3
    nickname: str = Field(min_length=1, max_length=64)


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
    connected: bool
    player: str | None


class RoomInfo(BaseModel):
    code: str
    size: int
    status: str
    host: int | None
    match_number: int
    seats: list[SeatInfo]


class Problem(BaseModel):
    code: str
    message: str


def get_tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


TablesDep = Annotated[Tables, Depends(get_tables)]

router = APIRouter(prefix="/api")


@router.post(
    "/rooms",
    status_code=status.HTTP_201_CREATED,
    responses={422: {"model": Problem}},
)
async def create_room(body: NewRoom, tables: TablesDep, request: Request) -> CreatedRoom:
    try:
        code, seat, secret = await tables.create_room(body.seats, body.nickname)
    except TableError as refused:
        raise HTTPException(422, {"code": refused.code, "message": refused.message}) from None
    return CreatedRoom(
        code=code, url=str(request.url_for("room_page", code=code)), seat=seat, secret=secret
    )


@router.get("/rooms/{code}", responses={404: {"model": Problem}})
async def read_room(code: str, tables: TablesDep) -> RoomInfo:
    live = await tables.room(code) if is_room_code(code) else None
    if live is None:
        raise HTTPException(
            404, {"code": "no_such_room", "message": "there is no room with that code"}
        )
    public: dict[str, Any] = live.state.public(live.connected())
    return RoomInfo.model_validate(public)
