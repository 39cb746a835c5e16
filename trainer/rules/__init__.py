"""The rules of Free Bet Blackjack: cards, shoe, hands and stakes, rule sets, and one round.

No Qt and no I/O beyond rules files. Typical use::

    from fractions import Fraction
    from trainer.rules import Action, Bets, Round, Shoe, cards, preset

    rules = preset("evolution")
    shoe = Shoe.stacked(cards("8h 10s 8d 6c 9h 10d 5c 9c"))   # or Shoe.shuffled(8, seed=1)
    rnd = Round(rules, shoe, Bets(main=Fraction(10)))
    rnd.legal_actions()            # {HIT, STAND, FREE_SPLIT}
    rnd.act(Action.FREE_SPLIT)     # hand one keeps the real 10, hand two gets a free 10
    ...
    rnd.results[0].net             # the seat's net result in money

Rule sets are frozen dataclasses (:class:`RuleSet`); presets come from :func:`preset` and custom
ones from TOML rules files (:mod:`trainer.rules.rules_file`). What a hand is offered (doubles,
splits, resplits) and whether it decides at all is :mod:`trainer.rules.offers`, which the round,
the engine, the drills and the UI all ask.
"""

from . import offers, releases
from .actions import PLAY_ACTIONS, Action
from .auto_decision import balance_fallback, timer_decision
from .cards import Card, Rank, Suit, cards, standard_deck
from .dealer import DealerFinal, dealer_must_hit
from .errors import (
    IllegalActionError,
    InsufficientBalanceError,
    RulesError,
    RuleSetError,
    ShoeEmptyError,
)
from .hand import Hand, hand_total
from .presets import DEFAULT_PRESET, EVOLUTION, POT_OF_GOLD, POT_OF_GOLD_8D, PRESETS, preset
from .round import Phase, Round
from .ruleset import Peek, RuleSet, Surrender
from .seat import Bets, Policy, Seat, SeatResult
from .settlement import HandResult, Outcome, settle_hand
from .shoe import Shoe, composition_of
from .side_bets import SideBet
from .side_bets.payouts import SideBetResult
from .stakes import StakeKind, Stakes

__all__ = [
    "DEFAULT_PRESET", "EVOLUTION", "PLAY_ACTIONS", "POT_OF_GOLD", "POT_OF_GOLD_8D", "PRESETS",
    "Action", "Bets",
    "Card", "DealerFinal", "Hand", "HandResult", "IllegalActionError", "InsufficientBalanceError",
    "Outcome", "Peek", "Phase", "Policy", "Rank", "Round", "RuleSet", "RuleSetError",
    "RulesError", "Seat", "SeatResult", "Shoe", "ShoeEmptyError", "SideBet", "SideBetResult",
    "StakeKind", "Stakes", "Suit", "Surrender", "balance_fallback", "cards", "composition_of",
    "dealer_must_hit", "hand_total", "offers", "preset", "releases", "settle_hand",
    "standard_deck",
    "timer_decision",
]
