"""The lammer side bets (Pot of Gold): the exact distribution of lammers a seat collects, and
a lammer bet's return (its pay table from its spec, :class:`trainer.rules.side_bets.LammerSideBet`).

A seat collects one lammer per free double and one per free split. Under the main-game strategy
(composition-dependent first decision, the fixed post-split strategy of :mod:`splits`) the
count depends only on the first decision and, after a free split, on the second card each split
hand receives (which decides resplits and free doubles). Hits in between do not change the
distribution of later second cards (exchangeable shoe), so the second cards are enumerated
exactly as consecutive draws. The wager loses to a dealer blackjack, so every probability is
taken jointly with "no dealer blackjack" (peek or not: a hole card unseen until the end is as
likely to make one as a peeked one). :class:`LammerChances` is what a table keeps of it: the
chance the wager is settled on each count, a dealer blackjack's rounds counted with none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from trainer.rules import Action, RuleSet, offers
from trainer.rules.dealer import blackjack_hole
from trainer.rules.side_bets import SIDE_BETS, LammerSideBet

from .composition import Composition, of_values, total, with_card
from .game import StartingHand, best_action
from .hand_values import FREE, REAL, StakeUnits, UpCardValues
from .initial_hand import pair_value
from .up_card import UpCard

#: The post-split strategy's play of a two-card split hand: "stand", "hit" or "double".
Decide = Callable[[Composition, StakeUnits], str]


def split_lammers(values: UpCardValues, pair: int, max_hands: int, decide: Decide,
                  free_split: bool) -> dict[int, float]:
    """P(lammers = k, no dealer blackjack) after the first split of ``pair``, split hands
    playing ``decide``, at most ``max_hands`` hands.

    Second cards are dealt in turn; what a card does depends only on its *class*: whether it
    is the pair card, whether it earns a free double on a real and on a free hand, and whether
    it is the hole card of a dealer blackjack (that decides the no-blackjack chance at the
    end). So the walk counts the cards of each class gone rather than the cards themselves.
    """
    rules = values.rules

    def free_doubles(second: int, stakes: StakeUnits) -> int:
        hand = with_card(of_values([pair]), second)
        if not offers.draws_after_split(pair) or decide(hand, stakes) != "double":
            return 0
        t, soft = total(hand)
        return int(offers.double_offered(rules, 2, t, soft, from_split=True)
                   is Action.FREE_DOUBLE)

    hole = blackjack_hole(values.up)
    kinds: dict[tuple[bool, int, int, bool], int] = {}
    for card in range(1, 11):
        kind = (card == pair, free_doubles(card, REAL), free_doubles(card, FREE), card == hole)
        kinds[kind] = kinds.get(kind, 0) + values.shoe[card - 1] - 2 * (card == pair)
    classes = list(kinds)
    counts = tuple(kinds.values())

    @cache
    def walk(gone: tuple[int, ...], hands: int, current: int) -> dict[int, float]:
        """P(more lammers = k, no dealer blackjack) from this point of dealing second cards."""
        left = [n - g for n, g in zip(counts, gone, strict=True)]
        if current == hands:
            holes = sum(n for n, kind in zip(left, classes, strict=True) if kind[3])
            return {0: 1.0 - holes / sum(left) if hole is not None else 1.0}
        result: dict[int, float] = {}
        on_free = current > 0 and free_split
        for i, (is_pair, real_gain, free_gain, _) in enumerate(classes):
            if not left[i]:
                continue
            p = left[i] / sum(left)
            nxt = (*gone[:i], gone[i] + 1, *gone[i + 1:])
            if is_pair and hands < max_hands:
                gain, rest = int(free_split), walk(nxt, hands + 1, current)
            else:
                gain, rest = (free_gain if on_free else real_gain), walk(nxt, hands, current + 1)
            for count, q in rest.items():
                result[count + gain] = result.get(count + gain, 0.0) + p * q
        return result

    start = walk((0,) * len(classes), 2, 0)
    return {count + int(free_split): p for count, p in start.items()}


def deal_lammers(card: UpCard, deal: StartingHand,
                 numerators: dict[Action, float]) -> dict[int, float]:
    """P(lammers = k, no dealer blackjack) for one deal whose first actions are worth
    ``numerators``; a split's hands play the fixed post-split strategy."""
    hand = deal.hand
    no_bj = 1.0 - card.values.dealer_blackjack(hand)
    if total(hand)[0] == 21:
        return {0: no_bj}
    choice = best_action(deal, numerators)
    if choice is Action.FREE_DOUBLE:
        return {1: no_bj}
    if choice.is_split:
        pair = pair_value(hand)
        assert pair is not None
        max_hands = offers.split_limit(card.rules, pair)
        return split_lammers(card.values, pair, max_hands, card.cdz_choice,
                             free_split=choice is Action.FREE_SPLIT)
    return {0: no_bj}


#: The lammer side bets of the registry, in its order.
LAMMER_BETS: tuple[LammerSideBet, ...] = tuple(
    s for s in SIDE_BETS if isinstance(s, LammerSideBet))


def reads_lammers(rules: RuleSet) -> bool:
    """True when ``rules`` offer a lammer bet (so a build counts the lammers of every deal)."""
    return any(bet.offered(rules) for bet in LAMMER_BETS)


#: The most lammers any lammer bet counts (its pay table's last row).
MOST_LAMMERS = max((bet.max_lammers for bet in LAMMER_BETS), default=0)

#: Decimals a table keeps of each lammer chance: enough that they sum to 1 within 1e-12.
CHANCE_DIGITS = 15

#: The play the chances are of (the play every lammer bet's return assumes).
PLAY = ("the best first decision for the deal's exact cards, a split's hands playing the fixed "
        "post-split strategy (every resplit taken)")


@dataclass(frozen=True)
class LammerChances:
    """The chance the seat's round ends with each lammer count 0..:data:`MOST_LAMMERS`, a
    dealer blackjack counted with no lammer (the wager loses to it), and that blackjack's own
    chance; the whole round from the shoe, as the engine plays it (:data:`PLAY`)."""

    by_count: tuple[float, ...]
    dealer_blackjack: float

    @classmethod
    def of(cls, lammers: dict[int, float]) -> LammerChances:
        """From P(lammers = k, no dealer blackjack), as :func:`deal_lammers` sums them."""
        if any(not 0 <= count <= MOST_LAMMERS for count in lammers):
            raise ValueError(f"a seat holds 0 to {MOST_LAMMERS} lammers, not {max(lammers)}")
        blackjack = 1.0 - sum(lammers.values())
        return cls(tuple(lammers.get(k, 0.0) + (blackjack if k == 0 else 0.0)
                         for k in range(MOST_LAMMERS + 1)), blackjack)

    def plain(self) -> dict[str, Any]:
        """As a table keeps it (rounded to :data:`CHANCE_DIGITS` decimals)."""
        return {"by_count": [round(p, CHANCE_DIGITS) + 0.0 for p in self.by_count],
                "dealer_blackjack": round(self.dealer_blackjack, CHANCE_DIGITS) + 0.0}

    @classmethod
    def in_table(cls, table: dict[str, Any]) -> LammerChances | None:
        """A strategy table's chances (:mod:`.table_build`), None where its rules offer no
        lammer bet."""
        data = table.get("lammers")
        if data is None:
            return None
        return cls(tuple(float(p) for p in data["by_count"]), float(data["dealer_blackjack"]))

    def line(self) -> str:
        """The chances in one line, each to three figures: '0 lammers 83.8%, 1 14.4%, …'."""
        said = [f"{count} {_percent(p)}" for count, p in enumerate(self.by_count)]
        return ", ".join([said[0].replace(" ", " lammers ", 1), *said[1:]])

    def rtp(self, bet: LammerSideBet, rules: RuleSet) -> float:
        """Return to player of ``bet`` at ``rules`` (which offer it): each count's pay, no
        lammer (and a dealer blackjack) losing."""
        table = bet.table(rules)
        if table is None:
            raise ValueError(f"{bet.title} is not offered at {rules.name}")
        return sum(p * (1 + (bet.pays(count, table) or -1))
                   for count, p in enumerate(self.by_count) if count <= bet.max_lammers)


def _percent(p: float) -> str:
    """A chance in per cent to three significant figures ('83.8%', '1.30%', '0.00261%')."""
    return f"{p * 100:#.3g}%" if p else "0%"


def rtp_from_lammers(lammers: dict[int, float], bet: LammerSideBet, rules: RuleSet) -> float:
    """Return to player of ``bet`` at ``rules`` (which offer it) given P(lammers = k, no dealer
    blackjack) for k >= 0; the probability missing from the total (a dealer blackjack) loses,
    as does k = 0."""
    table = bet.table(rules)
    if table is None:
        raise ValueError(f"{bet.title} is not offered at {rules.name}")
    ev = 0.0
    for count, p in lammers.items():
        pays = bet.pays(count, table) if count > 0 else None
        ev += p * (pays if pays else -1)
    ev -= 1.0 - sum(lammers.values())
    return 1.0 + ev
