"""What the felt table shows, as plain frozen values, and how to read them off a live Round.

The table widget paints a :class:`TableView` and nothing else: it never sees a ``Round``, so it
holds no game logic and can be tested with hand-made views. :func:`view_from_round` is the one
place that reads a :class:`trainer.rules.Round` for the screen. A face-down hole card is not put
in the view at all (its place holds :data:`HIDDEN`), so no screen can give it away.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from trainer.rules import (
    Card,
    DealerFinal,
    Hand,
    Outcome,
    Phase,
    Round,
    RuleSet,
    hand_total,
)
from trainer.rules.settlement import is_charlie
from trainer.rules.side_bets import offered_side_bets


@dataclass(frozen=True)
class CardView:
    """One card as printed: "10" and "♥", red for hearts and diamonds."""

    rank_text: str
    suit_symbol: str
    red: bool


#: Stand-in for the dealer's hole card while it is face down.
HIDDEN = CardView("", "", False)


@dataclass(frozen=True)
class HandView:
    """One player hand: cards, total ("soft 18"), stakes in money, lammers, and its result.

    ``real_stake`` is the player's money on the hand (shown as a chip), ``free_stake`` the
    casino's free bet (one golden lammer per free split or free double, ``lammers`` of them).
    ``outcome`` (and its words, ``outcome_text``, and the hand's ``net`` result) is empty until
    the round is settled. A ``doubled`` hand's last card is the one the double drew (it lies
    sideways on the table).
    """

    cards: tuple[CardView, ...]
    total_text: str
    real_stake: Fraction
    free_stake: Fraction
    lammers: int
    outcome_text: str = ""
    outcome: Outcome | None = None
    net: Fraction = Fraction(0)
    doubled: bool = False


@dataclass(frozen=True)
class SideBetView:
    """One side bet's circle: its name, the stake on it (0: no bet), and once the round is
    settled its result (``category`` None: it lost) and net."""

    title: str
    stake: Fraction
    settled: bool = False
    category: str | None = None
    net: Fraction = Fraction(0)


@dataclass(frozen=True)
class TableView:
    """Everything on the table at one moment, for the human seat.

    ``current`` is the index in ``hands`` of the hand awaiting a decision (None when no hand
    is, e.g. during insurance or once settled). ``dealer_total_text`` reads "shows 10" while
    the hole card is down and the dealer's total once it is turned. ``cards_left`` is None
    where no shoe is in play (a flashcard), and the shoe is not drawn. ``message_colour``
    (a colour name, or empty for the table's own) tints the message, e.g. by a grade's severity.
    ``side_bets`` are the circles of the side bets the game offers.
    """

    dealer_cards: tuple[CardView, ...]
    hole_hidden: bool
    hands: tuple[HandView, ...]
    current: int | None
    cards_left: int | None
    cut_card_out: bool
    message: str
    dealer_total_text: str = ""
    side_bets: tuple[SideBetView, ...] = ()
    message_colour: str = ""


#: An empty table: no cards dealt yet.
EMPTY = TableView(dealer_cards=(), hole_hidden=False, hands=(), current=None, cards_left=None,
                  cut_card_out=False, message="")

_OUTCOME_WORDS = {
    Outcome.BLACKJACK: "Blackjack", Outcome.CHARLIE: "Six Card Charlie", Outcome.WIN: "Win",
    Outcome.PUSH: "Push", Outcome.PUSH_22: "Push (dealer 22)", Outcome.LOSE: "Lose",
    Outcome.BUST: "Bust", Outcome.SURRENDER: "Surrender",
}


def card_view(card: Card) -> CardView:
    """How one card is printed."""
    return CardView(card.rank.symbol, card.suit.value, card.suit.is_red)


def money_text(amount: Fraction) -> str:
    """An amount as on a chip: "10", "7.50"."""
    if amount.denominator == 1:
        return str(amount.numerator)
    return f"{float(amount):.2f}"


def signed_money(amount: Fraction) -> str:
    """A net result with its sign: "+20", "−10", "0"."""
    if amount == 0:
        return "0"
    return ("+" if amount > 0 else "−") + money_text(abs(amount))


def outcome_text(outcome: Outcome, net: Fraction) -> str:
    """A settled hand in words: "Win +20", "Push (dealer 22)", "Bust (free bet)" when only
    the casino's free bet was lost."""
    words = _OUTCOME_WORDS[outcome]
    if net:
        return f"{words} {signed_money(net)}"
    if outcome in (Outcome.LOSE, Outcome.BUST):
        return f"{words} (free bet)"
    return words


def total_text(hand: Hand, rules: RuleSet) -> str:
    """A hand's running total in a player's words: "soft 18", "12", "Blackjack", "Bust (24)",
    "Charlie (19)" (a Charlie as the rules core decides it)."""
    if hand.is_blackjack:
        return "Blackjack"
    if hand.is_bust:
        return f"Bust ({hand.total})"
    if is_charlie(hand, rules):
        return f"Charlie ({hand.total})"
    return f"soft {hand.total}" if hand.is_soft else str(hand.total)


def dealer_total_text(cards: list[Card], push_22: bool) -> str:
    """The dealer's total after ``cards`` (no blackjack among them): "16", "soft 17", "22:
    pushes", "Bust (24)"."""
    total, soft = hand_total([c.points for c in cards])
    if total == 22 and push_22:
        return "22: pushes"
    if total > 21:
        return f"Bust ({total})"
    return f"soft {total}" if soft and total < 21 else str(total)


def dealer_text(round: Round) -> str:
    """The dealer's total as the player sees it: "shows A" before the hole card is turned."""
    if not round.hole_revealed:
        return f"shows {round.dealer_up.rank.symbol}"
    if DealerFinal.of([c.points for c in round.dealer_cards]).blackjack:
        return "Blackjack"
    return dealer_total_text(round.dealer_cards, round.rules.push_22)


def view_from_round(round: Round, seat: int = 0) -> TableView:
    """The table as ``seat`` (the human player) sees ``round`` now."""
    rules = round.rules
    hole_hidden = not round.hole_revealed
    dealer = tuple(card_view(c) for c in round.dealer_cards)
    if hole_hidden:
        dealer = (dealer[0], HIDDEN)
    the_seat = round.seats[seat]
    results = the_seat.result.hands if the_seat.result is not None else None
    hands = []
    for index, hand in enumerate(the_seat.hands):
        outcome, words, net = None, "", Fraction(0)
        if results is not None:
            result = results[index]
            outcome, words, net = (result.outcome, outcome_text(result.outcome, result.net),
                                   result.net)
        hands.append(HandView(
            cards=tuple(card_view(c) for c in hand.cards),
            total_text=total_text(hand, rules),
            real_stake=hand.stakes.real,
            free_stake=hand.stakes.free,
            lammers=hand.lammers,
            outcome_text=words,
            outcome=outcome,
            net=net,
            doubled=hand.doubled,
        ))
    current = None
    if round.phase is Phase.PLAYER and round.current[0] == seat:
        current = round.current[1]
    return TableView(
        dealer_cards=dealer,
        hole_hidden=hole_hidden,
        hands=tuple(hands),
        current=current,
        cards_left=round.shoe.remaining,
        cut_card_out=round.shoe.cut_card_out,
        message=_message(round, seat, len(hands), current),
        dealer_total_text=dealer_text(round),
        side_bets=side_bet_views(round, seat),
    )


def side_bet_views(round: Round, seat: int) -> tuple[SideBetView, ...]:
    """The circles of the side bets ``round``'s rules offer, with the seat's stakes and, once
    settled, their results."""
    the_seat = round.seats[seat]
    settled = {r.bet: r for r in the_seat.result.side_bets} if the_seat.result else {}
    views = []
    for bet in offered_side_bets(round.rules):
        result = settled.get(bet)
        views.append(SideBetView(
            bet.title, the_seat.bets.side(bet), settled=the_seat.result is not None,
            category=result.category if result is not None and result.net > 0 else None,
            net=result.net if result is not None else Fraction(0)))
    return tuple(views)


def dealer_frames(rnd: Round, final: TableView) -> list[TableView]:
    """The dealer's play card by card: hole card turned, then each draw, outcomes hidden.

    The last frame is ``final`` itself (the settled round with every result)."""
    hands = tuple(replace(h, outcome_text="", outcome=None, net=Fraction(0))
                  for h in final.hands)
    sides = tuple(replace(s, settled=False, category=None, net=Fraction(0))
                  for s in final.side_bets)
    frames = []
    for shown in range(2, len(rnd.dealer_cards) + 1):
        frames.append(replace(
            final, dealer_cards=final.dealer_cards[:shown], hole_hidden=False, hands=hands,
            side_bets=sides, current=None, message="Dealer plays",
            dealer_total_text=dealer_total_text(rnd.dealer_cards[:shown], rnd.rules.push_22)))
    frames.append(final)
    return frames


def _message(round: Round, seat: int, hand_count: int, current: int | None) -> str:
    """One line for the middle of the table: what is awaited, or how the round ended."""
    if round.phase is Phase.INSURANCE:
        return "Insurance?"
    if round.phase is Phase.SETTLED:
        result = round.seats[seat].result
        net = result.net if result is not None else Fraction(0)
        if net > 0:
            return f"You win {money_text(net)}"
        if net < 0:
            return f"You lose {money_text(-net)}"
        return "Push: your money back"
    if current is None:
        return "Another seat is playing"
    if hand_count > 1:
        return f"Hand {current + 1} of {hand_count}: your move"
    return "Your move"


__all__ = ["EMPTY", "HIDDEN", "CardView", "HandView", "SideBetView", "TableView", "card_view",
           "dealer_frames", "dealer_total_text", "money_text", "outcome_text",
           "side_bet_views", "signed_money", "total_text", "view_from_round"]
