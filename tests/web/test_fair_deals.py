"""Deals anyone can verify, against a real server (docs/fairness.md).

The scheme is written again here from docs/fairness.md alone, without the server's code:
the seeds a real match reveals give, through it, the very packs the record says were dealt,
and the first dealer. Every seat gives a fresh seed for each deal once that deal's
commitment is shown, and the frames show the order: commitment, then the seeds, then the
deal. Each deal's server seed is in no frame before the deal is over; a player's own check
of each deal (what it was shown, the seed it gave, the cards it was dealt) passes; a killed
and restarted server deals the deal it committed to with the seeds given for it; ``kortbord
verify`` passes the record and fails it, naming the deal, when one seed is changed, hidden,
or an entry is left out or added.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import random
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.engine import get_game
from app.engine.deal_check import Seen, check_deal
from app.engine.deal_check import canonical_pack as engine_pack
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


@pytest.fixture
def fair_server(fast_players_server: ServerProcess) -> ServerProcess:
    """Each test plays in rooms of its own: the server the modules share
    (tests/web/conftest.py)."""
    return fast_players_server


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


def doc_first_dealer(server_seed: str, seeds: Sequence[str], seats: int) -> int:
    """The first dealer: a number below the seat count from deal number 0's stream."""
    key = bytes.fromhex(server_seed)
    message = f"0:{','.join(seeds)}"
    k = 0
    while True:
        block = hmac.new(key, f"{message}:{k}".encode(), hashlib.sha256).digest()
        for at in range(0, 32, 4):
            word = int.from_bytes(block[at : at + 4], "big")
            if word < 2**32 - 2**32 % seats:
                return word % seats
        k += 1


def doc_commitment(server_seed: str) -> str:
    return hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()


# -- a match of Sixty-six ------------------------------------------------------------------------


def seed_of(name: str, deal: int) -> str:
    return f"{name}-seed_{deal}"


async def seated(server: ServerProcess) -> tuple[str, list[RoomClient]]:
    created = create_room(server.base_url, 2, NAMES[0], "sixty_six")
    code = created["code"]
    anna = await RoomClient.open(server.ws_url, code, name=NAMES[0], secret=created["secret"])
    bertil = await RoomClient.open(server.ws_url, code, name=NAMES[1])
    assert (await bertil.sit(1, NAMES[1]))["type"] == "seated"
    players = [anna, bertil]
    await in_step(players)
    return code, players


async def in_step(players: list[RoomClient]) -> None:
    latest = max(p.v for p in players)
    for p in players:
        await p.until_version(latest)


async def give_seeds(players: list[RoomClient], deal: int) -> None:
    """Each seat gives its seed for ``deal``, whose commitment the room shows now; each
    seed is one event, acknowledged to its sender and seen by everyone."""
    for player in players:
        reply = await player.give_seed(seed_of(player.name, deal))
        assert is_state(reply), reply
        await in_step(players)


def next_of(player: RoomClient) -> str:
    assert player.state is not None
    shown: str = player.state["room"]["fairness"]["next"]
    return shown


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
    response = httpx.get(f"{server.base_url}/api/rooms/{code}/matches/1/record", timeout=60)
    assert response.status_code == 200, response.text
    doc: dict[str, Any] = response.json()
    return doc


async def play_deals(
    players: list[RoomClient],
    deals: int,
    seed: int,
    during: Callable[[dict[str, Any]], Awaitable[None]] | None = None,
) -> None:
    """Seeds for deal 1, the start, then random play until ``deals`` deals are over, every
    seat giving a fresh seed as soon as each next deal's commitment is shown. ``during``
    is awaited with the view after each step."""
    await give_seeds(players, 1)
    await start(players)
    await give_seeds(players, 2)
    rng = random.Random(seed)
    shown = next_of(players[0])
    view = players[0].view
    while view is not None and view["phase"] != "match_over" and view["deals_played"] < deals:
        await step(players, rng)
        view = players[0].view
        if next_of(players[0]) != shown:  # a deal was dealt: the one after it is committed
            shown = next_of(players[0])
            await give_seeds(players, fairness(players[0].state or {})["deals"][-1]["deal"] + 1)
        if during is not None and view is not None:
            await during(view)


def test_the_seeds_of_a_real_match_give_the_packs_dealt(fair_server: ServerProcess) -> None:
    pages: list[str] = []  # what HTTP answered while the third deal was being played

    async def scenario() -> tuple[str, list[RoomClient], str]:
        code, players = await seated(fair_server)
        committed = next_of(players[0])

        async def read_pages(view: dict[str, Any]) -> None:
            if view["deals_played"] == 2 and not pages:
                secret = {"X-Seat-Secret": players[0].secret or ""}
                base = f"{fair_server.base_url}/api/rooms/{code}"
                async with httpx.AsyncClient(timeout=60) as http:
                    for url, headers in ((base, {}), (f"{base}/matches/1/record", secret)):
                        pages.append((await http.get(url, headers=headers)).text)

        await play_deals(players, 3, 5, read_pages)
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
        assert entry["deal"] == number and entry["scheme"] == "kortbord-fair/2"
        seeds = [seed_of(name, number) for name in NAMES]
        assert entry["client_seeds"] == seeds
        seed = entry["server_seed"]
        assert doc_commitment(seed) == entry["commitment"]
        assert doc_shuffle(pack, seed, number, seeds) == deal["pack"]
    first = entries[0]
    assert first["first_dealer"] == doc_first_dealer(first["server_seed"], first["client_seeds"], 2)
    assert doc["deals"][0]["dealer"] == first["first_dealer"]
    check_frames(players, entries)
    check_as_each_player(players, entries)
    # the room and the record, read while deal 3 was played, do not show its seed
    assert len(pages) == 2
    room_page, record_page = pages
    assert all(e["server_seed"] not in room_page for e in entries)
    assert entries[2]["commitment"] in record_page
    assert entries[2]["server_seed"] not in record_page
    assert entries[1]["server_seed"] in record_page  # deal 2 was over


def check_frames(players: list[RoomClient], entries: list[dict[str, Any]]) -> None:
    """For every deal, each connection was shown the commitment, then had its seed for it
    acknowledged, and only then saw the deal; the first frame of each deal carries its
    commitment; no frame carries a server seed before its deal is over."""
    seeds = {e["deal"]: e["server_seed"] for e in entries}
    for seat, player in enumerate(players):
        first_of: dict[int, Message] = {}
        for entry in entries:
            commitment = entry["commitment"]
            shown_at = next(
                i
                for i, m in enumerate(player.messages)
                if is_state(m) and fairness(m)["next"] == commitment
            )
            acked_at = next(
                i
                for i, m in enumerate(player.messages)
                if is_state(m)
                and fairness(m)["next"] == commitment
                and fairness(m)["seeded"][seat]
                and m.get("id")
            )
            dealt_at = next(
                i
                for i, m in enumerate(player.messages)
                if is_state(m) and any(d["commitment"] == commitment for d in fairness(m)["deals"])
            )
            assert shown_at < acked_at < dealt_at, (entry["deal"], shown_at, acked_at, dealt_at)
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


def check_as_each_player(players: list[RoomClient], entries: list[dict[str, Any]]) -> None:
    """Each player's own check of every deal, from what its connection was shown: the
    commitment before the deal, its seed acknowledged, the hand it was first dealt."""
    game = get_game("sixty_six")
    assert game.hand_positions is not None
    positions = game.hand_positions(2, game.resolve_options())
    pack = engine_pack(game.pack.ranks, game.pack.copies)
    for seat, player in enumerate(players):
        for entry in entries:
            number = entry["deal"]
            states = [m for m in player.messages if is_state(m)]
            before = next(
                i
                for i, m in enumerate(states)
                if any(
                    d["deal"] == number and d["commitment"] == entry["commitment"]
                    for d in fairness(m)["deals"]
                )
            )
            hand = next(
                m["view"]["deal"]
                for m in states[before:]
                if m["view"] and m["view"]["deal"] and m["view"]["deal"]["number"] == number
            )
            seen = Seen(
                shown=fairness(states[before - 1])["next"],
                seat=seat,
                seed=seed_of(player.name, number),
                acknowledged=True,
                hand=hand["hand"],
                hand_seat=seat,
                dealer=hand["dealer"],
            )
            verdict = check_deal(entry, pack, 2, positions, seen)
            assert (verdict.status, verdict.notes) == ("verified", ()), (number, verdict)
            # a pack that deals this player other cards fails that player's check
            other = Seen(
                **{**seen.__dict__, "hand": [c for c in pack if c not in hand["hand"]][:6]}
            )
            assert check_deal(entry, pack, 2, positions, other).reason == "hand"


def test_a_restarted_server_deals_what_it_committed_to_with_the_seeds_given(
    backend: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    with running_server(tmp_path_factory.mktemp("fair-restart"), backend, FAST) as server:

        async def before() -> tuple[str, str, list[str | None]]:
            code, players = await seated(server)
            await give_seeds(players, 1)
            secrets = [p.secret for p in players]
            shown = next_of(players[0])
            for player in players:
                await player.close()
            return code, shown, secrets

        code, committed, secrets = asyncio.run(before())
        server.kill()
        server.start()

        async def after() -> dict[str, Any]:
            players = [
                await RoomClient.open(server.ws_url, code, name=name, secret=secret)
                for name, secret in zip(NAMES, secrets, strict=True)
            ]
            assert next_of(players[0]) == committed
            assert fairness(players[0].state or {})["seeded"] == [True, True]
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
    assert entry["client_seeds"] == [seed_of(name, 1) for name in NAMES]


def test_verify_passes_a_record_and_fails_a_doctored_one_naming_the_deal(
    fair_server: ServerProcess, tmp_path: Path
) -> None:
    async def scenario() -> str:
        code, players = await seated(fair_server)
        await play_deals(players, 2, 9)
        host = players[0]
        await host.command({"type": "end", "v": host.v})
        for player in players:
            await player.close()
        return code

    doc = record(fair_server, asyncio.run(scenario()))
    assert len(doc["fairness"]) >= 3
    cli = [sys.executable, "-m", "app", "verify"]

    def verify(name: str, changed: dict[str, Any]) -> subprocess.CompletedProcess[str]:
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(changed))
        return subprocess.run([*cli, str(path)], capture_output=True, text=True, cwd=REPO_ROOT)

    ok = verify("good", doc)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert ok.stdout.count(": verified") == len(doc["fairness"])

    def doctored(change: Any) -> dict[str, Any]:
        copy: dict[str, Any] = json.loads(json.dumps(doc))
        change(copy)
        return copy

    cases = {
        "seed-changed": (lambda d: d["fairness"][1]["client_seeds"].__setitem__(0, "x"), 2),
        "seed-hidden": (lambda d: d["fairness"][1].__setitem__("server_seed", None), 2),
        "entry-missing": (lambda d: d["fairness"].pop(1), 2),
        "entry-extra": (
            lambda d: d["fairness"].append({**d["fairness"][-1], "deal": len(d["deals"]) + 1}),
            len(doc["deals"]) + 1,
        ),
    }
    for name, (change, deal) in cases.items():
        failed = verify(name, doctored(change))
        assert failed.returncode == 1, (name, failed.stdout + failed.stderr)
        assert f"deal {deal}: FAILED" in failed.stdout, (name, failed.stdout)


def test_a_seed_is_refused_when_malformed_or_given_for_a_spent_commitment(
    fair_server: ServerProcess,
) -> None:
    async def scenario() -> None:
        _, players = await seated(fair_server)
        anna = players[0]
        shown = next_of(anna)
        before = anna.v
        for bad in ("two words", "é", "a,b", "x" * 65):
            reply = await anna.request(
                {"type": "seed", "seed": bad, "commitment": shown, "id": "s1"},
                lambda m: m["type"] == "error",
            )
            assert (reply["code"], reply["id"]) == ("bad_client_seed", "s1"), reply
        reply = await anna.request(
            {"type": "seed", "seed": "early", "commitment": "0" * 64, "id": "s2"},
            lambda m: m["type"] == "error",
        )
        assert (reply["code"], reply["detail"]) == ("stale_seed", {"next": shown}), reply
        assert anna.v == before
        await give_seeds(players, 1)
        await start(players)
        reply = await anna.request(
            {"type": "seed", "seed": "late", "commitment": shown, "id": "s3"},
            lambda m: m["type"] == "error",
        )
        assert (reply["code"], reply["detail"]) == ("stale_seed", {"next": next_of(anna)})
        for player in players:
            await player.close()

    asyncio.run(scenario())


def test_a_move_made_while_the_seats_give_their_seeds_is_not_stale(
    fair_server: ServerProcess,
) -> None:
    """At the start of each deal every seated browser gives a seed for the next one, while
    the first player may already be playing a card on the version before those seeds."""

    async def scenario() -> None:
        _, players = await seated(fair_server)
        await give_seeds(players, 1)
        await start(players)
        made_on = players[0].v
        await give_seeds(players, 2)
        assert players[0].v == made_on + 2
        view = players[0].view
        assert view is not None
        actor = players[view["to_act"]]
        legal = legal_of(actor.state or {})
        assert legal is not None
        reply = await actor.act(choose_action(legal, random.Random(3)), v=made_on)
        assert is_state(reply), reply
        # the move itself is a change: the same version again is stale now
        again = await actor.act(choose_action(legal, random.Random(3)), v=made_on)
        assert again["code"] == "stale_version", again
        for player in players:
            await player.close()

    asyncio.run(scenario())
