"""What the Progress page reads by the settings: the progress file, the rules practised and the
play assumed where the player has not answered (as the practice pages have them)."""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import QSettings

from trainer.drills.curriculum import Prior
from trainer.progress.location import database_path
from trainer.rules import PRESETS, RuleSet, preset

from ..rules_files import rules_files
from ..settings import declarations as cfg


def database_of(store: QSettings) -> Path:
    """The progress file the settings point at (data location, or the default folder)."""
    return database_path(cfg.read(store, cfg.DATA_DIR) or None)


def practised_rules(store: QSettings) -> RuleSet:
    """The rules the practice pages play: the custom rules file set in Settings when it has
    been read (off the UI thread: :mod:`trainer.ui.rules_files`) and can be used, else the
    Settings preset (read only: this page never changes it)."""
    path = cfg.read(store, cfg.RULES_FILE)
    if path:
        outcome = rules_files().result(path)
        if isinstance(outcome, RuleSet):
            return outcome
    name = cfg.read(store, cfg.PRESET)
    return preset(name if name in PRESETS else next(iter(PRESETS)))


def prior_of(store: QSettings) -> Prior:
    """The play assumed where the player has not answered yet (as the drills assume it)."""
    return Prior.CLASSIC if cfg.read(store, cfg.ASSUME_CLASSIC) else Prior.NOVICE


__all__ = ["database_of", "practised_rules", "prior_of"]
