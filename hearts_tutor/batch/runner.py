"""Batch work (tournaments, puzzle mining, bank checks) on local processes or a Dask cluster (SPEC section 12).

:func:`run_batch` calls one module-level function on each task and yields ``(index, result)`` as each finishes,
in whatever order they finish: callers combine the results by index, so nothing depends on where or when a task
ran. With ``scheduler`` the tasks go to an existing Dask distributed cluster (the optional extra ``cluster``);
a worker that dies mid-run has its tasks run again by the scheduler, and each finished result is yielded once.

>>> sorted(run_batch(abs, [-2, 3, -1]))
[(0, 2), (1, 3), (2, 1)]
"""

from __future__ import annotations

import multiprocessing
import select
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

CONNECT_SECONDS = 4.0
"""How long to try to reach a scheduler before saying it cannot be reached."""
WORKER_SECONDS = 60.0
"""How long to wait for a scheduler with no workers to get one before saying so."""
SCHEDULER_HELP = ("run on the Dask cluster of this scheduler address, e.g. tcp://10.0.0.5:8786, instead of --jobs "
                  "local processes (needs the extra hearts_tutor[cluster] here and on the workers)")


class BatchError(Exception):
    """The batch could not run where it was asked to (e.g. an unreachable Dask scheduler)."""


def connect(scheduler: str, timeout: float = CONNECT_SECONDS) -> Any:
    """A ``distributed.Client`` on ``scheduler`` (e.g. ``tcp://10.0.0.5:8786``), or a clear :class:`BatchError`
    within about ``timeout`` seconds."""
    try:
        from distributed import Client
        from distributed.comm import parse_address
        from distributed.comm.addressing import parse_host_port
    except ImportError:
        raise BatchError("--scheduler needs Dask distributed: pip install 'hearts_tutor[cluster]'") from None
    where = f"the Dask scheduler at {scheduler!r}"
    try:
        scheme, location = parse_address(scheduler)
        if scheme in ("tcp", "tls"):  # a quick look first: a closed port or a wrong host is said at once
            with socket.create_connection(parse_host_port(location), timeout=timeout) as probe:
                # a plain-TCP scheduler greets at once (Dask's handshake); a silent listener would hang Client
                if scheme == "tcp" and not select.select([probe], [], [], timeout)[0]:
                    raise BatchError(f"{where} accepts connections but says nothing within {timeout:g} s: "
                                     "is it a Dask scheduler?")
    except ValueError as e:
        raise BatchError(f"{where} is not an address like tcp://HOST:PORT: {e}") from None
    except OSError as e:
        raise BatchError(f"cannot reach {where}: {e.strerror or e}") from None
    try:
        return Client(scheduler, timeout=timeout, set_as_default=False)
    except Exception as e:  # anything else listening there answers in ways Dask does not expect
        raise BatchError(f"no Dask scheduler answered at {scheduler!r} within {timeout:g} s: {e}") from None


def run_batch(fn: Callable[[T], R], tasks: Sequence[T], *, jobs: int = 1, scheduler: str | None = None
              ) -> Iterator[tuple[int, R]]:
    """``(index, fn(task))`` for every task, as each finishes: on the Dask cluster at ``scheduler``, else in
    ``jobs`` local processes (in this process when ``jobs`` is 1 or there is one task)."""
    if scheduler:
        yield from _on_cluster(fn, tasks, scheduler)
    elif jobs <= 1 or len(tasks) <= 1:
        for i, task in enumerate(tasks):
            yield i, fn(task)
    else:
        ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            futures = {pool.submit(fn, task): i for i, task in enumerate(tasks)}
            for f in as_completed(futures):
                yield futures[f], f.result()


def _on_cluster(fn: Callable[[T], R], tasks: Sequence[T], scheduler: str) -> Iterator[tuple[int, R]]:
    from distributed import as_completed as completed

    client = connect(scheduler)
    try:
        try:
            client.wait_for_workers(1, timeout=WORKER_SECONDS)
        except TimeoutError:
            raise BatchError(f"the Dask scheduler at {scheduler!r} has had no workers for {WORKER_SECONDS:g} s: "
                             "start some with dask worker ADDRESS") from None
        # pure=False: every task runs even if two are equal; the scheduler reruns those of a worker that dies
        with client.as_current():
            futures = client.map(fn, list(tasks), pure=False)
            index = {f.key: i for i, f in enumerate(futures)}
            for f in completed(futures):
                yield index[f.key], f.result()
                f.release()
    finally:
        client.close()


def in_order(results: Iterator[tuple[int, R]], count: int, progress: Callable[[int], Any] | None = None
             ) -> list[R]:
    """The results of :func:`run_batch` as a list in task order (``progress(1)`` after each one).

    >>> in_order(run_batch(str, [1, 2]), 2)
    ['1', '2']
    """
    out: list[Any] = [None] * count
    for i, r in results:
        out[i] = r
        if progress:
            progress(1)
    return out


def progress_bar(total: int, unit: str) -> Any:
    """A tqdm progress bar on standard error, shown only when that is a terminal."""
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, disable=not sys.stderr.isatty(), file=sys.stderr)


__all__ = ["BatchError", "connect", "in_order", "progress_bar", "run_batch"]
