"""HTTP and WebSocket front of Kortbord: thin routes over the rooms layer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

import app
from app.config import Settings, get_settings
from app.store import RoomStore, open_store
from app.tables import Tables
from app.tables.catalogue import GAME_NAMES
from app.tables.credentials import is_room_code
from app.tables.limits import RoomLimits

from . import logs
from .addresses import AddressConnections, ForwardedClient, RoomCreations
from .api import Number, router
from .bodies import validation_refused
from .echo import add_echo_route
from .front import Connection, KortbordApp
from .memory import add_memory_route
from .pages import Problems
from .socket import room_socket

# Templates and static files sit at the top of the repository, beside app/, so that work on
# pages and styles never has to reach into Python packages.
ROOT = Path(__file__).resolve().parents[2]
TEMPLATES_DIR = ROOT / "templates"
STATIC_DIR = ROOT / "static"


def room_limits(settings: Settings) -> RoomLimits:
    return RoomLimits(
        connections=settings.room_connections,
        spectators=settings.room_spectators,
        seat_connections=settings.seat_connections,
        seat_proof=settings.seat_proof_seconds,
        spectator_every=settings.spectator_every,
        crowd=settings.crowd_spectators,
        chat_tick=settings.chat_tick,
        chat_burst=settings.room_chat_burst,
        chat_every=settings.room_chat_every,
        hint_burst=settings.room_hint_burst,
        hint_every=settings.room_hint_every,
    )


def create_app(settings: Settings | None = None, store: RoomStore | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(web: FastAPI) -> AsyncIterator[None]:
        # uvicorn has configured its loggers by the time the app starts, however it is run.
        quiet = logs.install()
        # Opening the store applies pending migrations: a new release upgrades on start.
        room_store = store or open_store(
            settings.database_url,
            settings.instance_id,
            settings.lease_seconds,
            settings.commit_window_ms / 1000,
        )
        web.state.tables = Tables(
            room_store,
            bot_delay=settings.bot_delay,
            bot_budget=settings.bot_budget,
            review_budget=settings.review_budget,
            lease_seconds=settings.lease_seconds,
            lease_renew=settings.lease_renew,
            handover_tenure=settings.handover_tenure,
            limits=room_limits(settings),
            idle_after=settings.room_idle_seconds,
            dormant_after=settings.room_dormant_seconds,
        )
        await web.state.tables.start()
        try:
            yield
        finally:
            await web.state.tables.close()
            await room_store.close()
            logs.remove(quiet)

    web = KortbordApp(title="Kortbord", version=app.__version__, lifespan=lifespan)
    web.state.settings = settings
    web.state.addresses = AddressConnections(settings.address_connections)
    web.state.room_creations = RoomCreations(
        settings.address_rooms_burst, settings.address_rooms_every
    )
    # the client's own address and scheme, where a trusted proxy forwarded them (a socket
    # is read by the app's own WebSocket path, ahead of the middleware)
    web.add_middleware(ForwardedClient, trusted=settings.trusted_proxies)
    web.forwarded = ForwardedClient(web, settings.trusted_proxies)
    web.add_exception_handler(RequestValidationError, validation_refused)
    templates = Jinja2Templates(directory=TEMPLATES_DIR)
    problems = Problems(templates)
    web.add_exception_handler(StarletteHTTPException, problems.http)
    web.add_exception_handler(Exception, problems.server)
    web.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    web.include_router(router)

    @web.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, "home.html")

    @web.get("/r/{code}", response_class=HTMLResponse, include_in_schema=False, name="room_page")
    async def room_page(request: Request, code: str) -> HTMLResponse:
        tables: Tables = request.app.state.tables
        # a read: the page never takes the room from the instance that serves it
        if not is_room_code(code) or await tables.peek(code) is None:
            raise HTTPException(404, "there is no room with that code")
        return templates.TemplateResponse(request, "room.html", {"code": code})

    @web.get(
        "/r/{code}/matches/{number}/deals/{deal}",
        response_class=HTMLResponse,
        include_in_schema=False,
        name="replay_page",
    )
    async def replay_page(
        request: Request, code: str, number: Number, deal: Number
    ) -> HTMLResponse:
        # The page is a frame: it reads the steps from the API, which says whether the deal
        # is over; a room that does not exist is refused here already.
        tables: Tables = request.app.state.tables
        if not is_room_code(code) or await tables.peek(code) is None:
            raise HTTPException(404, "there is no room with that code")
        context = {"code": code, "number": number, "deal": deal}
        return templates.TemplateResponse(request, "replay.html", context)

    @web.get("/games/{name}", response_class=HTMLResponse, include_in_schema=False)
    def howto_page(request: Request, name: str) -> HTMLResponse:
        # The page is a frame; its words come from the game's own folder under /static.
        if name not in GAME_NAMES:
            raise HTTPException(404, "there is no game of that name")
        return templates.TemplateResponse(request, "howto.html", {"game": name})

    @web.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    async def socket(scope: Scope, websocket: Connection, code: str) -> None:
        state = web.state
        await room_socket(scope, websocket, code, state.tables, settings, state.addresses)

    web.add_socket("/ws/", socket)

    if settings.bench_echo:
        add_echo_route(web)
        add_memory_route(web)

    return web
