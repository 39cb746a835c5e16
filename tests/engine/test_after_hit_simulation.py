"""Doubles after a hit, the engine against simulation: rounds dealt and settled by the rules
core (``trainer.rules.Round``: its offers, its stakes, its settlement), each from a shoe whose
first cards are one deal and the rest shuffled, played by the engine's own decisions, average to
the engine's exact value of that deal within three standard errors; and the value with the
rule stands many standard errors from the value without it, so the check can fail.

The deals are chosen where the rule matters: a hard 5 hits towards a three-card 9 to 11, and a
pair of twos splits free into hands that do the same (the Golden Nugget's launch game: free
doubles on any number of cards, split hands included). Seeds are fixed: deterministic.
"""

from __future__ import annotations

import statistics
from dataclasses import replace
from fractions import Fraction

import pytest

from strategy_charts.chart_player import ChartPlayer
from strategy_charts.composition import Composition, full_shoe, of_values, subtract
from strategy_charts.hand_values import UpCardValues, doubled_stakes
from strategy_charts.initial_hand import action_values, prepare_hand
from strategy_charts.splits import SplitValues
from strategy_charts.tables import build_table
from trainer.rules import Action, Bets, Card, Rank, Round, RuleSet, Shoe, Suit, preset

LAUNCH = replace(preset("golden-nugget-2012"), name="golden-nugget-2012-launch",
                 free_double_after_hit=True)


class EnginePlayer:
    """Plays a deal as the engine values it: the first action given, then every decision of
    a first hand by the best of its exact values (stand, hit, the double offered), every split
    hand by the fixed post-split strategy the split is valued with, resplitting when it may."""

    def __init__(self, rules: RuleSet, up: int, cards: tuple[int, int], first: Action) -> None:
        self.rules, self.first = rules, first
        shoe = full_shoe(rules.decks)
        self.values = UpCardValues(rules, subtract(shoe, of_values([up])), up)
        self.hand = of_values(cards)
        prepare_hand(self.values, self.hand)
        self.split = SplitValues(self.values, cards[0]) if first.is_split else None
        self.doubles_after_a_hit = 0

    def value(self) -> float:
        """The engine's value of the deal under this play (no peek with this up card)."""
        return action_values(self.values, self.hand)[self.first]

    def choose(self, rnd: Round) -> Action:
        hand, legal = rnd.hand, rnd.legal_actions()
        cards: Composition = of_values([card.points for card in hand.cards])
        if hand.card_count == 2 and not hand.from_split:
            return self.first
        double = next((a for a in (Action.FREE_DOUBLE, Action.DOUBLE) if a in legal), None)
        if hand.from_split:
            assert self.split is not None
            splits = [a for a in (Action.FREE_SPLIT, Action.SPLIT) if a in legal]
            if splits:
                return splits[0]
            stakes = (int(hand.stakes.real > 0), int(hand.stakes.free > 0))
            play = self.split.decision(cards, stakes)
            choice = double if play == "double" else Action(play)
        else:
            values, stakes = self.values, (1, 0)
            options = {Action.STAND: values.stand(cards, stakes),
                       Action.HIT: values.hit(cards, stakes)}
            grown = doubled_stakes(self.rules, cards, stakes, from_split=False)
            if grown is not None:
                assert double is not None
                options[double] = values.double(cards, grown)
            choice = max(options, key=options.__getitem__)
        assert choice is not None and choice in legal, (hand.describe(), choice, legal)
        self.doubles_after_a_hit += choice.is_double and hand.card_count > 2
        return choice


def _card(value: int) -> Card:
    return Card(Rank(value), Suit.HEARTS)


def _simulate(player: EnginePlayer, rules: RuleSet, up: int, cards: tuple[int, int],
              rounds: int) -> tuple[float, float]:
    nets = []
    for seed in range(rounds):
        shoe = Shoe.stacked([_card(cards[0]), _card(up), _card(cards[1])], decks=rules.decks,
                            filler_seed=seed)
        rnd = Round(rules, shoe, Bets(main=Fraction(1)))
        while rnd.legal_actions():
            rnd.act(player.choose(rnd))
        nets.append(float(rnd.results[0].net))
    return statistics.fmean(nets), statistics.pstdev(nets) / len(nets) ** 0.5


@pytest.mark.parametrize(("up", "cards", "first", "rounds"), [
    (6, (2, 3), Action.HIT, 12_000), (6, (2, 2), Action.FREE_SPLIT, 30_000)])
def test_rounds_played_by_the_engine_average_to_its_value(up, cards, first, rounds) -> None:
    player = EnginePlayer(LAUNCH, up, cards, first)
    mean, error = _simulate(player, LAUNCH, up, cards, rounds)
    expected = player.value()
    print(f"{cards} v {up}, {first.value}: simulated {mean:.5f} ± {error:.5f}, "
          f"engine {expected:.5f}")
    assert abs(mean - expected) < 3 * error, (
        f"simulated {mean:.5f} ± {error:.5f}, engine {expected:.5f}")
    assert player.doubles_after_a_hit > rounds / 10
    without = EnginePlayer(preset("golden-nugget-2012"), up, cards, first).value()
    assert expected - without > 6 * error


@pytest.mark.slow
def test_chart_play_of_the_launch_game_averages_to_the_td_ev() -> None:
    """The whole first round of a shoe, played by the launch game's charts (whose drawn
    charts double after a hit), as the presets' simulation test plays theirs."""
    table = build_table(LAUNCH)
    player = ChartPlayer(LAUNCH, table)
    nets = [player.play(Round(LAUNCH, Shoe.shuffled(LAUNCH.decks, seed=seed),
                              Bets(main=Fraction(1))))
            for seed in range(80_000)]
    mean = statistics.fmean(nets)
    error = statistics.pstdev(nets) / len(nets) ** 0.5
    expected = table["game"]["td"]["ev"]
    print(f"launch game: simulated {mean:.5f} ± {error:.5f}, engine td {expected:.5f}")
    assert abs(mean - expected) < 3 * error
    assert player.fallbacks < len(nets) / 100
