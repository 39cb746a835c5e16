"""A hand's stakes: the player's real money and the casino's free bet (marked by lammers)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class Stakes:
    """Real and free stake of one hand, in money.

    A win pays 1:1 on real + free and returns the real stake; a push returns the real stake; a
    loss takes it. The free stake is never the player's to lose.
    """

    real: Fraction
    free: Fraction = Fraction(0)

    def win(self) -> Fraction:
        """Net result of a won hand."""
        return self.real + self.free

    def lose(self) -> Fraction:
        """Net result of a lost hand."""
        return -self.real

    def surrender(self) -> Fraction:
        """Net result of a surrendered hand: half the real stake is lost, the other half comes
        back; a free stake is taken away unpaid, as on a loss (docs/rules/surrender.md)."""
        return -self.real / 2

    def kind(self, main_bet: Fraction) -> StakeKind:
        """Classify these stakes in units of the main bet."""
        return StakeKind.of(self.real / main_bet, self.free / main_bet)


class StakeKind(Enum):
    """The five stake shapes a hand can have, in units of the main bet: (real, free)."""

    REAL = (1, 0)
    FREE = (0, 1)
    DOUBLED = (2, 0)
    FREE_DOUBLED = (1, 1)
    FREE_FREE_DOUBLED = (0, 2)

    @property
    def real(self) -> int:
        """Real stake in main bets."""
        return self.value[0]

    @property
    def free(self) -> int:
        """Free stake in main bets."""
        return self.value[1]

    @property
    def label(self) -> str:
        """Short text for screens and tables: 'real', 'free', ..."""
        return self.name.lower().replace("_", "-")

    @classmethod
    def of(cls, real: Fraction | int, free: Fraction | int) -> StakeKind:
        """The kind with these stakes in main bets."""
        for kind in cls:
            if kind.value == (real, free):
                return kind
        raise ValueError(f"no hand has stakes real={real}, free={free} main bets")
