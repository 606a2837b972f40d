"""What the felt shows, from a :class:`~.core.TableCore`: the seats, the trick, the last trick, the learner's
cards, the pass and action buttons, the status line. Pure functions (HTML text and small values), no widgets.

Everything here comes from the learner's :class:`~hearts_tutor.engine.view.PlayerView` and public facts: an
opponent's card is never written unless it was played face up.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..coach.situation import trick_winner
from ..engine.cards import HEARTS, SUIT_NAMES, Card
from ..engine.hand import Phase
from ..engine.view import PlayerView
from . import art
from .events import SPEEDS
from .helpers import HAND_OVER, LEARNER
from .layout import TRICK_HEIGHT, TRICK_WIDTH, seat_sides, toward, trick_position

if TYPE_CHECKING:
    from .core import TableCore

ARROWS = {"left": "◀", "right": "▶", "top": "▲"}


@dataclass(frozen=True)
class SeatView:
    """A seat's line under its avatar, and whether it is the seat to move."""

    info: str
    to_move: bool


@dataclass(frozen=True)
class CardView:
    """One card of the learner's hand as its button shows it."""

    card: Card
    copy: int  # 1, or 2 for the second copy of the card in a two-deck hand
    disabled: bool
    tooltip: str
    selected: bool
    hinted: bool
    received: bool


@dataclass(frozen=True)
class Centre:
    """The buttons around the trick and under the hand: which show, and how."""

    pass_side: str | None  # where the pass button sits, by the receiver (None: nothing to pass now)
    pass_label: str
    pass_ready: bool
    pass_tooltip: str
    actions: tuple[str, ...]  # "moon" (the two moon choices) or "next" (next hand)
    can_finish: bool
    can_undo: bool
    undo_shown: bool


def live_points(core: TableCore) -> list[int]:
    """Each seat's points so far this hand (the scored hand's, moon and bonuses included, once it is scored)."""
    if core.hand_points is not None:
        return list(core.hand_points)
    view = core.learner_view()
    r = core.rules
    return [view.hearts_taken[s] + view.queens_taken[s] * r.queen_points + view.jacks_taken[s] * r.jack_points
            for s in range(view.n)]


def seats(core: TableCore) -> list[SeatView]:
    view = core.learner_view()
    h = core.match.hand
    live = live_points(core)
    out = []
    for s in range(view.n):
        to_move = h.phase in (Phase.PLAY, Phase.MOON) and view.to_move == s and core.shown_trick is None
        level = "you" if s == LEARNER else f"{core.bots[s].level or core.levels[s]} bot"
        info = (f"<b>{core.match.scores[s]}</b> pts · this hand {live[s]}<br>"
                f"<span class='ht-level'>{html.escape(level)}</span>")
        if s != LEARNER:
            info += art.backs_html(view.hand_sizes[s])
            info += f"<div class='ht-said'>{html.escape(core.said.get(s, ''))}</div>"
        out.append(SeatView(info, to_move))
    return out


def hearts_broken_html(core: TableCore) -> str:
    if core.learner_view().hearts_broken:
        return f'<span class="ht-hb-on">{art.BROKEN_HEART} Hearts broken</span>'
    return f'<span class="ht-hb-off">{art.WHOLE_HEART} Hearts not broken</span>'


def cancelled(cards: Sequence[Card], decks: int) -> set[Card]:
    """With two decks, the cards of a trick that met their twin and cancelled."""
    return {c for c in cards if cards.count(c) > 1} if decks == 2 else set()


def cancellation_html(core: TableCore) -> str:
    """With two decks, when the trick holds cards that cancelled: which ones, and which card is winning so far."""
    view = core.learner_view()
    twins = cancelled(view.trick, core.rules.decks)
    if not twins:
        return ""
    gone = " and the ".join(f"two {art.card_face(c)}" for c in sorted(twins))
    winning = trick_winner(view)  # the coach's reading of the trick, which skips cancelled cards
    if winning is None:
        return f"The {gone} cancelled: no card is winning this trick so far. "
    seat, card = winning
    who = "yours" if seat == LEARNER else core.names[seat] + "'s"
    return f"The {gone} cancelled: <b>{art.card_face(card)}</b> ({html.escape(who)}) is winning so far. "


def trick_html(core: TableCore) -> str:
    """The trick area: the cards of the trick (sweeping toward the winner), or the end of the hand or game."""
    view = core.learner_view()
    cards: list[tuple[int, Card]]
    winner = None
    if core.shown_trick is not None:
        t = core.shown_trick
        cards = [((t.leader + i) % view.n, c) for i, c in enumerate(t.cards)]
        winner = t.winner
    else:
        cards = list(zip(view.trick_seats, view.trick, strict=True))
    banner = ""
    if core.match.is_over:
        banner = game_over_html(core)
    elif core.match.hand.phase is Phase.DONE and core.hand_scored and core.shown_trick is None:
        pts = core.match.hand_points[-1] if core.match.hand_points else []
        rows = " · ".join(f"{core.names[s]} {p:+d}" for s, p in enumerate(pts))
        banner = (f'<div class="ht-trick-banner"><big>Hand {core.match.hand_number + 1} is over</big>'
                  f"{html.escape(rows)}</div>")
    elif core.shown_trick is not None and winner is not None:
        who = "You take" if winner == LEARNER else f"{core.names[winner]} takes"
        banner = f'<div class="ht-trick-msg">{html.escape(who)} the trick</div>'
    sweep = max(SPEEDS[core.speed][1] / 2, 0.05) if core.sweeping else None
    return trick_area_html(cards, view.n, core.rules.decks, winner=winner, sweep=sweep, banner=banner)


def trick_area_html(cards: Sequence[tuple[int, Card]], n: int, decks: int, *, winner: int | None = None,
                    sweep: float | None = None, banner: str = "") -> str:
    """The trick area with ``cards`` ((seat, card), seat 0 at the bottom) where each seat's card lands, the
    winner's lit (and all sweeping toward it for ``sweep`` seconds), cancelled twins crossed, and ``banner``."""
    # two seats a side or more make the side columns tall: there a short window's felt need not squeeze the trick
    tall = sum(side == "left" for side, _ in seat_sides(n).values()) >= 2
    parts = [f'<div class="ht-trickarea{" ht-trick-tall" if tall else ""}">']
    twins = cancelled([c for _, c in cards], decks)
    for seat, c in cards:
        x, y = trick_position(seat, n)
        # across as a share of the area's width, which narrows on a phone; down from the area's middle, the
        # distance squeezed (--ht-trick-squeeze) where a short window draws the area less tall
        down = f"calc(50% + {y - TRICK_HEIGHT / 2:.0f}px * var(--ht-trick-squeeze, 1))"
        extra, style = "", f"left:{100 * x / TRICK_WIDTH:.1f}%;top:{down};"
        if winner is not None and seat == winner:
            extra = "htc-win"
        elif c in twins:
            extra = "htc-cancelled"
        if sweep is not None and winner is not None:
            dx, dy = toward(winner, n)
            wx, wy = trick_position(winner, n)
            dx, dy = dx + wx - x, dy + wy - y
            extra += " ht-sweep"
            style += f"--dx:{dx:.0f}px;--dy:{dy:.0f}px;--dur:{sweep:.2f}s;"
        parts.append(art.card_html(c, extra=extra, style=style))
    parts.append(banner)
    parts.append("</div>")
    return "".join(parts)


def last_trick_html(core: TableCore) -> str:
    """The last finished trick (public: every card of it was played face up)."""
    view = core.learner_view()
    done = list(view.tricks)
    if core.shown_trick is not None and done and done[-1] == core.shown_trick:
        done = done[:-1]
    if not done:
        return "<b>Last trick</b><div style='color:#cfe3d3'>none yet</div>"
    t = done[-1]
    won = ("cancelled: its cards go to the next winner" if t.winner is None else
           "won by " + ("you" if t.winner == LEARNER else core.names[t.winner]))
    return (f"<b>Last trick</b> · {html.escape(won)}"
            + trick_row_html(t.cards, t.leader, t.winner, core.names, core.rules.decks))


def trick_row_html(cards: Sequence[Card], leader: int, winner: int | None, names: Sequence[str], decks: int) -> str:
    """A finished trick's cards in the order played, each under the name of who played it (``names`` by seat),
    the winner's lit and cancelled twins crossed."""
    n = len(names)
    twins = cancelled(list(cards), decks)
    # up to 5 cards side by side; more overlap, so that the box keeps clear of the seats beside it
    width = "" if len(cards) <= 5 else f' style="width:{max(16, 208 // len(cards) - 3)}px"'
    items = "".join(
        f'<div{width}><div class="ht-lt-who"{width} title="{html.escape(names[(leader + i) % n])}">'
        f'{html.escape(names[(leader + i) % n].split()[-1])}</div>'
        + art.card_html(c, small=True, extra="htc-win" if (leader + i) % n == winner else
                        "htc-cancelled" if c in twins else "") + "</div>"
        for i, c in enumerate(cards))
    return f'<div class="ht-lt-cards">{items}</div>'


def game_over_html(core: TableCore) -> str:
    m = core.match
    winners = m.winners()
    names = " and ".join(core.who(s) for s in winners)
    verb = "win" if winners == [LEARNER] or len(winners) > 1 else "wins"
    scores = " · ".join(f"{core.names[s]} {v}" for s, v in enumerate(m.scores))
    cheer = "★ " if LEARNER in winners else ""
    return (f'<div class="ht-trick-banner ht-game-over"><big>{cheer}Game over: {html.escape(names)} {verb}!</big>'
            f"{html.escape(scores)}<br><small>Press New game to play again.</small></div>")


def hand_cards(core: TableCore) -> list[CardView]:
    """The learner's cards in hand order: which may be clicked, and the tooltip that says why (not)."""
    view = core.learner_view()
    passing = core.learner_passing()
    my_turn = core.learner_to_play()
    received = set(view.received) if len(view.tricks) == 0 else set()
    legality = (core.coach.legality(view) or {}) if my_turn else {}
    seen: dict[Card, int] = {}
    out = []
    for i, c in enumerate(view.hand):
        seen[c] = seen.get(c, 0) + 1
        if passing:
            disabled, tip = False, "Click to choose this card for the pass (click again to put it back)"
        elif my_turn:
            verdict = legality[c] if c in legality else view.why_illegal(c)
            disabled = verdict is not None
            tip = verdict.reason if verdict else f"Play {art.card_face(c)}"
        else:
            disabled, tip = True, wait_reason(core)
        if c in received:
            tip += f" ({core.names[view.pass_source()]} passed you this card)"
        out.append(CardView(c, seen[c], disabled, tip, selected=passing and i in core.selected,
                            hinted=c in core.hint_cards, received=c in received))
    return out


def wait_reason(core: TableCore) -> str:
    """Why the learner's cards cannot be clicked now."""
    h = core.match.hand
    if core.is_bot(LEARNER):
        return "The computer is playing this hand for you."
    if h.phase is Phase.PASS:
        return "You have passed; waiting for the others."
    if h.phase is Phase.PLAY:
        return f"Wait: it is {core.names[h.to_move]}'s turn."
    return "The hand is over."


def centre(core: TableCore) -> Centre:
    h = core.match.hand
    view = core.learner_view()
    side, label, tip = None, "", ""
    k = core.rules.pass_count
    if core.learner_passing():
        target = view.pass_target()
        side = seat_sides(view.n)[target][0]
        word = view.pass_direction
        label = f"{ARROWS[side]} Pass {word}" if side != "right" else f"Pass {word} {ARROWS[side]}"
        if len(core.selected) < k:
            label += f" ({len(core.selected)}/{k})"
        tip = f"Pass your {k} chosen cards to {core.names[target]}"
    actions: tuple[str, ...] = ()
    if h.phase is Phase.MOON and h.to_move == LEARNER and not core.is_bot(LEARNER):
        actions = ("moon",)
    elif h.phase is Phase.DONE and core.hand_scored and not core.match.is_over and not core.demo:
        actions = ("next",)
    return Centre(pass_side=side, pass_label=label, pass_ready=len(core.selected) == k, pass_tooltip=tip,
                  actions=actions, can_finish=h.phase is not Phase.DONE and not core.is_bot(LEARNER),
                  can_undo=core.can_undo(), undo_shown=core.practice)


def status_html(core: TableCore) -> str:
    """The line that says what happens and whose turn it is (with the answer to the last click)."""
    h = core.match.hand
    view = core.learner_view()
    k = core.rules.pass_count
    if core.match.is_over:
        winners = core.match.winners()
        line = ("<b>You win the game!</b>" if winners == [LEARNER] else
                f"<b>Game over</b>: {html.escape(' and '.join(core.names[s] for s in winners))} won.")
    elif core.is_bot(LEARNER) and h.phase is not Phase.DONE:
        line = "The computer is playing " + ("every seat (demonstration)." if core.demo else "this hand for you.")
    elif core.warning is not None:
        line = "<b>The coach has a warning for you</b> (just below): go ahead anyway, or take it back."
    elif h.phase is Phase.PASS:
        if h.passes[LEARNER] is None:
            target = core.names[view.pass_target()]
            line = (f"<b>Choose {k} cards to pass {view.pass_direction} to {html.escape(target)}</b> "
                    f"({len(core.selected)} of {k} chosen). Click a card again to put it back.")
        else:
            line = "Waiting for the others to pass…"
    elif h.phase is Phase.PLAY:
        line = cancellation_html(core)
        if h.to_move == LEARNER:
            line += "<b>Your turn</b>: " + turn_advice(view)
        else:
            line += f"{html.escape(core.names[h.to_move])} is thinking…"
    elif h.phase is Phase.MOON:
        line = ("<b>You shot the moon!</b> Choose how it scores." if h.to_move == LEARNER else
                f"{html.escape(core.names[h.to_move])} shot the moon and is choosing how it scores…")
    else:  # the message already says "Hand over: ..." once the hand is scored
        said = core.message.startswith(HAND_OVER)
        line = ("" if said else "<b>The hand is over.</b> ") + ("Press Next hand ▶ to deal again."
                                                                if core.hand_scored else "")
    msg = f"{html.escape(core.message)} " if core.message else ""
    why = f'<span class="ht-why">{html.escape(core.why)}</span>' if core.why else ""
    return f"{msg}{line}{why}"


def turn_advice(view: PlayerView) -> str:
    legal = view.legal_plays()
    led = view.led_suit
    if len(legal) == len(set(view.hand)):
        if not view.trick:
            return "lead any card."
        if led is not None and all(c // 13 == led for c in view.hand):  # following suit, with nothing else
            return f"follow suit with a {SUIT_NAMES[led][:-1]} (every card you hold is one)."
        return "play any card." if led is None else f"play any card (you have no {SUIT_NAMES[led]})."
    illegal = {c for c in view.hand if c not in legal}
    if not view.trick and not view.hearts_broken and all(c // 13 == HEARTS for c in illegal):
        return "lead any card but a heart: hearts are not broken yet."
    following = led is not None and any(c // 13 == led for c in legal)
    # following suit, the other suits are greyed for that alone, which the advice says: only other reasons follow
    reasons = sorted({v.reason for c in view.hand if (v := view.why_illegal(c)) is not None
                      and not (following and c // 13 != led)})
    greyed = f" <small>{html.escape('Greyed cards cannot be played: ' + ' '.join(reasons))}</small>" if reasons else ""
    if following:
        return f"follow suit with a {SUIT_NAMES[led or 0][:-1]}.{greyed}"
    return f"choose a card.{greyed}"
