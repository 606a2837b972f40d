"""A game survives a reload of the Voila page (SPEC 7, issue 23): resumed, it ends exactly as without the reload.

The finished hand's record is read where the table keeps it: the save in the learner database of the page's
data directory (``saved_games``, key ``table``: its ``match.hands``).
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from browser_util import ENABLED_CARD, browser_page, play_server, require_browser

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


def learner_card(data_dir: Path, after: int, timeout: float = 30) -> tuple[str, int] | None:
    """Once the learner is to play with more than ``after`` cards played (as the table's save says): the first
    legal card's code and the plays so far; None when the hand is over.

    The page's widgets update one by one, so its buttons may show a moment ago; the kernel's save is current.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        data = saved(data_dir)
        if data and data["match"]["hands"]:
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


def play_first_legal(page, data_dir: Path, limit: int = 13) -> int:  # type: ignore[no-untyped-def]
    """Click the first legal card at each turn (``limit`` times, or to the end of the hand); how many."""
    played, after = 0, -1
    while played < limit and (turn := learner_card(data_dir, after)) is not None:
        code, after = turn
        page.locator(f".ht-card-{code}").click()
        page.wait_for_selector(f".ht-card-{code}", state="detached", timeout=30_000)
        played += 1
    return played


def test_reload_resume_finish_equals_the_hand_without_reload(tmp_path: Path) -> None:
    require_browser()
    records = []
    for reload in (True, False):
        data = tmp_path / f"data-{reload}"
        env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_SEED": "11", "HEARTS_TUTOR_DATA_DIR": str(data)}
        (tmp_path / f"run-{reload}").mkdir()
        with play_server(tmp_path / f"run-{reload}", env) as url, browser_page() as (page, problems):
            page.goto(url)
            pass_first_three(page)
            if reload:
                assert play_first_legal(page, data, limit=6) == 6
                assert learner_card(data, 20)  # the bots have moved: the learner's turn
                before = saved(data)
                assert before is not None and len(before["match"]["current"]["plays"]) >= 21
                page.reload()
                page.wait_for_selector(".ht-resume", timeout=60_000)
                assert "unfinished game" in page.locator(".ht-resume-bar").inner_text()
                page.locator(".ht-resume").click()
                page.wait_for_selector(".ht-resume", state="detached", timeout=30_000)
                page.screenshot(path=str(tmp_path / "resumed.png"), full_page=True)
            play_first_legal(page, data)
            page.wait_for_selector(".ht-action", timeout=30_000)
            records.append(finished_hand(data))
            assert not problems
    resumed, straight = records
    assert len(resumed["plays"]) == 52 and resumed == straight


def test_a_damaged_save_is_reported_and_the_page_opens(tmp_path: Path) -> None:
    require_browser()
    data = tmp_path / "data"
    db = LearnerDB(data / "learner.sqlite3")
    db.save_game(SAVE_KEY, "{garbage, not a game", "an earlier page", take_over=True)
    db.close()
    env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_SEED": "3", "HEARTS_TUTOR_DATA_DIR": str(data)}
    with play_server(tmp_path, env) as url, browser_page() as (page, problems):
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
