"""The worker process the strong bots think in: it answers, it is replaced when it dies, and
it ends when it is stopped."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import Awaitable

import pytest

from app.engine.bismarck import GAME
from app.engine.bismarck.state import TABLE, Match
from app.engine.trick_game import shuffled_deal
from app.tables.autoplay import ThinkingWorker, WorkerGone

view = GAME.view


def contract_view() -> dict[str, object]:
    rng = random.Random(11)
    match = Match(3, rng.randrange(3))
    match.apply(TABLE, shuffled_deal(Match, rng))
    seat = match.to_act
    assert seat is not None
    return view(match, seat)


def test_the_worker_answers_as_the_bot_would_and_is_replaced_when_it_dies() -> None:
    shown = contract_view()
    legal = shown["legal"]
    assert isinstance(legal, dict)

    async def scenario() -> None:
        worker = ThinkingWorker()
        try:
            first = await worker.think("bismarck", "strong", 5, 0.05, shown)
            assert first in legal["actions"]
            process = worker._process
            assert process is not None and process.pid is not None
            os.kill(process.pid, signal.SIGKILL)
            process.join(5)
            with pytest.raises(WorkerGone):
                await worker.think("bismarck", "strong", 5, 0.05, shown)
            # the next question starts a new worker, which decides as the first one did
            again = await worker.think("bismarck", "strong", 5, 0.05, shown)
            assert worker._process is not None and worker._process.pid != process.pid
            assert again in legal["actions"]
        finally:
            worker.stop()

    asyncio.run(scenario())


def test_a_bot_that_fails_is_reported_and_the_worker_lives_on() -> None:
    async def scenario() -> None:
        worker = ThinkingWorker()
        try:
            with pytest.raises(RuntimeError, match="NotMyTurn"):
                await worker.think("bismarck", "strong", 1, 0.05, {"seat": 0, "legal": None})
            process = worker._process
            assert process is not None and process.is_alive()
        finally:
            worker.stop()
        process.join(5)
        assert not process.is_alive()

    asyncio.run(scenario())


def test_a_live_tables_question_goes_before_a_waiting_review() -> None:
    """Reviews wait while a bot of a live table waits: a bot asking while a review's
    decision is being judged is answered next, before the review's next decision."""
    shown = contract_view()
    legal = shown["legal"]
    assert isinstance(legal, dict)
    played = legal["actions"][0]

    async def scenario() -> list[str]:
        worker = ThinkingWorker()
        answered: list[str] = []

        async def ask(name: str, question: Awaitable[object]) -> None:
            await question
            answered.append(name)

        try:
            # the first review question holds the worker for its budget
            first = asyncio.create_task(
                ask("review 1", worker.judge("bismarck", 3, 1.0, shown, played))
            )
            while not worker.busy:
                await asyncio.sleep(0)
            second = asyncio.create_task(
                ask("review 2", worker.judge("bismarck", 3, 0.05, shown, played))
            )
            for _ in range(5):  # the second review is waiting its turn
                await asyncio.sleep(0)
            bot = asyncio.create_task(ask("bot", worker.think("bismarck", "basic", 3, 0.05, shown)))
            await asyncio.gather(first, second, bot)
        finally:
            worker.stop()
        return answered

    assert asyncio.run(scenario()) == ["review 1", "bot", "review 2"]


def test_the_worker_judges_a_decision_as_the_review_does() -> None:
    shown = contract_view()
    legal = shown["legal"]
    assert isinstance(legal, dict)

    async def scenario() -> dict[str, object] | None:
        worker = ThinkingWorker()
        try:
            return await worker.judge("bismarck", 3, 0.05, shown, legal["actions"][-1])
        finally:
            worker.stop()

    judgement = asyncio.run(scenario())
    assert judgement is not None
    assert judgement["played"] == legal["actions"][-1]
    assert judgement["best"] in legal["actions"]
    assert isinstance(judgement["cost"], float | int) and judgement["samples"] >= 4
