"""The feedback panel: right or wrong, the best play, every action's EV, the cost, the score.

The words come from the drills (:meth:`trainer.teaching.grading.Grade.explanation`), so the
terminal and the app explain a decision the same way. :class:`Score` keeps the streak and the
session's accuracy; a decision within the acceptable band counts as right, a time-out as a miss.
A decision is shown as the table graded it (at a depleted shoe, that shoe's grade), with the
chart's play beside it where the two differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QFontMetrics
from PyQt6.QtWidgets import QFrame, QLabel, QSizePolicy, QVBoxLayout, QWidget

from trainer.rules import Action
from trainer.teaching.grading import Grade
from trainer.teaching.records import GradedDecision, Severity, Verdict

from ..inks import ink
from ..theme import is_dark
from ..widgets import scrolled

#: The word and colour of each severity (thresholds: :class:`trainer.teaching.records.Severity`).
SEVERITY_LOOK = {
    Severity.NONE: ("Correct", "#137333"),
    Severity.TIMEOUT: ("Time out", "#c5221f"),
    Severity.CLOSE_CALL: ("Close call", "#995200"),
    Severity.MISTAKE: ("Mistake", "#c5221f"),
    Severity.BLUNDER: ("Blunder", "#a50e0e"),
}


def verdict_style(severity: Severity, dark: bool) -> str:
    """The style of a drill's verdict line under the felt (the index plays', the counts'): the
    severity's colour, in the larger size the panel's verdicts have (the word set in bold)."""
    return f"color: {ink(SEVERITY_LOOK[severity][1], dark)}; font-size: 11pt;"


def verdict_word(decision: GradedDecision) -> str:
    """'Correct: Free Double', 'Blunder: best is Free Double', 'Time out: best is Stand'."""
    told = decision.at_table()
    word = SEVERITY_LOOK[told.severity][0]
    if told.right and told.verdict is Verdict.CORRECT:
        return f"{word}: {title(told.action)}"
    return f"{word}: best is {title(told.best_action)}"


def signed(ev: float) -> str:
    """An EV with its sign, a true minus: '−0.2798'."""
    return f"{ev:+.4f}".replace("-", "−")


def title(action: str) -> str:
    """An action's name as on its button: 'Free Double'."""
    return Action(action).title


def explanation(decision: GradedDecision) -> str:
    """The drills' plain-words explanation of a decision, as the table graded it."""
    told = decision.at_table()
    return Grade(told.action, told.best_action, told.verdict, told.ev_loss,
                 dict(told.evs)).explanation()


@dataclass
class Score:
    """Streak and accuracy of one session."""

    decisions: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0
    ev_lost: float = 0.0

    def add(self, decision: GradedDecision) -> None:
        """Count one graded decision (as the table graded it; a time-out is a miss)."""
        told = decision.at_table()
        self.decisions += 1
        self.ev_lost += told.ev_loss
        if not told.right:
            self.streak = 0
        else:
            self.right += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)

    def text(self) -> str:
        """'Streak 4 · 9 of 10 right (90%) · EV lost 0.012 bets'."""
        if not self.decisions:
            return "No decisions yet this session."
        share = self.right / self.decisions
        return (f"Streak {self.streak} (best {self.best_streak}) · {self.right} of "
                f"{self.decisions} right ({share:.0%}) · EV lost {self.ev_lost:.3f} bets")


def margin(decision: GradedDecision) -> str:
    """What the choice gained or cost, without the EVs: 'Standing costs 2.1% of your bet'."""
    words = explanation(decision).split(" — ", 1)[-1]
    return words[:1].upper() + words[1:]


def decision_html(decision: GradedDecision, heading: str = "", reason: str = "",
                  dark: bool = False) -> str:
    """One decision as rich text: severity, what was played and what was best, the EVs, the
    reason the best play is best, and what the habit costs in main bets per 100 rounds
    (``dark``: for a dark theme's window). A time-out says what the table played; a grade at a
    depleted shoe that differs from the chart's says both."""
    shown, decision = decision, decision.at_table()
    word, colour = SEVERITY_LOOK[decision.severity]
    colour = ink(colour, dark)
    if decision.verdict is Verdict.ACCEPTABLE:
        word = f"{word} (acceptable)"
    played = title(decision.action)
    best = title(decision.best_action)
    lines = [f"<div style='font-size:15pt; font-weight:700; color:{colour}'>"
             f"{escape(heading)}{word}</div>"]
    if decision.timed_out:
        lines.append(f"<div>The time ran out: the table played <b>{played}</b>; best is "
                     f"<b>{best}</b>.</div>")
    elif decision.verdict is Verdict.CORRECT:
        lines.append(f"<div>You played <b>{played}</b>, the best play.</div>")
    else:
        lines.append(f"<div>You played <b>{played}</b>; best is <b>{best}</b>.</div>")
    apart = shown.apart_words()
    if apart:
        lines.append(f"<div>{escape(apart[:1].upper() + apart[1:])} (kept apart from the "
                     "chart's play).</div>")
    rows = []
    for action, ev in sorted(decision.evs.items(), key=lambda kv: -kv[1]):
        mark = " ★" if action == decision.best_action else ""
        you = "" if action != decision.action else ("the table" if decision.timed_out
                                                     else "you")
        weight = "700" if action in (decision.action, decision.best_action) else "400"
        # a name and its EV never wrap in the side column ('No Insurance ★' did)
        rows.append(f"<tr><td style='white-space:nowrap; padding-right:8px; "
                    f"font-weight:{weight}'>{escape(title(action))}{mark}</td><td align='right' "
                    f"style='white-space:nowrap; font-family:monospace'>{signed(ev)}</td>"
                    f"<td style='padding-left:8px'>{you}</td></tr>")
    lines.append("<table cellspacing='0' style='margin-top:6px; margin-bottom:6px'>"
                 + "".join(rows) + "</table>")
    # the EVs are in the table above: the words after them say what the choice gains or costs
    words = reason or margin(decision)
    lines.append(f"<div>{escape(words)}</div>")
    # the habit's cost is the chart's (natural play); a grade kept apart is no habit of it
    per100 = shown.ev_loss * shown.weight * 100
    if not shown.apart and decision.verdict is not Verdict.CORRECT and per100 > 0:
        how = "Timing out here" if decision.timed_out else "Played this way"
        lines.append(f"<div style='margin-top:4px'>{how} every time, it costs "
                     f"{per100:.3f} main bets per 100 rounds.</div>")
    return "".join(lines)


def rich_label(name: str) -> QLabel:
    """A label for rich text that wraps, sits top left and can be selected to copy."""
    label = QLabel()
    label.setObjectName(name)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


#: The lines of the feedback's text always in view, however short the window.
GRADE_LINES = 8

#: The side column's fixed width (the feedback panel, and the shoe page's column holding it).
SIDE_WIDTH = 280


class FeedbackPanel(QFrame):
    """Shows the last decision (or a round's decisions) and the session's score. Its width is
    fixed, so the table beside it never moves when it fills."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("feedback")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFixedWidth(SIDE_WIDTH)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.setSpacing(10)
        self.body = rich_label("feedback-body")
        larger = self.body.font()
        larger.setPointSizeF(larger.pointSizeF() * 1.15)
        self.body.setFont(larger)
        self.score_label = QLabel()
        self.score_label.setObjectName("feedback-score")
        self.score_label.setWordWrap(True)
        self.score_label.setStyleSheet("padding-top: 8px; border-top: 1px solid palette(mid);")
        scroll = scrolled(self.body)      # a short window scrolls the grade, never cuts it
        scroll.setObjectName("feedback-scroll")
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # never squeezed to two or three lines: a verdict, the play, four plays' EVs and the
        # cost stay in view (a longer grade scrolls)
        scroll.setMinimumHeight(GRADE_LINES * QFontMetrics(larger).lineSpacing())
        viewport = scroll.viewport()
        if viewport is not None:
            viewport.setAutoFillBackground(False)
        self.body.setAutoFillBackground(False)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.score_label)
        self.score = Score()
        self.clear("Answer to see how your play compares with the exact best play.")
        self._show_score()

    def reset(self, note: str = "") -> None:
        """A new session: score to zero."""
        self.score = Score()
        self.clear(note)
        self._show_score()

    def count(self, decision: GradedDecision) -> None:
        """Add a decision to the score (shown or not)."""
        self.score.add(decision)
        self._show_score()

    def clear(self, note: str = "") -> None:
        """Empty the panel, leaving ``note``."""
        self.body.setText(f"<div style='color:{ink('#666666', self.dark())}'>{escape(note)}"
                          "</div>")
        self.setAccessibleDescription(note)

    def rescore(self, decisions: list[GradedDecision], note: str = "") -> None:
        """Count the score anew from ``decisions`` (after an answer was taken back)."""
        self.score = Score()
        for decision in decisions:
            self.score.add(decision)
        self.clear(note)
        self._show_score()

    def show_decisions(self, decisions: list[GradedDecision], heading: str = "",
                       reason: str = "", note: str = "") -> None:
        """Show one or more decisions, the latest first (``reason``: why the best play of a
        single decision is best; ``note``: a quiet line after them)."""
        if not decisions:
            self.clear("No decisions to grade this round.")
            return
        parts = []
        if heading:
            parts.append(f"<div style='font-weight:700; margin-bottom:6px'>{escape(heading)}"
                         "</div>")
        many = len(decisions) > 1
        for number, decision in enumerate(decisions, start=1):
            prefix = f"{number}. " if many else ""
            parts.append(decision_html(decision, prefix, reason if not many else "",
                                       self.dark()))
            if number < len(decisions):
                parts.append("<hr>")
        if note:
            parts.append(f"<div style='margin-top:8px; font-size:small'>{escape(note)}</div>")
        self.body.setText("".join(parts))
        self.setAccessibleDescription(" ".join(explanation(d) for d in decisions))

    def show_last(self, decision: GradedDecision, asked: str) -> None:
        """The next card is dealt: the last verdict leaves the panel's head for one quiet line,
        'Last: Blunder: best is Free Double (hard 11 v 10, first decision)'."""
        colour = ink(SEVERITY_LOOK[decision.severity][1], self.dark())
        grey = ink("#666666", self.dark())
        self.body.setText(f"<div style='color:{grey}; font-size:small'>Last: <span "
                          f"style='color:{colour}'>{escape(verdict_word(decision))}</span> "
                          f"({escape(asked)})</div>")
        self.setAccessibleDescription(f"Last: {verdict_word(decision)} ({asked})")

    def dark(self) -> bool:
        """True on a dark theme."""
        return is_dark(self.palette())

    def _show_score(self) -> None:
        self.score_label.setText(self.score.text())
