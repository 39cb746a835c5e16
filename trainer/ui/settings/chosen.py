"""What the settings choose, read once for every page: the progress file, the rules practised,
the starting point assumed where the player has not answered yet, the study queue's settings.

Pages never decide these themselves (the progress page once re-implemented the practice pages'
choice of rules): they ask here.
"""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import QSettings

from trainer.drills.curriculum import Prior
from trainer.drills.study import StudySettings
from trainer.progress.location import database_path
from trainer.rules import PRESETS, RuleSet, preset

from ..rules_files import rules_files
from . import declarations as cfg


def database_of(settings: QSettings) -> Path:
    """The progress file the settings point at (data location, or the default folder)."""
    return database_path(cfg.read(settings, cfg.DATA_DIR) or None)


def fallback_preset(settings: QSettings) -> str:
    """The preset chosen in Settings (the first preset if that is not one): what is played
    when no custom rules file is set, or the one set cannot be used."""
    name = cfg.read(settings, cfg.PRESET)
    return name if name in PRESETS else next(iter(PRESETS))


def practised_rules(settings: QSettings) -> RuleSet:
    """The rules the practice pages play: the custom rules file set in Settings when it has
    been read (off the UI thread: :mod:`trainer.ui.rules_files`) and can be used, else the
    Settings preset (read only: nothing here changes a setting)."""
    path = cfg.read(settings, cfg.RULES_FILE)
    if path:
        outcome = rules_files().result(path)
        if isinstance(outcome, RuleSet):
            return outcome
    return preset(fallback_preset(settings))


def prior_of(settings: QSettings) -> Prior:
    """The play assumed where the player has not answered yet (as the drills assume it)."""
    return Prior.CLASSIC if cfg.read(settings, cfg.ASSUME_CLASSIC) else Prior.NOVICE


def study_of(settings: QSettings) -> StudySettings:
    """The study queue's settings: new cards a day and the desired retention."""
    return StudySettings(new_per_day=int(cfg.read(settings, cfg.NEW_PER_DAY)),
                         retention=float(cfg.read(settings, cfg.RETENTION)))


__all__ = ["database_of", "fallback_preset", "practised_rules", "prior_of", "study_of"]
