"""The shipped bank against the moon model: theme labels checked against the position, and every puzzle whose
answer expects fewer points than the learner has already taken (only a moon does that) is a labelled moon
try that the moon-playing verifier (hearts_tutor/practice/verify.py) confirms."""

from __future__ import annotations

import dataclasses

import pytest

from hearts_tutor.engine.cards import QUEEN_OF_SPADES
from hearts_tutor.practice.bank import Puzzle, load_bank
from hearts_tutor.practice.themes import queen_goes_elsewhere
from hearts_tutor.practice.verify import (
    label_problems,
    moon_confirmed,
    moon_dependent,
    moon_label,
    verify_puzzle,
)


@pytest.fixture(scope="module")
def bank() -> list[Puzzle]:
    return list(load_bank())


def test_every_theme_label_holds_in_its_position(bank: list[Puzzle]) -> None:
    wrong = {p.id: label_problems(p) for p in bank}
    assert not {k: v for k, v in wrong.items() if v}


def test_moon_dependent_standard_puzzles_are_moon_tries_the_moon_model_confirms(bank: list[Puzzle]) -> None:
    moons = [p for p in bank if p.preset == "standard" and moon_dependent(p)]
    for p in moons:
        assert moon_label(p) in p.themes, p.id
        assert moon_confirmed(p, verify_puzzle(p, seed=7)), p.id


def _with_themes(p: Puzzle, themes: tuple[str, ...]) -> Puzzle:
    return dataclasses.replace(p, themes=themes)


def test_a_planted_wrong_label_is_rejected(bank: list[Puzzle]) -> None:
    plain = next(p for p in bank if p.kind == "play" and p.preset == "standard"
                 and QUEEN_OF_SPADES not in p.view().hand and not moon_dependent(p)
                 and "shoot-moon" not in p.themes)
    assert label_problems(plain) == []
    assert label_problems(_with_themes(plain, (*plain.themes, "unload-queen")))
    assert label_problems(_with_themes(plain, (*plain.themes, "shoot-moon")))


def test_the_queen_led_as_top_spade_is_no_unloading(bank: list[Puzzle]) -> None:
    """Leading the queen when no higher spade is out brings her back (standard-1-288-p24's mistake)."""
    leads = [p for p in bank if p.kind == "play" and not p.view().trick and QUEEN_OF_SPADES in p.view().hand]
    top = [p for p in leads if not any(c > QUEEN_OF_SPADES and c // 13 == 2 for c in p.view().unseen())]
    under = [p for p in leads if p not in top]
    assert top and under
    assert not any(queen_goes_elsewhere(p.view()) for p in top)
    assert all(queen_goes_elsewhere(p.view()) for p in under)
