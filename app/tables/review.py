"""The strong player's review of a finished deal, on request (``app/bots/review.py``).

A review judges each decision of the deal in turn, one question at a time to the worker
process that thinks for the bots, behind any question a live table's bot is waiting to ask
(``ThinkingWorker.judge``): a table never waits for a review for longer than one
decision's budget. One review runs at a time, a few more may wait, and finished ones are
kept (the latest first) so that everyone at a table who opens the review sees the same one
at once. Judgements appear as they are made, so a page can show them while the rest are
still being thought about.

A review done with every decision judged is handed to ``keep`` (the room's store), so that
it is shown again after a restart, and by every instance serving the room, without being
thought about again. One the server stops in the middle of is kept nowhere: asked for
again, it starts again.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol

from .autoplay import WorkerGone
from .history import Decision

log = logging.getLogger("kortbord.review")

Key = tuple[str, int, int]
"""A deal: room code, match number, deal number."""


class ReviewStatus(Enum):
    NONE = "none"
    """Nobody has asked for a review of the deal: what a review would judge, not judged."""
    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"


DEFAULT_REVIEW_BUDGET = 0.5
"""Seconds of thought for each decision of a reviewed deal."""


class ReviewsBusy(RuntimeError):
    """As many reviews are waiting as the server takes: ask again later."""


class NoSuchDeal(LookupError):
    """The deal is not over, or there is none: nothing to review."""


@dataclass(slots=True)
class Review:
    key: Key
    game: str
    decisions: list[Decision]
    budget: float
    status: ReviewStatus = ReviewStatus.QUEUED
    judged: int = 0
    judgements: list[dict[str, Any]] = field(default_factory=list)
    failed: int = 0
    """Decisions the worker could not judge (left out of ``judgements``)."""

    @property
    def seed(self) -> int:
        """The same deal is reviewed from the same sampled deals, on any server."""
        code, number, deal = self.key
        digest = hashlib.blake2b(f"{code}/{number}/{deal}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big") >> 1

    def as_json(self) -> dict[str, Any]:
        _, number, deal = self.key
        return {
            "game": self.game,
            "match": number,
            "deal": deal,
            "status": self.status.value,
            "decisions": len(self.decisions),
            "judged": self.judged,
            "failed": self.failed,
            "budget": self.budget,
            "judgements": list(self.judgements),
        }


class Judging(Protocol):
    """What judges a decision: the worker process that thinks for the bots."""

    async def judge(
        self, game: str, seed: int, budget: float, view: Any, played: str
    ) -> dict[str, Any] | None: ...


Keep = Callable[[Review], Awaitable[None]]
"""Stores a finished review, durably on return."""


class Reviews:
    def __init__(
        self,
        worker: Judging,
        budget: float,
        keep: int = 64,
        waiting: int = 8,
        store: Keep | None = None,
    ) -> None:
        self.worker = worker
        self.budget = budget
        self.keep = keep
        self.waiting = waiting
        self.store = store
        self._reviews: OrderedDict[Key, Review] = OrderedDict()
        self._queue: asyncio.Queue[Review] = asyncio.Queue()
        self._runner: asyncio.Task[None] | None = None

    def held(self) -> int:
        """Reviews kept in memory, at most ``keep`` beside those under way."""
        return len(self._reviews)

    def get(self, key: Key) -> Review | None:
        return self._reviews.get(key)

    def unasked(self, key: Key, game: str, decisions: list[Decision]) -> Review:
        """What a review of ``key`` would judge, for a deal nobody asked to review: it is
        neither queued nor kept."""
        return Review(key, game, decisions, self.budget, ReviewStatus.NONE)

    def request(self, key: Key, game: str, decisions: list[Decision]) -> Review:
        """The review of ``key``: the one there is, or a new one queued."""
        review = self._reviews.get(key)
        if review is not None:
            self._reviews.move_to_end(key)
            return review
        if self._queue.qsize() >= self.waiting:
            raise ReviewsBusy(f"{self.waiting} reviews are waiting already")
        review = Review(key, game, decisions, self.budget)
        self._reviews[key] = review
        self._forget_old()
        self._queue.put_nowait(review)
        if self._runner is None or self._runner.done():
            self._runner = asyncio.create_task(self._run())
        return review

    def _forget_old(self) -> None:
        finished = [k for k, r in self._reviews.items() if r.status is ReviewStatus.DONE]
        for key in finished[: max(0, len(self._reviews) - self.keep)]:
            del self._reviews[key]

    async def _run(self) -> None:
        while not self._queue.empty():
            review = self._queue.get_nowait()
            review.status = ReviewStatus.RUNNING
            for decision in review.decisions:
                judgement = await self._judge(review, decision)
                review.judged += 1
                if judgement is None:
                    continue
                where = {"step": decision.step, "seat": decision.seat}
                review.judgements.append(where | judgement)
            review.status = ReviewStatus.DONE
            await self._store(review)

    async def _store(self, review: Review) -> None:
        """A review with a decision the worker could not judge stays in memory only: asked
        for again after a restart, it is made whole."""
        if self.store is None or review.failed:
            return
        try:
            await self.store(review)
        except Exception:
            # still shown from memory; a restart forgets it, as before reviews were stored
            log.exception("review of %s: could not store it", review.key)

    async def _judge(self, review: Review, decision: Decision) -> dict[str, Any] | None:
        for attempt in (1, 2):  # a worker that died is started anew for the second
            try:
                return await self.worker.judge(
                    review.game, review.seed, review.budget, decision.view, decision.action
                )
            except WorkerGone:
                if attempt == 2:
                    break
            except RuntimeError:
                log.exception("review of %s: step %d not judged", review.key, decision.step)
                break
        review.failed += 1
        return None

    async def close(self) -> None:
        if self._runner is not None:
            self._runner.cancel()
