"""Every setting the app stores, declared once: key, type, default, description, and for the
ones the player changes, the label, section and allowed values or range of the settings page.

Validation (:meth:`Setting.problem`, used by :func:`read` and the settings page) and the
settings page itself (:mod:`trainer.ui.settings.page`: an editor per declared setting, chosen
by its allowed values) are both built from these declarations. Code reads and writes settings
only through :func:`read` and :func:`write`, so a value that is missing, of the wrong type or
not allowed (say, a page that no longer exists) falls back to its default instead of breaking
the start. The store is a ``QSettings`` passed in by the caller, so tests use a temporary ini
file.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from PyQt6.QtCore import QByteArray, QSettings

from trainer import PROGRAM
from trainer.drills import retention
from trainer.rules import PRESETS
from trainer.rules.ruleset import PENETRATIONS

from ..pages import PAGES

ORGANIZATION = PROGRAM
APPLICATION = "Free Bet Trainer"
#: The settings page's sections, in page order.
SECTIONS = ("Game", "Practice", "Study", "Look", "Data")


@dataclass(frozen=True)
class Choices:
    """The values a setting may hold, each with the words the settings page shows for it."""

    labels: Mapping[Any, str]

    def allows(self, value: Any) -> bool:
        """True for one of the choices."""
        return value in self.labels


@dataclass(frozen=True)
class Range:
    """A number from ``minimum`` to ``maximum``; the page steps by ``step`` and shows the value
    times ``scale`` (0.75 as 75 %) followed by ``suffix``."""

    minimum: float
    maximum: float
    step: float = 1.0
    scale: float = 1.0
    suffix: str = ""

    def allows(self, value: Any) -> bool:
        """True for a number within the range."""
        return self.minimum <= value <= self.maximum


@dataclass(frozen=True)
class Amounts:
    """A list of whole amounts written "1, 5, 10": from one to ``most`` of them, different,
    lowest first, each from ``minimum`` to ``maximum``."""

    minimum: int
    maximum: int
    most: int

    def parse(self, value: str) -> tuple[int, ...]:
        """The amounts of ``value``; ValueError saying what is wrong."""
        parts = [part.strip() for part in str(value).split(",")]
        if not all(part.isdigit() for part in parts):
            raise ValueError("write whole amounts separated by commas, as 1, 5, 10")
        amounts = tuple(int(part) for part in parts)
        if not 1 <= len(amounts) <= self.most:
            raise ValueError(f"give 1 to {self.most} amounts")
        if any(not self.minimum <= a <= self.maximum for a in amounts):
            raise ValueError(f"each amount lies from {self.minimum:,} to {self.maximum:,}")
        if list(amounts) != sorted(set(amounts)):
            raise ValueError("give each amount once, lowest first")
        return amounts

    def allows(self, value: Any) -> bool:
        """True for a text of such amounts."""
        try:
            self.parse(value)
        except ValueError:
            return False
        return True


@dataclass(frozen=True)
class Folder:
    """A folder named by its whole path (from the file system's root), or empty for the
    default: a relative name would move the history with the folder the trainer starts in."""

    def allows(self, value: Any) -> bool:
        """True for "" or an absolute path of printable characters."""
        return isinstance(value, str) and (value == "" or (
            os.path.isabs(value) and value.isprintable()))


class Editor(Enum):
    """How the settings page edits a setting: by its allowed values (a menu for choices, a spin
    box for a range), or with a special editor."""

    VALUE = "value"
    RULES_FILE = "rules file"     # choose or clear a TOML file; its tables are built
    FOLDER = "folder"             # choose a folder, or go back to the default


@dataclass(frozen=True)
class Setting:
    """One stored value: ``key`` in the store, its type, default and meaning; ``label`` and
    ``section`` place it on the settings page (no label: not on the page, such as the window's
    size)."""

    key: str
    type: type
    default: Any
    description: str
    label: str = ""
    section: str = ""
    allowed: Choices | Range | Amounts | Folder | None = None
    editor: Editor = field(default=Editor.VALUE)

    def problem(self, value: Any) -> str | None:
        """Why ``value`` may not be stored (None: it may)."""
        name = self.label or self.key
        if not isinstance(value, self.type) or (self.type is not bool
                                                and isinstance(value, bool)):
            return f"{name} takes a {self.type.__name__}, not {value!r}."
        if isinstance(self.allowed, Amounts):
            try:
                self.allowed.parse(str(value))
            except ValueError as exc:
                return f"{value!r} is not allowed for {name}: {exc}."
        if self.allowed is not None and not self.allowed.allows(value):
            return f"{value!r} is not allowed for {name}: {self.description}"
        return None


class Feedback(Enum):
    """When the practice pages show right or wrong (the FEEDBACK setting's values)."""

    DECISION = "decision"
    HAND = "hand"
    SHOE = "shoe"
    OFF = "off"

    @property
    def after_each_card(self) -> bool:
        """A flashcard's grade is shown once it is answered (a flashcard is one decision and
        one hand)."""
        return self in (Feedback.DECISION, Feedback.HAND)


_FEEDBACK_LABELS = {Feedback.DECISION: "After each decision", Feedback.HAND: "After each hand",
                    Feedback.SHOE: "At the end of the shoe", Feedback.OFF: "Never"}

WINDOW_GEOMETRY = Setting("window/geometry", bytes, b"",
                          "Size and position of the main window (Qt's saveGeometry).")
WINDOW_PAGE = Setting("window/page", str, PAGES[0].key, "The page shown at start.",
                      allowed=Choices({page.key: page.title for page in PAGES}))
CHARTS_PRESET = Setting("charts/preset", str, "evolution",
                        "Rule set whose strategy chart the charts page shows.")
CHARTS_CONTEXT = Setting("charts/context", str, "real",
                         "Chart context: real, split, free or drawn-... .")
CHARTS_DIFFERENCES = Setting("charts/differences", bool, False,
                             "Outline the cells where Free Bet play differs from standard.")

PRESET = Setting("play/preset", str, "evolution",
                 "Rule set the drills and shoe practice use (a preset name).",
                 label="Preset", section="Game",
                 allowed=Choices({name: name for name in PRESETS}))
RULES_FILE = Setting("play/rules_file", str, "",
                     "A custom TOML rules file used instead of the preset (empty: none).",
                     label="Custom rules file", section="Game", editor=Editor.RULES_FILE)
PENETRATION = Setting("play/penetration", float, PENETRATIONS.usual,
                      "Share of the shoe dealt before the cut card "
                      f"({PENETRATIONS.lowest:.0%} to {PENETRATIONS.highest:.0%}; until set "
                      "here, the rule set's own).",
                      label="Penetration", section="Practice",
                      allowed=Range(PENETRATIONS.lowest, PENETRATIONS.highest, step=0.05,
                                    scale=100, suffix=" % of the shoe"))
FEEDBACK = Setting("play/feedback", str, Feedback.DECISION.value,
                   "When to show right/wrong: after each decision, hand or shoe, or never.",
                   label="Feedback", section="Practice",
                   allowed=Choices({f.value: label for f, label in _FEEDBACK_LABELS.items()}))
TIMER_SECONDS = Setting("play/timer_seconds", float, 8.0,
                        "Seconds per decision in timed play (1 to 60).",
                        label="Timer", section="Practice",
                        allowed=Range(1, 60, step=0.5, suffix=" s per decision"))
DEALER_SPEED_MS = Setting("play/dealer_speed_ms", int, 500,
                          "Milliseconds between the dealer's cards (0 to 3000).",
                          label="Dealer speed", section="Practice",
                          allowed=Range(0, 3000, step=50, suffix=" ms between cards"))
CHIPS = Setting("table/chips", str, "1, 5, 10, 25, 100, 500",
                "The chips of the chip display in Shoe practice, lowest first (1 to 8 "
                "amounts, each 1 to 100,000; the number keys 1, 2, ... take them).",
                label="Chips", section="Game", allowed=Amounts(1, 100_000, 8))
TABLE_MINIMUM = Setting("table/minimum", int, 10,
                        "The table minimum of the main bet in Shoe practice (1 to 10,000), "
                        "and a counted shoe's betting unit.",
                        label="Table minimum", section="Game",
                        allowed=Range(1, 10_000, step=5))
TABLE_MAXIMUM = Setting("table/maximum", int, 1000,
                        "The table maximum of the main bet in Shoe practice (1 to 100,000; "
                        "below the minimum, the minimum is the maximum).",
                        label="Table maximum", section="Game",
                        allowed=Range(1, 100_000, step=100))
SIDE_BET_MAXIMUM = Setting("table/side_maximum", int, 100,
                           "The most each side bet takes in Shoe practice (1 to 10,000).",
                           label="Side bet maximum", section="Game",
                           allowed=Range(1, 10_000, step=5))
ASSUME_CLASSIC = Setting("study/assume_classic", bool, True,
                         "Before any answers, assume you play classic basic strategy (what "
                         "to teach first); off: new to blackjack.",
                         label="Starting point", section="Study",
                         allowed=Choices({True: "I know classic basic strategy",
                                          False: "I am new to blackjack"}))
START_DECLINED = Setting("study/start_declined", int, -1,
                         "The first answers counted when the player last declined to change "
                         "the starting point their answers suggested (-1: never declined).")
NEW_PER_DAY = Setting("study/new_per_day", int, 20,
                      "New cards a day in due mode (0 to 200).",
                      label="New cards", section="Study",
                      allowed=Range(0, 200, step=5, suffix=" a day"))
RETENTION = Setting("study/retention", float, retention.RETENTION,
                    "The recall under which a card is due again, for every drill "
                    f"({retention.LOWEST:.0%} to {retention.HIGHEST:.0%}): higher asks more "
                    "often and forgets less.",
                    label="Desired retention", section="Study",
                    allowed=Range(retention.LOWEST, retention.HIGHEST, step=0.01, scale=100,
                                  suffix=" % recall"))
THEME = Setting("look/theme", str, "light", "Light or dark theme.",
                label="Theme", section="Look", allowed=Choices({"light": "Light", "dark": "Dark"}))
WELCOMED = Setting("welcome/shown", bool, False,
                   "The first run's welcome was shown (Help ▸ Welcome… shows it again).")
DATA_DIR = Setting("data/dir", str, "",
                   "Folder of the progress file (empty: the user data folder).",
                   label="Data location", section="Data", editor=Editor.FOLDER,
                   allowed=Folder())

ALL: tuple[Setting, ...] = (WINDOW_GEOMETRY, WINDOW_PAGE, CHARTS_PRESET, CHARTS_CONTEXT,
                            CHARTS_DIFFERENCES, PRESET, RULES_FILE, CHIPS, TABLE_MINIMUM,
                            TABLE_MAXIMUM, SIDE_BET_MAXIMUM, PENETRATION, FEEDBACK,
                            TIMER_SECONDS, DEALER_SPEED_MS, ASSUME_CLASSIC, START_DECLINED,
                            NEW_PER_DAY,
                            RETENTION, THEME, WELCOMED, DATA_DIR)


def on_the_page() -> list[Setting]:
    """The declared settings the settings page edits, in declaration order."""
    return [setting for setting in ALL if setting.label]


#: The prefix of a store's dynamic property holding a value for one run (:func:`hold`).
_HELD = "held:"


def open_store() -> QSettings:
    """The user's settings file (an ini file in the platform's config folder)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION,
                     APPLICATION)


def hold(store: QSettings, setting: Setting, value: Any) -> None:
    """Have :func:`read` give ``value`` for ``setting`` from ``store`` for as long as the store
    lives, without storing it (a command-line option for one run); :func:`write` of the
    setting lets it go."""
    store.setProperty(_HELD + setting.key, value)


def read(store: QSettings, setting: Setting) -> Any:
    """The value held for this run (:func:`hold`), else the stored value of ``setting``, or
    its default when missing or not allowed."""
    held = store.property(_HELD + setting.key)
    raw = store.value(setting.key) if held is None else held
    if raw is None:
        return setting.default
    try:
        value = _convert(raw, setting.type)
    except (TypeError, ValueError):
        return _refused(store, setting, raw)
    if setting.allowed is not None and not setting.allowed.allows(value):
        return _refused(store, setting, raw)
    return value


def _refused(store: QSettings, setting: Setting, raw: Any) -> Any:
    """The default of ``setting``, its stored value ``raw`` noted as refused (said once by
    the window: :func:`refused`)."""
    default = setting.default if setting.default != "" else "the default"
    noted = dict(_REFUSED.get(store.fileName(), {}))
    noted[setting.key] = (f"{setting.label or setting.key}: the stored value {raw!r} cannot be "
                          f"used ({setting.description.rstrip('.')}); {default!s} is used "
                          "instead.")
    _REFUSED[store.fileName()] = noted
    return setting.default


#: The stored values refused so far, by settings file, then by key.
_REFUSED: dict[str, dict[str, str]] = {}


def refused(store: QSettings) -> list[str]:
    """What :func:`read` refused of ``store``'s values so far, in words (each once)."""
    return list(_REFUSED.get(store.fileName(), {}).values())


def feedback(store: QSettings) -> Feedback:
    """The FEEDBACK setting as its enum."""
    return Feedback(read(store, FEEDBACK))


def write(store: QSettings, setting: Setting, value: Any) -> None:
    """Store ``value`` for ``setting`` (bytes as QByteArray, as Qt expects)."""
    if not isinstance(value, setting.type):
        raise TypeError(f"{setting.key} takes {setting.type.__name__}, not {value!r}")
    store.setProperty(_HELD + setting.key, None)   # a held value gives way to the one chosen
    store.setValue(setting.key, QByteArray(value) if isinstance(value, bytes) else value)


def _convert(raw: Any, kind: type) -> Any:
    if kind is bytes:
        if isinstance(raw, QByteArray):
            return bytes(raw.data())
        if isinstance(raw, bytes):
            return raw
        raise TypeError("not bytes")
    if kind is str and not isinstance(raw, str):
        raise TypeError(f"not a text: {raw!r}")   # a list (an unquoted comma) or a number
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
