"""The decision buttons: only the legal actions, free plays golden, every one on a key.

Keys: H hit, S stand, D double (free or paid, whichever is offered), P split (free or paid),
R surrender (where the rules offer it), Y/N insurance, Space or Enter to go on (deal, next
card). Buttons never take the keyboard focus, so Space never presses a decision by accident;
the page passes its key presses to :meth:`ActionBar.handle_key`.
"""

from __future__ import annotations

from collections.abc import Iterable

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtGui import QKeyEvent
from PyQt6.QtWidgets import QHBoxLayout, QPushButton, QSizePolicy, QWidget

from trainer.drills.shares import Shares
from trainer.rules import Action

#: Buttons in table order.
ORDER = (Action.HIT, Action.STAND, Action.FREE_DOUBLE, Action.DOUBLE, Action.FREE_SPLIT,
         Action.SPLIT, Action.SURRENDER, Action.INSURE, Action.NO_INSURANCE)

#: Each action's key (stated once, :attr:`Action.key`) as Qt names it (a free and a paid
#: double share theirs, as do the splits: only one is ever offered).
KEYS = {action: getattr(Qt.Key, f"Key_{action.key}") for action in Action}
PROCEED_KEYS = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)

#: Each action's button text (stated once, :attr:`Action.button`).
LABELS = {action: action.button for action in Action}
TIPS = {
    Action.HIT: "Take another card.",
    Action.STAND: "Take no more cards.",
    Action.DOUBLE: "Pay a second bet and take exactly one more card.",
    Action.FREE_DOUBLE: "The casino stakes the double (a golden lammer); one more card.",
    Action.SPLIT: "Pay a second bet and play the pair as two hands.",
    Action.FREE_SPLIT: "The casino stakes the second hand (a golden lammer).",
    Action.SURRENDER: "Give up the hand and get half your bet back.",
    Action.INSURE: "Pay half your bet against a dealer blackjack.",
    Action.NO_INSURANCE: "Decline insurance.",
}

_PLAIN = ("QPushButton { padding: 8px 14px; border-radius: 6px; font-weight: 600;"
          " border: 1px solid palette(mid); background: palette(button); }"
          "QPushButton:hover { border-color: palette(highlight); }"
          "QPushButton:pressed { background: palette(midlight); }")
_GOLD = ("QPushButton { padding: 8px 14px; border-radius: 6px; font-weight: 800;"
         " color: #3b2a00; border: 2px solid #a67c00;"
         " background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 #ffe27a,"
         " stop:0.5 #f5c518, stop:1 #d9a400); }"
         "QPushButton:hover { border-color: #5c4300; }"
         "QPushButton:pressed { background: #d9a400; }")
_PROCEED = ("QPushButton { padding: 8px 18px; border-radius: 6px; font-weight: 700;"
            " color: white; background: #1f6f43; border: 1px solid #145030; }"
            "QPushButton:hover { background: #25804e; }")


def key_name(key: Qt.Key) -> str:
    """The letter printed on a button: 'H'."""
    return chr(key.value) if key.value < 0x100 else "Space"


class ActionBar(QWidget):
    """A row of decision buttons (only those offered) and a 'go on' button."""

    chosen = pyqtSignal(object)     # the Action taken
    proceed = pyqtSignal()          # Space / Enter: deal, next card

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(8)
        row.addStretch(1)
        self.buttons: dict[Action, QPushButton] = {}
        for action in ORDER:
            button = QPushButton(f"{LABELS[action]} ({key_name(KEYS[action])})")
            button.setObjectName(f"action-{action.value}")
            button.setToolTip(TIPS[action])
            button.setAccessibleName(LABELS[action])
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setStyleSheet(_GOLD if action.is_free else _PLAIN)
            button.setMinimumHeight(40)
            button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _=False, a=action: self._take(a))
            button.hide()
            row.addWidget(button)
            self.buttons[action] = button
        self.go_on = QPushButton("Deal (Space)")
        self.go_on.setObjectName("action-proceed")
        self.go_on.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.go_on.setStyleSheet(_PROCEED)
        self.go_on.setMinimumHeight(40)
        self.go_on.clicked.connect(self.proceed.emit)
        self.go_on.hide()
        row.addWidget(self.go_on)
        row.addStretch(1)
        self._offered: frozenset[Action] = frozenset()

    # ----- what is offered --------------------------------------------------------------------

    def offered(self) -> frozenset[Action]:
        """The actions whose buttons are shown."""
        return self._offered

    def set_actions(self, actions: Iterable[Action]) -> None:
        """Show the buttons of ``actions`` only (an empty set hides them all), without shares:
        a decision's shares are shown once read (:meth:`set_shares`)."""
        self._offered = frozenset(actions)
        for action, button in self.buttons.items():
            button.setVisible(action in self._offered)
        self.set_shares(None)

    def set_shares(self, shares: Shares | None) -> None:
        """Say each button's share of ``shares`` ('Hit 3 of 5 (H)'), or its plain name with
        None or none counted."""
        for action, button in self.buttons.items():
            words = shares.button(action) if shares is not None else ""
            button.setText(f"{words or LABELS[action]} ({key_name(KEYS[action])})")

    def set_proceed(self, text: str | None) -> None:
        """Show the go-on button with ``text`` (its key is added), or hide it with None."""
        if text is None:
            self.go_on.hide()
        else:
            self.go_on.setText(f"{text} (Space)")
            self.go_on.show()

    def button(self, action: Action) -> QPushButton:
        """The button of ``action`` (for tests and screen readers)."""
        return self.buttons[action]

    # ----- keys -------------------------------------------------------------------------------

    def key_action(self, key: int) -> Action | None:
        """The offered action on ``key``, if any."""
        for action in ORDER:
            if action in self._offered and KEYS[action].value == key:
                return action
        return None

    def handle_key(self, event: QKeyEvent) -> bool:
        """Take a key press meant for the bar; True when it was used."""
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return False
        key = event.key()
        action = self.key_action(key)
        if action is not None:
            self._take(action)
            return True
        if any(key == k.value for k in PROCEED_KEYS) and self.go_on.isVisibleTo(self):
            self.proceed.emit()
            return True
        return False

    def _take(self, action: Action) -> None:
        if action in self._offered:
            self.chosen.emit(action)
