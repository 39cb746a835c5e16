"""The post-split strategies: how a hand made by a split plays, and the doubles it is offered.

The value of a split is exact for the strategy its hands play (:mod:`splits` explains the
method); which strategy that is is the player's choice, named as the exact combinatorial
analyzers name theirs (E. Farmer's CDZ-, CDP1, CDP):

* **CDZ-** (the default): every split hand plays what is optimal for its own cards and stakes
  as if it had not come from a split, on the shoe without its own cards only.
* **CDP1**: every split hand plays what is optimal for the *first* split hand holding its
  cards: on the shoe without its own cards and the other pair card (the first split hand
  knows that card is gone). The same fixed strategy is applied to every split hand, resplits
  included.
* **CDP** (the analyzers' CDP, as Farmer's analyzer computes it): a split hand's play is
  allowed to vary with the number of additional pair cards removed: the value X(a, 0) of a
  split hand with ``a`` further pair cards gone is that of the play optimal on the shoe
  without its own cards and ``1 + a`` other pair cards, and the split's value is the method's
  sum (:mod:`splits`) over those values. ``a`` is the count of the whole split (pair cards
  dealt to later hands after this one is played included), and the method's removal of
  unseen cards mixes the values of neighbouring counts, so the figure is the analyzers'
  definition rather than the value of a strategy a player can follow at the table.
* **CDPN** (this engine's name): a split hand's play knows the pair cards split so far: a
  hand that begins its play (on its second card) when the seat holds ``2 + k`` hands plays
  what is optimal on the shoe without its own cards and those ``1 + k`` other pair cards
  (``k`` = 0 is CDP1's play). Cards the other hands drew besides their pair cards are not
  used. This is a strategy a player can follow at the table, hands dealt in turn as a casino
  deals them, and its value is exact.

CDZ-, CDP1 and CDPN are exact: under CDPN every hand's strategy is fixed by how many pair cards
were split before it began, a count the sequence of second cards decides, so the split's value
is the method's sum with each hand valued by the tables of its own strategy. Where split hands hold
real or free stakes (Free Bet), each stakes has its own play under each strategy.
"""

from __future__ import annotations

from enum import Enum
from functools import cache, lru_cache
from typing import TYPE_CHECKING

import numpy as np

from trainer.rules import RuleSet, offers

from .all_hands import DOUBLE, HIT, STAND, HandSet, choose
from .composition import Composition, add, of_values
from .hand_index import HandIndex, hand_index
from .hand_layout import NodeLayout, kept_layout
from .hand_values import StakeUnits, doubled_stakes

if TYPE_CHECKING:
    from .up_card import UpCard


class PostSplit(Enum):
    """Which fixed strategy split hands play (see the module doc)."""

    CDZ = "cdz"
    CDP1 = "cdp1"
    CDP = "cdp"
    CDPN = "cdpn"

    def depth(self, max_hands: int) -> int:
        """The most further pair cards (beyond the two split) a strategy of this kind is
        chosen for, in a split of at most ``max_hands`` hands: CDPN's hands begin their play
        with up to ``max_hands - 2``; CDP's X(a, 0) runs to the method's ``2 * (max_hands -
        2)``; CDZ- and CDP1 have one strategy (0)."""
        if self is PostSplit.CDPN:
            return max_hands - 2
        if self is PostSplit.CDP:
            return 2 * (max_hands - 2)
        return 0


def split_doubles(rules: RuleSet, index: HandIndex, stakes: StakeUnits) -> np.ndarray:
    """Per hand, the stakes a double leaves on a hand made by a split, (-1, -1) if it may not
    double: :func:`hand_values.doubled_stakes` (the rules core's offer) asked for each hand of
    two cards (of any number where hands double after a hit). Fixed per rule set: asked once
    and kept (read-only)."""
    return _offered_doubles(rules, index.max_cards, stakes, True,
                            2 if offers.doubles_after_hit(rules) else None)


def split_play(rules: RuleSet, index: HandIndex, pairs: list[int], decisions: np.ndarray,
               stakes: StakeUnits) -> tuple[np.ndarray, np.ndarray]:
    """The play split hands of ``stakes`` make from their pair card, per pair of ``pairs``
    (rows) and hand number: ``decisions`` (one row per pair, or one for all) with a lone pair
    card drawing its second card, split aces standing on it and a double not offered taken
    as a hit; and the doubles offered (:func:`split_doubles`)."""
    choice = np.array(np.broadcast_to(decisions, (len(pairs), len(index.hard))))
    choice[:, index.size == 1] = HIT
    for row, pair in enumerate(pairs):
        if not offers.draws_after_split(pair):     # split aces get one card
            choice[row, index.size == 2] = STAND
    doubled = split_doubles(rules, index, stakes)
    choice[(choice == DOUBLE) & (doubled[:, 0] < 0)[None, :]] = HIT
    return choice, doubled


def hit_doubles(rules: RuleSet, index: HandIndex, stakes: StakeUnits,
                from_split: bool) -> np.ndarray | None:
    """Per hand, the stakes a double leaves on a hand of three or more cards (reached by a
    hit; of a split hand with ``from_split``), (-1, -1) if it may not double; None where no
    such hand doubles (the rules of every preset). Read-only and kept, as
    :func:`split_doubles`."""
    if not offers.doubles_after_hit(rules):
        return None
    return _offered_doubles(rules, index.max_cards, stakes, from_split, 3)


@cache
def _offered_doubles(rules: RuleSet, max_cards: int, stakes: StakeUnits, from_split: bool,
                     least: int | None) -> np.ndarray:
    """The doubles offered to hands of two cards (``least`` None) or of ``least`` or more."""
    index = hand_index(max_cards)
    out = np.full((len(index.hard), 2), -1, dtype=np.int64)
    sizes = index.size == 2 if least is None else index.size >= least
    for number in np.nonzero(sizes)[0]:
        hand = tuple(int(n) for n in index.comps[number])
        grown = doubled_stakes(rules, hand, stakes, from_split=from_split)
        if grown is not None:
            out[number] = grown
    out.flags.writeable = False
    return out


@lru_cache(maxsize=2)
def split_layout(max_cards: int, rows: tuple[tuple[int, int], ...], shoe: Composition
                 ) -> NodeLayout:
    """The nodes of :class:`SplitHandPlay`'s rows ((pair, pair cards gone besides the hand's))
    that ``shoe`` (before the up card) can deal: every hand of two or more cards holding the
    pair card, and the lone pair card. Kept for the round's other up cards (the last two)."""
    index = hand_index(max_cards)
    extras = np.zeros((len(rows), 10), dtype=np.int64)
    for row, (pair, gone) in enumerate(rows):
        extras[row, pair - 1] = gone
    masks = np.array([((index.comps[:, p - 1] >= 1) & (index.size >= 2))
                      | (index.number(of_values([p])) == np.arange(len(index.hard)))
                      for p, _ in rows])
    return kept_layout(index, np.array(shoe), extras, masks.reshape(len(rows), -1))


def post_split_choices(rules: RuleSet, hands: HandSet, hit: np.ndarray,
                       doubles: tuple[np.ndarray, np.ndarray], stakes: StakeUnits) -> np.ndarray:
    """Per node, the fixed post-split strategy's play ("CDZ-"): the best of stand, hit and the
    double allowed after a split, on the node's own values (the first wins a tie), as
    :meth:`splits.SplitValues.decision`; ``doubles`` are the nodes' double parts."""
    doubled = split_doubles(rules, hands.index, stakes)[hands.hand]
    offered = doubled[:, 0] >= 0
    double_value = np.where(offered, doubled[:, 0] * doubles[0] + doubled[:, 1] * doubles[1],
                            -np.inf)
    return choose([hands.stand(stakes), hit, double_value if offered.any() else None])


def double_nodes(rules: RuleSet, hands: HandSet) -> np.ndarray:
    """Per node, whether a double of it may be valued: a two-card hand, or any hand that
    decides where hands double after a hit."""
    if offers.doubles_after_hit(rules):
        return (hands.size >= 2) & ~hands.settled
    return hands.size == 2


class SplitHandPlay:
    """The hands made by splitting each of ``pairs`` (default: every pair the shoe holds twice
    beside ``known`` more) against one up card, with ``known`` other pair cards gone besides
    the hand's own, and their optimal play there: stand, hit then play best, and the double a
    split hand is offered. With ``known`` 1 their best play is the CDP1 strategy; ``more``
    adds rows with 1 to ``more`` further pair cards gone (CDP's later strategies), where the
    shoe holds them and ``kind`` (:meth:`PostSplit.depth`) chooses a strategy for them.

    Each row also holds its lone pair card, where a split hand begins (it takes no decision
    here): so each row's own strategy is valued on its own shoe in the same set
    (:meth:`own_split`), CDP's X(a, 0) and pair hand of the row ``a`` + 1."""

    def __init__(self, card: UpCard, known: int = 1, pairs: list[int] | None = None,
                 more: int = 0, kind: PostSplit = PostSplit.CDPN) -> None:
        # the up card's parts, not the up card: it keeps this (a cycle would hold the arrays
        # until the garbage collector's next pass, each up card's afresh)
        self.rules, self.index, self.known = card.rules, card.index, known
        index = card.index
        self.pairs = [p for p in (pairs or range(1, 11)) if card.shoe[p - 1] >= known + 1]
        #: (pair, cards of it gone besides the hand's) of each row: :attr:`pairs` first
        self.rows = [(p, known + k) for k in range(more + 1) for p in self.pairs
                     if card.shoe[p - 1] >= known + k + 1
                     and (not k or kind.depth(offers.split_limit(card.rules, p)) >= k)]
        layout = split_layout(index.max_cards, tuple(self.rows),
                              add(card.shoe, of_values([card.up])))
        self.hands = HandSet(card.rules, index, np.array(card.shoe), card.up, layout.extras,
                             None, layout)
        self._deciding = self.hands.size >= 2     # the lone pair cards hit (no stand value)
        self.hands.prepare(card.dealer, self._deciding)
        self._optimal: dict[StakeUnits, np.ndarray] = {}
        self._decisions: dict[StakeUnits, np.ndarray] = {}
        self._own: dict[StakeUnits, np.ndarray] = {}
        twos = np.nonzero(double_nodes(card.rules, self.hands))[0]
        self._double = (np.zeros(len(self.hands)), np.zeros(len(self.hands)))
        self._double[0][twos], self._double[1][twos] = self.hands.double_parts(twos)

    def _hit(self, stakes: StakeUnits) -> np.ndarray:
        """Per node, hitting then playing best with the doubles a split hand is offered."""
        if stakes not in self._optimal:
            doubled = hit_doubles(self.rules, self.index, stakes, from_split=True)
            self._optimal[stakes] = self.hands.optimal(
                stakes, None if doubled is None else doubled[self.hands.hand])[0]
        return self._optimal[stakes]

    def decisions(self, stakes: StakeUnits) -> np.ndarray:
        """Per row (:attr:`rows`; :attr:`pairs` first) and hand number: the best of stand, hit
        and the double allowed after a split on that row's shoe (a fixed strategy)."""
        table = self._decisions.get(stakes)
        if table is None:
            hands, index = self.hands, self.index
            per_node = post_split_choices(self.rules, hands, self._hit(stakes),
                                          self._double, stakes)
            table = np.full((len(self.rows), len(index.hard)), HIT, dtype=np.int64)
            deciding = self._deciding
            table[hands.context[deciding], hands.hand[deciding]] = per_node[deciding]
            table.flags.writeable = False       # kept: read only
            self._decisions[stakes] = table
        return table

    def own_split(self, stakes: StakeUnits, pair: int, most: int
                  ) -> tuple[list[float], list[float]]:
        """CDP's X(a, 0) and pair hand of ``pair`` for ``a`` = 0 to ``most`` (rows of
        ``known`` = 1), each by the play of its own row (:meth:`decisions`, as split hands
        make it, :func:`split_play`) on its own shoe; a pair hand the shoe cannot deal: 0."""
        value = self._own_values(stakes)
        index, hands = self.index, self.hands
        start, pair_hand = index.number(of_values([pair])), index.number(of_values([pair, pair]))
        x0, pp = [], []
        for a in range(most + 1):
            row = self.rows.index((pair, self.known + a))
            x0.append(float(value[hands.node(row, start)]))
            node = hands.node(row, pair_hand)
            pp.append(float(value[node]) if node < len(hands) else 0.0)
        return x0, pp

    def _own_values(self, stakes: StakeUnits) -> np.ndarray:
        """Per node, the value of its row's own strategy (kept per stakes)."""
        if stakes not in self._own:
            choice, doubled = split_play(self.rules, self.index,
                                         [pair for pair, _ in self.rows],
                                         self.decisions(stakes), stakes)
            hands = self.hands
            flat = hands.context * len(self.index.hard) + hands.hand
            self._own[stakes] = hands.fixed(choice.take(flat), stakes,
                                            doubled.take(hands.hand, axis=0))
        return self._own[stakes]
