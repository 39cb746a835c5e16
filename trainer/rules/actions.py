"""The decisions a player can take, with free and paid doubles and splits kept apart."""

from __future__ import annotations

from enum import Enum


class Action(Enum):
    """A player decision. The value is the stable name used in tables and history."""

    HIT = "hit"
    STAND = "stand"
    DOUBLE = "double"
    FREE_DOUBLE = "free_double"
    SPLIT = "split"
    FREE_SPLIT = "free_split"
    INSURE = "insure"
    NO_INSURANCE = "no_insurance"

    @property
    def is_double(self) -> bool:
        """True for a paid or free double."""
        return self in (Action.DOUBLE, Action.FREE_DOUBLE)

    @property
    def is_split(self) -> bool:
        """True for a paid or free split."""
        return self in (Action.SPLIT, Action.FREE_SPLIT)

    @property
    def is_free(self) -> bool:
        """True for the casino-funded free double and free split."""
        return self in (Action.FREE_DOUBLE, Action.FREE_SPLIT)

    @property
    def family(self) -> Action:
        """The standard-blackjack play this is a form of: a free double is a double, a free
        split a split (every other action is its own family)."""
        return _FAMILY.get(self, self)

    @property
    def title(self) -> str:
        """Name as on the table's buttons."""
        return self.value.replace("_", " ").title()


_FAMILY = {Action.FREE_DOUBLE: Action.DOUBLE, Action.FREE_SPLIT: Action.SPLIT}

#: Actions on a hand (insurance is a separate decision before play).
PLAY_ACTIONS = (Action.HIT, Action.STAND, Action.DOUBLE, Action.FREE_DOUBLE,
                Action.SPLIT, Action.FREE_SPLIT)
