"""The expert against three OpenSpiel ISMCTS bots, every bot at the same time per move.

Standard rules are OpenSpiel's default ``hearts`` flags (passing, no points on the first trick, the 2 of clubs
leads, the queen breaks hearts, hearts must be broken; no jack, no clean-hand bonus; the moon adds 26 to the
others). A parallel OpenSpiel state is kept in step with ours: the same pass-direction chance outcome and deal,
the same passes and plays; before every play both engines must agree on the seat to move and its legal cards,
and at the end on the points. OpenSpiel's ISMCTS cannot move in the passing phase, so the ISMCTS seats pass like
the easy bot. Duplicate deals: each deal is played four times with the expert in every seat.

    python benchmarks/bench_ismcts.py --hands 400 --seconds 0.1 --jobs 2

Card mapping (see tests/test_openspiel_oracle.py): OpenSpiel's card is ``rank * 4 + suit`` with suits clubs,
diamonds, hearts, spades; pass direction outcomes 0 keep, 1 left, 2 across, 3 right; cards are dealt one at a
time to seats 0, 1, 2, 3, 0, ...; returns are ``26 - points``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel

from hearts_tutor.batch.tournament import deal_for
from hearts_tutor.bots import make_bot
from hearts_tutor.engine.hand import Phase
from hearts_tutor.engine.rules import Rules

_OUR_SUIT = (0, 1, 3, 2)  # OpenSpiel suit (C, D, H, S) -> ours (C, D, S, H)
_SPIEL_SUIT = (0, 1, 3, 2)  # ours -> OpenSpiel (the same swap)
DIRECTION = {"keep": 0, "left": 1, "across": 2, "right": 3}


def ours(os_card: int) -> int:
    return _OUR_SUIT[os_card % 4] * 13 + os_card // 4


def spiel(card: int) -> int:
    return (card % 13) * 4 + _SPIEL_SUIT[card // 13]


def ismcts_bot(game: pyspiel.Game, seed: int, seconds: float) -> pyspiel.ISMCTSBot:
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(seed, evaluator, 2.0, 10**7, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                             False, False, seconds)


def play_one(task: tuple[int, int, int, float]) -> tuple[int, list[int], int]:
    """One hand with the expert in seat ``expert_seat``: (expert seat, points per seat, expert decisions)."""
    seed, deal, expert_seat, seconds = task
    rules = Rules.preset("standard")
    game = pyspiel.load_game("hearts")
    state = deal_for(rules, seed, deal)
    os_state = game.new_initial_state()
    os_state.apply_action(DIRECTION[state.pass_direction])
    for i in range(rules.hand_size):
        for seat in range(4):
            os_state.apply_action(spiel(state.deal[seat][i]))
    rng = random.Random(f"{seed}:{deal}:{expert_seat}")
    # one core, like the ISMCTS bots: the same time and the same machine for every seat
    expert = make_bot("expert", seed=rng.getrandbits(32), seconds=seconds, workers=1)
    easy = make_bot("easy", seed=rng.getrandbits(32))
    others = {s: ismcts_bot(game, rng.getrandbits(31), seconds) for s in range(4) if s != expert_seat}
    if state.phase is Phase.PASS:
        choices = [(expert if s == expert_seat else easy).decide(state.view(s)).cards for s in range(4)]
        for s in range(4):
            for c in choices[s]:
                assert os_state.current_player() == s
                os_state.apply_action(spiel(c))
            state.pass_cards(s, choices[s])
    decisions = 0
    while state.phase is Phase.PLAY:
        seat = state.to_move
        assert os_state.current_player() == seat, "the engines disagree on the seat to move"
        assert sorted(ours(a) for a in os_state.legal_actions()) == state.legal_plays(), "legal cards differ"
        if seat == expert_seat:
            card = expert.decide(state.view(seat)).card
            decisions += 1
        else:
            card = ours(others[seat].step(os_state))
        state.play(card)
        os_state.apply_action(spiel(card))
    assert os_state.is_terminal()
    points = state.points()
    assert points == [round(26 - r) for r in os_state.returns()], "final points differ"
    return expert_seat, points, decisions


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hands", type=int, default=400)
    p.add_argument("--seconds", type=float, default=0.1, help="time per move for every bot")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    deals = math.ceil(a.hands / 4)
    tasks = [(a.seed, d, s, a.seconds) for d in range(deals) for s in range(4)]
    per_deal: dict[int, list[int]] = {}
    others: list[float] = []
    start = time.perf_counter()
    print(f"# expert vs 3 x OpenSpiel ISMCTS (uct_c 2, random rollouts), {a.seconds} s a move, duplicate deals",
          flush=True)
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=a.jobs, mp_context=ctx) as pool:
        for (task, (seat, points, _)) in zip(tasks, pool.map(play_one, tasks, chunksize=1), strict=True):
            per_deal.setdefault(task[1], []).append(points[seat])
            others.extend(p for s, p in enumerate(points) if s != seat)
            complete = [sum(v) / len(v) for v in per_deal.values() if len(v) == 4]
            hands = sum(len(v) for v in per_deal.values())
            if complete and hands % 4 == 0:
                m = sum(complete) / len(complete)
                sd = math.sqrt(sum((x - m) ** 2 for x in complete) / (len(complete) - 1)) if len(complete) > 1 \
                    else math.inf
                ci = 1.959964 * sd / math.sqrt(len(complete))
                print(f"hands {hands} deals {len(complete)} expert mean {m:.3f} ci95 {ci:.3f} "
                      f"ismcts mean {sum(others) / len(others):.3f} elapsed {time.perf_counter() - start:.0f}s",
                      flush=True)
    complete = [sum(v) / len(v) for v in per_deal.values() if len(v) == 4]
    m = sum(complete) / len(complete)
    sd = math.sqrt(sum((x - m) ** 2 for x in complete) / (len(complete) - 1))
    print(f"RESULT expert vs 3x ISMCTS at {a.seconds} s/move: {m:.3f} ± {1.959964 * sd / math.sqrt(len(complete)):.3f}"
          f" points/hand over {4 * len(complete)} hands ({len(complete)} deals); ISMCTS seats "
          f"{sum(others) / len(others):.3f}; {time.perf_counter() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
