"""A helper process for the Monte-Carlo search, so that the expert and the coach think on two cores.

While :func:`~hearts_tutor.bots.search.evaluate_plays` (or ``evaluate_passes``) plays out sampled deals in
this process, the helper plays out other sampled deals of the same position and sends its results back.
Both halves try every candidate (card or pass) on each of their deals, so the merged results are still
paired. There is one helper per Python process, started on first use (``python -m
hearts_tutor.bots.helper``, talking over its standard input and output, so it never re-runs the caller's
script) and reused. If it fails or is slow to answer, the search carries on alone. Searches with a fixed
number of rollouts never use it: they must be reproducible.
"""

from __future__ import annotations

import atexit
import os
import pickle
import random
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

Rows = list[Mapping[Any, int]]
_SEND_EVERY = 8


def _encode(message: Any) -> bytes:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return len(data).to_bytes(4, "little") + data


def _write(stream: IO[bytes], message: Any) -> None:
    stream.write(_encode(message))
    stream.flush()


def _read_exactly(stream: IO[bytes], size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = stream.read(size - len(data))
        if not chunk:
            raise EOFError("the other process closed the pipe")
        data += chunk
    return data


def _read(stream: IO[bytes]) -> Any:
    size = int.from_bytes(_read_exactly(stream, 4), "little")
    return pickle.loads(_read_exactly(stream, size))


def _ready(stream: IO[bytes], timeout: float) -> bool:
    return bool(select.select([stream], [], [], max(0.0, timeout))[0])


def serve(requests: IO[bytes], replies: IO[bytes]) -> None:
    """The helper's loop: one search per request until told to stop or out of time, results in batches.

    A request is ``(job, args, kwargs, seed, deadline)``: ``job(*args, rng=..., **kwargs)`` plays out one
    sampled deal and returns the points of every candidate on it (a row). Ends when the caller goes away.
    """
    try:
        _write(replies, ("ready", []))
        while True:
            request = _read(requests)
            if request == "stop":
                continue  # the search it meant had already ended
            job, args, kwargs, seed, deadline = request
            rng = random.Random(seed)
            rows: Rows = []
            while time.perf_counter() < deadline:
                if _ready(requests, 0) and _read(requests) == "stop":
                    break
                rows.append(job(*args, rng=rng, **kwargs))
                if len(rows) >= _SEND_EVERY:
                    _write(replies, ("rows", rows))
                    rows = []
            _write(replies, ("done", rows))
    except (EOFError, BrokenPipeError):
        return


class SearchHelper:
    """A second process that plays out deals for the search running in this one."""

    def __init__(self) -> None:
        root = str(Path(__file__).resolve().parents[2])
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH", "")) if p)
        self._process = subprocess.Popen([sys.executable, "-m", "hearts_tutor.bots.helper"], env=env,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.pid = os.getpid()
        self.busy = False
        self.broken = False
        self._owner = threading.Lock()  # one search at a time, whichever thread asks
        self.ready = False  # set once the process has started and said so (searches go on alone until then)

    def start(self, job: Callable[..., Mapping[Any, int]], args: tuple[Any, ...], kwargs: Mapping[str, Any],
              seed: int, deadline: float) -> bool:
        """Start calling ``job`` (a module-level function, one sampled deal per call) until ``deadline`` (a
        ``time.perf_counter`` time) or :meth:`finish`; False if the helper cannot take it."""
        if self.broken or self._process.poll() is not None or not self._is_ready():
            return False
        if not self._owner.acquire(blocking=False):
            return False
        if not self._send((job, args, dict(kwargs), seed, deadline)):
            self._owner.release()
            return False
        return True

    def _is_ready(self) -> bool:
        if not self.ready:
            try:
                self.ready = self._receive(0) is not None  # the "ready" message
            except (OSError, EOFError, pickle.UnpicklingError):
                self.broken = True
        return self.ready

    def _send(self, message: Any) -> bool:
        try:
            data = _encode(message)
        except (pickle.PicklingError, AttributeError, TypeError):
            return False  # e.g. a policy defined inside a function: this search runs alone
        try:
            assert self._process.stdin is not None
            self._process.stdin.write(data)
            self._process.stdin.flush()
        except (OSError, ValueError):
            self.broken, self.busy = True, False
            return False
        self.busy = True
        return True

    def _receive(self, timeout: float) -> Rows | None:
        """One batch of results, or None when nothing came within ``timeout`` seconds."""
        out = self._process.stdout
        assert out is not None
        if not _ready(out, timeout):
            return None
        kind, batch = _read(out)
        if kind == "done":
            self.busy = False
        return list(batch)  # "ready", "rows" or "done"

    def collect(self) -> Rows:
        """Results sent so far (without waiting)."""
        rows: Rows = []
        try:
            while self.busy:
                batch = self._receive(0)
                if batch is None:
                    break
                rows += batch
        except (OSError, EOFError, pickle.UnpicklingError):
            self.broken, self.busy = True, False
        return rows

    def finish(self, wait: float = 0.5) -> Rows:
        """Stop the helper's search and return the rest of its results (call it once after every :meth:`start`
        that returned True)."""
        rows: Rows = []
        try:
            if self.busy:
                self._send("stop")
            give_up = time.perf_counter() + wait
            while self.busy:
                batch = self._receive(give_up - time.perf_counter())
                if batch is None:
                    self.broken, self.busy = True, False  # too slow to answer: carry on alone from now on
                    self._process.kill()
                    break
                rows += batch
        except (OSError, EOFError, pickle.UnpicklingError):
            self.broken, self.busy = True, False
        finally:
            if self._owner.locked():
                self._owner.release()
        return rows

    def close(self) -> None:
        """Stop the helper process."""
        self.broken = True
        if self._process.stdin is not None:
            self._process.stdin.close()
        try:
            self._process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        if self._process.stdout is not None:
            self._process.stdout.close()


_shared: SearchHelper | None = None


def shared_helper() -> SearchHelper | None:
    """This process's search helper (started on first use); None on one core, on Windows, in the browser
    (Pyodide starts no processes), or after a failure."""
    global _shared
    if (os.cpu_count() or 1) < 2 or os.name == "nt" or sys.platform == "emscripten":
        return None
    if _shared is None or _shared.pid != os.getpid():  # a forked child must not share its parent's helper
        try:
            _shared = SearchHelper()
        except OSError:
            return None
        atexit.register(_shared.close)
    return None if _shared.broken else _shared


def helper_for(workers: int | None, timed: bool) -> SearchHelper | None:
    """The helper for a search: only a timed one (a fixed rollout count must stay reproducible), and not
    when the caller keeps to one core (``workers=1``)."""
    return shared_helper() if timed and workers != 1 else None


if __name__ == "__main__":
    # unbuffered reads, so that select() sees a "stop" waiting in the pipe
    serve(os.fdopen(sys.stdin.fileno(), "rb", buffering=0), sys.stdout.buffer)


__all__ = ["SearchHelper", "helper_for", "serve", "shared_helper"]
