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


def progress_images(learner: Any) -> list[bytes]:
    """Three PNG plots of a learner's progress (see the module's docstring)."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure

    images = []
    history = learner.rating_history()
    fig = Figure(figsize=(6.4, 2.6))
    ax = fig.subplots()
    if history:
        from matplotlib.dates import AutoDateLocator, ConciseDateFormatter

        from .learner import START as start

        times = [history[0][0], *(t for t, _r, _rd in history)]  # the starting rating, then one point an answer
        ratings = [start.rating, *(r for _t, r, _rd in history)]
        deviations = [start.rd, *(rd for _t, _r, rd in history)]
        locator = AutoDateLocator()
        ax.xaxis.set_major_locator(locator)
        ax.xaxis.set_major_formatter(ConciseDateFormatter(locator))
        ax.plot(times, ratings, marker="o", color="#c0392b")
        ax.fill_between(times, [r - d for r, d in zip(ratings, deviations, strict=True)],
                        [r + d for r, d in zip(ratings, deviations, strict=True)], color="#c0392b", alpha=0.15)
    else:
        ax.text(0.5, 0.5, "Solve a puzzle to start your rating", ha="center", va="center", transform=ax.transAxes)
    ax.set_title("Your rating over time")
    ax.set_ylabel("rating")
    images.append(_png(fig))

    costs = learner.cost_by_theme()
    fig = Figure(figsize=(6.4, max(2.0, 0.32 * len(costs) + 1.0)))
    ax = fig.subplots()
    if costs:
        themes = sorted(costs, key=lambda t: costs[t][0])
        ax.barh([f"{THEME_NAMES.get(t, t)} ({costs[t][1]})" for t in themes], [costs[t][0] for t in themes],
                color="#2e7d32")
        ax.set_xlabel("points given up per move, on average (moves in brackets)")
    else:
        ax.text(0.5, 0.5, "No graded moves yet", ha="center", va="center", transform=ax.transAxes)
    ax.set_title("Average cost per move, by theme")
    images.append(_png(fig))

    due = learner.reviews_due_by_day(DAYS_AHEAD)
    fig = Figure(figsize=(6.4, 2.4))
    ax = fig.subplots()
    ax.bar([d.strftime("%a %d") for d, _n in due], [n for _d, n in due], color="#1565c0")
    ax.set_title("Reviews coming due")
    ax.set_ylabel("reviews")
    ax.tick_params(axis="x", labelrotation=60, labelsize=8)
    images.append(_png(fig))
    return images


__all__ = ["progress_images"]
