"""What the settings choose, for both programs: the preset played, the cut card, the starting
point assumed where the player has not answered yet, the study queue's settings, the feedback.

Front ends never decide these themselves: they ask here (the window adds what needs its own
machinery, such as a custom rules file read off the UI thread:
:mod:`trainer.ui.settings.chosen`).
"""

from __future__ import annotations

from trainer.rules import DEFAULT_PRESET, PRESETS
from trainer.scheduler.today import StudySettings
from trainer.teaching.curriculum import Prior

from . import declarations as cfg
from .store import Settings


def fallback_preset(settings: Settings) -> str:
    """The preset chosen in the settings (the default preset if that is not one): what is
    played when no custom rules file is set, or the one set cannot be used."""
    name = settings.get(cfg.PRESET)
    return name if name in PRESETS else DEFAULT_PRESET


def penetration(settings: Settings) -> float | None:
    """The cut card set in the settings, or None for the rule set's own."""
    return settings.get(cfg.PENETRATION) if settings.is_set(cfg.PENETRATION) else None


def prior_of(settings: Settings) -> Prior:
    """The play assumed where the player has not answered yet (as the drills assume it)."""
    return Prior.CLASSIC if settings.get(cfg.ASSUME_CLASSIC) else Prior.NOVICE


def study_of(settings: Settings) -> StudySettings:
    """The study queue's settings: new cards a day and the desired retention."""
    return StudySettings(new_per_day=settings.get(cfg.NEW_PER_DAY),
                         retention=settings.get(cfg.RETENTION))


def feedback_of(settings: Settings) -> cfg.Feedback:
    """When the practice pages show right or wrong."""
    return cfg.Feedback(settings.get(cfg.FEEDBACK))


__all__ = ["fallback_preset", "feedback_of", "penetration", "prior_of", "study_of"]
