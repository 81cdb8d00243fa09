"""Playing at once against a real server: ``POST /api/rooms`` with ``bots`` (a computer player
in every other seat, the match dealt from the creator's first seed), the host's ``fill_bots``,
and a friend who opens the link taking a computer player's seat, at once before the match and
from the next deal in the middle of one (docs/protocol.md §1.1, §5.3, §7.4)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import pytest

from app.engine import GAMES
from app.web.families import FAMILIES, OTHER, in_families
from support.client import Message, RoomClient, choose_action, create_room, is_state
from support.server import REPO_ROOT, ServerProcess


@pytest.fixture
def fast_server(fast_players_server: ServerProcess) -> ServerProcess:
    """A server whose computer players act at once: the server the modules share
    (tests/web/conftest.py)."""
    return fast_players_server


def play_now(base_url: str, **body: Any) -> httpx.Response:
    return httpx.post(
        f"{base_url}/api/rooms", json={"nickname": "Anna", "bots": "basic", **body}, timeout=60
    )


def room_info(base_url: str, code: str) -> dict[str, Any]:
    info: dict[str, Any] = httpx.get(f"{base_url}/api/rooms/{code}", timeout=60).json()
    return info


def is_error(code: str) -> Any:
    return lambda m: m.get("type") == "error" and m.get("code") == code


# -- POST /api/rooms with bots ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "seats", "level"),
    [("bismarck", 3, "basic"), ("bismarck", 4, "strong"), ("spades", None, "random")],
)
def test_a_room_to_play_at_once_has_its_bots_and_deals_on_the_creators_seed(
    fast_server: ServerProcess, game: str, seats: int | None, level: str
) -> None:
    body: dict[str, Any] = {"game": game, "bots": level}
    if seats is not None:
        body["seats"] = seats
    response = play_now(fast_server.base_url, **body)
    assert response.status_code == 201, response.text
    created = response.json()
    assert created["seat"] == 0 and created["secret"]
    info = room_info(fast_server.base_url, created["code"])
    size = info["size"]
    assert size == (seats or 4)
    assert info["status"] == "waiting" and info["host"] == 0
    assert [s["bot"] for s in info["seats"]] == [None] + [level] * (size - 1)
    assert all(s["taken"] and not s["stand_in"] for s in info["seats"])
    assert len({s["nickname"] for s in info["seats"]}) == size

    async def scenario() -> None:
        anna = await RoomClient.open(
            fast_server.ws_url, created["code"], name="anna", secret=created["secret"]
        )
        assert anna.state is not None and anna.state["room"]["status"] == "waiting"
        # the seed a browser gives as soon as it is seated: the first deal is dealt from it
        dealt = await anna.give_seed("annas-first-seed")
        assert is_state(dealt), dealt
        assert dealt["room"]["status"] == "playing"
        assert dealt["view"] is not None
        first = dealt["room"]["fairness"]["deals"][0]
        assert first["deal"] == 1 and first["client_seeds"][0] == "annas-first-seed"
        await anna.close()

    asyncio.run(scenario())
    assert room_info(fast_server.base_url, created["code"])["score"]["match"] == 1


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"bots": "genius"}, "bad_bot_level"),
        ({"bots": ""}, "bad_bot_level"),
        ({"bots": "Basic"}, "bad_bot_level"),
        ({"bots": "basic", "paper": True}, "paper_no_bots"),
        ({"bots": "basic", "game": "no_such_game"}, "unknown_game"),
        ({"bots": "basic", "seats": 2}, "bad_seats"),
        ({"bots": "basic", "nickname": "   "}, "bad_nickname"),
    ],
)
def test_a_room_with_bots_it_cannot_seat_is_refused_with_a_code(
    live_server: ServerProcess, body: dict[str, Any], code: str
) -> None:
    response = play_now(live_server.base_url, **body)
    assert response.status_code == 422, response.text
    detail = response.json()["detail"]
    assert detail["code"] == code and detail["message"]


@pytest.mark.parametrize(
    ("bots", "kind"),
    [
        (3, "string_type"),
        (True, "string_type"),
        (["basic"], "string_type"),
        ({"level": "basic"}, "string_type"),
        ("b" * 17, "string_too_long"),
    ],
)
def test_bots_that_are_not_a_level_name_are_refused_field_by_field(
    live_server: ServerProcess, bots: object, kind: str
) -> None:
    response = play_now(live_server.base_url, bots=bots)
    assert response.status_code == 422, response.text
    [problem] = response.json()["detail"]
    assert problem["type"] == kind and problem["loc"] == ["body", "bots"]


def test_bots_null_is_a_room_without_them(live_server: ServerProcess) -> None:
    response = play_now(live_server.base_url, bots=None)
    assert response.status_code == 201, response.text
    info = room_info(live_server.base_url, response.json()["code"])
    assert [s["taken"] for s in info["seats"]] == [True, False, False]


def test_the_games_are_listed_by_family(live_server: ServerProcess) -> None:
    games = httpx.get(f"{live_server.base_url}/api/games", timeout=60).json()
    names = [g["name"] for g in games]
    families = [g["family"] for g in games]
    assert names[0] == "bismarck"
    # each family's games together, in the families' order, the others last
    runs = [f for i, f in enumerate(families) if i == 0 or families[i - 1] != f]
    assert runs == ["bismarck", "pinochle", "bezique", "other"]
    assert names[:7] == [
        "bismarck",
        "finnish_bismarck",
        "auction_pinochle",
        "partnership_pinochle",
        "double_deck_pinochle",
        "bezique_rubicon",
        "chinese_bezique",
    ]
    assert set(names[7:]) == {"sixty_six", "schnapsen", "spades", "german_whist"}


def test_every_family_names_games_there_are_and_has_words_in_every_language() -> None:
    named = [game for _, games in FAMILIES for game in games]
    assert len(named) == len(set(named))
    assert set(named) <= set(GAMES), set(named) - set(GAMES)
    for lang in ("en", "sv", "ru"):
        words = json.loads((REPO_ROOT / "static" / "i18n" / f"{lang}.json").read_text())
        for family in [name for name, _ in FAMILIES] + [OTHER]:
            assert words[f"family.{family}"], (lang, family)
    # a game no family names is listed all the same, among the others, in the order given
    listed = in_families([{"name": "zzz_new_game"}, {"name": "spades"}, {"name": "bismarck"}])
    assert [(g["name"], g["family"]) for g in listed] == [
        ("bismarck", "bismarck"),
        ("zzz_new_game", OTHER),
        ("spades", OTHER),
    ]


# -- the host fills every free seat -----------------------------------------------------------


def test_the_host_fills_every_free_seat_and_nobody_else_may(fast_server: ServerProcess) -> None:
    async def scenario() -> None:
        created = create_room(fast_server.base_url, 4, "Anna")
        code = created["code"]
        anna = await RoomClient.open(
            fast_server.ws_url, code, name="anna", secret=created["secret"]
        )
        bertil = await RoomClient.open(fast_server.ws_url, code, name="bertil")
        watcher = await RoomClient.open(fast_server.ws_url, code, name="watcher")
        assert (await bertil.sit(2, "Bertil"))["type"] == "seated"
        await anna.until_version(bertil.v)

        for client in (bertil, watcher):
            refusal = await client.request(
                {"type": "fill_bots", "level": "basic", "id": "f1"}, is_error("not_host")
            )
            assert refusal["id"] == "f1"
        bad = await anna.request(
            {"type": "fill_bots", "level": "genius"}, lambda m: m.get("type") == "error"
        )
        assert bad["code"] == "bad_bot_level"
        stale = await anna.request(
            {"type": "fill_bots", "level": "basic", "v": anna.v - 1},
            lambda m: m.get("type") == "error",
        )
        assert stale["code"] == "stale_version"

        before = anna.v
        filled = await anna.command({"type": "fill_bots", "level": "strong", "v": anna.v})
        assert is_state(filled), filled
        seats = filled["room"]["seats"]
        assert filled["v"] == before + 2  # one computer player per free seat
        assert [s["bot"] for s in seats] == [None, "strong", None, "strong"]
        assert [s["nickname"] for s in seats][2] == "Bertil"
        seen = await watcher.until_version(filled["v"])
        assert [s["bot"] for s in seen["room"]["seats"]] == [None, "strong", None, "strong"]

        full = await anna.request(
            {"type": "fill_bots", "level": "basic"}, lambda m: m.get("type") == "error"
        )
        assert full["code"] == "no_free_seat"
        started = await anna.command({"type": "start", "v": anna.v})
        assert is_state(started) and started["room"]["status"] == "playing"
        for client in (anna, bertil, watcher):
            await client.close()

    asyncio.run(scenario())


def test_a_room_kept_on_paper_is_never_filled(live_server: ServerProcess) -> None:
    async def scenario() -> None:
        created = create_room(live_server.base_url, 3, "Anna", paper=True)
        anna = await RoomClient.open(
            live_server.ws_url, created["code"], name="anna", secret=created["secret"]
        )
        refusal = await anna.request(
            {"type": "fill_bots", "level": "basic"}, lambda m: m.get("type") == "error"
        )
        assert refusal["code"] == "paper_no_bots"
        await anna.close()

    asyncio.run(scenario())


# -- a friend takes a computer player's seat --------------------------------------------------


def test_before_the_match_a_friend_takes_a_computer_players_seat_at_once(
    fast_server: ServerProcess,
) -> None:
    async def scenario() -> None:
        created = create_room(fast_server.base_url, 3, "Anna")
        code = created["code"]
        anna = await RoomClient.open(
            fast_server.ws_url, code, name="anna", secret=created["secret"]
        )
        filled = await anna.command({"type": "fill_bots", "level": "basic", "v": anna.v})
        bot_name = filled["room"]["seats"][1]["nickname"]
        bertil = await RoomClient.open(fast_server.ws_url, code, name="bertil")
        seated = await bertil.sit(1, "Bertil")
        assert seated["type"] == "seated" and seated["seat"] == 1
        state = await anna.until_version(seated["v"])
        seat = state["room"]["seats"][1]
        assert (
            seat["nickname"],
            seat["bot"],
            seat["stand_in"],
            seat.get("finishes_deal", False),
        ) == (
            "Bertil",
            None,
            False,
            False,
        )
        assert bot_name not in [s["nickname"] for s in state["room"]["seats"]]
        # the seat is Bertil's: his secret takes it back, and nobody else sits there
        again = await RoomClient.open(fast_server.ws_url, code, name="bertil-2")
        assert (await again.hello(bertil.secret))["seat"] == 1
        taken = await again.request(
            {"type": "sit", "seat": 1, "nickname": "Mallory"}, lambda m: m["type"] == "error"
        )
        assert taken["code"] == "already_seated"
        for client in (anna, bertil, again):
            await client.close()

    asyncio.run(scenario())


def test_in_a_deal_a_friend_takes_a_computer_players_seat_from_the_next_deal(
    fast_server: ServerProcess,
) -> None:
    rng = random.Random(17)

    async def scenario() -> None:
        created = play_now(fast_server.base_url, game="bismarck", seats=3).json()
        code = created["code"]
        anna = await RoomClient.open(
            fast_server.ws_url, code, name="anna", secret=created["secret"]
        )
        dealt = await anna.give_seed("anna-seed")
        assert dealt["room"]["status"] == "playing"

        async def anna_plays_until(done: Any) -> Message:
            """Anna answers her turns at random, the computer players theirs at once, until
            ``done`` holds for the latest state she has."""
            for _ in range(5000):
                since = anna.cursor
                state = anna.state
                assert state is not None
                if done(state):
                    return state
                view = state["view"]
                if view["legal"] and view["to_act"] == 0:
                    reply = await anna.act(choose_action(view["legal"], rng))
                    assert reply["type"] == "state" or reply["code"] == "stale_version", reply
                else:
                    await anna.wait_for(is_state, since)
            raise AssertionError("the table never got there")

        def annas_turn(state: Message) -> bool:
            return bool(state["view"]["to_act"] == 0 and state["view"]["legal"])

        # Anna acts in the first deal, and the table waits for her again: the deal is under
        # way, and it cannot end while Bertil sits down
        await anna_plays_until(annas_turn)
        moved = anna.v
        await anna.act(choose_action(anna.state["view"]["legal"], rng))  # type: ignore[index]
        waiting = await anna_plays_until(lambda s: s["v"] > moved + 1 and annas_turn(s))
        deal = waiting["view"]["deal"]["number"]

        bertil = await RoomClient.open(fast_server.ws_url, code, name="bertil")
        bot_name = waiting["room"]["seats"][2]["nickname"]
        seated = await bertil.sit(2, "Bertil")
        assert seated["type"] == "seated", seated
        now = await bertil.wait_for(lambda m: is_state(m) and m["seat"] == 2)
        seat = now["room"]["seats"][2]
        assert (
            seat["nickname"],
            seat["bot"],
            seat["stand_in"],
            seat.get("finishes_deal", False),
        ) == (
            "Bertil",
            "basic",
            True,
            True,
        )
        assert seat["player"] == "Bertil"
        assert bot_name not in [s["nickname"] for s in now["room"]["seats"]]
        # he sees the hand he takes over, played out for him to the end of the deal
        assert now["view"]["seat"] == 2 and now["view"]["deal"]["number"] == deal

        after = await anna_plays_until(lambda s: s["view"]["deal"]["number"] > deal)
        seat = after["room"]["seats"][2]
        assert (seat["bot"], seat["stand_in"], seat.get("finishes_deal", False)) == (
            None,
            False,
            False,
        )
        # from this deal on the table waits for Bertil on his turns, and his moves count
        turn = await anna_plays_until(lambda s: s["view"]["to_act"] == 2)
        view = (await bertil.until_version(turn["v"]))["view"]
        assert view["legal"] is not None and view["deal"]["number"] == deal + 1
        reply = await bertil.act(choose_action(view["legal"], rng))
        assert reply["type"] == "state", reply
        await anna.close()
        await bertil.close()

    asyncio.run(scenario())
