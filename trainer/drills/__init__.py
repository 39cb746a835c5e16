"""Drills: situation keys, grading against the tables, flashcards, shoe practice, timed play."""

from .records import GradedDecision, Mode, Verdict

__all__ = ["GradedDecision", "Mode", "Verdict"]
