from __future__ import annotations

import httpx

from support.server import ServerProcess


def test_healthz_answers_ok(live_server: ServerProcess) -> None:
    response = httpx.get(f"{live_server.base_url}/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_home_page_is_html_with_its_stylesheet(live_server: ServerProcess) -> None:
    page = httpx.get(f"{live_server.base_url}/")

    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<html lang="en">' in page.text
    assert "<title>Kortbord</title>" in page.text
    assert 'id="create-form"' in page.text and 'id="game-choice"' in page.text

    css = httpx.get(f"{live_server.base_url}/static/site.css")
    assert css.status_code == 200
    assert css.headers["content-type"].startswith("text/css")


def test_serve_prints_the_url_to_open(live_server: ServerProcess) -> None:
    assert f"Kortbord is running: open {live_server.base_url}/" in live_server.stdout()


def test_the_games_listing_has_every_key_the_protocol_names(live_server: ServerProcess) -> None:
    """docs/protocol.md §1.6: each game with its seats, options, bots, paper and partnerships."""
    games = httpx.get(f"{live_server.base_url}/api/games").json()
    keys = {"name", "title", "summary", "seats", "default_seats", "options", "bots", "paper"}
    for game in games:
        assert set(game) == keys | {"partnerships", "family"}, game["name"]
    teams = {g["name"]: g["partnerships"] for g in games}
    assert teams["spades"] is True and teams["finnish_bismarck"] is True
    assert teams["bismarck"] is False and teams["sixty_six"] is False
