"""A counter at the table: real shoes dealt and settled by the rules core, played by the charts
with a count's index plays, and the gain of each index play measured against the chart's play.

The counter sees every card dealt but the dealer's hole card until it is turned, and keeps the
running count of them; before a round it knows the true count of the cards gone (its bet), at a
decision the true count with its own cards and the up card counted (its play). Index plays come
from an :class:`IndexBook` (the lab table's fitted EVs by true count: the play the player could
know). Where the book's play differs from the chart's, :func:`play_shoes` can also play the
round on from a copy with the chart's play (same cards to come: the copy has the same shoe) and
record the difference: the index play's gain in that round, with far less noise than the
round's result.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from trainer.rules import Action, Bets, Phase, Round, RuleSet, Shoe
from trainer.rules.insurance import insurance_ev
from trainer.rules.running_out import can_finish_round

from ..chart_player import ChartPlayer
from ..composition import add, of_values
from ..up_card import live_hand
from .cells import INSURANCE, Cell
from .indices import IndexPlay
from .shoes import HIGHEST, LOWEST
from .systems import CountSystem, true_count


class IndexBook:
    """A count's index plays as a player uses them: per decision and true count, the play the
    lab table's fitted EVs make best (the chart's play where the count changes nothing)."""

    def __init__(self, lab_count: dict[str, Any]) -> None:
        self.plays = [IndexPlay.from_plain(p) for p in lab_count["indices"]]
        self.cells = {Cell.from_key(key): data for key, data in lab_count["cells"].items()}

    def base(self, cell: Cell) -> str | None:
        """The chart's play of ``cell`` (None where the count never changes it)."""
        data = self.cells.get(cell)
        return None if data is None else str(data["base"])

    def evs(self, cell: Cell, tc: int) -> dict[str, float] | None:
        """The EV of each action of ``cell`` at true count ``tc`` (the nearest count with
        values), or None when the count never changes the decision's play."""
        data = self.cells.get(cell)
        if data is None or not data["evs"]:
            return None
        tc = min(max(tc, LOWEST), HIGHEST)
        nearest = min(data["evs"], key=lambda t: (abs(int(t) - tc), int(t)))
        return dict(data["evs"][nearest])

    def play(self, cell: Cell, tc: int, base: str) -> str:
        """The best play of ``cell`` at ``tc``: ``base`` (the chart's) unless an action's EV
        there beats it."""
        evs = self.evs(cell, tc)
        if evs is None or base not in evs:
            return base
        best = max(evs, key=lambda a: (evs[a] > evs[base] + 1e-12, evs[a]))
        return best if evs[best] > evs[base] + 1e-12 else base


class Tally:
    """The running count of a shoe's dealt cards, advanced as the shoe is dealt (a counter
    does not recount the discards)."""

    def __init__(self, count: CountSystem) -> None:
        self.count = count
        self._shoe: Shoe | None = None
        self._position = 0
        self._running = 0.0
        self._gone = [0] * 10

    def dealt(self, shoe: Shoe) -> float:
        """The running count of every card dealt from ``shoe`` so far."""
        if shoe is not self._shoe or shoe.position < self._position:
            self._shoe, self._position, self._running = shoe, 0, 0.0
            self._gone = [0] * 10
        tags = self.count.tags
        for card in shoe.cards[self._position:shoe.position]:
            value = card.points
            self._running += tags[value - 1]
            self._gone[value - 1] += 1
        self._position = shoe.position
        return self._running

    def left(self, shoe: Shoe) -> tuple[int, ...]:
        """The composition of the cards not yet dealt from ``shoe`` (as
        :meth:`Shoe.composition`, without recounting them)."""
        self.dealt(shoe)
        decks = shoe.decks
        return tuple((16 if v == 9 else 4) * decks - g for v, g in enumerate(self._gone))

    def seen(self, rnd: Round | None, shoe: Shoe) -> tuple[float, int]:
        """Running count of the cards the player has seen in ``shoe`` (a hole card not yet
        turned is unseen) and how many cards are unseen."""
        running, unseen = self.dealt(shoe), shoe.remaining
        if rnd is not None and not rnd.hole_revealed and rnd.phase is not Phase.SETTLED:
            running -= self.count.tag(rnd.dealer_cards[1].points)
            unseen += 1
        return running, unseen


class CountingPlayer(ChartPlayer):
    """The charts, with a count's index plays at the first decision and for insurance."""

    def __init__(self, rules: RuleSet, table: dict[str, Any], count: CountSystem,
                 book: IndexBook | None) -> None:
        super().__init__(rules, table)
        self.count, self.book = count, book
        self.tally = Tally(count)

    def true_count(self, rnd: Round) -> int:
        """The true count the player holds at ``rnd``'s decision."""
        return true_count(*self.tally.seen(rnd, rnd.shoe))

    def choose(self, rnd: Round) -> Action:
        """The chart's action, or the index play where the book has one and it is legal."""
        chart = super().choose(rnd)
        if self.book is None:
            return chart
        legal = rnd.legal_actions()
        if rnd.phase is Phase.INSURANCE:
            tc = self.true_count(rnd)
            insure = Action(self.book.play(Cell(INSURANCE, 0, 1), tc, chart.value))
            return insure if insure in legal else chart
        hand = rnd.hand
        if hand.card_count != 2 or hand.from_split:
            return chart
        cell = first_cell(hand, rnd.dealer_up.points, legal)
        play = Action(self.book.play(cell, self.true_count(rnd), chart.value))
        return play if play in legal else chart


def first_cell(hand: Any, up: int, legal: frozenset[Action]) -> Cell:
    """The chart cell of a first decision (a pair row when a split is offered)."""
    if hand.is_pair and (Action.SPLIT in legal or Action.FREE_SPLIT in legal):
        return Cell("pair", hand.cards[0].points, up)
    return Cell("soft" if hand.is_soft else "hard", hand.total, up)


@dataclass(frozen=True)
class ShoeRun:
    """One shoe played by a counter at one main bet a round: per round, the true count before
    the deal, the net result (main bets) and the gain of its index plays (measured, exact)."""

    counts: np.ndarray
    nets: np.ndarray
    gains: np.ndarray
    exact: np.ndarray


def _finish(player: CountingPlayer, rnd: Round) -> float:
    """Play ``rnd`` to its end with ``player``; the seat's net."""
    while rnd.legal_actions():
        rnd.act(player.choose(rnd))
    return float(rnd.results[0].net)


def unseen_cards(player: CountingPlayer, rnd: Round) -> tuple[int, ...]:
    """The composition of the cards the player has not seen (the shoe, and the hole card
    until it is turned)."""
    left = list(player.tally.left(rnd.shoe))
    if not rnd.hole_revealed:
        left[rnd.dealer_cards[1].points - 1] += 1
    return tuple(left)


def exact_difference(player: CountingPlayer, rnd: Round, play: Action, chart: Action) -> float:
    """The exact EV of ``play`` less the chart's play at the decision ``rnd`` awaits, for the
    cards the player has not seen (the engine at the live shoe, as perfect-play grading)."""
    unseen = unseen_cards(player, rnd)
    if rnd.phase is Phase.INSURANCE:
        insure = insurance_ev(unseen[9] / sum(unseen))
        return insure if play is Action.INSURE else -insure
    hand = of_values(card.points for card in rnd.hand.cards)
    up = rnd.dealer_up.points
    card = live_hand(player.rules, add(unseen, hand), up, hand)
    values = card.actions(hand)
    return (values[play] - values[chart]) / card.values.mass(hand)


@dataclass(frozen=True)
class Played:
    """One round's result and, where index plays were made, their gain: measured by playing
    the round on from a copy with the chart's play, and exact at the live shoe."""

    net: float
    gain: float = 0.0
    exact: float = 0.0


def _copy(rnd: Round, player: CountingPlayer, shuffle: random.Random | None) -> Round:
    """A copy of ``rnd`` (cards and rules shared, not copied). With ``shuffle``, the cards the
    player has not seen are shuffled in the copy: another continuation of the same round, as
    likely as the real one (a hole card the dealer has peeked at stays one that makes no
    blackjack)."""
    shared: dict[int, Any] = {id(card): card for card in rnd.shoe.cards}
    shared[id(player.rules)] = player.rules
    twin = copy.deepcopy(rnd, shared)
    if shuffle is None:
        return twin
    shoe = twin.shoe
    rest = shoe.cards[shoe.position:]
    if not twin.hole_revealed:
        up = twin.dealer_up.points
        peeked = twin.peeked     # not before the peek: insurance, early surrender
        rest.append(twin.dealer_cards[1])
        shuffle.shuffle(rest)
        for i, card in enumerate(rest):
            if not (peeked and card.points + up == 11):
                twin.dealer_cards[1] = rest.pop(i)
                break
    shuffle.shuffle(rest)
    shoe.cards[shoe.position:] = rest
    return twin


def play_round(player: CountingPlayer, rnd: Round, measure: bool, replays: int = 1,
               shuffle: random.Random | None = None) -> Played:
    """Play one round. With ``measure``, at each index play the round is also played on from
    copies, each with the index play and with the chart's play (the counter's plays after it),
    and the gain is the mean difference of their nets: the first copy deals the real cards to
    come, the others (``replays`` in all) the unseen cards shuffled by ``shuffle``, the same
    cards for both plays. The exact EV difference of the two plays is summed too."""
    gain, exact = 0.0, 0.0
    while rnd.legal_actions():
        action = player.choose(rnd)
        if measure and player.book is not None:
            chart = ChartPlayer.choose(player, rnd)
            if chart is not action:
                exact += exact_difference(player, rnd, action, chart)
                total = 0.0
                for replay in range(replays):
                    order = shuffle if replay else None
                    taken, other = _copy(rnd, player, order), _copy(rnd, player, None)
                    if order is not None:
                        other.shoe.cards[:] = taken.shoe.cards
                        other.dealer_cards[1] = taken.dealer_cards[1]
                    taken.act(action)
                    other.act(chart)
                    total += _finish(player, taken) - _finish(player, other)
                gain += total / replays
        rnd.act(action)
    return Played(float(rnd.results[0].net), gain, exact)


def play_shoes(rules: RuleSet, table: dict[str, Any], count: CountSystem,
               book: IndexBook | None, shoes: int, seed: int = 0, measure: bool = False,
               replays: int = 1) -> list[ShoeRun]:
    """``shoes`` seeded shoes to the cut card, heads-up, one main bet a round (with
    ``measure``, the index plays' gains: :func:`play_round`)."""
    player = CountingPlayer(rules, table, count, book)
    shuffle = random.Random(seed)
    runs = []
    for number in range(shoes):
        shoe = Shoe.shuffled(rules.decks, rules.penetration, seed + number)
        counts, played = [], []
        while not shoe.cut_card_out and can_finish_round(rules, 1, player.tally.left(shoe)):
            counts.append(min(max(true_count(*player.tally.seen(None, shoe)), LOWEST), HIGHEST))
            played.append(play_round(player, Round(rules, shoe, Bets(Fraction(1))), measure,
                                     replays, shuffle))
        runs.append(ShoeRun(np.array(counts), np.array([p.net for p in played]),
                            np.array([p.gain for p in played]),
                            np.array([p.exact for p in played])))
    return runs


def claimed_gain(plays: list[IndexPlay]) -> float:
    """What the index plays claim to add per round on the main bet (insurance included, side
    bets not: the counter here stakes none)."""
    return sum(p.gain for p in plays if p.cell.kind != "wager") / 100
