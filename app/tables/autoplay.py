"""Computer players at the table.

After every change to a room, a bot whose seat is to act is handed that seat's view (the
very view a person there is sent), thinks, and acts through :meth:`Tables.handle` like a
person. It waits a human-paced moment first (``bot_delay``; 0 in benchmarks and tests),
and a strong bot thinks in a worker process, so its search never holds the event loop
(and with it every other room) for the length of its budget.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Protocol

from app.bots import Bot, make_bot
from app.bots.review import judge, reviewer_for
from app.engine import GAMES

from .commands import Act, Command
from .live import LiveRoom, Member

log = logging.getLogger("kortbord.bots")


class _BotClient:
    """Where the room's replies to a bot go: it needs none but its refusals."""

    def __init__(self) -> None:
        self.refused: list[str] = []

    def send_text(self, text: str) -> None:
        if text.startswith('{"type":"error"'):
            self.refused.append(text)

    def close(self, code: int, reason: str) -> None:
        return None


class Acting(Protocol):
    """What a bot acts through: the rooms' own command path, as a person's browser does."""

    async def handle(self, member: Member, command: Command, ident: str | None = None) -> None: ...


def _think(game: str, level: str, seed: int, budget: float, view: Any) -> str:
    """One decision in the worker process. Bots are functions of seed and view, so a fresh
    bot per decision decides exactly as a long-lived one would."""
    return make_bot(game, level, seed, budget).decide(view)


def _judge(game: str, seed: int, budget: float, view: Any, played: str) -> dict[str, Any] | None:
    """The review of one decision already made (``app/bots/review.py``), in the worker."""
    rules = GAMES[game]
    judgement = judge(rules, reviewer_for(rules, seed), view, played, seed, budget)
    return None if judgement is None else judgement.as_json()


_TASKS: dict[str, Callable[..., Any]] = {"think": _think, "judge": _judge}
"""What the worker can be asked, by name: the question names its task and its arguments."""


def _worker_main(requests: Connection) -> None:
    """The worker's loop: a question from the pipe, its answer back, until the pipe ends.

    The pipe ends when the server closes it, and also when the server dies without running
    any code of its own (SIGKILL, the OOM killer): the worker holds only its own end, so
    the kernel closes the other, and the next read ends the worker."""
    while True:
        try:
            task, *arguments = requests.recv()
        except (EOFError, OSError):
            return
        except Exception:  # a question it cannot read: no answer would match it
            return
        try:
            answer: tuple[bool, Any] = (True, _TASKS[task](*arguments))
        except Exception as failed:  # the server falls back on a plain move
            answer = (False, f"{type(failed).__name__}: {failed}")
        try:
            requests.send(answer)
        except OSError:
            return


class WorkerGone(RuntimeError):
    """The worker process ended or was stopped before it answered."""


class ThinkingWorker:
    """One process for the strong bots' searches, asked one question at a time over a pipe.

    A pipe, not a process pool: a pool's queues are locked with named semaphores, which a
    killed server cannot release, so each SIGKILL left "leaked semaphore" warnings in the
    log. A pipe is two file descriptors the kernel closes with the process.
    """

    def __init__(self) -> None:
        self._process: BaseProcess | None = None
        self._pipe: Connection | None = None
        self._turns = asyncio.Condition()
        self._busy = False
        self._urgent = 0
        """Questions for live tables waiting their turn: they go before any review."""

    def _start(self) -> Connection:
        if self._pipe is None:
            # spawn, not fork: the server has threads (the store's writer) a fork would copy
            context = multiprocessing.get_context("spawn")
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_worker_main, args=(theirs,), name="kortbord-bot", daemon=True
            )
            process.start()
            theirs.close()
            self._process, self._pipe = process, ours
        return self._pipe

    @property
    def busy(self) -> bool:
        """Whether a question is being answered."""
        return self._busy

    async def think(self, game: str, level: str, seed: int, budget: float, view: Any) -> str:
        """A bot's decision for a live table."""
        answer = await self.ask(("think", game, level, seed, budget, view), urgent=True)
        return str(answer)

    async def judge(
        self, game: str, seed: int, budget: float, view: Any, played: str
    ) -> dict[str, Any] | None:
        """The review of one decision already made; it waits while a live table's bot is
        waiting, so a review never delays a table by more than the question it is on."""
        answer = await self.ask(("judge", game, seed, budget, view, played), urgent=False)
        return None if answer is None else dict(answer)

    async def ask(self, question: tuple[Any, ...], urgent: bool) -> Any:
        """One question at a time, urgent ones first."""
        async with self._turns:
            self._urgent += urgent
            try:
                await self._turns.wait_for(lambda: not self._busy and (urgent or not self._urgent))
            finally:
                self._urgent -= urgent
            self._busy = True
        try:
            pipe = self._start()
            try:
                ok, answer = await asyncio.to_thread(_ask, pipe, question)
            except asyncio.CancelledError:
                # The thread still waits for this answer; only a new worker may take the
                # next question, or the two would be mixed up.
                self.stop()
                raise
            except (EOFError, OSError):
                self.stop()
                raise WorkerGone("the bot worker ended before it answered") from None
        finally:
            async with self._turns:
                self._busy = False
                self._turns.notify_all()
        if not ok:
            raise RuntimeError(answer)
        return answer

    def stop(self) -> None:
        pipe, process = self._pipe, self._process
        self._pipe = self._process = None
        if pipe is not None:
            pipe.close()
        if process is not None and process.is_alive():
            process.terminate()


def _ask(pipe: Connection, question: tuple[Any, ...]) -> tuple[bool, Any]:
    pipe.send(question)
    answer: tuple[bool, Any] = pipe.recv()
    return answer


class Autoplay:
    def __init__(self, tables: Acting, delay: float, budget: float) -> None:
        self.tables = tables
        self.delay = delay
        self.budget = budget
        self._bots: dict[str, dict[tuple[int, str, str], Bot]] = {}
        """Each room's bots, by seat, game and level: dropped with the room."""
        self._thinking: dict[tuple[str, int], asyncio.Task[None]] = {}
        self.worker = ThinkingWorker()

    async def close(self) -> None:
        for task in list(self._thinking.values()):
            task.cancel()
        self.worker.stop()

    def wake(self, live: LiveRoom) -> None:
        """Called with the room lock held, right after a change became durable."""
        if live.gone:
            return
        state = live.state
        if not state.playing or state.match is None:
            return
        seat = state.match.to_act
        if seat is None or seat < 0:
            return
        occupant = state.seats[seat]
        if occupant is None or occupant.bot is None:
            return
        key = (state.code, seat)
        if key in self._thinking:
            return
        view = state.view_for(seat)
        assert view is not None
        task = asyncio.create_task(self._act(live, seat, occupant.bot, state.version, view))
        self._thinking[key] = task

    def to_move(self, live: LiveRoom) -> bool:
        """Whether a computer player is to act in the room, or thinking about it."""
        state = live.state
        if not state.playing or state.match is None:
            return False
        seat = state.match.to_act
        if seat is None or seat < 0:
            return False
        occupant = state.seats[seat]
        return occupant is not None and occupant.bot is not None

    def forget(self, code: str) -> None:
        """The room left this instance's memory."""
        self._bots.pop(code, None)

    def held(self) -> dict[str, int]:
        """Entries kept per room (:meth:`Tables.held`)."""
        return {"bots": len(self._bots), "thinking": len(self._thinking)}

    def _bot(self, code: str, seat: int, game: str, level: str) -> Bot:
        bots = self._bots.setdefault(code, {})
        key = (seat, game, level)
        bot = bots.get(key)
        if bot is None:
            bot = bots[key] = make_bot(game, level, random.getrandbits(63), self.budget)
        return bot

    async def _act(self, live: LiveRoom, seat: int, level: str, v: int, view: Any) -> None:
        code = live.state.code
        game = live.state.game.name
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            if live.gone:
                # the room left meanwhile (unloaded, lost, given away): a bot made for it
                # now would be kept here for a room that is no more
                return
            if level == "strong":
                seed = random.getrandbits(63)
                action = await self.worker.think(game, level, seed, self.budget, view)
            else:
                action = self._bot(code, seat, game, level).decide(view)
        except asyncio.CancelledError:
            self._thinking.pop((code, seat), None)
            raise
        except Exception:
            log.exception("room %s: the %s bot in seat %d could not decide", code, level, seat)
            action = self._fallback(view)
        finally:
            # gone before acting, so the change this act makes can wake the next bot
            self._thinking.pop((code, seat), None)
        if live.gone:
            return  # the room went to another instance, whose bots play on
        client = _BotClient()
        await self.tables.handle(Member(client, live, seat), Act(v, action))
        if client.refused and live.state.version == v:
            # Nothing changed and the bot was refused: a bot fault must not stall the table.
            log.error("room %s: bot in seat %d refused: %s", code, seat, client.refused[-1])
            await self.tables.handle(Member(client, live, seat), Act(v, self._fallback(view)))
        elif client.refused:
            # The room moved on while the bot thought (a seat taken, the host role passed):
            # its move was for a table that is no more; it looks again at the one there is.
            async with live.lock:
                self.wake(live)

    @staticmethod
    def _fallback(view: Any) -> str:
        legal = view["legal"]
        if "count" in legal:
            return f"{legal['kind']}:" + ",".join(legal["from"][: legal["count"]])
        return str(legal["actions"][0])
