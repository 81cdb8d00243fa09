"""Deals anyone can verify, against a real server (docs/fairness.md).

The scheme is written again here from docs/fairness.md alone, without the server's code:
the seeds a real match reveals give, through it, the very packs the record says were dealt.
Each deal's commitment is in the first frame that shows the deal, and its server seed in no
frame before the deal is over; a killed and restarted server deals the deal it committed to;
``kortbord verify`` passes the record and fails it when one seed is changed.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import random
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest

from support.client import (
    Message,
    RoomClient,
    choose_action,
    create_room,
    is_state,
    legal_of,
    step,
)
from support.server import REPO_ROOT, ServerProcess, running_server

FAST = {"KORTBORD_WS_MESSAGES_PER_SECOND": "100000", "KORTBORD_WS_BURST": "100000"}
NAMES = ("Anna", "Bertil")
SEEDS = ("anna-seed_1", "B")


@pytest.fixture(scope="module")
def fair_server(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with running_server(tmp_path_factory.mktemp("fair-server"), backend, FAST) as server:
        yield server


# -- the scheme, from docs/fairness.md ---------------------------------------------------------


def canonical_pack(ranks: str, copies: int) -> list[str]:
    return [r + s for s in "SHDC" for r in ranks for _ in range(copies)]


def doc_shuffle(pack: Sequence[str], server_seed: str, n: int, seeds: Sequence[str]) -> list[str]:
    key = bytes.fromhex(server_seed)
    message = f"{n}:{','.join(seeds)}"

    def words() -> Iterator[int]:
        k = 0
        while True:
            block = hmac.new(key, f"{message}:{k}".encode(), hashlib.sha256).digest()
            for at in range(0, 32, 4):
                yield int.from_bytes(block[at : at + 4], "big")
            k += 1

    stream = words()

    def below(m: int) -> int:
        limit = 2**32 - 2**32 % m
        return next(w for w in stream if w < limit) % m

    order = list(pack)
    for i in range(len(order) - 1, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def doc_commitment(server_seed: str) -> str:
    return hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()


# -- a match of Sixty-six ------------------------------------------------------------------------


async def seated(server: ServerProcess) -> tuple[str, list[RoomClient], dict[str, Any]]:
    created = create_room(server.base_url, 2, NAMES[0], "sixty_six")
    code = created["code"]
    anna = await RoomClient.open(server.ws_url, code, name=NAMES[0], secret=created["secret"])
    bertil = await RoomClient.open(server.ws_url, code, name=NAMES[1])
    assert (await bertil.sit(1, NAMES[1]))["type"] == "seated"
    players = [anna, bertil]
    for player, seed in zip(players, SEEDS, strict=True):
        # each seed is one event: everyone sees the last before the next is given
        latest = max(p.v for p in players)
        for p in players:
            await p.until_version(latest)
        await player.send({"type": "seed", "seed": seed})
        await player.wait_for(lambda m, b=latest: is_state(m) and m["v"] > b)
    final = max(p.v for p in players)
    for player in players:
        await player.until_version(final)
    state = anna.state
    assert state is not None
    return code, players, state


async def start(players: list[RoomClient]) -> None:
    host = players[0]
    reply = await host.command({"type": "start", "v": host.v})
    assert is_state(reply), reply
    for player in players:
        await player.until_version(reply["v"])


def fairness(message: Message) -> dict[str, Any]:
    shown: dict[str, Any] = message["room"]["fairness"]
    return shown


def record(server: ServerProcess, code: str) -> dict[str, Any]:
    response = httpx.get(f"{server.base_url}/api/rooms/{code}/matches/1/record", timeout=10)
    assert response.status_code == 200, response.text
    doc: dict[str, Any] = response.json()
    return doc


def test_the_seeds_of_a_real_match_give_the_packs_dealt(fair_server: ServerProcess) -> None:
    pages: list[str] = []  # what HTTP answered while the third deal was being played

    async def scenario() -> tuple[str, list[RoomClient], str]:
        code, players, before = await seated(fair_server)
        committed = fairness(before)["next"]
        await start(players)
        rng = random.Random(5)
        view = players[0].view
        while view is not None and view["phase"] != "match_over" and view["deals_played"] < 3:
            await step(players, rng)
            view = players[0].view
            if view is not None and view["deals_played"] == 2 and not pages:
                secret = {"X-Seat-Secret": players[0].secret or ""}
                base = f"{fair_server.base_url}/api/rooms/{code}"
                async with httpx.AsyncClient(timeout=10) as http:
                    for url, headers in ((base, {}), (f"{base}/matches/1/record", secret)):
                        pages.append((await http.get(url, headers=headers)).text)
        host = players[0]
        reply = await host.command({"type": "end", "v": host.v})
        assert is_state(reply), reply
        for player in players:
            await player.close()
        return code, players, committed

    code, players, committed = asyncio.run(scenario())
    doc = record(fair_server, code)
    entries = doc["fairness"]
    assert len(entries) >= 3
    assert entries[0]["commitment"] == committed
    pack = canonical_pack("ATKQJ9", 1)
    for number, (entry, deal) in enumerate(zip(entries, doc["deals"], strict=True), start=1):
        assert entry["deal"] == number and entry["scheme"] == "kortbord-fair/1"
        assert entry["client_seeds"] == list(SEEDS)
        seed = entry["server_seed"]
        assert doc_commitment(seed) == entry["commitment"]
        assert doc_shuffle(pack, seed, number, SEEDS) == deal["pack"]
    check_frames(players, entries)
    # the room and the record, read while deal 3 was played, do not show its seed
    assert len(pages) == 2
    room_page, record_page = pages
    assert all(e["server_seed"] not in room_page for e in entries)
    assert entries[2]["commitment"] in record_page
    assert entries[2]["server_seed"] not in record_page
    assert entries[1]["server_seed"] in record_page  # deal 2 was over


def check_frames(players: list[RoomClient], entries: list[dict[str, Any]]) -> None:
    """The first frame of each deal carries its commitment; no frame carries a server
    seed before its deal is over."""
    seeds = {e["deal"]: e["server_seed"] for e in entries}
    for player in players:
        first_of: dict[int, Message] = {}
        for message in player.messages:
            if not is_state(message) or message["view"] is None:
                continue
            deal = message["view"]["deal"]
            number = deal["number"] if deal is not None else None
            if number is not None and number not in first_of:
                first_of[number] = message
                shown = fairness(message)["deals"][-1]
                assert shown["deal"] == number and shown["server_seed"] is None
                assert shown["commitment"] == doc_commitment(seeds[number])
            text = json.dumps(message)
            for later, seed in seeds.items():
                if (
                    number is not None
                    and later >= number
                    and message["room"]["status"] == ("playing")
                ):
                    assert seed not in text, (later, number)
        assert sorted(first_of) == sorted(seeds)


def test_a_restarted_server_deals_what_it_committed_to(
    backend: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    with running_server(tmp_path_factory.mktemp("fair-restart"), backend, FAST) as server:

        async def before() -> tuple[str, str, list[str | None]]:
            code, players, state = await seated(server)
            secrets = [p.secret for p in players]
            for player in players:
                await player.close()
            return code, fairness(state)["next"], secrets

        code, committed, secrets = asyncio.run(before())
        server.kill()
        server.start()

        async def after() -> dict[str, Any]:
            players = [
                await RoomClient.open(server.ws_url, code, name=name, secret=secret)
                for name, secret in zip(NAMES, secrets, strict=True)
            ]
            assert fairness(players[0].state or {})["next"] == committed
            await start(players)
            # the first card played shows the deal went on as dealt
            view = players[0].view
            assert view is not None
            actor = players[view["to_act"]]
            legal = legal_of(actor.state or {})
            assert legal is not None
            await actor.act(choose_action(legal, random.Random(1)))
            for player in players:
                await player.close()
            return record(server, code)

        doc = asyncio.run(after())
    entry = doc["fairness"][0]
    assert entry["commitment"] == committed and entry["server_seed"] is None


def test_verify_passes_a_record_and_fails_one_with_a_seed_changed(
    fair_server: ServerProcess, tmp_path: Path
) -> None:
    async def scenario() -> str:
        code, players, _ = await seated(fair_server)
        await start(players)
        rng = random.Random(9)
        view = players[0].view
        while view is not None and view["deals_played"] < 2 and view["phase"] != "match_over":
            await step(players, rng)
            view = players[0].view
        host = players[0]
        await host.command({"type": "end", "v": host.v})
        for player in players:
            await player.close()
        return code

    doc = record(fair_server, asyncio.run(scenario()))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(doc))
    doc["fairness"][1]["client_seeds"][0] = "someone-else"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    cli = [sys.executable, "-m", "app", "verify"]
    ok = subprocess.run([*cli, str(good)], capture_output=True, text=True, cwd=REPO_ROOT)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.count(": verified") == len(doc["fairness"])
    failed = subprocess.run(
        [*cli, str(bad), "--json"], capture_output=True, text=True, cwd=REPO_ROOT
    )
    assert failed.returncode == 1, failed.stdout + failed.stderr
    verdict = json.loads(failed.stdout)
    assert verdict["verified"] is False
    assert [d["verified"] for d in verdict["deals"]][:2] == [True, False]


def test_a_seat_s_malformed_seed_is_refused_and_changes_nothing(
    fair_server: ServerProcess,
) -> None:
    async def scenario() -> None:
        _, players, state = await seated(fair_server)
        anna = players[0]
        for bad in ("two words", "é", "a,b"):
            reply = await anna.request(
                {"type": "seed", "seed": bad, "id": "s1"}, lambda m: m["type"] == "error"
            )
            assert (reply["code"], reply["id"]) == ("bad_client_seed", "s1")
        assert anna.v == state["v"]
        for player in players:
            await player.close()

    asyncio.run(scenario())
