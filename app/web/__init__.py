"""HTTP and WebSocket front of Kortbord."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

import app
from app.config import Settings, get_settings

# Templates and static files sit at the top of the repository, beside app/, so that work on
# pages and styles never has to reach into Python packages.
ROOT = Path(__file__).resolve().parents[2]
TEMPLATES_DIR = ROOT / "templates"
STATIC_DIR = ROOT / "static"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    web = FastAPI(title="Kortbord", version=app.__version__)
    web.state.settings = settings
    templates = Jinja2Templates(directory=TEMPLATES_DIR)
    web.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @web.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, "home.html")

    @web.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    return web
