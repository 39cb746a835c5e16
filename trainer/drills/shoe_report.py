"""The end-of-shoe report of full-shoe practice: skill against luck in the main game, each side
bet on its own line.

The main game (its hands and insurance) is split into what perfect play expected, what the
player's errors cost and luck, in money and in main bets (each round's money over that round's
main bet, so rounds of different bets add up fairly):

* **expected** = main bet x the table's whole-game EV, per round;
* **skill cost** = the sum over decisions of EV lost x main bet, also by category of hand;
* **luck** = actual net - (expected - skill cost), so ``net = expected - skill cost + luck``.

A side bet takes no decision, so its line is what it staked, won and expected (stake x (its
return - 1)); its luck is the rest. The report's totals (``net``, ``expected``, ``luck``) add
the side bets to the main game's. The bets behind computer seats (docs/rules/bet-behind.md)
have a line of their own, outside skill and luck (the seat decided them, not the player):
``total_net`` adds them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Protocol

from trainer.rules import SeatResult, SideBet
from trainer.rules.bet_behind import BehindResult
from trainer.rules.seat import Bets
from trainer.teaching.records import GradedDecision, Verdict
from trainer.teaching.situations import Context, HandKind, Situation


class HandCategory(Enum):
    """The kinds of hand the report counts skill by (as a strategy chart's sections)."""

    HARD = "Hard totals"
    SOFT = "Soft totals"
    PAIRS = "Pairs"
    FREE = "Free-stake hands"
    INSURANCE = "Insurance"

    @classmethod
    def of(cls, situation_key: str) -> HandCategory:
        """The category of a decision's situation: insurance, a hand played on the free stake
        alone, a pair, or a hard or soft total."""
        s = Situation.from_key(situation_key)
        if s.context is Context.INSURANCE:
            return cls.INSURANCE
        if s.stakes.value == "free":
            return cls.FREE
        return {HandKind.PAIR: cls.PAIRS, HandKind.SOFT: cls.SOFT}.get(s.kind, cls.HARD)


@dataclass(frozen=True)
class CategorySkill:
    """One category's decisions in a shoe: how many, how many wrong, the EV lost (main bets)."""

    category: HandCategory
    decisions: int
    errors: int
    ev_lost: float


@dataclass(frozen=True)
class SideBetLine:
    """One side bet over the shoe: the rounds it was placed, the money staked, the wins, the
    net result and what its return expected (money)."""

    bet: SideBet
    placed: int
    staked: Fraction
    wins: int
    net: Fraction
    expected: float

    @property
    def luck(self) -> float:
        """The net result less what was expected."""
        return float(self.net) - self.expected


@dataclass(frozen=True)
class BehindLine:
    """The bets behind over the shoe: how many were placed, the money they came to (with the
    doubles and splits they followed), how many won, their net result."""

    placed: int
    staked: Fraction
    wins: int
    net: Fraction

    @property
    def text(self) -> str:
        """'Bet Behind: 12 placed, 5 won, +30.00 (staked 140.00)'."""
        return (f"Bet Behind: {self.placed} placed, {self.wins} won, {float(self.net):+.2f} "
                f"(staked {float(self.staked):.2f})")


@dataclass(frozen=True)
class ShoeReport:
    """End-of-shoe figures: money in currency units; ``*_bets`` and ``ev_lost`` in main bets
    (each round's money over its own main bet). ``main_*`` and ``*_bets`` are the main game's
    (hands and insurance); ``net``, ``expected`` and ``luck`` add the side bets to them."""

    rounds: int
    decisions: int
    errors: int
    ev_lost: float
    net: Fraction
    expected: float
    skill_cost: float
    luck: float
    net_bets: float = 0.0
    expected_bets: float = 0.0
    luck_bets: float = 0.0
    by_category: tuple[CategorySkill, ...] = ()
    main_net: Fraction = Fraction(0)
    main_expected: float = 0.0
    main_luck: float = 0.0
    side_bets: tuple[SideBetLine, ...] = ()
    behind: BehindLine | None = None

    @property
    def total_net(self) -> Fraction:
        """Everything the shoe won or lost: the player's bets and the bets behind."""
        return self.net + (self.behind.net if self.behind else Fraction(0))

    def text(self) -> str:
        """A few lines for the end-of-shoe screen."""
        lines = [
            f"Rounds {self.rounds}, decisions {self.decisions}, errors {self.errors}",
            f"EV lost {self.ev_lost:.3f} bets (skill cost {self.skill_cost:+.2f})",
            f"Main game {float(self.main_net):+.2f}; perfect play expected "
            f"{self.main_expected:+.2f}; luck {self.main_luck:+.2f}",
        ]
        lines += [f"{s.bet.title}: {s.placed} placed, {s.wins} won, {float(s.net):+.2f} "
                  f"(expected {s.expected:+.2f})" for s in self.side_bets]
        if self.behind:
            lines.append(self.behind.text)
        return "\n".join(lines)


class Played(Protocol):
    """A settled round as the report reads it (:class:`~.shoe_practice.RoundRecord`)."""

    @property
    def result(self) -> SeatResult: ...

    @property
    def bets(self) -> Bets: ...

    @property
    def main_expected(self) -> float: ...

    @property
    def behind(self) -> tuple[BehindResult, ...]: ...


def main_net(result: SeatResult) -> Fraction:
    """A round's net on the main game: its hands and insurance."""
    return sum((h.net for h in result.hands), Fraction(0)) + (result.insurance or 0)


def side_expected(bets: Bets, returns: Mapping[str, float | None]) -> float:
    """What a round's side bets expect (money): each stake x (its return - 1)."""
    return sum(float(bets.side(bet)) * ((returns.get(bet.value) or 1.0) - 1.0)
               for bet in SideBet if bets.side(bet))


def shoe_report(rounds: Sequence[Played], decisions: Sequence[GradedDecision],
                decision_bets: Sequence[Fraction],
                returns: Mapping[str, float | None]) -> ShoeReport:
    """The report of ``rounds`` and the player's ``decisions`` (each with its round's main
    bet, ``decision_bets``); ``returns`` are the side bets' returns by name (the table's)."""
    ev_lost = sum(d.ev_loss for d in decisions)
    skill = sum(d.ev_loss * float(bet) for d, bet in zip(decisions, decision_bets, strict=True))
    main = sum((main_net(r.result) for r in rounds), Fraction(0))
    main_expected = sum(r.main_expected for r in rounds)
    net_bets = sum(float(main_net(r.result) / r.bets.main) for r in rounds)
    expected_bets = sum(r.main_expected / float(r.bets.main) for r in rounds)
    sides = side_lines(rounds, returns)
    net = main + sum((s.net for s in sides), Fraction(0))
    expected = main_expected + sum(s.expected for s in sides)
    return ShoeReport(
        rounds=len(rounds), decisions=len(decisions),
        errors=sum(d.verdict is Verdict.WRONG for d in decisions),
        ev_lost=ev_lost, net=net, expected=expected, skill_cost=skill,
        luck=float(net) - (expected - skill),
        net_bets=net_bets, expected_bets=expected_bets,
        luck_bets=net_bets - (expected_bets - ev_lost),
        by_category=skill_by_category(decisions),
        main_net=main, main_expected=main_expected,
        main_luck=float(main) - (main_expected - skill), side_bets=sides,
        behind=behind_line(rounds))


def behind_line(rounds: Sequence[Played]) -> BehindLine | None:
    """The bets behind of ``rounds`` (None when none was placed)."""
    bets = [b for r in rounds for b in r.behind]
    if not bets:
        return None
    return BehindLine(len(bets), sum((b.staked for b in bets), Fraction(0)),
                      sum(b.net > 0 for b in bets), sum((b.net for b in bets), Fraction(0)))


def side_lines(rounds: Sequence[Played], returns: Mapping[str, float | None]
               ) -> tuple[SideBetLine, ...]:
    """Each side bet placed in ``rounds``, in the registry's order."""
    lines = []
    for bet in SideBet:
        results = [s for r in rounds for s in r.result.side_bets if s.bet is bet]
        if not results:
            continue
        staked = sum((s.stake for s in results), Fraction(0))
        back = (returns.get(bet.value) or 1.0) - 1.0
        lines.append(SideBetLine(bet, len(results), staked, sum(s.net > 0 for s in results),
                                 sum((s.net for s in results), Fraction(0)),
                                 float(staked) * back))
    return tuple(lines)


def skill_by_category(decisions: Sequence[GradedDecision]) -> tuple[CategorySkill, ...]:
    """The decisions counted by category of hand, in the categories' order (those met only)."""
    groups: dict[HandCategory, list[GradedDecision]] = {}
    for d in decisions:
        groups.setdefault(HandCategory.of(d.situation_key), []).append(d)
    return tuple(
        CategorySkill(category, len(group), sum(d.verdict is Verdict.WRONG for d in group),
                      sum(d.ev_loss for d in group))
        for category in HandCategory if (group := groups.get(category)))


__all__ = ["BehindLine", "CategorySkill", "HandCategory", "Played", "ShoeReport", "SideBetLine",
           "behind_line", "main_net", "shoe_report", "side_expected", "side_lines",
           "skill_by_category"]
