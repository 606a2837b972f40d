"""A game survives a reload of the Voila page (SPEC 7, issue 23): resumed, it ends exactly as without the reload.

The finished hand's record is read where the table keeps it: the save in the learner database of the page's
data directory (``saved_games``, key ``table``: its ``match.hands``). A lesson's table keeps its own game apart.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from browser_util import ENABLED_CARD, ROOT, page_of, play_server, require_browser

from hearts_tutor.engine.cards import card_str
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.record import HandRecord
from hearts_tutor.practice.learner import LearnerDB
from hearts_tutor.table.saved import SAVE_KEY

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(300)]



def saved(data_dir: Path) -> dict[str, Any] | None:
    path = data_dir / "learner.sqlite3"
    if not path.exists():
        return None
    with sqlite3.connect(path) as conn:
        if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'saved_games'").fetchone():
            return None
        row = conn.execute("SELECT data FROM saved_games WHERE key = ?", (SAVE_KEY,)).fetchone()
    return json.loads(row[0]) if row else None


def finished_hand(data_dir: Path, timeout: float = 30) -> dict[str, Any]:
    """The first hand's record, once the table has filed it in its save."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        data = saved(data_dir)
        if data and data["match"]["hands"]:
            return dict(data["match"]["hands"][0])
        time.sleep(0.1)  # another process writes it: poll the database until it does
    raise AssertionError("the finished hand never reached the save")


def pass_first_three(page) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_selector(ENABLED_CARD, timeout=60_000)
    for i in range(3):
        page.locator(".ht-card").nth(i).click()
    page.wait_for_function("document.querySelectorAll('.ht-card.ht-selected').length === 3")
    page.locator(".ht-pass:not([disabled])").click()
    page.wait_for_selector(".ht-pass", state="detached")


def learner_card(data_dir: Path, after: int, timeout: float = 30, hands: int = 0) -> tuple[str, int] | None:
    """Once the learner is to play with more than ``after`` cards played (as the table's save says): the first
    legal card's code and the plays so far; None when the hand is over (the save holds more than ``hands``
    finished hands).

    The page's widgets update one by one, so its buttons may show a moment ago; the kernel's save is current.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        data = saved(data_dir)
        if data and len(data["match"]["hands"]) > hands:
            return None
        if data and "current" in data["match"]:
            state = HandRecord.from_json(data["match"]["current"]).to_state()
            if state.phase is Phase.DONE:
                return None
            plays = len(state.plays())
            if state.phase is Phase.PLAY and state.to_move == 0 and plays > after:
                return card_str(state.legal_plays()[0]), plays
        time.sleep(0.05)  # the kernel writes the save: poll it until it shows the learner's turn
    raise AssertionError("the learner's turn never came")


def play_first_legal(page, data_dir: Path, limit: int = 13, hands: int = 0) -> int:  # type: ignore[no-untyped-def]
    """Click the first legal card at each turn (``limit`` times, or to the end of the hand after ``hands``
    finished ones); how many."""
    played, after = 0, -1
    while played < limit and (turn := learner_card(data_dir, after, hands=hands)) is not None:
        code, after = turn
        page.locator(f".ht-card-{code}").click()
        page.wait_for_selector(f".ht-card-{code}", state="detached", timeout=30_000)
        played += 1
    return played


def test_reload_resume_finish_equals_the_hand_without_reload(tmp_path: Path, browser: Any) -> None:
    require_browser()
    records = []
    for reload in (True, False):
        data = tmp_path / f"data-{reload}"
        env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_SEED": "11", "HEARTS_TUTOR_DATA_DIR": str(data)}
        (tmp_path / f"run-{reload}").mkdir()
        with play_server(tmp_path / f"run-{reload}", env, one_page=not reload) as url, \
                page_of(browser) as (page, problems):
            page.goto(url)
            pass_first_three(page)
            if reload:
                assert play_first_legal(page, data, limit=6) == 6
                assert learner_card(data, 20)  # the bots have moved: the learner's turn
                before = saved(data)
                assert before is not None and len(before["match"]["current"]["plays"]) >= 21
                page.reload()
                page.wait_for_selector(".ht-resume", timeout=60_000)
                assert "is unfinished" in page.locator(".ht-resume-bar").inner_text()
                page.locator(".ht-resume").click()
                page.wait_for_selector(".ht-resume", state="detached", timeout=30_000)
                page.screenshot(path=str(tmp_path / "resumed.png"), full_page=True)
            play_first_legal(page, data)
            page.wait_for_selector(".ht-action", timeout=30_000)
            records.append(finished_hand(data))
            assert not problems
    resumed, straight = records
    assert len(resumed["plays"]) == 52 and resumed == straight


def test_a_damaged_save_is_reported_and_the_page_opens(tmp_path: Path, browser: Any) -> None:
    require_browser()
    data = tmp_path / "data"
    db = LearnerDB(data / "learner.sqlite3")
    db.save_game(SAVE_KEY, "{garbage, not a game", "an earlier page", take_over=True)
    db.close()
    env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_SEED": "3", "HEARTS_TUTOR_DATA_DIR": str(data)}
    with play_server(tmp_path, env, one_page=True) as url, page_of(browser) as (page, problems):
        page.goto(url)
        page.wait_for_selector(ENABLED_CARD, timeout=60_000)
        bar = page.locator(".ht-resume-bar")
        page.wait_for_function("document.querySelector('.ht-resume-bar') && "
                               "document.querySelector('.ht-resume-bar').innerText.includes('damaged')")
        assert "set aside" in bar.inner_text() and page.locator(".ht-resume").count() == 0
        pass_first_three(page)  # the new game plays
        assert not problems
    with sqlite3.connect(data / "learner.sqlite3") as conn:
        kept = dict(conn.execute("SELECT key, data FROM saved_games").fetchall())
    assert [text for key, text in kept.items() if key.startswith(f"{SAVE_KEY}.damaged-")] == [
        "{garbage, not a game"]


def lesson_table_cell(lesson: str) -> str:
    """The code of the lesson's practice table cell, as the notebook has it."""
    cells = json.loads((ROOT / "lessons" / f"{lesson}.ipynb").read_text(encoding="utf-8"))["cells"]
    return next("".join(c["source"]) for c in cells if c["cell_type"] == "code" and "Table(" in "".join(c["source"]))


def play_at_lesson_table(lesson: str, data_dir: Path) -> None:
    """Run the lesson's table cell in a Jupyter kernel (as JupyterLab would) and play one card at it."""
    from jupyter_client.manager import start_new_kernel

    env = {**os.environ, "HEARTS_TUTOR_DATA_DIR": str(data_dir)}
    km, kc = start_new_kernel(kernel_name="python3", env=env)

    def run(code: str) -> str:
        out: list[str] = []

        def keep(msg: dict[str, Any]) -> None:
            content = msg["content"]
            if msg["msg_type"] == "execute_result":
                out.append(content["data"]["text/plain"])
            elif msg["msg_type"] == "error":
                raise AssertionError("\n".join(content["traceback"]))

        kc.execute_interactive(code, timeout=120, output_hook=keep)
        return "".join(out)

    try:
        run(lesson_table_cell(lesson))
        run("t = _\nc = t.core\nfor i in range(3):\n    c.click_card(i)\nc.pass_selected()")
        deadline = time.monotonic() + 60
        while run("c.learner_to_play()") != "True":  # the bots pass and lead in the kernel's event loop
            assert time.monotonic() < deadline, "the learner's turn never came at the lesson's table"
            time.sleep(0.2)
        run("c.play_card(c.learner_view().legal_plays()[0])")
        run("import asyncio\nawait asyncio.sleep(1.0)")  # the table saves what it saves
        assert run("any(a.kind == 'play' and a.seat == 0 for a in c.match.hand.history)") == "True"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_a_card_at_a_lesson_table_leaves_the_pages_game(tmp_path: Path, browser: Any) -> None:
    """Issue 32: the page's unfinished game, a card played at lesson 2's table, then the page again: it offers
    the first game, with its scores and its point of play."""
    from hearts_tutor.practice.stats_store import StatsStore
    from hearts_tutor.table import TableCore
    from hearts_tutor.table.saved import parse_game

    require_browser()
    data = tmp_path / "data"
    core = TableCore(seed=5, mode="sync", grading=False, stats=StatsStore(data / "learner.sqlite3"))
    while core.match.hand_number == 0:  # a whole hand, so the game has scores, then a pass and two cards
        if core.learner_passing():
            for i in range(3):
                core.click_card(i)
            core.pass_selected()
        while core.learner_to_play():
            core.play_card(core.learner_view().legal_plays()[0])
        if core.hand_scored:
            core.next_hand()
    for i in range(3):
        core.click_card(i)
    core.pass_selected()
    for _ in range(2):
        core.play_card(core.learner_view().legal_plays()[0])
    core.close()
    env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_SEED": "3", "HEARTS_TUTOR_DATA_DIR": str(data)}
    with play_server(tmp_path, env) as url, page_of(browser) as (page, problems):
        page.goto(url)
        page.wait_for_selector(".ht-resume", timeout=60_000)
        page.locator(".ht-resume").click()
        page.wait_for_selector(".ht-resume", state="detached", timeout=30_000)
        assert play_first_legal(page, data, limit=1, hands=1) == 1  # the page's game goes on: one more card
        assert learner_card(data, 0, hands=1) is not None  # the bots have moved: the learner's turn again
        before = saved(data)
        assert before is not None and any(parse_game(json.dumps(before)).match.scores)
        offer = parse_game(json.dumps(before)).summary()
        play_at_lesson_table("02_passing", data)
        assert saved(data)["match"] == before["match"]  # (the coach's grade of the page's card may come later)
        page.reload()
        page.wait_for_selector(".ht-resume", timeout=60_000)
        text = page.locator(".ht-resume-bar").inner_text()
        assert offer in text and "card table" in text, text
        page.locator(".ht-resume").click()
        page.wait_for_selector(".ht-resume", state="detached", timeout=30_000)
        page.wait_for_selector(ENABLED_CARD, timeout=30_000)
        assert not problems
