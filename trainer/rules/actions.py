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
    SURRENDER = "surrender"
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
        """The action named in a sentence ("Free Double", "Insure", "No Insurance")."""
        return self.value.replace("_", " ").title()

    @property
    def button(self) -> str:
        """The action as the table's button reads ("Insurance: Yes" for insuring)."""
        return _BUTTONS.get(self, self.title)

    @property
    def key(self) -> str:
        """The letter key that takes the action, in the window and the terminal alike (one key
        for a free and a paid double, or split: whichever is offered is taken)."""
        return _KEYS[self.family]

    def marked(self) -> str:
        """The button's words with the key in brackets, for the terminal ("[H]it",
        "Free S[P]lit", "Insurance: [N]o"): the key's letter where a word starts, else its
        first letter."""
        words, key = self.button, self.key
        starts = [i for i, c in enumerate(words) if c.upper() == key and (
            i == 0 or not words[i - 1].isalpha())]
        at = starts[0] if starts else words.upper().index(key)
        return f"{words[:at]}[{key}]{words[at + 1:]}"


_FAMILY = {Action.FREE_DOUBLE: Action.DOUBLE, Action.FREE_SPLIT: Action.SPLIT}
_BUTTONS = {Action.INSURE: "Insurance: Yes", Action.NO_INSURANCE: "Insurance: No"}
_KEYS = {Action.HIT: "H", Action.STAND: "S", Action.DOUBLE: "D", Action.SPLIT: "P",
         Action.SURRENDER: "R", Action.INSURE: "Y", Action.NO_INSURANCE: "N"}

#: Actions on a hand (insurance is a separate decision before play).
PLAY_ACTIONS = (Action.HIT, Action.STAND, Action.DOUBLE, Action.FREE_DOUBLE,
                Action.SPLIT, Action.FREE_SPLIT, Action.SURRENDER)
