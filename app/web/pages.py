"""Pages for a browser that meets an error: an unknown room link, a page that is not there, a
fault of the server. A browser asking for a page (``Accept: text/html``) outside the API gets
a page in the site's frame, in the reader's language (the words are the client's, as on every
page) with a way home; the API, the socket and static files keep their JSON or plain answers.
"""

from __future__ import annotations

from fastapi import Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import JSONResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException

from app.tables.credentials import is_room_code

NOT_PAGES = ("/api/", "/ws/", "/static/", "/bench/", "/healthz")

ENGLISH = {
    "no_room": (
        "There is no such table",
        "The link may be mistyped, or the table was never made.",
    ),
    "no_game": ("There is no such game here", "The start page lists the games this table offers."),
    "not_found": ("This page is not here", "The address may be mistyped, or the page has moved."),
    "server": (
        "Something went wrong on the server",
        "Nothing you did caused it, and no game was lost. Try again in a moment.",
    ),
}
"""What the page says before its script puts it in the reader's language."""


def wants_page(request: Request) -> bool:
    if request.url.path.startswith(NOT_PAGES):
        return False
    return "text/html" in request.headers.get("accept", "")


def _kind(path: str) -> tuple[str, str | None]:
    """What was not found, and the room code a room link asked for (when it is one)."""
    if path.startswith("/r/"):
        code = path[3:].strip("/")
        return "no_room", code if is_room_code(code) else None
    if path.startswith("/games/"):
        return "no_game", None
    return "not_found", None


class Problems:
    """The exception handlers that answer a browser with a page."""

    def __init__(self, templates: Jinja2Templates) -> None:
        self.templates = templates

    def page(self, request: Request, status: int, kind: str, code: str | None = None) -> Response:
        title, text = ENGLISH[kind]
        return self.templates.TemplateResponse(
            request,
            "error.html",
            {"status": status, "kind": kind, "title": title, "text": text, "code": code},
            status_code=status,
        )

    async def http(self, request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if exc.status_code != 404 or not wants_page(request):
            return await http_exception_handler(request, exc)
        kind, code = _kind(request.url.path)
        return self.page(request, 404, kind, code)

    async def server(self, request: Request, exc: Exception) -> Response:
        # Starlette logs the traceback itself once this answer is sent.
        if wants_page(request):
            return self.page(request, 500, "server")
        return JSONResponse(
            {"detail": {"code": "internal_error", "message": "the server failed to answer"}},
            status_code=500,
        )
