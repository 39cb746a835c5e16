"""The CDP1 post-split strategy (strategy_charts/post_split.py): every split hand plays what is
best for the first split hand holding its cards (the other pair card known gone). The split's
value equals playing every split hand in turn with Fractions, the strategy itself found by
enumeration with Fractions on the shoe the first split hand sees; standard rules and Free Bet
(real and free stakes), through the one-hand engine and the batched engine."""

from __future__ import annotations

import gc
import json
import weakref
from fractions import Fraction

import pytest

from strategy_charts.__main__ import main
from strategy_charts.composition import Composition, full_shoe, of_values, subtract
from strategy_charts.game import game_ev
from strategy_charts.post_split import PostSplit
from strategy_charts.splits import SplitValues, pattern_sum, x_n_tables
from strategy_charts.up_card import live_hand
from trainer.rules import Action, RuleSet, offers, preset

from . import brute_force as bf
from .conftest import rules_named, values_for


def cdpn_decide(rules: RuleSet, rest: Composition, up: int, peek: bool) -> bf.DecideSeen:
    """The CDPN play by enumeration: a split hand's best of stand, hit (then best play) and
    the double it is offered, on ``rest`` (the shoe after the up card and both pair cards)
    less the hand's cards but its pair card and less the pair cards split beyond the two when
    the seat holds ``hands``: the shoe a split hand holding those cards sees when it begins its
    play, the other hands' first cards known. The first option wins a tie, as in the engine."""
    memo: dict[tuple[tuple[int, ...], tuple[int, int], int], str] = {}

    def decide(cards: tuple[int, ...], stakes: tuple[int, int], hands: int) -> str:
        key = (tuple(sorted(cards)), stakes, hands)
        if key not in memo:
            gone = (*cards[1:], *[cards[0]] * (hands - 2))
            shoe = subtract(rest, of_values(gone))
            options = {"stand": bf.settle_all(rules, [(cards, stakes, True)], shoe, up, peek),
                       "hit": sum((q * bf.best_play(rules, (*cards, v), stakes, left, up, peek,
                                                    from_split=True)
                                   for v, q, left in bf._draws(shoe)), Fraction(0))}
            if offers.hand_double(rules, bf._hand(cards, stakes, True)) is not None:
                options["double"] = bf.double_value(rules, cards, bf._doubled(rules, cards, stakes),
                                                    shoe, up, peek)
            memo[key] = max(options, key=lambda k: (options[k], -list(options).index(k)))
        return memo[key]

    return decide


def cdp1_decide(rules: RuleSet, rest: Composition, up: int, peek: bool) -> bf.Decide:
    """The CDP1 play by enumeration: CDPN's play of a hand that begins with two hands only
    (the first split hand's), whatever the seat holds."""
    cdpn = cdpn_decide(rules, rest, up, peek)
    return lambda cards, stakes: cdpn(cards, stakes, 2)


def standard(name: str) -> RuleSet:
    """The preset's game as standard blackjack (paid splits and doubles, no push 22)."""
    return rules_named(name).standard_counterpart()


SPLITS = [
    # (rules, shoe A..ten, pair, up): shoes on which CDP1 plays otherwise than CDZ-
    (standard("pot-of-gold"), (2, 1, 1, 2, 1, 1, 1, 1, 1, 4), 4, 1),
    pytest.param(standard("pot-of-gold"), (1, 1, 1, 2, 1, 1, 1, 4, 1, 4), 8, 4,
                 marks=pytest.mark.slow),    # resplits; about 20 s of Fractions
    pytest.param(rules_named("evolution"), (1, 2, 2, 1, 1, 1, 1, 1, 1, 5), 3, 10,
                 marks=pytest.mark.slow),
    pytest.param(rules_named("evolution"), (2, 1, 3, 2, 1, 1, 1, 1, 1, 4), 3, 4,
                 marks=pytest.mark.slow),    # three threes; about 40 s
    (rules_named("pot-of-gold"), (1, 1, 1, 2, 1, 1, 1, 2, 2, 4), 8, 9),
]


@pytest.mark.parametrize(("rules", "shoe", "pair", "up"), SPLITS)
def test_cdp1_split_equals_sequential_play(rules, shoe, pair, up) -> None:
    """The split's value under CDP1 equals playing every hand in turn with the strategy found
    by enumeration, in the one-hand engine and the batched one; and here it is not CDZ-'s."""
    hand = of_values([pair, pair])
    values = values_for(rules, shoe, up, hand)
    rest = subtract(subtract(shoe, of_values([up])), hand)
    free = offers.split_kind(rules, pair) is Action.FREE_SPLIT
    decide = cdp1_decide(rules, rest, up, values.peek)
    exact = bf.split_value(rules, pair, rest, up, values.peek, decide, free=free)
    split = SplitValues(values, pair, post_split=PostSplit.CDP1)
    split.prepare()
    assert split.value(free=free) == pytest.approx(float(exact), abs=1e-12)
    card = live_hand(rules, subtract(shoe, of_values([up])), up, hand,
                     post_split=PostSplit.CDP1)
    action = Action.FREE_SPLIT if free else Action.SPLIT
    assert card.actions(hand)[action] == pytest.approx(float(exact), abs=1e-12)
    cdz = SplitValues(values, pair)
    cdz_exact = bf.split_value(rules, pair, rest, up, values.peek,
                               lambda cards, stakes: cdz.decision(of_values(cards), stakes),
                               free=free)
    assert abs(exact - cdz_exact) > 1e-6


def test_hand_command_values_the_split_by_the_post_split_asked_for(capsys) -> None:
    """hand --post-split cdp1 gives the enumerated CDP1 split (after the peek, as the command
    shows every action); the default is CDZ-, here worth less."""
    rules, shoe, pair, up = SPLITS[-1]
    hand = of_values([pair, pair])
    values = values_for(rules, shoe, up, hand)
    rest = subtract(subtract(shoe, of_values([up])), hand)
    exact = bf.split_value(rules, pair, rest, up, values.peek,
                           cdp1_decide(rules, rest, up, values.peek), free=True)
    args = ["hand", "--preset", rules.name, "--player", f"{pair},{pair}", "--dealer", str(up),
            "--shoe", ",".join(map(str, shoe)), "--json"]
    assert main([*args, "--post-split", "cdp1"]) == 0
    cdp1 = json.loads(capsys.readouterr().out)
    assert cdp1["post_split"] == "cdp1"
    assert cdp1["actions"]["free_split"] == pytest.approx(float(exact) / values.mass(hand),
                                                          abs=1e-12)
    assert main(args) == 0
    cdz = json.loads(capsys.readouterr().out)
    assert cdz["post_split"] == "cdz"
    assert cdz["actions"]["free_split"] < cdp1["actions"]["free_split"] - 1e-4


def test_ev_command_plays_split_hands_by_cdp1(capsys) -> None:
    """ev --post-split cdp1: a single deck's first split hand gains from knowing the other
    pair card is gone; the td strategy has no post-split choice and says so."""
    args = ["ev", "--preset", "golden-nugget-1d-6to5", "--json"]
    assert main([*args, "--post-split", "cdp1"]) == 0
    cdp1 = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    cdz = json.loads(capsys.readouterr().out)
    assert (cdp1["post_split"], cdz["post_split"]) == ("cdp1", "cdz")
    assert cdz["ev"] < cdp1["ev"] < cdz["ev"] + 1e-4
    assert main(["ev", "--preset", "evolution", "--strategy", "td", "--post-split", "cdp1"]) == 2
    assert "--post-split" in capsys.readouterr().err


CDPN_SPLITS = [
    # (rules, shoe A..ten, pair, up): shoes with resplits on which CDPN plays otherwise than CDP1
    (standard("pot-of-gold"), (1, 2, 1, 1, 1, 1, 1, 3, 1, 4), 8, 2),
    (rules_named("pot-of-gold"), (1, 2, 1, 1, 1, 1, 1, 3, 1, 4), 8, 2),
    pytest.param(standard("pot-of-gold"), (1, 1, 1, 1, 1, 3, 1, 1, 1, 5), 6, 10,
                 marks=pytest.mark.slow),    # about 35 s of Fractions each
    pytest.param(rules_named("pot-of-gold"), (1, 1, 1, 1, 1, 3, 1, 1, 1, 5), 6, 10,
                 marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("rules", "shoe", "pair", "up"), CDPN_SPLITS)
def test_cdpn_split_equals_sequential_play(rules, shoe, pair, up) -> None:
    """The split's value under CDPN (a hand's play knows the pair cards split when it begins)
    equals playing every hand in turn, each deciding by enumeration on what it has seen split,
    in the one-hand engine and the batched one; and here it is not CDP1's."""
    hand = of_values([pair, pair])
    values = values_for(rules, shoe, up, hand)
    rest = subtract(subtract(shoe, of_values([up])), hand)
    free = offers.split_kind(rules, pair) is Action.FREE_SPLIT
    decide = cdpn_decide(rules, rest, up, values.peek)
    exact = bf.split_value(rules, pair, rest, up, values.peek, cdp1_decide(rules, rest, up,
                                                                           values.peek),
                           free=free, decide_seen=decide)
    split = SplitValues(values, pair, post_split=PostSplit.CDPN)
    split.prepare()
    assert split.value(free=free) == pytest.approx(float(exact), abs=1e-12)
    card = live_hand(rules, subtract(shoe, of_values([up])), up, hand, post_split=PostSplit.CDPN)
    action = Action.FREE_SPLIT if free else Action.SPLIT
    assert card.actions(hand)[action] == pytest.approx(float(exact), abs=1e-12)
    cdp1 = bf.split_value(rules, pair, rest, up, values.peek,
                          cdp1_decide(rules, rest, up, values.peek), free=free)
    assert abs(exact - cdp1) > 1e-6


def test_standard_six_decks_gain_little_from_knowing_the_split_cards(standard_6d_h17) -> None:
    """Standard 6D H17 DAS, split to 4: CDP and CDPN play better than CDZ- by under 0.00001
    percentage points of the whole game (as the exact analyzers find); CDP1 splits no pair
    otherwise there, and no hand it splits plays otherwise, so its EV is CDZ-'s. CDZ-, CDP1
    and CDP are the figures Farmer's analyzer (version 7.6) prints, to its nine decimals."""
    cdz = game_ev(standard_6d_h17).ev
    cdp1 = game_ev(standard_6d_h17, post_split=PostSplit.CDP1).ev
    cdp = game_ev(standard_6d_h17, post_split=PostSplit.CDP).ev
    cdpn = game_ev(standard_6d_h17, post_split=PostSplit.CDPN).ev
    assert cdp1 == pytest.approx(cdz, abs=1e-15)
    assert round(cdp1 * 100, 9) == -0.615389123      # Farmer's analyzer's CDZ- and CDP1
    assert round(cdp * 100, 9) == -0.615387095       # Farmer's analyzer's CDP
    assert 0 < (cdp - cdz) * 100 < 0.00001
    assert 0 < (cdpn - cdz) * 100 < 0.00001


def removal_play(rules: RuleSet, rest: Composition, pair: int, up: int, peek: bool,
                 stakes: tuple[int, int], removed: int) -> tuple[Fraction, Fraction]:
    """(X(a, 0), the pair hand) for ``a`` = ``removed`` with Fractions: a split hand dealt
    its second card from ``rest`` (the shoe after the up card and both pair cards) less
    ``removed`` pair cards, then played (never resplit) by the play optimal on the shoe
    without its cards and ``1 + removed`` other pair cards (:func:`cdpn_decide`'s play of a
    seat of ``2 + removed`` hands), found by enumeration."""
    decide = cdpn_decide(rules, rest, up, peek)

    def play(cards: tuple[int, ...], shoe: Composition) -> Fraction:
        if bf._finished(rules, cards) or (len(cards) == 2 and not offers.draws_after_split(pair)):
            choice = "stand"
        else:
            choice = decide(cards, stakes, 2 + removed)
        if choice == "stand":
            return bf.settle_all(rules, [(cards, stakes, True)], shoe, up, peek)
        if choice == "double":
            grown = bf._doubled(rules, cards, stakes)
            return sum((q * bf.settle_all(rules, [((*cards, v), grown, True)], left, up, peek)
                        for v, q, left in bf._draws(shoe)), Fraction(0))
        return sum((q * play((*cards, v), left) for v, q, left in bf._draws(shoe)),
                   Fraction(0))

    shoe = subtract(rest, of_values([pair] * removed))
    x = sum((q * play((pair, v), left) for v, q, left in bf._draws(shoe)), Fraction(0))
    if not shoe[pair - 1]:
        return x, Fraction(0)      # no pair hand is dealt (the method does not use it)
    return x, play((pair, pair), subtract(shoe, of_values([pair])))


@pytest.mark.parametrize(("rules", "shoe", "pair", "up"), CDPN_SPLITS[:2])
def test_cdp_split_is_the_analyzers_sum_of_each_removals_own_play(rules, shoe, pair, up) -> None:
    """The analyzers' CDP: X(a, 0) and the pair hand of each count ``a`` of further pair
    cards removed, each played by the play optimal with ``1 + a`` pair cards gone (found and
    valued with Fractions), put through the split method's sum (X(a, b), N(a, b) and the
    patterns of second cards) give the split's value, in the one-hand engine and the
    batched one; here it is neither CDP1's nor CDPN's (both valued by sequential play)."""
    hand = of_values([pair, pair])
    values = values_for(rules, shoe, up, hand)
    rest = subtract(subtract(shoe, of_values([up])), hand)
    free = offers.split_kind(rules, pair) is Action.FREE_SPLIT
    max_hands = offers.split_limit(rules, pair)
    n, p = sum(rest), rest[pair - 1]
    tables = {}
    for stakes in {(1, 0), (0, 1) if free else (1, 0)}:
        exact = [removal_play(rules, rest, pair, up, values.peek, stakes, a)
                 for a in range(min(2 * (max_hands - 2), p) + 1)]
        tables[stakes] = x_n_tables(lambda a, e=exact: float(e[a][0]),
                                    lambda a, e=exact: float(e[a][1]), n, p, max_hands)
    others = (0, 1) if free else (1, 0)
    expected = pattern_sum(max_hands, n, p, lambda _: tables[(1, 0)], lambda _: tables[others])
    split = SplitValues(values, pair, post_split=PostSplit.CDP)
    split.prepare()
    assert split.value(free=free) == pytest.approx(expected, abs=1e-12)
    card = live_hand(rules, subtract(shoe, of_values([up])), up, hand, post_split=PostSplit.CDP)
    action = Action.FREE_SPLIT if free else Action.SPLIT
    assert card.actions(hand)[action] == pytest.approx(expected, abs=1e-12)
    cdp1 = bf.split_value(rules, pair, rest, up, values.peek,
                          cdp1_decide(rules, rest, up, values.peek), free=free)
    cdpn = bf.split_value(rules, pair, rest, up, values.peek,
                          cdp1_decide(rules, rest, up, values.peek), free=free,
                          decide_seen=cdpn_decide(rules, rest, up, values.peek))
    assert abs(expected - float(cdp1)) > 1e-6
    assert abs(expected - float(cdpn)) > 1e-6


@pytest.mark.parametrize("kind", [PostSplit.CDP1, PostSplit.CDP, PostSplit.CDPN])
def test_an_up_cards_split_hands_do_not_keep_it_alive(kind: PostSplit) -> None:
    """Once a round is done with an up card its arrays are freed at once: the split hands'
    best play it keeps holds no reference back to it (a cycle would keep every up card's
    megabytes until the garbage collector's next pass)."""
    rules, pair = preset("evolution"), 8
    card = live_hand(rules, subtract(full_shoe(rules.decks), of_values([6])), 6,
                     of_values([pair, pair]), post_split=kind)
    assert card.splits([pair])[pair].value(free=True)
    kept = weakref.ref(card)
    gc.disable()
    try:
        del card
        assert kept() is None
    finally:
        gc.enable()
