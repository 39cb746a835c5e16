"""Every setting both programs store, declared once: key, type, default, description, and for
the ones the player changes, the label, section and allowed values or range of the settings
page (the window builds its page from these, the terminal its ``settings`` command).

Defaults are asked of the place that owns them (the default preset of :mod:`trainer.rules`,
the study queue's of :mod:`trainer.scheduler.today`); bounds are said by the allowed values
(:meth:`~trainer.settings.kinds.Range.words`), never in a description. A key renamed keeps
working: :data:`RENAMED` reads the old key as the new one.
"""

from __future__ import annotations

from enum import Enum

from trainer.rules import DEFAULT_PRESET, PRESETS
from trainer.rules.ruleset import PENETRATIONS
from trainer.scheduler import retention
from trainer.scheduler.today import DEFAULT_STUDY

from .kinds import Amounts, Choices, Editor, Folder, Range, Setting

#: The settings page's sections, in page order.
SECTIONS = ("Game", "Practice", "Study", "Look", "Data")


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

WINDOW_GEOMETRY = Setting("window.geometry", bytes, b"",
                          "Size and position of the main window (Qt's saveGeometry, base64).")
CHARTS_PRESET = Setting("charts.preset", str, DEFAULT_PRESET,
                        "Rule set whose strategy chart the charts page shows.")
CHARTS_CONTEXT = Setting("charts.context", str, "real",
                         "Chart context: real, split, free or drawn-... .")
CHARTS_DIFFERENCES = Setting("charts.differences", bool, False,
                             "Outline the cells where Free Bet play differs from standard.")

PRESET = Setting("play.preset", str, DEFAULT_PRESET,
                 "Rule set the drills and shoe practice use.",
                 label="Preset", section="Game",
                 allowed=Choices({name: name for name in PRESETS}))
RULES_FILE = Setting("play.rules_file", str, "",
                     "A custom TOML rules file used instead of the preset (empty: none).",
                     label="Custom rules file", section="Game", editor=Editor.RULES_FILE)
PENETRATION = Setting("play.penetration", float, PENETRATIONS.usual,
                      "Share of the shoe dealt before the cut card, the rule set's own until "
                      "set here.",
                      label="Penetration", section="Practice",
                      allowed=Range(PENETRATIONS.lowest, PENETRATIONS.highest, step=0.05,
                                    scale=100, suffix=" % of the shoe"))
FEEDBACK = Setting("play.feedback", str, Feedback.DECISION.value,
                   "When to show right/wrong: after each decision, hand or shoe, or never.",
                   label="Feedback", section="Practice",
                   allowed=Choices({f.value: label for f, label in _FEEDBACK_LABELS.items()}))
TIMER_SECONDS = Setting("play.timer_seconds", float, 8.0,
                        "Seconds per decision in timed play.",
                        label="Timer", section="Practice",
                        allowed=Range(1, 60, step=0.5, suffix=" s per decision"))
DECISION_SHARES = Setting("play.decision_shares", bool, True,
                          "Show on each decision button the share of your own earlier "
                          "decisions in the same situation (and the computer seats'); never in "
                          "due-mode flashcards.",
                          label="Decision shares", section="Practice",
                          allowed=Choices({True: "Shown on the buttons", False: "Hidden"}))
BETTING_SECONDS = Setting("play.betting_seconds", float, 15.0,
                          "Seconds to bet before each round in timed shoe play: at zero the "
                          "round is dealt with the bets on the felt, or skipped with none "
                          "(0: betting waits for you).",
                          label="Betting time", section="Practice",
                          allowed=Range(0, 60, step=1, suffix=" s to bet"))
DEALER_SPEED_MS = Setting("play.dealer_speed_ms", int, 500,
                          "Milliseconds between the dealer's cards.",
                          label="Dealer speed", section="Practice",
                          allowed=Range(0, 3000, step=50, suffix=" ms between cards"))
CHIPS = Setting("table.chips", str, "1, 5, 10, 25, 100, 500",
                "The chips of the chip display in Shoe practice, lowest first; the number keys "
                "1, 2, ... take them.",
                label="Chips", section="Game", allowed=Amounts(1, 100_000, 8))
TABLE_MINIMUM = Setting("table.minimum", int, 10,
                        "The table minimum of the main bet in Shoe practice, and a counted "
                        "shoe's betting unit.",
                        label="Table minimum", section="Game",
                        allowed=Range(1, 10_000, step=5))
TABLE_MAXIMUM = Setting("table.maximum", int, 1000,
                        "The table maximum of the main bet in Shoe practice (below the "
                        "minimum, the minimum is the maximum).",
                        label="Table maximum", section="Game",
                        allowed=Range(1, 100_000, step=100))
SIDE_BET_MAXIMUM = Setting("table.side_bet_maximum", int, 100,
                           "The most each side bet takes in Shoe practice.",
                           label="Side bet maximum", section="Game",
                           allowed=Range(1, 10_000, step=5))
BEHIND_FOLLOWS_DOUBLES = Setting("table.behind_follows_doubles", bool, False,
                                 "A bet behind a computer seat doubles when the seat pays a "
                                 "double (off: it stays as placed).",
                                 label="Bet Behind follows doubles", section="Game",
                                 allowed=Choices({False: "Stays as placed",
                                                  True: "Doubles with the seat"}))
BEHIND_FOLLOWS_SPLITS = Setting("table.behind_follows_splits", bool, False,
                                "A bet behind a computer seat rides on each hand when the seat "
                                "pays a split (off: on the first hand only).",
                                label="Bet Behind follows splits", section="Game",
                                allowed=Choices({False: "First hand only",
                                                 True: "Every hand of the split"}))
SEAT_ERRORS = Setting("table.seat_errors", float, 0.0,
                      "How often the computer seats stray from the chart (0: they play it "
                      "exactly).",
                      label="Computer seats' errors", section="Game",
                      allowed=Range(0, 0.5, step=0.05, scale=100, suffix=" % errors"))
ASSUME_CLASSIC = Setting("study.assume_classic", bool, True,
                         "Before any answers, assume you play classic basic strategy (what "
                         "to teach first); off: new to blackjack.",
                         label="Starting point", section="Study",
                         allowed=Choices({True: "I know classic basic strategy",
                                          False: "I am new to blackjack"}))
START_DECLINED = Setting("study.start_declined", int, -1,
                         "The first answers counted when the player last declined to change "
                         "the starting point their answers suggested (-1: never declined).")
NEW_PER_DAY = Setting("study.new_per_day", int, DEFAULT_STUDY.new_per_day,
                      "New cards a day in due mode.",
                      label="New cards", section="Study",
                      allowed=Range(0, 200, step=5, suffix=" a day"))
RETENTION = Setting("study.retention", float, DEFAULT_STUDY.retention,
                    "The recall under which a card is due again, for every drill: higher asks "
                    "more often and forgets less.",
                    label="Desired retention", section="Study",
                    allowed=Range(retention.LOWEST, retention.HIGHEST, step=0.01, scale=100,
                                  suffix=" % recall"))
THEME = Setting("look.theme", str, "light", "The window's colours.",
                label="Theme", section="Look", allowed=Choices({"light": "Light", "dark": "Dark"}))
OWN_TAGS = Setting("counting.own_tags", str, "",
                   "The counting tags you typed last on the Counting page (A:-1, 2-6:1, ...).")
WELCOMED = Setting("welcome.shown", bool, False,
                   "The first run's welcome was shown (Help ▸ Welcome… shows it again).")
DATA_DIR = Setting("data.dir", str, "",
                   "Folder of the progress file (empty: the user data folder).",
                   label="Data location", section="Data", editor=Editor.FOLDER,
                   allowed=Folder())

#: Every setting of both programs (the window adds its own page choice:
#: :mod:`trainer.ui.settings.window`).
ALL: tuple[Setting, ...] = (WINDOW_GEOMETRY, CHARTS_PRESET, CHARTS_CONTEXT,
                            CHARTS_DIFFERENCES, PRESET, RULES_FILE, CHIPS, TABLE_MINIMUM,
                            TABLE_MAXIMUM, SIDE_BET_MAXIMUM, BEHIND_FOLLOWS_DOUBLES,
                            BEHIND_FOLLOWS_SPLITS, SEAT_ERRORS, PENETRATION, FEEDBACK,
                            TIMER_SECONDS, DECISION_SHARES, BETTING_SECONDS, DEALER_SPEED_MS,
                            ASSUME_CLASSIC, START_DECLINED, NEW_PER_DAY, RETENTION, THEME,
                            OWN_TAGS, WELCOMED, DATA_DIR)

#: Keys renamed: a value stored under the old key is read as the new key's (and written
#: under the new one when its table is next written).
RENAMED: dict[str, str] = {"table.side_maximum": SIDE_BET_MAXIMUM.key}


def on_the_page() -> list[Setting]:
    """The declared settings the settings page edits, in declaration order."""
    return [setting for setting in ALL if setting.label]


def named(key: str) -> Setting | None:
    """The setting of ``key`` (an old key by its new name; ``table/name`` as ``table.name``),
    None for no such setting."""
    key = key.replace("/", ".")
    key = RENAMED.get(key, key)
    return next((setting for setting in ALL if setting.key == key), None)


__all__ = ["ALL", "ASSUME_CLASSIC", "BEHIND_FOLLOWS_DOUBLES", "BEHIND_FOLLOWS_SPLITS",
           "BETTING_SECONDS", "CHARTS_CONTEXT", "CHARTS_DIFFERENCES", "CHARTS_PRESET", "CHIPS",
           "DATA_DIR", "DEALER_SPEED_MS", "DECISION_SHARES", "FEEDBACK", "NEW_PER_DAY", "OWN_TAGS",
           "PENETRATION", "PRESET", "RENAMED", "RETENTION", "RULES_FILE", "SEAT_ERRORS", "SECTIONS",
           "SIDE_BET_MAXIMUM", "START_DECLINED", "TABLE_MAXIMUM", "TABLE_MINIMUM", "THEME",
           "TIMER_SECONDS", "WELCOMED", "WINDOW_GEOMETRY", "Feedback", "named", "on_the_page"]
