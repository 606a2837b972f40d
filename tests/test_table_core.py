"""The table's core alone, without ipywidgets: a whole hand played through its interface, the changes it
announces, the bots' turns in manual and async mode (worker pools, and the cooperative executor of Pyodide),
undo, telepathy, the tutor's warnings and the turn clock."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.rules import Rules
from hearts_tutor.practice.stats_store import StatsStore
from hearts_tutor.table import coaching
from hearts_tutor.table.core import Change, TableCore


@pytest.fixture
def make(tmp_path: Path, request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """Cores in sync mode, ungraded, their statistics under tmp_path, closed after the test."""

    def factory(rules: Rules | None = None, **options) -> TableCore:  # type: ignore[no-untyped-def]
        core = TableCore(rules, **{"mode": "sync", "grading": False,
                                   "stats": StatsStore(tmp_path / "learner.sqlite3"), **options})
        request.addfinalizer(core.close)
        return core

    return factory


def pass_first_cards(core: TableCore) -> None:
    for i in range(core.rules.pass_count):
        core.click_card(i)
    core.pass_selected()


HAND_WITHOUT_WIDGETS = textwrap.dedent("""
    import json, pathlib, sys
    from hearts_tutor.practice.stats_store import StatsStore
    from hearts_tutor.table import TableCore, panels, render
    from hearts_tutor.engine.hand import Phase

    core = TableCore(seed=21, mode="sync", grading=False, stats=StatsStore(pathlib.Path(sys.argv[1])))
    out = {"hints": [], "pages": 0}
    core.ask_hint()
    out["hints"].append(bool(core.coach.notes["hint"].cards))
    for i in range(3):
        core.click_card(i)
    core.pass_selected()
    core.play_card(core.learner_view().legal_plays()[0])
    before = len(core.learner_view().hand)
    core.undo()
    out["undone"] = len(core.learner_view().hand) == before + 1
    plays = 0
    while core.match.hand.phase is Phase.PLAY:
        if plays == 5:
            core.ask_hint()
            out["hints"].append(bool(core.coach.notes["hint"].cards))
        core.play_card(core.learner_view().legal_plays()[-1])
        plays += 1
        text = render.status_html(core) + render.trick_html(core) + panels.coach_html(core)
        out["pages"] += bool(text)
    out["plays"] = plays
    out["first"] = core.match.hand_points[0]
    core.next_hand()
    core.finish_hand()
    out["second"] = core.match.hand_points[1]
    out["scores"] = core.match.scores
    out["scorepad"] = "Hand 2" in panels.scorepad_html(core)
    out["widgets"] = sorted(m for m in sys.modules if m.split(".")[0] in ("ipywidgets", "traitlets", "comm"))
    core.close()
    print(json.dumps(out))
""")


def test_a_hand_with_the_core_alone_loads_no_widgets(tmp_path: Path) -> None:
    """Pass, play every card (one taken back and played again), hints, finish the next hand, the scores."""
    done = subprocess.run([sys.executable, "-c", HAND_WITHOUT_WIDGETS, str(tmp_path / "learner.sqlite3")],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["widgets"] == [], "the core, its rendering and the coach import no ipywidgets"
    assert out["undone"] and out["plays"] == 13 and out["pages"] == 13 and out["hints"] == [True, True]
    assert sum(out["first"]) in (26, 78) and sum(out["second"]) in (26, 78)
    assert out["scores"] == [a + b for a, b in zip(out["first"], out["second"], strict=True)]
    assert out["scorepad"]


def test_the_core_tells_its_observers_what_changed(make) -> None:  # type: ignore[no-untyped-def]
    seen: list[Change] = []
    core = make(seed=2, on_change=seen.append)
    assert seen[0] is Change.GAME and Change.EVERYTHING in seen, "told of the first deal"
    seen.clear()
    pass_first_cards(core)
    assert seen and set(seen) <= {Change.EVERYTHING, Change.SEATS, Change.TRICK, Change.CLOCK}
    core.finish_hand()
    assert Change.SCORED in seen
    seen.clear()
    core.new_game()
    assert seen[0] is Change.GAME


def test_manual_mode_moves_one_bot_at_a_time_and_says_whose_turn(make) -> None:  # type: ignore[no-untyped-def]
    core = make(seed=5, mode="manual")
    h = core.match.hand
    assert all(p is None for p in h.passes), "nobody moves before step()"
    assert core.step() and sum(p is not None for p in h.passes) == 1
    core.run_until_learner()
    pass_first_cards(core)
    core.run_until_learner()
    while h.to_move == 0 and h.phase is Phase.PLAY:
        core.play_card(core.learner_view().legal_plays()[0])
    before = len(h.history)
    core.click_card(0)
    assert len(h.history) == before and "turn" in core.why
    assert core.next_auto() is not None and not core.learner_to_play()


def test_undo_and_its_limits(make) -> None:  # type: ignore[no-untyped-def]
    core = make(seed=7)
    core.undo()
    assert "not played a card" in core.why
    pass_first_cards(core)
    hand = core.learner_view().hand
    core.play_card(core.learner_view().legal_plays()[0])
    assert core.can_undo()
    core.undo()
    assert core.learner_view().hand == hand and core.learner_view().my_turn and not core.can_undo()
    core.set_flag("practice", False)
    core.play_card(core.learner_view().legal_plays()[0])
    core.undo()
    assert len(core.learner_view().hand) == len(hand) - 1 and "practice mode" in core.why


def test_telepathy_reads_a_bots_last_decision(make) -> None:  # type: ignore[no-untyped-def]
    core = make(seed=9)
    core.open_telepathy(0)
    assert core.telepathy_seat is None and "That's you" in core.why
    core.open_telepathy(2)
    steps = len(core.decisions[2].steps)
    core.telepathy_step(99)
    assert core.telepathy_seat == 2 and core.telepathy_at == steps - 1
    core.telepathy_step(-1)
    assert core.telepathy_at == max(0, steps - 2)
    core.set_flag("telepathy_enabled", False)
    assert core.telepathy_seat is None
    core.open_telepathy(2)
    assert core.telepathy_seat is None and "off" in core.why


def test_the_tutor_questions_a_risky_card(make, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    class Flag:
        reason = "That card is risky."

    real = coaching.Coach.call
    monkeypatch.setattr(coaching.Coach, "call", lambda self, name, *args: Flag() if name == "tutor_warning"
                        else real(self, name, *args))
    core = make(seed=13, tutor=True)
    pass_first_cards(core)
    card = core.learner_view().legal_plays()[0]
    core.play_card(card)
    assert core.warning is not None and core.warning.move == card and core.warning.flag.reason == Flag.reason
    core.take_back_warning()
    assert core.warning is None and card in core.learner_view().hand
    core.play_card(card)
    core.accept_warning()
    assert card not in core.learner_view().hand


def test_a_grade_for_a_move_taken_back_is_dropped(make) -> None:  # type: ignore[no-untyped-def]
    class Grade:
        band, cost, best, explanation = "mistake", 2.0, 7, "Too high."

    core = make(seed=7)
    pass_first_cards(core)
    card, at = core.learner_view().legal_plays()[0], len(core.learner_view().plays())
    core.play_card(card)
    version = core.hand_version
    core.undo()
    core.coach.show_grade("play", card, Grade(), at, version)
    assert "grade" not in core.coach.notes and core.coach.grades == []
    core.play_card(card)
    core.coach.show_grade("play", card, Grade(), at, version)
    grade = core.coach.notes["grade"]
    assert isinstance(grade, coaching.Grade) and (grade.band, grade.cost, grade.best) == ("mistake", 2.0, (7,))
    assert core.coach.grades == [grade]


def play_in_a_loop(core_options: dict[str, object], tmp_path: Path) -> TableCore:
    """The learner plays a whole hand against bots that think in the executor, with their pauses."""

    async def main() -> TableCore:
        core = TableCore(seed=16, mode="async", speed="test", grading=False,
                         stats=StatsStore(tmp_path / "s.sqlite3"), **core_options)  # type: ignore[arg-type]
        try:
            for _ in range(3000):
                await asyncio.sleep(0.005)
                if core.hand_scored:
                    break
                if core.learner_passing() and all(core.match.hand.passes[s] is not None for s in range(1, 4)):
                    pass_first_cards(core)
                elif core.learner_to_play():
                    core.play_card(core.learner_view().legal_plays()[0])
            return core
        finally:
            core.close()

    return asyncio.run(main())


@pytest.mark.parametrize("executor", ["pool", "cooperative"])
def test_async_mode_plays_a_hand_with_either_executor(executor: str, tmp_path: Path) -> None:
    core = play_in_a_loop({"executor": executor}, tmp_path)
    assert core.hand_scored and not core.errors
    assert len([a for a in core.match.hand.history if a.kind == "play"]) == 52


def test_the_turn_clock_counts_down_and_plays_for_the_learner(tmp_path: Path) -> None:
    async def main() -> tuple[list[str], TableCore]:
        rules = Rules.preset("standard", turn_clock=0.3, pass_cycle=("keep",))
        shown: list[str] = []
        core = TableCore(rules, seed=17, mode="async", speed="test", grading=False, executor="cooperative",
                         stats=StatsStore(tmp_path / "s.sqlite3"))
        core.observers.append(lambda change: shown.append(core.clock_text) if change is Change.CLOCK else None)
        try:
            for _ in range(300):
                await asyncio.sleep(0.01)
                if core.computer_moves:
                    break
            return shown, core
        finally:
            core.close()

    shown, core = asyncio.run(main())
    assert any(text.startswith("◷") for text in shown) and "" in shown
    assert core.computer_moves and not core.errors
    assert any(a.kind == "play" and a.seat == 0 for a in core.match.hand.history), "the clock played for the learner"


def test_graded_moves_are_filed_for_practice(make) -> None:  # type: ignore[no-untyped-def]
    """Every move the coach grades at the table is an attempt in the learner's database (few deals here)."""
    core = make(seed=3, grading=True, coach_deals=20)
    pass_first_cards(core)
    core.play_card(core.learner_view().legal_plays()[0])
    grade = core.coach.notes["grade"]
    assert isinstance(grade, coaching.Grade) and grade.kind == "play" and grade.band
    attempts = core.store.learner.attempts()
    assert [(a.source, a.kind) for a in attempts] == [("table", "pass"), ("table", "play")]
    assert not core.errors


def test_the_coach_deals_setting_reaches_every_question(make, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """``coach_deals`` (or HEARTS_TUTOR_COACH_DEALS) is the rollouts of the table's hints, grades and review."""
    import hearts_tutor.coach as coach_package
    from hearts_tutor.coach import grade_pass, grade_play, hint

    asked: list[tuple[str, int | None]] = []

    def spy(name, fn):  # type: ignore[no-untyped-def]
        def wrapped(*args, **kwargs):  # type: ignore[no-untyped-def]
            asked.append((name, kwargs.get("rollouts")))
            return fn(*args, **{**kwargs, "rollouts": 6})
        return wrapped

    for name, fn in (("hint", hint), ("grade_play", grade_play), ("grade_pass", grade_pass)):
        monkeypatch.setattr(coach_package, name, spy(name, fn))
    monkeypatch.setenv("HEARTS_TUTOR_COACH_DEALS", "16")
    core = make(seed=3, grading=True)
    assert core.coach_deals == 16
    core.ask_hint()
    pass_first_cards(core)
    core.play_card(core.learner_view().legal_plays()[0])
    assert asked == [("hint", 16), ("grade_pass", 16), ("grade_play", 16)], asked
    assert make(seed=3, coach_deals=40).coach_deals == 40  # the option before the environment
    monkeypatch.delenv("HEARTS_TUTOR_COACH_DEALS")
    assert make(seed=3).coach_deals is None  # the coach's own budget


@pytest.mark.parametrize("bad", ["lots", "1", "2.5", "-4"])
def test_a_bad_coach_deals_setting_is_named(make, monkeypatch: pytest.MonkeyPatch, bad: str) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("HEARTS_TUTOR_COACH_DEALS", bad)
    with pytest.raises(ValueError, match=f"HEARTS_TUTOR_COACH_DEALS.*at least 2, not '{re.escape(bad)}'"):
        make(seed=3)
