"""Why the best play is best: one short reason built from the numbers of that very situation.

The reason names the rule of the game that makes the play right, with figures that hold at the
situation graded (the table's EVs, the dealer's exact final-hand chances at a full shoe):

* **free double**: the casino puts up the second bet, so doubling risks nothing more;
* **free split**: the casino funds the second hand, the real stake stays on one;
* **push 22**: a dealer 22 only pushes, so part of the dealer's busts stop paying
  (:mod:`trainer.drills.dealer_odds` gives the shares quoted);
* **Six Card Charlie**: a sixth card that does not bust wins at once;
* **free stake**: a hand made by a free split loses nothing of the player's, so only its
  chance to win counts;
* **surrender**: every other play loses more than the half bet surrender gives up (early
  surrender also escapes a dealer blackjack);
* **no peek on a ten** (a note to the free plays): classic strategy hits where a dealer
  blackjack would take a paid double or split;
* **insurance**: it pays 2:1 on a ten in the hole, and tens are fewer than one in three;
* or, where none of these is what separates the plays: that classic basic strategy agrees,
  or what the plays are worth here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum
from functools import cache

from trainer.rules import Action, Peek, RuleSet, offers
from trainer.teaching.exact import best_of, full_shoe_evs
from trainer.teaching.situations import Context, Spot, StakeLabel, card_label

from .dealer_odds import dealer_odds


class Rule(Enum):
    """Which rule a reason rests on."""

    FREE_DOUBLE = "free double"
    FREE_SPLIT = "free split"
    PUSH_22 = "push 22"
    SIX_CARD_CHARLIE = "Six Card Charlie"
    FREE_STAKE = "free stake"
    SURRENDER = "surrender"
    INSURANCE = "insurance"
    CLASSIC_AGREES = "classic agrees"
    NUMBERS = "the numbers"


@dataclass(frozen=True)
class Reason:
    """One reason: the rule it rests on and its text; ``claim`` is the text without the EVs
    it quotes (for a screen that shows every action's EV beside it)."""

    rule: Rule
    text: str
    claim: str = ""

    def __post_init__(self) -> None:
        if not self.claim:
            object.__setattr__(self, "claim", self.text)


def _because(rule: Rule, claim: str, versus: str, note: str = "") -> Reason:
    """A reason whose claim is followed by the EVs that bear it out (and a note after)."""
    return Reason(rule, f"{claim}: {versus}.{note}", f"{claim}.{note}")


def _pct(p: float) -> str:
    return f"{p * 100:.1f}%"


def _ev(x: float) -> str:
    return f"{x:+.3f}".replace("-", "−")


def _title(action: str) -> str:
    return Action(action).title.lower()


def _runner_up(evs: Mapping[str, float], best: str) -> str:
    return max((a for a in evs if a != best), key=lambda a: evs[a])


def reason(rules: RuleSet, spot: Spot, evs: Mapping[str, float], best: str,
           classic: str | None) -> Reason:
    """Why ``best`` is the play at ``spot`` (``classic``: classic basic strategy's play)."""
    s = spot.situation
    up = card_label(s.up)
    if s.context is Context.INSURANCE:
        p_ten = (evs[Action.INSURE.value] + 0.5) / 1.5
        return _because(Rule.INSURANCE, (
            f"Insurance pays 2:1 on a ten in the hole, and only {_pct(p_ten)} of the unseen "
            f"cards are tens (it needs one in three)"),
            f"insuring returns {_ev(evs[Action.INSURE.value])} per main bet")
    if len(evs) < 2:
        return Reason(Rule.NUMBERS, f"{_title(best).capitalize()} is the only play here.")
    other = classic if classic is not None and classic != best else _runner_up(evs, best)
    versus = f"{_title(best)} {_ev(evs[best])} against {_title(other)} {_ev(evs[other])}"
    no_peek = (_no_peek_note(rules, spot, classic)
               if best in (Action.FREE_DOUBLE.value, Action.FREE_SPLIT.value) else "")
    if best == Action.FREE_DOUBLE.value:
        return _because(Rule.FREE_DOUBLE, (
            "Free double: the casino puts up the second bet, so doubling risks nothing more "
            "than the stake already on the hand and only adds winnings"), versus, no_peek)
    if best == Action.FREE_SPLIT.value:
        return _because(Rule.FREE_SPLIT, (
            "Free split: the casino funds the second hand, so splitting risks nothing more "
            "than the stake already on this one, and the free hand can only win"), versus,
            no_peek)
    if best == Action.SURRENDER.value:
        return _because(Rule.SURRENDER, _surrender_claim(rules, s.up), versus)
    if classic is None or classic == best:
        return _because(Rule.CLASSIC_AGREES, "Classic basic strategy plays this too", versus)
    if (rules.six_card_charlie and s.context is Context.DRAWN and s.cards == 5
            and best == Action.HIT.value):
        return _because(Rule.SIX_CARD_CHARLIE, (
            "Six Card Charlie: a sixth card that does not bust wins at once, so with five "
            "cards hitting pays"), versus)
    if s.stakes is StakeLabel.FREE:
        return _because(Rule.FREE_STAKE, (
            "This hand plays on the casino's free stake: losing it costs you nothing and "
            "winning pays a full bet, so only its chance to win counts"), versus)
    if rules.push_22 and Action(best) in (Action.HIT, Action.STAND):
        odds = dealer_odds(rules, s.up)
        return _because(Rule.PUSH_22, (
            f"Dealer 22 pushes: with {'an' if up == 'A' else 'a'} {up} up the dealer busts "
            f"{_pct(odds.bust)} of the time, but {_pct(odds.twenty_two)} is exactly 22, which "
            f"only pushes, so busts pay just {_pct(odds.over_22)}"), versus)
    return _because(Rule.NUMBERS, "Here the Free Bet rules change the numbers", versus)


def _surrender_claim(rules: RuleSet, up: int) -> str:
    """Why surrender is best: what it gives up, and (early, before the peek) what it escapes
    (docs/rules/surrender.md)."""
    if offers.surrender_before_peek(rules, up):
        return ("Early surrender: half the bet back before the dealer looks, a blackjack "
                "included, loses less than any play of this hand")
    return ("Surrender: every play of this hand loses more than half a bet on average, and "
            "surrender gives up exactly half")


def _no_peek_note(rules: RuleSet, spot: Spot, classic: str | None) -> str:
    """Why classic strategy hits against a ten in a game without the peek, where it does so
    only for want of the peek (the same standard game with a peek would double or split)."""
    up = spot.situation.up
    if up != 10 or rules.peek.peeks_on(10) or classic != Action.HIT.value:
        return ""
    if Action(_peek_game_play(rules, spot)).family not in (Action.DOUBLE, Action.SPLIT):
        return ""
    return (" Classic strategy hits here because the dealer does not peek with a ten up: a "
            "dealer blackjack would take a paid double or split; the free one risks nothing "
            "of yours.")


@cache
def _peek_game_play(rules: RuleSet, spot: Spot) -> str:
    """The standard play of ``spot`` in the same standard game with the peek on a ten."""
    peeking = replace(rules.standard_counterpart(), peek=Peek.ACE_OR_TEN)
    evs = full_shoe_evs(peeking, spot)
    return best_of(evs)
