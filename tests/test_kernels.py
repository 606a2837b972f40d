"""When ``hearts-tutor play`` refills Voila's pool of preheated kernels (hearts_tutor.serve.kernels): after a class has
arrived, not while its pages are loading; at once when a learner waits for the kernel or none would be ready."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from hearts_tutor.serve import kernels
from hearts_tutor.serve.kernels import HandoutKernelManager

QUIET = 0.5


def started(kernel_id: str) -> asyncio.Future[Any]:
    """A pool entry whose kernel has started."""
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    future.set_result({"kernel_id": kernel_id})
    return future


Pool = tuple[HandoutKernelManager, asyncio.Future[Any]]


def manager(ready: list[str], taken: list[str], connected: list[str]) -> Pool:
    """A manager whose pool holds kernels ``ready`` and one waiting to start; ``taken`` are learners' kernels."""
    m = HandoutKernelManager(refill_quiet=QUIET, refill_max_wait=20)
    waiting: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    m._pools = {"play.ipynb": [*(started(k) for k in ready), waiting]}
    m._kernels = {k: object() for k in [*ready, *taken]}
    m._kernel_connections = {k: 1 if k in connected else 0 for k in [*ready, *taken]}
    return m, waiting


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(scenario(), 30))


@pytest.fixture
def cpu(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The machine's CPU use as the manager reads it: set ``cpu[0]``."""
    use = [0.0]
    monkeypatch.setattr(kernels.psutil, "cpu_percent", lambda interval=None: use[0])
    return use


def test_filling_the_pool_at_start_does_not_wait(cpu: list[float]) -> None:
    async def scenario() -> None:
        m, waiting = manager(ready=["a", "b"], taken=[], connected=[])
        assert await m.wait_for_a_lull(waiting) < 0.1

    cpu[0] = 100.0  # a server starting is busy: no learner came, so no reason to wait
    run(scenario)


def test_a_refill_waits_until_the_class_has_arrived_connected_and_the_machine_is_quiet(cpu: list[float]) -> None:
    async def scenario() -> None:
        m, waiting = manager(ready=["a", "b"], taken=["c"], connected=[])
        lull = asyncio.create_task(m.wait_for_a_lull(waiting))
        await asyncio.sleep(QUIET + 0.6)
        assert not lull.done(), "c's page has not connected to its kernel yet"
        m._kernel_connections["c"] = 1
        cpu[0] = 95.0
        await asyncio.sleep(1.5)
        assert not lull.done(), "the machine is busy (the pages are still loading)"
        m._pools["play.ipynb"].pop(0)  # another learner takes "a": the quiet starts again
        cpu[0] = 10.0
        await asyncio.sleep(QUIET + 1.5)
        assert not lull.done(), "the page that took 'a' has not connected yet"
        m._kernel_connections["a"] = 1
        began = asyncio.get_running_loop().time()
        await lull
        assert 0.4 < asyncio.get_running_loop().time() - began < 2.0, "two looks at a calm CPU, half a second apart"

    run(scenario)


def test_a_kernel_a_learner_waits_for_starts_at_once(cpu: list[float]) -> None:
    async def scenario() -> None:
        m, waiting = manager(ready=["a"], taken=["c"], connected=[])
        cpu[0] = 100.0
        lull = asyncio.create_task(m.wait_for_a_lull(waiting))
        await asyncio.sleep(0.6)
        assert not lull.done()
        m._pools["play.ipynb"] = []  # two learners came: "a" went to the first, this kernel to the second
        assert await lull < 1.5

    run(scenario)


def test_when_no_kernel_is_ready_or_starting_one_starts_at_once(cpu: list[float]) -> None:
    async def scenario() -> None:
        m, waiting = manager(ready=[], taken=["c", "d"], connected=[])
        cpu[0] = 100.0
        assert await m.wait_for_a_lull(waiting) < 0.1
        m._starting = 1  # one is starting: the others wait for the class
        lull = asyncio.create_task(m.wait_for_a_lull(waiting))
        await asyncio.sleep(0.6)
        assert not lull.done(), "a kernel is already coming for the next learner"
        m._starting = 0  # it failed to start
        assert await lull < 1.5

    run(scenario)
