"""Graded decisions for the progress tests: one plausible record, varied field by field."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from trainer.teaching.records import GradedDecision, Mode, Verdict

FIXED_NOW = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)

BASE = GradedDecision(
    time="2026-03-01T12:00:00Z", preset="evolution", mode=Mode.FLASHCARDS,
    situation_key="evolution|hard 16|10|real|first", cards="10♠ 6♦", dealer_up="10",
    action="hit", best_action="hit", verdict=Verdict.CORRECT, ev_loss=0.0, response_ms=1500,
    evs={"stand": -0.5404, "hit": -0.5121, "double": -1.0242}, weight=0.0071,
)


def decision(**changes: object) -> GradedDecision:
    """A graded decision like BASE with some fields changed."""
    return replace(BASE, **changes)  # type: ignore[arg-type]
