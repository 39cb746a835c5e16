"""A bet behind: money on another seat's hand, which that seat plays (docs/rules/bet-behind.md).

The live game lets a player bet on a seat's hand and choose, in its Bet Behind Options, whether
the bet follows that seat's doubles and splits. A bet behind is the player's real money only:
it rides on the seat's real stakes, scaled by its amount over the seat's main bet, and never on
a free stake, so a free double or a free split adds nothing to it. A bet that does not follow
stays on the seat's first hand at its size. Each part settles as the seat's hand it rides on
settled (a blackjack, a push 22, a surrender, a Six Card Charlie: as that hand); insurance and
side bets are the seat's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .hand import Hand
from .ruleset import RuleSet
from .settlement import HandResult, Outcome
from .stakes import Stakes

Money = Fraction


@dataclass(frozen=True)
class BehindOptions:
    """The player's Bet Behind Options: whether a bet behind follows the seat's paid doubles
    and paid splits (both off unless chosen)."""

    follows_doubles: bool = False
    follows_splits: bool = False

    def bet(self, seat: int, amount: Money) -> BetBehind:
        """A bet behind of ``amount`` on seat ``seat`` with these options."""
        return BetBehind(seat, amount, self.follows_doubles, self.follows_splits)


@dataclass(frozen=True)
class BetBehind:
    """``amount`` on the hand of seat ``seat`` (numbered from 0, dealt first), following its
    paid doubles and paid splits as the options say."""

    seat: int
    amount: Money
    follows_doubles: bool = False
    follows_splits: bool = False

    def __post_init__(self) -> None:
        amount = Fraction(self.amount)
        if amount <= 0:
            raise ValueError(f"a bet behind is more than 0, not {amount}")
        if self.seat < 0:
            raise ValueError(f"seats are numbered from 0, not {self.seat}")
        object.__setattr__(self, "amount", amount)

    def stake_on(self, hand: Hand, index: int, main: Money) -> Money:
        """What this bet has on the seat's hand ``index`` (the seat's main bet ``main``): its
        amount times the hand's real stake in main bets, a paid double's part only when it
        follows doubles, a hand after the first only when it follows splits; never a free
        stake."""
        if index > 0 and not self.follows_splits:
            return Fraction(0)
        real = hand.stakes.real
        if hand.paid_double and not self.follows_doubles:
            real -= main
        return self.amount * real / main

    def most(self, rules: RuleSet) -> Money:
        """The most this bet can come to with its options under ``rules``: on every hand the
        rules allow when it follows splits, twice on a hand doubled with money when it follows
        doubles (a hand made by a split only where the rules double after a split)."""
        doubles = 2 if self.follows_doubles else 1
        if not self.follows_splits:
            return self.amount * doubles
        split = rules.max_hands * (doubles if rules.double_after_split else 1)
        return self.amount * max(split, doubles)


@dataclass(frozen=True)
class BehindHand:
    """The part of a bet behind on one of the seat's hands: its stake, the hand's outcome and
    the part's net result."""

    index: int
    stake: Money
    outcome: Outcome
    net: Money


@dataclass(frozen=True)
class BehindResult:
    """A settled bet behind: each part on a hand of the seat (those it had money on)."""

    bet: BetBehind
    hands: tuple[BehindHand, ...]

    @property
    def staked(self) -> Money:
        """Everything the bet came to (its amount, with the doubles and splits it followed)."""
        return sum((h.stake for h in self.hands), Fraction(0))

    @property
    def net(self) -> Money:
        """The bet's net result."""
        return sum((h.net for h in self.hands), Fraction(0))


def part_net(stake: Money, result: HandResult) -> Money:
    """The net of ``stake`` of real money riding on a hand that settled as ``result``."""
    stakes = Stakes(stake)
    outcome = result.outcome
    if outcome in (Outcome.WIN, Outcome.CHARLIE):
        return stakes.win()
    if outcome in (Outcome.LOSE, Outcome.BUST):
        return stakes.lose()
    if outcome is Outcome.SURRENDER:
        return stakes.surrender()
    if outcome is Outcome.BLACKJACK:    # paid on the real stake alone (a first hand has one)
        return stake * result.net / result.hand.stakes.real
    return Fraction(0)                  # a push, a push 22


def settle_behind(bet: BetBehind, main: Money, results: Sequence[HandResult]) -> BehindResult:
    """Settle ``bet`` with the seat's settled hands ``results`` (its main bet ``main``)."""
    parts = []
    for index, result in enumerate(results):
        stake = bet.stake_on(result.hand, index, main)
        if stake:
            parts.append(BehindHand(index, stake, result.outcome, part_net(stake, result)))
    return BehindResult(bet, tuple(parts))


__all__ = ["BehindHand", "BehindOptions", "BehindResult", "BetBehind", "part_net", "settle_behind"]
