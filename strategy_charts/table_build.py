"""Building a strategy table: every situation's exact action EVs, the charts, the game's return.

One table per rule set, built from a full shoe (the first hand of the shoe): the exact EV of every
legal action in every situation the trainer deals (keys: :mod:`.table_keys`), the
total-dependent charts, the whole-game return (composition- and total-dependent), the side
bets' returns and, where a lammer bet is offered, the chance of each lammer count. Which
situations exist follows the rules core's offers (:mod:`trainer.rules.offers`). Files are
:mod:`.tables`' business.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from trainer.rules import Action, RuleSet, offers
from trainer.rules.insurance import insurance_ev
from trainer.rules.ruleset import canonical_plain
from trainer.rules.side_bets import SIDE_BETS, CardSideBet

from . import side_bets
from .charts_data import ChartBuilder
from .composition import add, fits, full_shoe, of_values, size, total, unbusted_hands
from .game import StartingHand, hand_ev, starting_hands
from .hand_values import FREE, REAL
from .initial_hand import double_action
from .pot_of_gold import LammerChances, deal_lammers, reads_lammers, rtp_from_lammers
from .split_hands import SplitHands
from .table_keys import table_key
from .total_dependent import chart_ev, composition_weight, drawn_context
from .up_card import UpCard, dealer_cache

#: Bump when a change to the engine changes any number in a table.
ENGINE_VERSION = "4"
FORMAT = 1
DIGITS = 10


def _round(x: float) -> float:
    return round(x, DIGITS) + 0.0


def _entry(evs: dict[Action, float], probability: float | None = None) -> dict[str, Any]:
    ev = {a.value: _round(x) for a, x in evs.items()}
    best = max(evs, key=lambda a: (round(evs[a], DIGITS), -list(evs).index(a)))
    entry: dict[str, Any] = {"ev": ev, "best": best.value}
    if probability is not None:
        entry["probability"] = _round(probability)
    return entry


def _playable(actions: dict[Action, float], draws: bool) -> dict[Action, float]:
    """A split hand's actions: only standing (besides a resplit) for a split ace, which may not
    draw (:func:`trainer.rules.offers.draws_after_split`)."""
    return actions if draws else {Action.STAND: actions[Action.STAND]}


#: Called as ``progress(done, total)`` while a table is built (steps: each up card, then the
#: side bets), so a caller can show how far a build that may take a minute has come.
Progress = Callable[[int, int], None]
BUILD_STEPS = 11


@dataclass
class _Builder:
    rules: RuleSet
    progress: Progress | None = None

    def _step(self, done: int) -> None:
        if self.progress is not None:
            self.progress(done, BUILD_STEPS)

    def __post_init__(self) -> None:
        self.shoe = full_shoe(self.rules.decks)
        self.situations: dict[str, dict[str, Any]] = {}
        self.charts = ChartBuilder(self.rules)
        self.cd_ev = 0.0
        self.lammers: dict[int, float] = {}
        self.counts_lammers = reads_lammers(self.rules)

    def build(self) -> dict[str, Any]:
        td_ev = 0.0
        dealer = dealer_cache(self.rules, self.shoe)
        for up in range(1, 11):
            card = UpCard(self.rules, self.shoe, up, dealer)
            deals = self._first_decisions(card)
            self._split_hands(card)
            for seat in range(3, self.rules.max_hands):
                self._resplit_hands(card, seat)
            self._drawn_hands(card)
            td_ev += chart_ev(card, self.charts, deals)
            self._step(up)
        side_bets = self._side_bets()
        self._step(BUILD_STEPS)
        table: dict[str, Any] = {
            "format": FORMAT,
            "engine_version": ENGINE_VERSION,
            "rules": canonical_plain(self.rules),
            "fingerprint": self.rules.fingerprint(),
            "decks": self.rules.decks,
            "game": {"cd": {"ev": _round(self.cd_ev), "rtp": _round(1 + self.cd_ev)},
                     "td": {"ev": _round(td_ev), "rtp": _round(1 + td_ev)}},
            "side_bets": side_bets,
            "situations": self.situations,
            "charts": self.charts.charts(),
        }
        if self.counts_lammers:         # the lammer bets' distribution, beside their returns
            table["lammers"] = LammerChances.of(self.lammers).plain()
        return table

    def _first_decisions(self, card: UpCard) -> list[tuple[StartingHand, dict[Action, float]]]:
        deals = []
        values = card.values
        for deal in starting_hands(self.shoe):
            if deal.up != card.up:
                continue
            hand = deal.hand
            numerators = card.first_actions(hand)
            ev, actions = hand_ev(values, deal, numerators=numerators)
            self.cd_ev += deal.probability * ev
            bj = values.dealer_blackjack(hand)
            deals.append((deal, actions))
            if actions:
                self.situations[table_key("first", "real", hand, card.up)] = _entry(
                    actions, deal.probability)
                self.charts.add("real", hand, card.up, actions, deal.probability)
            if card.up == 1 and self.rules.insurance:
                insure = insurance_ev(bj)
                self.situations[table_key("insurance", "real", hand, 1)] = _entry(
                    {Action.INSURE: insure, Action.NO_INSURANCE: 0.0}, deal.probability)
            if self.counts_lammers:
                for count, p in deal_lammers(card, deal, numerators).items():
                    self.lammers[count] = self.lammers.get(count, 0.0) + deal.probability * p
        return deals

    def _split_hands(self, card: UpCard) -> None:
        """Two-card hands made by splitting a pair: hand one (real) and free-split hands.

        A hand that receives the pair card again (where resplits are allowed) also gets the
        value of resplitting: this hand and a new one, with one hand fewer left to make.
        """
        rules, values = self.rules, card.values
        hands = SplitHands(card)
        resplits = hands.resplits(rules.max_hands - 1) if rules.max_hands > 2 else {}
        for pair in hands.pairs:
            draws = offers.draws_after_split(pair)
            again = offers.resplit_offered(rules, pair) and pair in resplits
            if not draws and not again:       # split aces: one card each, no decision
                continue
            kind = offers.split_kind(rules, pair)
            free = kind is Action.FREE_SPLIT
            known = first = of_values([pair])
            chances = dict(values.draws(add(first, known)))
            for second in range(1, 11):
                hand = add(first, of_values([second]))
                if not fits(add(hand, known), values.shoe) or not offers.decides(
                        rules, 2, total(hand)[0], from_split=True):
                    continue
                if not draws and second != pair:
                    continue
                mass = values.mass(add(hand, known))
                for label, stakes in [("real", REAL)] + ([("free", FREE)] if free else []):
                    acts = _playable(hands.actions(pair, hand, stakes), draws)
                    if second == pair and again:
                        acts[kind] = resplits[pair].value(free=free, first=stakes)
                    evs = {a: x / mass for a, x in acts.items()}
                    key = table_key("split", label, hand, card.up, split_card=pair)
                    self.situations[key] = _entry(evs)
                    self.charts.add("split" if label == "real" else "free", hand, card.up, evs,
                                    chances[second])

    def _resplit_hands(self, card: UpCard, seat: int) -> None:
        """A pair that may be resplit while the seat holds ``seat`` hands (more than two): the
        other hands' pair cards are gone and the resplit can make ``max_hands - seat + 1``."""
        rules, values = self.rules, card.values
        hands = SplitHands(card, known=seat - 1)
        resplits = hands.resplits(rules.max_hands - seat + 1)
        for pair in hands.pairs:
            hand = of_values([pair, pair])
            known = of_values([pair] * (seat - 1))
            if not offers.resplit_offered(rules, pair, seat) or not fits(add(hand, known),
                                                                         values.shoe):
                continue
            kind = offers.split_kind(rules, pair)
            free = kind is Action.FREE_SPLIT
            mass = values.mass(add(hand, known))
            for label, stakes in [("real", REAL)] + ([("free", FREE)] if free else []):
                acts = _playable(hands.actions(pair, hand, stakes),
                                 offers.draws_after_split(pair))
                acts[kind] = resplits[pair].value(free=free, first=stakes)
                key = table_key("split", label, hand, card.up, split_card=pair, hands=seat)
                self.situations[key] = _entry({a: x / mass for a, x in acts.items()})

    def _drawn_hands(self, card: UpCard) -> None:
        """Hands of 3 to 5 cards (after hits): stand or hit, and the double where the rules
        let a hand double after a hit, for real and free stakes (a free stake is a split
        hand's: its hit and double follow the split rules)."""
        values = card.values
        after_hit = offers.doubles_after_hit(self.rules)
        hands = [h for h in unbusted_hands(5) if size(h) >= 3 and fits(h, values.shoe)
                 and offers.decides(self.rules, size(h), total(h)[0], from_split=False)]
        nodes = np.array([card.node(h) for h in hands])
        mass = card.hands.mass[nodes]
        for label, stakes in (("real", REAL), ("free", FREE)):
            split = stakes == FREE
            stand = (card.hands.stand(stakes)[nodes] / mass).tolist()
            hit = (card.optimal(stakes, after_split=split)[0][nodes] / mass).tolist()
            for i, hand in enumerate(hands):
                evs = {Action.STAND: stand[i], Action.HIT: hit[i]}
                double = double_action(values, hand, split, stakes) if after_hit else None
                if double is not None:
                    evs[double[0]] = card.double(hand, double[1]) / float(mass[i])
                self.situations[table_key("drawn", label, hand, card.up)] = _entry(evs)
                context = drawn_context(stakes, size(hand), self.rules.six_card_charlie)
                self.charts.add(context, hand, card.up, evs,
                                composition_weight(values.shoe, hand))

    def _side_bets(self) -> dict[str, float | None]:
        """Each side bet's return at the full shoe, by name (None where not offered)."""
        shoe = side_bets.full_type_counts(self.rules.decks)
        out: dict[str, float | None] = {}
        for spec in SIDE_BETS:
            if not spec.offered(self.rules):
                out[spec.name] = None
            elif isinstance(spec, CardSideBet):
                out[spec.name] = _round(float(side_bets.side_bet_rtp(spec, shoe)))
            else:
                out[spec.name] = _round(rtp_from_lammers(self.lammers, spec, self.rules))
        return out


def build_table(rules: RuleSet, progress: Progress | None = None) -> dict[str, Any]:
    """Compute the whole table for ``rules`` (a full shoe of its decks), reporting each step
    to ``progress``."""
    return _Builder(rules, progress).build()


__all__ = ["BUILD_STEPS", "DIGITS", "ENGINE_VERSION", "FORMAT", "Progress", "build_table"]
