"""The kernel manager ``hearts-tutor play`` gives Voila: a preheated kernel is idle from when a page takes it.

Voila keeps the kernels waiting in its pool from the idle culler, but a kernel leaves the pool as idle as it has
been since it dealt the table, which on a quiet server is longer than the cull time: the culler could end it in
the second between a learner's page taking it and the page connecting. Here a kernel's idle time starts again
the first time the culler looks at it outside the pool, so it gets the whole cull time to be connected. And the
culler looks at every kernel at once: shutting one down takes seconds, and a class's kernels go idle together.
"""

from __future__ import annotations

import asyncio
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class HandoutKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Jupyter's kernel manager, culling a kernel only after a whole idle period outside Voila's pool."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seen_outside_pool: set[str] = set()

    async def cull_kernels(self) -> None:
        """Cull every idle kernel, all at once rather than one shutdown after another."""
        self._seen_outside_pool &= set(self._kernels)  # forget the kernels shut down since
        await asyncio.gather(*(self._cull_one(k) for k in list(self._kernels)))

    async def _cull_one(self, kernel_id: str) -> None:
        try:
            await self.cull_kernel_if_idle(kernel_id)
        except Exception:
            self.log.exception("could not check whether kernel %s is idle", kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Cull the kernel if idle, counting its idle time from the culler's first look at it."""
        if kernel_id not in self._seen_outside_pool:
            self._seen_outside_pool.add(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None and hasattr(kernel, "last_activity"):
                kernel.last_activity = max(kernel.last_activity, utcnow())
            return
        await super().cull_kernel_if_idle(kernel_id)
