"""The Help menu's pages: the keys, how the trainer teaches, the rules of this game, about.

Each is built from what it describes, so it cannot drift from it: the decision keys from
:class:`trainer.rules.Action` (the window and the terminal share them), the pages' shortcuts
from the page registry, the rules from each rule's own documentation
(:mod:`trainer.rules.in_words`; ``docs/rules/`` states them in prose, with their sources), the
tables' fingerprints from the rule sets and the engine. Shown in a dialog that does not block
the window (:func:`show_help`).
"""

from __future__ import annotations

import platform
from html import escape
from pathlib import Path

from PyQt6.QtCore import PYQT_VERSION_STR, QT_VERSION_STR
from PyQt6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from trainer import __version__
from trainer.rules import PRESETS, Action, RuleSet
from trainer.rules.in_words import rules_in_words
from trainer.settings import Settings

from .pages import PAGES
from .practice.shoe_betting import KEYS_HELP as BETTING_KEYS


def _table(rows: list[tuple[str, str]]) -> str:
    body = "".join(f'<tr><td style="padding-right:16px"><b>{a}</b></td><td>{b}</td></tr>'
                   for a, b in rows)
    return f'<table cellspacing="0" cellpadding="3">{body}</table>'


def keys_html() -> str:
    """Every key of the window, by where it works."""
    decisions = [(action.key, escape(action.button)) for action in Action]
    pages = [(f"Ctrl+{n}", escape(spec.title)) for n, spec in enumerate(PAGES, start=1)]
    return ("<h3>Decisions (Flashcards, Shoe practice, Counting's index plays)</h3>"
            + _table([*decisions, ("Space or Enter", "next card, next hand, go on"),
                      ("Ctrl+Z", "take the last flashcard answer back and play it again")])
            + "<h3>Shoe practice</h3>"
            + _table([(escape(k), escape(v)) for k, v in BETTING_KEYS])
            + "<h3>Counting</h3>"
            + _table([("Space", "deal a run of cards to count"),
                      ("digits, then Enter", "check the running or true count typed"),
                      ("B / N", "bet or no bet on a side bet's index card")])
            + "<h3>The window</h3>"
            + _table([*pages, ("Ctrl+E", "export your history as CSV"),
                      ("Ctrl+Q", "quit"), ("F1", "these keys")]))


TEACHING = """
<h3>Every answer graded exactly</h3>
<p>Each decision is graded against exact expected values computed for these very rules on
the real finite shoe: <b>correct</b>, <b>acceptable</b> (within 0.0001 of the best EV) or
<b>wrong</b>, with what it cost. A wrong play is a <i>close call</i> (under 2% of the bet), a
<i>mistake</i> (2% to 10%) or a <i>blunder</i>, and the feedback says which rule makes the
right play right: the free double, the free split, the dealer's 22, Six Card Charlie, a
free-stake hand, or that classic basic strategy agrees.</p>
<h3>The study queue (Flashcards, Due mode)</h3>
<p>The trainer keeps a picture of your memory of every card from your answers. Each day it
deals the <b>due</b> cards (your recall has fallen under 90%), the <b>learning</b> ones, then
up to your daily limit of <b>new</b> cards, each time the card whose answer now raises
tomorrow's recall the most, weighted by what forgetting it costs: your costliest leaks first.
If you come back every few days rather than daily, it plans each card over the sessions to
come instead, an answer priced at what it could do elsewhere: it builds memory that lasts
through the gaps, and lets the cheapest cards wait.
A new card may come back a few times in one session, until it can last until tomorrow. It
learns how often you slip (a wrong key on a play you know) and does not read a slip as
forgetting; a card you miss again and again it reads as forgotten. When all are answered it
says <i>done for today</i> and when the next card is due;
<i>keep going</i> practises on.</p>
<h3>Where it starts</h3>
<p>Before your first answers it assumes a starting point (Settings, or the welcome): classic
basic strategy, so it teaches first where Free Bet plays otherwise, or new to blackjack, so
it teaches first the plays that cost the most. It reads your first answer in each chart row:
when they show the other starting point (say, you missed 5 of the 12 classic plays asked),
Flashcards asks you whether to change it, and your answer is the setting. The starting point
never changes without asking; Settings ▸ Starting point always shows the one in force.</p>
<h3>What your play costs</h3>
<p>The Progress page says what your play loses in main bets per 100 rounds beside classic
basic strategy's (perfect play loses nothing here: the cost is the gap to it), how it moved,
and your costliest leaks with a drill for them.</p>
"""


def rules_html(rules: RuleSet) -> str:
    """The rule set practised, every rule in words with its value, and where the prose is."""
    rows = [(escape(rule.value), escape(rule.doc)) for rule in rules_in_words(rules)]
    return (f"<h3>{escape(rules.name)}</h3><p>{escape(rules.describe())}</p>"
            + _table(rows)
            + "<p>The project states each preset's rules in prose, with the document each "
            "comes from, in <code>docs/rules/</code>; a rules file changes any of these "
            "(Settings ▸ Custom rules file).</p>")


def about_html(store: Settings, practised: RuleSet) -> str:
    """The version, the data folder, the versions under it and each table's fingerprint."""
    from strategy_charts.tables import ENGINE_VERSION, file_name

    from .settings.chosen import database_of
    progress = database_of(store)
    sets = [*PRESETS.values()]
    if all(r.fingerprint() != practised.fingerprint() for r in sets):
        sets.append(practised)
    tables = [(escape(rules.name), f"<code>{rules.fingerprint()}</code> "
               f"({escape(file_name(rules))}; standard: "
               f"<code>{rules.standard_counterpart().fingerprint()}</code>)")
              for rules in sets]
    return (f"<h3>Free Bet Trainer {escape(__version__)}</h3>"
            "<p>A strategy trainer for Free Bet Blackjack, graded by an exact engine.</p>"
            + _table([("Data folder", escape(str(progress.parent))),
                      ("Progress file", escape(Path(progress).name)),
                      ("Engine", f"version {ENGINE_VERSION}"),
                      ("Python", escape(platform.python_version())),
                      ("Qt", f"{QT_VERSION_STR} (PyQt {PYQT_VERSION_STR})")])
            + "<h3>Strategy tables, by rules fingerprint</h3>" + _table(tables))


def show_help(parent: QWidget, title: str, html: str) -> QDialog:
    """Show ``html`` in a dialog that leaves the window usable; returns the dialog."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setObjectName("help")
    text = QTextBrowser()
    text.setOpenExternalLinks(True)
    text.setHtml(html)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.close)
    column = QVBoxLayout(dialog)
    column.addWidget(text)
    column.addWidget(buttons)
    dialog.resize(640, 560)
    dialog.show()
    return dialog


__all__ = ["TEACHING", "about_html", "keys_html", "rules_html", "show_help"]
