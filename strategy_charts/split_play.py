"""Where a split's hands play otherwise than the chart's post-split play, and what it gains.

The charts and tables value splits with CDZ- (:mod:`post_split`): every split hand plays as
if unsplit. A player who also counts the pair cards gone plays some split hands otherwise
(CDP1, CDPN: strategies a player can follow; the analyzers' CDP). :func:`split_differences`
names those hands, each with the count of other pair cards gone for which the strategy plays
it otherwise, and the split's EV under both, all from the engine (no hand listed that the
strategy's play never reaches).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from trainer.rules import Action, RuleSet, hand_total, offers

from .all_hands import DOUBLE, STAND, reachable, stands
from .composition import Composition, full_shoe, of_values, subtract
from .hand_values import FREE, REAL, StakeUnits
from .post_split import PostSplit, split_play
from .up_card import UpCard, live_hand

#: The engine's decisions by name (all_hands' STAND, HIT, DOUBLE).
PLAYS = ("stand", "hit", "double")


@dataclass(frozen=True)
class OtherPlay:
    """One split hand the strategy plays otherwise than CDZ-."""

    cards: tuple[int, ...]      # its card values: the pair card first, then the highest
    free: bool                  # a free-stake hand (a Free Bet free split's)
    gone: tuple[int, ...]       # the counts of other pair cards gone for which it does
    chart: str                  # CDZ-'s play: "stand", "hit" or "double"
    play: str                   # the strategy's play


@dataclass(frozen=True)
class SplitDifferences:
    """A split whose hands play otherwise under ``post_split`` than under CDZ-."""

    pair: int
    up: int
    post_split: PostSplit
    plays: tuple[OtherPlay, ...]
    chart_ev: float             # the split's EV under CDZ-, in units of the bet
    ev: float                   # under ``post_split``

    @property
    def gain(self) -> float:
        """What the strategy adds to the split's EV, in units of the bet."""
        return self.ev - self.chart_ev


def split_differences(rules: RuleSet, pair: int, up: int,
                      post_split: PostSplit = PostSplit.CDPN,
                      shoe: Composition | None = None) -> SplitDifferences | None:
    """The split of ``pair`` against ``up`` dealt from ``shoe`` (before the deal; the rules'
    full shoe by default): the split hands ``post_split`` plays otherwise than CDZ- (among
    those its play reaches), with the split's EV under both. None where the split is not
    offered, or where no hand plays otherwise (its EV is then CDZ-'s)."""
    hand = of_values([pair, pair])
    before = full_shoe(rules.decks) if shoe is None else shoe
    dealt = subtract(before, of_values([up]))
    action = offers.split_kind(rules, pair)
    cards = {kind: live_hand(rules, dealt, up, hand, post_split=kind)
             for kind in (PostSplit.CDZ, post_split)}
    values = {kind: card.actions(hand).get(action) for kind, card in cards.items()}
    if values[PostSplit.CDZ] is None or post_split is PostSplit.CDZ:
        return None
    stakes = [REAL, FREE] if action is Action.FREE_SPLIT else [REAL]   # a paid split: real
    plays = _other_plays(cards[PostSplit.CDZ], cards[post_split], pair, stakes)
    if not plays:
        return None
    mass = cards[PostSplit.CDZ].values.mass(hand)
    return SplitDifferences(pair, up, post_split, plays,
                            float(values[PostSplit.CDZ] or 0) / mass,
                            float(values[post_split] or 0) / mass)


def _other_plays(chart: UpCard, card: UpCard, pair: int, stakes_list: list[StakeUnits]
                 ) -> tuple[OtherPlay, ...]:
    """The hands (of ``stakes_list``) ``card``'s strategies play otherwise than ``chart``'s
    CDZ-: hands a strategy's play reaches, that decide, and that the shoe can deal beside the
    pair cards gone; under CDPN a pair hand only where the seat can split no more."""
    rules, index = card.rules, card.index
    settled = stands(rules)[1][index.size, index.total]
    first = np.array([index.number(of_values([pair]))])
    deciding = (index.size >= 2) & ~settled
    if not offers.draws_after_split(pair):
        deciding &= index.size > 2
    limit = offers.split_limit(rules, pair)
    most = min(card.post_split.depth(limit), card.shoe[pair - 1] - 2)
    pair_hand = index.number(of_values([pair, pair]))
    found: dict[tuple[int, bool, int, int], list[int]] = {}
    for seen in range(most + 1):
        left = np.array(card.shoe) - np.array(of_values([pair] * (1 + seen)))
        dealt = deciding & (index.comps <= left[None, :]).all(axis=1)
        resplit = card.post_split is PostSplit.CDPN and seen < limit - 2
        if resplit:
            dealt[pair_hand] = False        # the seat resplits it: no hand plays it
        for stakes in stakes_list:
            ours = split_play(rules, index, [pair], chart.cdz_decisions(stakes)[None, :],
                              stakes)[0][0]
            theirs = split_play(rules, index, [pair],
                                card.post_split_decisions([pair], seen)(stakes), stakes)[0]
            walked = theirs.copy()          # a double's card takes no decision
            walked[walked == DOUBLE] = STAND
            if resplit:
                walked[0, pair_hand] = STAND
            reach = reachable(index, walked, first, settled)[0][0]
            for number in np.flatnonzero(reach & dealt & (theirs[0] != ours)):
                key = (int(number), stakes == FREE, int(ours[number]), int(theirs[0, number]))
                found.setdefault(key, []).append(1 + seen)
    order = sorted(found, key=lambda key: (int(index.size[key[0]]), int(index.total[key[0]]),
                                           key[1], key[0]))       # fewest cards, lowest first
    return tuple(OtherPlay(_cards(index.comps[number], pair), free, tuple(found[key]),
                           PLAYS[was], PLAYS[now])
                 for key in order for number, free, was, now in [key])


def pair_name(pair: int) -> str:
    """The pair card in the plural, as a sentence says it: "aces", "8s", "tens"."""
    return {1: "aces", 10: "tens"}.get(pair, f"{pair}s")


def describe(play: OtherPlay) -> str:
    """One hand in words: "9,4 (hard 13): hit, not stand, with 1 other 9 gone" (a free-stake
    hand says so)."""
    total, soft = hand_total(play.cards)
    cards = ",".join("A" if value == 1 else str(value) for value in play.cards)
    pair = play.cards[0]
    name = "ace" if pair == 1 else "ten" if pair == 10 else str(pair)
    counts = [str(count) for count in play.gone]
    said = counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]
    plural = play.gone != (1,)
    gone = f"{said} other {pair_name(pair) if plural else name} gone"
    stake = ", free stake" if play.free else ""
    return (f"{cards} ({'soft' if soft else 'hard'} {total}{stake}): {play.play}, "
            f"not {play.chart}, with {gone}")


def _cards(counts: np.ndarray, pair: int) -> tuple[int, ...]:
    """A split hand's card values from its counts: the pair card first, then the rest from
    the highest."""
    rest = [value for value in range(10, 0, -1) for _ in range(int(counts[value - 1]))]
    rest.remove(pair)
    return (pair, *rest)

__all__ = ["OtherPlay", "SplitDifferences", "describe", "pair_name", "split_differences"]
