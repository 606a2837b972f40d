"""Hand records: the portable JSON form of one hand, and the referee that checks them (SPEC section 4).

>>> rec = HandRecord.from_state(HandState.deal_random(Rules.preset("standard"), seed=7, hand_number=3))
>>> HandRecord.from_json(rec.to_json()).to_state().legal_plays() == rec.to_state().legal_plays()
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from .cards import Card, CardError, card_str, cards_str, parse_card
from .hand import HandState, IllegalMove, Phase
from .rules import MOON_CHOICES, PASS_DIRECTIONS, Rules, RulesError


class RecordError(ValueError):
    """A hand record that is not well formed; ``play`` is the play index involved, if any."""

    def __init__(self, message: str, *, play: int | None = None, rule: str = "malformed_record") -> None:
        super().__init__(message)
        self.play = play
        self.rule = rule


def json_error(e: json.JSONDecodeError) -> str:
    """Where and what: 'Unterminated string starting at line 1 column 30'."""
    return f"{e.msg.removesuffix(' at')} at line {e.lineno} column {e.colno}"


def decode_json(text: str) -> Any:
    """A JSON text decoded, or a :class:`RecordError` naming what is wrong with it (never a traceback, even for
    absurdly deep nesting or numbers too long to read)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {json_error(e)}") from None
    except RecursionError:
        raise RecordError("not valid JSON for a hand record: nested too deeply") from None
    except ValueError as e:  # e.g. an integer of thousands of digits
        raise RecordError(f"not valid JSON for a hand record: {e}") from None


@dataclass
class HandRecord:
    """One hand as dealt and played (any prefix of the plays is valid)."""

    rules: Rules
    deal: list[list[Card]]
    dealer: int = 0
    hand_number: int = 0
    pass_direction: str | None = None
    kitty: list[Card] = field(default_factory=list)
    passes: list[list[Card]] = field(default_factory=list)
    plays: list[Card] = field(default_factory=list)
    moon_choice: str | None = None

    # ----- JSON -----

    @classmethod
    def from_json(cls, data: str | dict[str, Any]) -> HandRecord:
        """Parse a record (a JSON text or an already-decoded object); errors name the problem."""
        if isinstance(data, str):
            data = decode_json(data)
        if not isinstance(data, dict):
            raise RecordError("a hand record must be a JSON object")
        known = {"rules", "players", "dealer", "hand_number", "pass", "deal", "kitty", "passes", "plays",
                 "moon_choice"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RecordError(f"unknown field {unknown[0]!r} in the hand record")
        try:
            rules = Rules.from_json(data.get("rules", "standard"))
            if "players" in data:
                rules = rules.replace(players=data["players"])
        except (RulesError, TypeError) as e:
            raise RecordError(f"bad rules: {e}", rule="bad_rules") from None
        if "deal" not in data:
            raise RecordError("the record has no deal")

        def whole(key: str, default: int) -> int:
            v = data.get(key, default)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise RecordError(f"{key} must be a whole number >= 0, not {v!r}")
            return v

        direction = data.get("pass")
        if direction is not None and direction not in PASS_DIRECTIONS:
            raise RecordError(f"pass must be one of left, right, across, keep, not {direction!r}")
        if direction == "across" and rules.players % 2:
            raise RecordError(f"pass 'across' needs an even number of players, not {rules.players}",
                              rule="bad_pass_direction")
        moon = data.get("moon_choice")
        if moon is not None and moon not in MOON_CHOICES:
            raise RecordError(f"moon_choice must be add_to_others or subtract_from_self, not {moon!r}")
        dealer = whole("dealer", 0)
        if dealer >= rules.players:
            raise RecordError(f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer}")
        return cls(
            rules=rules, deal=_card_lists(data["deal"], "deal"), dealer=dealer,
            hand_number=whole("hand_number", 0), pass_direction=direction,
            kitty=_cards(data.get("kitty", []), "kitty"), passes=_card_lists(data.get("passes", []), "passes"),
            plays=_cards(data.get("plays", []), "plays"), moon_choice=moon,
        )

    def to_json(self) -> dict[str, Any]:
        rules = self.rules.to_json()
        out: dict[str, Any] = {"rules": rules["preset"] if len(rules) == 1 else rules,
                               "dealer": self.dealer, "hand_number": self.hand_number}
        if self.pass_direction is not None:
            out["pass"] = self.pass_direction
        out["deal"] = [cards_str(h) for h in self.deal]
        out["kitty"] = cards_str(self.kitty)
        if self.passes:
            out["passes"] = [cards_str(p) for p in self.passes]
        out["plays"] = cards_str(self.plays)
        if self.moon_choice is not None:
            out["moon_choice"] = self.moon_choice
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    def seen_from(self, seat: int) -> HandRecord:
        """The same hand with ``seat`` renumbered 0 (every seat moves round by the same amount).

        The pass direction is made explicit, and the dealer and hand number move with the seats so the same
        player leads (for ``left_of_dealer`` and ``rotate``), so the renumbered hand plays out card for card
        like this one.

        >>> rec = HandRecord.from_state(HandState.deal_random(Rules.preset("standard"), seed=2))
        >>> turned = rec.seen_from(1)
        >>> turned.deal[0] == rec.deal[1] and turned.pass_direction == "left"
        True
        """
        n = self.rules.players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be from 0 to {n - 1}, not {seat}")
        turn = (lambda seats: seats[seat:] + seats[:seat]) if seat else (lambda seats: seats)
        direction = self.pass_direction or self.rules.pass_direction(self.hand_number)
        return HandRecord(rules=self.rules, deal=[list(h) for h in turn(self.deal)],
                          dealer=(self.dealer - seat) % n,
                          hand_number=(self.hand_number - seat) % n + n * (self.hand_number // n),
                          pass_direction=direction, kitty=list(self.kitty),
                          passes=[list(p) for p in turn(self.passes)] if self.passes else [],
                          plays=list(self.plays), moon_choice=self.moon_choice)

    # ----- to and from the engine -----

    @classmethod
    def from_state(cls, state: HandState) -> HandRecord:
        """The record of a hand state's deal and history (all passes, plays and the moon choice)."""
        if not state.deal:
            raise RecordError("a sampled position has no deal to record")
        # a seat that has not chosen yet is recorded with an empty pass
        passes = [list(p or ()) for p in state.passes] if any(p is not None for p in state.passes) else []
        return cls(rules=state.rules, deal=[list(h) for h in state.deal], dealer=state.dealer,
                   hand_number=state.hand_number, pass_direction=state.pass_direction, kitty=list(state.kitty),
                   passes=passes, plays=state.plays(), moon_choice=state.moon_choice)

    def start(self) -> HandState:
        """The hand as dealt."""
        try:
            return HandState(self.rules, self.deal, kitty=self.kitty, dealer=self.dealer,
                             hand_number=self.hand_number, pass_direction=self.pass_direction)
        except (CardError, ValueError) as e:
            raise RecordError(f"bad deal: {e}", rule="bad_deal") from None

    def apply_passes(self, state: HandState) -> None:
        if state.phase is not Phase.PASS:
            if any(self.passes):
                raise RecordError("passes are given for a keep hand", rule="no_passing")
            return
        if not self.passes:
            return
        if len(self.passes) != state.n:
            raise RecordError(f"passes must list one pass for each of the {state.n} seats")
        for seat, cards in enumerate(self.passes):
            if cards:
                try:
                    state.pass_cards(seat, cards)
                except IllegalMove as e:
                    raise RecordError(f"seat {seat}'s pass: {e.reason}", rule=e.rule) from None

    def to_state(self) -> HandState:
        """Replay the record into a state (raises :class:`RecordError` naming the first problem)."""
        state = self.start()
        self.apply_passes(state)
        for k, c in enumerate(self.plays):
            self.play_into(state, k, c)
        if self.moon_choice is not None and state.phase is Phase.MOON:
            state.choose_moon(self.moon_choice)
        return state

    @staticmethod
    def play_into(state: HandState, k: int, c: Card) -> None:
        """Play the record's play ``k`` (card ``c``) on ``state``; an illegal one raises :class:`RecordError`."""
        if state.phase is Phase.PASS:
            raise RecordError(f"play {k} ({card_str(c)}) comes before every seat has passed", play=k,
                              rule="passing_phase")
        if state.phase is not Phase.PLAY:
            raise RecordError(f"play {k} ({card_str(c)}) comes after the hand is over", play=k, rule="hand_over")
        try:
            state.play(c)
        except IllegalMove as e:
            raise RecordError(f"play {k}: seat {state.to_move} may not play {card_str(c)}: {e.reason}",
                              play=k, rule=e.rule) from None


def _cards(value: Any, what: str) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list of cards")
    cards = []
    for i, t in enumerate(value):
        try:
            cards.append(parse_card(t))
        except CardError as e:
            at = f"{what}[{i}]"
            raise RecordError(f"{at}: {e}", rule="bad_card", play=i if what == "plays" else None) from None
    return cards


def _card_lists(value: Any, what: str) -> list[list[Card]]:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list with one list of cards per seat")
    return [_cards(v, f"{what}[{i}]") for i, v in enumerate(value)]


# ----- the referee -----

def referee_record(data: str | dict[str, Any]) -> dict[str, Any]:
    """The referee's answer for one record: legal cards, movers, trick winners, points (SPEC section 4)."""
    play: int | None = None
    try:
        record = HandRecord.from_json(data)
        state = record.start()
        record.apply_passes(state)
        legal: list[list[str]] = []
        to_move: list[int] = []
        for k, c in enumerate(record.plays):
            play = k
            if state.phase is Phase.PLAY:
                legal.append(cards_str(state.legal_plays()))
                to_move.append(state.to_move)
            HandRecord.play_into(state, k, c)
        play = None
        choosing = record.rules.moon == "shooter_chooses"
        if record.moon_choice is not None and (state.phase is not Phase.PLAY or not choosing):
            if state.phase is not Phase.MOON:  # (a cut-short record of a shooter-chooses game may carry it)
                raise RecordError("moon_choice is given but no shooter is choosing", rule="no_moon_choice")
            state.choose_moon(record.moon_choice)
        return {"ok": True, "legal": legal, "to_move": to_move,
                "trick_winners": [t.winner for t in state.tricks], "points": state.points(),
                "complete": state.phase is Phase.DONE}
    except RecordError as e:
        return {"ok": False, "error": str(e), "play": e.play if e.play is not None else play, "rule": e.rule}


def referee_lines(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    for line in lines:
        if line.strip():
            yield referee_record(line.rstrip())


def run_referee(stream: TextIO, out: TextIO) -> int:
    """Answer every JSON line of ``stream``; 0 if all were ok, 1 otherwise."""
    status = 0
    for answer in referee_lines(stream):
        if not answer["ok"]:
            status = 1
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return status
