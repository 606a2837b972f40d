"""Batch work on a Dask cluster (SPEC section 12): a local scheduler and two worker processes on 127.0.0.1.

A tournament and a mining run give the same results with ``--scheduler`` as with ``--jobs 2``, also when a
worker busy with a deal is killed mid-run; an unreachable scheduler is a clear error within 10 s.
Mined puzzles are appended in the order deals finish, so banks are compared sorted by puzzle id.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_util import free_port

from hearts_tutor.batch.tournament import run_tournament
from hearts_tutor.cli import main
from hearts_tutor.engine.rules import Rules
from hearts_tutor.practice.mine import Budget, done_path, mine

distributed = pytest.importorskip("distributed", reason="the cluster tests need the extra hearts_tutor[cluster]")

pytestmark = [pytest.mark.slow, pytest.mark.timeout(300)]

SEATS = ["easy", "medium", "easy", "medium"]
MINE_SEED = 1  # these six deals keep a pass puzzle with small budgets and the moon-playing model
MINE_DEALS = 6
MINE_BUDGET = Budget.small().only(("pass",))  # the passes alone: the cluster's work, at a tenth of the plays' cost


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", processes=True,
                                       dashboard_address=":0")
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def kill_busy_worker(address: str) -> Callable[[], int]:
    """A function that SIGKILLs the process of a worker of ``address`` that is running a task; its pid."""
    client = distributed.Client(address, set_as_default=False)

    def kill() -> int:
        pids = client.run(os.getpid)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            busy = [w for w, keys in client.processing().items() if keys and w in pids]
            if busy:
                os.kill(pids[busy[0]], signal.SIGKILL)
                client.close()
                return int(pids[busy[0]])
            time.sleep(0.05)
        raise AssertionError("no worker was busy to be killed")

    return kill


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_tournament_on_the_cluster_matches_local_processes(scheduler: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "--seats", ",".join(SEATS), "--hands", "32", "--duplicate", "--seed", "7", "--json"]
    local = run_cli([*argv, "--jobs", "2"], capsys)
    cluster = run_cli([*argv, "--scheduler", scheduler], capsys)
    assert local.pop("hands") == cluster.pop("hands") == 32  # 8 deals, each from four seats
    local.pop("seconds"), cluster.pop("seconds")
    assert cluster == local
    other = run_cli(["tournament", "--seats", ",".join(SEATS), "--hands", "32", "--duplicate", "--seed", "8",
                     "--json", "--scheduler", scheduler], capsys)
    assert other["by_bot"] != local["by_bot"]  # the comparison can tell two results apart


def test_a_worker_killed_mid_tournament_loses_no_deal(scheduler: str) -> None:
    local = run_tournament(SEATS, 32, duplicate=True, seed=9, jobs=2)
    kill = kill_busy_worker(scheduler)
    killed: list[int] = []

    def progress(_: int) -> None:
        if not killed:  # after the first finished deal, while others are being played
            killed.append(kill())

    cluster = run_tournament(SEATS, 32, duplicate=True, seed=9, scheduler=scheduler, progress=progress)
    assert killed
    with pytest.raises(ProcessLookupError):
        os.kill(killed[0], 0)
    assert cluster.per_deal == local.per_deal
    assert {k: v.to_json() for k, v in cluster.by_bot.items()} == {k: v.to_json() for k, v in local.by_bot.items()}


def mined(out: Path) -> tuple[list[dict[str, Any]], list[tuple[int, int, dict[str, int]]]]:
    """The bank's puzzles sorted by id, and the done file's (deal, kept, counts) sorted by deal."""
    lines = out.read_text(encoding="utf-8").splitlines()[1:]
    puzzles = sorted((json.loads(line) for line in lines if line.strip()), key=lambda p: p["id"])
    done = [json.loads(line) for line in done_path(out).read_text(encoding="utf-8").splitlines()]
    return puzzles, sorted((d["deal"], d["kept"], d["counts"]) for d in done)


@pytest.fixture(scope="module")
def mined_locally(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[dict[str, Any]], list[Any], dict[str, Any]]:
    """The bank, done rows and report (without CPU seconds) of mining with ``--jobs 2``."""
    out = tmp_path_factory.mktemp("local") / "bank.jsonl"
    report = mine(Rules.preset("standard"), MINE_DEALS, out, seed=MINE_SEED, jobs=2, budget=MINE_BUDGET)
    puzzles, done = mined(out)
    assert puzzles and [d[0] for d in done] == list(range(MINE_DEALS))  # something to compare
    summary = report.to_json()
    del summary["cpu_seconds"]
    return puzzles, done, summary


def test_mining_on_the_cluster_matches_local_processes(scheduler: str, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str],
                                                       mined_locally: tuple[list[Any], list[Any], Any]) -> None:
    out = tmp_path / "bank.jsonl"
    summary = run_cli(["puzzles", "mine", "--hands", str(MINE_DEALS), "--seed", str(MINE_SEED), "--small",
                       "--decisions", "pass", "--out", str(out), "--json", "--scheduler", scheduler], capsys)
    assert summary.pop("out") == str(out) and summary.pop("cpu_seconds") > 0
    assert summary == mined_locally[2] and summary["kept"] == len(mined_locally[0])
    assert mined(out) == mined_locally[:2]


def test_a_worker_killed_mid_mining_loses_no_deal_and_writes_none_twice(
        scheduler: str, tmp_path: Path, mined_locally: tuple[list[Any], list[Any], Any]) -> None:
    out = tmp_path / "bank.jsonl"
    kill = kill_busy_worker(scheduler)
    killed: list[int] = []

    def progress(_: int) -> None:
        if not killed:
            killed.append(kill())

    mine(Rules.preset("standard"), MINE_DEALS, out, seed=MINE_SEED, scheduler=scheduler, budget=MINE_BUDGET,
         progress=progress)
    assert killed
    puzzles, done = mined(out)
    assert len({p["id"] for p in puzzles}) == len(puzzles)  # no deal's puzzles written twice
    assert (puzzles, done) == mined_locally[:2]
    with pytest.raises(ProcessLookupError):
        os.kill(killed[0], 0)


@pytest.fixture
def silent_listener() -> Iterator[str]:
    """A TCP port on 127.0.0.1 that accepts connections and never says a word."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(8)
        yield f"tcp://127.0.0.1:{s.getsockname()[1]}"


@pytest.mark.parametrize("kind", ["closed port", "silent listener", "no port"])
def test_an_unreachable_scheduler_is_a_clear_error_within_ten_seconds(kind: str, tmp_path: Path,
                                                                      silent_listener: str,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Timed in this process, from the command to its error: the connection's own timeout, not a new interpreter's
    start on a busy machine (so the test runs beside others; the command line's exit code is checked once below)."""
    address = {"closed port": f"tcp://127.0.0.1:{free_port()}", "silent listener": silent_listener,
               "no port": "tcp://127.0.0.1"}[kind]
    out = tmp_path / "bank.jsonl"
    for argv in (["tournament", "--seats", "easy,medium,easy,medium", "--hands", "4"],
                 ["puzzles", "mine", "--hands", "2", "--small", "--out", str(out)]):
        start = time.monotonic()
        code = main([*argv, "--scheduler", address])
        assert time.monotonic() - start < 10, (kind, argv)
        said = capsys.readouterr()
        assert code == 2 and said.out == "", said.err
        message = said.err.strip()
        assert "Dask scheduler" in message and address in message and "Traceback" not in message, message
        assert len(message.splitlines()) == 1, message
    assert not out.exists() and not done_path(out).exists()  # nothing was written


def test_an_unreachable_scheduler_ends_the_command_line_with_exit_code_2(tmp_path: Path) -> None:
    address = f"tcp://127.0.0.1:{free_port()}"
    proc = subprocess.run([sys.executable, "-m", "hearts_tutor.cli", "tournament", "--seats", "easy,medium,easy,medium",
                           "--hands", "4", "--scheduler", address], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    message = proc.stderr.strip()
    assert "Dask scheduler" in message and address in message and "Traceback" not in message, message


def test_a_scheduler_without_workers_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from hearts_tutor.batch import runner as batch

    monkeypatch.setattr(batch, "WORKER_SECONDS", 1.0)
    with distributed.LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=":0") as empty:
        start = time.monotonic()
        with pytest.raises(batch.BatchError, match="no workers"):
            run_tournament(["easy", "medium"], 2, scheduler=empty.scheduler_address)
        assert time.monotonic() - start < 10
