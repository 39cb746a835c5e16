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
    Seat,
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
    """One side bet's circle: its name, the stake on it (0: no bet), and once it is settled
    (at the deal, or at the round's end for a bet on the lammers) its result (``category``
    None: it lost) and net."""

    title: str
    stake: Fraction
    settled: bool = False
    category: str | None = None
    net: Fraction = Fraction(0)


@dataclass(frozen=True)
class BehindView:
    """The player's bet behind a computer seat, on that seat's Bet Behind spot: its stake as
    it stands (with the seat's doubles and splits it followed), and once the round is settled
    its net."""

    stake: Fraction
    settled: bool = False
    net: Fraction = Fraction(0)


@dataclass(frozen=True)
class SeatView:
    """A computer seat at its place on the felt: its number (1 is dealt first), its hands as
    the player's are shown (cards, total, outcome once settled), and the player's bet behind
    it (None: no bet)."""

    number: int
    hands: tuple[HandView, ...]
    behind: BehindView | None = None

    def unsettled(self) -> SeatView:
        """The seat as it stands while the dealer still plays: no outcome yet."""
        behind = self.behind and replace(self.behind, settled=False, net=Fraction(0))
        return replace(self, hands=tuple(replace(h, outcome_text="", outcome=None,
                                                 net=Fraction(0)) for h in self.hands),
                       behind=behind)


@dataclass(frozen=True)
class ChipView:
    """One chip of the chip display: its value, whether the balance covers it, whether it is
    the chip in hand."""

    amount: Fraction
    enabled: bool = True
    selected: bool = False


@dataclass(frozen=True)
class BettingView:
    """The betting before a round: the main bet's spot (its stake and its note, the table's
    limits), and the spot the keys place on (0 the main bet, then the side bets in order)."""

    main: Fraction
    note: str = ""
    chosen: int = 0


@dataclass(frozen=True)
class TimerView:
    """The decision timer beside the hand to play: seconds left, and their share of the
    limit."""

    seconds: float
    share: float


@dataclass(frozen=True)
class TableView:
    """Everything on the table at one moment, for the human seat.

    ``current`` is the index in ``hands`` of the hand awaiting a decision (None when no hand
    is, e.g. during insurance or once settled). ``dealer_total_text`` reads "shows 10" while
    the hole card is down and the dealer's total once it is turned. ``cards_left`` is None
    where no shoe is in play (a flashcard), and the shoe is not drawn. ``message_colour``
    (a colour name, or empty for the table's own) tints the message, e.g. by a grade's severity.
    ``side_bets`` are the circles of the side bets the game offers. ``chips`` is the chip
    display (none: not drawn); ``betting`` the bet spots while bets are placed (no hands are
    dealt then); ``timer`` the decision timer of the hand to play; ``seats`` the computer
    seats at their places, in dealing order.
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
    chips: tuple[ChipView, ...] = ()
    betting: BettingView | None = None
    timer: TimerView | None = None
    seats: tuple[SeatView, ...] = ()


#: An empty table: no cards dealt yet.
EMPTY = TableView(dealer_cards=(), hole_hidden=False, hands=(), current=None, cards_left=None,
                  cut_card_out=False, message="")


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
    words = outcome.words[0].upper() + outcome.words[1:]
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
    hands = hand_views(round.seats[seat], rules)
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
        seats=seat_views(round, seat),
    )


def seat_views(round: Round, player: int) -> tuple[SeatView, ...]:
    """Every seat of ``round`` but the player's, in dealing order, with no bet behind (the
    shoe page adds the player's)."""
    return tuple(SeatView(index + 1, hand_views(seat, round.rules))
                 for index, seat in enumerate(round.seats) if index != player)


def hand_views(seat: Seat, rules: RuleSet) -> tuple[HandView, ...]:
    """A seat's hands as shown: cards, total, stakes and, once settled, each one's result."""
    results = seat.result.hands if seat.result is not None else None
    hands = []
    for index, hand in enumerate(seat.hands):
        outcome, words, net = None, "", Fraction(0)
        if results is not None:
            result = results[index]
            outcome, words, net = (result.outcome, outcome_text(result.outcome, result.net),
                                   result.net)
        hands.append(HandView(cards=tuple(card_view(c) for c in hand.cards),
                              total_text=total_text(hand, rules), real_stake=hand.stakes.real,
                              free_stake=hand.stakes.free, lammers=hand.lammers,
                              outcome_text=words, outcome=outcome, net=net,
                              doubled=hand.doubled))
    return tuple(hands)


def side_bet_views(round: Round, seat: int, *, at_deal_only: bool = False
                   ) -> tuple[SideBetView, ...]:
    """The circles of the side bets ``round``'s rules offer, with the seat's stakes and their
    results once settled: those the deal decides from the deal on, the others once the round
    is (``at_deal_only``: those of the deal alone, as while the dealer still plays)."""
    the_seat = round.seats[seat]
    settled = {r.bet: r for r in the_seat.dealt_side_bets}
    if the_seat.result is not None and not at_deal_only:
        settled.update({r.bet: r for r in the_seat.result.side_bets})
    views = []
    for bet in offered_side_bets(round.rules):
        result = settled.get(bet)
        views.append(SideBetView(
            bet.title, the_seat.bets.side(bet), settled=result is not None,
            category=result.category if result is not None and result.net > 0 else None,
            net=result.net if result is not None else Fraction(0)))
    return tuple(views)


def dealer_frames(rnd: Round, final: TableView, seat: int = 0) -> list[TableView]:
    """The dealer's play card by card: hole card turned, then each draw, the hands' outcomes
    hidden (the side bets paid at the deal stay paid).

    The last frame is ``final`` itself (the settled round with every result)."""
    hands = tuple(replace(h, outcome_text="", outcome=None, net=Fraction(0))
                  for h in final.hands)
    sides = side_bet_views(rnd, seat, at_deal_only=True)
    frames = []
    for shown in range(2, len(rnd.dealer_cards) + 1):
        frames.append(replace(
            final, dealer_cards=final.dealer_cards[:shown], hole_hidden=False, hands=hands,
            side_bets=sides, current=None, message="Dealer plays",
            seats=tuple(s.unsettled() for s in final.seats),
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


__all__ = ["EMPTY", "HIDDEN", "BehindView", "BettingView", "CardView", "ChipView", "HandView",
           "SeatView", "SideBetView", "TableView", "TimerView", "card_view",
           "dealer_frames", "dealer_total_text", "hand_views", "money_text", "outcome_text",
           "seat_views", "side_bet_views", "signed_money", "total_text", "view_from_round"]
