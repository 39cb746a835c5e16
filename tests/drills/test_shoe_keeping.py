"""A shoe in progress is kept and offered again after a restart: rounds, balance, cards seen.

As a tester met it: after a restart the shoe in progress was gone (round 19, a balance of its
own), and a new shoe began at 1000.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from trainer.drills.shoe_keeping import FILE_NAME, forget, in_progress, keep, kept, read, resume
from trainer.drills.shoe_practice import ShoePractice, ShoeSettings
from trainer.rules import Action, preset

RULES = preset("evolution")


def _play(practice: ShoePractice, rounds: int) -> None:
    """Play ``rounds`` rounds, hitting every hand of two cards once (often wrong), the bet
    changed every fifth round."""
    while len(practice.rounds) < rounds and not practice.finished:
        if len(practice.rounds) % 5 == 4:
            practice.change_bets(Fraction(10 + 5 * (len(practice.rounds) % 3)), {})
        practice.deal()
        while practice.awaiting:
            assert practice.round is not None
            legal = practice.round.legal_actions()
            two = practice.round.hand is not None and len(practice.round.hand.cards) == 2
            if Action.NO_INSURANCE in legal:
                practice.answer(Action.NO_INSURANCE)
            elif Action.HIT in legal and two:
                practice.answer(Action.HIT)
            else:
                practice.answer(Action.STAND if Action.STAND in legal else legal[0])


def test_a_shoe_kept_at_round_19_is_dealt_again_as_it_was(tmp_path: Path) -> None:
    practice = ShoePractice(RULES, ShoeSettings(), seed=11)
    _play(practice, 19)
    assert len(practice.rounds) == 19 and in_progress(practice)
    shoe = kept(practice, count="hilo")
    assert shoe is not None
    keep(tmp_path, shoe)
    again = read(tmp_path)                     # as after a restart
    assert again == shoe
    assert again.words() == (f"19 rounds played, balance {practice.balance}, "
                             f"{practice.shoe.position} cards seen")
    assert again.count == "hilo"
    seen: list[object] = []
    resumed = resume(RULES, again, on_decision=seen.append)
    assert len(resumed.rounds) == 19
    assert resumed.balance == practice.balance != Fraction(1000)
    assert resumed.shoe.dealt == practice.shoe.dealt
    assert resumed.report() == practice.report()
    assert seen == []                          # nothing is saved twice while it is replayed
    for shoe_now in (practice, resumed):       # and it goes on as it would have
        _play(shoe_now, 23)
    assert resumed.shoe.dealt == practice.shoe.dealt and len(seen) > 0
    assert [r.net for r in resumed.rounds] == [r.net for r in practice.rounds]


def test_nothing_is_kept_of_a_finished_shoe_or_one_not_begun(tmp_path: Path) -> None:
    practice = ShoePractice(RULES, ShoeSettings(bankroll=None), seed=3)
    assert kept(practice) is None and not in_progress(practice)
    _play(practice, 10_000)
    assert practice.finished and kept(practice) is None
    assert read(tmp_path) is None


def test_a_damaged_file_is_no_kept_shoe_and_is_replaced(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text('{"format": 1, "rules": "evolution"', encoding="utf-8")
    assert read(tmp_path) is None
    practice = ShoePractice(RULES, ShoeSettings(), seed=4)
    _play(practice, 2)
    shoe = kept(practice)
    assert shoe is not None
    keep(tmp_path, shoe)
    assert read(tmp_path) == shoe
    forget(tmp_path)
    assert read(tmp_path) is None and not (tmp_path / FILE_NAME).exists()


def test_a_kept_shoe_is_refused_for_other_rules(tmp_path: Path) -> None:
    practice = ShoePractice(RULES, ShoeSettings(), seed=4)
    _play(practice, 2)
    shoe = kept(practice)
    assert shoe is not None
    with pytest.raises(ValueError, match="evolution"):
        resume(preset("pot-of-gold"), shoe)


def test_a_shoe_kept_under_the_former_label_of_its_rules_goes_on() -> None:
    """A shoe kept while a rules file's answers were filed by its table identity (side bets
    included: the Pot of Gold table's) is the same rules' shoe after."""
    rules = replace(preset("pot-of-gold"), name="pot-of-gold, resplit aces", resplit_aces=True)
    practice = ShoePractice(rules, ShoeSettings(), seed=4)
    _play(practice, 2)
    shoe = kept(practice)
    assert shoe is not None
    then = replace(shoe, rules="custom-a778263939879d6d")     # the label it had, by value
    assert then.rules != shoe.rules
    assert len(resume(rules, then).rounds) == 2
    with pytest.raises(ValueError, match="a778263939879d6d"):
        resume(RULES, then)
