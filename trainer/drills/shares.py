"""Each decision option's share: what was chosen before in the exact situation.

The live game shows on every decision button what other players chose in the same situation
(docs/rules/rulings.md#what-other-players-chose). The trainer has no crowd and invents none: a
button shows the share of the player's own earlier decisions in the exact situation (counted
from the progress file by :func:`trainer.progress.shares.own_shares`), and at a table with
computer seats, the seats' decisions in it this session (:class:`SeatDecisions`); the words
say whose ("your last 5 here"). It is never shown in due-mode flashcards, where it would give
the answer away (:func:`shown`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from trainer.rules import Action

from .flashcards import FlashMode


class Whose(Enum):
    """Whose decisions a share counts."""

    YOURS = "yours"
    SEATS = "seats"


@dataclass(frozen=True)
class Shares:
    """How often each action was taken in one situation, out of ``total`` decisions."""

    whose: Whose
    counts: Mapping[Action, int] = field(default_factory=dict)

    @classmethod
    def of(cls, whose: Whose, actions: Iterable[Action]) -> Shares:
        """The shares of these decisions."""
        return cls(whose, dict(Counter(actions)))

    @property
    def total(self) -> int:
        """How many decisions are counted."""
        return sum(self.counts.values())

    def count(self, action: Action) -> int:
        """How many of them took ``action``."""
        return self.counts.get(action, 0)

    def share(self, action: Action) -> float:
        """The fraction that took ``action`` (0 with none counted)."""
        return self.count(action) / self.total if self.total else 0.0

    def button(self, action: Action) -> str:
        """What ``action``'s button says: 'Hit 3 of 5' ('' with none counted)."""
        return f"{action.button} {self.count(action)} of {self.total}" if self.total else ""

    @property
    def words(self) -> str:
        """Whose decisions these are, for the felt: 'your last 5 here', 'the computer seats,
        2 here this session' ('' with none counted)."""
        if not self.total:
            return ""
        if self.whose is Whose.YOURS:
            return f"your last {self.total} here" if self.total > 1 else "your last one here"
        return f"the computer seats, {self.total} here this session"


class SeatDecisions:
    """The computer seats' decisions this session, by situation key."""

    def __init__(self) -> None:
        self._by_key: dict[str, list[Action]] = {}

    def add(self, situation_key: str, action: Action) -> None:
        """One seat's decision."""
        self._by_key.setdefault(situation_key, []).append(action)

    def __len__(self) -> int:
        """How many decisions the seats took."""
        return sum(len(actions) for actions in self._by_key.values())

    def situations(self) -> list[str]:
        """The situations the seats decided in."""
        return list(self._by_key)

    def shares(self, situation_key: str) -> Shares:
        """The seats' decisions in this situation."""
        return Shares.of(Whose.SEATS, self._by_key.get(situation_key, ()))


def shown(setting: bool, flash_mode: FlashMode | None = None) -> bool:
    """Whether the shares are shown: as the setting says (on by default at the shoe table),
    never in due-mode flashcards (``flash_mode``: the flashcards' mode, None elsewhere)."""
    return setting and flash_mode is not FlashMode.DUE


__all__ = ["SeatDecisions", "Shares", "Whose", "shown"]
