"""Computer players: easy, medium, hard and expert; each decision explains itself."""

from .base import Bot, Decision, Reasoning, Step

__all__ = ["Bot", "Decision", "Reasoning", "Step"]
