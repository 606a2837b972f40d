"""The fact checker (coach/facts.py): every fact the coach states holds in the position; planted false facts
are caught; the bank's explanations name facts (STYLE 18, issue 30)."""

from __future__ import annotations

import dataclasses

import pytest

from hearts_tutor import Rules
from hearts_tutor.batch.tournament import deal_for
from hearts_tutor.coach import text
from hearts_tutor.coach.facts import (
    HigherOut,
    NoOneElseHolds,
    QueenLive,
    ShownOut,
    SuitOut,
    check_explanation,
    out_of_suit,
    stated_facts,
)
from hearts_tutor.coach.hints import explain_play
from hearts_tutor.engine.cards import SPADES, parse_card, suit_of
from hearts_tutor.practice.bank import load_bank
from hearts_tutor.practice.explain import check_graded_moves, check_puzzles, puzzle_explanation


def _lead_view():
    """Seat 0 on lead to trick 2 after a club trick: the 2 of clubs led, everybody followed."""
    state = deal_for(Rules.preset("standard"), 1, 3)
    assert state.pass_direction == "keep"
    while state.to_move != 0 or not state.tricks:
        seat = state.to_move
        view = state.view(seat)
        legal = view.legal_plays()
        state.play(legal[0])
    return state.view(0)


def test_planted_false_facts_are_rejected() -> None:
    view = _lead_view()
    assert out_of_suit(view, SPADES), "spades are out in this position"
    assert check_explanation(view, "Lead the 2 of spades: no one else holds a spade.")
    assert check_explanation(view, f"No one has shown out of clubs, but {text.seat_phrase(0, 1, 4)} has shown out "
                                   "of diamonds.")
    assert check_explanation(view, "The 5 of clubs is lower than the 3 of clubs.")
    assert check_explanation(view, "Thirteen other spades are still out.")
    wrong = len(out_of_suit(view, SPADES)) + 1
    assert check_explanation(view, SuitOut(SPADES, wrong).sentence(view))
    assert check_explanation(view, "the player on your left has taken every point so far")
    assert check_explanation(view, "You passed the queen of spades to the player on your left, who still holds her.")
    assert check_explanation(view, "Lead the 2 of clubs: it is your only legal card.")
    assert check_explanation(view, "Play the ace of clubs: it stays under the king of clubs.", answer=parse_card("AC"))


def test_true_facts_pass_and_are_read_back() -> None:
    view = _lead_view()
    facts = [SuitOut(SPADES, len(out_of_suit(view, SPADES))), QueenLive() if QueenLive().holds(view) else None,
             HigherOut(view.hand[-1], sum(1 for u in view.unseen() if suit_of(u) == suit_of(view.hand[-1])
                                          and u > view.hand[-1]))]
    for fact in filter(None, facts):
        assert fact.holds(view)
        words = fact.sentence(view)
        assert [f for _, f in stated_facts(view, words)] == [fact], words
        assert check_explanation(view, words) == []
    assert not NoOneElseHolds(SPADES).holds(view)
    assert not ShownOut(1, SPADES).holds(view)


def test_low_card_only_when_lower_than_the_alternative() -> None:
    view = _lead_view()
    legal = view.legal_plays()
    low = min(legal, key=lambda c: c % 13)
    high = max(legal, key=lambda c: c % 13)
    assert low % 13 < high % 13
    assert check_explanation(view, text.hint_lead_low(high), answer=high, tempting=low)
    assert check_explanation(view, text.hint_lead_low(low), answer=low, tempting=high) == []
    assert "a low card" not in explain_play(view, high, tempting=low)


def test_reasons_name_facts_that_hold() -> None:
    """Each card a hint or a grade can explain against each other legal card: the words hold in the position."""
    view = _lead_view()
    legal = view.legal_plays()
    for best in legal:
        for other in legal:
            if other != best:
                words = explain_play(view, best, tempting=other)
                assert check_explanation(view, words, best, other) == [], words


@pytest.fixture(scope="module")
def bank():
    return load_bank()


def test_the_bank_states_only_true_facts(bank) -> None:
    report = check_puzzles(bank.puzzles)
    assert report.checked == len(bank) > 1000
    assert report.false == []
    assert report.generic <= 0.05 * report.checked


def test_no_bank_puzzle_gives_only_the_fallback_reason(bank) -> None:
    """Where no fact separates the answer from the temptation, the play-outs say what the temptation makes the
    learner take (the queen of spades, hearts, or the jack it misses): 11 puzzles said only 'this card gives you
    the fewest points' before."""
    from hearts_tutor.practice.explain import says_only_generic

    only = [p.id for p in bank.puzzles if says_only_generic(p.explanation)]
    assert only == [], only
    flush = bank.by_id["standard-11-67-p24"].explanation
    assert "After the 8 of diamonds you take the queen of spades in 38% of the coach's play-outs, after the 9 of " \
        "spades in 8%." in flush, flush
    assert "After the king of diamonds you take the jack of diamonds (-10 points) in 94%" in \
        bank.by_id["deluxe-1-9-p4"].explanation


def test_the_takes_words_name_the_queen_the_hearts_or_the_jack() -> None:
    from hearts_tutor.engine.cards import parse_card
    from hearts_tutor.practice.mine import Takes, takes_words, with_takes

    best, tempting = parse_card("9S"), parse_card("8D")
    queen = {best: Takes(0.08, 4.7), tempting: Takes(0.38, 5.0)}
    assert takes_words(best, tempting, queen) == ("After the 8 of diamonds you take the queen of spades in 38% of "
                                                  "the coach's play-outs, after the 9 of spades in 8%.")
    assert takes_words(best, tempting, queen, one_deck=False) is None  # two queens of spades: not 'the queen'
    hearts = {best: Takes(0.0, 10.0), tempting: Takes(0.0, 12.0)}
    assert takes_words(best, tempting, hearts) == ("After the 8 of diamonds you end the hand with 12 hearts on "
                                                   "average in the coach's play-outs, after the 9 of spades with 10.")
    jack = {best: Takes(0.1, 3.0, 0.9), tempting: Takes(0.1, 3.0, 0.5)}
    assert takes_words(best, tempting, jack) is None  # the jack scores nothing here
    assert (takes_words(best, tempting, jack, jack_points=-10) or "").startswith(
        "After the 9 of spades you take the jack of diamonds (-10 points) in 90%")
    same = {best: Takes(0.1, 3.0), tempting: Takes(0.15, 3.5)}
    assert takes_words(best, tempting, same) is None
    generic = "Lead the 9 of spades: when the coach plays the rest of the hand out many times, this card gives you " \
        "the fewest points. The 8 of diamonds costs about 4.8 points more on average."
    assert with_takes(generic, "X.") == generic.replace("points. The", "points. X. The")
    assert with_takes(generic, None) == generic


def test_the_bank_explanations_are_the_coach_s_current_words(bank) -> None:
    stale = [p.id for p in bank.puzzles[::25] if puzzle_explanation(p) != p.explanation]
    assert stale == [], "run `hearts-tutor puzzles explain` and commit the bank"


def test_a_planted_false_fact_in_a_puzzle_is_caught(bank) -> None:
    p = next(p for p in bank.puzzles if p.kind == "play" and out_of_suit(p.view(), SPADES))
    planted = dataclasses.replace(p, explanation=p.explanation + " No one else holds a spade.")
    report = check_puzzles([planted])
    assert [f["id"] for f in report.false] == [p.id]


def test_graded_moves_state_true_facts() -> None:
    report = check_graded_moves(12, seed=5, rollouts=16)
    assert report.checked == 12
    assert report.false == []



def test_cli_finds_a_planted_fact_and_explain_writes_the_words_again(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    import json

    from hearts_tutor import cli
    from hearts_tutor.practice.bank import BANK_DIR

    original = (BANK_DIR / "standard.jsonl").read_text(encoding="utf-8").splitlines()
    lines = original[:1] + original[1:11]
    victim = next(i for i, line in enumerate(lines) if i and json.loads(line)["kind"] == "play")
    data = json.loads(lines[victim])
    data["explanation"] += " No one else holds a club. Six other hearts are still out."
    lines[victim] = json.dumps(data, separators=(",", ":"))
    path = tmp_path / "bank.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    assert cli.main(["puzzles", "facts", str(path), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)["bank"]
    assert report["checked"] == 10 and {f["id"] for f in report["false"]} == {data["id"]}
    assert cli.main(["puzzles", "explain", str(path)]) == 0
    assert "1 of 10 explanations rewritten" in capsys.readouterr().out
    again = path.read_text(encoding="utf-8").splitlines()
    assert [a for i, a in enumerate(again) if i != victim] == [a for i, a in enumerate(original[:11]) if i != victim]
    assert again[victim] == original[victim]  # the shipped words are the coach's current words
    assert cli.main(["puzzles", "facts", str(path)]) == 0


def test_taking_the_lead_from_a_shooter_is_the_reason_given(bank) -> None:
    """A stop-moon answer that beats the would-be shooter's card on a trick with no points says so (the lead
    leaves the shooter), not that a trick with no points is free; the stated facts hold and a false one is caught."""
    p = bank.by_id["standard-62-61-p35"]  # the 8 of spades over the shooter's 7 (the 6 costs 23 points)
    view = p.view()
    words = puzzle_explanation(p)
    assert "the player on your left is winning this trick with the 7 of spades" in words, words
    assert "has taken every point so far" in words and "the lead leaves them" in words
    assert "free" not in words and "cheap" not in words
    assert check_explanation(view, words, parse_card("8S"), parse_card("6S")) == []
    from hearts_tutor.coach.facts import WinningTrick

    assert WinningTrick(1, parse_card("7S")) in [f for _, f in stated_facts(view, words)]
    assert check_explanation(view, "The player on your right is winning this trick with the 7 of spades.")
    assert check_explanation(view, "The player on your left is winning this trick with the 5 of spades.")
    from hearts_tutor.coach.situation import moon_suspect, stake, trick_winner

    taking = []
    for q in bank.puzzles:  # every puzzle where the answer, not the temptation, beats the suspect's card: explained so
        v = q.view()
        if q.kind != "play" or not v.trick or stake(v) or (w := trick_winner(v)) is None or w[0] != moon_suspect(v):
            continue
        answer, tempting = parse_card(q.best), parse_card(q.source["tempting"])
        if trick_winner(v, answer)[0] == v.seat and trick_winner(v, tempting)[0] != v.seat:
            taking.append(q.id)
            assert "the lead leaves them" in q.explanation and "free" not in q.explanation, q.id
    assert len(taking) >= 4, taking
