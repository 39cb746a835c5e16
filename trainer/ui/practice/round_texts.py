"""Texts for shoe practice: a round settled bet by bet, and the end-of-shoe report."""

from __future__ import annotations

from fractions import Fraction
from html import escape

from trainer.drills.records import GradedDecision, Verdict
from trainer.drills.shoe_practice import ShoeReport
from trainer.rules import SeatResult

from ..table.model import money_text, outcome_text, signed_money
from .feedback import explanation


def _row(what: str, detail: str, net: Fraction) -> str:
    colour = "#1e8e3e" if net > 0 else "#c5221f" if net < 0 else "#5f6368"
    return (f"<tr><td style='padding-right:10px'><b>{escape(what)}</b></td>"
            f"<td style='padding-right:10px'>{escape(detail)}</td>"
            f"<td align='right' style='color:{colour}; font-weight:700'>"
            f"{escape(signed_money(net))}</td></tr>")


def settlement_html(result: SeatResult, dealer: str, balance: Fraction | None) -> str:
    """Every bet of the round with its outcome and net, then the round's net and balance."""
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
        rows.append(_row(what, f"{cards} ({', '.join(stakes)}): {words}", hand_result.net))
    if result.insurance is not None:
        won = result.insurance > 0
        rows.append(_row("Insurance", "dealer blackjack: paid 2 to 1" if won
                         else "no dealer blackjack: lost", result.insurance))
    for side in result.side_bets:
        detail = f"{money_text(side.stake)} on it: " + (
            f"{side.category} pays {int(side.net / side.stake)} to 1" if side.net > 0
            else "no win")
        rows.append(_row(side.bet.title, detail, side.net))
    rows.append("</table>")
    after = "" if balance is None else f" · balance {money_text(balance)}"
    rows.append(f"<div style='margin-top:6px; font-weight:700'>Round net "
                f"{escape(signed_money(result.net))}{escape(after)}</div>")
    return "".join(rows)


def report_html(report: ShoeReport, bet: Fraction, errors: list[GradedDecision]) -> str:
    """The end-of-shoe report in a player's words; ``errors`` are listed when given."""
    right = report.decisions - report.errors
    share = f" ({right / report.decisions:.0%} right)" if report.decisions else ""
    luck = "ran for you" if report.luck >= 0 else "ran against you"
    parts = [
        "<h3>End of the shoe</h3>",
        f"<p>{_count(report.rounds, 'round')}, {_count(report.decisions, 'decision')}, "
        f"{_count(report.errors, 'error')}{share}.</p>",
        f"<p>Your result: <b>{escape(signed_money(report.net))}</b>. With perfect play "
        f"you could expect {report.expected:+.2f} over these rounds.</p>",
        f"<p><b>Skill</b>: your errors gave away {report.ev_lost:.3f} bets of expectation, "
        f"{report.skill_cost:.2f} at {money_text(bet)} a bet.<br>"
        f"<b>Luck</b>: the cards {luck} by {abs(report.luck):.2f}.</p>",
        "<p style='color:#666666'>Result = expected − skill cost + luck.</p>",
    ]
    if errors:
        parts.append("<p><b>Your errors</b></p><ol>")
        for d in errors:
            parts.append(f"<li>{escape(d.cards)} v {escape(d.dealer_up)}: "
                         f"{escape(explanation(d))}</li>")
        parts.append("</ol>")
    return "".join(parts)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def wrong(decisions: list[GradedDecision]) -> list[GradedDecision]:
    """The decisions graded wrong."""
    return [d for d in decisions if d.verdict is Verdict.WRONG]
