"""The kernel manager ``hearts-tutor play`` gives Voila: a class arriving at once is served before the pool refills.

Voila keeps preheated kernels in a pool and starts a new one a second after each page takes one. When a class
arrives together that means ten kernels starting (each a Python process importing the engine and dealing a
table, over a CPU second) while ten pages are still loading: on a small server the refill costs the learners
more than the pool saved them. Here a kernel for the pool waits while the pool still holds kernels ready for
the next learners, until the class has arrived: no learner has taken a kernel for ``refill_quiet`` seconds,
every page that took one has connected to it, and the machine's CPU is no longer busy (``refill_busy_cpu``).
It starts at once when a learner is waiting for that very kernel, or when the pool has none ready and none
starting (so the learner after the class does not wait for the quiet), and after ``refill_max_wait`` at most.

Voila also keeps the kernels waiting in its pool from the idle culler, but a kernel leaves the pool as idle as it
has been since it dealt the table, which on a quiet server is longer than the cull time: the culler could end it
in the seconds between a learner's page taking it and the page connecting. Here a kernel the culler meets
outside the pool for the first time counts as active at the culler's previous pass (when it was still in the
pool), so it gets nearly the whole cull time to be connected, and a page that came and went meanwhile is culled
on time. And the culler looks at every kernel at once: shutting one down takes seconds, and a class's kernels go
idle together.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

import psutil
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

POLL_S = 0.25
CPU_LOOK_S = 0.5


class HandoutKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Jupyter's kernel manager, refilling Voila's pool after a class has arrived and culling kernels fairly."""

    refill_quiet = Float(3.0, config=True, help="Seconds without a learner arriving before the pool refills.")
    refill_busy_cpu = Float(50.0, config=True,
                            help="The machine's CPU use (percent of all cores) above which the pool waits to refill.")
    refill_max_wait = Float(120.0, config=True, help="The longest a kernel for the pool waits to start.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seen_outside_pool: set[str] = set()
        self._last_pass: datetime = utcnow()
        self._last_taken: float | None = None  # when a learner last took a kernel from the pool (loop time)
        self._taken_at: dict[str, float] = {}  # when each kernel handed out was taken
        self._has_connected: set[str] = set()  # those of them whose page has connected (it may have left since)
        self._starting = 0  # pool kernels past their wait and starting
        self._calm_looks, self._cpu_seen_at = 0, 0.0  # looks in a row finding the machine's CPU calm

    # ================================================================ refilling the pool

    def _pool_tasks(self) -> list[asyncio.Future[Any]]:
        """Voila's pool: a future per kernel, done once the kernel has started (none without preheating)."""
        return [task for pool in getattr(self, "_pools", {}).values() for task in pool]

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]  # async here
        """Start a kernel; one for the pool first waits for a lull in arrivals (see the module's docstring)."""
        me = asyncio.current_task()
        pool = self._pool_tasks()
        if me is None or me not in pool:
            return str(await super().start_kernel(*args, **kwargs))
        await self.wait_for_a_lull(me)
        self._starting += 1
        try:
            return str(await super().start_kernel(*args, **kwargs))
        finally:
            self._starting -= 1

    def _handed_out(self) -> set[str]:
        """The kernels learners have taken from the pool (or started without it)."""
        pooled = {task.result().get("kernel_id") for task in self._pool_tasks()
                  if task.done() and not task.cancelled() and task.exception() is None}
        return set(self._kernels) - pooled

    def _note_arrivals(self, now: float) -> None:
        """Note the kernels learners have taken since last looked."""
        handed = self._handed_out()
        for kernel_id in handed - set(self._taken_at):
            self._taken_at[kernel_id] = now
            self._last_taken = now
        for kernel_id in set(self._taken_at) - handed:  # shut down since
            del self._taken_at[kernel_id]
            self._has_connected.discard(kernel_id)
        self._has_connected.update(k for k in self._taken_at if self._kernel_connections.get(k, 0) > 0)

    def _arrived(self, now: float) -> bool:
        """Whether the class has arrived: no learner for ``refill_quiet`` seconds, the pages of those who came have
        connected to their kernels, and since then two looks at the machine's CPU found it no longer busy."""
        if self._last_taken is None:
            return True  # none has come: the server is filling its pool
        settled = now - self._last_taken >= self.refill_quiet and all(
            kernel_id in self._has_connected for kernel_id, taken in self._taken_at.items()
            if now - taken < self.refill_max_wait)
        if not settled:
            self._calm_looks = 0
        elif now - self._cpu_seen_at >= CPU_LOOK_S:  # the CPU use since the previous look
            calm = psutil.cpu_percent(None) <= self.refill_busy_cpu
            self._calm_looks, self._cpu_seen_at = self._calm_looks + 1 if calm else 0, now
        return self._calm_looks >= 2

    async def wait_for_a_lull(self, me: asyncio.Future[Any]) -> float:
        """Wait until the pool kernel ``me`` should start; the seconds waited."""
        loop = asyncio.get_running_loop()
        began = loop.time()
        while loop.time() - began < self.refill_max_wait:
            self._note_arrivals(loop.time())
            if me not in self._pool_tasks():
                break  # a learner is waiting for this very kernel
            if not self._starting and not any(task.done() for task in self._pool_tasks()):
                break  # none ready and none coming: keep one coming for the next learner
            if self._arrived(loop.time()):
                break
            await asyncio.sleep(POLL_S)
        waited = loop.time() - began
        if waited >= 1:
            self.log.info("a kernel for the pool waited %.0f s for the learners to arrive", waited)
        return waited

    # ================================================================ culling

    async def cull_kernels(self) -> None:
        """Cull every idle kernel, all at once rather than one shutdown after another."""
        started = utcnow()
        self._seen_outside_pool &= set(self._kernels)  # forget the kernels shut down since
        await asyncio.gather(*(self._cull_one(k) for k in list(self._kernels)))
        self._last_pass = started

    async def _cull_one(self, kernel_id: str) -> None:
        try:
            await self.cull_kernel_if_idle(kernel_id)
        except Exception:
            self.log.exception("could not check whether kernel %s is idle", kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Cull the kernel if idle (Voila's pool keeps its own kernels from coming here)."""
        if kernel_id not in self._seen_outside_pool:
            self._seen_outside_pool.add(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and hasattr(kernel, "last_activity"):
                kernel.last_activity = max(kernel.last_activity, self._last_pass)
        await super().cull_kernel_if_idle(kernel_id)
