"""A room's state as a pure function of its event log, and the checks that produce events.

``RoomState`` never performs I/O: :class:`~app.tables.service.Tables` asks it to validate a
command (which yields events), commits the events, and only then tells anyone.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from app.bots import levels_for
from app.engine import (
    DEFAULT_GAME,
    TABLE,
    ActionError,
    Game,
    GameState,
    OptionError,
    UnknownGame,
    get_game,
)
from app.engine.fairness import (
    SCHEME,
    commitment,
    first_dealer,
    is_client_seed,
    shuffled,
)
from app.engine.paper_game import paper_game
from app.engine.records import export_record
from app.engine.teams import team_of
from app.engine.words import with_article

from . import events as ev
from .credentials import hash_secret, new_secret, new_server_seed, secret_matches
from .events import Event

NICKNAME_MAX = 24
BOT_NAMES = ("Ada", "Boole", "Cantor", "Dirac", "Euler", "Fermat", "Gauss", "Hilbert")
AWAY_GRACE = 60
"""Seconds a player may be away on their turn (or the host away at all) before the table
carries on without them: a room's default."""
AWAY_GRACE_MAX = 3600
MOVE_CLOCK_MAX = 600
"""The longest time per move a room may set, in seconds."""
STAND_IN_LEVEL = "basic"
"""The computer player that stands in for a player who is away."""
HINT_SETTINGS = ("auto", "on", "off")
"""Who may ask for a hint: ``auto``, a person whose every other seat is a computer
player's; ``on``, every person seated; ``off``, nobody."""


class Status(StrEnum):
    WAITING = "waiting"  # no match yet
    PLAYING = "playing"
    FINISHED = "finished"  # the last match was played to the end
    ENDED = "ended"  # the host stopped the last match early


class TableError(Exception):
    """A command the room refuses; ``code`` is stable and translated by clients."""

    def __init__(self, code: str, message: str, detail: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.detail = detail or {}


@dataclass(slots=True)
class Seat:
    nickname: str
    secret_hash: str
    bot: str | None = None
    """The level of the bot playing this seat, if one does."""
    bot_seat: bool = False
    """Taken by a bot itself; otherwise a bot only stands in for the seat's player."""
    finishes_deal: bool = False
    """The bot stands in only until the next deal: the seat was its own until a person took
    it over in the middle of a deal, and it plays that deal out for them."""


@dataclass(frozen=True, slots=True)
class Dealing:
    """One deal as the seeds dealt it (docs/fairness.md). The server seed is the room's
    secret until the deal is over."""

    deal: int
    server_seed: str
    client_seeds: tuple[str, ...]
    pack: str
    """The pack as dealt, its cards joined by commas (the deal action's argument)."""
    scheme: str = SCHEME
    first_dealer: int | None = None
    """The match's first dealer, drawn from these seeds (a first deal under the scheme)."""

    def to_json(self, revealed: bool) -> dict[str, Any]:
        out: dict[str, Any] = {
            "scheme": self.scheme,
            "deal": self.deal,
            "commitment": commitment(self.server_seed),
            "client_seeds": list(self.client_seeds),
            "server_seed": self.server_seed if revealed else None,
            "pack": self.pack.split(",") if revealed else None,
        }
        if self.first_dealer is not None:
            out["first_dealer"] = self.first_dealer
        return out


def dealings_json(dealings: Sequence[Dealing], over: bool) -> list[dict[str, Any]]:
    """A match's deals with their seeds, as a record and the room show them: each server
    seed revealed once its deal is over (every deal but the last, and the last too once the
    match is ``over``)."""
    done = len(dealings) - (0 if over else 1)
    return [d.to_json(revealed=i < done) for i, d in enumerate(dealings)]


@dataclass(slots=True)
class PastMatch:
    number: int
    players: list[str]
    match: GameState
    status: Status
    dealings: list[Dealing]


def clean_nickname(raw: object) -> str:
    if not isinstance(raw, str):
        raise TableError("bad_nickname", "a nickname is text")
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not 1 <= len(name) <= NICKNAME_MAX or not all(c.isprintable() for c in name):
        raise TableError("bad_nickname", f"a nickname is 1 to {NICKNAME_MAX} printable characters")
    return name


def room_game(name: object, options: object, paper: object = False) -> tuple[Game, dict[str, Any]]:
    """The game a room is for (kept on paper when ``paper``), and its options checked by
    the game; a clear refusal (``unknown_game``, ``no_paper``, ``unknown_option``,
    ``bad_option``) otherwise."""
    try:
        game = get_game(name)
    except UnknownGame as unknown:
        raise TableError("unknown_game", str(unknown), {"game": unknown.name}) from None
    if not isinstance(paper, bool):
        raise TableError("bad_paper", "paper is true or false")
    if paper:
        if game.paper is None:
            raise TableError(
                "no_paper", f"{game.title} cannot be kept on paper here", {"game": game.name}
            )
        game = paper_game(game)
    if options is not None and not isinstance(options, dict):
        raise TableError("bad_option", "options are an object of option names and values")
    try:
        return game, game.resolve_options(options)
    except OptionError as refused:
        raise TableError(refused.code, refused.message, {"option": refused.option}) from None


class RoomState:
    def __init__(
        self,
        code: str,
        seats: int | None,
        game: str | None = None,
        options: dict[str, Any] | None = None,
        away_grace: object = AWAY_GRACE,
        move_clock: object = None,
        paper: object = False,
        autostart: object = False,
    ) -> None:
        """A room for ``game`` (the default game when ``None``) with ``seats`` seats (the
        game's default when ``None``). ``away_grace``: seconds before a stand-in plays for a
        player away on their turn, and before the host role passes on; ``None``: never.
        ``paper``: the table plays with real cards and enters each deal to score it
        (``app/engine/paper_game.py``). ``autostart``: the first match starts by itself
        once the host gives a seed for its first deal (:meth:`starts_on_seed`)."""
        name = DEFAULT_GAME if game is None else game
        self.game, self.options = room_game(name, options, paper)
        self.paper = bool(paper)
        if not isinstance(autostart, bool):
            raise TableError("bad_autostart", "autostart is true or false")
        self.autostart = autostart
        if away_grace is not None and (
            not isinstance(away_grace, int)
            or isinstance(away_grace, bool)
            or not 1 <= away_grace <= AWAY_GRACE_MAX
        ):
            raise TableError(
                "bad_away_grace", f"away_grace is 1 to {AWAY_GRACE_MAX} seconds, or null for never"
            )
        self.away_grace: int | None = away_grace
        if move_clock is not None and (
            not isinstance(move_clock, int)
            or isinstance(move_clock, bool)
            or not 1 <= move_clock <= MOVE_CLOCK_MAX
        ):
            raise TableError(
                "bad_move_clock", f"move_clock is 1 to {MOVE_CLOCK_MAX} seconds, or null for none"
            )
        self.move_clock: int | None = move_clock
        """Seconds a player has for each move, after which a stand-in plays that one move;
        ``None``: no clock."""
        seats = self.game.seats_default if seats is None else seats
        if seats not in self.game.seat_counts:
            raise TableError(
                "bad_seats",
                f"{with_article(self.game.title)} table has {self.game.seat_counts_text} seats",
                {"seats": list(self.game.seat_counts)},
            )
        self.code = code
        self.size = seats
        self.seats: list[Seat | None] = [None] * seats
        self.host: int | None = None
        self.home_host: int | None = None
        """The host who was away when the role passed on, to have it back on return."""
        self.match: GameState | None = None
        self.match_number = 0
        self.players: list[str] = []
        self.status = Status.WAITING
        self.past: list[PastMatch] = []
        self.spectator_chat = "all"
        """Who reads what spectators say in the chat: ``all``, ``spectators``, ``off``."""
        self.muted: set[int] = set()
        """Seats whose players the host has muted in the chat."""
        self.hints = "auto"
        """Who may ask for a hint (:meth:`hints_for`): ``auto``, ``on`` or ``off``."""
        self.next_seed: str | None = None
        """The server seed committed for the next deal: the room's secret until that deal
        is over (``None`` in a room made before deals were seeded, until its next deal)."""
        self.client_seeds = [""] * seats
        """Each seat's client seed for the next deal, given after its commitment was shown:
        the empty seed for a seat that gave none."""
        self.seeded = [False] * seats
        """Which seats gave a seed for the next deal."""
        self.dealings: list[Dealing] = []
        """The deals of the current (or last) match, as the seeds dealt them."""
        self.last_actor: int | None = None
        """The seat that made the current (or last) match's last action (:data:`TABLE` for
        a deal), ``None`` before its first. The actions themselves are in the room's log
        alone, on disk: a replay reads them there (``history.match_actions``)."""
        self.version = 0
        self.settled = 0
        """The version of the last event a command could depend on: every event but a client
        seed, which changes nothing any player acts on. A command made on any version from
        this one on still stands (:meth:`current`)."""
        self.revision = 0
        """Counts the changes to what :meth:`public` shows: every event but a game action,
        and the action that ends a match. Moves alone leave it as it is."""
        self._views: Any = None

    def created(self) -> Event:
        """The event that opens this room's log: what it is for."""
        data: dict[str, Any] = {"seats": self.size, "game": self.game.name}
        changed = self.game.non_default(self.options)
        if changed:
            data["options"] = changed
        if self.away_grace != AWAY_GRACE:
            data["away_grace"] = self.away_grace
        if self.move_clock is not None:
            data["move_clock"] = self.move_clock
        if self.paper:
            data["paper"] = True
        if self.autostart:
            data["autostart"] = True
        return Event(ev.CREATED, data)

    # -- replay --------------------------------------------------------------------------------

    @classmethod
    def from_events(cls, code: str, log: Sequence[Event]) -> RoomState:
        if not log or log[0].kind != ev.CREATED:
            raise ValueError(f"room {code}: log does not start with its creation")
        data = log[0].data
        # a room made before there were other games names none: it is Bismarck
        room = cls(
            code,
            int(data["seats"]),
            data.get("game", DEFAULT_GAME),
            data.get("options"),
            data.get("away_grace", AWAY_GRACE),
            data.get("move_clock"),
            data.get("paper", False),
            data.get("autostart", False),
        )
        room.version = room.settled = 1
        for event in log[1:]:
            room.apply(event)
        return room

    def apply(self, event: Event) -> None:
        """Apply one committed (or about to be committed) event. Never refuses a checked event."""
        d = event.data
        kind = event.kind
        if kind == ev.ACT:
            assert self.match is not None
            fair = d.get("fair")
            if fair is not None:
                assert self.next_seed is not None
                seeds = tuple(fair["client_seeds"])
                pack = str(d["action"]).removeprefix("deal:")
                # a deal logged before the scheme named itself was dealt by the first one
                scheme = fair.get("scheme", "kortbord-fair/1")
                dealing = Dealing(
                    fair["deal"], self.next_seed, seeds, pack, scheme, fair.get("first_dealer")
                )
                self.dealings.append(dealing)
                self.next_seed = None
            self.match.apply(d["seat"], self.game.parse_action(d["action"]))
            self.last_actor = d["seat"]
            if d["seat"] == TABLE and str(d["action"]).startswith("deal:"):
                self._end_handovers()
            if self.match.is_over:
                self._close_match(Status.FINISHED)
        elif kind == ev.SIT:
            bot = d.get("bot")
            # a person taking a computer player's seat mid-deal: it plays the deal out for them
            finishing = d.get("stand_in")
            self.seats[d["seat"]] = Seat(
                d["nickname"],
                d["secret_hash"],
                bot if bot is not None else finishing,
                bot is not None,
                finishing is not None,
            )
            self._forget_seed(d["seat"])  # a new occupant brings their own
            if self.playing:  # whoever takes over a seat mid-match plays on under their name
                self.players[d["seat"]] = d["nickname"]
            if self.host is None:
                self.host = d["seat"]
        elif kind == ev.LEAVE:
            self.seats[d["seat"]] = None
            self._forget_seed(d["seat"])
            self.muted.discard(d["seat"])  # a mute is the person's, not the seat's
            if self.home_host == d["seat"]:
                self.home_host = None
            if self.host == d["seat"]:  # the role passes to a person, never to a bot
                people = (i for i, s in enumerate(self.seats) if s is not None and not s.bot_seat)
                self.host = next(people, None)
        elif kind == ev.REORDER:
            order = d["order"]
            self.seats = [self.seats[i] for i in order]
            self.client_seeds = [self.client_seeds[i] for i in order]
            self.seeded = [self.seeded[i] for i in order]
            if self.players:  # the last match's names move with their seats
                self.players = [self.players[i] for i in order]
            if self.host is not None:
                self.host = order.index(self.host)
            if self.home_host is not None:
                self.home_host = order.index(self.home_host)
            self.muted = {order.index(seat) for seat in self.muted}
        elif kind == ev.HOST:
            self.host = d["seat"]
            # a role passed on while its host was away comes back with them; any other
            # transfer is for good
            self.home_host = d.get("away_host")
        elif kind == ev.START:
            self.match_number += 1
            self.match = self.game.new_match(self.size, self.options, d["first_dealer"])
            self._views = self.game.new_view_cache()
            self.dealings = []
            self.last_actor = None
            self.players = [s.nickname if s else "" for s in self.seats]
            self.status = Status.PLAYING
        elif kind == ev.END:
            self._close_match(Status.ENDED)
        elif kind == ev.BOT:
            seat = self.seats[d["seat"]]
            assert seat is not None
            seat.bot = d["level"]
            # the host's choice of stand-in (or none) replaces one finishing a deal
            seat.finishes_deal = False
        elif kind == ev.CHAT_RULES:
            self.spectator_chat = d["spectators"]
        elif kind == ev.HINTS:
            self.hints = d["hints"]
        elif kind == ev.MUTE:
            if d["muted"]:
                self.muted.add(d["seat"])
            else:
                self.muted.discard(d["seat"])
        elif kind == ev.SEED:
            self.next_seed = d["seed"]
            # seeds belong to the commitment they were given for: the next deal's must be
            # chosen anew, once its commitment is out
            self.client_seeds = [""] * self.size
            self.seeded = [False] * self.size
        elif kind == ev.CLIENT_SEED:
            self.client_seeds[d["seat"]] = d["seed"]
            self.seeded[d["seat"]] = True
        else:
            raise ValueError(f"event {kind!r} cannot be applied to a room")
        self.version += 1
        if kind != ev.CLIENT_SEED:
            self.settled = self.version
        if kind != ev.ACT:
            self.revision += 1

    def _forget_seed(self, seat: int) -> None:
        self.client_seeds[seat] = ""
        self.seeded[seat] = False

    def _end_handovers(self) -> None:
        """A new deal, or the end of the match: the computer players finishing a deal for
        the people who took their seats stop, and those people play on themselves."""
        for seat in self.seats:
            if seat is not None and seat.finishes_deal:
                seat.bot = None
                seat.finishes_deal = False
                self.revision += 1  # the room object shows who plays each seat

    def _close_match(self, status: Status) -> None:
        assert self.match is not None
        self._end_handovers()
        self.past.append(
            PastMatch(
                self.match_number,
                list(self.players),
                self.match,
                status,
                self.dealings,
            )
        )
        self.status = status
        self.revision += 1

    # -- reading -------------------------------------------------------------------------------

    def current(self, version: int) -> bool:
        """A command made on ``version`` is made on the table as it stands: the seeds the
        seats give at the start of each deal do not make a move made meanwhile stale."""
        return self.settled <= version <= self.version

    @property
    def playing(self) -> bool:
        return self.status is Status.PLAYING

    def seat_for_secret(self, secret: str) -> int | None:
        found = None
        for i, seat in enumerate(self.seats):
            # every seat is compared, so the time taken does not say which seat matched
            if seat is not None and secret_matches(secret, seat.secret_hash):
                found = i
        return found

    def nickname(self, seat: int) -> str:
        occupant = self.seats[seat]
        if occupant is not None:
            return occupant.nickname
        return self.players[seat] if self.players else ""

    def public(
        self,
        connected: Sequence[bool],
        spectators: int = 0,
        due: Mapping[int, int] | None = None,
        host_due: int | None = None,
        clock_at: tuple[int, int] | None = None,
        muted_watchers: Iterable[int] = (),
    ) -> dict[str, Any]:
        """``due``: per seat whose player is away on their turn, when (server time, ms since
        the epoch) a stand-in will play for them; ``host_due``: when the host role passes on
        from a host who is away; ``clock_at``: the seat to move and when its time runs out;
        ``muted_watchers``: the spectators' connections the host has muted in the chat."""
        due = due or {}
        teams = self.game.teams(self.size)
        return {
            "code": self.code,
            "game": self.game.name,
            "options": self.options,
            "paper": self.paper,
            "away_grace": self.away_grace,
            "move_clock": self.move_clock,
            "home_host": self.home_host,
            "host_due": host_due,
            "bots": self.bot_levels(),
            "size": self.size,
            # partnerships by seat: the seat order the host sets chooses them
            "teams": [list(members) for members in teams] if teams else None,
            "status": self.status.value,
            "host": self.host,
            "match_number": self.match_number,
            # a paper room deals nothing, so it has no seeds to show
            "fairness": None if self.paper else self.seeds_commitment(),
            "spectators": spectators,
            "chat": {
                "spectators": self.spectator_chat,
                "muted": sorted(self.muted),
                "muted_watchers": sorted(muted_watchers),
            },
            "hints": {
                "setting": self.hints,
                "seats": [i for i in range(self.size) if self.hints_for(i)],
            },
            "seats": [
                self._seat_json(i, seat, connected, due, clock_at, teams)
                for i, seat in enumerate(self.seats)
            ],
        }

    def _seat_json(
        self,
        i: int,
        seat: Seat | None,
        connected: Sequence[bool],
        due: Mapping[int, int],
        clock_at: tuple[int, int] | None,
        teams: tuple[tuple[int, ...], ...] | None,
    ) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": i,
            "nickname": seat.nickname if seat else None,
            "taken": seat is not None,
            "bot": seat.bot if seat else None,
            "stand_in": seat is not None and seat.bot is not None and not seat.bot_seat,
            "connected": connected[i],
            "stand_in_at": due.get(i),
            "clock_at": clock_at[1] if clock_at and clock_at[0] == i else None,
            "player": self.players[i] if self.players else None,
            "team": team_of(teams, i) if teams else None,
        }
        if seat is not None and seat.finishes_deal:
            # only while it is so: a room nobody takes a computer's seat in is sent as before
            out["finishes_deal"] = True
        return out

    def view_for(
        self, seat: int | None, public: dict[str, Any] | None = None
    ) -> dict[str, Any] | None:
        """``public``: this state's spectator view, when the caller already has it."""
        if self.match is None:
            return None
        if self.status is Status.ENDED:
            # A stopped match takes no more actions, and its hands are nobody's to see any
            # more: the seat may have changed hands since, so everyone gets the public view.
            seat = None
        if self._views is None:
            self._views = self.game.new_view_cache()
        return self.game.view(self.match, seat, public, self._views)

    def drop_caches(self) -> None:
        """Lets go of what views are built faster with (the view cache): nobody reads
        them now. The next view builds it again, and is the same."""
        self._views = None

    def record(self) -> dict[str, Any] | None:
        if self.match is None:
            return None
        record = export_record(self.game, self.match, self.players)
        record["fairness"] = dealings_json(self.dealings, over=not self.playing)
        return record

    # -- commands: each checks, then returns the events to commit ------------------------------

    def sit(self, seat: object, nickname: object, holder: int | None) -> tuple[list[Event], str]:
        """A person takes a free seat, or one a computer player took itself: at once
        between deals, and in the middle of a deal with the computer player finishing it
        for them (:attr:`Seat.finishes_deal`)."""
        if holder is not None:
            raise TableError("already_seated", "you already hold a seat", {"seat": holder})
        index = self._seat_index(seat)
        occupant = self.seats[index]
        if occupant is not None and not occupant.bot_seat:
            raise TableError("seat_taken", "that seat is taken", {"seat": index})
        name = clean_nickname(nickname)
        # the computer player leaving the seat leaves its name free too
        taken = {
            s.nickname.casefold() for i, s in enumerate(self.seats) if s is not None and i != index
        }
        if name.casefold() in taken:
            raise TableError("nickname_taken", "someone at the table already has that name")
        secret = new_secret()
        data: dict[str, Any] = {"seat": index, "nickname": name, "secret_hash": hash_secret(secret)}
        if occupant is not None:
            data["replaces"] = occupant.nickname
            if self.deal_under_way():
                # a hand half played is the computer player's to finish: the person plays
                # from the next deal, whose seeds are theirs
                data["stand_in"] = occupant.bot
        return [Event(ev.SIT, data)], secret

    def deal_under_way(self) -> bool:
        """A match runs and someone has acted in its current deal: the last action is not
        the table's deal."""
        return self.playing and self.last_actor is not None and self.last_actor != TABLE

    def leave(self, holder: int | None) -> list[Event]:
        if holder is None:
            raise TableError("not_seated", "you hold no seat")
        return [Event(ev.LEAVE, {"seat": holder, "removed": False})]

    def remove(self, by: int | None, seat: object) -> list[Event]:
        self._require_host(by)
        index = self._seat_index(seat)
        if self.seats[index] is None:
            raise TableError("seat_free", "that seat is already free", {"seat": index})
        if index == by:
            raise TableError("cannot_remove_self", "hand the host role over, then leave")
        return [Event(ev.LEAVE, {"seat": index, "removed": True})]

    def transfer_host(self, by: int | None, seat: object) -> list[Event]:
        self._require_host(by)
        index = self._seat_index(seat)
        occupant = self.seats[index]
        if occupant is None:
            raise TableError("seat_free", "the new host must hold a seat", {"seat": index})
        if occupant.bot_seat:
            raise TableError("bot_cannot_host", "a computer player cannot be the host")
        return [Event(ev.HOST, {"seat": index})]

    def reorder(self, by: int | None, order: object) -> list[Event]:
        self._require_host(by)
        if self.playing:
            raise TableError("match_running", "seats are reordered before the match starts")
        if (
            not isinstance(order, list)
            # 1.0 and True equal seat numbers, but are no list index once in the log
            or not all(isinstance(i, int) and not isinstance(i, bool) for i in order)
            or sorted(order) != list(range(self.size))
        ):
            raise TableError(
                "bad_order", f"order must list each seat 0..{self.size - 1} once", {"order": order}
            )
        return [Event(ev.REORDER, {"order": list(order)})]

    def start(self, by: int | None, rng: random.Random) -> list[Event]:
        self._require_host(by)
        if self.playing:
            raise TableError("match_running", "a match is already running")
        if any(s is None for s in self.seats):
            raise TableError("seats_free", "every seat must be taken to start")
        if self.next_seed is not None:
            # drawn from the first deal's seeds, so that the server, which knows its own
            # seed, could not choose who is dealt which hand either
            dealer = first_dealer(self.next_seed, self.client_seeds, self.size)
        else:  # a room made before deals were seeded
            dealer = rng.randrange(self.size)
        start = Event(ev.START, {"first_dealer": dealer})
        match = self.game.new_match(self.size, self.options, dealer)
        out = [start]
        if match.to_act == TABLE:
            out.extend(self._deal(1, dealer))
        return out

    def end(self, by: int | None) -> list[Event]:
        self._require_host(by)
        if not self.playing:
            raise TableError("no_match", "no match is running")
        return [Event(ev.END)]

    def act(self, seat: int | None, text: object, rng: random.Random) -> list[Event]:
        """Check an action against the match; return it with the deal that may follow."""
        if seat is None:
            raise TableError("not_seated", "take a seat to play")
        if not self.playing or self.match is None:
            raise TableError("no_match", "no match is running")
        try:
            action = self.game.parse_action(text)
            after = self.match.check(seat, action)
        except ActionError as refused:
            raise TableError(refused.code, refused.message, refused.detail) from None
        out = [Event(ev.ACT, {"seat": seat, "action": str(action)})]
        if after == TABLE:
            # the chance step depends on the state only through the game's pack, which
            # this action does not change
            out.extend(self._deal(len(self.dealings) + 1))
        return out

    def _deal(self, number: int, first: int | None = None) -> list[Event]:
        """The table deals deal ``number`` of the match from the committed server seed and
        the seeds the seats gave for it, and commits to a new server seed for the deal
        after. ``first``: the match's first dealer, drawn from the same seeds."""
        out: list[Event] = []
        seed = self.next_seed
        if seed is None:  # a room made before deals were seeded: committed as it is used
            seed = new_server_seed()
            out.append(Event(ev.SEED, {"seed": seed}))
            first = None
        seeds = list(self.client_seeds)
        action = self.game.deal(shuffled(self.game.pack.cards, seed, number, seeds))
        fair: dict[str, Any] = {"deal": number, "client_seeds": seeds, "scheme": SCHEME}
        if first is not None:
            fair["first_dealer"] = first
        out.append(Event(ev.ACT, {"seat": TABLE, "action": str(action), "fair": fair}))
        out.extend(self.commit_seed())
        return out

    def commit_seed(self) -> list[Event]:
        """A server seed for the next deal, committed to now (none at a table of real
        cards, which deals nothing)."""
        if self.paper:
            return []
        return [Event(ev.SEED, {"seed": new_server_seed()})]

    def set_client_seed(self, seat: int | None, seed: object, given_for: object) -> list[Event]:
        """The seat's client seed for the next deal, given for the commitment ``given_for``:
        refused unless that is the commitment now shown, for a seed chosen before the
        server's was fixed is one the server could have ground its seed against. Nothing
        when it is the seed already given."""
        if seat is None:
            raise TableError("not_seated", "take a seat to give a seed")
        if not is_client_seed(seed):
            raise TableError(
                "bad_client_seed", "a client seed is up to 64 letters, digits, '-' and '_'"
            )
        if self.paper:
            return []
        shown = commitment(self.next_seed) if self.next_seed is not None else None
        if given_for != shown:
            raise TableError(
                "stale_seed",
                "that commitment is not the next deal's: give a new seed for the one shown",
                {"next": shown},
            )
        if self.seeded[seat]:
            if seed == self.client_seeds[seat]:
                return []
            # the first seed a seat gives for a deal is the one: another connection of the
            # same player learns so, rather than having one device's seed silently replace
            # the other's, which that device's check would take for a replaced seed
            raise TableError("seed_given", "this seat has given its seed for the next deal already")
        return [Event(ev.CLIENT_SEED, {"seat": seat, "seed": seed, "commitment": shown})]

    def seeds_commitment(self) -> dict[str, Any]:
        """What everyone may see of the seeds: the commitment to the next deal's server
        seed, and the last two deals of the current (or last) match, each with its seed and
        pack once it is over."""
        pack = self.game.pack
        return {
            "scheme": SCHEME,
            # the canonical order of the pack the seeds shuffle (docs/fairness.md)
            "ranks": pack.ranks,
            "copies": pack.copies,
            "next": commitment(self.next_seed) if self.next_seed is not None else None,
            # whose seeds for the next deal the table holds: a browser's acknowledgement
            "seeded": list(self.seeded),
            # which places of the pack each seat is dealt, by its place after the dealer:
            # with the dealer shown, a browser checks its own cards against a revealed pack
            "hand_positions": self._hand_positions(),
            # the deal in play and the one before (the record has them all): a frame stays
            # small however long the match
            "deals": dealings_json(self.dealings, over=not self.playing)[-2:],
        }

    def _hand_positions(self) -> list[list[int]] | None:
        positions = self.game.hand_positions
        if positions is None:
            return None
        return [list(p) for p in positions(self.size, self.options)]

    def add_bot(self, by: int | None, seat: object, level: object) -> list[Event]:
        """A bot in a free seat sits down under a bot's name; in a taken seat it stands in
        for that player, who takes the seat back by returning with their secret."""
        self._require_host(by)
        index = self._seat_index(seat)
        if self.paper:
            raise TableError("paper_no_bots", "a computer player cannot play with real cards")
        levels = self.bot_levels()
        if not isinstance(level, str) or level not in levels:
            raise TableError("bad_bot_level", f"bot levels: {', '.join(levels)}")
        occupant = self.seats[index]
        if occupant is None:
            return [self._bot_sits(index, level, set())]
        if index == by:
            raise TableError("cannot_bot_self", "the host plays their own seat")
        if occupant.bot == level:
            raise TableError("bot_already", "that bot already plays this seat")
        return [Event(ev.BOT, {"seat": index, "level": level})]

    def _bot_sits(self, index: int, level: str, named: set[str]) -> Event:
        """A computer player sits down in the free seat ``index`` under the first of its
        names that nobody at the table has, nor any of ``named`` (those sitting down with it)."""
        taken = {s.nickname.casefold() for s in self.seats if s is not None} | named
        name = next(n for n in BOT_NAMES if n.casefold() not in taken)
        named.add(name.casefold())
        # a secret nobody is ever given: no person can prove this seat as theirs
        unusable = hash_secret(new_secret())
        sit = {"seat": index, "nickname": name, "secret_hash": unusable, "bot": level}
        return Event(ev.SIT, sit)

    def fill_bots(self, by: int | None, level: object) -> list[Event]:
        """Host: a computer player of ``level`` sits down in every free seat."""
        self._require_host(by)
        if self.paper:
            raise TableError("paper_no_bots", "a computer player cannot play with real cards")
        levels = self.bot_levels()
        if not isinstance(level, str) or level not in levels:
            raise TableError("bad_bot_level", f"bot levels: {', '.join(levels)}")
        free = [i for i, s in enumerate(self.seats) if s is None]
        if not free:
            raise TableError("no_free_seat", "every seat is taken")
        named: set[str] = set()
        return [self._bot_sits(i, level, named) for i in free]

    def starts_on_seed(self, seat: int | None) -> bool:
        """The room starts its first match by itself on the host's seed for its first deal:
        a room made to play at once (``autostart``) whose every seat is taken."""
        return (
            self.autostart
            and self.status is Status.WAITING
            and self.match_number == 0
            and seat is not None
            and seat == self.host
            and all(s is not None for s in self.seats)
        )

    def bot_levels(self) -> list[str]:
        """The computer players this room may seat: none at a table of real cards."""
        return [] if self.paper else list(levels_for(self.game.name))

    def remove_bot(self, by: int | None, seat: object) -> list[Event]:
        self._require_host(by)
        index = self._seat_index(seat)
        occupant = self.seats[index]
        if occupant is None or occupant.bot is None:
            raise TableError("no_bot", "no bot plays that seat", {"seat": index})
        if occupant.bot_seat:
            return [Event(ev.LEAVE, {"seat": index, "removed": True})]
        return [Event(ev.BOT, {"seat": index, "level": None})]

    def reclaim(self, seat: int) -> list[Event]:
        """The seat's own player is back: the bot standing in for them stops, and the host
        role comes back to a host it passed from while they were away."""
        occupant = self.seats[seat]
        out: list[Event] = []
        # one finishing the deal for a person who has just taken its seat plays it out
        if (
            occupant is not None
            and occupant.bot is not None
            and not occupant.bot_seat
            and not occupant.finishes_deal
        ):
            out.append(Event(ev.BOT, {"seat": seat, "level": None}))
        if self.home_host == seat and self.host != seat:
            out.append(Event(ev.HOST, {"seat": seat}))
        return out

    # -- chat ----------------------------------------------------------------------------------

    def chat_rules(self, by: int | None, spectators: object) -> list[Event]:
        self._require_host(by)
        if spectators not in ("all", "spectators", "off"):
            raise TableError("bad_chat_rules", "spectators' chat is all, spectators or off")
        return [Event(ev.CHAT_RULES, {"spectators": spectators})]

    def mute(self, by: int | None, seat: object, muted: bool) -> list[Event]:
        self._require_host(by)
        index = self._seat_index(seat)
        if self.seats[index] is None:
            raise TableError("seat_free", "nobody holds that seat", {"seat": index})
        if index == by:
            raise TableError("cannot_mute_self", "the host cannot mute their own seat")
        return [Event(ev.MUTE, {"seat": index, "muted": muted})]

    def may_chat(self, seat: int | None) -> str:
        """Whom a line from ``seat`` (``None``: a spectator) reaches, or a refusal."""
        if seat is not None:
            if seat in self.muted:
                raise TableError("muted", "the host has muted you in the chat")
            return "all"
        if self.spectator_chat == "off":
            raise TableError("chat_closed", "the host has closed the chat to spectators")
        return self.spectator_chat

    # -- hints -------------------------------------------------------------------------------

    def set_hints(self, by: int | None, hints: object) -> list[Event]:
        self._require_host(by)
        if hints not in HINT_SETTINGS:
            raise TableError("bad_hints", "hints are auto, on or off")
        return [Event(ev.HINTS, {"hints": hints})]

    def hints_for(self, seat: int) -> bool:
        """Whether the person in ``seat`` may ask for a hint: as the host set it, or, left
        to ``auto``, when every other seat is a computer player's own (a table of one person
        learning the game, as Play now makes)."""
        occupant = self.seats[seat]
        if occupant is None or occupant.bot_seat or self.paper:
            return False
        if self.hints != "auto":
            return self.hints == "on"
        return all(s is not None and s.bot_seat for i, s in enumerate(self.seats) if i != seat)

    # -- a player away -------------------------------------------------------------------------

    def person_at(self, seat: int) -> bool:
        """A person (not a computer player's own seat) holds ``seat``."""
        occupant = self.seats[seat]
        return occupant is not None and not occupant.bot_seat

    def awaited(self) -> int | None:
        """The seat the match waits for, when a person holds it and no bot plays it."""
        if not self.playing or self.match is None:
            return None
        seat = self.match.to_act
        if seat is None or seat < 0:
            return None
        occupant = self.seats[seat]
        if occupant is None or occupant.bot_seat or occupant.bot is not None:
            return None
        return seat

    def stand_in(self, seat: int) -> list[Event]:
        """A computer player takes over the seat of a player away on their turn, until they
        return (:meth:`reclaim`)."""
        return [Event(ev.BOT, {"seat": seat, "level": STAND_IN_LEVEL, "away": True})]

    def pass_host(self, to: int) -> list[Event]:
        """The host is away: the role goes to ``to`` until they return."""
        away = self.home_host if self.home_host is not None else self.host
        return [Event(ev.HOST, {"seat": to, "away_host": away})]

    def require_host(self, by: int | None) -> None:
        """Refuses ``not_host`` unless ``by`` holds the host seat."""
        self._require_host(by)

    def _require_host(self, by: int | None) -> None:
        if by is None or by != self.host:
            raise TableError("not_host", "only the host can do that")

    def _seat_index(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.size:
            raise TableError("bad_seat", f"seats are numbered 0 to {self.size - 1}")
        return seat
