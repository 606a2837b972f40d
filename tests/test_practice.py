"""Practice without a browser: the session's flow, reviews of misses and of table mistakes, the panel, lessons."""

from __future__ import annotations

import dataclasses
import json
import math
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hearts_tutor.coach import grade_play
from hearts_tutor.coach.bands import CHANCE_GOOD
from hearts_tutor.engine.cards import card_name, parse_card
from hearts_tutor.engine.hand import HandState, Phase
from hearts_tutor.engine.record import HandRecord
from hearts_tutor.engine.rules import Rules
from hearts_tutor.practice.bank import LESSON_THEMES, THEMES, Bank, Puzzle, load_bank, move_key, parse_move
from hearts_tutor.practice.learner import LearnerDB
from hearts_tutor.practice.session import Practice, record_table_move


class Clock:
    """A clock the test moves forward (no sleeping)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db(tmp_path: Path, clock: Clock) -> LearnerDB:
    return LearnerDB(tmp_path / "learner.sqlite3", clock=clock)


def wrong_move(p: Puzzle) -> list[int]:
    """The cards of a graded option that is not an answer (the most costly one)."""
    key = max((k for k in p.expected if k not in p.answers), key=lambda k: p.expected[k][0])
    return list(parse_move(key))


def right_move(p: Puzzle) -> list[int]:
    return list(parse_move(p.best))


def test_every_lesson_names_known_themes_and_its_cell_serves_only_them(db: LearnerDB) -> None:
    from hearts_tutor.practice import lesson_practice

    bank = load_bank()
    for lesson, themes in LESSON_THEMES.items():
        assert themes and set(themes) <= set(THEMES), lesson
        panel = lesson_practice(lesson, learner=db, seed=1)
        item = panel.session.item
        if bank.select(themes=themes):
            assert item is not None and set(item.puzzle.themes) & set(themes), lesson
        else:
            assert item is None and "no puzzles of this kind yet" in panel.heading.value, lesson


def test_right_first_try_raises_the_rating_and_leaves_no_review(db: LearnerDB) -> None:
    practice = Practice(learner=db, seed=3)
    item = practice.next()
    assert item is not None and not item.review
    before = db.rating().rating
    outcome = practice.answer(right_move(item.puzzle))
    assert outcome.correct and outcome.over
    assert outcome.rating_change is not None and outcome.rating_change[1] > outcome.rating_change[0] == before
    assert db.rating().rating > before
    assert {row[0] for row in outcome.options if row[3]} == set(item.puzzle.answers)
    assert db.due_reviews() == []
    assert item.puzzle.id in db.attempted()


def test_an_accepted_move_other_than_the_best_is_right_and_says_what_the_best_saves(db: LearnerDB) -> None:
    bank = load_bank()
    puzzle = next(p for p in bank if p.kind == "play" and len(p.answers) > 1)
    practice = Practice(bank=Bank([puzzle]), learner=db, seed=1)
    practice.next()
    other = next(a for a in puzzle.answers if a != puzzle.best)
    outcome = practice.answer(list(parse_move(other)))
    assert outcome.correct and outcome.over and outcome.judgement is not None
    assert outcome.judgement.band in ("best", "good") and 0.0 <= outcome.judgement.cost <= 1.0
    assert outcome.text.startswith("Right!") and card_name(parse_move(puzzle.best)[0]) in outcome.text
    assert outcome.rating_change is not None and outcome.rating_change[1] > outcome.rating_change[0]


def test_a_miss_is_explained_rated_down_and_comes_back_as_a_review(db: LearnerDB, clock: Clock) -> None:
    practice = Practice(learner=db, seed=4)
    item = practice.next()
    assert item is not None
    puzzle = item.puzzle
    first = practice.answer(wrong_move(puzzle))
    assert not first.correct and first.legal and not first.over and "Try again" in first.text
    assert first.judgement is not None
    # every wrong option costs more than good: a point, or a play-to-score puzzle's 1% of the chance to win the game
    assert first.judgement.cost > (CHANCE_GOOD if first.judgement.chance is not None else 1.0)
    assert first.rating_change is not None and first.rating_change[1] < first.rating_change[0]
    second = practice.answer(wrong_move(puzzle))
    assert second.over and second.rating_change is None  # only the first try is rated
    assert puzzle.explanation in second.text and second.options
    # the miss is a review item: due soon, then again after the clock moves forward
    clock.now += timedelta(days=2)
    due = [r.key for r in db.due_reviews()]
    assert puzzle.id in due
    again = practice.next()
    assert again is not None and again.review and again.puzzle.id == puzzle.id
    rated = db.rating().rating
    assert practice.answer(right_move(puzzle)).correct
    assert db.rating().rating == rated  # reviews are not rated
    assert puzzle.id not in [r.key for r in db.due_reviews()]  # right pushes it later


def test_an_illegal_card_costs_no_try(db: LearnerDB) -> None:
    bank = load_bank()
    puzzle = next(p for p in bank if p.kind == "play" and len(p.view().hand) > len(p.view().legal_plays()))
    practice = Practice(bank=type(bank)([puzzle]), learner=db, seed=1)
    item = practice.next()
    assert item is not None
    illegal = next(c for c in item.view.hand if c not in item.view.legal_plays())
    outcome = practice.answer([illegal])
    assert not outcome.legal and "not allowed" in outcome.text and practice.tries == 0
    assert db.attempts() == []


def test_new_puzzles_come_near_the_learners_rating(db: LearnerDB) -> None:
    bank = load_bank()
    practice = Practice(learner=db, seed=5)
    item = practice.next()
    assert item is not None
    ratings = sorted(abs(p.rating - 1500) for p in bank)
    assert abs(item.puzzle.rating - 1500) <= ratings[min(len(ratings) - 1, 8)]


def test_a_theme_limits_the_puzzles(db: LearnerDB) -> None:
    bank = load_bank()
    theme = max(THEMES, key=lambda t: len(bank.select(themes=[t])))
    practice = Practice(learner=db, theme=theme, seed=6)
    for _ in range(5):
        item = practice.next()
        assert item is not None and theme in item.puzzle.themes
        practice.reveal()


def test_a_table_blunder_becomes_a_review(db: LearnerDB) -> None:
    # a real position where the learner's highest card is a mistake, found by grading (medium bots play first)
    from hearts_tutor.bots import make_bot

    rules = Rules.preset("standard")
    for seed in range(40):
        state = HandState.deal_random(rules, seed=seed, hand_number=3)  # a keep hand
        bots = [make_bot("medium", seed=s) for s in range(4)]
        while state.phase is Phase.PLAY and len(state.plays()) < 8:
            bots[state.to_move].decide(state.view(state.to_move)).apply(state)
        view = state.view(state.to_move)
        if len(view.legal_plays()) < 2:
            continue
        worst = max(view.legal_plays(), key=lambda c: c % 13)
        grade = grade_play(view, worst, seed=1, rollouts=150)
        if grade.band not in ("mistake", "blunder"):
            continue
        record = HandRecord.from_state(state)
        assert record_table_move(db, view, record, grade) is None
        due = db.due_reviews()
        assert len(due) == 1 and due[0].key.startswith("table-")
        puzzle = Puzzle.from_json(due[0].puzzle)
        assert sorted(puzzle.view().hand) == sorted(view.hand)
        assert move_key(worst) not in puzzle.answers and move_key(grade.best) in puzzle.answers
        # accepted as in the bank: the options graded best or good (a cost of at most a point)
        assert puzzle.answers == tuple(move_key(o) for o, c in grade.costs.items() if c <= 1.0)
        assert [a.source for a in db.attempts()] == ["table"]
        practice = Practice(learner=db, seed=1)
        item = practice.next()
        assert item is not None and item.review and item.puzzle.id == due[0].key
        assert not practice.answer([worst]).correct
        return
    pytest.fail("no mistake found in 40 deals")


def test_a_table_mistake_judged_at_the_score_becomes_a_play_to_score_review(db: LearnerDB) -> None:
    """A grade in the chance to win the game is filed too: its attempt's cost in chance (never averaged with
    points), and its review a puzzle that carries the score line, judged in chance when it comes back."""
    import dataclasses

    from hearts_tutor.bots import make_bot

    rules = Rules.preset("standard")
    for seed in range(40):
        state = HandState.deal_random(rules, seed=seed, hand_number=3)
        bots = [make_bot("medium", seed=s) for s in range(4)]
        while state.phase is Phase.PLAY and len(state.plays()) < 8:
            bots[state.to_move].decide(state.view(state.to_move)).apply(state)
        seat = state.to_move
        scores = tuple((40, 95, 60, 20)[(s - seat) % 4] for s in range(4))  # the learner 40, the next seat 95
        view = dataclasses.replace(state.view(seat), scores=scores)
        if len(view.legal_plays()) < 2:
            continue
        worst = max(view.legal_plays(), key=lambda c: c % 13)
        grade = grade_play(view, worst, seed=1, rollouts=150)
        if grade.unit != "chance" or grade.band not in ("mistake", "blunder"):
            continue
        assert record_table_move(db, view, HandRecord.from_state(state), grade) is None
        [row] = db.attempts()
        assert (row.unit, row.cost) == ("chance", grade.cost)
        assert db.cost_by_theme() == {} and db.cost_by_theme("chance")
        [due] = db.due_reviews()
        puzzle = Puzzle.from_json(due.puzzle)
        assert puzzle.scores == (40, 95, 60, 20) and puzzle.chances  # seat 0 first: the learner
        assert move_key(worst) not in puzzle.answers and move_key(grade.best) in puzzle.answers
        practice = Practice(learner=db, seed=1)
        item = practice.next()
        assert item is not None and item.review and item.puzzle.id == due.key
        outcome = practice.answer([worst])
        assert not outcome.correct
        assert db.attempts()[-1].unit == "chance"
        return
    pytest.fail("no mistake judged in chance found in 40 deals")


def test_a_good_table_move_is_an_attempt_but_no_review(db: LearnerDB) -> None:
    state = HandState.deal_random(Rules.preset("standard"), seed=2, hand_number=3)
    view = state.view(state.to_move)
    grade = grade_play(view, view.legal_plays()[0], seed=1, rollouts=40)
    assert grade.band in ("best", "good")  # the forced 2 of clubs
    assert record_table_move(db, view, HandRecord.from_state(state), grade) is None
    assert db.due_reviews() == [] and len(db.attempts()) == 1
    assert db.rating().games == 0  # table moves are not rated


def test_panel_flow_and_progress(db: LearnerDB) -> None:
    from hearts_tutor.practice.widget import PracticePanel

    panel = PracticePanel(Practice(learner=db, seed=7))
    classes = set()

    def walk(w) -> None:  # type: ignore[no-untyped-def]
        classes.update(getattr(w, "_dom_classes", ()))
        for child in getattr(w, "children", ()):
            walk(child)

    walk(panel)
    for name in ("ht-theme", "ht-rating", "ht-reviews-due", "ht-progress", "ht-puzzle", "ht-feedback",
                 "ht-next-puzzle"):
        assert name in classes, name
    item = panel.session.item
    assert item is not None
    # the hand shown is the learner's, and nothing of the other hands
    shown = {c for c in panel.buttons}
    assert shown == set(item.view.hand)
    state = item.puzzle.record.to_state()
    hidden = {c for seat in range(1, state.n) for c in range(52) if state.hands[seat] >> c & 1}
    assert hidden and not shown & hidden
    cards = wrong_move(item.puzzle)
    if item.puzzle.kind == "play":
        panel.click(cards[0])
    else:
        for c in cards:
            panel.click(c)
        panel.submit_pass()
    assert "Not quite" in panel.feedback.value
    panel.reveal()
    assert ("Chance to win the game" if item.puzzle.scores else "Expected points") in panel.feedback.value
    assert f"ht-puzzle-id-{item.puzzle.id}" in panel.puzzle._dom_classes
    assert "Missed" in panel.feedback.value
    panel.show_progress(True)
    images = [w for w in panel.progress.children]
    assert len(images) == 3 and all(bytes(w.value).startswith(b"\x89PNG") for w in images)
    due = int(panel.due.value.split("<b class='ht-reviews-due-count'>")[1].split("<")[0])
    assert due == len(db.due_reviews()) == 0  # the miss waits for FSRS's step: not due in this run
    assert "You will see it again tomorrow, for review." in panel.feedback.value
    panel.next_puzzle()
    assert panel.session.item is not None and panel.session.item.puzzle.id != item.puzzle.id


def test_progress_without_matplotlib_says_so(db: LearnerDB, monkeypatch: pytest.MonkeyPatch) -> None:
    """The static site has no matplotlib: the progress view says what is missing instead of failing."""
    import sys

    from hearts_tutor.practice.widget import PracticePanel

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ModuleNotFoundError
    panel = PracticePanel(Practice(learner=db, seed=7))
    panel.show_progress(True)
    (note,) = panel.progress.children
    assert "need matplotlib" in note.value and panel.progress.layout.display == ""


def test_the_theme_chooser_shows_the_sessions_theme(db: LearnerDB) -> None:
    from hearts_tutor.practice.widget import PracticePanel

    bank = load_bank()
    theme = max(THEMES, key=lambda t: len(bank.select(themes=[t])))
    panel = PracticePanel(Practice(learner=db, theme=theme, seed=1))
    assert panel.theme.value == theme
    assert panel.session.item is not None and theme in panel.session.item.puzzle.themes
    panel.theme.value = ""  # back to every theme
    assert panel.session.theme is None


def test_lesson_practice_cells_serve_their_themes(db: LearnerDB) -> None:
    from hearts_tutor.practice import lesson_practice

    panel = lesson_practice("04_queen", learner=db, seed=2)
    item = panel.session.item
    assert item is not None and set(item.puzzle.themes) & set(LESSON_THEMES["04_queen"])
    with pytest.raises(ValueError, match="no lesson named"):
        lesson_practice("99_nothing", learner=db)


def test_every_strategy_lesson_ends_with_a_practice_cell() -> None:
    lessons = Path(__file__).resolve().parent.parent / "lessons"
    for name in LESSON_THEMES:
        cells = json.loads((lessons / f"{name}.ipynb").read_text())["cells"]
        code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        assert f'lesson_practice("{name}")' in code[-1], name


def test_judging_from_the_stored_grading_needs_no_rollouts(monkeypatch: pytest.MonkeyPatch) -> None:
    import hearts_tutor.bots.search as search

    def refuse(*_a, **_k):  # type: ignore[no-untyped-def]
        raise AssertionError("judging a graded option must not play anything out")

    monkeypatch.setattr(search, "paired_playouts", refuse)
    monkeypatch.setattr(search, "paired_pass_playouts", refuse)
    p = load_bank().puzzles[0]
    j = p.judge(wrong_move(p))
    assert not j.correct and j.cost > 0 and j.band and not math.isnan(j.cost)
    assert p.judge(right_move(p)).correct
    assert parse_card(p.best.split()[0]) in p.view().hand


def test_a_missed_table_pass_answered_right_in_review_says_right_only(db: LearnerDB) -> None:
    """Issue 30: the review printed "Right! ... A mistake. Passing the 3 of clubs... costs you 4.4"."""
    from positions import table_pass_mistake

    from hearts_tutor.practice.session import review_from_grade

    state, grade = table_pass_mistake()
    item = review_from_grade(state.view(0), HandRecord.from_state(state), grade, ["pass-queen"])
    assert item is not None
    for stored in (item["explanation"], grade.explanation):  # today's words, and those older versions stored
        db.add_review(item["id"], {**item, "explanation": stored}, item["themes"])
        practice = Practice(learner=db, seed=1)
        shown = practice.next()
        assert shown is not None and shown.review
        words = practice.answer(list(grade.best)).text
        assert words.startswith("Right!")
        for wrong in ("mistake", "blunder", "inaccuracy", "costs you", "would have been better"):
            assert wrong not in words.lower(), words


def test_a_missed_puzzle_waits_for_the_learning_step_and_says_when(db: LearnerDB, clock: Clock) -> None:
    practice = Practice(learner=db, seed=4)
    item = practice.next()
    assert item is not None
    practice.answer(wrong_move(item.puzzle))
    last = practice.answer(wrong_move(item.puzzle))
    assert last.over and last.text.endswith("You will see it again tomorrow, for review.")
    assert db.due_reviews() == []  # not the very next item
    seen = {item.puzzle.id}
    for _ in range(6):  # the rest of the run: never the missed puzzle again
        nxt = practice.next()
        assert nxt is not None and nxt.puzzle.id not in seen
        seen.add(nxt.puzzle.id)
        assert practice.answer(right_move(nxt.puzzle)).correct
    clock.now += timedelta(days=1)
    assert item.puzzle.id in [r.key for r in db.due_reviews()]
    again = Practice(learner=db, seed=4).next()  # the next day's run puts it up first
    assert again is not None and again.review and again.puzzle.id == item.puzzle.id


def test_skip_on_a_due_review_moves_on(db: LearnerDB, clock: Clock) -> None:
    from hearts_tutor.practice.widget import PracticePanel

    practice = Practice(learner=db, seed=4)
    for _ in range(2):  # two misses, due tomorrow
        item = practice.next()
        assert item is not None
        practice.reveal()
    clock.now += timedelta(days=1)
    panel = PracticePanel(Practice(learner=db, seed=5))
    first = panel.session.item
    assert first is not None and first.review
    shown = [first.puzzle.id]
    for _ in range(3):  # Skip, as the learner clicks it
        panel.next_button.click()
        now = panel.session.item
        assert now is not None and now.puzzle.id not in shown, "Skip put up the same item again"
        shown.append(now.puzzle.id)
    assert panel.session.item is not None and not panel.session.item.review  # both reviews skipped: new puzzles
    assert len(db.due_reviews()) == 2  # skipped, not answered: still due


def test_a_review_answered_says_when_it_comes_back(db: LearnerDB, clock: Clock) -> None:
    practice = Practice(learner=db, seed=4)
    item = practice.next()
    assert item is not None
    practice.reveal()
    clock.now += timedelta(days=1)
    review = Practice(learner=db, seed=4)
    again = review.next()
    assert again is not None and again.review
    outcome = review.answer(right_move(again.puzzle))
    assert outcome.correct and "You will see it again in " in outcome.text and "days (" in outcome.text


def test_a_provisional_rating_says_what_its_question_mark_means(db: LearnerDB) -> None:
    from hearts_tutor.practice.widget import PracticePanel

    panel = PracticePanel(Practice(learner=db, seed=7))
    assert "1500</b>?" in panel.rating.value
    assert "? = provisional" in panel.rating.value and "ht-provisional" in panel.rating.value


def test_the_charts_read_in_dates_and_whole_counts(db: LearnerDB, clock: Clock) -> None:
    from hearts_tutor.practice.progress import due_figure, rating_figure

    practice = Practice(learner=db, seed=4)
    for minutes in (0, 1, 2, 60 * 24 + 5, 60 * 24 + 6):  # three answers a minute apart, two the next day
        clock.now = datetime(2026, 11, 1, 19, 44, tzinfo=UTC) + timedelta(minutes=minutes)
        item = practice.next()
        assert item is not None and not item.review
        practice.answer(right_move(item.puzzle))
    fig = rating_figure(db)
    fig.canvas.draw()
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    day = datetime(2026, 11, 1, 19, 44, tzinfo=UTC).astimezone()
    assert labels == [f"{day.day} {day:%b}", f"{(day + timedelta(days=1)).day} {day:%b}"], labels
    fig = due_figure(db)
    fig.canvas.draw()
    counts = [t.get_position()[1] for t in fig.axes[0].get_yticklabels()]
    assert counts and all(float(c).is_integer() for c in counts), counts


def test_puzzles_cut_from_one_deal_are_not_served_back_to_back(tmp_path: Path, clock: Clock) -> None:
    """A moon's leads come in runs (standard-60-36-p28, -p32, ...): practice keeps two puzzles of one deal apart
    while a puzzle of another deal is left, new puzzles and due reviews alike."""
    bank = load_bank()
    pool = bank.select(themes=["shoot-moon"])
    deals = Counter(p.deal for p in pool)
    assert max(deals.values()) >= 3 and len(deals) >= 4  # runs to keep apart, and other deals to put between
    for seed in range(4):
        practice = Practice(learner=LearnerDB(tmp_path / f"{seed}.sqlite3", clock=clock), theme="shoot-moon",
                            seed=seed)
        shown: list[Puzzle] = []
        while (item := practice.next()) is not None:
            left = [p for p in pool if p.id not in {s.id for s in shown}]
            if shown and any(p.deal != shown[-1].deal for p in left):
                assert item.puzzle.deal != shown[-1].deal, (seed, shown[-1].id, item.puzzle.id)
            shown.append(item.puzzle)
            practice.reveal()
        assert sorted(p.id for p in shown) == sorted(p.id for p in pool)


def test_a_due_review_of_the_deal_just_shown_waits_for_another_puzzle(db: LearnerDB) -> None:
    plays = [p for p in load_bank() if p.kind == "play"][:3]
    a1, a2, b = (dataclasses.replace(p, id=i) for p, i in zip(plays, ("x-1-p20", "x-1-p24", "y-2-p8"), strict=True))
    practice = Practice(bank=Bank([a1]), learner=db, seed=1)
    first = practice.next()
    assert first is not None and first.puzzle.id == a1.id
    practice.reveal()
    db.add_review(a2.id, a2.to_json(), a2.themes)  # due now, of the deal on the table
    practice.bank = Bank([a1, b])
    second = practice.next()
    assert second is not None and second.puzzle.id == b.id and not second.review
    third = practice.next()
    assert third is not None and third.puzzle.id == a2.id and third.review
    assert practice.next() is None  # a1 was shown in this run: nothing else is left
