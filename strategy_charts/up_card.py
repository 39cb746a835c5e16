"""The first hand of a shoe against one up card: every hand valued at once, splits included.

The full-shoe engine behind :func:`game.game_ev` and the tables. It gives the same numbers as
:mod:`initial_hand` and :mod:`splits` (which value one hand at a time, for any shoe) but runs
the passes of :mod:`all_hands` over every hand together, and shares the dealer's probabilities
of each shoe between all ten up cards (:class:`~dealer_probabilities.DealerCache`).

Splits follow the method of :mod:`splits`: X(a, 0), the value of a split hand whose second card
is any card with ``a`` further pair cards gone, and the pair hand's own value, for every ``a``
the rules need, all from one fixed-strategy pass per stakes over every pair at once. The
split hands play the post-split strategy asked for (:class:`post_split.PostSplit`: CDZ- by
default).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from trainer.rules import Action, RuleSet, offers

from .all_hands import HIT, HandSet, reachable, stands
from .composition import Composition, add, full_shoe, of_values, size, subtract
from .dealer_probabilities import DealerCache, dealer_tree
from .hand_index import hand_index
from .hand_layout import count_true
from .hand_values import FREE, REAL, StakeUnits, UpCardValues
from .initial_hand import decides, double_action, pair_value
from .post_split import (
    PostSplit,
    SplitHandPlay,
    double_nodes,
    hit_doubles,
    post_split_choices,
    split_doubles,
    split_play,
)
from .splits import pattern_sum, seen_tables, x_n_tables


def dealer_cache(rules: RuleSet, shoe: Composition | None = None) -> DealerCache:
    """Dealer probabilities for removals from ``shoe`` (the rules' full shoe by default)."""
    peeks = frozenset(u for u in range(1, 11) if rules.peek.peeks_on(u))
    return DealerCache(shoe or full_shoe(rules.decks), rules.dealer_hits_soft_17, peeks)


@dataclass
class PairSplit:
    """X(a, 0) and the pair hand's value for one pair, per stakes: enough for its split value."""

    pair: int
    max_hands: int
    n: int            # cards left once both pair cards (and any known cards) are gone
    p: int            # pair cards among them
    x0: dict[StakeUnits, list[float]] = field(default_factory=dict)
    pp: dict[StakeUnits, list[float]] = field(default_factory=dict)
    #: Under CDPN, the same for the strategies of hands that begin their play with 1, 2 more
    #: pair cards split (this one's is the strategy of none more).
    later: list[PairSplit] = field(default_factory=list)
    #: Per hand number, whether the split hands' play (either stakes) reaches the hand
    reached: np.ndarray | None = None

    def value(self, free: bool, first: StakeUnits = REAL) -> float:
        """Numerator of the split, as :meth:`splits.SplitValues.value`."""
        others = FREE if free else REAL
        tables = [{stakes: x_n_tables(part.x0[stakes].__getitem__, part.pp[stakes].__getitem__,
                                      self.n, self.p, self.max_hands)
                   for stakes in {first, others}} for part in (self, *self.later)]
        return pattern_sum(self.max_hands, self.n, self.p, seen_tables(tables, first),
                           seen_tables(tables, others))


#: Per stakes, the decision (STAND/HIT/DOUBLE) of every hand number, one row per pair split
#: (or one row for all).
Decisions = Callable[[StakeUnits], np.ndarray]


@lru_cache(maxsize=256)
def holding(max_cards: int, within: Composition | None) -> np.ndarray:
    """(1 x hand numbers): the hands of two or more cards that hold ``within`` (every one where
    None), as a mask of one context; the last few hundred kept (read-only): live hands ask for
    the same few again and again (two cards, a pair card), a played hand's grade for more."""
    index = hand_index(max_cards)
    mask = index.size >= 2
    if within is not None:
        mask &= count_true(index.comps < np.array(within)) == 0
    mask = mask[None, :]
    mask.flags.writeable = False
    return mask


class UpCard:
    """Values of every hand of a round dealt from ``shoe`` (before the deal) against ``up``.

    ``within`` limits them to the hands holding those cards (a live hand and what it can
    become); by default every hand, as the first round of a shoe needs. Split hands play
    ``post_split``.
    """

    def __init__(self, rules: RuleSet, shoe: Composition, up: int, dealer: DealerCache,
                 within: Composition | None = None,
                 post_split: PostSplit = PostSplit.CDZ) -> None:
        self.rules, self.up, self.dealer, self.within = rules, up, dealer, within
        self.post_split = post_split
        self.index = index = hand_index(6 if rules.six_card_charlie else 21)
        self.shoe = subtract(shoe, of_values([up]))
        self.values = UpCardValues(rules, self.shoe, up)   # draws, mass, dealer blackjack
        self.hands = HandSet(rules, index, np.array(self.shoe), up,
                             np.zeros((1, 10), dtype=np.int64), holding(index.max_cards, within))
        self.hands.prepare(dealer)
        self._optimal: dict[tuple[StakeUnits, bool], tuple[np.ndarray, np.ndarray]] = {}
        self._double_parts: tuple[np.ndarray, np.ndarray] | None = None
        self._splits: dict[int, PairSplit] = {}
        self._cdz: dict[StakeUnits, np.ndarray] = {}
        self._first_split: tuple[set[int], SplitHandPlay] | None = None

    def node(self, hand: Composition) -> int:
        """The node of a hand of two or more cards among :attr:`hands`."""
        return self.hands.node(0, self.index.number(hand))

    def optimal(self, stakes: StakeUnits, after_split: bool = False
                ) -> tuple[np.ndarray, np.ndarray]:
        """(hit, best) per node of :attr:`hands` for these stakes (cached); where hands double
        after a hit, the doubles a first hand (a split hand, ``after_split``) is offered."""
        doubled = hit_doubles(self.rules, self.index, stakes, after_split)
        key = (stakes, after_split and doubled is not None)
        if key not in self._optimal:
            self._optimal[key] = self.hands.optimal(
                stakes, None if doubled is None else doubled[self.hands.hand])
        return self._optimal[key]

    def stand(self, hand: Composition, stakes: StakeUnits) -> float:
        """Value of standing on ``hand``."""
        node = self.node(hand)
        return float(stakes[0] * self.hands.a[node] + stakes[1] * self.hands.b[node])

    def hit(self, hand: Composition, stakes: StakeUnits, after_split: bool = False) -> float:
        """Value of hitting ``hand`` once, then playing best (:meth:`optimal`)."""
        return float(self.optimal(stakes, after_split)[0][self.node(hand)])

    @property
    def _doubles(self) -> tuple[np.ndarray, np.ndarray]:
        """Per node, the parts (A, B) of doubling a hand to stakes r * A + f * B: two-card
        hands (any that decide where hands double after a hit)."""
        if self._double_parts is None:
            twos = np.nonzero(double_nodes(self.rules, self.hands))[0]
            parts = (np.zeros(len(self.hands)), np.zeros(len(self.hands)))
            parts[0][twos], parts[1][twos] = self.hands.double_parts(twos)
            self._double_parts = parts
        return self._double_parts

    def double(self, hand: Composition, stakes: StakeUnits) -> float:
        """Value of one card with (already grown) ``stakes`` (on a two-card hand, or any that
        decides where hands double after a hit)."""
        node = self.node(hand)
        doubles = self._doubles
        return float(stakes[0] * doubles[0][node] + stakes[1] * doubles[1][node])

    def actions(self, hand: Composition, stakes: StakeUnits = REAL, after_split: bool = False,
                can_split: bool = True) -> dict[Action, float]:
        """Numerator of every legal action, as :func:`initial_hand.action_values` (no cards
        known gone besides the shoe's)."""
        if not decides(self.rules, hand, after_split):
            return {}
        out = {Action.STAND: self.stand(hand, stakes),
               Action.HIT: self.hit(hand, stakes, after_split)}
        double = double_action(self.values, hand, after_split, stakes)
        if double is not None:
            out[double[0]] = self.double(hand, double[1])
        pair = pair_value(hand)
        if pair is not None and can_split and not after_split and stakes == REAL:
            action = offers.split_kind(self.rules, pair)
            pairs = None if self.within is None else [pair]     # the whole round's at once
            out[action] = self.splits(pairs)[pair].value(free=action is Action.FREE_SPLIT)
        if offers.surrender_offered(self.rules, size(hand), after_split):
            out[Action.SURRENDER] = stakes[0] * self.values.surrender(hand)
        return out

    def first_actions(self, hand: Composition) -> dict[Action, float]:
        """Numerator of every legal first action of a two-card hand."""
        return self.actions(hand)

    # ----- splits -----------------------------------------------------------------------------

    def cdz_decisions(self, stakes: StakeUnits) -> np.ndarray:
        """The fixed post-split strategy ("CDZ-") per hand number (see
        :func:`post_split_choices`), on values of the unsplit hands."""
        if stakes not in self._cdz:
            per_node = post_split_choices(self.rules, self.hands,
                                          self.optimal(stakes, after_split=True)[0],
                                          self._doubles, stakes)
            decisions = np.full(len(self.index.hard), HIT, dtype=np.int64)
            decisions[self.hands.hand] = per_node
            self._cdz[stakes] = decisions
        return self._cdz[stakes]

    def cdz_choice(self, hand: Composition, stakes: StakeUnits) -> str:
        """The CDZ- play of a split hand: "stand", "hit" or "double"."""
        return ("stand", "hit", "double")[self.cdz_decisions(stakes)[self.index.number(hand)]]

    def post_split_decisions(self, pairs: list[int], seen: int = 0) -> Decisions:
        """The post-split strategy of :attr:`post_split` for splits of ``pairs``: per stakes,
        one row of decisions per pair (CDZ-: one row for all); under CDPN that of hands that
        begin their play with ``seen`` pair cards split beyond the two, under CDP that of
        X(seen, 0) (each pair's shoe holds them)."""
        if self.post_split is PostSplit.CDZ:
            return lambda stakes: self.cdz_decisions(stakes)[None, :]
        play = self._split_hand_play(pairs)
        rows = [play.rows.index((pair, 1 + seen)) for pair in pairs]
        return lambda stakes: play.decisions(stakes)[rows]

    def _split_hand_play(self, pairs: list[int]) -> SplitHandPlay:
        """The split hands of ``pairs`` (the whole round's at once) and their best play under
        :attr:`post_split` (kept)."""
        if self._first_split is None or not set(pairs) <= self._first_split[0]:
            wanted = None if self.within is None else pairs     # the whole round's at once
            more = self.post_split.depth(self.rules.max_hands)
            self._first_split = (set(pairs if wanted else range(1, 11)),
                                 SplitHandPlay(self, 1, wanted, more, self.post_split))
        return self._first_split[1]

    def _split_batch(self, pairs: list[int], hands_limit: int | None) -> dict[int, PairSplit]:
        """:func:`split_batch` of ``pairs`` for the post-split strategy (under CDPN, one batch
        per count of pair cards a hand may begin its play with; under CDP, each count's own
        play on its own shoe, :meth:`_own_removals`)."""
        if self.post_split is PostSplit.CDP:
            return self._own_removals(pairs, hands_limit)
        stakes_list = self.split_stakes()
        found = split_batch(self, pairs, 0, hands_limit, self.post_split_decisions(pairs),
                            stakes_list)
        seen = 1
        while self.post_split is PostSplit.CDPN:
            later = [pair for pair, split in found.items()
                     if min(split.max_hands - 2, split.p) >= seen]
            if not later:
                break
            # a strategy that plays as the one before it wherever that one's play goes plays
            # the same hands the same way: its values are the same
            last = [found[pair].later[-1] if found[pair].later else found[pair]
                    for pair in later]
            now = self.post_split_decisions(later, seen)
            before = self.post_split_decisions(later, seen - 1)
            other = [pair for row, (pair, split) in enumerate(zip(later, last, strict=True))
                     if any((now(stakes)[row] != before(stakes)[row])[split.reached].any()
                            for stakes in stakes_list)]
            more = split_batch(self, other, 0, hands_limit,
                               self.post_split_decisions(other, seen), stakes_list,
                               least=seen) if other else {}
            for pair, split in zip(later, last, strict=True):
                found[pair].later.append(more.get(pair, split))
            seen += 1
        return found

    def _own_removals(self, pairs: list[int], hands_limit: int | None
                      ) -> dict[int, PairSplit]:
        """CDP's values: X(a, 0) and the pair hand of each ``a`` by the strategy optimal with
        ``1 + a`` pair cards gone, each valued on its own shoe in the set that chose it
        (:meth:`SplitHandPlay.own_split`)."""
        play = self._split_hand_play(pairs)
        found: dict[int, PairSplit] = {}
        for pair in pairs:
            max_hands = offers.split_limit(self.rules, pair)
            if hands_limit is not None:
                max_hands = min(max_hands, hands_limit)
            n, p = sum(self.shoe) - 2, self.shoe[pair - 1] - 2
            if p < 0:
                continue
            split = found[pair] = PairSplit(pair, max_hands, n, p)
            for stakes in self.split_stakes():
                split.x0[stakes], split.pp[stakes] = play.own_split(
                    stakes, pair, min(2 * (max_hands - 2), p))
        return found

    def split_stakes(self) -> list[StakeUnits]:
        """The stakes split hands can hold under the rules."""
        return [REAL, FREE] if self.rules.free_split else [REAL]

    def splits(self, pairs: list[int] | None = None) -> dict[int, PairSplit]:
        """X and pair values of ``pairs`` (default: every pair the shoe holds) for the
        post-split strategy, computed together for those not yet known (cached)."""
        if pairs is None:
            pairs = [p for p in range(1, 11) if self.shoe[p - 1] >= 2]
        missing = [p for p in pairs if p not in self._splits]
        if missing:
            self._splits.update(self._split_batch(missing, None))
        return self._splits

    def split_value(self, pair: int, free: bool, first: StakeUnits, hands_limit: int) -> float:
        """Numerator of splitting ``pair`` into at most ``hands_limit`` hands, hand one with
        ``first`` stakes (a resplit keeps the hand's own stakes)."""
        return self._split_batch([pair], hands_limit)[pair].value(free=free, first=first)


def split_batch(up: UpCard, pairs: list[int], known: int, hands_limit: int | None,
                decisions: Decisions, stakes_list: list[StakeUnits],
                least: int = 0) -> dict[int, PairSplit]:
    """:class:`PairSplit` of each of ``pairs`` with ``known`` pair cards already gone besides
    the two of the split, at most ``hands_limit`` hands, split hands playing ``decisions``;
    only for ``least`` or more extra pair cards gone (fewer: NaN, for a CDPN or CDP strategy that no
    hand plays then)."""
    rules, index = up.rules, up.index
    firsts = np.array([index.number(of_values([pair])) for pair in pairs])
    settled = stands(rules)[1][index.size, index.total]
    plays: dict[StakeUnits, tuple[np.ndarray, np.ndarray]] = {}
    shape = (len(pairs), len(index.hard))
    for stakes in stakes_list:
        plays[stakes] = split_play(rules, index, pairs, decisions(stakes), stakes)
    # what either stakes' play reaches, one walk for all of them
    reach, need = reachable(index, np.concatenate([choice for choice, _ in plays.values()]),
                            np.tile(firsts, len(plays)), settled)
    held = np.asarray(reach.reshape(len(plays), *shape).any(axis=0))
    needed = np.asarray(need.reshape(len(plays), *shape).any(axis=0))
    found: dict[int, PairSplit] = {}
    extras, rows, where = [], [], []
    for row, pair in enumerate(pairs):
        max_hands = offers.split_limit(rules, pair)
        if hands_limit is not None:
            max_hands = min(max_hands, hands_limit)
        left = list(up.shoe)
        left[pair - 1] -= known
        n, p = sum(left) - 2, left[pair - 1] - 2
        if p < 0:
            continue
        found[pair] = PairSplit(pair, max_hands, n, p,
                                {s: [np.nan] * least for s in stakes_list},
                                {s: [np.nan] * least for s in stakes_list}, reached=held[row])
        for a in range(least, min(2 * (max_hands - 2), p) + 1):
            extra = [0] * 10
            extra[pair - 1] = known + a + 1
            extras.append(extra)
            rows.append(row)
            where.append((pair, a))
    if not extras:
        return found
    rows_arr = np.array(rows)
    hands = HandSet(rules, index, np.array(up.shoe), up.up, np.array(extras), held[rows_arr])
    node_rows = rows_arr[hands.context]
    # each node's entry of a (pairs x hand numbers) array, gathered by ``take`` (quicker)
    flat = node_rows * len(index.hard) + hands.hand
    hands.prepare(up.dealer, needed.take(flat))
    starts = [hands.node(i, firsts[row]) for i, row in enumerate(rows)]
    pair_hands = [hands.node(i, index.number(of_values([pair, pair])))
                  for i, (pair, _) in enumerate(where)]
    for stakes, (choice, doubled) in plays.items():
        value = hands.fixed(choice.take(flat), stakes, doubled.take(hands.hand, axis=0))
        for i, (pair, _) in enumerate(where):
            split = found[pair]
            split.x0.setdefault(stakes, []).append(float(value[starts[i]]))
            pp = pair_hands[i]
            split.pp.setdefault(stakes, []).append(float(value[pp]) if pp < len(hands) else 0.0)
    return found


def live_hand(rules: RuleSet, shoe: Composition, up: int, hand: Composition,
              can_split: bool = True, post_split: PostSplit = PostSplit.CDZ) -> UpCard:
    """Values of ``hand`` and every hand it can become against ``up`` at any shoe (``shoe``
    without the up card, the hand's cards still in it, as for :class:`UpCardValues`); with
    ``can_split`` a pair's split hands too. Only this up card's dealer probabilities."""
    before = add(shoe, of_values([up]))
    dealer = DealerCache(before, rules.dealer_hits_soft_17, _peeks(rules, up), (up,))
    pair = pair_value(hand) if can_split else None
    return UpCard(rules, before, up, dealer, of_values([pair]) if pair else hand, post_split)


def ready_live_hands(rules: RuleSet) -> None:
    """Build what :func:`live_hand` keeps for the whole process under these rules (the hand
    index, each up card's dealer tree, the doubles split hands are offered), so that the first
    live hand against each up card does not wait for it."""
    index = hand_index(6 if rules.six_card_charlie else 21)
    for up in range(1, 11):
        dealer_tree(rules.dealer_hits_soft_17, _peeks(rules, up), (up,))
    for stakes in (REAL, FREE):
        split_doubles(rules, index, stakes)
    stands(rules)


def _peeks(rules: RuleSet, up: int) -> frozenset[int]:
    """``{up}`` where the dealer peeks with that up card, else nothing."""
    return frozenset({up}) if rules.peek.peeks_on(up) else frozenset()
