"""Mining puzzles from bot games: every decision is a candidate, and only verified ones are kept.

Bots of mixed levels play hands; each of their decisions (passes included) goes through filters, cheapest
first, and becomes a puzzle for seat 0 (the record is renumbered) only when every one of them holds:

1. ``forced``: more than one legal option.
2. ``agree``: the easy, medium and hard bots do not all choose the same move.
   ``theme`` (only when the budget names themes): the bots' choices differ in a way that may teach one of
   them (the themes of each pair of a choice and a weak bot's other choice), so a run can aim at scarce themes.
3. ``screen``: a quick rollout screen (``Budget.screen`` deals) shows an option at least ``SCREEN_GAP`` points
   worse than the best, and the easy or medium bot's choice at least ``SCREEN_BOT_GAP`` worse.
4. ``real_test``: the coach's grading (the rollout policy with the hard bots' inference, ``Budget.grade``
   deals) accepts some options (graded best or good, as the coach accepts a move everywhere in the tutor;
   every other option costs more than a point, beyond the noise), and the easy or the medium bot chooses one
   it does not accept.
5. ``margin``: every accepted option beats the most tempting other option, the move those bots chose, by at
   least ``MARGIN`` points per hand, the 95% confidence interval of the paired difference clear of that.
6. ``second_opinion``: another grading with other dice and another model (uniform deals of the unseen cards,
   and the hard bots playing the next ``Budget.horizon`` cards, then the medium bots) finds its best option
   among the accepted ones and the tempting moves wrong too (graded below good against its best), comparing
   the accepted options, the tempting moves and the two best other options.

A kept puzzle gets themes (:mod:`.themes`), the coach's explanation, and a starting rating from which bot
levels solve it (:func:`starting_rating`). Mining appends to a bank file and records each finished deal in a
progress file (:func:`done_path`: ``mining/<bank>.done`` at the top of the repository for the shipped bank, so the
package holds no mining state; ``<bank>.done`` beside any other bank file), so a run that is stopped resumes where
it was.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..batch.runner import run_batch
from ..bots.paired import paired_difference
from ..coach.text import GENERIC
from ..engine.cards import HEARTS, Card
from ..engine.hand import HandState, Phase
from ..engine.record import HandRecord
from ..engine.rules import Rules
from ..engine.view import PlayerView
from .bank import BANK_DIR, append_puzzles, move_key

MARGIN = 2.0
Z95 = 1.959964
SCREEN_GAP = 1.5
SCREEN_BOT_GAP = 1.0
FILTERS = ("forced", "agree", "theme", "screen", "real_test", "margin", "second_opinion")
LEVEL_STRENGTH = {"easy": 1150.0, "medium": 1350.0, "hard": 1600.0, "expert": 1800.0}
"""Ratings the bot levels play at, for a puzzle's starting rating (Glicko-2 scale)."""
PRIOR = (1500.0, 350.0)
SEAT_MIXES = (("hard", "medium", "easy", "hard"), ("medium", "hard", "hard", "easy"),
              ("easy", "hard", "medium", "medium"), ("hard", "easy", "medium", "hard"))
"""The levels at the table, by deal (repeated round a larger table)."""
GRADE_MODEL = "rollout policy with the hard bots' inference of the unseen cards"


@dataclass(frozen=True)
class Budget:
    """How many sampled deals each stage plays out (a pass rollout plays a whole hand, so passes get fewer)."""

    screen: int = 40
    grade: int = 400
    grade_pass: int = 240
    verify: int = 24
    verify_pass: int = 64
    horizon: int = 4
    expert_rollouts: int = 120
    kinds: tuple[str, ...] = ("pass", "play")
    """The kinds of decision mined (passes alone find pass puzzles at a fraction of the cost)."""
    themes: tuple[str, ...] = ()
    """Mine only decisions that may teach one of these themes (empty: every decision)."""
    deals: str = "random"
    """``random`` deals, or ``moon`` deals: one hard bot's seat holds moon material (:mod:`.moon_deals`)."""

    @classmethod
    def small(cls) -> Budget:
        """A budget for tests: every stage runs, with few deals."""
        return cls(screen=12, grade=60, grade_pass=30, verify=12, verify_pass=8, horizon=4, expert_rollouts=16)

    def only(self, kinds: tuple[str, ...]) -> Budget:
        """The same budget, mining only these kinds of decision."""
        unknown = set(kinds) - {"pass", "play"}
        if unknown or not kinds:
            raise ValueError(f"decision kinds are pass and play, not {', '.join(sorted(unknown)) or 'none'}")
        return dataclasses.replace(self, kinds=kinds)

    def aiming_at(self, themes: tuple[str, ...]) -> Budget:
        """The same budget, mining only decisions that may teach one of ``themes``."""
        from .bank import THEMES

        unknown = sorted(set(themes) - set(THEMES))
        if unknown:
            raise ValueError(f"unknown theme(s) {', '.join(unknown)}; the themes are {', '.join(THEMES)}")
        return dataclasses.replace(self, themes=themes)

    def dealing(self, deals: str, rules: Rules) -> Budget:
        """The same budget on ``random`` deals or ``moon`` deals (a hard bot's seat holds moon material)."""
        if deals not in ("random", "moon"):
            raise ValueError(f"deals are random or moon, not {deals!r}")
        if deals == "moon" and (rules.decks != 1 or rules.kitty_size):
            raise ValueError(f"moon deals need one deck and no kitty, not the {rules.name} rules")
        return dataclasses.replace(self, deals=deals)


DEFAULT_BUDGET = Budget()


# ----- paired values of options under a model -----

Policy = Callable[[HandState, random.Random], Card]


def _plays_so_far(state: HandState) -> int:
    return sum(len(t.cards) for t in state.tricks) + len(state.trick)


def bot_continuation(start: int, horizon: int) -> Policy:
    """A play-out model: the hard bots for the ``horizon`` plays after play number ``start``, then the medium
    bots (each decides from its own seat's view, as in a real game)."""
    from ..bots.heuristic import HardBot, MediumBot

    hard, medium = HardBot(seed=0), MediumBot(seed=0)

    def policy(state: HandState, rng: random.Random) -> Card:
        bot = hard if _plays_so_far(state) < start + horizon else medium
        bot.rng = rng
        return bot.choose_play(state.view(state.to_move)).card

    return policy


def _deal_rng(seed: int, i: int) -> random.Random:
    return random.Random(f"deal:{seed}:{i}")


def _model(view: PlayerView, model: str, horizon: int
           ) -> tuple[Policy, Mapping[Card, Sequence[float]] | None, Mapping[int, Sequence[float]] | None]:
    """The play-out policy and the shaping of sampled deals (card weights, void odds) of a model."""
    from ..bots.heuristic import Beliefs
    from ..bots.search import moon_mix_policy, rollout_policy

    passing = view.phase is Phase.PASS
    if model == "coach":
        if passing:
            return rollout_policy, None, None
        beliefs = Beliefs(view)
        return rollout_policy, beliefs.card_weights() or None, beliefs.void_odds() or None
    if model == "moon":
        return moon_mix_policy, None, None
    if model == "bots":
        return bot_continuation(0 if passing else len(view.plays()) + 1, horizon), None, None
    raise ValueError(f"unknown model {model!r} (coach, bots or moon)")


def option_values(view: PlayerView, options: Sequence[Any], *, seed: int, deals: int,
                  model: str = "coach", horizon: int = 8) -> dict[Any, list[float]]:
    """Each option's points for the viewing seat on ``deals`` sampled deals, paired (the same deal and dice for
    every option). ``model`` is ``coach`` (the coach's grading model), ``bots`` (the second opinion) or ``moon``
    (the bank's second verifier, :mod:`.verify`: uniform deals, moons both ways, a mix of policies)."""
    from ..bots.search import paired_pass_playouts, paired_playouts

    values: dict[Any, list[float]] = {o: [] for o in options}
    passing = view.phase is Phase.PASS
    policy, weights, voids = _model(view, model, horizon)
    for i in range(deals):
        rng = _deal_rng(seed, i)
        if passing:
            row: Mapping[Any, int] = paired_pass_playouts(view, list(options), rng, policy)
        else:
            row = paired_playouts(view, list(options), rng, weights, policy=policy, void_odds=voids)
        for o in options:
            values[o].append(row[o])
    return values


def play_outcomes(view: PlayerView, cards: Sequence[Card], *, seed: int, deals: int, model: str = "coach",
                  horizon: int = 8) -> dict[Card, list[tuple[int, ...]]]:
    """Every seat's points for the hand after each card, on the same paired deals as :func:`option_values` (so
    the viewing seat's points are the same numbers, but for a moon scored by subtraction, which
    :func:`option_values` counts as 26 on the others): what judging a play at the game's score needs."""
    from ..bots.search import paired_hand_points

    if view.phase is not Phase.PLAY:
        raise ValueError("play_outcomes weighs plays; this position is not a play")
    policy, weights, voids = _model(view, model, horizon)
    out: dict[Card, list[tuple[int, ...]]] = {c: [] for c in cards}
    for i in range(deals):
        row = paired_hand_points(view, list(cards), _deal_rng(seed, i), weights, policy=policy, void_odds=voids)
        for c in cards:
            out[c].append(row[c])
    return out


@dataclass(frozen=True)
class Takes:
    """What the viewing seat takes after one card, over the play-outs: how often the queen of spades (``queen``,
    one deck: the share of play-outs), how many hearts on average (``hearts``) and how often the jack of diamonds
    (``jack``, where the rules score it)."""

    queen: float
    hearts: float
    jack: float = 0.0

    def to_json(self) -> dict[str, float]:
        return {"queen": round(self.queen, 4), "hearts": round(self.hearts, 2), "jack": round(self.jack, 4)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Takes:
        return cls(float(data["queen"]), float(data["hearts"]), float(data.get("jack", 0.0)))


def play_takes(view: PlayerView, cards: Sequence[Card], *, seed: int, deals: int, model: str = "coach",
               horizon: int = 8) -> dict[Card, Takes]:
    """What the viewing seat takes after each card (:class:`Takes`), on the same paired deals as
    :func:`option_values` (each card's play-outs do not depend on the other cards weighed with it)."""
    from ..bots.search import paired_hand_states

    if view.phase is not Phase.PLAY:
        raise ValueError("play_takes weighs plays; this position is not a play")
    policy, weights, voids = _model(view, model, horizon)
    queens = {c: 0 for c in cards}
    hearts = {c: 0 for c in cards}
    jacks = {c: 0 for c in cards}
    for i in range(deals):
        states = paired_hand_states(view, list(cards), _deal_rng(seed, i), weights, policy=policy, void_odds=voids)
        for c, state in states.items():
            queens[c] += state.queens_taken[view.seat] > 0
            hearts[c] += state.hearts_taken[view.seat]
            jacks[c] += state.jacks_taken[view.seat] > 0
    return {c: Takes(queens[c] / deals, hearts[c] / deals, jacks[c] / deals) for c in cards}


def takes_words(best: Card, tempting: Card, takes: Mapping[Card, Takes], one_deck: bool = True,
                jack_points: int = 0) -> str | None:
    """Where the tempting card's extra points come from, when the play-outs show it: 'After the 8 of diamonds you
    take the queen of spades in 35% of the coach's play-outs, after the 9 of spades in 8%.' (a difference of 10% or
    more, one deck), else the hearts (a difference of one heart or more on average), else the jack of diamonds the
    answer takes more often (where it scores ``jack_points`` below 0); None otherwise."""
    from ..coach.text import play_phrase
    from ..equity.line import share_words

    b, t, tb, tt = play_phrase(best), play_phrase(tempting), takes[best], takes[tempting]
    if one_deck and tt.queen - tb.queen >= 0.1:
        return (f"After {t} you take the queen of spades in {share_words(tt.queen)} of the coach's play-outs, "
                f"after {b} in {share_words(tb.queen)}.")
    if tt.hearts - tb.hearts >= 1:
        return (f"After {t} you end the hand with {_count(tt.hearts)} hearts on average in the coach's play-outs, "
                f"after {b} with {_count(tb.hearts)}.")
    if one_deck and jack_points < 0 and tb.jack - tt.jack >= 0.1:
        return (f"After {b} you take the jack of diamonds ({jack_points} points) in {share_words(tb.jack)} of the "
                f"coach's play-outs, after {t} in {share_words(tt.jack)}.")
    return None


def _count(x: float) -> str:
    """A mean count: whole when it is (an endgame played out the same way every time), else to a tenth."""
    return f"{round(x)}" if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def with_takes(words: str, sentence: str | None) -> str:
    """``words`` with ``sentence`` (:func:`takes_words`) after the fallback reason's sentence, if both are there."""
    marker = f"{GENERIC}, this card gives you the fewest points."
    return words.replace(marker, f"{marker} {sentence}", 1) if sentence else words


@dataclass(frozen=True)
class Comparison:
    """Paired statistics of options: means, the best, and each option's cost (0 within the noise)."""

    means: dict[Any, float]
    best: Any
    cost: dict[Any, float]
    n: int

    @property
    def accepted(self) -> list[Any]:
        """The options the coach accepts as right, as everywhere in the tutor: graded best or good (a cost of at
        most 1 point, or no difference the simulations can see)."""
        from ..coach.bands import POINTS_GOOD

        return [o for o in self.means if self.cost[o] <= POINTS_GOOD]


def compare(values: Mapping[Any, list[float]]) -> Comparison:
    """The coach's comparison of paired values (the same noise rule as its grades)."""
    from ..coach.grading import summarise

    s = summarise(dict(values), order=lambda o: o)
    return Comparison(dict(s.means), s.best, dict(s.cost), s.n)


def paired_lower_bound(values: Mapping[Any, list[float]], worse: Any, better: Any) -> float:
    """The lower end of the 95% confidence interval of how many points ``worse`` gives up to ``better``."""
    if len(values[worse]) < 2:
        return -math.inf
    m, se = paired_difference(values[worse], values[better])
    return m - Z95 * se


def _temptations(choices: Mapping[str, Any], accepted: Sequence[Any]) -> list[Any]:
    """The wrong moves the easy and medium bots chose: the temptations a puzzle tests."""
    return list(dict.fromkeys(choices[lv] for lv in ("medium", "easy") if choices[lv] not in accepted))


def _may_reach_margin(values: Mapping[Any, list[float]], best: Any, weak: Sequence[Any]) -> bool:
    """Whether a weak bot's move could still prove ``MARGIN`` worse than the best option (the upper end of the
    paired difference's confidence interval reaches it): a cheap look at part of the deals."""
    return any(t != best and -paired_lower_bound({"b": values[best], "t": values[t]}, "b", "t") >= MARGIN
               for t in weak)


def half_width(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return math.inf
    m = sum(values) / n
    return Z95 * math.sqrt(sum((x - m) ** 2 for x in values) / (n - 1) / n)


# ----- the starting rating -----

def _expected_score(player: float, opponent: float) -> float:
    return 1.0 / (1.0 + 10 ** ((opponent - player) / 400.0))


def starting_rating(solved: Mapping[str, bool]) -> float:
    """The puzzle's most likely rating given which bot levels solved it (each level playing at its
    :data:`LEVEL_STRENGTH`, a prior of 1500 ± 350): a puzzle only the expert solves is rated above one the
    medium bot solves.

    >>> easy = starting_rating({"easy": True, "medium": True, "hard": True, "expert": True})
    >>> hard = starting_rating({"easy": False, "medium": False, "hard": True, "expert": True})
    >>> none = starting_rating({"easy": False, "medium": False, "hard": False, "expert": False})
    >>> easy < hard < none
    True
    """
    mu, sigma = PRIOR
    c = math.log(10) / 400.0

    def slope(r: float) -> float:  # derivative of the log posterior: decreasing in r
        g = -(r - mu) / sigma ** 2
        for level, ok in solved.items():
            p = _expected_score(LEVEL_STRENGTH[level], r)  # the level's chance to solve a puzzle rated r
            g += c * (p - 1.0) if ok else c * p
        return g

    lo, hi = 0.0, 3500.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if slope(mid) > 0:
            lo = mid
        else:
            hi = mid
    return round((lo + hi) / 2, 1)


# ----- one decision -----

@dataclass
class Candidate:
    """A decision of the game being mined: the seat's view and the record renumbered for seat 0."""

    view: PlayerView
    record: HandRecord
    ident: str
    source: dict[str, Any]


def level_choices(view: PlayerView, seed: int, expert: int = 0) -> dict[str, Any]:
    """Each bot level's choice at ``view`` (the expert's too when ``expert`` rollouts are given)."""
    from ..bots import make_bot

    out: dict[str, Any] = {}
    levels = ["easy", "medium", "hard"] + (["expert"] if expert else [])
    for i, level in enumerate(levels):
        options: dict[str, Any] = {"rollouts": expert, "workers": 1} if level == "expert" else {}
        d = make_bot(level, seed=seed * 7 + i, **options).decide(view)
        out[level] = d.cards[0] if d.kind == "play" else tuple(sorted(d.cards))
    return out


def _options(view: PlayerView, choices: Mapping[str, Any]) -> list[Any]:
    if view.phase is Phase.PASS:
        from ..coach.passing import pass_candidates

        return pass_candidates(view, extra=list(choices.values()))
    return view.legal_plays()


def consider(cand: Candidate, seed: int, budget: Budget) -> tuple[dict[str, Any] | None, str]:
    """The puzzle made from one decision, or None and the name of the filter that rejected it."""
    view = cand.view
    passing = view.phase is Phase.PASS
    choices = level_choices(view, seed)
    options = _options(view, choices)
    if len(options) < 2:
        return None, "forced"
    if len(set(choices.values())) == 1:
        return None, "agree"
    if budget.themes and not set(budget.themes) & _themes_in_reach(view, choices):
        return None, "theme"
    screen = option_values(view, options, seed=seed, deals=budget.screen)
    means = {o: sum(v) / len(v) for o, v in screen.items()}
    low = min(means.values())
    weak = max(means[choices["easy"]], means[choices["medium"]]) - low
    if max(means.values()) - low < SCREEN_GAP or weak < SCREEN_BOT_GAP:
        return None, "screen"
    deals = budget.grade_pass if passing else budget.grade
    # a first quarter of the deals drops the positions whose margin cannot reach MARGIN
    values = option_values(view, options, seed=seed + 1, deals=deals // 4)
    if not _may_reach_margin(values, compare(values).best, [choices["easy"], choices["medium"]]):
        return None, "margin"
    values = option_values(view, options, seed=seed + 1, deals=deals)
    first = compare(values)
    accepted = first.accepted
    temptations = _temptations(choices, accepted)
    if not temptations:
        return None, "real_test"
    margin = min(paired_lower_bound(values, t, a) for a in accepted for t in temptations)
    if margin < MARGIN:
        return None, "margin"
    others = sorted((o for o in options if o not in accepted), key=lambda o: first.means[o])
    checked = list(dict.fromkeys([*accepted, *temptations, *others[:2]]))
    second = compare(option_values(view, checked, seed=seed + 2, model="bots", horizon=budget.horizon,
                                   deals=budget.verify_pass if passing else budget.verify))
    if second.best not in accepted or any(t in second.accepted for t in temptations):
        return None, "second_opinion"
    solved = {lv: ch in accepted for lv, ch in choices.items()}
    expert = level_choices(view, seed + 3, expert=budget.expert_rollouts)["expert"]
    solved["expert"] = expert in accepted
    temptation = min(temptations, key=lambda t: first.means[t])
    best = first.best
    words = explain_decision(view, best, temptation, first.means[temptation] - first.means[best],
                             sorted(accepted, key=lambda a: first.means[a]))
    takes: dict[str, Any] = {}
    if not passing and GENERIC in words:  # no fact separates them: say what the temptation makes you take
        found = play_takes(view, [best, temptation], seed=seed + 1, deals=deals)
        takes = {"takes": {move_key(c): t.to_json() for c, t in found.items()}}
        words = with_takes(words, takes_words(best, temptation, found, view.rules.decks == 1, view.rules.jack_points))
    puzzle = cand.record.to_json()
    puzzle.update({
        "id": cand.ident, "kind": "pass" if passing else "play",
        "answers": [move_key(a) for a in accepted], "best": move_key(best),
        "expected": {move_key(o): [round(first.means[o], 3), round(half_width(values[o]), 3)] for o in options},
        "themes": _themes(view, best, temptation),
        "rating": starting_rating(solved),
        "explanation": words,
        "source": {**cand.source, "grade": {"model": GRADE_MODEL, "deals": deals, "seed": seed + 1},
                   "second_opinion": {"model": f"uniform deals; hard bots for {budget.horizon} plays, then medium",
                                      "deals": second.n, "seed": seed + 2},
                   "margin": round(margin, 3), "tempting": move_key(temptation),
                   "choices": {lv: move_key(c) for lv, c in (*choices.items(), ("expert", expert))},
                   "solved_by": [lv for lv, ok in solved.items() if ok], **takes},
    })
    return puzzle, "kept"


def _themes(view: PlayerView, best: Any, tempting: Any) -> list[str]:
    from .themes import pass_themes, play_themes

    if view.phase is Phase.PASS:
        return pass_themes(view, best, tempting)
    return play_themes(view, best, tempting)


def _themes_in_reach(view: PlayerView, choices: Mapping[str, Any]) -> set[str]:
    """The themes the decision may teach: those of each level's choice against a weak bot's other choice (the
    answer and the temptation are found later; this only steers a run towards the themes it aims at)."""
    found: set[str] = set()
    for weak in {choices["easy"], choices["medium"]}:
        for other in set(choices.values()) - {weak}:
            found.update(_themes(view, other, weak))
    return found


def explain_decision(view: PlayerView, best: Any, tempting: Any, cost: float, accepted: Sequence[Any] = ()) -> str:
    """The coach's words: why the answer, and what the most tempting wrong move costs and why (``accepted``: the
    moves the coach accepts, best first; a pass's reasons may name another accepted pass)."""
    from ..coach import text
    from ..coach.facts import out_of_suit
    from ..coach.hints import explain_pass, explain_play, tutor_warning
    from ..coach.pass_contrast import answer_keeps, tempting_pass_flags
    from ..coach.situation import moon_suspect

    if view.phase is Phase.PASS:
        why = explain_pass(view, best, opening=True, accepted=[a for a in accepted if a != best])
        why = " ".join(filter(None, [why, answer_keeps(view, best, tempting)]))
        flags = tempting_pass_flags(view, best, tempting)
        move = text.pass_phrase(tempting)
    else:
        why = explain_play(view, best, tempting=tempting, accepted=[a for a in accepted if a != best])
        warning = tutor_warning(view, tempting)
        stopper = warning is not None and warning.id == "throws_moon_stopper"
        said = stopper and "stop the moon" in why
        flags = [warning.reason] if warning and not said else []  # (not the stopper twice)
        if stopper and not said and "has taken every point so far" in why:  # (nor the moon threat twice)
            suspect = moon_suspect(view)
            shooter = text.seat_phrase(view.seat, suspect, view.n) if suspect is not None else None
            flags = [text.warn_moon_stopper(tempting, None, view.rules, bool(out_of_suit(view, HEARTS)), shooter)]
        move = text.play_phrase(tempting)
    costs = f"{text.cap(move)} costs {text.points_phrase(cost)} more on average."
    return " ".join([why, costs, *flags]).strip()


# ----- a whole deal -----

def _seed(*parts: Any) -> int:
    return random.Random(":".join(map(str, parts))).getrandbits(31)


def mine_deal(rules: Rules, seed: int, deal: int, budget: Budget = DEFAULT_BUDGET
              ) -> tuple[list[dict[str, Any]], Counter]:
    """Play one deal with bots of mixed levels and mine every decision; the puzzles and each filter's count."""
    from ..batch.tournament import deal_for
    from ..bots import make_bot

    n = rules.players
    mix = SEAT_MIXES[deal % len(SEAT_MIXES)]
    levels = [mix[s % len(mix)] for s in range(n)]
    bots = [make_bot(lv, seed=_seed("bot", seed, deal, s)) for s, lv in enumerate(levels)]
    if budget.deals == "moon":
        from .moon_deals import moon_deal

        state = moon_deal(rules, seed, deal, levels)[0]
    else:
        state = deal_for(rules, seed, deal)
    counts: Counter = Counter()
    puzzles: list[dict[str, Any]] = []
    base = {"rules": rules.name, "seed": seed, "deal": deal, "bots": levels}

    def mine(view: PlayerView, record: HandRecord, label: str) -> None:
        cand = Candidate(view, record.seen_from(view.seat), f"{rules.name}-{seed}-{deal}-{label}",
                         {**base, "seat": view.seat, "decision": label})
        puzzle, verdict = consider(cand, _seed("decide", seed, deal, label), budget)
        counts[verdict] += 1
        if puzzle is not None:
            puzzles.append(puzzle)

    if state.phase is Phase.PASS and "pass" in budget.kinds:
        before = HandRecord.from_state(state)
        for seat in range(n):
            mine(state.view(seat), before, f"pass{seat}")
    if "play" not in budget.kinds:
        return puzzles, counts
    if state.phase is Phase.PASS:
        for seat in range(n):
            state.pass_cards(seat, bots[seat].decide(state.view(seat)).cards)
    while state.phase is not Phase.DONE:
        if state.phase is Phase.MOON:
            state.choose_moon(bots[state.to_move].decide(state.view(state.to_move)).choice or "")
            continue
        view = state.view(state.to_move)
        if len(view.legal_plays()) > 1:
            mine(view, HandRecord.from_state(state), f"p{len(view.plays())}")
        else:
            counts["forced"] += 1
        bots[state.to_move].decide(view).apply(state)
    return puzzles, counts


# ----- a resumable run -----

MINING_DIR = BANK_DIR.parents[2] / "mining"
"""The miners' progress for the shipped bank: the repository's ``mining/`` folder, out of the package."""


def done_path(out: Path) -> Path:
    """Where mining into the bank file ``out`` records its finished deals: ``MINING_DIR/<name>.done`` for a file of
    the shipped bank, else ``<out>.done`` beside it."""
    if out.resolve().parent == BANK_DIR:
        return MINING_DIR / (out.name + ".done")
    return out.with_name(out.name + ".done")


def finished_deals(out: Path) -> dict[tuple[str, int, int], dict[str, Any]]:
    """The deals a bank file's earlier runs finished, by (preset, seed, deal)."""
    path = done_path(out)
    done: dict[tuple[str, int, int], dict[str, Any]] = {}
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
            done[(row["rules"], int(row["seed"]), int(row["deal"]))] = row
        except (ValueError, KeyError, TypeError):
            continue  # a line cut short by a killed run: that deal is mined again
    return done


DealMiner = Callable[[Rules, int, int, Budget], tuple[list[dict[str, Any]], Counter]]
"""Mines one deal: (rules, seed, deal, budget) to the puzzles found and each filter's count (:func:`mine_deal`)."""


def _mine_task(task: tuple[Rules, int, int, Budget, DealMiner]
               ) -> tuple[int, list[dict[str, Any]], dict[str, int], float]:
    import time

    rules, seed, deal, budget, deal_miner = task
    start = time.process_time()
    puzzles, counts = deal_miner(rules, seed, deal, budget)
    return deal, puzzles, dict(counts), time.process_time() - start


@dataclass
class MineReport:
    """What a run did: deals mined (and skipped as already done), puzzles kept, each filter's rejections."""

    deals: int = 0
    skipped: int = 0
    kept: int = 0
    counts: dict[str, int] = dataclasses.field(default_factory=dict)
    cpu_seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """The report as JSON, the same text whatever order the deals finished in."""
        return {**asdict(self), "counts": dict(sorted(self.counts.items())), "cpu_seconds": round(self.cpu_seconds, 2)}


def mine(rules: Rules, hands: int, out: Path, *, seed: int = 0, jobs: int = 1, scheduler: str | None = None,
         budget: Budget = DEFAULT_BUDGET, progress: Callable[[int], Any] | None = None,
         deal_miner: DealMiner = mine_deal) -> MineReport:
    """Mine deals 0..hands-1 of ``seed`` into the bank file ``out`` (appending; deals already done are
    skipped), in ``jobs`` local processes or on the Dask cluster at ``scheduler``. Each finished deal's puzzles
    are appended at once, in the order the deals finish (so the bank's order may differ between runs, its
    puzzles do not), and a stopped run loses only deals in flight. ``deal_miner`` mines one deal (another kind of
    puzzle: :func:`hearts_tutor.practice.score_puzzles.mine_score_deal`)."""
    todo = [d for d in range(hands) if (rules.name, seed, d) not in finished_deals(out)]
    report = MineReport(skipped=hands - len(todo))
    tasks = [(rules, seed, d, budget, deal_miner) for d in todo]
    scope: dict[str, Any] = {k: list(v) for k, v in (("kinds", budget.kinds), ("themes", budget.themes))
                             if v and v != getattr(DEFAULT_BUDGET, k)}
    if budget.deals != DEFAULT_BUDGET.deals:
        scope["deals"] = budget.deals

    def finish(deal: int, puzzles: list[dict[str, Any]], counts: dict[str, int], cpu: float) -> None:
        append_puzzles(out, puzzles)
        done_path(out).parent.mkdir(parents=True, exist_ok=True)
        with done_path(out).open("a", encoding="utf-8") as f:
            f.write(json.dumps({"rules": rules.name, "seed": seed, "deal": deal, "kept": len(puzzles),
                                "counts": counts, "cpu": round(cpu, 2), **scope}) + "\n")
        report.deals += 1
        report.kept += len(puzzles)
        report.cpu_seconds += cpu
        for k, v in counts.items():
            report.counts[k] = report.counts.get(k, 0) + v
        if progress:
            progress(1)

    for _, result in run_batch(_mine_task, tasks, jobs=jobs, scheduler=scheduler):
        finish(*result)
    return report


__all__ = ["FILTERS", "MARGIN", "MINING_DIR", "Budget", "Candidate", "Comparison", "MineReport", "Takes", "compare",
           "consider", "done_path", "finished_deals", "level_choices", "mine", "mine_deal", "option_values",
           "play_outcomes", "play_takes", "starting_rating", "takes_words"]
