"""Mining puzzles: a small end-to-end run (resumable), each of the six filters rejecting a planted position, the
starting rating, and the renumbering of a hand for seat 0 that every puzzle relies on."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pytest
from positions import bot_position

from hearts_tutor.batch.tournament import deal_for, play_hand
from hearts_tutor.bots import make_bot
from hearts_tutor.engine.cards import Card, card_str
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.record import HandRecord, referee_record
from hearts_tutor.engine.rules import Rules
from hearts_tutor.practice import mine
from hearts_tutor.practice.bank import BANK_DIR, NOT_RECORD, THEMES, Puzzle, load_bank, move_key, parse_move
from hearts_tutor.practice.mine import Budget, Candidate, consider, finished_deals, starting_rating

# ----- end to end -----

MINE_SEED = 4
"""Deal 0 of this seed keeps a puzzle with small budgets and the moon-playing rollout model."""


def run_mine(out: Path, hands: int, *more: str) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, "-m", "hearts_tutor.cli", "puzzles", "mine", "--hands", str(hands), "--rules", "standard",
         "--seed", str(MINE_SEED), "--small", "--out", str(out), "--json", *more],
        capture_output=True, text=True, timeout=180, cwd=out.parent)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def check_mined_puzzle(p: Puzzle, data: dict[str, Any]) -> None:
    """A mined puzzle is a legal prefix at seat 0's decision, with its answers among its graded options."""
    prefix = {k: v for k, v in data.items() if k not in NOT_RECORD}
    verdict = referee_record(prefix)
    assert verdict["ok"], (p.id, verdict)
    assert not verdict["complete"], p.id
    view = p.view()
    assert view.seat == 0
    assert p.kind == ("pass" if view.phase is Phase.PASS else "play")
    if p.kind == "play":
        state = p.record.to_state()
        assert state.to_move == 0, p.id
        assert set(p.expected) == {card_str(c) for c in view.legal_plays()}, p.id
    else:
        # a pass puzzle grades a shortlist of passes, each of the hand's cards
        size = len(parse_move(p.best))
        assert all(len(parse_move(k)) == size and set(parse_move(k)) <= set(view.hand) for k in p.expected), p.id
    assert p.answers and set(p.answers) <= set(p.expected), p.id
    assert p.best in p.answers
    best = p.expected[p.best][0]
    assert best == min(m for m, _ in p.expected.values()), p.id
    # every option the coach does not accept costs more than a point (graded worse than good)
    assert all(m - best > 1.0 - 1e-3 for k, (m, _) in p.expected.items() if k not in p.answers), p.id
    assert set(p.themes) <= set(THEMES), p.id
    assert math.isfinite(p.rating) and p.explanation
    # the record is the mined seat's deal, renumbered so that seat is 0
    src = p.source
    dealt = deal_for(Rules.preset("standard"), MINE_SEED, src["deal"])
    assert p.record.deal[0] == list(dealt.deal[src["seat"]]), p.id
    assert p.id.startswith(f"standard-{MINE_SEED}-{src['deal']}-")


def bank_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:] if line.strip()]


def test_the_shipped_bank_s_mining_progress_lives_out_of_the_package() -> None:
    package = BANK_DIR.parents[1]
    assert not sorted(BANK_DIR.glob("*.done")), "the package holds mining state"
    for bank_file in sorted(BANK_DIR.glob("*.jsonl")):
        progress = mine.done_path(bank_file)
        assert progress.parent == mine.MINING_DIR and not progress.is_relative_to(package)
        assert progress.is_file(), f"no progress file {progress} for {bank_file.name}"
    # mining the shipped bank again resumes: the deals its earlier runs finished are found in mining/
    assert ("standard", 1, 0) in finished_deals(BANK_DIR / "standard.jsonl")


def test_mining_end_to_end_is_resumable_and_keeps_verified_puzzles(tmp_path: Path) -> None:
    out = tmp_path / "bank.jsonl"
    first = run_mine(out, 1)
    assert (first["deals"], first["skipped"]) == (1, 0)
    bank = load_bank(out)
    assert bank.problems == []
    assert len(bank) == first["kept"] >= 1
    lines = bank_lines(out)
    assert [d["id"] for d in lines] == [p.id for p in bank]
    for p, data in zip(bank, lines, strict=True):
        check_mined_puzzle(p, data)
        assert p.source["deal"] == 0
    done = finished_deals(out)
    assert set(done) == {("standard", MINE_SEED, 0)}
    assert done["standard", MINE_SEED, 0]["kept"] == len(bank)
    # every decision went through the filters: each one is counted once under its verdict
    assert sum(first["counts"].values()) > 10 and first["counts"]["kept"] == len(bank)
    assert set(first["counts"]) <= {*mine.FILTERS, "kept"}

    # the same command again: the deal is done, nothing is appended
    before = out.read_bytes(), mine.done_path(out).read_bytes()
    again = run_mine(out, 1)
    assert (again["deals"], again["skipped"], again["kept"]) == (0, 1, 0)
    assert (out.read_bytes(), mine.done_path(out).read_bytes()) == before

    # more hands: only the new deal is mined, appended after the old lines (its pass alone: the resuming is the
    # same, at a tenth of the cost of its plays; deal 0's run above mined both kinds)
    more = run_mine(out, 2, "--decisions", "pass")
    assert (more["deals"], more["skipped"]) == (1, 1)
    assert out.read_bytes().startswith(before[0])
    assert set(finished_deals(out)) == {("standard", MINE_SEED, 0), ("standard", MINE_SEED, 1)}
    grown = load_bank(out)
    assert grown.problems == []
    new = grown.puzzles[len(bank):]
    assert len(new) == more["kept"] == finished_deals(out)["standard", MINE_SEED, 1]["kept"]
    for p, data in zip(new, bank_lines(out)[len(bank):], strict=True):
        check_mined_puzzle(p, data)
        assert p.source["deal"] == 1


# ----- each filter rejects a planted position -----

SEED = 7
BUDGET = Budget.small()




def candidate(record: HandRecord) -> Candidate:
    view = record.to_state().view(0)
    return Candidate(view, record, "planted-1", {"planted": True})


@pytest.fixture(scope="module")
def open_lead() -> HandRecord:
    """After the first trick: the winner leads, with several legal cards."""
    record = bot_position(4)
    assert len(record.to_state().view(0).legal_plays()) >= 5
    return record


class Plant:
    """Planted paired values for ``mine.option_values``, by stage of :func:`consider`, and planted bot choices."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, choices: Mapping[str, Card],
                 stages: Mapping[str, Mapping[Card, float]], *, noise: float = 0.02,
                 flip: Iterable[Card] = ()) -> None:
        self.choices, self.stages, self.noise, self.flip = dict(choices), stages, noise, set(flip)
        self.calls: list[str] = []
        monkeypatch.setattr(mine, "option_values", self.values)
        monkeypatch.setattr(mine, "level_choices", self.level_choices)

    def level_choices(self, view: Any, seed: int, expert: int = 0) -> dict[str, Card]:
        out = {lv: self.choices[lv] for lv in ("easy", "medium", "hard")}
        if expert:
            out["expert"] = self.choices.get("expert", self.choices["hard"])
        return out

    def values(self, view: Any, options: Any, *, seed: int, deals: int, model: str = "coach",
               horizon: int = 8) -> dict[Card, list[float]]:
        passing = view.phase is Phase.PASS
        grade = BUDGET.grade_pass if passing else BUDGET.grade
        if model == "bots":
            assert (seed, deals, horizon) == (SEED + 2, BUDGET.verify_pass if passing else BUDGET.verify,
                                              BUDGET.horizon)
            stage = "second"
        elif model == "coach" and (seed, deals) == (SEED, BUDGET.screen):
            stage = "screen"
        elif model == "coach" and (seed, deals) == (SEED + 1, grade // 4):
            stage = "quick"
        elif model == "coach" and (seed, deals) == (SEED + 1, grade):
            stage = "grade"
        else:
            raise AssertionError(f"unexpected evaluation: model {model}, seed {seed}, {deals} deals")
        self.calls.append(stage)
        means = self.stages.get(stage, self.stages["grade"])
        # every option moves with the deal's luck, the flipped ones against it (noise in their differences)
        return {o: [means[o] + self.noise * (-1) ** (i + (o in self.flip)) for i in range(deals)] for o in options}


def means(view: Any, base: float = 8.0, **over: float) -> dict[Card, float]:
    """Every legal card at ``base`` points, and a few (named A, T, ... in the tests) at others."""
    n = names(view)
    out = {c: base for c in view.legal_plays()}
    out.update({n[name]: points for name, points in over.items()})
    return out


def names(view: Any) -> dict[str, Card]:
    legal = view.legal_plays()
    return {"A": legal[0], "T": legal[1], "B": legal[2], "O": legal[3]}


def test_a_position_with_one_legal_card_is_rejected_as_forced() -> None:
    record = bot_position(0)  # the two of clubs leads
    cand = candidate(record)
    assert [card_str(c) for c in cand.view.legal_plays()] == ["2C"]
    assert consider(cand, SEED, BUDGET) == (None, "forced")


def test_a_position_where_every_level_agrees_is_rejected() -> None:
    # find a real decision with several legal cards on which the easy, medium and hard bots agree
    for plays in range(4, 40):
        record = bot_position(plays)
        view = record.to_state().view(0)
        if len(view.legal_plays()) > 1 and len(set(mine.level_choices(view, SEED).values())) == 1:
            break
    else:
        pytest.fail("no decision where the bots agree")
    assert consider(candidate(record), SEED, BUDGET) == (None, "agree")


def test_the_same_move_from_every_level_is_rejected_as_agree(monkeypatch: pytest.MonkeyPatch,
                                                            open_lead: HandRecord) -> None:
    cand = candidate(open_lead)
    n = names(cand.view)
    plant = Plant(monkeypatch, {"easy": n["A"], "medium": n["A"], "hard": n["A"]},
                  {"grade": means(cand.view, A=0.0, T=5.0)})
    assert consider(cand, SEED, BUDGET) == (None, "agree")
    assert plant.calls == []  # rejected before any rollout


def kept_stages(view: Any) -> dict[str, dict[Card, float]]:
    """The answer A is 5 points better than the bots' choice T, every other card 8 points worse than A."""
    return {"grade": means(view, A=0.0, T=5.0)}


WEAK_T = {"easy": "T", "medium": "T", "hard": "A"}


def choices(view: Any, levels: Mapping[str, str] = WEAK_T) -> dict[str, Card]:
    return {lv: names(view)[name] for lv, name in levels.items()}


def test_a_planted_position_passing_every_filter_is_kept(monkeypatch: pytest.MonkeyPatch,
                                                        open_lead: HandRecord) -> None:
    cand = candidate(open_lead)
    n = names(cand.view)
    plant = Plant(monkeypatch, choices(cand.view), kept_stages(cand.view))
    puzzle, verdict = consider(cand, SEED, BUDGET)
    assert verdict == "kept" and puzzle is not None
    assert plant.calls == ["screen", "quick", "grade", "second"]
    assert puzzle["id"] == "planted-1" and puzzle["kind"] == "play"
    assert puzzle["answers"] == [move_key(n["A"])] and puzzle["best"] == move_key(n["A"])
    assert set(puzzle["expected"]) == {card_str(c) for c in cand.view.legal_plays()}
    assert puzzle["expected"][move_key(n["T"])][0] == pytest.approx(5.0, abs=0.05)
    assert set(puzzle["themes"]) <= set(THEMES)
    assert puzzle["rating"] == starting_rating({"easy": False, "medium": False, "hard": True, "expert": True})
    assert "costs" in puzzle["explanation"]
    src = puzzle["source"]
    assert src["planted"] is True and src["tempting"] == move_key(n["T"])
    assert src["margin"] == pytest.approx(5.0, abs=0.1)
    assert src["grade"]["deals"] == BUDGET.grade and src["second_opinion"]["deals"] == BUDGET.verify
    assert sorted(src["solved_by"]) == ["expert", "hard"]
    # what the miner writes is a valid puzzle at seat 0's decision
    p = Puzzle.from_json(puzzle)
    assert p.view().seat == 0 and p.record == cand.record
    tempted = p.judge([n["T"]])
    assert not tempted.correct and tempted.cost == pytest.approx(5.0, abs=0.05) and tempted.band == "mistake"
    assert p.judge([n["A"]]).correct


def test_a_planted_pass_passing_every_filter_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    state = deal_for(Rules.preset("standard"), 11, 1)
    assert state.phase is Phase.PASS
    record = HandRecord.from_state(state).seen_from(2)
    cand = candidate(record)
    hand = sorted(cand.view.hand)
    answer, tempting, hard = tuple(hand[-3:]), tuple(hand[:3]), tuple(hand[3:6])
    picks = {"easy": tempting, "medium": tempting, "hard": answer}
    options = mine._options(cand.view, picks)
    assert {answer, tempting} <= set(options) and len(options) > 3
    stage = {o: 8.0 for o in options} | {answer: 0.0, tempting: 4.0, hard: 6.0}
    plant = Plant(monkeypatch, picks, {"grade": stage})
    puzzle, verdict = consider(cand, SEED, BUDGET)
    assert verdict == "kept" and puzzle is not None
    assert plant.calls == ["screen", "quick", "grade", "second"]
    p = Puzzle.from_json(puzzle)
    assert p.kind == "pass" and p.answers == (move_key(answer),) and p.best == move_key(answer)
    assert set(p.expected) == {move_key(o) for o in options}
    assert p.source["tempting"] == move_key(tempting)
    assert p.view().phase is Phase.PASS and p.view().hand == cand.view.hand
    assert set(p.themes) <= set(THEMES) and p.explanation.startswith("Pass ")
    assert p.judge(list(reversed(answer))).correct  # a pass is the same in any order
    assert p.judge(list(tempting)).cost == pytest.approx(4.0, abs=0.05)


def test_a_run_aimed_at_themes_skips_decisions_that_cannot_teach_them(monkeypatch: pytest.MonkeyPatch,
                                                                     open_lead: HandRecord) -> None:
    cand = candidate(open_lead)
    plant = Plant(monkeypatch, choices(cand.view), kept_stages(cand.view))
    reach = mine._themes_in_reach(cand.view, plant.choices)
    assert "void-discard" not in reach  # a lead discards nothing
    aimed = BUDGET.aiming_at(("void-discard", "pass-queen"))
    assert consider(cand, SEED, aimed) == (None, "theme")
    assert plant.calls == []  # skipped before any rollout
    puzzle, verdict = consider(cand, SEED, BUDGET.aiming_at((sorted(reach)[0], "void-discard")))
    assert verdict == "kept" and puzzle is not None and sorted(reach)[0] in puzzle["themes"]
    with pytest.raises(ValueError, match=r"unknown theme.*queen-of-clubs"):
        BUDGET.aiming_at(("queen-of-clubs",))


def test_a_position_without_a_clear_gap_fails_the_screen(monkeypatch: pytest.MonkeyPatch,
                                                        open_lead: HandRecord) -> None:
    cand = candidate(open_lead)
    # the weak bots' choice is over a point worse than the best, but no option is 1.5 points worse
    plant = Plant(monkeypatch, choices(cand.view), {"grade": means(cand.view, base=1.4, A=0.0, T=1.2)})
    assert consider(cand, SEED, BUDGET) == (None, "screen")
    assert plant.calls == ["screen"]


def test_a_position_where_the_bots_choice_is_nearly_best_fails_the_screen(monkeypatch: pytest.MonkeyPatch,
                                                                         open_lead: HandRecord) -> None:
    cand = candidate(open_lead)
    # a gap of 8 points exists, but the weak bots' choice is within a point of the best
    plant = Plant(monkeypatch, choices(cand.view), {"grade": means(cand.view, A=0.0, T=0.8)})
    assert consider(cand, SEED, BUDGET) == (None, "screen")
    assert plant.calls == ["screen"]


def test_a_temptation_only_a_point_worse_fails_the_margin(monkeypatch: pytest.MonkeyPatch,
                                                         open_lead: HandRecord) -> None:
    cand = candidate(open_lead)
    plant = Plant(monkeypatch, choices(cand.view), {"grade": means(cand.view, base=3.0, A=0.0, T=1.2)})
    assert consider(cand, SEED, BUDGET) == (None, "margin")
    assert plant.calls == ["screen", "quick"]  # the cheap look at a quarter of the deals drops it


@pytest.mark.parametrize(("noise", "verdict"), [(2.5, "margin"), (0.05, "kept")])
def test_the_margin_needs_its_confidence_interval_clear_of_two_points(
        monkeypatch: pytest.MonkeyPatch, open_lead: HandRecord, noise: float, verdict: str) -> None:
    cand = candidate(open_lead)
    n = names(cand.view)
    # a 2.5-point gap: with the noise of its paired difference near 5 points a deal, the 95% interval reaches
    # below 2 (the gap itself is still clear of the noise, so the coach does not accept the temptation)
    plant = Plant(monkeypatch, choices(cand.view), {"grade": means(cand.view, A=0.0, T=2.5)}, noise=noise,
                  flip=[n["T"]])
    puzzle, got = consider(cand, SEED, BUDGET)
    assert got == verdict
    assert "grade" in plant.calls
    if verdict == "kept":
        assert puzzle is not None and puzzle["answers"] == [move_key(n["A"])]
        assert 2.0 <= puzzle["source"]["margin"] < 2.5


def test_weak_bots_choosing_an_accepted_move_fail_the_real_test(monkeypatch: pytest.MonkeyPatch,
                                                               open_lead: HandRecord) -> None:
    cand = candidate(open_lead)
    view = cand.view
    # the quick screens made the weak bots' moves look bad; the coach's grading accepts both (within a point)
    plant = Plant(monkeypatch, choices(view, {"easy": "A", "medium": "B", "hard": "O"}),
                  {"screen": means(view, A=0.0, B=3.0), "quick": means(view, A=0.0, B=3.0),
                   "grade": means(view, A=0.0, B=0.5)})
    assert consider(cand, SEED, BUDGET) == (None, "real_test")
    assert plant.calls == ["screen", "quick", "grade"]


@pytest.mark.parametrize("second", ["temptation best", "temptation accepted", "another option best"])
def test_a_second_opinion_that_disagrees_rejects_the_puzzle(monkeypatch: pytest.MonkeyPatch,
                                                           open_lead: HandRecord, second: str) -> None:
    cand = candidate(open_lead)
    view = cand.view
    other = {"temptation best": means(view, A=4.0, T=0.0),
             "temptation accepted": means(view, A=0.0, T=0.5, B=5.0),
             "another option best": means(view, A=3.0, T=5.0, B=0.0)}[second]
    plant = Plant(monkeypatch, choices(view), {"grade": means(view, A=0.0, T=5.0, B=3.0), "second": other})
    assert consider(cand, SEED, BUDGET) == (None, "second_opinion")
    assert plant.calls == ["screen", "quick", "grade", "second"]


def test_a_second_opinion_may_accept_an_option_that_is_not_the_temptation(monkeypatch: pytest.MonkeyPatch,
                                                                          open_lead: HandRecord) -> None:
    """It checks the puzzle's claim: the answer is right and the tempting move is wrong."""
    cand = candidate(open_lead)
    view = cand.view
    plant = Plant(monkeypatch, choices(view), {"grade": means(view, A=0.0, T=5.0, B=3.0),
                                               "second": means(view, A=0.0, T=5.0, B=0.5)})
    puzzle, verdict = consider(cand, SEED, BUDGET)
    assert verdict == "kept" and puzzle is not None
    assert plant.calls[:4] == ["screen", "quick", "grade", "second"]


# ----- the starting rating -----

def test_the_starting_rating_follows_which_levels_solve_it() -> None:
    def rating(*solvers: str) -> float:
        return starting_rating({lv: lv in solvers for lv in ("easy", "medium", "hard", "expert")})

    by_all = rating("easy", "medium", "hard", "expert")
    by_strong = rating("hard", "expert")
    by_expert = rating("expert")
    by_none = rating()
    assert by_all < rating("medium", "hard", "expert") < by_strong < by_expert < by_none
    assert 0 < by_all < 1500 < by_none < 3500


# ----- a hand renumbered for seat 0 plays out the same -----

@pytest.mark.parametrize("preset", ["standard", "cancellation", "n_player", "deluxe"])
def test_a_hand_seen_from_any_seat_plays_out_the_same(preset: str) -> None:
    rules = Rules.preset(preset)
    n = rules.players
    for deal in range(3):
        state = deal_for(rules, 5, deal)
        play_hand(state, [make_bot("easy", seed=10 * deal + s) for s in range(n)])
        record = HandRecord.from_state(state)
        base = referee_record(record.to_json())
        assert base["ok"] and base["complete"], base
        for k in range(n):
            turned = record.seen_from(k)
            assert turned.deal[0] == record.deal[k]
            got = referee_record(turned.to_json())
            assert got["ok"], (preset, deal, k, got)
            assert got["trick_winners"] == [None if w is None else (w - k) % n for w in base["trick_winners"]]
            assert got["points"] == [base["points"][(s + k) % n] for s in range(n)]
    with pytest.raises(ValueError, match="seat must be from 0"):
        HandRecord.from_state(deal_for(rules, 5, 0)).seen_from(n)


def test_the_tempting_pass_is_not_told_to_make_the_answers_own_void() -> None:
    """animal_table-1-5-pass2: the answer passes the 9 and jack of clubs (a club void); the tempting pass keeps
    clubs. Its words say it empties no suit, not 'another pass could have made you void in clubs by passing the
    9 of clubs and the jack of clubs' (the answer's own cards, as if the answer were criticised)."""
    from hearts_tutor.practice.explain import puzzle_explanation

    said = puzzle_explanation(load_bank()["animal_table-1-5-pass2"])
    assert "Another pass could have made you" not in said
    assert said.endswith("That pass empties no suit, so it leaves you no void to throw dangerous cards on.")
