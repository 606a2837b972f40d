"""The unfinished game saved after every move and resumed by a new table (SPEC 7), without widgets; and the
card buttons' accessible names."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from hearts_tutor.engine.cards import parse_card
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.record import HandRecord
from hearts_tutor.engine.rules import Rules
from hearts_tutor.practice.stats_store import StatsStore
from hearts_tutor.table import TableCore
from hearts_tutor.table.access import card_label
from hearts_tutor.table.coaching import Grade
from hearts_tutor.table.saved import SAVE_KEY

LEVELS = ("easy", "medium", "hard")


@pytest.fixture
def make(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """Cores in sync mode, ungraded, on the learner database at ``path``, closed after the test."""

    def factory(path: Path, **options) -> TableCore:  # type: ignore[no-untyped-def]
        core = TableCore(options.pop("rules", None), **{"mode": "sync", "grading": False, "levels": LEVELS,
                                                        "stats": StatsStore(path), **options})
        request.addfinalizer(core.close)
        return core

    return factory


def learner_moves(core: TableCore, plays: int | None = None) -> None:
    """The learner's fixed choices: the first cards to pass, then the first legal card (``plays`` of them)."""
    if core.learner_passing():
        for i in range(core.rules.pass_count):
            core.click_card(i)
        core.pass_selected()
    done = 0
    while core.learner_to_play() and (plays is None or done < plays):
        core.play_card(core.learner_view().legal_plays()[0])
        done += 1


def rows(path: Path) -> dict[str, str]:
    with sqlite3.connect(path) as conn:
        if not conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'saved_games'").fetchone():
            return {}
        return dict(conn.execute("SELECT key, data FROM saved_games").fetchall())


def test_resumed_hand_equals_the_uninterrupted_one(make, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "learner.sqlite3"
    first = make(db, seed=11)
    learner_moves(first, plays=5)
    half = HandRecord.from_state(first.match.hand).to_json()
    assert 5 < len(half["plays"]) < 52
    again = make(db, seed=999)  # another seed: everything must come from the save
    assert again.saves.offer is not None and again.match.hand.plays() == []
    again.saves.resume()
    assert again.saves.offer is None
    assert HandRecord.from_state(again.match.hand).to_json() == half
    assert again.levels[1:4] == list(LEVELS) and again.match.scores == first.match.scores
    learner_moves(again)
    assert again.hand_scored
    straight = make(tmp_path / "other.sqlite3", seed=11)
    learner_moves(straight)
    assert straight.hand_scored
    finished = HandRecord.from_state(straight.match.hand).to_json()
    assert HandRecord.from_state(again.match.hand).to_json() == finished
    # the save now goes on from the next deal, and holds the finished hand's record
    saved = json.loads(rows(db)[SAVE_KEY])
    assert saved["match"]["hands"][0] == finished and "current" not in saved["match"]


def test_scores_hand_number_dealer_and_grades_come_back(make, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "learner.sqlite3"
    first = make(db, seed=5)
    learner_moves(first)  # the whole first hand
    first.next_hand()
    learner_moves(first, plays=2)
    grade = Grade("play", first.match.hand.plays()[-1] if first.match.hand.plays() else parse_card("2C"), "mistake",
                  1.5, (parse_card("3C"),), "Too high.", 1)
    first.coach.grades.append(grade)
    first.computer_moves.add(None)
    first.notify()
    again = make(db, seed=6)
    again.saves.resume()
    assert again.match.hand_number == 1 and again.match.hand.dealer == first.match.hand.dealer
    assert again.match.scores == first.match.scores and again.match.scores != [0, 0, 0, 0]
    assert again.coach.grades == [grade] and again.computer_moves == {None}
    assert again.match.hand.plays() == first.match.hand.plays()


@pytest.mark.parametrize("text", [
    "garbage{",
    json.dumps({"version": 99}),
    json.dumps({"version": 1, "match": {"rules": "no such preset", "seed": 1, "hands": []}, "levels": [],
                "grades": [], "computer_moves": []}),
    "illegal",  # a saved position the engine rejects (filled in below)
])
def test_a_damaged_save_is_reported_set_aside_and_a_fresh_game_starts(make, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                      text: str) -> None:
    db = tmp_path / "learner.sqlite3"
    if text == "illegal":
        first = make(db, seed=3)
        learner_moves(first, plays=1)
        data = json.loads(rows(db)[SAVE_KEY])
        plays = data["match"]["current"]["plays"]
        plays[1] = plays[0]  # the same card played twice
        text = json.dumps(data)
    StatsStore(db).learner.save_game(SAVE_KEY, text, "an earlier table", take_over=True)
    unsaved = make(tmp_path / "none.sqlite3", seed=8)
    core = make(db, seed=8)
    assert core.saves.offer is None
    assert "damaged" in core.saves.problem and "set aside" in core.saves.problem
    assert core.errors == [core.saves.problem]
    kept = rows(db)
    aside = [k for k in kept if k.startswith(f"{SAVE_KEY}.damaged-")]
    assert len(aside) == 1 and kept[aside[0]] == text  # kept word for word, never deleted
    # a table opened meanwhile (Voila starts a kernel ahead of its page) says so too, until the learner plays on
    assert "damaged" in make(db, seed=9).saves.problem
    # nothing is lost: the fresh game is the one a table without any save deals, and it plays
    assert core.match.hand.deal == unsaved.match.hand.deal
    learner_moves(core)
    assert core.hand_scored
    assert make(db, seed=10).saves.problem == ""
    core.saves.resume()  # nothing to resume: no change
    assert core.hand_scored and core.match.hand.phase is Phase.DONE


def test_playing_on_declines_and_a_newer_table_takes_the_save_over(make, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "learner.sqlite3"
    old = make(db, seed=1)
    learner_moves(old, plays=1)
    reloaded = make(db, seed=2)
    reloaded.saves.resume()
    learner_moves(reloaded, plays=1)
    mine = rows(db)[SAVE_KEY]
    learner_moves(old, plays=1)  # the page before the reload still runs: it may no longer write
    assert rows(db)[SAVE_KEY] == mine
    third = make(db, seed=4)
    assert third.saves.offer is not None
    learner_moves(third, plays=1)  # plays the fresh game instead: the offer goes, its own game is saved
    assert third.saves.offer is None
    saved = json.loads(rows(db)[SAVE_KEY])
    assert saved["match"]["seed"] == third.match.seed != reloaded.match.seed


def test_a_finished_game_is_not_offered_again(make, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "learner.sqlite3"
    core = make(db, seed=2, rules=Rules.preset("standard", end="hands", hands=1))
    learner_moves(core, plays=3)
    assert SAVE_KEY in rows(db)
    core.finish_hand()
    assert core.match.is_over and SAVE_KEY not in rows(db)
    assert make(db, seed=3).saves.offer is None


def test_a_table_with_saving_off_writes_nothing(make, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "learner.sqlite3"
    core = make(db, seed=2, save=False)
    learner_moves(core, plays=2)
    assert rows(db) == {}
    untouched = make(db, seed=2)  # a table writes nothing before the learner's first move (an idle kernel
    assert rows(db) == {}         # started ahead of its page must not replace a save)
    learner_moves(untouched, plays=0)
    assert SAVE_KEY in rows(db)


def test_a_garbage_database_file_is_moved_aside_and_the_table_opens(make, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "learner.sqlite3"
    db.write_bytes(b"this is not a database" * 100)
    core = make(db, seed=2)
    assert core.saves.offer is None and "moved to" in (core.store.message or "")
    assert any(p.name.startswith("learner.sqlite3.damaged-") for p in tmp_path.iterdir())
    learner_moves(core, plays=1)
    assert SAVE_KEY in rows(db)


def test_card_labels_name_the_card_and_why_it_cannot_be_played(tmp_path: Path) -> None:
    from hearts_tutor.table import Table

    t = Table(seed=11, mode="sync", grading=False, stats=StatsStore(tmp_path / "learner.sqlite3"))
    try:
        learner_moves(t.core, plays=0)
        names = [b.description for b in t.card_buttons()]
        hand = t.core.learner_view().hand
        assert [n.split(" — ")[0] for n in names] == [card_label(c) for c in hand]
        blocked = [n for n, b in zip(names, t.card_buttons(), strict=True) if b.disabled]
        assert blocked and all(" — cannot play: " in n for n in blocked)
        assert card_label(parse_card("QS")) == "Queen of spades"
        # a second table on the same database offers the game in its resume bar; its button resumes it
        t2 = Table(seed=12, mode="sync", grading=False, stats=StatsStore(tmp_path / "learner.sqlite3"))
        try:
            assert t2.resume_bar.layout.display == "" and t2.resume_button in t2.resume_bar.children
            t2.resume_button.click()
            assert t2.resume_bar.layout.display == "none"
            assert t2.core.match.hand.plays() == t.core.match.hand.plays()
        finally:
            t2.close()
    finally:
        t.close()


def test_a_table_opened_early_resumes_the_newest_save(make, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Voila starts the next page's kernel ahead of time: its table must offer what the page saved last."""
    db = tmp_path / "learner.sqlite3"
    early = make(db, seed=7)  # before anything was saved
    assert early.saves.offer is None
    page = make(db, seed=1)
    learner_moves(page, plays=1)
    early.saves.refresh()
    assert early.saves.offer is not None
    learner_moves(page, plays=2)  # the page goes on after the offer was read
    early.saves.resume()
    assert early.match.hand.plays() == page.match.hand.plays()


def test_the_offer_names_the_saved_games_players(make, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "learner.sqlite3"
    learner_moves(make(db, seed=1), plays=1)  # four players
    three = make(db, seed=2, rules=Rules.preset("n_player", players=3))
    assert three.saves.offer is not None
    assert three.saves.offer.summary().endswith("Red Fox 0.") and len(three.names) == 3


def test_a_lesson_table_keeps_its_own_game_and_never_replaces_the_apps(make, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Issue 32: a card played at a lesson's table left the app's unfinished game replaced by the lesson's."""
    from hearts_tutor.table import Table

    db = tmp_path / "learner.sqlite3"
    app = make(db, seed=5)  # the app's table (save=True: the app's key)
    while app.match.hand_number == 0:  # a whole hand, so the game has scores
        learner_moves(app)
        if app.hand_scored:
            app.next_hand()
    learner_moves(app, plays=2)
    scores, plays = list(app.match.scores), len(app.match.hand.plays())
    assert any(scores) and plays >= 2
    app_save = rows(db)[SAVE_KEY]
    lesson = Table(seed=6, mode="sync", grading=False, lesson="02_passing", stats=StatsStore(db))
    try:
        assert lesson.core.saves.offer is None  # the app's game is not this table's to offer
        learner_moves(lesson.core, plays=1)
        assert rows(db)[SAVE_KEY] == app_save and "lesson:02_passing" in rows(db)
        notebook = Table(seed=7, mode="sync", grading=False, stats=StatsStore(db))  # no lesson: its own key
        learner_moves(notebook.core, plays=1)
        notebook.close()
        assert rows(db)[SAVE_KEY] == app_save and "notebook" in rows(db)
    finally:
        lesson.close()
    again = make(db, seed=8)  # the app's page reloaded: it offers the first game, with its scores and its point
    offer = again.saves.offer
    assert offer is not None and list(offer.match.scores) == scores and len(offer.match.hand.plays()) == plays
    text = offer.summary()
    assert text.startswith("Your game at the card table is unfinished: hand 2, ") and f"{plays} cards played" in text
    again.saves.resume()
    assert again.match.hand.plays() == app.match.hand.plays()
    lesson_again = make(db, seed=9, save="lesson:02_passing")  # the lesson's table offers its own game
    assert lesson_again.saves.offer is not None
    assert lesson_again.saves.offer.summary().startswith("Your practice game of lesson 2 (passing) is unfinished")


def test_a_save_key_is_checked(make, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from hearts_tutor.table import Table

    for bad in ("", "table.damaged-x", "a%"):
        with pytest.raises(ValueError, match="save must be"):
            make(tmp_path / "learner.sqlite3", save=bad)
    with pytest.raises(ValueError, match="not both"):
        Table(lesson="02_passing", save=True)
