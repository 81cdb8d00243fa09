"""The worker process the strong bots think in: it answers, it is replaced when it dies, and
it ends when it is stopped."""

from __future__ import annotations

import asyncio
import os
import random
import signal

import pytest

from app.engine.bismarck import TABLE, new_match, random_deal, view
from app.tables.autoplay import ThinkingWorker, WorkerGone


def contract_view() -> dict[str, object]:
    rng = random.Random(11)
    match = new_match(3, rng)
    match.apply(TABLE, random_deal(rng))
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
