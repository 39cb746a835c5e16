"""One played round of full-shoe practice as the round history lists it, and kept as it.

:func:`round_detail` reads a settled :class:`~trainer.drills.shoe_practice.RoundRecord`: the
cards of every hand and the dealer's, each of the player's decisions with its grade, and every
bet's result (the side bets apart, with when they were settled; each bet behind a computer seat
on its own line). :class:`RoundDetail` turns into
plain JSON and back (:meth:`RoundDetail.plain`, :meth:`RoundDetail.from_plain`), which is how
the progress store keeps it beside the round's money. :func:`decision_words` says a decision
as a player would: what was done, what was best, what it cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from trainer.rules import Action
from trainer.rules.insurance import STAKE as INSURANCE_STAKE
from trainer.teaching.records import GradedDecision, Mode, ShoeGrade, Verdict
from trainer.teaching.situations import Context, HandKind, Situation, card_label

from .shoe_practice import RoundRecord

#: What the player did, in the past tense ("you stood").
DID = {Action.HIT: "hit", Action.STAND: "stood", Action.DOUBLE: "doubled",
       Action.FREE_DOUBLE: "took the free double", Action.SPLIT: "split",
       Action.FREE_SPLIT: "took the free split", Action.INSURE: "took insurance",
       Action.NO_INSURANCE: "declined insurance", Action.SURRENDER: "surrendered"}


def _did(action: str) -> str:
    try:
        return DID.get(Action(action), action.replace("_", " "))
    except ValueError:
        return action.replace("_", " ")


def _best(action: str) -> str:
    try:
        return Action(action).title.lower()
    except ValueError:
        return action.replace("_", " ")


def hand_words(situation_key: str) -> str:
    """The decision's hand as a chart names it: "Hard 16", "Pair of 8s", "Insurance"; the
    key itself for one that is not a situation."""
    try:
        s = Situation.from_key(situation_key)
    except ValueError:
        return situation_key
    if s.context is Context.INSURANCE:
        return "Insurance"
    hand = (f"Pair of {card_label(s.value)}s" if s.kind is HandKind.PAIR
            else f"{s.kind.value.title()} {s.value}")
    return f"{hand} (free stake)" if s.stakes.value == "free" else hand


def decision_words(d: GradedDecision) -> str:
    """"Hard 16 v 10: you stood, hit was best, −0.041 main bets", "..., right", "Hard 19 v
    10: time out, the table stood, stand was best"; as the table graded it, and a grade at a
    depleted shoe kept apart from the chart's said so ("(at that shoe: stand; the chart:
    hit)")."""
    told = d.at_table()
    hand = f"{hand_words(d.situation_key)} v {d.dealer_up}"
    if told.timed_out:
        words = f"{hand}: time out, the table {_did(d.action)}, {_best(told.best_action)} was best"
    elif told.verdict is Verdict.CORRECT:
        words = f"{hand}: you {_did(d.action)}, right"
    elif told.verdict is Verdict.ACCEPTABLE:
        words = (f"{hand}: you {_did(d.action)}, as good as {_best(told.best_action)} "
                 "(within 0.0001)")
    else:
        words = (f"{hand}: you {_did(d.action)}, {_best(told.best_action)} was best, "
                 f"\u2212{told.ev_loss:.3f} main bets")
    apart = d.apart_words()
    return f"{words} ({apart})" if apart else words


@dataclass(frozen=True)
class HandLine:
    """One hand of the seat: its cards, its stakes in words, its outcome and net."""

    cards: str
    stakes: str
    outcome: str
    net: Fraction


@dataclass(frozen=True)
class BetLine:
    """One bet's result: its title, stake, result in words and net, and whether it was settled
    at the deal (a side bet on the cards) or at the end."""

    title: str
    stake: Fraction
    result: str
    net: Fraction
    at_deal: bool = False


@dataclass(frozen=True)
class DecisionLine:
    """One decision of the round with its grade as the table gave it (enough to say it and
    drill it again): ``timed_out`` for a time-out, ``chart`` the chart's play where a grade at
    a depleted shoe differs from it ("" otherwise)."""

    situation_key: str
    cards: str
    dealer_up: str
    action: str
    best_action: str
    verdict: Verdict
    ev_loss: float
    timed_out: bool = False
    chart: str = ""

    @classmethod
    def of(cls, d: GradedDecision) -> DecisionLine:
        """The line of a graded decision."""
        told = d.at_table()
        return cls(d.situation_key, d.cards, d.dealer_up, d.action, told.best_action,
                   told.verdict, told.ev_loss, d.timed_out,
                   d.best_action if d.apart and d.shoe is not None else "")

    def graded(self) -> GradedDecision:
        """The decision as :func:`decision_words` reads it."""
        shoe = ShoeGrade(self.best_action, self.verdict, self.ev_loss) if self.chart else None
        return GradedDecision("", "", Mode.SHOE, self.situation_key, self.cards, self.dealer_up,
                              self.action, self.chart or self.best_action, self.verdict,
                              self.ev_loss, 0, timed_out=self.timed_out, shoe=shoe,
                              apart=bool(self.chart))

    @property
    def words(self) -> str:
        """What was done, what was best, what it cost."""
        return decision_words(self.graded())


@dataclass(frozen=True)
class RoundDetail:
    """A round as its history lists it (see the module docstring). ``count_bet`` is a counted
    shoe's bet grade in words ("" for none)."""

    hands: tuple[HandLine, ...]
    dealer: str
    bets: tuple[BetLine, ...]
    decisions: tuple[DecisionLine, ...]
    balance: Fraction | None
    count_bet: str = ""

    def plain(self) -> dict[str, Any]:
        """The detail as plain JSON values (amounts as text, exact)."""
        return {
            "hands": [[h.cards, h.stakes, h.outcome, str(h.net)] for h in self.hands],
            "dealer": self.dealer,
            "bets": [[b.title, str(b.stake), b.result, str(b.net), b.at_deal]
                     for b in self.bets],
            "decisions": [[d.situation_key, d.cards, d.dealer_up, d.action, d.best_action,
                           d.verdict.value, d.ev_loss, d.timed_out, d.chart]
                          for d in self.decisions],
            "balance": None if self.balance is None else str(self.balance),
            "count_bet": self.count_bet,
        }

    @classmethod
    def from_plain(cls, plain: Mapping[str, Any]) -> RoundDetail:
        """Read :meth:`plain`'s values back; ValueError (or KeyError, TypeError) for a detail
        that is not one."""
        balance = plain["balance"]
        return cls(
            tuple(HandLine(str(c), str(s), str(o), Fraction(n)) for c, s, o, n in plain["hands"]),
            str(plain["dealer"]),
            tuple(BetLine(str(t), Fraction(s), str(r), Fraction(n), bool(a))
                  for t, s, r, n, a in plain["bets"]),
            tuple(_decision_line(*d) for d in plain["decisions"]),
            None if balance is None else Fraction(balance), str(plain.get("count_bet", "")))

    @property
    def net(self) -> Fraction:
        """The round's net over every bet."""
        return sum((b.net for b in self.bets), Fraction(0))


def _decision_line(key: Any, cards: Any, up: Any, action: Any, best: Any, verdict: Any,
                   loss: Any, timed_out: Any = False, chart: Any = "") -> DecisionLine:
    """A decision line from its plain values (a round kept before time-outs and charts were
    noted has seven)."""
    return DecisionLine(str(key), str(cards), str(up), str(action), str(best),
                        Verdict(verdict), float(loss), bool(timed_out), str(chart))


def _money(amount: Fraction) -> str:
    return str(amount.numerator) if amount.denominator == 1 else f"{float(amount):.2f}"


def round_detail(record: RoundRecord, count_bet: str = "") -> RoundDetail:
    """The history's record of one settled round (``count_bet``: a counted shoe's bet grade)."""
    result = record.result
    hands = []
    for h in result.hands:
        stakes = [f"stake {_money(h.hand.stakes.real)}"] if h.hand.stakes.real else []
        if h.hand.stakes.free:
            stakes.append(f"free bet {_money(h.hand.stakes.free)}")
        hands.append(HandLine(" ".join(map(str, h.hand.cards)), ", ".join(stakes),
                              h.outcome.words, h.net))
    main = sum((h.net for h in result.hands), Fraction(0))
    words = ", ".join(h.outcome for h in hands)
    bets = [BetLine("Main bet", record.bets.main, words, main)]
    if result.insurance is not None:
        won = result.insurance > 0
        bets.append(BetLine("Insurance", record.bets.main * INSURANCE_STAKE, "paid 2 to 1" if won
                            else "lost", result.insurance))
    for side in result.side_bets:
        said = (f"{side.category}, pays {int(side.net / side.stake)} to 1" if side.net > 0
                else "no win")
        bets.append(BetLine(side.bet.title, side.stake, said, side.net, side.bet.spec.at_deal))
    bets += [BetLine(f"Bet Behind seat {b.bet.seat + 1}", b.staked,
                     ", ".join(h.outcome.words for h in b.hands), b.net) for b in record.behind]
    decisions = tuple(DecisionLine.of(d) for d in record.decisions)
    return RoundDetail(tuple(hands), record.dealer, tuple(bets), decisions, record.balance,
                       count_bet)


__all__ = ["BetLine", "DecisionLine", "HandLine", "RoundDetail", "decision_words",
           "hand_words", "round_detail"]
