"""How the table looks: the style sheet, cards, animal avatars and the score chart, as pure functions.

Nothing here knows about widgets or hidden cards: callers pass only what the learner may see.
"""

from __future__ import annotations

import base64
import html
import math
from collections.abc import Sequence

from ..engine.cards import RANKS, SUIT_SYMBOLS, Card
from .layout import TRICK_HEIGHT, TRICK_WIDTH

RED_SUITS = (1, 3)  # diamonds, hearts

_HEART_PATH = ("M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09"
               "C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z")
#: The broken-hearts icon (drawn, so it needs no emoji font) and its "not yet" counterpart.
BROKEN_HEART = (f'<svg class="ht-heart-icon" width="22" height="20" viewBox="0 0 24 22"><path d="{_HEART_PATH}" '
                'fill="#e03131" stroke="#fff" stroke-width="1"/><path d="M12.5 5 L10 10 L13.5 13 L11 19.5" '
                'stroke="#fff" stroke-width="2" fill="none" stroke-linejoin="round"/></svg>')
WHOLE_HEART = (f'<svg class="ht-heart-icon" width="22" height="20" viewBox="0 0 24 22"><path d="{_HEART_PATH}" '
               'fill="none" stroke="#a5c9ad" stroke-width="1.6"/></svg>')

#: (name, fur colour, ear shape) by seat for a table of four; more seats take the next animals.
ANIMALS: tuple[tuple[str, str, str], ...] = (
    ("brown monkey", "#9a6338", "monkey"),
    ("blue otter", "#3f7fd0", "round"),
    ("yellow bird", "#f2c12e", "bird"),
    ("red fox", "#e0561b", "pointed"),
    ("green frog", "#4caf50", "frog"),
    ("purple owl", "#8e5cc4", "bird"),
    ("grey wolf", "#8a96a3", "pointed"),
    ("pink pig", "#ee8fb3", "round"),
    ("white rabbit", "#eeeeee", "rabbit"),
    ("black cat", "#3b3b3b", "pointed"),
    ("orange tiger", "#f59f00", "round"),
)


def seat_animals(n: int) -> list[tuple[str, str, str]]:
    """The animal of each seat at a table of ``n``: the learner is always the brown monkey."""
    if n == 3:
        return [ANIMALS[0], ANIMALS[1], ANIMALS[3]]
    return [ANIMALS[i] for i in range(n)]


def title_name(name: str) -> str:
    return " ".join(w.capitalize() for w in name.split())


def rank_text(c: Card) -> str:
    r = RANKS[c % 13]
    return "10" if r == "T" else r


def card_face(c: Card) -> str:
    """A card as people write it: ``Q♠``, ``10♥``."""
    return rank_text(c) + SUIT_SYMBOLS[c // 13]


def suit_class(c: Card) -> str:
    return "ht-red" if c // 13 in RED_SUITS else "ht-black"


def card_html(c: Card, *, small: bool = False, extra: str = "", style: str = "") -> str:
    """A face-up card drawn in HTML: corner indices and a big suit in the middle."""
    rank, sym = rank_text(c), SUIT_SYMBOLS[c // 13]
    size = " htc-sm" if small else ""
    pip = "htc-face" if rank in ("J", "Q", "K") else ""
    centre = f'<span class="htc-mid {pip}">{rank if pip else sym}<small>{sym if pip else ""}</small></span>'
    return (f'<div class="htc {suit_class(c)}{size} {extra}" style="{style}">'
            f'<span class="htc-tl">{rank}<br>{sym}</span>{centre}'
            f'<span class="htc-br">{rank}<br>{sym}</span></div>')


def backs_html(count: int, *, limit: int = 13) -> str:
    """A little fan of face-down cards (how many an opponent holds; nothing about which)."""
    if count == 0:
        return '<div class="htb-count">no cards left</div>'
    shown = min(count, limit)
    backs = "".join(f'<span class="htb" style="left:{i * 7}px"></span>' for i in range(shown))
    width = 26 + max(shown - 1, 0) * 7
    return (f'<div class="htb-fan" style="width:{width}px">{backs}</div>'
            f'<div class="htb-count">{count} card{"s" if count != 1 else ""}</div>')


# ----- avatars -----

def avatar_svg(kind: str, fur: str) -> str:
    """A friendly animal head, 64x64."""
    dark = "#2b2b2b"
    face = "#f6e3c8" if kind in ("monkey",) else "#ffffff" if kind in ("pointed", "round") else fur
    parts: list[str] = []
    if kind == "monkey":
        parts += [f'<circle cx="12" cy="32" r="9" fill="{fur}"/><circle cx="52" cy="32" r="9" fill="{fur}"/>',
                  '<circle cx="12" cy="32" r="5" fill="#f6e3c8"/><circle cx="52" cy="32" r="5" fill="#f6e3c8"/>']
    elif kind == "round":
        parts += [f'<circle cx="16" cy="16" r="8" fill="{fur}"/><circle cx="48" cy="16" r="8" fill="{fur}"/>']
    elif kind == "pointed":
        parts += [f'<path d="M9 30 L14 4 L29 16 Z" fill="{fur}"/><path d="M55 30 L50 4 L35 16 Z" fill="{fur}"/>',
                  f'<path d="M13 23 L16 10 L24 17 Z" fill="{dark}" opacity=".35"/>'
                  f'<path d="M51 23 L48 10 L40 17 Z" fill="{dark}" opacity=".35"/>']
    elif kind == "rabbit":
        parts += [f'<ellipse cx="22" cy="12" rx="6" ry="15" fill="{fur}" stroke="#ccc"/>'
                  f'<ellipse cx="42" cy="12" rx="6" ry="15" fill="{fur}" stroke="#ccc"/>']
    elif kind == "frog":
        parts += [f'<circle cx="19" cy="16" r="10" fill="{fur}"/><circle cx="45" cy="16" r="10" fill="{fur}"/>']
    head = f'<circle cx="32" cy="35" r="22" fill="{fur}"/>'
    parts.append(head)
    if kind == "monkey":
        parts.append('<ellipse cx="32" cy="40" rx="15" ry="13" fill="#f6e3c8"/>'
                     '<ellipse cx="25" cy="30" rx="7" ry="8" fill="#f6e3c8"/>'
                     '<ellipse cx="39" cy="30" rx="7" ry="8" fill="#f6e3c8"/>')
    elif kind in ("pointed", "round") and fur != "#ffffff":
        parts.append(f'<ellipse cx="32" cy="45" rx="13" ry="10" fill="{face}"/>')
    eye_y = 18 if kind == "frog" else 31
    eye_dx = 13 if kind == "frog" else 8
    parts.append(f'<circle cx="{32 - eye_dx}" cy="{eye_y}" r="4" fill="#fff"/>'
                 f'<circle cx="{32 + eye_dx}" cy="{eye_y}" r="4" fill="#fff"/>'
                 f'<circle cx="{32 - eye_dx + 1}" cy="{eye_y + 1}" r="2.3" fill="{dark}"/>'
                 f'<circle cx="{32 + eye_dx + 1}" cy="{eye_y + 1}" r="2.3" fill="{dark}"/>')
    if kind == "bird":
        parts.append('<path d="M26 38 L38 38 L32 47 Z" fill="#f08c00"/>'
                     f'<path d="M28 14 Q32 4 36 14" fill="{fur}" stroke="{dark}" stroke-width="1"/>')
    elif kind == "frog":
        parts.append(f'<path d="M20 42 Q32 52 44 42" stroke="{dark}" stroke-width="2.5" fill="none"/>')
    else:
        parts.append(f'<ellipse cx="32" cy="41" rx="3.5" ry="2.6" fill="{dark}"/>'
                     f'<path d="M27 46 Q32 50 37 46" stroke="{dark}" stroke-width="1.8" fill="none"/>')
    if kind == "pointed" and fur == "#3b3b3b":  # a black cat gets whiskers that show
        parts.append('<path d="M18 42 L8 40 M18 45 L8 46 M46 42 L56 40 M46 45 L56 46" stroke="#ddd"/>')
    body = "".join(parts)
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">{body}</svg>'


def avatar_uri(kind: str, fur: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(avatar_svg(kind, fur).encode()).decode()


# ----- the score chart -----

def score_chart_svg(series: Sequence[Sequence[int]], colours: Sequence[str], names: Sequence[str],
                    target: int | None, *, width: int = 300, height: int = 170) -> str:
    """Running scores, one line per seat (x: hands played, y: score), with the target as a dashed line."""
    pad_l, pad_r, pad_t, pad_b = 30, 10, 10, 22
    hands = max((len(s) for s in series), default=1) - 1
    values = [v for s in series for v in s] + ([target] if target else [])
    lo, hi = min([*values, 0]), max([*values, 10])
    span = hi - lo or 1
    w, h = width - pad_l - pad_r, height - pad_t - pad_b

    def xy(i: int, v: int) -> tuple[float, float]:
        x = pad_l + (w * i / hands if hands else w / 2)
        return x, pad_t + h * (hi - v) / span

    out = [f'<svg class="ht-chart" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}">',
           f'<rect x="{pad_l}" y="{pad_t}" width="{w}" height="{h}" fill="#fffdf6" stroke="#d8cfb8"/>']
    step = _nice_step(span)
    v = math.ceil(lo / step) * step
    while v <= hi:
        _, y = xy(0, v)
        out.append(f'<line x1="{pad_l}" x2="{pad_l + w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#eee6d2"/>'
                   f'<text x="{pad_l - 4}" y="{y + 3:.1f}" font-size="9" text-anchor="end" fill="#776">{v}</text>')
        v += step
    if target and lo <= target <= hi:
        _, y = xy(0, target)
        out.append(f'<line x1="{pad_l}" x2="{pad_l + w}" y1="{y:.1f}" y2="{y:.1f}" stroke="#c0392b" '
                   f'stroke-dasharray="4 3"/><text x="{pad_l + w - 2}" y="{y - 3:.1f}" font-size="9" '
                   f'text-anchor="end" fill="#c0392b">target {target}</text>')
    for i in range(hands + 1):
        x, _ = xy(i, lo)
        out.append(f'<text x="{x:.1f}" y="{height - 8}" font-size="9" text-anchor="middle" fill="#776">{i}</text>')
    for s, colour, name in zip(series, colours, names, strict=False):
        pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in (xy(i, v) for i, v in enumerate(s)))
        stroke = "#9e9e9e" if colour.lower() in ("#eeeeee", "#ffffff") else colour
        out.append(f'<polyline points="{pts}" fill="none" stroke="{stroke}" stroke-width="2.5" '
                   f'stroke-linejoin="round"><title>{html.escape(name)}</title></polyline>')
        if s:
            x, y = xy(len(s) - 1, s[-1])
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{stroke}"/>')
    out.append("</svg>")
    return "".join(out)


def _nice_step(span: float) -> int:
    for step in (5, 10, 20, 25, 50, 100, 200, 500):
        if span / step <= 6:
            return step
    return 1000


# ----- the style sheet -----

HAND_WIDTH = 516  # pixels for the learner's hand: thirteen 60-pixel cards, each after the first 38 along
CARD_WIDTH = 60
MAX_HAND = 17  # the longest hand of any preset: 3 players with one deck, or 6 with two


def hand_fit_class(n: int) -> str:
    """The hand box's class for ``n`` cards when they must be laid out in two rows to fit ("" when not)."""
    return f"ht-hand-n{min(n, MAX_HAND)}" if n > 13 else ""


def hand_rows(n: int) -> tuple[int, int]:
    """How a hand of ``n`` cards longer than thirteen is laid out: the cards of its first row (the second holds
    the rest) and the step from one card to the next, in pixels.

    Seventeen cards in one row would leave each a strip too narrow for its "10" index or a finger; two rows
    of nine and eight leave each card nearly all of its face.

    >>> hand_rows(17)
    (9, 52)
    >>> hand_rows(14)
    (7, 52)
    """
    first = (n + 1) // 2
    return first, min(CARD_WIDTH - 8, (HAND_WIDTH - CARD_WIDTH) // (first - 1))  # still overlapping a little


def _hand_fit_rules() -> str:
    """Hands longer than thirteen cards in two rows: a line break (the hand's ``::before``, ordered between
    the rows) after the first row, and a closer overlap that spreads each row over the hand's width."""
    rules = []
    for n in range(14, MAX_HAND + 1):
        first, step = hand_rows(n)
        hand = f".ht-table .ht-hand.ht-hand-n{n}"
        rules.append(f"{hand} .jupyter-button.ht-cardbtn:not(:first-child) {{ margin-left: -{CARD_WIDTH - step}px; }}\n"
                     f"{hand} .jupyter-button.ht-cardbtn:nth-child(n+{first + 1}) {{ order: 2; }}\n"
                     f"{hand} .jupyter-button.ht-cardbtn:nth-child({first + 1}) {{ margin-left: 0; }}")
    long_hands = ", ".join(f".ht-table .ht-hand.ht-hand-n{n}" for n in range(14, MAX_HAND + 1))
    rules.append(f"{long_hands} {{ flex-wrap: wrap; row-gap: 3px; align-content: flex-end; }}")
    rules.append(", ".join(f"{h}::before" for h in long_hands.split(", "))
                 + ' { content: ""; flex-basis: 100%; height: 0; order: 1; }')
    return "\n".join(rules)


# Widths at which the table rearranges (the table's own width, so a narrow notebook counts as a narrow window):
# the felt is drawn 830 pixels wide and the side panels 340; with less room than both side by side the panels go
# under the felt, and with less room than the felt it is drawn smaller (zoomed), so that no card is ever cut off.
FELT_WIDTH = 830
SEAT_COLUMN = 150  # the side seats' columns, and the learner's seat beside the hand
FINISH_COLUMN = FELT_WIDTH - 2 * (10 + 14) - SEAT_COLUMN - HAND_WIDTH  # the finish button's, right of the hand
SIDE_WIDTH = 340
SIDE_GAP = 10  # between the felt and the side panels
WIDE_SIDE_WIDTH = 720  # the side panels at most, when a short window draws the table smaller and leaves room
_BESIDE_ZOOMS = (0.9, 0.8)  # the felt drawn smaller to keep the coach beside it, down to this
_UNDER_ZOOMS = (0.9, 0.8, 0.7, 0.6, 0.5, 0.45, 0.4, 0.36)
# a phone held upright: below NARROW_BELOW the felt is laid out again, NARROW_FELT_WIDTH wide (seats as chips,
# the hand on its own row, a narrower trick), which keeps cards and words half as large again as zooming the
# wide felt would
NARROW_BELOW = 600
NARROW_FELT_WIDTH = HAND_WIDTH + 2 * (10 + 14) + 6  # the hand, the felt's border and padding, a little room
_NARROW_ZOOMS = (0.9, 0.8, 0.7, 0.6, 0.5, 0.45, 0.4)
TABLE_HEIGHT = 935  # the page's height with the whole table in view, toolbar included
_SHORT_ZOOMS = (0.9, 0.8, 0.7, 0.6)
# a phone held sideways (390 pixels high, or a little more): the felt drawn compact (seats as chips, no fans of
# card backs, a smaller trick) and the whole table zoomed to the screen's height, the side panels beside the felt
# as tall as it, scrolling inside, so that the page itself never scrolls
COMPACT_BELOW = 500
COMPACT_HEIGHT = 490  # the compact table's height (toolbar and felt), with room for a status line of two rows
PAGE_MARGIN = 35  # the page's own room above and below the table (Voila's), not zoomed
_COMPACT_ZOOMS = (0.7, 0.65, 0.6, 0.55, 0.5, 0.45, 0.4)


def zoom_steps(zooms: Sequence[float], full: float, extra: float = 0) -> list[tuple[float, float]]:
    """(size, zoom) pairs: each zoom applies below the size at which the one before it (1 at first) still fits
    ``full`` pixels, plus ``extra`` that does not zoom."""
    steps, previous = [], 1.0
    for z in zooms:
        steps.append((full * previous + extra - 0.02, z))
        previous = z
    return steps


TABLE_ZOOM = "var(--ht-zoom, 1)"
"""The zoom the whole table is drawn at (a CSS number): each rule that zooms the table says it (:func:`table_zoom`),
so that what it holds besides the felt (the practice view) can size its words for it (:func:`legible`)."""


def table_zoom(z: float) -> str:
    """The declarations that draw the whole table at zoom ``z`` and say so to what it holds (:data:`TABLE_ZOOM`)."""
    return f"zoom: {z}; --ht-zoom: {z};"


def legible(px: float, zoom: str = TABLE_ZOOM) -> str:
    """A font size of ``px`` pixels, or larger where the box is drawn at ``zoom`` (a CSS expression of the zooms
    in effect), so that it shows at least :data:`LEGIBLE` pixels.

    >>> legible(12)
    'max(12px, calc(11.5px / (var(--ht-zoom, 1))))'
    """
    return f"max({px}px, calc({LEGIBLE}px / ({zoom})))"


def _fit_rules() -> str:
    """Container queries that keep the whole table in view at any width."""
    beside = SIDE_WIDTH + SIDE_GAP  # the side panels and the gap before them
    under = FELT_WIDTH * min(_BESIDE_ZOOMS) + beside - 0.02  # below this the panels go under the felt
    felt = [*zoom_steps(_BESIDE_ZOOMS, FELT_WIDTH, beside), (under, 1.0), *zoom_steps(_UNDER_ZOOMS, FELT_WIDTH)]
    rules = [f".ht-table .ht-felt {{ width: {FELT_WIDTH}px; }}",
             f".ht-trickarea {{ width: {TRICK_WIDTH}px; height: {TRICK_HEIGHT}px; }}",  # where trick cards land
             f".ht-table .ht-side {{ margin-left: {SIDE_GAP}px; width: {SIDE_WIDTH}px; }}"]
    rules += [f"@container ht-table (max-width: {width:.2f}px) {{ .ht-table .ht-felt {{ zoom: {z}; }} }}"
              for width, z in felt]
    rules.append(f"@container ht-table (max-width: {under:.2f}px) {{ .ht-table .ht-side "
                 f"{{ margin: 8px 0 0 0; width: 100%; max-width: {FELT_WIDTH}px; }} }}")
    narrow = NARROW_BELOW - 0.02
    rules.append(f"@container ht-table (max-width: {narrow:.2f}px) {{\n{_NARROW_CSS}}}")
    rules += [f"@container ht-table (max-width: {width:.2f}px) {{ .ht-table .ht-felt {{ zoom: {z}; }} }}"
              for width, z in zoom_steps(_NARROW_ZOOMS, NARROW_FELT_WIDTH)]
    # a landscape screen too short for the table (a laptop): the whole table drawn smaller, hand and trick in view
    rules += [f"@media (min-aspect-ratio: 1/1) and (max-height: {height:.2f}px) {{ .ht-table {{ {table_zoom(z)} }} }}"
              for height, z in zoom_steps(_SHORT_ZOOMS, TABLE_HEIGHT)]
    # drawn smaller, the table would leave a quarter of a laptop's width empty: the side panels take that room
    rules.append(f"@media (min-aspect-ratio: 1/1) and (max-height: {TABLE_HEIGHT - 0.02:.2f}px) {{ .ht-table "
                 f"{{ max-width: none; }} .ht-table .ht-main > .ht-side {{ flex: 1 1 {SIDE_WIDTH}px; width: auto; "
                 f"max-width: {WIDE_SIDE_WIDTH}px; }} }}")
    short = f"@media (min-aspect-ratio: 1/1) and (max-height: {COMPACT_BELOW - 0.02:.2f}px)"
    rules.append(f"{short} {{\n{_COMPACT_CSS}}}")
    rules += [f"{short} and (max-height: {height:.2f}px) {{ {table} {{ {table_zoom(z)} }} }}"
              for table, zooms, full in ((".ht-table", _COMPACT_ZOOMS, COMPACT_HEIGHT),
                                         (COMPACT_LONG, _COMPACT_LONG_ZOOMS, COMPACT_LONG_HEIGHT))
              for height, z in zoom_steps(zooms, full, PAGE_MARGIN)]
    return "\n".join(rules)


def _chip_seats(scope: str) -> str:
    """Seats drawn small under ``scope``: each avatar a chip with the name beside the animal, smaller card backs."""
    return f"""{scope} .ht-seatbox {{ padding: 3px 4px; min-width: 0; }}
{scope} .jupyter-button.ht-avatar {{ width: 118px; height: 44px; border-radius: 14px;
  background-size: 34px 34px; background-position: 5px center; padding: 0 4px 0 42px; text-align: left;
  font-size: 14px; line-height: 1.05; }}
{scope} .htb-fan {{ height: 26px; }}
{scope} .htb {{ width: 17px; height: 24px; }}
"""


LEGIBLE = 11.5
"""The smallest a word on the felt is shown, in CSS pixels (font size times every zoom): the layouts that draw the
felt smaller set their words larger, each for the zoom it is drawn at on its phone (:func:`_felt_words`)."""
PHONE_ZOOM = 0.6  # the narrow felt on a phone 390 pixels wide (the _NARROW_ZOOMS step for a 366-pixel table)


def _felt_words(zoom: float, table: str = ".ht-table") -> str:
    """Every word on the felt (seat names and lines, the last trick, the trick's corners, the status line, the
    buttons; the hand's corners are large enough everywhere) at the size that shows at least :data:`LEGIBLE`
    pixels when the felt is drawn at ``zoom`` (in a table that ``table`` selects).

    >>> "font-size: 16.5px" in _felt_words(0.7)
    True
    """
    px = math.ceil(2 * LEGIBLE / zoom) / 2
    felt = f"{table} .ht-felt"
    words = ", ".join(f"{felt} {w}" for w in (
        ".jupyter-button.ht-avatar", ".ht-seatinfo", ".ht-seatinfo .ht-level", ".ht-seatinfo .ht-said", ".htb-count",
        ".ht-last-trick", ".ht-lt-cards .ht-lt-who", ".htc-sm .htc-tl", ".htc-sm .htc-mid small", ".htc-tl", ".htc-br",
        ".ht-hearts-broken", ".ht-clock", ".ht-trick-msg", ".ht-trick-banner", ".ht-status", ".ht-status small",
        ".ht-status .ht-why", ".ht-warnbox", ".ht-warnbox .jupyter-button", ".jupyter-button.ht-pass",
        ".jupyter-button.ht-action", ".jupyter-button.ht-finish"))
    return (f"{words} {{ font-size: {px}px; }}\n{felt} .ht-seatinfo b {{ font-size: {px + 1}px; }}\n"
            f"{felt} .htc-sm .htc-tl {{ line-height: {px + 1}px; }}\n")


# The felt's rows, by their place in the table's widgets (.ht-felt: top, middle, status, warning, bottom).
_MIDDLE = ".ht-table .ht-felt > :nth-child(2)"
_CENTRE = f"{_MIDDLE} > :nth-child(2)"


def corner_only(scope: str) -> str:
    """The last trick's cards under ``scope`` drawn small, their corner alone (its rank over its suit)."""
    return f"""{scope} .ht-lt-cards .htc-sm {{ width: 40px; height: 44px; }}
{scope} .htc-sm .htc-mid {{ display: none; }}"""


_CORNER_CARDS = corner_only(".ht-table .ht-felt")


# the narrow felt: chips for seats, the last trick on a row of its own, the hand on a row of its own above the
# learner's seat and the finish button, the trick area as wide as the room between the side seats
_NARROW_CSS = _chip_seats(".ht-table .ht-felt") + _felt_words(PHONE_ZOOM) + f"""\
.ht-table .ht-felt {{ width: {NARROW_FELT_WIDTH}px; zoom: 1; }}
.ht-table .ht-felt .ht-top {{ flex-wrap: wrap; }}
.ht-table .ht-felt .ht-top > .ht-last-trick {{ flex: 1 0 100%; margin-bottom: 4px; }}
.ht-table .ht-felt .ht-top > .ht-top-spacer {{ display: none; }}
.ht-table .ht-felt .ht-bottom {{ flex-wrap: wrap; justify-content: space-between; }}
.ht-table .ht-felt .ht-bottom > .ht-hand {{ order: -1; flex: 1 0 100% !important; }}  /* over its own flex */
{_MIDDLE} > :nth-child(1), {_MIDDLE} > :nth-child(3) {{ width: 132px !important; }}  /* over the column's own */
/* a phone draws this felt at about 0.6: its words are larger (_felt_words), the seats' chips wider, the seats
   across with their lines beside them, the trick's cards closer together, the last trick's cards their corners */
.ht-table .ht-felt .jupyter-button.ht-avatar {{ width: 132px; height: 50px; line-height: 1.05; }}
.ht-table .ht-felt .widget-html-content {{ line-height: 1.25; }}
.ht-table .ht-felt .ht-seatinfo .ht-said {{ height: 1.25em; }}
.ht-table .ht-felt .ht-top .ht-seatbox:only-child {{ flex-direction: row; gap: 8px; }}
.ht-table .ht-felt .ht-top .ht-seatbox:only-child .ht-seatinfo {{ text-align: left; }}
.ht-table .ht-felt .ht-trickarea {{ height: 200px; --ht-trick-squeeze: 0.7; }}
.ht-table .ht-felt .ht-lt-cards {{ gap: 10px; }}
{_CORNER_CARDS}
.ht-table .ht-felt .ht-last-trick {{ min-height: calc(2.5em + 58px); }}
.ht-table .ht-felt .ht-status {{ min-height: calc(10px + 5em); }}  /* four lines */
.ht-table.ht-hand-over .ht-felt .ht-status {{ min-height: 0; }}  /* no hand to hold still: the score pad closer */
.ht-table .ht-felt .jupyter-button.ht-finish {{ width: 124px; height: 76px; }}
"""


LONG_HANDS = ", ".join(f".ht-hand-n{n}" for n in range(14, MAX_HAND + 1))
# a hand longer than thirteen cards in its two rows makes the compact table taller: it is drawn smaller, its words
# larger again (a tap on a card of one row a third narrower would miss its neighbour: WCAG's 24 pixels)
COMPACT_LONG = f".ht-table:has({LONG_HANDS})"
COMPACT_LONG_HEIGHT = 605
_COMPACT_LONG_ZOOMS = (0.58, 0.55, 0.5, 0.45, 0.4)


COMPACT_ZOOM = 0.7  # the compact table on a phone held sideways, 390 pixels high
COMPACT_FELT_WIDTH = HAND_WIDTH + 2 * (SEAT_COLUMN + 6 + 8)  # the hand between two seat columns, rail, padding
# The compact felt is a grid: the top row (the last trick, the seats across), the side seats beside the trick,
# the status line, and the hand between the learner's seat and the hearts-broken line over the finish button. The
# pass buttons sit over the trick area (a pass changes no height), the trick's cards closer together, overlapping a
# little.
_COMPACT_CSS = (_chip_seats(".ht-table .ht-felt") + _felt_words(COMPACT_ZOOM)
                + _felt_words(_COMPACT_LONG_ZOOMS[0], COMPACT_LONG) + f"""\
.ht-table {{ max-width: none; {table_zoom(COMPACT_ZOOM)} }}
.ht-table .ht-toolbar {{ padding: 0 6px; margin-bottom: 3px; }}
.ht-table .ht-main > .ht-felt {{ display: grid; width: {COMPACT_FELT_WIDTH}px; zoom: 1; padding: 4px 8px;
  border-width: 6px; grid-template-columns: {SEAT_COLUMN}px minmax(0, 1fr) {SEAT_COLUMN}px;
  grid-template-areas: "top top top" "left trick right" "status status status" "warn warn warn" "me hand hb"
    "me hand finish"; }}
.ht-table .ht-felt > .ht-top {{ grid-area: top; }}
{_MIDDLE}, .ht-table .ht-felt > .ht-bottom, .ht-table .ht-felt .ht-me {{ display: contents; }}
{_MIDDLE} > :nth-child(1) {{ grid-area: left; width: auto !important; }}  /* over the column's own width */
{_CENTRE} {{ grid-area: trick; position: relative; }}
{_MIDDLE} > :nth-child(3) {{ grid-area: right; width: auto !important; }}
.ht-table .ht-felt > :nth-child(3) {{ grid-area: status; }}
.ht-table .ht-felt > :nth-child(4) {{ grid-area: warn; }}
.ht-table .ht-felt .ht-me > .ht-seatbox {{ grid-area: me; align-self: end; }}
.ht-table .ht-felt .ht-hearts-broken {{ grid-area: hb; min-height: 0; }}
.ht-table .ht-felt .ht-clock {{ grid-area: hb; align-self: end; }}
.ht-table .ht-felt .ht-bottom > .ht-hand {{ grid-area: hand; }}
.ht-table .ht-felt .ht-bottom > :nth-child(3) {{ grid-area: finish; width: auto !important; }}
{_CENTRE} > :first-child {{ position: absolute; top: 0; left: 0; right: 0; min-height: 0 !important; z-index: 2; }}
{_CENTRE} > :nth-child(2) > :first-child, {_CENTRE} > :nth-child(2) > :last-child {{ position: absolute; top: 0;
  bottom: 0; z-index: 2; }}
{_CENTRE} > :nth-child(2) > :first-child {{ left: 0; }}
{_CENTRE} > :nth-child(2) > :last-child {{ right: 0; }}
.ht-table .ht-felt .ht-actions {{ min-height: 0 !important; }}  /* Next hand and the moon come when the hand is empty */
.ht-table .ht-felt .ht-trickarea {{ height: 150px; --ht-trick-squeeze: 0.4; }}
.ht-table .ht-felt .ht-trickarea.ht-trick-tall {{ height: 240px; --ht-trick-squeeze: 0.85; }}  /* the seats as tall */
.ht-table .ht-felt .htb-fan {{ display: none; }}
.ht-table .ht-felt .ht-top .ht-seatbox:only-child {{ flex-direction: row; gap: 8px; }}  /* lone seat across */
.ht-table .ht-felt .ht-seatinfo {{ text-align: left; }}
.ht-table .ht-felt .jupyter-button.ht-avatar {{ line-height: 1.05; }}
.ht-table .ht-felt .widget-html-content {{ line-height: 1.25; }}
.ht-table .ht-felt .ht-seatinfo .ht-said {{ height: 1.25em; }}
.ht-table .ht-felt .ht-status {{ min-height: calc(10px + 2.5em); }}
.ht-table .ht-felt .ht-last-trick {{ min-height: calc(2.5em + 52px); padding: 2px 8px; }}
{_CORNER_CARDS}
.ht-table .ht-felt .jupyter-button.ht-finish {{ height: 64px; }}
{COMPACT_LONG} .ht-main > .ht-felt {{ width: {COMPACT_FELT_WIDTH + 2 * 30}px; grid-template-columns:
  {SEAT_COLUMN + 30}px minmax(0, 1fr) {SEAT_COLUMN + 30}px; }}  /* the seats' larger words on a line */
{COMPACT_LONG} .ht-felt .jupyter-button.ht-avatar {{ width: 146px; }}
{COMPACT_LONG} .ht-felt .ht-hand {{ padding-top: 10px; }}
{COMPACT_LONG} .ht-felt .jupyter-button.ht-finish {{ width: 146px; height: 72px; }}
/* the panels take the rest of the width, drawn larger again, no taller than the felt (contain: their content
   does not size them) and scrolling inside, their boxes at their own height */
.ht-table .ht-main > .ht-side {{ flex: 1 1 0; width: auto; min-width: 0; zoom: 1.15; contain: size;
  align-self: stretch; overflow-y: auto; }}
.ht-table .ht-side > *, .ht-table .ht-side .ht-panel > * {{ flex-shrink: 0; }}
/* the hand is over: the score pad's table without its chart, and under it the whole review, which the page
   scrolls to (no box of its own that scrolls) */
.ht-table.ht-hand-over .ht-main > .ht-side {{ contain: none; overflow: visible; align-self: flex-start; }}
.ht-table.ht-hand-over .ht-scorepad .ht-chart {{ display: none; }}
""")


FELT_LOOK = """background: radial-gradient(ellipse at center, #2f8a4f 0%, #1f6b3a 55%, #134a28 100%);
  border: 10px solid #6b4226; border-radius: 26px;
  box-shadow: inset 0 0 40px rgba(0,0,0,.45), 0 6px 18px rgba(0,0,0,.35); color: #f3f7f2;"""
"""The green baize in its wooden rail: the table's felt, and a puzzle's."""


def hand_css(scope: str = ".ht-table") -> str:
    """The learner's hand as the table draws it (card buttons of class ``ht-cardbtn`` in a ``ht-hand`` box, long
    hands in two rows), for a hand under ``scope``: the table's, or a puzzle's on its own felt."""
    return (_HAND_CSS + _hand_fit_rules()).replace(".ht-table ", scope + " ")


def style_sheet(colours: Sequence[tuple[str, str, str]]) -> str:
    """The table's CSS (scoped under .ht-table), with one avatar rule per seat."""
    avatars = "\n".join(
        f".ht-table .ht-avatar-{i} {{ background-image: url('{avatar_uri(kind, fur)}'); }}"
        for i, (_, fur, kind) in enumerate(colours))
    return ("<style>\n" + f".ht-table .ht-felt {{ {FELT_LOOK} }}\n" + _CSS + hand_css()
            + _chip_seats(".ht-table .ht-crowded") + "\n" + _fit_rules()
            + "\n" + avatars + "\n</style>")


def corner_cards(scope: str, size: str = "14px", line: str = "15px") -> str:
    """The last trick's small cards under ``scope`` (the table's felt, a puzzle's history): the names over them and
    their corners ``size`` large (``line`` high), like the felt's other words, each card's corner only once (at
    the top, over its suit)."""
    return f"""{scope} .ht-lt-cards {{ gap: 5px; }}
{scope} .ht-lt-cards .ht-lt-who {{ font-size: {size}; min-width: 40px; width: auto; }}
{scope} .ht-lt-cards .htc-sm {{ width: 40px; height: 58px; display: block; margin: 0 auto; }}
{scope} .htc-sm .htc-tl {{ font-size: {size}; line-height: {line}; }}
{scope} .htc-sm .htc-mid {{ top: 32px; font-size: 20px; line-height: 22px; }}
{scope} .htc-sm .htc-mid.htc-face {{ font-size: max(16px, {size}); }}
{scope} .htc-sm .htc-mid small {{ font-size: max(14px, {size}); }}
{scope} .htc-sm .htc-br {{ display: none; }}
"""


_CSS = r"""
.ht-table { font-family: "Segoe UI", "Helvetica Neue", Arial, sans-serif; color: #1d2a22; max-width: 1180px;
  container: ht-table / inline-size; }
.ht-table .ht-main { flex-wrap: wrap; }
.ht-table .ht-felt { padding: 10px 14px 8px 14px; flex: none; }
.ht-table .ht-toolbar { background: #fbf7ee; border-radius: 10px; padding: 4px 6px; margin-bottom: 6px;
  border: 1px solid #e4dcc8; align-items: center; flex-wrap: wrap; row-gap: 4px; }
.ht-table .ht-toolbar > * { flex: none; }
.ht-table .ht-toolbar > .ht-rules-line { flex: 1 1 220px; }
.ht-table .ht-toolbar .jupyter-button { width: auto; padding: 0 12px; border-radius: 7px; background: #fff;
  border: 1px solid #d6cdb6;
  font-weight: 600; color: #3b2f1e; }
.ht-table .ht-toolbar .jupyter-button.mod-active { background: #ffe8a3; }
.ht-table .ht-rules-line { color: #6b5d45; font-size: 12px; margin-left: 8px; }
.ht-table .ht-brand { font-family: Georgia, "DejaVu Serif", serif; font-size: 19px; font-weight: 700; color: #b3261e;
  margin: 0 10px 0 4px; white-space: nowrap; }
.ht-table .ht-side { flex: none; }
/* the score pad above the coach: when a hand ends it opens in sight, whatever the length of the review */
.ht-table .ht-side > .ht-scorepad { order: -1; }
.ht-table .ht-panel { background: #fbf7ee; border: 1px solid #e4dcc8; border-radius: 12px; padding: 8px 10px;
  margin-bottom: 8px; box-shadow: 0 2px 6px rgba(0,0,0,.12); color: #2b2418; }
.ht-table .ht-panel h4 { margin: 0 0 6px 0; font-size: 15px; color: #6b4226; }
.ht-table .ht-panel .widget-html-content, .ht-table .ht-felt .widget-html-content { line-height: 1.35; }
/* seats */
.ht-table .ht-seatbox { align-items: center; padding: 4px 6px; border-radius: 16px; min-width: 118px; }
.ht-table .ht-seatbox.ht-to-move { background: rgba(255, 230, 120, .20); box-shadow: 0 0 0 3px #ffd84d; }
.ht-table .jupyter-button.ht-avatar { width: 116px; height: 88px; border-radius: 22px;
  background-color: rgba(255,255,255,.92); background-repeat: no-repeat; background-position: center 6px;
  background-size: 58px 58px; padding: 63px 0 0 0; font-size: 14px; font-weight: 700; color: #3b2f1e;
  border: 3px solid rgba(255,255,255,.8); box-shadow: 0 3px 8px rgba(0,0,0,.35); line-height: 1.1;
  white-space: normal; }
.ht-table .jupyter-button.ht-avatar:hover { border-color: #ffd84d; }
.ht-table .ht-seatinfo { text-align: center; font-size: 14px; color: #f3f7f2; }
.ht-table .ht-seatinfo b { color: #fff; font-size: 15px; }
.ht-table .ht-seatinfo .ht-level { color: #c8e6c9; font-size: 14px; }
.ht-table .ht-seatinfo .ht-said { color: #ffe9a8; font-size: 14px; height: 1.35em; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; }  /* one line, said or not: the seats keep their height */
/* the hand is over, with no card left to hold still: the lines kept for what may come close up, so the score pad
   that opens comes closer */
.ht-table.ht-hand-over .ht-seatinfo .ht-said { height: auto; }
/* three seats a side (9-11 players) have no line to spare: there a seat is as tall as what it says */
.ht-table .ht-crowded .ht-seatinfo .ht-said { height: auto; }
.ht-table .ht-crowded .ht-status { min-height: calc(10px + 1.35em); }
.ht-table .ht-crowded .ht-hearts-broken, .ht-table .ht-crowded .ht-last-trick { min-height: 0; }
.ht-table.ht-hand-over .ht-hearts-broken { min-height: 0; }
.htb-fan { position: relative; height: 36px; margin: 3px auto 0 auto; }
.htb { position: absolute; top: 0; width: 24px; height: 34px; border-radius: 4px; border: 1.5px solid #fff;
  background: repeating-linear-gradient(45deg, #b71c1c 0 3px, #8e1414 3px 6px);
  box-shadow: 1px 1px 2px rgba(0,0,0,.4); }
.htb-count { font-size: 11px; color: #d7ecd9; }
.ht-table .htb-count { font-size: 14px; }
/* cards drawn in HTML (trick, last trick) */
.htc { position: relative; width: 64px; height: 92px; background: linear-gradient(160deg, #ffffff 0%, #f4f1ea 100%);
  border-radius: 7px; border: 1px solid #b9b2a3; box-shadow: 1px 2px 5px rgba(0,0,0,.45);
  font-family: Georgia, "DejaVu Serif", serif; font-weight: 700; display: inline-block; }
.htc.ht-red { color: #c8102e; } .htc.ht-black { color: #1b1b1b; }
.htc-tl { position: absolute; left: 5px; top: 4px; font-size: 17px; line-height: 16px; text-align: center; }
.htc-br { position: absolute; right: 5px; bottom: 4px; font-size: 17px; line-height: 16px; text-align: center;
  transform: rotate(180deg); }
.htc-mid { position: absolute; left: 0; right: 0; top: 24px; text-align: center; font-size: 38px; line-height: 44px; }
.htc-mid small { font-size: 18px; }
.htc-mid.htc-face { font-size: 28px; }
.htc-sm { width: 40px; height: 58px; border-radius: 5px; }
.htc-sm .htc-tl, .htc-sm .htc-br { font-size: 11px; line-height: 11px; left: 3px; }
.htc-sm .htc-br { right: 3px; left: auto; }
.htc-sm .htc-mid { top: 15px; font-size: 22px; line-height: 26px; }
.htc-sm .htc-mid.htc-face { font-size: 18px; } .htc-sm .htc-mid small { font-size: 12px; }
.htc.htc-win { box-shadow: 0 0 0 3px #ffd84d, 1px 2px 8px rgba(0,0,0,.5); }
/* the trick area */
.ht-table .ht-trick { position: relative; flex: 0 1 auto; min-width: 0; }
.ht-table .ht-trick .widget-html-content { width: 100%; }
.ht-trickarea { position: relative; max-width: 100%; margin: 0 auto; border-radius: 50%;
  background: radial-gradient(ellipse at center, rgba(255,255,255,.10), rgba(255,255,255,0) 70%); }
.ht-trickarea .htc { position: absolute; transform: translate(-50%, -50%); }
.ht-trickarea .htc.ht-sweep { animation: ht-sweep var(--dur, .4s) ease-in forwards; }
@keyframes ht-sweep { to { transform: translate(calc(-50% + var(--dx)), calc(-50% + var(--dy))) scale(.45);
  opacity: 0; } }
.ht-trick-msg { position: absolute; left: 0; right: 0; bottom: -4px; text-align: center; font-size: 14px;
  color: #fff6cf; text-shadow: 0 1px 2px rgba(0,0,0,.6); }
.ht-trick-banner { position: absolute; left: 20px; right: 20px; top: 50px; text-align: center;
  background: rgba(251,247,238,.96); color: #2b2418; border-radius: 14px; padding: 12px; font-size: 15px;
  box-shadow: 0 4px 14px rgba(0,0,0,.4); }
.ht-trick-banner big { font-size: 22px; color: #6b4226; display: block; margin-bottom: 4px; }
/* the pass button and actions in the centre */
.ht-table .jupyter-button.ht-pass, .ht-table .jupyter-button.ht-action {
  background: #ffd84d; color: #3b2f1e; font-weight: 700; border-radius: 18px; border: 2px solid #fff3b0;
  box-shadow: 0 3px 8px rgba(0,0,0,.35); height: 36px; font-size: 14px; }
.ht-table .jupyter-button.ht-pass { width: auto; min-width: 150px; padding: 0 16px; white-space: nowrap; }
.ht-table .jupyter-button.ht-pass:disabled { background: #d9d3b8; color: #7a7360; opacity: .85; }
/* the learner's corner */
.ht-table .ht-me { align-items: center; min-width: 120px; }
.ht-table .ht-hearts-broken { font-size: 14px; text-align: center; min-height: 3em; }  /* two lines, broken or not */
.ht-table .ht-heart-icon { vertical-align: -5px; }
.ht-table .ht-hearts-broken .ht-hb-on { color: #ff8a9a; font-weight: 700; }
.ht-table .ht-hearts-broken .ht-hb-off { color: #a5c9ad; }
.ht-table .ht-clock { font-size: 14px; color: #ffe9a8; text-align: center; }
.ht-table .jupyter-button.ht-finish { width: 104px; height: 62px; border-radius: 14px; background: #fbf7ee;
  color: #3b2f1e; font-weight: 700; white-space: normal; line-height: 1.15; font-size: 14px;
  box-shadow: 0 3px 8px rgba(0,0,0,.35); }
/* status line */
.ht-table .ht-status { background: rgba(0,0,0,.28); border-radius: 10px; padding: 5px 12px; font-size: 15px;
  color: #fffbe6; text-align: center; margin: 4px auto 0 auto;
  min-height: calc(10px + 3em); }  /* two lines whatever it says: the hand under it holds still */
.ht-table .ht-status b { color: #ffd84d; }
.ht-table .ht-status .ht-why { color: #ffcdd2; font-size: 14px; display: block; }
.ht-table .ht-status small { font-size: 14px; }
/* last trick */
.ht-table .ht-last-trick { background: rgba(0,0,0,.2); border-radius: 12px; padding: 4px 8px; min-width: 150px;
  min-height: calc(2.7em + 76px);  /* as tall before the first trick as with one: its line, names, small cards */
  font-size: 14px; }
.ht-lt-cards { display: flex; gap: 3px; margin-top: 2px; }
.ht-lt-cards > div { flex: none; }
.htc.htc-cancelled { background: #d8d8d8; filter: grayscale(1); }
.htc.htc-cancelled::after { content: "✕"; position: absolute; inset: 0; display: flex; align-items: center;
  justify-content: center; color: rgba(60, 60, 60, .8); font-size: 40px; font-weight: 700; }
.htc-sm.htc-cancelled::after { font-size: 26px; }
.ht-lt-cards .ht-lt-who { text-align: center; font-size: 10px; color: #d7ecd9; width: 40px; overflow: hidden;
  white-space: nowrap; }
/* on the table's felt the last trick's names and corners as large as its other words (corner_cards) */
""" + corner_cards(".ht-table .ht-felt") + r"""/* coach, telepathy, score pad */
.ht-table .ht-coach .ht-grade { font-weight: 700; padding: 1px 7px; border-radius: 8px; color: #fff; }
.ht-grade.best { background: #2b8a3e; } .ht-grade.good { background: #5c940d;
  } .ht-grade.inaccuracy { background: #e67700; }
.ht-grade.mistake { background: #d9480f; } .ht-grade.blunder { background: #c92a2a; }
.ht-table .ht-coach .ht-flag { margin: 3px 0; padding: 4px 6px; border-left: 4px solid #e67700;
  background: #fff4e0; border-radius: 4px; }
.ht-table .ht-coach .ht-flag.high, .ht-table .ht-coach .ht-flag.warning { border-color: #c92a2a;
  background: #fff0f0; }
.ht-table .ht-coach .ht-flag.info { border-color: #4dabf7; background: #eef7ff; }
/* the tutor's warning: on the felt, between the status line and the hand */
.ht-table .ht-warnbox { max-width: 560px; margin: 4px 0; padding: 6px 8px; border-radius: 10px;
  background: #fff0f0; border-left: 5px solid #c92a2a; color: #3b2f1e; font-size: 14px; }
.ht-table .ht-warnbox .jupyter-button { border-radius: 7px; background: #fff; border: 1px solid #d6cdb6;
  font-weight: 600; color: #3b2f1e; font-size: 14px; }
.ht-table .ht-coach details { margin-top: 4px; font-size: 12px; }
.ht-table .ht-coach summary { cursor: pointer; color: #6b4226; font-weight: 600; }
.ht-table .ht-coach details ol { margin: 2px 0 4px 0; padding-left: 20px; }
.ht-table .ht-coach .jupyter-button, .ht-table .ht-telepathy .jupyter-button, .ht-table .ht-side .jupyter-button {
  border-radius: 7px; background: #fff; border: 1px solid #d6cdb6; font-weight: 600; color: #3b2f1e; }
.ht-table .jupyter-button.ht-hint { background: #e7f5ff; border-color: #74c0fc; }
.ht-table .ht-step { margin: 3px 0; padding: 4px 6px; border-radius: 6px; background: #fff;
  border: 1px solid #eee3c9; }
.ht-table .ht-step.ht-current { border-color: #ffb300; background: #fff8e1; }
.ht-table .ht-step .ht-scores { font-size: 12px; color: #5b4a2e; margin-top: 2px; }
.ht-table .ht-step .ht-scores b { color: #b3261e; }
.ht-table .ht-step .ht-kind { font-size: 10px; text-transform: uppercase; letter-spacing: .05em;
  color: #8a6d3b; font-weight: 700; }
.ht-table .ht-scoretable { border-collapse: collapse; font-size: 12px; width: 100%; }
.ht-table .ht-scoretable th, .ht-table .ht-scoretable td { border-bottom: 1px solid #e6dcc4; padding: 2px 4px;
  text-align: right; }
.ht-table .ht-scoretable th:first-child, .ht-table .ht-scoretable td:first-child { text-align: left; }
.ht-table .ht-scoretable tr.ht-total td { font-weight: 700; border-top: 2px solid #6b4226; }
.ht-table .ht-scoretable .ht-dot { display: inline-block; width: 9px; height: 9px; border-radius: 50%;
  margin-right: 2px; }
.ht-table .ht-settings .widget-label { color: #3b2f1e; }
.ht-table .ht-log { font-size: 11px; color: #a61e4d; }
.ht-table .ht-notice { background: #fff4e0; border: 1px solid #f0c36d; border-radius: 8px; padding: 5px 8px;
  color: #6b4a00; }
"""

_HAND_CSS = r"""
/* the learner's hand: card buttons */
.ht-table .ht-hand { justify-content: center; align-items: flex-end; min-height: 118px; padding-top: 18px;
  flex-wrap: nowrap; }
.ht-table .ht-hand:empty { min-height: 0; padding-top: 0; }  /* the hand is over: the score pad comes closer */
.ht-table .jupyter-button.ht-cardbtn {
  position: relative; width: 60px; height: 90px; margin: 0 0 0 -22px; padding: 5px 0 0 6px;
  background: linear-gradient(160deg, #ffffff 0%, #f3efe6 100%); border: 1px solid #a8a191; border-radius: 8px;
  box-shadow: -2px 2px 6px rgba(0,0,0,.35); font-family: Georgia, "DejaVu Serif", serif; font-size: 19px;
  font-weight: 700; line-height: 19px; text-align: left; white-space: pre; overflow: hidden;
  vertical-align: bottom; transition: transform .12s ease, box-shadow .12s ease; display: block; flex: none; }
.ht-table .jupyter-button.ht-cardbtn:first-child { margin-left: 0; }
.ht-table .jupyter-button.ht-cardbtn.ht-red { color: #c8102e; }
.ht-table .jupyter-button.ht-cardbtn.ht-black { color: #1b1b1b; }
.ht-table .jupyter-button.ht-cardbtn::after { position: absolute; right: 6px; bottom: 2px; font-size: 36px;
  line-height: 40px; }
.ht-table .jupyter-button.ht-cardbtn.ht-suit-C::after { content: "\2663"; }
.ht-table .jupyter-button.ht-cardbtn.ht-suit-D::after { content: "\2666"; }
.ht-table .jupyter-button.ht-cardbtn.ht-suit-S::after { content: "\2660"; }
.ht-table .jupyter-button.ht-cardbtn.ht-suit-H::after { content: "\2665"; }
.ht-table .jupyter-button.ht-cardbtn:not(:disabled):hover { transform: translateY(-10px);
  box-shadow: 0 6px 12px rgba(0,0,0,.45); }
.ht-table .jupyter-button.ht-cardbtn.ht-selected { transform: translateY(-18px);
  box-shadow: 0 0 0 3px #ffd84d, 0 6px 12px rgba(0,0,0,.45); }
.ht-table .jupyter-button.ht-cardbtn.ht-hinted { transform: translateY(-10px);
  box-shadow: 0 0 0 4px #4dabf7, 0 0 14px 4px rgba(77,171,247,.8); }
.ht-table .jupyter-button.ht-cardbtn.ht-received { box-shadow: inset 0 5px 0 #4dabf7, -2px 2px 6px rgba(0,0,0,.35); }
.ht-table .jupyter-button.ht-cardbtn:disabled { opacity: 1; cursor: not-allowed;
  background: linear-gradient(160deg, #d9d6cf 0%, #c4c0b6 100%); }
.ht-table .jupyter-button.ht-cardbtn:disabled.ht-red { color: #b06a74; }
.ht-table .jupyter-button.ht-cardbtn:disabled.ht-black { color: #5d5d5d; }
.ht-table .jupyter-button.ht-cardbtn:focus { outline: none; }
"""
