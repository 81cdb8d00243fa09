"""Computer players at a real table: seated by the host, standing in, handing seats back."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import time
from pathlib import Path

import httpx
import pytest

from app.engine.bismarck.state import discard_action
from app.engine.records import validate_record
from support.client import (
    Message,
    Predicate,
    RoomClient,
    choose_action,
    create_room,
    is_state,
    play_turns,
)
from support.server import ServerProcess, running_server


def is_error(code: str | None = None) -> Predicate:
    return lambda m: m.get("type") == "error" and (code is None or m.get("code") == code)


def seat_bot_is(seat: int, level: str | None) -> Predicate:
    def check(m: Message) -> bool:
        return is_state(m) and m["room"]["seats"][seat]["bot"] == level

    return check


# Bots answer at once here, so a person keeping up with them outpaces the human rate limit.
FAST = {
    "KORTBORD_BOT_DELAY": "0",
    "KORTBORD_BOT_BUDGET": "0.05",
    "KORTBORD_WS_MESSAGES_PER_SECOND": "1000",
    "KORTBORD_WS_BURST": "1000",
}


@pytest.fixture
def bot_server(fast_players_server: ServerProcess) -> ServerProcess:
    """The tests that play in rooms of their own play on the server the modules share
    (tests/web/conftest.py)."""
    return fast_players_server


async def play_as_person(client: RoomClient, rng: random.Random) -> dict[str, object]:
    """Answer every turn of this seat with a random legal action until the match is over."""
    return await play_turns(client, lambda view: choose_action(view["legal"], rng))


def test_one_person_and_two_bots_play_a_complete_match(bot_server: ServerProcess) -> None:
    async def scenario() -> None:
        created = create_room(bot_server.base_url, 3, "Anna")
        anna = await RoomClient.open(
            bot_server.ws_url, created["code"], name="anna", secret=created["secret"]
        )
        for seat, level in ((1, "basic"), (2, "strong")):
            reply = await anna.request(
                {"type": "add_bot", "seat": seat, "level": level},
                seat_bot_is(seat, level),
            )
            assert reply["room"]["seats"][seat]["nickname"]
        await anna.send({"type": "start"})
        final = await play_as_person(anna, random.Random(7))
        assert final["deals_played"] == 12
        record = httpx.get(
            f"{bot_server.base_url}/api/rooms/{created['code']}/matches/1/record"
        ).json()
        result = validate_record(record)
        assert result.valid, result.error
        assert result.totals == final["totals"]
        await anna.ws.close()

    asyncio.run(scenario())


def test_a_bot_stands_in_for_an_absent_player_who_takes_the_seat_back(
    bot_server: ServerProcess,
) -> None:
    async def scenario() -> None:
        created = create_room(bot_server.base_url, 3, "Anna")
        code = created["code"]
        anna = await RoomClient.open(bot_server.ws_url, code, name="anna", secret=created["secret"])
        bertil = await RoomClient.open(bot_server.ws_url, code, name="bertil")
        seated = await bertil.sit(1, "Bertil")
        bertil_secret = seated["secret"]
        await anna.request(
            {"type": "add_bot", "seat": 2, "level": "random"},
            lambda m: is_state(m) and m["room"]["seats"][2]["bot"] == "random",
        )
        await anna.send({"type": "start"})
        await anna.wait_for(lambda m: is_state(m) and m["view"] is not None)
        await bertil.ws.close()

        # Bertil is away: the host lends his seat to a bot, which plays his turns.
        lent = await anna.request(
            {"type": "add_bot", "seat": 1, "level": "basic"},
            lambda m: is_state(m) and m["room"]["seats"][1]["bot"] == "basic",
        )
        assert lent["room"]["seats"][1]["stand_in"] is True
        assert lent["room"]["seats"][1]["nickname"] == "Bertil"
        v = lent["v"]
        rng = random.Random(3)
        # Anna keeps playing; the two bots must move the table well past where it was.
        while anna.v < v + 30:
            view = anna.view
            assert view is not None
            legal = view["legal"]
            if legal is not None:
                action = (
                    str(discard_action(rng.sample(legal["from"], legal["count"])))
                    if legal["kind"] == "discard"
                    else rng.choice(legal["actions"])
                )
                await anna.send({"type": "act", "v": anna.v, "action": action})
            await anna.wait_for(lambda m: is_state(m), anna.cursor, timeout=30)

        # Bertil returns with his secret: the stand-in stops and the seat is his again.
        back = await RoomClient.open(bot_server.ws_url, code, name="bertil2", secret=bertil_secret)
        assert back.seat == 1
        await back.wait_for(
            lambda m: is_state(m) and m["room"]["seats"][1]["bot"] is None, timeout=10
        )
        # A seat a bot took itself cannot be claimed with any secret a person could hold.
        refused = await back.request({"type": "sit", "seat": 2, "nickname": "Eve"}, is_error())
        assert refused["code"] in ("already_seated", "seat_taken")
        # A bot never becomes host, and a host command's refusal names the message by its id.
        refused = await anna.request(
            {"type": "host", "seat": 2, "id": "make-bot-host"}, is_error("bot_cannot_host")
        )
        assert refused["id"] == "make-bot-host"
        seats = httpx.get(f"{bot_server.base_url}/api/rooms/{code}").json()["seats"]
        assert [s["stand_in"] for s in seats] == [False, False, False]
        assert seats[2]["bot"] == "random"
        # Taking the seated bot out frees its seat; the host cannot lend their own seat.
        freed = await anna.request(
            {"type": "remove_bot", "seat": 2},
            lambda m: is_state(m) and not m["room"]["seats"][2]["taken"],
        )
        assert freed["room"]["seats"][2]["bot"] is None
        own = await anna.request({"type": "add_bot", "seat": 0, "level": "basic"}, is_error())
        assert own["code"] == "cannot_bot_self"
        bad = await anna.request({"type": "add_bot", "seat": 2, "level": "genius"}, is_error())
        assert bad["code"] == "bad_bot_level"
        for c in (anna, back):
            await c.ws.close()

    asyncio.run(scenario())


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        with contextlib.suppress(OSError):
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            if parent == pid:
                found.append(int(entry))
    return found


def is_running(pid: int) -> bool:
    """Whether ``pid`` is a live process (an exited one not yet reaped is not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def test_a_killed_server_leaves_no_bot_worker_behind(tmp_path: Path) -> None:
    """A strong bot thinks in a worker process; when the server dies without running any
    code of its own (SIGKILL, the OOM killer), that worker must not live on."""
    with running_server(tmp_path, "sqlite", FAST) as server:

        async def until_a_worker_thinks() -> list[int]:
            created = create_room(server.base_url, 3, "Anna")
            anna = await RoomClient.open(
                server.ws_url, created["code"], name="anna", secret=created["secret"]
            )
            for seat in (1, 2):
                await anna.request(
                    {"type": "add_bot", "seat": seat, "level": "strong"},
                    seat_bot_is(seat, "strong"),
                )
            await anna.send({"type": "start"})
            person = asyncio.ensure_future(play_as_person(anna, random.Random(5)))
            try:
                deadline = time.monotonic() + 60
                while not (workers := children_of(server.pid)):
                    assert time.monotonic() < deadline, "no bot worker was started"
                    assert not person.done(), "the match ended without a worker"
                    await asyncio.sleep(0.1)
                return workers
            finally:
                person.cancel()
                with contextlib.suppress(BaseException):
                    await person

        workers = asyncio.run(until_a_worker_thinks())
        server.kill()
        deadline = time.monotonic() + 15
        while alive := [pid for pid in workers if is_running(pid)]:
            if time.monotonic() > deadline:
                for pid in alive:  # leave nothing behind, even when the check fails
                    with contextlib.suppress(OSError):
                        os.kill(pid, 9)
                raise AssertionError(f"processes outlived the killed server: {alive}")
            time.sleep(0.1)
        # Nothing of the worker outlives the server either, so nothing is left to report:
        # a process pool's locks were named semaphores only a tracker could clean up.
        assert "leaked semaphore" not in server.stderr()
        server.start()
        assert "leaked" not in server.stderr()
