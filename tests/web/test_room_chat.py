"""The room's chat over real WebSockets: who reads what, what a line may hold, the host's
say over it, its pace, and that it outlives the server and stays out of the game."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from support.client import Message, RoomClient, is_state, seated_table, start_match
from support.server import ServerProcess, running_server


def is_chat(message: Message) -> bool:
    return message.get("type") == "chat"


def is_error(code: str) -> Any:
    return lambda m: m.get("type") == "error" and m.get("code") == code


def said(text: str) -> Any:
    return lambda m: is_chat(m) and any(li.get("text") == text for li in m["lines"])


async def say(client: RoomClient, **line: Any) -> Message:
    """The chat line as it comes back to its sender (its chat message, with that line
    alone: lines go out together once per tick, another's among them), else the refusal."""
    since = client.cursor
    await client.send({"type": "chat", **line})

    seat = client.seat
    watcher = next((m["watcher"] for m in client.messages if m.get("backlog")), None)

    def ours(li: dict[str, Any]) -> bool:
        if seat is not None:
            return bool(li.get("seat") == seat)
        return li.get("seat") is None and li.get("watcher") == watcher

    def answer(m: Message) -> bool:
        if m.get("type") == "error":
            return True
        return is_chat(m) and not m.get("backlog") and any(ours(li) for li in m["lines"])

    found = await client.wait_for(answer, since)
    if found.get("type") == "error":
        return found
    return {**found, "lines": [li for li in found["lines"] if ours(li)][-1:]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server of this module's own: one test restarts it, and one slows chat down."""
    root: Path = tmp_path_factory.mktemp("chat-server")
    with running_server(root, env={"KORTBORD_WS_CHAT_BURST": "3"}) as running:
        yield running


def test_a_line_reaches_players_and_spectators_as_plain_text(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, (anna, bertil, _) = await seated_table(server.ws_url, server.base_url)
        watcher = await RoomClient.open(server.ws_url, code, name="watcher")
        backlog = await watcher.wait_for(is_chat)
        assert backlog["backlog"] is True and backlog["lines"] == []
        assert isinstance(backlog["watcher"], int)

        markup = '<img src=x onerror="alert(1)">  hej\n\tdå  '
        echo = await say(anna, text=markup, name="Someone Else")
        line = echo["lines"][0]
        # kept as text, white space tidied; a player's line carries the seat's own name
        assert line["text"] == '<img src=x onerror="alert(1)"> hej då'
        assert (line["seat"], line["watcher"], line["name"]) == (0, None, "Anna")
        assert line["n"] == 1 and isinstance(line["t"], int) and "to" not in line
        for other in (bertil, watcher):
            got = await other.wait_for(said(line["text"]))
            assert got["lines"] == [line]

        reaction = await say(watcher, reaction="well_played", name="Zoë")
        seen = reaction["lines"][0]
        assert seen["reaction"] == "well_played" and "text" not in seen
        assert (seen["seat"], seen["watcher"], seen["name"]) == (None, backlog["watcher"], "Zoë")
        await anna.wait_for(lambda m: is_chat(m) and m["lines"] == [seen])

        # a newcomer gets what was said before, in order
        late = await RoomClient.open(server.ws_url, code, name="late")
        history = await late.wait_for(is_chat)
        assert [li["n"] for li in history["lines"]] == [1, 2]

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ({"text": " \n\t "}, "empty_chat"),
        ({"text": "\u202e\u202d"}, "empty_chat"),
        ({"text": "x" * 301}, "bad_field"),
        ({"reaction": "rude_gesture"}, "unknown_reaction"),
        ({"text": "hi", "reaction": "thanks"}, "bad_field"),
        ({}, "bad_field"),
        ({"text": 5}, "bad_field"),
    ],
)
def test_a_bad_line_is_refused_and_nobody_hears_it(
    server: ServerProcess, line: dict[str, Any], code: str
) -> None:
    async def scenario() -> None:
        _, (anna, bertil, _) = await seated_table(server.ws_url, server.base_url)
        refused = await say(anna, **line)
        assert refused["type"] == "error" and refused["code"] == code, refused
        marker = await say(anna, text="after")
        assert marker["lines"][0]["n"] == 1  # the refused line took no number
        await bertil.wait_for(said("after"))
        assert [m for m in bertil.messages if is_chat(m) and not m.get("backlog")] == [
            {"type": "chat", "v": marker["v"], "lines": marker["lines"]}
        ]

    asyncio.run(scenario())


def test_a_spectator_may_not_chat_under_a_seated_players_name(server: ServerProcess) -> None:
    """Compared as nicknames are (NFC, white space, case): a spectator calling itself
    " ANNA " or "Zoe\u0301" next to a seated Anna and Zoé is refused; a name no player has,
    or that of a player who has left the table, is its own."""

    async def scenario() -> None:
        code, (anna, zoe, bertil) = await seated_table(
            server.ws_url, server.base_url, names=("Anna", "Zoé", "Bertil")
        )
        one = await RoomClient.open(server.ws_url, code, name="one")
        two = await RoomClient.open(server.ws_url, code, name="two")
        await one.wait_for(is_chat)
        await two.wait_for(is_chat)
        # three lines each at most: this server's chat pace
        for client, line in (
            (one, {"text": "it is me", "name": " ANNA "}),
            (one, {"reaction": "hello", "name": "Zoe\u0301"}),
            (two, {"text": "it is me", "name": "bertil"}),
        ):
            refused = await say(client, **line)
            assert refused["type"] == "error", (line, refused)
            assert refused["code"] == "chat_name_taken", (line, refused)
        line = (await say(one, text="just watching", name="Annabel"))["lines"][0]
        assert (line["seat"], line["name"], line["n"]) == (None, "Annabel", 1)
        # a seated player's own line is named by the seat, whatever it says
        line = (await say(anna, text="hi", name="Bertil"))["lines"][0]
        assert (line["seat"], line["name"]) == (0, "Anna")
        # once Bertil has left his seat the name is free
        await bertil.command({"type": "leave"})
        await two.until_version(bertil.v)
        line = (await say(two, text="now I may", name="Bertil"))["lines"][0]
        assert (line["seat"], line["name"]) == (None, "Bertil")
        assert not any(said("it is me")(m) for m in anna.messages + zoe.messages)

    asyncio.run(scenario())


def test_bidirectional_overrides_are_taken_out_and_emoji_kept(server: ServerProcess) -> None:
    async def scenario() -> None:
        _, (anna, *_) = await seated_table(server.ws_url, server.base_url)
        echo = await say(anna, text="gg \u202eqq\u202c 👨\u200d👩\u200d👧")
        assert echo["lines"][0]["text"] == "gg qq 👨\u200d👩\u200d👧"

    asyncio.run(scenario())


def test_the_host_decides_who_reads_spectators_and_who_may_speak(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, (anna, bertil, _) = await seated_table(server.ws_url, server.base_url)
        one = await RoomClient.open(server.ws_url, code, name="one")
        two = await RoomClient.open(server.ws_url, code, name="two")
        one_number = (await one.wait_for(is_chat))["watcher"]
        await two.wait_for(is_chat)

        refused = await bertil.command({"type": "chat_rules", "spectators": "spectators"})
        assert refused["code"] == "not_host"
        state = await anna.command({"type": "chat_rules", "spectators": "spectators"})
        assert state["room"]["chat"]["spectators"] == "spectators"

        quiet = await say(one, text="between us watchers")
        assert quiet["lines"][0]["to"] == "spectators"
        await two.wait_for(said("between us watchers"))
        # the players hear the next line, and never heard the one before
        await say(anna, text="players here")
        await bertil.wait_for(said("players here"))
        assert not any(said("between us watchers")(m) for m in bertil.messages + anna.messages)
        # a player's page opens as a spectator until its hello; once seated it is sent the
        # chat afresh, without the spectators' lines
        seated_late = await RoomClient.open(server.ws_url, code, secret=bertil.secret)
        first = await seated_late.wait_for(is_chat)
        assert len(first["lines"]) == 2
        again = await seated_late.wait_for(is_chat, seated_late.messages.index(first) + 1)
        assert again["backlog"] is True
        assert [li["text"] for li in again["lines"]] == ["players here"]
        watching_late = await RoomClient.open(server.ws_url, code)
        assert len((await watching_late.wait_for(is_chat))["lines"]) == 2
        # and standing up (hello without a secret) brings them back
        since = seated_late.cursor
        await seated_late.send({"type": "hello"})
        back = await seated_late.wait_for(lambda m: is_chat(m) and m.get("backlog"), since)
        assert len(back["lines"]) == 2

        state = await anna.command({"type": "chat_rules", "spectators": "off"})
        assert state["room"]["chat"]["spectators"] == "off"
        assert (await say(one, text="let me"))["code"] == "chat_closed"
        assert (await anna.command({"type": "chat_rules", "spectators": "loud"}))[
            "code"
        ] == "bad_chat_rules"
        await anna.command({"type": "chat_rules", "spectators": "all"})

        # a spectator's connection muted, then heard again
        await anna.send({"type": "mute", "watcher": one_number, "muted": True})
        await anna.wait_for(
            lambda m: is_state(m) and m["room"]["chat"]["muted_watchers"] == [one_number]
        )
        assert (await say(one, reaction="oops"))["code"] == "muted"
        assert (await say(two, reaction="oops"))["type"] == "chat"
        refused = await anna.command({"type": "mute", "watcher": 9999, "muted": True})
        assert refused["code"] == "no_such_watcher"

        # a player muted: the mute is the person's, and leaves with them
        assert (await anna.command({"type": "mute", "seat": 0, "muted": True}))[
            "code"
        ] == "cannot_mute_self"
        state = await anna.command({"type": "mute", "seat": 1, "muted": True})
        assert state["room"]["chat"]["muted"] == [1]
        assert (await say(bertil, text="hey"))["code"] == "muted"
        state = await bertil.command({"type": "leave"})
        assert state["room"]["chat"]["muted"] == []
        newcomer = await RoomClient.open(server.ws_url, code, name="newcomer")
        assert (await newcomer.sit(1, "Greta"))["type"] == "seated"
        assert (await say(newcomer, text="hello all"))["type"] == "chat"

    asyncio.run(scenario())


def test_a_flood_is_refused_at_the_chat_pace_and_moves_still_go_through(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        _, players = await seated_table(server.ws_url, server.base_url)
        await start_match(players)
        anna = players[0]
        since = anna.cursor
        for i in range(8):
            await anna.send({"type": "chat", "text": f"spam {i}"})
        # lines go out together once per chat tick, refusals at once: wait for both
        await anna.wait_for(said("spam 2"), since)
        cursor = since
        for _ in range(5):
            cursor = 1 + (await anna.next_match(is_error("chat_too_fast"), cursor))[0]
        answers = anna.messages[since:]
        heard = [li["text"] for m in answers if is_chat(m) for li in m["lines"]]
        refused = [m for m in answers if m.get("code") == "chat_too_fast"]
        assert heard == ["spam 0", "spam 1", "spam 2"]  # this server's burst is 3
        assert len(refused) == 5
        # the connection is still good for the game
        assert anna.state is not None and anna.close_code is None

    asyncio.run(scenario())


def test_chat_outlives_a_restart_and_stays_out_of_the_game(server: ServerProcess) -> None:
    async def before() -> tuple[str, int, str]:
        code, players = await seated_table(server.ws_url, server.base_url)
        await start_match(players)
        anna = players[0]
        await say(anna, text="remember me")
        await say(players[1], reaction="good_luck")
        v = anna.v
        assert anna.secret is not None
        for p in players:
            await p.close()
        return code, v, anna.secret

    code, v, secret = asyncio.run(before())
    server.kill()  # no shutdown code runs: what was said must already be on disk
    server.start()

    async def after() -> None:
        anna = await RoomClient.open(server.ws_url, code, secret=secret)
        backlog = await anna.wait_for(is_chat)
        lines = backlog["lines"]
        assert [(li.get("text"), li.get("reaction")) for li in lines] == [
            ("remember me", None),
            (None, "good_luck"),
        ]
        assert anna.v == v  # the chat changed no version of the room
        echo = await say(anna, text="and me")
        assert echo["lines"][0]["n"] == 3  # numbering goes on after the restart
        record = httpx.get(f"{server.base_url}/api/rooms/{code}/matches/1/record", timeout=60)
        assert record.status_code == 200
        assert "remember me" not in record.text and "good_luck" not in record.text

    asyncio.run(after())
