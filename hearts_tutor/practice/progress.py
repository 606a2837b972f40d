"""The progress view's plots, drawn with matplotlib: rating over time, average cost per move by theme, and
how many reviews come due on each of the coming days. Each plot is a PNG (it shows in Voila and notebooks)."""

from __future__ import annotations

import io
from typing import Any

from .bank import THEME_NAMES

DAYS_AHEAD = 14


def _png(fig: Any) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=80, bbox_inches="tight")
    return buf.getvalue()


def _day(t: Any) -> str:
    """A date as the axis shows it: "1 Nov"."""
    local = t.astimezone()
    return f"{local.day} {local:%b}"


def rating_figure(learner: Any) -> Any:
    """The rating after each rated answer, with its 95% band; the time axis is marked with the date of the first
    answer of each day (answers a few minutes apart stay apart, and the axis never reads in seconds)."""
    from matplotlib.figure import Figure

    from .learner import START as start

    history = learner.rating_history()
    fig = Figure(figsize=(6.4, 2.6))
    ax = fig.subplots()
    if history:
        ratings = [start.rating, *(r for _t, r, _rd in history)]  # the starting rating, then one point an answer
        deviations = [start.rd, *(rd for _t, _r, rd in history)]
        xs = list(range(len(ratings)))
        ax.plot(xs, ratings, marker="o", color="#c0392b")
        ax.fill_between(xs, [r - d for r, d in zip(ratings, deviations, strict=True)],
                        [r + d for r, d in zip(ratings, deviations, strict=True)], color="#c0392b", alpha=0.15)
        ticks: list[int] = []
        labels: list[str] = []
        for i, (t, _r, _rd) in enumerate(history, start=1):
            if not labels or _day(t) != labels[-1]:
                ticks.append(i)
                labels.append(_day(t))
        ax.set_xticks(ticks, labels)
        ax.set_xlim(-0.5, len(ratings) - 0.5)
        ax.set_xlabel("rated answers, marked with the day of each day's first")
    else:
        ax.text(0.5, 0.5, "Solve a puzzle to start your rating", ha="center", va="center", transform=ax.transAxes)
        ax.set_xticks([])
    ax.set_title("Your rating over time")
    ax.set_ylabel("rating")
    return fig


def cost_figure(learner: Any) -> Any:
    """What a graded move gives up on average, by theme: in points this hand, and (moves judged at the game's
    score) in percent of the chance to win the game, each on its own axis."""
    from matplotlib.figure import Figure

    panels = [(learner.cost_by_theme("points"), "points given up per move, on average (moves in brackets)",
               "#2e7d32")]
    chances = learner.cost_by_theme("chance")
    if chances:
        panels.append((chances, "% of the chance to win the game given up per move, on average", "#1565c0"))
    rows = sum(max(1, len(costs)) for costs, _, _ in panels)
    fig = Figure(figsize=(6.4, max(2.0, 0.32 * rows + 1.0 * len(panels))))
    axes = fig.subplots(len(panels), 1, squeeze=False)[:, 0]
    for ax, (costs, label, colour) in zip(axes, panels, strict=True):
        if costs:
            themes = sorted(costs, key=lambda t: costs[t][0])
            ax.barh([f"{THEME_NAMES.get(t, t)} ({costs[t][1]})" for t in themes], [costs[t][0] for t in themes],
                    color=colour)
            ax.set_xlabel(label)
        else:
            ax.text(0.5, 0.5, "No graded moves yet", ha="center", va="center", transform=ax.transAxes)
    axes[0].set_title("Average cost per move, by theme")
    fig.tight_layout()
    return fig


def due_figure(learner: Any) -> Any:
    """How many reviews come due on each of the coming days (whole numbers on the count axis)."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    due = learner.reviews_due_by_day(DAYS_AHEAD)
    fig = Figure(figsize=(6.4, 2.4))
    ax = fig.subplots()
    ax.bar([d.strftime("%a %d") for d, _n in due], [n for _d, n in due], color="#1565c0")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
    ax.set_ylim(0, max([n for _d, n in due] + [1]))
    ax.set_title("Reviews coming due")
    ax.set_ylabel("reviews")
    ax.tick_params(axis="x", labelrotation=60, labelsize=8)
    return fig


def progress_images(learner: Any) -> list[bytes]:
    """Three PNG plots of a learner's progress (see the module's docstring)."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    return [_png(make(learner)) for make in (rating_figure, cost_figure, due_figure)]


__all__ = ["cost_figure", "due_figure", "progress_images", "rating_figure"]
