"""The table without its widgets: the game, the bots' turns, the learner's moves, the coach, undo, telepathy.

:class:`TableCore` wraps a :class:`~hearts_tutor.engine.match.Match` and keeps what the table shows. It imports no
ipywidgets: :class:`~.widget.Table` draws its state when told of a :class:`~.events.Change`, and forwards
clicks to its methods. The coach is :class:`~.coaching.Coach`; when the bots move, :class:`~.pacing.Pacer`.

>>> core = TableCore(seed=1, mode="sync", grading=False, save=False)
>>> core.match.hand.phase.value
'pass'
>>> for i in range(3):
...     core.click_card(i)
>>> core.pass_selected()
>>> core.finish_hand()
>>> core.hand_scored, sum(core.hand_points) in (26, 78)
(True, True)
>>> core.close()
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from ..bots.base import Bot, Decision
from ..engine.cards import Card, parse_card
from ..engine.hand import IllegalMove, Phase, Trick
from ..engine.match import Match
from ..engine.rules import Rules
from ..engine.view import PlayerView
from ..practice.stats import Stats
from ..practice.stats_store import StatsStore
from . import art, helpers
from .coaching import Coach, TutorWarning
from .events import MODES, SPEEDS, Change, NextStep
from .executor import Executor, make_executor
from .helpers import LEARNER, SimpleBot, bot_levels, hand_over_sentence, make_level_bot, opponent_levels, trick_sentence
from .pacing import Pacer
from .saved import GameSaves, SavedGame

#: The table's switches that Settings turns on and off.
FLAGS = ("tutor", "demo", "practice", "telepathy_enabled")


class TableCore:
    """A game of Hearts against bots (2-10 of them), with a coach, telepathy, statistics and undo.

    ``levels`` are the opponents' levels in seat order (seat 1 first; missing ones are medium). ``mode`` is
    ``async`` (bots pause between moves, in the running event loop), ``sync`` (everything at once) or
    ``manual`` (bots move on :meth:`step`). ``speed`` is an animation speed of :data:`SPEEDS`. ``tutor`` warns
    before risky cards, ``demo`` lets the bots play every seat, ``practice`` allows undo, ``telepathy`` lets
    the learner read the bots' minds, ``grading`` grades each move with the coach's rollouts, ``stats`` is
    where statistics are kept (by default the user's data directory), and ``executor`` where bots and coach
    think in async mode (an :class:`~.executor.Executor`, or its name: ``pool``, ``cooperative``).
    ``coach_deals`` is the number of sampled deals behind each grade, hint and review (default: the environment's
    ``HEARTS_TUTOR_COACH_DEALS``, else the coach's own budget; fewer answer sooner and judge more roughly).
    ``on_change`` is told of every change from the first deal on (more observers: :attr:`observers`); ``save``
    keeps the game in the learner database after every move, to be resumed after a reload (:mod:`.saved`):
    True under the app's key, a text under that key of its own (a lesson's table), False not at all.
    """

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None, levels: Sequence[str] = (),
                 mode: str = "async", speed: str = "normal", tutor: bool = False, demo: bool = False,
                 practice: bool = True, telepathy: bool = True, grading: bool = True,
                 stats: StatsStore | None = None, executor: Executor | str | None = None,
                 on_change: Callable[[Change], None] | None = None, save: bool | str = True,
                 coach_deals: int | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be async, sync or manual, not {mode!r}")
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}, not {speed!r}")
        self.mode = mode
        self.speed = speed
        self.tutor = tutor
        self.demo = demo
        self.practice = practice
        self.telepathy_enabled = telepathy
        self.grading = grading
        self.coach_deals = helpers.coach_deals(coach_deals)
        self.rules = rules or Rules.preset("standard")
        self.seed = seed
        self._rng = random.Random(seed)
        self.levels_available = bot_levels()
        self.levels: list[str] = ["you", *opponent_levels(levels, self.levels_available)]  # by seat
        self.store = stats if stats is not None else StatsStore()
        self.errors: list[str] = []
        self.observers: list[Callable[[Change], None]] = [on_change] if on_change else []
        self.clock_text = ""
        self.hand_version = 0  # counts the hands dealt (a grade that arrives for an earlier hand is dropped)
        if executor is None or isinstance(executor, str):
            executor = make_executor(executor)
        self.pacer = Pacer(self, executor)
        self.coach = Coach(self)
        self.new_game()
        self.saves = GameSaves(self, save)  # offers an unfinished game saved by an earlier table

    # ================================================================ state for the views

    def learner_view(self) -> PlayerView:
        return self.match.view(LEARNER)

    def is_bot(self, seat: int) -> bool:
        """Whether the computer moves for ``seat`` (the learner's too, in a demonstration or finishing a hand)."""
        return seat != LEARNER or self.demo or self.autopilot

    def bot_for(self, seat: int) -> Bot:
        return self.helper_bot if seat == LEARNER else self.bots[seat]

    def learner_passing(self) -> bool:
        """The learner chooses cards to pass now."""
        h = self.match.hand
        return h.phase is Phase.PASS and h.passes[LEARNER] is None and not self.is_bot(LEARNER)

    def learner_to_play(self) -> bool:
        """The learner plays a card now."""
        return self.learner_view().my_turn and not self.is_bot(LEARNER)

    def can_undo(self) -> bool:
        return self.practice and not self.is_bot(LEARNER) and not self.hand_scored and any(
            a.kind == "play" and a.seat == LEARNER for a in self.match.hand.history)

    def notify(self, change: Change = Change.EVERYTHING) -> None:
        """Tell every observer what changed."""
        for observer in list(self.observers):
            observer(change)

    # ================================================================ game flow

    def new_game(self, rules: Rules | None = None, levels: Sequence[str] | None = None) -> None:
        """Start a new game (with the current rules and opponents unless new ones are given)."""
        self.start_match(Match(rules or self.rules, seed=self._rng.randrange(2**31)), levels)
        self._after_change()

    def start_match(self, match: Match, levels: Sequence[str] | None = None) -> None:
        """Play ``match`` from where it stands (new, or resumed by :mod:`.saved`); the caller sets the bots going."""
        if levels is not None:
            self.levels = [self.levels[0], *levels]
        self.pacer.cancel()
        self.match = match
        self.rules = rules = match.rules
        seed = match.seed
        n = rules.players
        self.names = [art.title_name(a[0]) for a in art.seat_animals(n)]
        self.colours = [a[1] for a in art.seat_animals(n)]
        self.bots: dict[int, Bot] = {s: make_level_bot(self.levels[s], seed + s) for s in range(1, n)}
        self.helper_bot: Bot = make_level_bot("hard" if "hard" in self.levels_available else "easy", seed)
        self.game_recorded = False
        self.version = 0
        self._reset_hand_state()
        self.notify(Change.GAME)

    def _reset_hand_state(self) -> None:
        self.selected: list[int] = []
        self.decisions: dict[int, Decision] = {}
        self.play_decisions: dict[int, Decision] = {}  # every play of the hand by its index, for the review
        self.said: dict[int, str] = {}
        self.shown_trick: Trick | None = None
        self.sweeping = False
        self.autopilot = False
        self.hand_scored = False
        self.warning: TutorWarning | None = None
        self.hint_cards: tuple[Card, ...] = ()
        self.computer_moves: set[int | None] = set()  # the learner's moves the computer made (None: the pass)
        self.hand_points: list[int] | None = None  # the scored hand, moon and bonuses included
        self.hand_version += 1
        self.telepathy_seat: int | None = None
        self.telepathy_at = 0
        self.message = ""
        self.why = ""
        self.version += 1
        self.coach.new_hand()

    def next_auto(self) -> NextStep | None:
        """The next thing that happens without the learner, or None when the table waits for the learner."""
        h = self.match.hand
        if self.shown_trick is not None:
            return NextStep("clear_trick")
        if h.phase is Phase.PASS:
            for s in range(h.n):
                if h.passes[s] is None and self.is_bot(s):
                    return NextStep("bot", s)
            return None
        if h.phase in (Phase.PLAY, Phase.MOON):
            return NextStep("bot", h.to_move) if self.is_bot(h.to_move) else None
        if not self.hand_scored:
            return NextStep("score")
        if self.demo and not self.match.is_over:
            return NextStep("next_hand")
        return None

    def perform(self, todo: NextStep, decision: Decision | None = None) -> None:
        """Do ``todo`` now (a bot's move: ``decision``, or the bot decides at once), and tell the observers."""
        if todo.kind == "bot":
            self._apply_decision(decision or self.bot_for(todo.seat).decide(self.match.view(todo.seat)))
        elif todo.kind == "clear_trick":
            self._clear_trick()
        elif todo.kind == "score":
            self._score_hand()
        else:
            self._next_hand()
        self.notify()

    def step(self) -> bool:
        """Do the next automatic thing at once (bots move without pauses); False if the table waits for you."""
        todo = self.next_auto()
        if todo is None:
            return False
        self.perform(todo)
        return True

    def run_until_learner(self, limit: int = 10_000) -> None:
        """Let the bots move until the learner must act (sync and manual modes)."""
        for _ in range(limit):
            if not self.step():
                return
        raise RuntimeError("the table did not come to rest")

    def thinking(self, seat: int) -> PlayerView:
        """A bot starts to think (the seat says so): what it sees."""
        view = self.match.view(seat)
        self.said[seat] = "thinking…"
        if seat != LEARNER and view.phase is Phase.PLAY:
            self.notify(Change.SEATS)
        return view

    def sweep(self) -> None:
        """The finished trick starts to sweep toward its winner."""
        self.sweeping = True
        self.notify(Change.TRICK)

    def resume_game(self, game: SavedGame) -> None:
        """Go on with a saved game where it stood (:meth:`~.saved.GameSaves.resume`); the bots move on from there."""
        self.start_match(game.match, game.levels)
        self.coach.grades = list(game.grades)
        self.computer_moves = set(game.computer_moves)
        self.message = "Welcome back: your game goes on where you left it."
        self._after_change()

    def _after_change(self) -> None:
        """Tell the observers, and set the bots going."""
        self.version += 1
        self.notify()
        self.pacer.kick()

    def _apply_decision(self, d: Decision) -> None:
        h = self.match.hand
        tricks_before = len(h.tricks)
        seat = d.seat
        if d.kind == "play" and seat != h.to_move:
            raise RuntimeError(f"a decision for seat {seat} arrived when seat {h.to_move} is to move")
        try:
            d.apply(h)
        except IllegalMove as e:  # a bot's bug must not stop the game: say so, and play a plain legal move
            self.log(f"{self.names[seat]}'s {d.kind} was refused ({e.reason}); a plain legal move was made.")
            d = SimpleBot().decide(self.match.view(seat))
            d.apply(h)
        self.version += 1
        self.decisions[seat] = d
        if d.kind == "play":
            self.play_decisions[len(h.plays()) - 1] = d
        if seat == LEARNER and d.kind in ("play", "pass"):
            self.computer_moves.add(len(h.plays()) - 1 if d.kind == "play" else None)
        name = "You" if seat == LEARNER else self.names[seat]
        if d.kind == "pass":
            self.said[seat] = "passed ✓"
            if h.phase is not Phase.PASS:
                self._after_exchange()
        elif d.kind == "play":
            self.said[seat] = f"played {art.card_face(d.card)}"
            self.message = f"{name} played {art.card_face(d.card)}."
            if len(h.tricks) > tricks_before:
                self._trick_taken()
        else:
            how = ("took 26 off their own score" if d.choice == "subtract_from_self" else
                   "gave every other player 26")
            self.message = f"{name} shot the moon and {how}."
        if self.telepathy_seat == seat:
            self.telepathy_at = 0

    def _clear_trick(self) -> None:
        """The finished trick leaves the centre (it is the last trick now), and the seats' 'played' labels go."""
        self.shown_trick = None
        self.sweeping = False
        self.said = {s: said for s, said in self.said.items() if not said.startswith("played")}

    def _trick_taken(self) -> None:
        t = self.match.hand.tricks[-1]
        self.shown_trick = t
        self.sweeping = False
        self.hint_cards = ()
        self.message += trick_sentence(self.match.hand.tricks, self.match.hand.kitty, self.rules, self.names)

    def _after_exchange(self) -> None:
        h = self.match.hand
        received = h.received[LEARNER]
        if received:
            self.message = (f"{self.names[h.pass_source(LEARNER)]} passed you "
                            + ", ".join(art.card_face(c) for c in received) + ".")
        self.selected = []
        self.coach.forget("pass", "hint")

    def _score_hand(self) -> None:
        m = self.match
        points = m.finish_hand()
        self.hand_scored = True
        self.hand_points = list(points)
        h = m.hand
        res = h.result()
        changes: list[Callable[[Stats], object]] = []
        if not self.demo:
            changes.append(lambda st: st.record_hand(points=points[LEARNER], moon=res.shooter == LEARNER,
                                                     queen=bool(h.queens_taken[LEARNER])))
            bands = [g.band for g in self.coach.grades]  # graded moves that were not taken back
            changes.append(lambda st: list(map(st.record_band, bands)))
        self.message = hand_over_sentence(points, res, self.who)
        self.notify(Change.SCORED)
        if m.game_over:
            m.next_hand()  # files the finished hand; no new deal when the game is over
            winners = m.winners()
            if not self.demo and not self.game_recorded:
                changes.append(lambda st: st.record_game(won=LEARNER in winners))
                self.game_recorded = True
        if changes:
            self.update_stats(lambda st: [change(st) for change in changes])
        self.coach.start_review()

    def who(self, seat: int) -> str:
        """How the table names a seat at the start of a sentence ("You" for the learner)."""
        return "You" if seat == LEARNER else self.names[seat]

    def update_stats(self, change: Callable[[Stats], Any]) -> None:
        problem = self.store.update(change)
        if problem:
            self.log(problem)

    def next_hand(self) -> None:
        """Deal the next hand (after the learner has seen the score)."""
        if self.match.hand.phase is not Phase.DONE or not self.hand_scored:
            self._say("The hand is not over yet.")
            return
        if self.match.is_over:
            self._say("The game is over. Start a new game to play again.")
            return
        self._next_hand()
        self._after_change()

    def _next_hand(self) -> None:
        self.match.next_hand()
        self._reset_hand_state()  # the finished hand's result stays on the score pad

    # ================================================================ the learner's actions

    def click_card(self, index: int) -> None:
        """The learner clicked the card at ``index`` of their hand (selects in passing, plays in play)."""
        h = self.match.hand
        view = self.learner_view()
        if not 0 <= index < len(view.hand):
            return
        c = view.hand[index]
        self.why = ""
        if self.autopilot or self.demo:
            self._say("The computer is playing this hand for you.")
            return
        if h.phase is Phase.PASS:
            if h.passes[LEARNER] is not None:
                self._say("You have passed; waiting for the others.")
                return
            if index in self.selected:
                self.selected.remove(index)
            elif len(self.selected) >= self.rules.pass_count:
                self.why = (f"You have chosen {self.rules.pass_count} cards already: click one of them to put it "
                            "back first.")
            else:
                self.selected.append(index)
            self.coach.review_selection(view, self.selected)
            self.notify()
            return
        if h.phase is not Phase.PLAY:
            self._say("The hand is over." if h.phase is Phase.DONE else "Waiting for the moon to be scored.")
            return
        if h.to_move != LEARNER:
            self._say(f"Wait: it is {self.names[h.to_move]}'s turn.")
            return
        verdict = view.why_illegal(c)
        if verdict is not None:
            self._say(f"You cannot play {art.card_face(c)}: {verdict.reason}")
            return
        if self.tutor:
            self.warning = self.coach.play_warning(view, c)
            if self.warning is not None:
                self.notify()
                return
        self._learner_play(c)

    def play_card(self, c: Card | str) -> None:
        """Play a card by its value or text (``'QS'``), as if clicked."""
        card = parse_card(c) if isinstance(c, str) else c
        hand = self.learner_view().hand
        if card not in hand:
            raise IllegalMove("not_in_hand", f"You do not hold {art.card_face(card)}.", card)
        self.click_card(hand.index(card))

    def _learner_play(self, c: Card) -> None:
        h = self.match.hand
        before = self.learner_view()
        tricks_before = len(h.tricks)
        if self.shown_trick is not None:
            self._clear_trick()
        h.play(c)
        self.warning = None
        self.hint_cards = ()
        self.coach.forget("hint")
        self.said[LEARNER] = f"played {art.card_face(c)}"
        self.message = f"You played {art.card_face(c)}."
        if len(h.tricks) > tricks_before:
            self._trick_taken()
        self.pacer.cancel_clock()
        self.coach.grade_later("play", before, c)  # before the bots move on (at once in sync mode)
        self._after_change()

    def accept_warning(self) -> None:
        """Go ahead with the card or the pass the tutor warned about."""
        if self.warning is None:
            return
        move = self.warning.move
        self.warning = None
        view = self.learner_view()
        if isinstance(move, tuple):  # a pass the tutor warned about
            self.pass_selected(confirmed=True)
        elif view.my_turn and move in view.hand and view.why_illegal(move) is None and not self.autopilot:
            self._learner_play(move)
        else:
            self.notify()

    def take_back_warning(self) -> None:
        """Take back the card or the pass the tutor warned about."""
        self.warning = None
        self.message = "Taken back: choose another card."
        self.notify()

    def pass_selected(self, confirmed: bool = False) -> None:
        """Pass the selected cards (the pass button); in tutor mode a dangerous pass is questioned first."""
        h = self.match.hand
        k = self.rules.pass_count
        if h.phase is not Phase.PASS or h.passes[LEARNER] is not None or self.autopilot or self.demo:
            self._say("There is nothing to pass now.")
            return
        view = self.learner_view()
        if len(self.selected) != k:
            self._say(f"Choose exactly {k} cards to pass ({len(self.selected)} chosen).")
            return
        cards = tuple(view.hand[i] for i in self.selected)
        if self.tutor and not confirmed:
            self.warning = self.coach.pass_warning(view, cards)
            if self.warning is not None:
                self.notify()
                return
        self.warning = None
        h.pass_cards(LEARNER, cards)
        self.hint_cards = ()
        self.coach.forget("hint")
        self.said[LEARNER] = "passed ✓"
        self.message = "You passed " + ", ".join(art.card_face(c) for c in sorted(cards)) + "."
        self.selected = []
        self.pacer.cancel_clock()
        if h.phase is not Phase.PASS:
            self._after_exchange()
        self.coach.grade_later("pass", view, cards)
        self._after_change()

    def choose_moon(self, choice: str) -> None:
        """The learner shot the moon: ``add_to_others`` or ``subtract_from_self``."""
        h = self.match.hand
        if h.phase is not Phase.MOON or h.to_move != LEARNER or self.is_bot(LEARNER):
            self._say("There is no moon for you to score.")
            return
        h.choose_moon(choice)
        self.message = "You shot the moon! " + ("Everyone else gets 26." if choice == "add_to_others"
                                                 else "26 comes off your score.")
        self._after_change()

    def finish_hand(self) -> None:
        """The cup of joe: the computer plays the rest of this hand for the learner."""
        if self.match.hand.phase is Phase.DONE:
            self._say("This hand is over already.")
            return
        self.autopilot = True
        self.selected = []
        self.warning = None
        self.message = "The computer finishes this hand for you."
        self.pacer.cancel_clock()
        self._after_change()

    def undo(self) -> None:
        """Take back the learner's last card of this hand (practice mode)."""
        h = self.match.hand
        if not self.practice:
            self._say("Undo is for practice mode (Settings).")
            return
        if self.autopilot or self.demo or self.hand_scored:
            self._say("There is nothing to undo now.")
            return
        if not any(a.kind == "play" and a.seat == LEARNER for a in h.history):
            self._say("You have not played a card this hand yet.")
            return
        self.version += 1
        while True:
            a = h.undo()
            if a.kind == "play" and a.seat == LEARNER:
                break
        self.shown_trick = None
        self.warning = None
        self.hint_cards = ()
        self.said = {}
        self.message = f"Taken back: {art.card_face(a.cards[0])} is in your hand again."
        left = len(h.plays())
        self.coach.taken_back(left)
        self.computer_moves = {m for m in self.computer_moves if m is None or m < left}
        self._after_change()

    def ask_hint(self) -> None:
        """The coach's suggestion for the learner's current decision."""
        self.coach.hint(self.learner_view())

    def timeout(self) -> None:
        """The turn clock ran out: a random legal card is played (or random cards passed) for the learner."""
        h = self.match.hand
        view = self.learner_view()
        if h.phase is Phase.PASS and h.passes[LEARNER] is None:
            rest = [i for i in range(len(view.hand)) if i not in self.selected]
            self._rng.shuffle(rest)
            self.selected = (self.selected + rest)[:self.rules.pass_count]
            self.computer_moves.add(None)
            self.pass_selected(confirmed=True)
        elif view.my_turn:
            c = self._rng.choice(view.legal_plays())
            self.computer_moves.add(len(h.plays()))
            self._learner_play(c)
            self.message = f"Time! A random legal card was played for you: {art.card_face(c)}."
            self.notify()

    # ================================================================ telepathy

    def open_telepathy(self, seat: int) -> None:
        """Read the bot's mind at ``seat``: its last decision, step by step."""
        if seat == LEARNER:
            self._say("That's you, the brown monkey. Click an opponent to read its mind.")
            return
        if not self.telepathy_enabled:
            self._say("Telepathy is off (Settings).")
            return
        self.telepathy_seat = seat
        self.telepathy_at = 0
        self.message = (f"Reading {self.names[seat]}'s mind: its thoughts are in the Telepathy panel "
                        "(under the table on a small screen).")
        self.notify()

    def telepathy_step(self, delta: int) -> None:
        """Show ``delta`` more (or fewer) steps of the bot's thinking."""
        if self.telepathy_seat is None:
            return
        d = self.decisions.get(self.telepathy_seat)
        total = len(d.steps) if d else 0
        self.telepathy_at = max(0, min(total - 1, self.telepathy_at + delta))
        self.notify()

    def close_telepathy(self) -> None:
        self.telepathy_seat = None
        self.notify()

    # ================================================================ settings

    def set_level(self, seat: int, level: str) -> None:
        """The opponent at ``seat`` plays at ``level`` from its next move on."""
        self.levels[seat] = level
        if seat in self.bots:
            self.bots[seat] = make_level_bot(level, self.match.seed + seat)  # as a resumed game makes it
            self.notify(Change.SEATS)

    def set_flag(self, name: str, value: bool) -> None:
        """Turn one of :data:`FLAGS` on or off."""
        if name not in FLAGS:
            raise ValueError(f"no table flag {name!r}")
        setattr(self, name, value)
        if name == "telepathy_enabled" and not value:
            self.telepathy_seat = None
        self._after_change()

    # ================================================================ problems and cleanup

    def log(self, text: str) -> None:
        """Keep a problem where the learner sees it (a callback's exception would otherwise be lost)."""
        self.errors.append(text)
        self.notify(Change.ERROR)

    def _say(self, text: str) -> None:
        self.why = text
        self.notify()

    def close(self) -> None:
        """Stop the table's tasks and its workers."""
        self.saves.close()
        self.pacer.close()
