"""The exact value of splitting a pair, resplits included, for a fixed post-split strategy.

Method (the standard one of combinatorial analyzers, after E. Farmer's split algorithm):

* **Post-split strategy ("CDZ-" by default).** Every split hand plays the strategy that is
  optimal for its own cards and its own stakes as if it had not come from a split: hand ``h``
  decides on values computed from the shoe minus ``h`` (and the up card). It is not
  re-optimised for the other pair card or for cards that sibling hands removed. With "CDP1"
  (:mod:`post_split`) hand ``h`` decides on the shoe minus ``h`` and the other pair card, as
  the first split hand would; with "CDPN" also minus the pair cards split when it began its
  play, one fixed strategy per count of them; with "CDP" (the analyzers') X(a, 0) is valued
  by the play optimal with ``1 + a`` pair cards gone, one strategy per ``a``.
  Doubles after a split follow the rule set (free double on hard 9-11 if
  ``free_double_after_split``, paid double if ``double_after_split``); split aces get one
  card.
* **Exact value of that strategy.** Because each hand's play depends only on its own cards
  (and, under CDPN, on the pair cards split before it began, which the second cards decide),
  every other hand's hits can be thought of as dealt after all second cards (stopping times
  on an exchangeable shoe), and cards removed unseen do not change an expectation. The split's
  value is then a sum over the sequence of pair (P) / non-pair (N) second cards: each hand's
  value is ``X(a, b)`` (second card unrestricted) or ``N(a, b)`` (second card known non-pair),
  with ``a`` extra pair cards and ``b`` unseen non-pair cards removed; both follow from the
  values with ``b = 0`` by removing one unseen card at a time.
* **Free Bet stakes.** Hand one keeps the real stake; every hand a free split makes carries a free
  stake only and plays the free-stake strategy. Paid splits give every hand a real stake.

All values are numerators as in :mod:`hand_values` (dealer peek handled by the hole card). What
a split hand is offered (its double, a resplit, how many hands the split may make, one card for
split aces) is the rules core's :mod:`trainer.rules.offers`; the value is checked against
playing every split hand in turn with Fractions (``tests/engine/test_brute_force.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

from trainer.rules import offers

from .composition import EMPTY, Composition, add, fits, of_values, size, total, with_card
from .hand_values import FREE, REAL, StakeUnits, UpCardValues, doubled_stakes, play_fixed
from .post_split import PostSplit

#: One hand of a pattern: (is hand one, second card "N" non-pair or "X" any, a, b, and how many
#: pair cards beyond the two the split had made into hands when the hand began its play).
PatternHand = tuple[bool, str, int, int, int]


@cache
def split_patterns(max_hands: int, n: int, p: int
                   ) -> tuple[tuple[float, tuple[PatternHand, ...]], ...]:
    """Every sequence of second cards for a split, with its probability.

    ``n`` cards remain after both pair cards are gone, ``p`` of them pair cards. Hands get their
    second cards in order, as dealt; a pair card makes a new hand while fewer than
    ``max_hands`` exist, after which every second card is unrestricted ("X"). A hand begins its
    play on its second card, knowing the pair cards split so far (``hands - 2`` beyond the
    two).
    """
    q = n - p
    out: list[tuple[float, tuple[PatternHand, ...]]] = []

    def walk(prob: float, hands: int, current: int, a: int,
             kinds: list[tuple[str, int]]) -> None:
        if prob == 0.0:
            return
        n_count = sum(kind == "N" for kind, _ in kinds)
        if current == hands:
            pattern = tuple((i == 0, kind, a, n_count - (kind == "N"), seen)
                            for i, (kind, seen) in enumerate(kinds))
            out.append((prob, pattern))
            return
        if hands == max_hands:
            walk(prob, hands, current + 1, a, [*kinds, ("X", hands - 2)])
            return
        remaining = n - a - n_count
        if remaining <= 0:
            return
        if p - a > 0:
            walk(prob * (p - a) / remaining, hands + 1, current, a + 1, kinds)
        n_left = q - n_count
        if n_left > 0:
            walk(prob * n_left / remaining, hands, current + 1, a, [*kinds, ("N", hands - 2)])

    walk(1.0, 2, 0, 0, [])
    return tuple(out)


@dataclass
class SplitValues:
    """Values of splitting one pair against one up card, for the fixed CDZ- strategy."""

    values: UpCardValues
    pair: int                     # the pair's card value (1 = aces)
    known: Composition = EMPTY    # other cards known gone besides the two pair cards
    #: Another fixed post-split strategy (hand, stakes) -> "stand" | "hit" | "double";
    #: None plays CDZ-. The value stays exact for whichever fixed strategy is given.
    strategy: Callable[[Composition, StakeUnits], str] | None = None
    #: Most hands this split may grow to (a resplit of a split hand has fewer left).
    hands_limit: int | None = None
    #: Which strategy the split hands play when ``strategy`` is None
    #: (:class:`post_split.PostSplit`): CDZ- decides on the shoe without the hand and
    #: ``known``, CDP1 without the other pair card too, CDPN without the pair cards split
    #: when the hand began its play (one fixed strategy per count, :attr:`seen`), CDP
    #: without the further pair cards of X(a, 0) (one per ``a``, :attr:`seen`).
    post_split: PostSplit = PostSplit.CDZ
    #: The pair cards beyond the two a CDP1 (CDPN, CDP) hand decides as known gone.
    seen: int = 0

    def __post_init__(self) -> None:
        rules = self.values.rules
        self.rules = rules
        self.max_hands = offers.split_limit(rules, self.pair)
        if self.hands_limit is not None:
            self.max_hands = min(self.max_hands, self.hands_limit)
        self._fixed: dict[tuple[Composition, StakeUnits, Composition], float] = {}
        self._decision: dict[tuple[Composition, StakeUnits], str] = {}
        left = [s - k for s, k in zip(self.values.shoe, self.known, strict=True)]
        self.n = sum(left) - 2
        self.p = left[self.pair - 1] - 2
        self.top_a = min(2 * (self.max_hands - 2), max(self.p, 0))
        self._plays: list[SplitValues] | None = None

    def extra(self, a: int) -> Composition:
        """Cards gone besides the hand's own: the other pair card, ``a`` more, and ``known``."""
        return add(self.known, of_values([self.pair] * (a + 1)))

    def strategies(self) -> list[SplitValues]:
        """The fixed strategies split hands play, by the pair cards beyond the two split when
        a hand begins its play (CDPN's one per count), or by the further pair cards of
        X(a, 0) (CDP's one per ``a``); this one alone otherwise."""
        if self._plays is None:
            self._plays = [self]
            if self.post_split in (PostSplit.CDPN, PostSplit.CDP) and self.strategy is None:
                most = min(self.post_split.depth(self.max_hands), max(self.p, 0))
                self._plays += [replace(self, seen=k) for k in range(1, most + 1)]
        return self._plays

    def prepare(self) -> None:
        """Batch the dealer probabilities every split hand needs (the unsplit hands' first)."""
        first = of_values([self.pair])
        for play in self.strategies():
            play.values.prepare(play.values.reachable(first, play.deciding_on()))
            play.values.prepare(play.needed())

    def deciding_on(self) -> Composition:
        """The cards besides a split hand's own that its post-split play knows are gone."""
        return self.known if self.post_split is PostSplit.CDZ else self.extra(self.seen)

    def needed(self) -> set[Composition]:
        """Removals whose dealer probabilities the fixed strategy's hands stand on.

        The decisions come from unsplit values, so those must be ready; walking the strategy
        instead of every reachable hand keeps the batch small.
        """
        found: set[Composition] = set()
        v = self.values
        stakes_list = [REAL, FREE] if self.rules.free_split else [REAL]

        def stand_on(hand: Composition, extra: Composition) -> None:
            t, _ = total(hand)
            if t <= 21 and not offers.is_charlie(self.rules, size(hand), t):
                found.add(add(hand, extra))

        visited: set[tuple[Composition, StakeUnits, Composition]] = set()

        def walk(hand: Composition, stakes: StakeUnits, extra: Composition) -> None:
            if (hand, stakes, extra) in visited:
                return
            visited.add((hand, stakes, extra))
            if not self.plays(hand):
                stand_on(hand, extra)
                return
            choice = self.decision(hand, stakes)
            if choice == "stand":
                stand_on(hand, extra)
                return
            for c, _ in v.draws(add(hand, extra)):
                nxt = with_card(hand, c)
                if choice == "double":
                    stand_on(nxt, extra)
                else:
                    walk(nxt, stakes, extra)

        first = of_values([self.pair])
        for a in range(self.top_a + 1):
            extra = self.extra(a)
            if not fits(add(first, extra), v.shoe):
                continue
            for stakes in stakes_list:
                for c, _ in v.draws(add(first, extra)):
                    walk(with_card(first, c), stakes, extra)
        return found

    # ----- the fixed strategy -----------------------------------------------------------------

    def plays(self, hand: Composition) -> bool:
        """Whether a split hand of two or more cards still decides: it has not busted, made a
        Charlie or a 21 that stands, and is not a split ace (one card only)."""
        t, _ = total(hand)
        return offers.decides(self.rules, size(hand), t, from_split=True) and (
            size(hand) > 2 or offers.draws_after_split(self.pair))

    def double_after_split(self, hand: Composition, stakes: StakeUnits) -> StakeUnits | None:
        """Stakes after the double a split hand may take, or None when it may not double."""
        return doubled_stakes(self.rules, hand, stakes, from_split=True)

    def decision(self, hand: Composition, stakes: StakeUnits) -> str:
        """The post-split play of a split hand (CDZ- or CDP1): best of stand / hit / double on
        the shoe it decides on."""
        key = (hand, stakes)
        cached = self._decision.get(key)
        if cached is None and self.strategy is not None:
            cached = self._decision[key] = self.strategy(hand, stakes)
        if cached is None:
            v = self.values
            gone = self.deciding_on()
            options = {"stand": v.stand(hand, stakes, gone),
                       "hit": v.hit(hand, stakes, gone, from_split=True)}
            doubled = self.double_after_split(hand, stakes)
            if doubled is not None:
                options["double"] = v.double(hand, doubled, gone)
            cached = max(options, key=lambda k: (options[k], -list(options).index(k)))
            self._decision[key] = cached
        return cached

    def fixed(self, hand: Composition, stakes: StakeUnits, extra: Composition) -> float:
        """Value of a split hand played by the fixed strategy with ``extra`` also gone."""
        return play_fixed(self.values, hand, stakes, extra, self._play, self._fixed,
                          self.double_after_split)

    def _play(self, hand: Composition, stakes: StakeUnits) -> str:
        """The fixed strategy, with split aces standing on their one card."""
        if size(hand) == 2 and not offers.draws_after_split(self.pair):
            return "stand"
        return self.decision(hand, stakes)

    # ----- X and N ----------------------------------------------------------------------------

    def _x0(self, a: int, stakes: StakeUnits) -> float:
        """X(a, 0): a split hand whose second card is any card, ``a`` extra pair cards gone."""
        first = of_values([self.pair])
        extra = self.extra(a)
        return sum(p * self.fixed(with_card(first, c), stakes, extra)
                   for c, p in self.values.draws(add(first, extra)))

    def _pp(self, a: int, stakes: StakeUnits) -> float:
        """The pair hand played without resplitting, ``a`` extra pair cards gone."""
        return self.fixed(of_values([self.pair, self.pair]), stakes, self.extra(a))

    def x_n_tables(self, stakes: StakeUnits) -> XNTables:
        """X(a, b) and N(a, b) for every a, b the patterns need."""
        return x_n_tables(lambda a: self._x0(a, stakes), lambda a: self._pp(a, stakes),
                          self.n, self.p, self.max_hands)

    def value(self, free: bool, first: StakeUnits = REAL) -> float:
        """Numerator of the split: hand one keeps ``first`` stakes, the others are free
        (``free``) or real (paid).

        Call :meth:`prepare` first (or batch the same removals) for speed.
        """
        others = FREE if free else REAL
        plays = self.strategies()
        if self.post_split is PostSplit.CDP and self.strategy is None:
            # the analyzers' CDP: X(a, 0) and the pair hand of each a by a's own strategy
            removal = {stakes: self._removal_tables(plays, stakes) for stakes in {first, others}}
            return pattern_sum(self.max_hands, self.n, self.p, lambda _: removal[first],
                               lambda _: removal[others])
        tables = [{stakes: play.x_n_tables(stakes) for stakes in {first, others}}
                  for play in plays]
        return pattern_sum(self.max_hands, self.n, self.p, seen_tables(tables, first),
                           seen_tables(tables, others))

    def _removal_tables(self, plays: list[SplitValues], stakes: StakeUnits) -> XNTables:
        """CDP's X and N tables: X(a, 0) and the pair hand of each ``a`` by ``plays[a]``."""
        return x_n_tables(lambda a: plays[a]._x0(a, stakes), lambda a: plays[a]._pp(a, stakes),
                          self.n, self.p, self.max_hands)


#: X(a, b) and N(a, b) of one stakes, by (a, b).
XNTables = tuple[dict[tuple[int, int], float], dict[tuple[int, int], float]]


def x_n_tables(x0: Callable[[int], float], pp: Callable[[int], float], n: int, p: int,
               max_hands: int) -> XNTables:
    """X(a, b) and N(a, b) from X(a, 0) (``x0``) and the pair hand's value (``pp``).

    ``n`` cards remain after both pair cards, ``p`` of them pair cards; N(a, 0) removes the
    chance that the second card is a pair card, and each b removes one unseen non-pair card.
    """
    x: dict[tuple[int, int], float] = {}
    nn: dict[tuple[int, int], float] = {}
    top = 2 * (max_hands - 2)
    for a in range(top + 1):
        if a > p:
            x[(a, 0)] = nn[(a, 0)] = 0.0
            continue
        x[(a, 0)] = x0(a)
        v = (p - a) / (n - a)
        nn[(a, 0)] = x[(a, 0)] if v == 0 else (
            (x[(a, 0)] - v * pp(a)) / (1 - v) if v < 1 else 0.0)
    for b in range(1, max_hands):
        for a in range(top + 1 - b):
            v = (p - a) / (n + 1 - a - b) if p > a else 0.0
            x[(a, b)] = (x[(a, b - 1)] - v * x[(a + 1, b - 1)]) / (1 - v) if v < 1 else 0.0
            w = (p - a) / (n - a - b) if p > a else 0.0
            nn[(a, b)] = (nn[(a, b - 1)] - w * nn[(a + 1, b - 1)]) / (1 - w) if w < 1 else 0.0
    return x, nn


#: The X and N tables of the strategy a hand plays, by the pair cards split when it began.
BySeen = Callable[[int], XNTables]


def seen_tables(tables: list[dict[StakeUnits, XNTables]], stakes: StakeUnits) -> BySeen:
    """The tables of ``stakes`` by the pair cards split when a hand began its play: the one
    fixed strategy's for all (CDZ-, CDP1), else CDPN's own for each count."""
    if len(tables) == 1:
        return lambda _: tables[0][stakes]
    return lambda seen: tables[seen][stakes]


def pattern_sum(max_hands: int, n: int, p: int, first: BySeen, others: BySeen) -> float:
    """The split's numerator: every pattern of second cards, each hand valued by X or N of its
    stakes (``first`` for hand one, ``others`` for the hands the split makes) and of the
    strategy it plays, given by how many pair cards the split had made into hands when it
    began its play (one strategy for all under CDZ- and CDP1)."""
    result = 0.0
    for prob, hands in split_patterns(max_hands, n, p):
        for is_first, kind, a, b, seen in hands:
            x, nn = (first if is_first else others)(seen)
            result += prob * (x if kind == "X" else nn)[(a, b)]
    return result
