"""The player's settings, owned here for both programs (no Qt): every setting declared once
(:mod:`.declarations`, built from :mod:`.kinds`), the one TOML file both the window and the
terminal read and write (:mod:`.store`), and what the settings choose (:mod:`.chosen`).

    from trainer import settings as cfg

    settings = cfg.Settings()             # the user's file; Settings(path) in tests
    settings.get(cfg.PRESET)              # a str, as declared
    settings.set(cfg.TIMER_SECONDS, 5.0)  # SettingError when not allowed
"""

from .declarations import (
    ALL,
    ASSUME_CLASSIC,
    BEHIND_FOLLOWS_DOUBLES,
    BEHIND_FOLLOWS_SPLITS,
    BETTING_SECONDS,
    CHARTS_CONTEXT,
    CHARTS_DIFFERENCES,
    CHARTS_PRESET,
    CHIPS,
    DATA_DIR,
    DEALER_SPEED_MS,
    DECISION_SHARES,
    FEEDBACK,
    NEW_PER_DAY,
    OWN_TAGS,
    PENETRATION,
    PRESET,
    RENAMED,
    RETENTION,
    RULES_FILE,
    SEAT_ERRORS,
    SECTIONS,
    SIDE_BET_MAXIMUM,
    START_DECLINED,
    TABLE_MAXIMUM,
    TABLE_MINIMUM,
    THEME,
    TIMER_SECONDS,
    WELCOMED,
    WINDOW_GEOMETRY,
    Feedback,
    named,
    on_the_page,
)
from .kinds import Amounts, Choices, Editor, Folder, Range, Setting, SettingError
from .store import Settings, settings_path

__all__ = ["ALL", "ASSUME_CLASSIC", "BEHIND_FOLLOWS_DOUBLES", "BEHIND_FOLLOWS_SPLITS",
           "BETTING_SECONDS", "CHARTS_CONTEXT", "CHARTS_DIFFERENCES", "CHARTS_PRESET", "CHIPS",
           "DATA_DIR", "DEALER_SPEED_MS", "DECISION_SHARES", "FEEDBACK", "NEW_PER_DAY", "OWN_TAGS",
           "PENETRATION", "PRESET", "RENAMED", "RETENTION", "RULES_FILE", "SEAT_ERRORS", "SECTIONS",
           "SIDE_BET_MAXIMUM", "START_DECLINED", "TABLE_MAXIMUM", "TABLE_MINIMUM", "THEME",
           "TIMER_SECONDS", "WELCOMED", "WINDOW_GEOMETRY", "Amounts", "Choices", "Editor",
           "Feedback", "Folder", "Range", "Setting", "SettingError", "Settings", "named",
           "on_the_page", "settings_path"]
