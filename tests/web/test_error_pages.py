"""Pages people land on by mistake: a browser asking for an unknown room, game or page, or
meeting a fault of the server, gets a page with a way home; the API keeps its JSON. The real
server answers the first; a fault is made in the server's own process, its rooms layer
broken under it."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from fastapi.testclient import TestClient

from app.config import Settings
from app.web import create_app
from support.server import ServerProcess

HTML = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.fixture(scope="module")
def in_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    data = tmp_path_factory.mktemp("pages")
    settings = Settings(database_url=f"sqlite:///{data / 'kortbord.db'}")
    with TestClient(create_app(settings), raise_server_exceptions=False) as test_client:
        yield test_client


def page_of(response: httpx.Response) -> str:
    assert response.headers["content-type"].startswith("text/html")
    text = response.text
    assert 'href="/"' in text and "problem-home" in text
    assert "/static/js/problem.js" in text
    return text


def test_an_unknown_room_link_is_a_page_with_a_way_home(live_server: ServerProcess) -> None:
    response = httpx.get(f"{live_server.base_url}/r/ZZZZZZZZ", headers=HTML)
    assert response.status_code == 404
    text = page_of(response)
    assert 'data-kind="no_room"' in text and "There is no such table" in text
    assert ">ZZZZZZZZ</code>" in text


def test_a_mistyped_link_shows_no_code_it_cannot_be(live_server: ServerProcess) -> None:
    response = httpx.get(f"{live_server.base_url}/r/<img src=x onerror=alert(1)>", headers=HTML)
    assert response.status_code == 404
    text = page_of(response)
    assert "<img" not in text and "onerror" not in text


def test_unknown_games_and_pages_are_pages_too(live_server: ServerProcess) -> None:
    game = httpx.get(f"{live_server.base_url}/games/whist", headers=HTML)
    assert game.status_code == 404 and 'data-kind="no_game"' in page_of(game)
    other = httpx.get(f"{live_server.base_url}/no/such/page", headers=HTML)
    assert other.status_code == 404 and 'data-kind="not_found"' in page_of(other)


def test_the_api_and_machines_keep_json(live_server: ServerProcess) -> None:
    base = live_server.base_url
    api = httpx.get(f"{base}/api/rooms/ZZZZZZZZ", headers=HTML)
    assert api.status_code == 404
    assert api.json()["detail"]["code"] == "no_such_room"
    bare = httpx.get(f"{base}/r/ZZZZZZZZ", headers={"accept": "application/json"})
    assert bare.status_code == 404 and bare.json() == {"detail": "there is no room with that code"}
    static = httpx.get(f"{base}/static/nothing.js", headers=HTML)
    assert static.status_code == 404 and not static.headers["content-type"].startswith("text/html")


def test_a_fault_of_the_server_is_a_page_for_a_browser_and_json_for_the_api(
    in_process: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = in_process
    tables = client.app.state.tables  # type: ignore[attr-defined]

    async def broken(code: str) -> None:
        raise RuntimeError("the store is gone")

    monkeypatch.setattr(tables, "room", broken)
    page = client.get("/r/ABCDEFGH", headers=HTML)
    assert page.status_code == 500
    text = page_of(page)
    assert 'data-kind="server"' in text and "the store is gone" not in text
    api = client.get("/api/rooms/ABCDEFGH")
    assert api.status_code == 500
    assert api.json() == {
        "detail": {"code": "internal_error", "message": "the server failed to answer"}
    }
