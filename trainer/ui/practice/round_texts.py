"""Texts for shoe practice: a round settled bet by bet, the side bets paid at the deal, the
timer's auto-decision."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from trainer.rules import SeatResult, SideBetResult
from trainer.rules.bet_behind import BehindResult
from trainer.teaching.records import GradedDecision

from ..inks import ink
from ..table.model import money_text, outcome_text, signed_money


def _row(what: str, detail: str, net: Fraction, dark: bool) -> str:
    colour = ink("#137333" if net > 0 else "#c5221f" if net < 0 else "#5f6368", dark)
    return (f"<tr><td style='padding-right:10px'><b>{escape(what)}</b></td>"
            f"<td style='padding-right:10px'>{escape(detail)}</td>"
            f"<td align='right' style='color:{colour}; font-weight:700'>"
            f"{escape(signed_money(net))}</td></tr>")


def settlement_html(result: SeatResult, dealer: str, balance: Fraction | None,
                    dark: bool = False, behind: Sequence[BehindResult] = ()) -> str:
    """Every bet of the round with its outcome and net, the bets ``behind`` computer seats on
    their own lines, then the round's net and balance (``dark``: for a dark theme's
    window)."""
    rows = [f"<div style='margin-bottom:4px'>Dealer: {escape(dealer)}</div>", "<table>"]
    many = len(result.hands) > 1
    for number, hand_result in enumerate(result.hands, start=1):
        hand = hand_result.hand
        stakes = []
        if hand.stakes.real:
            stakes.append(f"stake {money_text(hand.stakes.real)}")
        if hand.stakes.free:
            stakes.append(f"free bet {money_text(hand.stakes.free)}")
        cards = " ".join(map(str, hand.cards))
        what = f"Hand {number}" if many else "Main bet"
        words = outcome_text(hand_result.outcome, hand_result.net)
        if hand_result.net:
            words = words.rsplit(" ", 1)[0]     # the net has its own column
        rows.append(_row(what, f"{cards} ({', '.join(stakes)}): {words}", hand_result.net, dark))
    if result.insurance is not None:
        won = result.insurance > 0
        rows.append(_row("Insurance", "dealer blackjack: paid 2 to 1" if won
                         else "no dealer blackjack: lost", result.insurance, dark))
    rows += side_rows(result.side_bets, dark)
    for bet in behind:
        parts = ", ".join(h.outcome.words for h in bet.hands)
        rows.append(_row(f"Bet Behind seat {bet.bet.seat + 1}",
                         f"{money_text(bet.staked)} on the seat's hand: {parts}", bet.net, dark))
    rows.append("</table>")
    after = "" if balance is None else f" · balance {money_text(balance)}"
    net = result.net + sum((b.net for b in behind), Fraction(0))
    rows.append(f"<div style='margin-top:6px; font-weight:700'>Round net "
                f"{escape(signed_money(net))}{escape(after)}</div>")
    return "".join(rows)


def side_rows(results: Sequence[SideBetResult], dark: bool) -> list[str]:
    """A row per side bet: its stake, what it made and when it was paid, and its net."""
    rows = []
    for side in results:
        when = " (paid at the deal)" if side.bet.spec.at_deal else ""
        detail = f"{money_text(side.stake)} on it{when}: " + (
            f"{side.category} pays {int(side.net / side.stake)} to 1" if side.net > 0
            else "no win")
        rows.append(_row(side.bet.title, detail, side.net, dark))
    return rows


def dealt_html(results: Sequence[SideBetResult], dark: bool = False) -> str:
    """The settlement box while a round is in play: the side bets the deal paid."""
    if not results:
        return "Round in play…"
    return ("<div style='margin-bottom:4px'>Round in play. Side bets, settled at the "
            "deal:</div><table>" + "".join(side_rows(results, dark)) + "</table>")


#: What the timer's auto-decision did, in words.
TIMED_OUT = {"hit": "hit (11 or less hits)", "stand": "stood (more than 11 stands)",
             "no_insurance": "no insurance"}


def timeout_words(decision: GradedDecision) -> str:
    """The auto-decision as the felt says it when it fires: "Time up: hit (11 or less hits)"."""
    return f"Time up: {TIMED_OUT.get(decision.action, decision.action.replace('_', ' '))}"


def wrong(decisions: list[GradedDecision]) -> list[GradedDecision]:
    """The decisions the table graded wrong (time-outs among them)."""
    return [d for d in decisions if not d.at_table().right]
