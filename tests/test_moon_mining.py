"""Mining the moon themes: deals with moon material, and dropping the puzzles the moon-playing verifier rejects."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts_tutor.batch.tournament import deal_for
from hearts_tutor.engine.cards import cards_in
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.rules import Rules
from hearts_tutor.practice.bank import bank_files, read_bank_file
from hearts_tutor.practice.mine import SEAT_MIXES, Budget
from hearts_tutor.practice.moon_deals import has_moon_material, moon_deal
from hearts_tutor.practice.verify import drop_rejected, rejection

STANDARD = Rules.preset("standard")


def test_moon_deals_give_a_hard_seat_moon_material_far_more_often_than_random_deals() -> None:
    for deal in range(40):
        levels = SEAT_MIXES[deal % len(SEAT_MIXES)]
        state, seat = moon_deal(STANDARD, 5, deal, levels)
        assert levels[seat] == "hard"
        assert has_moon_material(cards_in(state.hands[seat]), STANDARD)
        assert sorted(c for h in state.hands for c in cards_in(h)) == list(range(52))  # a whole deck, once
        assert state.phase is (Phase.PLAY if deal % 4 == 3 else Phase.PASS)  # the pass cycle as deal_for's
    assert moon_deal(STANDARD, 5, 3, SEAT_MIXES[3])[0].hands == moon_deal(STANDARD, 5, 3, SEAT_MIXES[3])[0].hands
    at_random = sum(has_moon_material(cards_in(deal_for(STANDARD, 5, d).hands[s]), STANDARD)
                    for d in range(40) for s in range(4))
    assert at_random < 16  # under one hand in ten


def test_moon_deals_refuse_rules_they_cannot_deal() -> None:
    with pytest.raises(ValueError, match="one deck and no kitty"):
        Budget().dealing("moon", Rules.preset("cancellation"))
    with pytest.raises(ValueError, match="random or moon"):
        Budget().dealing("lucky", STANDARD)
    assert Budget().dealing("moon", STANDARD).deals == "moon"


def test_the_bank_drops_what_its_verdicts_reject(tmp_path: Path) -> None:
    source = next(p for p in bank_files() if p.name == "standard-themes.jsonl")
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)[:6]
    bank = tmp_path / "bank.jsonl"
    bank.write_text("".join(lines), encoding="utf-8")
    puzzles, _ = read_bank_file(bank)
    good = puzzles[1]
    ok = {"kept": True, "means": {good.best: good.expected[good.best][0]}}
    wrong = next(k for k in puzzles[0].expected if k not in puzzles[0].answers)
    verdicts = [{"id": puzzles[0].id, "kept": False, "best": wrong}, {"id": puzzles[1].id, **ok}]
    (tmp_path / "verdicts.jsonl").write_text("".join(json.dumps(v) + "\n" for v in verdicts))
    assert rejection(puzzles[0], verdicts[0]) == f"the moon model's best option is {wrong}, not an answer"
    tempting = {"kept": False, "best": puzzles[0].best, "accepted": [puzzles[0].best, wrong]}
    assert rejection(puzzles[0], tempting) == f"the moon model accepts {wrong} too"
    assert rejection(puzzles[1], verdicts[1]) is None and rejection(puzzles[2], None) is None
    dropped = drop_rejected([bank], tmp_path / "verdicts.jsonl")
    assert list(dropped) == [puzzles[0].id]
    assert bank.read_text(encoding="utf-8") == "".join(lines[:1] + lines[2:])  # the other lines as they were


def test_a_moon_try_is_explained_by_the_moon_and_the_checker_reads_it() -> None:
    """The bank's moon tries say why: the learner has taken every point and goes on for the moon; the checker
    rejects that sentence where another seat has points too."""
    from hearts_tutor.coach.facts import check_explanation
    from hearts_tutor.coach.hints import explain_play
    from hearts_tutor.engine.cards import parse_card
    from hearts_tutor.practice.bank import load_bank
    from hearts_tutor.practice.verify import moon_dependent

    bank = load_bank()
    tries = [p for p in bank if p.preset == "standard" and p.kind == "play" and moon_dependent(p)]
    assert len(tries) >= 4
    for p in tries:
        view, best = p.view(), parse_card(p.best)
        words = explain_play(view, best, tempting=parse_card(p.source["tempting"]))
        assert "you have taken every point so far" in words and "keep going for the moon" in words, (p.id, words)
        assert not check_explanation(view, words, best)
    other = next(p for p in bank if p.kind == "play" and p.preset == "standard"
                 and sum(1 for h in p.view().hearts_taken if h) >= 2)
    assert check_explanation(other.view(), "Play it: you have taken every point so far.") == [
        "you have taken every point so far: false here"]
