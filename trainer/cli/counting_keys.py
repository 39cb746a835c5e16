"""The counting drills in a terminal, read line by line from any text stream.

Each runner asks, reads a line, grades it and hands each record to ``on_decision`` (the command
line saves it). A count typed as text or out of range gets a plain message and the same question
again; nothing is graded. **Q** (or the end of input) quits. Cards are shown one showing at a
time with ``pause`` (seconds) between them: on a terminal each showing replaces the last, in a
pipe each is a line of its own. Time comes from the drill's injected clock, so tests run at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

from trainer.cli.flashcard_keys import action_for_key, prompt
from trainer.drills.counting.answers import CountInputError, signed
from trainer.drills.counting.index_cards import IndexFlashcards
from trainer.drills.counting.running import RunningCountDrill
from trainer.drills.counting.shoe import CountingShoe
from trainer.drills.counting.true_count import TrueCountDrill
from trainer.rules import Action
from trainer.teaching.records import GradedDecision, Verdict

Keep = Callable[[GradedDecision], None]
QUIT = "Q"


def _ask(keys: TextIO, out: TextIO, question: str) -> str | None:
    """Ask and read one line; None when the player quits (Q or end of input)."""
    out.write(question)
    out.flush()
    line = keys.readline()
    if not line or line.strip().upper() == QUIT:
        return None
    return line.strip()


def _typed(keys: TextIO, out: TextIO, question: str,
           grade: Callable[[str], GradedDecision]) -> GradedDecision | None:
    """Ask until the answer is a count ``grade`` takes; None when the player quits."""
    while True:
        line = _ask(keys, out, question)
        if line is None:
            return None
        try:
            return grade(line)
        except CountInputError as exc:
            out.write(f"   {exc}\n")


def _result(decision: GradedDecision) -> str:
    if decision.verdict is Verdict.CORRECT:
        return f"   Right: {decision.best_action} ({decision.response_ms / 1000:.1f} s)\n"
    return (f"   Wrong: it is {decision.best_action}, you gave {decision.action} "
            f"({decision.response_ms / 1000:.1f} s)\n")


def run_running(drill: RunningCountDrill, runs: int, keys: TextIO, out: TextIO, *,
                on_decision: Keep | None = None,
                pause: Callable[[float], None] = time.sleep) -> list[GradedDecision]:
    """Show ``runs`` runs of cards and grade each typed count."""
    live = out.isatty()
    for number in range(runs):
        run = drill.next()
        due = f", {run.at_once} at a time (due)" if run.scheduled else ""
        out.write(f"Run {number + 1} of {runs}: {len(run.flashes)} showings{due}\n")
        for flash in run.flashes:
            text = " ".join(map(str, flash))
            out.write(f"\r{text:40s}" if live else f"   {text}\n")
            out.flush()
            pause(drill.settings.seconds)
        if live:
            out.write("\r" + " " * 40 + "\r")
        if not _told(_typed(keys, out, "Running count? [Q]uit > ", drill.answer), out,
                     on_decision):
            break
    return drill.decisions


def _told(decision: GradedDecision | None, out: TextIO, on_decision: Keep | None) -> bool:
    """Say how an answer went and hand it on; False when the player quit instead."""
    if decision is None:
        return False
    out.write(_result(decision))
    if on_decision:
        on_decision(decision)
    return True


def run_true(drill: TrueCountDrill, questions: int, keys: TextIO, out: TextIO, *,
             on_decision: Keep | None = None) -> list[GradedDecision]:
    """Ask ``questions`` true counts."""
    for _ in range(questions):
        question = drill.next()
        if not _told(_typed(keys, out, f"{question.text()}. True count? [Q]uit > ",
                            drill.answer), out, on_decision):
            break
    return drill.decisions


#: Index-card keys: the play keys, with B / N for a side bet.
_WAGER_KEYS = {"B": "bet", "N": "no_bet"}


def run_index(cards: IndexFlashcards, count: int, keys: TextIO, out: TextIO, *,
              on_decision: Keep | None = None) -> list[GradedDecision]:
    """Ask ``count`` index cards."""
    for _ in range(count):
        card = cards.next()
        offered = [Action(a) for a in card.actions if a not in _WAGER_KEYS.values()]
        choices = (prompt(offered) if offered else "[B]et [N]o bet  [Q]uit > ")
        while True:
            line = _ask(keys, out, f"{card.question()}\n   {choices}")
            if line is None:
                return cards.decisions
            action = (_WAGER_KEYS.get(line.upper()[:1]) if not offered
                      else action_for_key(line, offered))
            if action is not None:
                break
            out.write("   Not a play here: use one of the keys shown.\n")
        name = action if isinstance(action, str) else action.value
        decision = cards.answer(name)
        out.write(f"   {card.explanation(name)}\n")
        if on_decision:
            on_decision(decision)
    return cards.decisions


def run_shoe(shoe: CountingShoe, keys: TextIO, out: TextIO, *,
             on_decision: Keep | None = None) -> list[GradedDecision]:
    """Play the shoe: a bet before each round, the decisions, the count when asked."""
    del on_decision    # the shoe hands its records to its own on_decision
    spread = shoe.counting.spread
    while not shoe.finished:
        if shoe.check_due:
            decision = _typed(keys, out, "Count check: the running count? [Q]uit > ",
                              shoe.check)
            if decision is None:
                break
            out.write(_result(decision))
            continue
        if shoe.bet_due:
            line = _ask(keys, out, f"Bet 1-{spread} units [Q]uit > ")
            if line is None:
                break
            try:
                units = int(line)
                decision = shoe.bet(units)
            except ValueError:
                out.write(f"   Type a whole number of units from 1 to {spread}.\n")
                continue
            out.write(f"   Bet {units}: the ramp bets {decision.best_action}"
                      f"{'' if decision.verdict is Verdict.CORRECT else ' here'}.\n")
            _show_round(shoe, out)
            continue
        rnd = shoe.practice.round
        assert rnd is not None
        offered = sorted(rnd.legal_actions(), key=lambda a: a.value)
        line = _ask(keys, out, f"   {prompt(offered)}")
        if line is None:
            break
        action = action_for_key(line, offered)
        if action is None:
            out.write("   Not a play here: use one of the keys shown.\n")
            continue
        decision = shoe.answer(action)
        verdict = "right" if decision.verdict is not Verdict.WRONG else (
            f"{decision.best_action.replace('_', ' ')} was best, "
            f"{decision.ev_loss:.3f} bets lost")
        out.write(f"   {verdict}\n")
        _show_round(shoe, out)
    report = shoe.practice.report()
    out.write(report.text() + "\n")
    return shoe.decisions


def _show_round(shoe: CountingShoe, out: TextIO) -> None:
    """The table as the player sees it: the dealer's visible cards and the hand in play, or
    the settled round."""
    rnd = shoe.practice.round
    if rnd is None:
        return
    dealer = " ".join(map(str, rnd.dealer_visible))
    if shoe.practice.awaiting:
        hand = " ".join(map(str, rnd.hand.cards)) if rnd.hand else ""
        out.write(f"   Dealer {dealer}; you {hand}\n")
    else:
        last = shoe.practice.rounds[-1]
        out.write(f"   Dealer {dealer}; round {last.number}: {float(last.net):+.2f}\n")


__all__ = ["run_index", "run_running", "run_shoe", "run_true", "signed"]
