"""Both executors of the table: worker pools (CPython) and the event loop itself (Pyodide), one interface."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Generator
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

import pytest

from hearts_tutor.table.executor import (
    QUEUES,
    CooperativeExecutor,
    Executor,
    PoolExecutor,
    make_executor,
    run_steps,
)

EXECUTORS: list[Callable[[], Executor]] = [PoolExecutor, CooperativeExecutor]
T = TypeVar("T")


def where() -> tuple[int, int]:
    """The process and thread a call runs in."""
    return os.getpid(), threading.get_ident()


def countdown(n: int) -> Generator[None, None, int]:
    """A call in steps: each ``yield`` ends one; what it returns is the call's result."""
    for _ in range(n):
        yield
    return n


def fail(text: str) -> None:
    raise ValueError(text)


def run(main: Callable[[Executor], Awaitable[T]], executor: Executor) -> T:
    async def go() -> T:
        try:
            return await main(executor)
        finally:
            executor.shutdown()

    return asyncio.run(go())


@pytest.mark.parametrize("make", EXECUTORS)
def test_results_steps_and_errors_in_every_queue(make: Callable[[], Executor]) -> None:
    async def main(ex: Executor) -> list[object]:
        out: list[object] = [await ex.submit(max, 3, 8, queue=q) for q in QUEUES]
        out.append(await ex.submit(countdown, 4, queue="bots"))
        with pytest.raises(ValueError, match="no such card"):
            await ex.submit(fail, "no such card", queue="bots")
        return out

    assert run(main, make()) == [8, 8, 8, 4]


def test_pools_think_in_a_thread_for_the_bots_and_a_process_for_the_coach() -> None:
    async def main(ex: Executor) -> tuple[tuple[int, int], tuple[int, int]]:
        return await ex.submit(where, queue="bots"), await ex.submit(where, queue="grading")

    bots, coach = run(main, PoolExecutor())
    here = where()
    assert bots[0] == here[0] and bots[1] != here[1], "the bots think in a worker thread"
    assert coach[0] != here[0], "the coach thinks in a worker process"


def test_the_loop_answers_while_a_pool_thinks() -> None:
    async def main(ex: Executor) -> int:
        ticks = 0
        thinking = asyncio.ensure_future(ex.submit(time.sleep, 0.3, queue="bots"))
        while not thinking.done():
            ticks += 1
            await asyncio.sleep(0.01)
        return ticks

    assert run(main, PoolExecutor()) >= 5


def test_a_broken_worker_process_is_replaced() -> None:
    async def main(ex: Executor) -> int:
        with pytest.raises(BrokenProcessPool):
            await ex.submit(os._exit, 3, queue="hints")
        return await ex.submit(abs, -4, queue="hints")

    assert run(main, PoolExecutor()) == 4


def test_cooperative_calls_run_in_the_loop_and_share_it_between_steps() -> None:
    order: list[str] = []

    def slow(name: str, steps: int) -> Generator[None, None, tuple[int, int]]:
        for i in range(steps):
            order.append(f"{name}{i}")
            yield
        return where()

    async def main(ex: Executor) -> tuple[object, object]:
        a = ex.submit(slow, "a", 3, queue="bots")
        b = ex.submit(slow, "b", 3, queue="hints")
        return await a, await b

    a, b = run(main, CooperativeExecutor())
    assert a == b == where(), "no thread, no process: the calls run in the loop itself"
    assert order == ["a0", "b0", "a1", "b1", "a2", "b2"], "each step gives the others (and the page) a turn"


def test_cooperative_shutdown_cancels_what_is_pending() -> None:
    async def main() -> bool:
        ex = CooperativeExecutor()
        pending = ex.submit(countdown, 10**9, queue="grading")
        await asyncio.sleep(0)
        ex.shutdown()
        with pytest.raises(asyncio.CancelledError):
            await pending
        return True

    assert asyncio.run(main())


def test_run_steps_runs_a_generator_to_its_end() -> None:
    assert run_steps(countdown, 3) == 3 and run_steps(max, 1, 2) == 2


def test_the_executor_is_chosen_by_platform_or_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(make_executor(), PoolExecutor)
    assert isinstance(make_executor("cooperative"), CooperativeExecutor)
    assert isinstance(make_executor("pool"), PoolExecutor)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert isinstance(make_executor(), CooperativeExecutor), "Pyodide has no processes or threads"
    with pytest.raises(ValueError, match="pool, cooperative"):
        make_executor("threads")
