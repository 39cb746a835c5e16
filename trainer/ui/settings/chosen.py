"""What the settings choose, read once for every page: the progress file, the rules practised
and the rule sets a page offers; with the choices both programs make
(:mod:`trainer.settings.chosen`: the starting point assumed where the player has not answered
yet, the study queue's settings, the cut card).

Pages never decide these themselves (the progress page once re-implemented the practice pages'
choice of rules): they ask here.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

from PyQt6.QtWidgets import QComboBox

from trainer import settings as cfg
from trainer.rules import PRESETS, RuleSet, preset
from trainer.rules.releases import rules_file_title
from trainer.settings import Settings
from trainer.settings.chosen import (
    fallback_preset,
    feedback_of,
    penetration,
    prior_of,
    study_of,
)

from ..progress_service import database_path
from ..rules_files import rules_files


def database_of(settings: Settings) -> Path:
    """The progress file the settings point at (data location, or the default folder)."""
    return database_path(settings.get(cfg.DATA_DIR) or None)


def practised_rules(settings: Settings) -> RuleSet:
    """The rules the practice pages play: the custom rules file set in Settings when it has
    been read (off the UI thread: :mod:`trainer.ui.rules_files`) and can be used, else the
    Settings preset (read only: nothing here changes a setting)."""
    path = settings.get(cfg.RULES_FILE)
    if path:
        outcome = rules_files().result(path)
        if isinstance(outcome, RuleSet):
            return outcome
    return preset(fallback_preset(settings))


def played_rules(settings: Settings) -> RuleSet:
    """The rules practised as the shoes deal them: with the cut card set in Settings, so that
    every page says the one penetration played (it changes no strategy: not in the
    fingerprint)."""
    rules, cut = practised_rules(settings), penetration(settings)
    return rules if cut is None else replace(rules, penetration=cut)


#: The rules choice meaning "the custom rules file set in Settings".
CUSTOM = "custom"


def custom_rules(settings: Settings) -> RuleSet | None:
    """The rules of the custom rules file set in Settings as last read (None: no file set, not
    read yet, or one that cannot be used); reads nothing."""
    path = settings.get(cfg.RULES_FILE)
    outcome = rules_files().last(path) if path else None
    return outcome if isinstance(outcome, RuleSet) else None


def rules_choices(settings: Settings, custom: bool = True) -> list[tuple[str, str]]:
    """(value, label) of every rule set a page offers: the presets, and (unless not
    ``custom``) the custom rules file set in Settings, under the name in the file once it is
    read ("custom: FILE" before)."""
    choices = [(name, name) for name in PRESETS]
    path = settings.get(cfg.RULES_FILE)
    if path and custom:
        rules = custom_rules(settings)
        label = (rules_file_title(rules) if rules is not None
                 else f"custom: {os.path.basename(path)}")
        choices.append((CUSTOM, label))
    return choices


def fill_rules_box(box: QComboBox, settings: Settings, choose: str | None = None,
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


def first_run(settings: Settings) -> bool:
    """True on a first run, when the window welcomes the player: no setting stored at all
    and no progress file where the settings point."""
    if settings.is_set(cfg.WELCOMED) or settings.keys():
        return False
    try:
        return not database_of(settings).exists()
    except OSError:           # a folder the system refuses: said where it is used
        return False


__all__ = ["CUSTOM", "custom_rules", "database_of", "fallback_preset", "feedback_of",
           "fill_rules_box", "first_run", "penetration", "played_rules", "practised_rules",
           "prior_of", "rules_choices", "study_of"]
