"""Which rule set a practice page plays: a preset, or the custom rules file set in Settings,
and the cut card set there."""

from __future__ import annotations

from trainer import settings as cfg
from trainer.rules import RuleSet, preset
from trainer.rules.errors import RuleSetError
from trainer.settings import Settings

from ..rules_files import rules_files
from ..settings.chosen import (
    CUSTOM,
    custom_rules,
    fallback_preset,
    fill_rules_box,
    penetration,
    rules_choices,
)


def initial_choice(settings: Settings) -> str:
    """The rule set chosen in Settings (the custom file when one is set)."""
    if settings.get(cfg.RULES_FILE):
        return CUSTOM
    return fallback_preset(settings)


def custom_path(settings: Settings) -> str:
    """The custom rules file set in Settings ("" for none)."""
    return settings.get(cfg.RULES_FILE)


def rules_for(choice: str, settings: Settings) -> RuleSet | None:
    """The rule set of a choice. The custom file's are the last read of it, off the UI thread
    (:mod:`trainer.ui.rules_files`): None until its first read ends (``changed`` then says
    so), and RuleSetError when it cannot be used."""
    if choice != CUSTOM:
        return preset(choice)
    outcome = rules_files().result(custom_path(settings))
    if isinstance(outcome, RuleSetError):
        raise RuleSetError(str(outcome))   # a fresh one each time: no traceback grows
    return outcome


__all__ = ["CUSTOM", "custom_path", "custom_rules", "fallback_preset", "fill_rules_box",
           "initial_choice", "penetration", "rules_choices", "rules_for"]
