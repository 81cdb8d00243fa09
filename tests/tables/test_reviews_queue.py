"""The reviews of finished deals a server makes (app/tables/review.py): one at a time, in the
order asked, the same review for everyone who asks, a bounded queue, a bounded memory, and a
decision the worker cannot judge counted, not fatal. The worker here answers when the test
lets it (the real worker process is tested in test_thinking_worker.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from app.tables.autoplay import WorkerGone
from app.tables.history import Decision
from app.tables.review import Review, Reviews, ReviewsBusy, ReviewStatus


class Worker:
    """Judges each decision when released; ``fail`` holds the steps it fails on, and how."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int]] = []
        self.release = asyncio.Semaphore(0)
        self.fail: dict[int, list[Exception]] = {}

    async def judge(
        self, game: str, seed: int, budget: float, view: Any, played: str
    ) -> dict[str, Any] | None:
        self.asked.append((game, view["step"]))
        await self.release.acquire()
        failures = self.fail.get(view["step"], [])
        if failures:
            raise failures.pop(0)
        if played == "forced":
            return None
        return {"played": played, "best": "play:AS", "cost": 1.0, "worse": True}


def decisions(count: int) -> list[Decision]:
    return [
        Decision(step, step % 2, {"step": step}, f"play:{step}S") for step in range(1, count + 1)
    ]


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0)


def test_reviews_run_one_at_a_time_and_are_shared() -> None:
    async def scenario() -> None:
        worker = Worker()
        reviews = Reviews(worker, 0.1)
        first = reviews.request(("ABC", 1, 1), "spades", decisions(2))
        assert reviews.request(("ABC", 1, 1), "spades", decisions(2)) is first
        second = reviews.request(("ABC", 1, 2), "spades", decisions(1))
        await settle()
        assert first.status is ReviewStatus.RUNNING and second.status is ReviewStatus.QUEUED
        for _ in range(3):
            worker.release.release()
            await settle()
        assert first.status is ReviewStatus.DONE and second.status is ReviewStatus.DONE
        assert [step for _, step in worker.asked] == [1, 2, 1]
        shown = first.as_json()
        assert shown["judged"] == shown["decisions"] == 2
        assert [j["step"] for j in shown["judgements"]] == [1, 2]
        assert shown["judgements"][0]["seat"] == 1
        await reviews.close()

    asyncio.run(scenario())


def test_the_queue_is_bounded_and_old_reviews_are_forgotten() -> None:
    async def scenario() -> None:
        worker = Worker()
        reviews = Reviews(worker, 0.1, keep=2, waiting=2)
        reviews.request(("ABC", 1, 1), "spades", decisions(1))
        await settle()  # the first is running, not waiting
        reviews.request(("ABC", 1, 2), "spades", decisions(1))
        reviews.request(("ABC", 1, 3), "spades", decisions(1))
        with pytest.raises(ReviewsBusy):
            reviews.request(("ABC", 1, 4), "spades", decisions(1))
        for _ in range(3):
            worker.release.release()
            await settle()
        # all three are done; a fourth pushes the oldest finished one out
        reviews.request(("ABC", 1, 4), "spades", decisions(1))
        assert reviews.get(("ABC", 1, 1)) is None
        assert reviews.get(("ABC", 1, 3)) is not None
        worker.release.release()
        await settle()
        await reviews.close()

    asyncio.run(scenario())


def test_a_decision_the_worker_cannot_judge_is_counted_and_the_review_goes_on() -> None:
    async def scenario() -> None:
        worker = Worker()
        # step 1: the worker dies once (asked again, it answers); step 2: the bot fails
        worker.fail = {1: [WorkerGone("gone")], 2: [RuntimeError("ValueError: no")]}
        reviews = Reviews(worker, 0.1)
        forced = Decision(3, 0, {"step": 3}, "forced")
        review = reviews.request(("ABC", 1, 1), "spades", [*decisions(2), forced])
        for _ in range(4):
            worker.release.release()
            await settle()
        shown = review.as_json()
        assert shown["status"] == "done" and shown["judged"] == 3
        assert shown["failed"] == 1
        # step 1 judged on the second asking, step 2 failed, step 3 had no choice
        assert [j["step"] for j in shown["judgements"]] == [1]
        assert [step for _, step in worker.asked] == [1, 1, 2, 3]
        await reviews.close()

    asyncio.run(scenario())


def test_a_whole_review_is_stored_once_done_and_no_other_is() -> None:
    """Stored when done with every decision judged; one with a decision not judged, or one
    the server stopped in the middle of, is not: asked for again, it is made again."""

    async def scenario() -> None:
        worker = Worker()
        worker.fail = {5: [RuntimeError("ValueError: no")]}
        stored: list[dict[str, Any]] = []

        async def keep(review: Review) -> None:
            assert review.status is ReviewStatus.DONE
            stored.append(review.as_json())

        reviews = Reviews(worker, 0.1, store=keep)
        whole = reviews.request(("ABC", 1, 1), "spades", decisions(2))
        failing = Decision(5, 1, {"step": 5}, "play:5S")
        reviews.request(("ABC", 1, 2), "spades", [failing])
        stopped = reviews.request(("ABC", 1, 3), "spades", decisions(2))
        for _ in range(4):  # the first two reviews, and the first decision of the third
            worker.release.release()
            await settle()
        assert stopped.status is ReviewStatus.RUNNING and stopped.judged == 1
        await reviews.close()
        await settle()
        assert stored == [whole.as_json()]
        assert stored[0]["status"] == "done" and stored[0]["judged"] == 2

        # a store that fails leaves the review shown from memory
        async def broken(review: Review) -> None:
            raise OSError("the disk is full")

        worker = Worker()
        reviews = Reviews(worker, 0.1, store=broken)
        kept = reviews.request(("ABC", 1, 4), "spades", decisions(1))
        worker.release.release()
        await settle()
        assert reviews.get(("ABC", 1, 4)) is kept and kept.status is ReviewStatus.DONE
        await reviews.close()

    asyncio.run(scenario())


def test_a_deal_nobody_asked_about_says_what_a_review_would_judge() -> None:
    async def scenario() -> None:
        reviews = Reviews(Worker(), 0.25)
        shown = reviews.unasked(("ABC", 1, 2), "spades", decisions(3)).as_json()
        assert shown == {
            "game": "spades",
            "match": 1,
            "deal": 2,
            "status": "none",
            "decisions": 3,
            "judged": 0,
            "failed": 0,
            "budget": 0.25,
            "judgements": [],
        }
        assert reviews.get(("ABC", 1, 2)) is None  # neither queued nor kept
        await reviews.close()

    asyncio.run(scenario())
