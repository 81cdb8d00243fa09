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
import os
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any

from app.bots import Bot, make_bot

from .commands import Act

if TYPE_CHECKING:
    from .service import LiveRoom, Tables

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


PARENT_CHECK_SECONDS = 1.0


def _exit_with_parent(parent: int) -> None:
    """In the worker: end when the server that started it is gone.

    A server that stops normally shuts its workers down, but one that is killed runs no
    code at all, and the worker, blocked on its queue, would wait for work forever. Its
    parent changes once the server is gone, so a thread looks once a second."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _think(level: str, seed: int, budget: float, view: Any) -> str:
    """One decision in the worker process. Bots are functions of seed and view, so a fresh
    bot per decision decides exactly as a long-lived one would."""
    return make_bot(level, seed, budget).decide(view)


class Autoplay:
    def __init__(self, tables: Tables, delay: float, budget: float) -> None:
        self.tables = tables
        self.delay = delay
        self.budget = budget
        self._bots: dict[tuple[str, int, str], Bot] = {}
        self._thinking: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._pool: ProcessPoolExecutor | None = None

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: the server has threads (the store's writer) a fork would copy
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=context,
                initializer=_exit_with_parent,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def close(self) -> None:
        for task in list(self._thinking.values()):
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def wake(self, live: LiveRoom) -> None:
        """Called with the room lock held, right after a change became durable."""
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

    def _bot(self, code: str, seat: int, level: str) -> Bot:
        key = (code, seat, level)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = make_bot(level, random.getrandbits(63), self.budget)
        return bot

    async def _act(self, live: LiveRoom, seat: int, level: str, v: int, view: Any) -> None:
        from .service import Member

        code = live.state.code
        try:
            if self.delay:
                await asyncio.sleep(self.delay)
            if level == "strong":
                loop = asyncio.get_running_loop()
                seed = random.getrandbits(63)
                action = await loop.run_in_executor(
                    self._workers(), _think, level, seed, self.budget, view
                )
            else:
                action = self._bot(code, seat, level).decide(view)
        except asyncio.CancelledError:
            self._thinking.pop((code, seat), None)
            raise
        except Exception:
            log.exception("room %s: the %s bot in seat %d could not decide", code, level, seat)
            action = self._fallback(view)
        finally:
            # gone before acting, so the change this act makes can wake the next bot
            self._thinking.pop((code, seat), None)
        client = _BotClient()
        await self.tables.handle(Member(client, live, seat), Act(v, action))
        if client.refused and live.state.version == v:
            # Nothing changed and the bot was refused: a bot fault must not stall the table.
            log.error("room %s: bot in seat %d refused: %s", code, seat, client.refused[-1])
            await self.tables.handle(Member(client, live, seat), Act(v, self._fallback(view)))

    @staticmethod
    def _fallback(view: Any) -> str:
        legal = view["legal"]
        if legal["kind"] == "discard":
            return "discard:" + ",".join(legal["from"][: legal["count"]])
        return str(legal["actions"][0])
