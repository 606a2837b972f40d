"""The kernel manager ``hearts-tutor play`` gives Voila: a preheated kernel is idle from when a page takes it.

Voila keeps the kernels waiting in its pool from the idle culler, but a kernel leaves the pool as idle as it has
been since it dealt the table, which on a quiet server is longer than the cull time: the culler could end it in
the seconds between a learner's page taking it and the page connecting. Here a kernel the culler meets outside
the pool for the first time counts as active at the culler's previous pass (when it was still in the pool), so
it gets nearly the whole cull time to be connected, and a page that came and went meanwhile is culled on time.
And the culler looks at every kernel at once: shutting one down takes seconds, and a class's kernels go idle
together.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class HandoutKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Jupyter's kernel manager, counting a preheated kernel's idle time from when it left Voila's pool."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seen_outside_pool: set[str] = set()
        self._last_pass: datetime = utcnow()

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
