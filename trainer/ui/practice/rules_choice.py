"""Which rule set a practice page plays: a preset, or the custom rules file set in Settings,
and the cut card set there."""

from __future__ import annotations

import os

from PyQt6.QtCore import QSettings

from trainer.rules import PRESETS, RuleSet, preset
from trainer.rules.rules_file import load

from ..settings import declarations as cfg
from ..settings.chosen import fallback_preset

#: The rule-set choice meaning "the custom rules file in Settings".
CUSTOM = "custom"


def rules_choices(settings: QSettings) -> list[tuple[str, str]]:
    """(value, label) of every rule set the pages offer: the presets, and the custom file."""
    choices = [(name, name) for name in PRESETS]
    path = cfg.read(settings, cfg.RULES_FILE)
    if path:
        choices.append((CUSTOM, f"custom: {os.path.basename(path)}"))
    return choices


def initial_choice(settings: QSettings) -> str:
    """The rule set chosen in Settings (the custom file when one is set)."""
    if cfg.read(settings, cfg.RULES_FILE):
        return CUSTOM
    return fallback_preset(settings)


def rules_for(choice: str, settings: QSettings) -> RuleSet:
    """The rule set of a choice (reading the custom file may raise RuleSetError)."""
    if choice == CUSTOM:
        return load(cfg.read(settings, cfg.RULES_FILE))
    return preset(choice)


def penetration(settings: QSettings) -> float | None:
    """The cut card set in Settings, or None for the rule set's own."""
    if not settings.contains(cfg.PENETRATION.key):
        return None
    return float(cfg.read(settings, cfg.PENETRATION))


__all__ = ["CUSTOM", "fallback_preset", "initial_choice", "penetration", "rules_choices",
           "rules_for"]
