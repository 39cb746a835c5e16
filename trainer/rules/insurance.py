"""Insurance: offered with an ace up, before the peek; it costs half the main bet and pays 2 to 1
when the dealer has blackjack (the round settles it, :mod:`trainer.rules.round`).

The one statement of its price and pay, and of its value: everything that values insurance (the
tables, the count lab, a counted shoe, the live-shoe grader) asks :func:`insurance_ev`.
"""

from __future__ import annotations

from fractions import Fraction

#: The insurance bet as a share of the main bet (exact: the round's money is in fractions).
STAKE = Fraction(1, 2)
#: What a winning insurance bet pays, to one.
PAYS = 2


def insurance_ev(p_ten: float) -> float:
    """The EV of insuring, in main bets, when the hole card is a ten with chance ``p_ten``: half
    a bet that wins 2 to 1 or is lost, STAKE x (PAYS x p - (1 - p)) = 1.5p - 0.5; not insuring
    is worth 0. (Worked out in that last form, so every table's figure stays bit for bit.)"""
    return float(STAKE * (PAYS + 1)) * p_ten - float(STAKE)


__all__ = ["PAYS", "STAKE", "insurance_ev"]
