"""Computer players: easy, medium, hard and expert; each decision explains itself.

>>> bot = make_bot("easy", seed=1)
>>> bot.level
'easy'
"""

from __future__ import annotations

from typing import Any

from .base import Bot, Decision, Reasoning, Step

LEVELS = ("easy", "medium", "hard", "expert")

#: Named opponents for the table (SPEC section 5); the learner is the brown monkey.
OPPONENT_NAMES = ("blue otter", "yellow bird", "red fox")


def make_bot(level: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot of a level (``easy``, ``medium``, ``hard``, ``expert``); ``options`` go to its constructor.

    The expert takes ``seconds`` (time budget per move, default 1.0), ``rollouts`` (a fixed, deterministic
    number of sampled deals per move instead) and ``rollout_passes`` (compare its shortlist of passes by
    rollouts, default True). It searches in one process (tournaments use both cores by playing deals in
    parallel with ``--jobs 2``).
    """
    from .heuristic import EasyBot, HardBot, MediumBot

    if level == "expert":
        from .expert import ExpertBot

        return ExpertBot(seed=seed, **options)
    classes = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
    if level not in classes:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    if options:
        raise TypeError(f"the {level} bot takes no options, got {', '.join(sorted(options))}")
    return classes[level](seed=seed)


__all__ = ["LEVELS", "OPPONENT_NAMES", "Bot", "Decision", "Reasoning", "Step", "make_bot"]
