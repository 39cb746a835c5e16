"""What the settings choose, read once for every page: the progress file, the rules practised
and the rule sets a page offers, the starting point assumed where the player has not answered
yet, the study queue's settings.

Pages never decide these themselves (the progress page once re-implemented the practice pages'
choice of rules): they ask here.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from PyQt6.QtCore import QSettings
from PyQt6.QtWidgets import QComboBox

from trainer.drills.curriculum import Prior
from trainer.drills.study import StudySettings
from trainer.progress.location import database_path
from trainer.rules import PRESETS, RuleSet, preset
from trainer.rules.releases import rules_file_title

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


def penetration(settings: QSettings) -> float | None:
    """The cut card set in Settings, or None for the rule set's own."""
    if not settings.contains(cfg.PENETRATION.key):
        return None
    return float(cfg.read(settings, cfg.PENETRATION))


def played_rules(settings: QSettings) -> RuleSet:
    """The rules practised as the shoes deal them: with the cut card set in Settings, so that
    every page says the one penetration played (it changes no strategy: not in the
    fingerprint)."""
    rules, cut = practised_rules(settings), penetration(settings)
    return rules if cut is None else replace(rules, penetration=cut)


#: The rules choice meaning "the custom rules file set in Settings".
CUSTOM = "custom"


def custom_rules(settings: QSettings) -> RuleSet | None:
    """The rules of the custom rules file set in Settings as last read (None: no file set, not
    read yet, or one that cannot be used); reads nothing."""
    path = cfg.read(settings, cfg.RULES_FILE)
    outcome = rules_files().last(path) if path else None
    return outcome if isinstance(outcome, RuleSet) else None


def rules_choices(settings: QSettings, custom: bool = True) -> list[tuple[str, str]]:
    """(value, label) of every rule set a page offers: the presets, and (unless not
    ``custom``) the custom rules file set in Settings, under the name in the file once it is
    read ("custom: FILE" before)."""
    choices = [(name, name) for name in PRESETS]
    path = cfg.read(settings, cfg.RULES_FILE)
    if path and custom:
        rules = custom_rules(settings)
        label = (rules_file_title(rules) if rules is not None
                 else f"custom: {os.path.basename(path)}")
        choices.append((CUSTOM, label))
    return choices


def fill_rules_box(box: QComboBox, settings: QSettings, choose: str | None = None,
                   custom: bool = True) -> bool:
    """Fill ``box`` with :func:`rules_choices` without a signal, on ``choose`` if given, else
    on the choice it had (the Settings preset when that is no longer offered); True when the
    choice is another than before."""
    before = box.currentData()
    wanted = choose if choose is not None else before
    box.blockSignals(True)
    box.clear()
    for value, label in rules_choices(settings, custom):
        box.addItem(label, value)
    index = box.findData(wanted)
    box.setCurrentIndex(index if index >= 0 else max(0, box.findData(fallback_preset(settings))))
    box.blockSignals(False)
    return box.currentData() != before


def first_run(settings: QSettings) -> bool:
    """True on a first run, when the window welcomes the player: no setting stored at all
    and no progress file where the settings point."""
    if settings.contains(cfg.WELCOMED.key) or settings.allKeys():
        return False
    try:
        return not database_of(settings).exists()
    except OSError:           # a folder the system refuses: said where it is used
        return False


def prior_of(settings: QSettings) -> Prior:
    """The play assumed where the player has not answered yet (as the drills assume it)."""
    return Prior.CLASSIC if cfg.read(settings, cfg.ASSUME_CLASSIC) else Prior.NOVICE


def study_of(settings: QSettings) -> StudySettings:
    """The study queue's settings: new cards a day and the desired retention."""
    return StudySettings(new_per_day=int(cfg.read(settings, cfg.NEW_PER_DAY)),
                         retention=float(cfg.read(settings, cfg.RETENTION)))


__all__ = ["CUSTOM", "custom_rules", "database_of", "fallback_preset", "fill_rules_box",
           "first_run", "penetration", "played_rules", "practised_rules", "prior_of",
           "rules_choices", "study_of"]
