"""Every setting the app stores, declared once: key, type, default, description and validation.

Code reads and writes settings only through :func:`read` and :func:`write` with a
:class:`Setting` from this module, so a value that is missing, of the wrong type or invalid
(say, a page that no longer exists) falls back to its default instead of breaking the start.
The settings page will be built from :data:`ALL`. The store is a ``QSettings`` passed in by the
caller, so tests use a temporary ini file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PyQt6.QtCore import QByteArray, QSettings

ORGANIZATION = "freebet-trainer"
APPLICATION = "Free Bet Trainer"

#: The main window's pages, in navigation order (stable keys: they are stored).
PAGE_KEYS = ("flashcards", "shoe", "charts", "progress", "settings")


@dataclass(frozen=True)
class Setting:
    """One stored value: ``key`` in the store, its Python type, default and meaning."""

    key: str
    type: type
    default: Any
    description: str
    valid: Callable[[Any], bool] | None = None


WINDOW_GEOMETRY = Setting("window/geometry", bytes, b"",
                          "Size and position of the main window (Qt's saveGeometry).")
WINDOW_PAGE = Setting("window/page", str, "flashcards", "The page shown at start.",
                      valid=lambda v: v in PAGE_KEYS)
CHARTS_PRESET = Setting("charts/preset", str, "evolution",
                        "Rule set whose strategy chart the charts page shows.")
CHARTS_CONTEXT = Setting("charts/context", str, "real",
                         "Chart context: real, split, free or drawn-... .")
CHARTS_DIFFERENCES = Setting("charts/differences", bool, False,
                             "Outline the cells where Free Bet play differs from standard.")

PRESET = Setting("play/preset", str, "evolution",
                 "Rule set the drills and shoe practice use (a preset name).")
RULES_FILE = Setting("play/rules_file", str, "",
                     "A custom TOML rules file used instead of the preset (empty: none).")
PENETRATION = Setting("play/penetration", float, 0.75,
                      "Share of the shoe dealt before the cut card (0.5 to 0.9).",
                      valid=lambda v: 0.5 <= v <= 0.9)
FEEDBACK = Setting("play/feedback", str, "decision",
                   "When to show right/wrong: after each decision, hand or shoe, or never.",
                   valid=lambda v: v in ("decision", "hand", "shoe", "off"))
TIMER_SECONDS = Setting("play/timer_seconds", float, 8.0,
                        "Seconds per decision in timed play (1 to 60).",
                        valid=lambda v: 1.0 <= v <= 60.0)
DEALER_SPEED_MS = Setting("play/dealer_speed_ms", int, 500,
                          "Milliseconds between the dealer's cards (0 to 3000).",
                          valid=lambda v: 0 <= v <= 3000)
ASSUME_CLASSIC = Setting("study/assume_classic", bool, True,
                         "Before any answers, assume you play classic basic strategy (what "
                         "to teach first); off: new to blackjack.")
NEW_PER_DAY = Setting("study/new_per_day", int, 20,
                      "New cards a day in due mode (0 to 200).",
                      valid=lambda v: 0 <= v <= 200)
THEME = Setting("look/theme", str, "light", "Light or dark theme.",
                valid=lambda v: v in ("light", "dark"))
DATA_DIR = Setting("data/dir", str, "",
                   "Folder of the progress file (empty: the user data folder).")

ALL: tuple[Setting, ...] = (WINDOW_GEOMETRY, WINDOW_PAGE, CHARTS_PRESET, CHARTS_CONTEXT,
                            CHARTS_DIFFERENCES, PRESET, RULES_FILE, PENETRATION, FEEDBACK,
                            TIMER_SECONDS, DEALER_SPEED_MS, ASSUME_CLASSIC, NEW_PER_DAY, THEME,
                            DATA_DIR)


def open_store() -> QSettings:
    """The user's settings file (an ini file in the platform's config folder)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION,
                     APPLICATION)


def read(store: QSettings, setting: Setting) -> Any:
    """The stored value of ``setting``, or its default when missing or invalid."""
    raw = store.value(setting.key)
    if raw is None:
        return setting.default
    try:
        value = _convert(raw, setting.type)
    except (TypeError, ValueError):
        return setting.default
    if setting.valid is not None and not setting.valid(value):
        return setting.default
    return value


def write(store: QSettings, setting: Setting, value: Any) -> None:
    """Store ``value`` for ``setting`` (bytes as QByteArray, as Qt expects)."""
    if not isinstance(value, setting.type):
        raise TypeError(f"{setting.key} takes {setting.type.__name__}, not {value!r}")
    store.setValue(setting.key, QByteArray(value) if setting.type is bytes else value)


def _convert(raw: Any, kind: type) -> Any:
    if kind is bytes:
        if isinstance(raw, QByteArray):
            return bytes(raw.data())
        if isinstance(raw, bytes):
            return raw
        raise TypeError("not bytes")
    if kind is bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).lower()
        if text in ("true", "1"):
            return True
        if text in ("false", "0"):
            return False
        raise ValueError(f"not a bool: {raw!r}")
    return kind(raw)
